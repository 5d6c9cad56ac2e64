#!/bin/bash
# Off a terminal: plain lines, one per event, no carriage return, in the
# order printed (stdout line-buffered, so "results:" on stderr comes after
# the summary on stdout); SIGUSR1 prints the status once on stderr.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'
"$exe" sweep "$T" --op 0,20 --round 250ms --max-rounds 6 --out sw 2>&1 | cat >both.txt
python3 - <<'PY' || fail "sweep through a pipe: $(cat both.txt)"
out = open('both.txt', 'rb').read()
assert b'\r' not in out and b'\x1b' not in out, 'a carriage return or an escape in a pipe'
lines = out.decode().splitlines()
def at(s):
    return next(i for i, l in enumerate(lines) if s in l)
for op in ('op  0.00%', 'op 20.00%'):
    assert at(op + '  purge:') < at(op + '  fill:') < at(op + '  round  1'), 'phases out of order'
assert at('op 0.00%: steady') < at('op 20.00%: purge'), 'points out of order'
assert at('recommended OP') < at('results: sw/result.json'), '"results:" before the summary'
assert lines[-1].startswith('results:'), 'the last line is not "results:"'
PY

"$exe" slc 'sim:budget-qlc,capacity=1G' --idle 1s --out slc 2>&1 | cat >slc.txt
grep -q '^probe: ' slc.txt || fail "slc printed no line for its probe: $(cat slc.txt)"
grep -q '^recovery: ' slc.txt || fail "slc printed no line for its recovery: $(cat slc.txt)"
[ "$(tail -1 slc.txt | cut -c1-8)" = "results:" ] || fail "slc: results: is not last: $(cat slc.txt)"

# SIGUSR1: the status once, as a line of its own on stderr, and the run goes on.
# A drive large enough that the sweep is still running (seconds of wall time) when the signal comes,
# sent as soon as the sweep has printed its first line: a fixed sleep raced a fast machine.
"$exe" sweep 'sim:dc-tlc,capacity=16G' --op 0 --round 500ms --max-rounds 8 --out u >u.out 2>u.err &
pid=$!
for _ in $(seq 100); do [ -s u.out ] && break; sleep 0.1; done
[ -s u.out ] || fail "sweep printed nothing within 10 s: $(cat u.err)"
kill -USR1 $pid || fail "sweep ended before SIGUSR1 could reach it"
wait $pid || fail "sweep exited $? after SIGUSR1: $(cat u.err)"
grep -q 'ETA' u.err || fail "SIGUSR1 printed no status: $(cat u.err)"
grep -q '^sweep ' u.err || fail "the status line does not start with the command: $(cat u.err)"
! grep -q $'\r' u.err || fail "a carriage return off a terminal"
grep -q 'results: u/result.json' u.err || fail "sweep did not finish after SIGUSR1"
echo ok
