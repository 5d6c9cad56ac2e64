#!/bin/bash
# An interrupted sweep keeps its finished points, exits 130, and --resume
# completes it to exactly what an uninterrupted sweep measures (same seed).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'
ARGS='--op 0,5,10,20,30 --round 1s --max-rounds 8 --quiet'

"$exe" sweep "$T" $ARGS --out whole 2>/dev/null || fail "uninterrupted sweep failed"

points() {
	python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['points']))" "$1" 2>/dev/null || echo 0
}

"$exe" sweep "$T" $ARGS --out part 2>"$work/part.err" &
pid=$!
# Interrupt once two points are saved.
for _ in $(seq 1 3000); do
	[ "$(points part/result.json)" -ge 2 ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.02
done
kill -INT "$pid" 2>/dev/null || true
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 130 ] || fail "interrupted sweep exited $rc, not 130: $(cat "$work/part.err")"
grep -q -- "--resume part" "$work/part.err" || fail "the interrupted sweep does not say how to resume"
n=$(points part/result.json)
[ "$n" -ge 2 ] && [ "$n" -lt 5 ] || fail "interrupted sweep saved $n points"
json_check part/result.json "d['complete'] is False"

run_cmd sweep "$T" --resume part --quiet
[ "$rc" = 0 ] || fail "resume exited $rc: $(cat "$work/stderr")"
python3 - whole/result.json part/result.json <<'PY' || fail "the resumed sweep differs from the uninterrupted one"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a['complete'] and b['complete']
for k in ('points', 'knee', 'settings', 'target'):
    assert a[k] == b[k], k
PY
echo "sweep_resume: ok"
