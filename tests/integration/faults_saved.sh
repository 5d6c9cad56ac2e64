#!/bin/bash
# A command that fails or is interrupted part-way keeps what it measured
# (SSDPROF_FAULT, device/fault_target.h): run saves its intervals so far,
# precondition its finished rounds, slc its phases so far, each with the
# one line it failed with as "error" (naming the LBA and the status) and
# exit 1, or marked "interrupted" with exit 130.  On the simulator what was
# saved is exactly what an unfaulted command measures up to that point.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

SIM='sim:dc-tlc,capacity=1G'
BOUND_MS=15000

# failed DIR KEY...: exit 1, one stderr line with every KEY, saying where the result is, which holds
# that line as its error and is not marked interrupted; report reads it.
failed() {
	local dir=$1
	shift
	[ "$rc" -eq 1 ] || fail "$dir: exit $rc, want 1: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "$dir: want one stderr line: $(cat "$work/stderr")"
	for k in "(LBA " "Input/output error" " in $dir/result.json" "$@"; do
		grep -qF -- "$k" "$work/stderr" || fail "$dir: stderr lacks '$k': $(cat "$work/stderr")"
	done
	python3 - "$dir/result.json" "$work/stderr" <<'PY' || fail "$dir: the error saved"
import json, sys
d = json.load(open(sys.argv[1]))
assert open(sys.argv[2]).read().startswith('ssdprof: ' + d['error'] + '; '), d.get('error')
assert 'interrupted' not in d
PY
	"$exe" report "$dir/result.json" --out "$dir/report" >/dev/null || fail "$dir: report refuses the saved result"
	partial_page "$dir/report" "failed: $(json_get "$dir/result.json" error)"
}

# --- run: a --qd list whose second step meets an I/O error keeps the first step whole and the
# second's intervals up to the error.
# (--no-precondition: the fault counts the steps' I/Os, not the rounds to steady state before them)
run_cmd run "$SIM" --qd 8,32 --time 3s --no-precondition --quiet --out run_whole
[ "$rc" -eq 0 ] || fail "unfaulted run: exit $rc: $(cat "$work/stderr")"
io=$(python3 -c "import json; s = json.load(open('run_whole/result.json'))['series']; print(s[0]['ios'] + s[1]['ios'] * 2 // 3)")
SSDPROF_FAULT="eio:io=$io" run_cmd run "$SIM" --qd 8,32 --time 3s --no-precondition --quiet --out run_eio
failed run_eio "run failed at qd 32: $SIM: write error at byte offset" "what was measured is in"
python3 - run_whole/result.json run_eio/result.json <<'PY' || fail "the failed run's saved series"
import json, sys
a, b = (json.load(open(f))['series'] for f in sys.argv[1:3])
assert len(b) == 2 and b[0] == a[0], 'the finished step differs'
# The cut step: the intervals before the error, as the unfaulted run measured them.
n = len(b[1]['timeseries'])
assert n >= 1 and b[1]['timeseries'] == a[1]['timeseries'][:n], (n, len(a[1]['timeseries']))
assert 0 < b[1]['ios'] < a[1]['ios'] and b[1]['iops'] > 0 and b[1]['stopped_early'] is False
PY

# A group whose member vanishes in the second step: each series keeps its members' figures.
B='sim:dc-tlc,capacity=1G'
SSDPROF_FAULT='vanish:io=600000,member=1' run_cmd run --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" \
	--rw randwrite --qd 4,32 --time 2s --no-precondition --quiet --out run_raid
[ "$rc" -eq 1 ] && grep -qF "No such device; what was measured is in run_raid/result.json" "$work/stderr" ||
	fail "vanished member: exit $rc: $(cat "$work/stderr")"
json_check run_raid/result.json "'No such device' in d['error'] and len(d['series']) == 2 and \
all(len(s['members']) == 3 for s in d['series']) and d['series'][0]['iops'] > 0"

# An interrupted run is marked so, beside its series' stopped_early.
truncate -s 64M f.img
"$exe" run f.img --time 60s --quiet --out run_int 2>"$work/stderr" &
pid=$!
sleep 2
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" -eq 130 ] || fail "interrupted run: exit $rc: $(cat "$work/stderr")"
json_check run_int/result.json "d['interrupted'] is True and 'error' not in d and d['series'][0]['stopped_early'] \
and d['series'][0]['iops'] > 0"
"$exe" report run_int/result.json --out run_int/report 2>/dev/null || fail "report refuses the interrupted run"
partial_page run_int/report "The run was interrupted before it finished." "Its last series (QD 32) was cut short"

