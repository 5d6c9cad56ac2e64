#!/bin/bash
# SIGINT stops a precondition and a sweep at the next I/O batch, not at the
# end of a 30 s round: exit 130 within seconds, the results so far saved
# (the cut round with what it measured, never zeros; a sweep's cut point
# apart as incomplete_point), marked interrupted, and the sweep resumes.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

truncate -s 64M f.img
# Generous: the promise is about a second, but test machines are noisy.
BOUND_MS=15000

# interrupt_after SECONDS NAME ARGS...: start ssdprof ARGS, SIGINT it after SECONDS (with EVENTS
# set to an --events file: SECONDS after the rounds began, as a purge may take long); rc and ms
# (from the signal to the exit) are set.
interrupt_after() {
	local delay=$1 name=$2 pid t0 t1
	shift 2
	"$exe" "$@" >"$work/$name.out" 2>"$work/$name.err" &
	pid=$!
	if [ -n "${EVENTS-}" ]; then
		for _ in $(seq 1 600); do
			grep -q '"event":"phase-start".*"phase":"rounds"' "$EVENTS" 2>/dev/null && break
			sleep 0.1
		done
	fi
	sleep "$delay"
	t0=$(date +%s%N)
	kill -INT "$pid"
	set +e
	wait "$pid"
	rc=$?
	set -e
	t1=$(date +%s%N)
	ms=$(((t1 - t0) / 1000000))
}

interrupt_after 3 pc precondition f.img --round 30s --fill-passes 0 --out pc
[ "$rc" = 130 ] || fail "interrupted precondition exited $rc, not 130: $(cat "$work/pc.err")"
[ "$ms" -lt "$BOUND_MS" ] || fail "precondition took $ms ms to stop after SIGINT"
python3 - pc/result.json <<'PY' || fail "the interrupted precondition's result"
import json, sys
p = json.load(open(sys.argv[1]))['precondition']
assert p['steady_state']['stop_reason'] == 'interrupted'
# The cut round is kept with its rate over the time it ran: neither dropped nor zero.
assert len(p['timeseries']) == 1, p['timeseries']
r = p['timeseries'][0]
assert r['iops'] > 0 and 0 < r['t_s'] < 29, r
assert r['lat_us']['p50'] is None or r['lat_us']['p50'] > 0, r
# The summary is what the rounds measured, or null: never 0.
for v in (p['iops'], p['mbps'], p['lat_us']['mean'], p['lat_us']['max']):
    assert v is None or v > 0, p
assert p['iops'] == r['iops'], (p['iops'], r['iops'])
assert json.load(open(sys.argv[1]))['interrupted'] is True
PY

EVENTS=$work/sw.events interrupt_after 2 sw sweep f.img --op 0,10 --round 30s --out sw --events "$work/sw.events"
[ "$rc" = 130 ] || fail "interrupted sweep exited $rc, not 130: $(cat "$work/sw.err")"
[ "$ms" -lt "$BOUND_MS" ] || fail "sweep took $ms ms to stop after SIGINT: $(cat "$work/sw.out" "$work/sw.err")"
grep -q -- "--resume sw" "$work/sw.err" || fail "the interrupted sweep does not say how to resume"
python3 - sw/result.json <<'PY' || fail "the interrupted sweep's result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['complete'] is False
# A point is saved only once measured; none here holds zeros.
for p in d['points']:
    assert p['iops'] is None or p['iops'] > 0, p
# The cut point is kept apart, never among the points or in the knee: its cut round as measured.
assert d['interrupted'] is True and 'error' not in d
c = d['incomplete_point']
assert c['incomplete'] is True and c['op_percent'] == 0 and not d['points'], c
assert c['steady_state']['stop_reason'] == 'interrupted' and len(c['timeseries']) == 1, c['steady_state']
assert c['timeseries'][0]['iops'] > 0 and c['iops'] == c['timeseries'][0]['iops'], c
PY
cp sw/result.json "$work/before.json"

# --resume picks the sweep up where it stopped (the first point again), and stops the same way.
interrupt_after 3 re sweep f.img --resume sw
[ "$rc" = 130 ] || fail "interrupted resume exited $rc, not 130: $(cat "$work/re.err")"
[ "$ms" -lt "$BOUND_MS" ] || fail "the resumed sweep took $ms ms to stop after SIGINT"
grep -q "op 0.00%: purge" "$work/re.out" || fail "the resumed sweep did not go on with the first point: $(cat "$work/re.out")"
python3 - "$work/before.json" sw/result.json <<'PY' || fail "the resumed sweep changed what was saved"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert b['complete'] is False
for k in ('settings', 'target', 'points'):
    assert a[k] == b[k], k
assert b['interrupted'] is True
PY
echo "interrupt: ok (the last stop took $ms ms)"
