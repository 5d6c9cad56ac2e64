#!/bin/bash
# On a terminal (a pseudo-terminal here), sweep and slc show one status line
# redrawn in place with an ETA, and leave the terminal clean: the last status
# drawn is erased, nothing of it follows.  TERM=dumb gets plain lines with no
# carriage return; NO_COLOR gets no colour.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

check_clean() {
	# check_clean WHAT: tty.out shows status lines with an ETA and ends clean.
	python3 - "$1" <<'PY' || fail "$1: $(python3 -c "import sys; print(repr(open('tty.out','rb').read()[-600:]))")"
import re, sys
out = open('tty.out', 'rb').read()
erase = b'\r\x1b[K'
parts = out.split(erase)
# A draw: an erase followed by status text and no newline before the next erase.
draws = [p for p in parts[1:] if p and b'\n' not in p]
assert draws, 'no status line drawn'
assert any(re.search(rb'ETA \d+[smhd]', p) for p in draws), 'no status line with an ETA'
for p in draws:
    text = re.sub(rb'\x1b\[[0-9;]*m', b'', p)
    assert len(text.decode()) <= 79, 'status line wider than the terminal: %r' % text
# After the last erase: only whole lines (or nothing), no status text left on the screen.
tail = parts[-1]
assert b'ETA' not in tail, 'a status line is left after the end: %r' % tail
assert tail == b'' or tail.endswith(b'\n'), 'the output does not end with a whole line: %r' % tail
assert out.endswith(b'\n'), 'the terminal is left mid-line'
PY
}

T='sim:dc-tlc,capacity=1G'
python3 "$pty_run" "" "$exe" sweep "$T" --op 0,20 --round 250ms --max-rounds 6 --out sw ||
	fail "sweep on a terminal exited $?"
check_clean sweep
grep -qa 'point 1/2' tty.out || fail "sweep's status line does not say the point"
grep -qa $'\x1b\[1m' tty.out || fail "no colour without NO_COLOR"
grep -qa 'results: sw/result.json' tty.out || fail "sweep did not finish"

python3 "$pty_run" "NO_COLOR=1" "$exe" slc 'sim:budget-qlc,capacity=1G' --idle 1s --out slc || fail "slc exited $?"
check_clean slc
grep -qa 'probe' tty.out || fail "slc's status line does not name the probe"
! grep -qa $'\x1b\[1m' tty.out || fail "colour with NO_COLOR set"

# TERM=dumb: no redraws, plain lines.
python3 "$pty_run" "TERM=dumb" "$exe" sweep "$T" --op 20 --round 250ms --max-rounds 6 --out dumb ||
	fail "sweep with TERM=dumb exited $?"
python3 - <<'PY' || fail "TERM=dumb redrew a line: $(head -c 400 tty.out | od -c | head)"
out = open('tty.out', 'rb').read()
# The terminal turns each newline into \r\n; any other \r is a redraw.
assert b'\x1b[K' not in out and b'\r' not in out.replace(b'\r\n', b'')
assert b'round  1' in out
PY

# --quiet: no status line.
python3 "$pty_run" "" "$exe" sweep "$T" --op 20 --round 250ms --max-rounds 6 --out q --quiet || fail "--quiet exited $?"
! grep -qa $'\x1b\[K' tty.out || fail "--quiet drew a status line"
echo ok
