#!/bin/bash
# run shows its progress as the other commands do (cli/progress.c): on a
# terminal a status line with the step and an ETA that ends clean; off one
# its own lines, no carriage return, "results:" last; --events JSON lines
# with a point per step, fraction rising to 1 and eta_s falling to 0; the
# SIGUSR1 status; a --dry-run estimate.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:budget-tlc,capacity=1G'
# The steps' progress, without the rounds to steady state a simulated write curve first runs
# (--no-precondition; run_steps.sh tests those).
python3 "$pty_run" "TERM=xterm,-NO_COLOR" "$exe" run "$T" --qd 1,8 --time 4s --no-precondition --out tty ||
	fail "run on a terminal exited $?"
python3 - <<'PY' || fail "run's status line: $(python3 -c "print(repr(open('tty.out','rb').read()[-600:]))")"
import re
out = open('tty.out', 'rb').read()
parts = out.split(b'\r\x1b[K')
draws = [p for p in parts[1:] if p and b'\n' not in p]
assert draws, 'no status line drawn'
assert any(re.search(rb'ETA \d+[smhd]', p) for p in draws), 'no ETA'
assert any(p.startswith(b'\x1b[1mrun ') for p in draws), 'the status line does not start with the command'
assert any(b'step 1/2' in p for p in draws) and any(b'step 2/2' in p for p in draws), 'no step i/n'
assert any(b'virt' in p and b'wall' in p for p in draws), 'no virtual and wall time on a simulated drive'
for p in draws:
    assert len(re.sub(rb'\x1b\[[0-9;]*m', b'', p).decode()) <= 79, 'wider than the terminal'
tail = parts[-1]
assert b'ETA' not in tail and out.endswith(b'\n'), 'not clean at the end: %r' % tail
assert b'results: tty/result.json' in out
PY

# Off a terminal: the run's own lines, no carriage return or escape, the curve, then "results:".
"$exe" run "$T" --qd 1,8 --time 3s --no-precondition --out pipe 2>&1 | cat >pipe.txt
python3 - <<'PY' || fail "run through a pipe: $(cat pipe.txt)"
out = open('pipe.txt', 'rb').read()
assert b'\r' not in out and b'\x1b' not in out
lines = out.decode().splitlines()
first = next(i for i, l in enumerate(lines) if l.startswith('qd=1  t='))
second = next(i for i, l in enumerate(lines) if l.startswith('qd=8  t='))
summary = next(i for i, l in enumerate(lines) if l.startswith('run qd=1:'))
assert first < summary < second, 'lines out of order'
assert lines[-1] == 'results: pipe/result.json', lines[-1]
PY

# --events: a point per step, the fields of the contract, in order.
run_cmd run "$T" --qd 1,4,8 --time 3s --no-precondition --out ev --events ev.jsonl
[ "$rc" = 0 ] || fail "run --events exited $rc: $(cat "$work/stderr")"
grep -q 'qd=1  t=' "$work/stdout" || fail "--events FILE took run's lines off stdout"
python3 - <<'PY' || fail "run's events: $(tail -3 ev.jsonl)"
import json
evs = [json.loads(l) for l in open('ev.jsonl')]
for e in evs:
    for k in ('t', 'virtual_s', 'command', 'target', 'phase', 'point', 'points', 'round', 'fraction', 'eta_s'):
        assert k in e, (k, e)
    assert e['command'] == 'run' and e['t'] is None and e['points'] == 3
assert evs[0]['event'] == 'start' and evs[-1]['event'] == 'end'
fr = [e['fraction'] for e in evs]
assert all(a <= b for a, b in zip(fr, fr[1:])) and fr[-1] == 1 and max(fr[:-1]) < 1, fr
etas = [e['eta_s'] for e in evs if e['eta_s'] is not None]
assert etas[0] == 9 and etas[-1] == 0, etas
assert all(a >= b for a, b in zip(etas, etas[1:])), 'eta_s rises: %r' % etas
steps = [e for e in evs if e['event'] == 'step']
assert [s['qd'] for s in steps] == [1, 4, 8] and [s['point'] for s in steps] == [1, 2, 3]
assert all(s['iops'] > 0 and s['lat_us']['p99'] > 0 for s in steps)
order = [(e['event'], e['point']) for e in evs if e['event'] in ('phase-start', 'phase-end')]
assert order == [('phase-start', 1), ('phase-end', 1), ('phase-start', 2), ('phase-end', 2),
                 ('phase-start', 3), ('phase-end', 3)], order
assert all(e['phase'] == 'run' for e in evs if e['event'] == 'phase-start')
PY

# A file: t is the Unix time; --bytes steps; --events - leaves stdout to the events.
truncate -s 64M f.img
run_cmd run f.img --qd 1,4 --bytes 8M --out fe --events -
[ "$rc" = 0 ] || fail "run on a file exited $rc: $(cat "$work/stderr")"
python3 -c "
import json, time
e = [json.loads(l) for l in open('$work/stdout')]
assert all(abs(x['t'] - time.time()) < 600 for x in e), 't is not the time'
assert e[-1]['event'] == 'end' and e[-1]['fraction'] == 1
" || fail "run --events - on a file: $(head -c 600 "$work/stdout")"

# SIGUSR1: the status once on stderr, and the run goes on.
# Its default action kills, so it is sent only after the "start" event (the
# handler is in place by then), and again until the status shows: a sim run
# may be quick on an idle machine.
"$exe" run "$T" --time 60s --out u --events u.ev >u.out 2>u.err &
pid=$!
for _ in $(seq 1 600); do grep -q '"start"' u.ev 2>/dev/null && break; sleep 0.05; done
sent=0
for _ in $(seq 1 600); do
	grep -q '^run .*ETA' u.err && break
	kill -USR1 $pid 2>/dev/null || break
	sent=1
	sleep 0.1
done
wait $pid || fail "run exited $? after SIGUSR1: $(cat u.err)"
[ "$sent" = 1 ] || fail "the run ended before SIGUSR1 could be sent; lengthen its --time"
grep -q '^run .*ETA' u.err || fail "SIGUSR1 printed no status: $(cat u.err)"
grep -q 'results: u/result.json' u.err || fail "run did not finish after SIGUSR1"

# --quiet: nothing on stdout, no status line on a terminal.
python3 "$pty_run" "TERM=xterm,-NO_COLOR" "$exe" run "$T" --time 2s --out q --quiet || fail "--quiet exited $?"
! grep -qa $'\x1b\[K' tty.out || fail "--quiet drew a status line"

# --dry-run says how long.
run_cmd run "$T" --qd 1,8 --time 30s --dry-run
grep -q '^estimate: run of 2 step(s) of 30 s: 60 s of drive time' "$work/stdout" ||
	fail "run --dry-run estimate: $(cat "$work/stdout")"
echo ok