# --- precondition: an I/O error in the fourth round keeps the fill and three rounds, as measured unfaulted.
PC='--round 500ms --max-rounds 8 --quiet'
run_cmd precondition "$SIM" $PC --out pc_whole
[ "$rc" -eq 0 ] || fail "unfaulted precondition: exit $rc: $(cat "$work/stderr")"
# The fill is 8192 writes of 128k; a round does iops x 0.5 s.
io=$(python3 -c "
import json
ts = json.load(open('pc_whole/result.json'))['precondition']['timeseries']
print(8192 + sum(round(r['iops'] * 0.5) for r in ts[:3]) + round(ts[3]['iops'] * 0.25))")
SSDPROF_FAULT="eio:io=$io" run_cmd precondition "$SIM" $PC --out pc_eio
failed pc_eio "$SIM: write error at byte offset" "3 finished round(s) in pc_eio/result.json"
python3 - pc_whole/result.json pc_eio/result.json <<'PY' || fail "the failed precondition's saved rounds"
import json, sys
a, b = (json.load(open(f))['precondition'] for f in sys.argv[1:3])
assert b['fill'] == a['fill'] and b['timeseries'] == a['timeseries'][:3], 'the finished rounds differ'
assert b['steady_state']['stop_reason'] == 'error' and b['steady_state']['rounds'] == 3
# Summarised over what it has: the mean of its three rounds, never 0 or null.
mean = sum(r['iops'] for r in b['timeseries']) / 3
assert abs(b['iops'] - mean) <= 0.1, (b['iops'], mean)
assert b['lat_us']['p99'] > 0 and b['waf'] > 0
PY
# A fault in the fill: no round finished, the fill so far is saved, the figures are null.
SSDPROF_FAULT='eio:io=4000' run_cmd precondition "$SIM" $PC --out pc_fill
failed pc_fill "0 finished round(s)"
partial_page pc_fill/report "No round finished: only the fill so far is shown"
json_check pc_fill/result.json "d['precondition']['timeseries'] == [] and d['precondition']['iops'] is None \
and 0 < d['precondition']['fill']['bytes'] < 1 << 30"

# --- slc: an I/O error after the cliff keeps the phases so far; the cache is where the whole probe puts it.
SLC='sim:budget-tlc,capacity=4G'
run_cmd slc "$SLC" --quiet --out slc_whole
[ "$rc" -eq 0 ] || fail "unfaulted slc: exit $rc: $(cat "$work/stderr")"
SSDPROF_FAULT='eio:io=20000' run_cmd slc "$SLC" --quiet --out slc_eio
failed slc_eio "$SLC: write error at byte offset" "what was measured is in"
python3 - slc_whole/result.json slc_eio/result.json <<'PY' || fail "the failed probe's saved phases"
import json, sys
a, b = (json.load(open(f))['slc'] for f in sys.argv[1:3])
n = len(b['samples'])
assert 0 < n < len(a['samples']) and b['samples'] == a['samples'][:n]
assert b['cliff'] and b['cache_bytes'] == a['cache_bytes'] and b['phases'][0] == a['phases'][0]
assert b['phases'][-1]['to_bytes'] <= b['samples'][-1]['written_bytes']
PY
# Before the cliff: the phases so far, and no cache figure claimed.
SSDPROF_FAULT='eio:io=5000' run_cmd slc "$SLC" --quiet --out slc_early
failed slc_early
partial_page slc_early/report "so its size is not known"
json_check slc_early/result.json "d['slc']['cache_bytes'] is None and not d['slc']['cliff'] and \
len(d['slc']['phases']) == 1 and d['slc']['summary'].startswith('stopped after')"

# SIGINT stops a probe at the next batch and saves the phases so far, marked interrupted.
"$exe" slc sim:budget-tlc,capacity=64G --quiet --out slc_int >/dev/null 2>"$work/stderr" &
pid=$!
sleep 2
t0=$(date +%s%N)
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$rc" -eq 130 ] || fail "interrupted slc: exit $rc: $(cat "$work/stderr")"
[ "$ms" -lt "$BOUND_MS" ] || fail "slc took $ms ms to stop after SIGINT"
grep -qF "interrupted; what was measured is in slc_int/result.json" "$work/stderr" ||
	fail "interrupted slc: $(cat "$work/stderr")"
json_check slc_int/result.json "d['interrupted'] is True and 'error' not in d and \
0 < len(d['slc']['samples']) < 200 and d['slc']['phases']"
"$exe" report slc_int/result.json --out slc_int/report >/dev/null || fail "report refuses the interrupted probe"
partial_page slc_int/report "The SLC probe was interrupted before it finished." "The phases so far are shown"
echo "faults_saved: ok"
