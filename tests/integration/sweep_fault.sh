#!/bin/bash
# A sweep that meets an I/O error or a vanishing drive in its second point
# exits 1 with one line naming the target, the LBA, the status and where
# the finished points are; its result.json is complete JSON holding every
# finished point as an uninterrupted sweep measures it, that line as its
# error, and the cut point's finished rounds apart as incomplete_point;
# --resume (the fault gone) measures the cut point again and completes the
# sweep to exactly the uninterrupted one.  A save that fails loses nothing
# saved before.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'
# --precondition full: the I/O counts below are the full method's (purge, fill,
# rounds); under the default (auto) the fault would land in the second
# point's constructed write, before any round.
ARGS='--op 0,10,20,30 --round 500ms --max-rounds 5 --quiet --precondition full'
# The first point takes about 410,000 I/Os (fill and 5 rounds), the second about 640,000 more.
IO_IN_POINT2=700000

"$exe" sweep "$T" $ARGS --out whole 2>/dev/null || fail "uninterrupted sweep failed"

# faulted_sweep FAULT DIR KEY...: the sweep fails in its second point as described above.
faulted_sweep() {
	local fault=$1 dir=$2
	shift 2
	SSDPROF_FAULT=$fault run_cmd sweep "$T" $ARGS --out "$dir"
	[ "$rc" = 1 ] || fail "$fault: sweep exited $rc, not 1: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "$fault: want one stderr line: $(cat "$work/stderr")"
	for k in "sweep at 10.00% OP: $T: write error at byte offset" "(LBA " "1 finished point(s) in $dir/result.json" \
		"--resume $dir" "$@"; do
		grep -qF -- "$k" "$work/stderr" || fail "$fault: stderr lacks '$k': $(cat "$work/stderr")"
	done
	python3 - whole/result.json "$dir/result.json" <<'PY' || fail "$fault: the saved points differ from the uninterrupted sweep's"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert b['complete'] is False and len(b['points']) == 1
assert b['points'] == a['points'][:1] and b['settings'] == a['settings'] and b['target'] == a['target']
# The cut point: its fill and finished rounds as the uninterrupted sweep measured them, kept apart.
c, w = b['incomplete_point'], a['points'][1]
n = len(c['timeseries'])
assert c['incomplete'] is True and c['op_percent'] == 10 and c['steady_state']['stop_reason'] == 'error', c
assert c['fill'] == w['fill'] and 1 <= n < len(w['timeseries']) and c['timeseries'] == w['timeseries'][:n], n
assert 'interrupted' not in b
PY
	python3 - "$dir/result.json" "$work/stderr" <<'PY' || fail "$fault: the error saved is not the line printed"
import json, sys
d = json.load(open(sys.argv[1]))
assert open(sys.argv[2]).read().startswith('ssdprof: ' + d['error'] + '; '), d['error']
PY
	"$exe" report "$dir/result.json" -o "$dir-page.html" 2>/dev/null || fail "$fault: report refuses the saved sweep"
	partial_page "$dir-page.html" "The sweep failed: $(json_get "$dir/result.json" error)" \
		"Only its 1 finished OP point(s) are shown" "The point at 10% OP was cut short after"
}

faulted_sweep "eio:io=$IO_IN_POINT2" eio "Input/output error"
faulted_sweep "vanish:io=$IO_IN_POINT2" gone "No such device"

# The fault gone, the sweep resumes and ends as the uninterrupted one.
run_cmd sweep "$T" --resume eio --quiet
[ "$rc" = 0 ] || fail "resume exited $rc: $(cat "$work/stderr")"
python3 - whole/result.json eio/result.json <<'PY' || fail "the resumed sweep differs from the uninterrupted one"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a['complete'] and b['complete']
for k in ('points', 'knee', 'settings', 'target'):
    assert a[k] == b[k], k
assert not {'incomplete_point', 'error', 'interrupted'} & set(b), 'the resumed sweep kept the cut marks'
PY

# A resume that meets the fault again fails the same way and keeps what it had.
SSDPROF_FAULT="eio:io=1000" run_cmd sweep "$T" --resume gone --quiet
[ "$rc" = 1 ] && grep -qF "1 finished point(s) in gone/result.json" "$work/stderr" ||
	fail "faulted resume: exit $rc: $(cat "$work/stderr")"
json_check gone/result.json "d['complete'] is False and len(d['points']) == 1"

# A resume whose save fails leaves the saved sweep as it was and no temporary behind.  The save
# writes a temporary of its own, so the failure is the rename over an immutable result.json
# (chattr +i: even root cannot replace it), which the folder's probe does not meet.
cp gone/result.json "$work/gone.json"
mkdir gone/result.json.tmp   # another command's temporary under the old fixed name is no obstacle
before=$(ls -A gone | tr '\n' ' ')   # the sweep's own CSVs too: it writes them beside each save
if chattr +i gone/result.json 2>/dev/null; then
	trap 'chattr -i "$work/gone/result.json" 2>/dev/null; rm -rf "$work"' EXIT
	SSDPROF_FAULT="eio:io=1000" run_cmd sweep "$T" --resume gone --quiet
	chattr -i gone/result.json
	[ "$rc" = 1 ] && grep -qF "saving the finished points: cannot rename" "$work/stderr" ||
		fail "resume with a failing save: exit $rc: $(cat "$work/stderr")"
	cmp -s gone/result.json "$work/gone.json" || fail "a failed save changed the saved sweep"
	[ "$(ls -A gone | tr '\n' ' ')" = "$before" ] || fail "a failed save left: $(ls -A gone) (before: $before)"
else
	echo "sweep_fault: chattr +i does not work here; the failing save is not tried"
fi
echo "sweep_fault: ok"
