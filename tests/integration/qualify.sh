#!/bin/bash
# ssdprof qualify on simulated drives: bad input refused before anything is
# written; a requirement one preset meets and another misses gives exit 4
# and the right verdicts and margins; the life grows with OP; drives run in
# parallel give exactly the results they give one after another; a drive
# that fails leaves the others' results whole.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T1='sim:dc-tlc,capacity=1G'
T2='sim:budget-tlc,capacity=1G'
ARGS='--op 7,28 --round 1s --max-rounds 5 --quiet --daily-writes 1GB'

# expect_usage WHAT ARGS...: exit 2, one line naming WHAT, no results folder.
expect_usage() {
	usage_error "$1" qualify "${@:2}" --out refused
	[ ! -e refused ] || fail "qualify ${*:2}: wrote results"
}

# --help names the fill passes a profile makes: the rounds' shared default, which sweep --dry-run prints.
help_passes=$("$exe" qualify --help | sed -n 's/.*--fill-passes N .*(default \([0-9]*\);.*/\1/p')
run_passes=$("$exe" sweep "$T1" --op 7 --dry-run | sed -n 's/.*128k writes, \([0-9]*\) pass(es).*/\1/p')
[ -n "$run_passes" ] && [ "$help_passes" = "$run_passes" ] ||
	fail "qualify --help: fill passes default '$help_passes', a profile makes $run_passes"

echo '{"steady": true, "steady_iops": {"min": 100000}, "post_cache_mbps": {"min": 300}}' >req.json
echo '{"steady_iops": {"min": "lots"}}' >bad.json
expect_usage "needs at least one TARGET" --require steady
expect_usage "no requirements" "$T1"
expect_usage "names no figure" "$T1" --require 'iops>=5'
expect_usage "steady_iops" "$T1" --require 'steady_iops>=1e13'
expect_usage "twice" "$T1" --require steady --require steady
expect_usage "cannot read" "$T1" --requirements nope.json
expect_usage "must be a number" "$T1" --requirements bad.json
expect_usage "--jobs" "$T1" --require steady --jobs 0
expect_usage "given twice" "$T1" "$T1" --require steady
head -c 8M /dev/zero >f.img
ln -s f.img link.img
expect_usage "qualify: f.img and link.img are the same drive" f.img link.img --require steady
expect_usage "--raid: at most" --raid 1 $(for i in $(seq 1 40); do echo "$T1,seed=$i"; done) --require steady
expect_usage "--warranty-years" "$T1" --require steady --rated-dwpd 1
expect_usage "--daily-writes" "$T1" --require steady --target-life 5
expect_usage "--rated-tbw and --rated-dwpd" "$T1" --require steady --rated-tbw 100 --rated-dwpd 1 --warranty-years 5
# A life that cannot be figured is refused before the profile runs (issue 26 item 7), not failed as null after it.
expect_usage "life_years>=5 cannot be measured: give --daily-writes" "$T1" --require 'life_years>=5'
expect_usage "life_years>=5 on f.img: the drive has no rated endurance" f.img --require 'life_years>=5' --daily-writes 1GB

# check_batch DIR: dc-tlc passes, budget-tlc misses 100000 IOPS by about 45%.
check_batch() {
	json_check "$1/result.json" "d['kind'] == 'qualify' and len(d['drives']) == 2"
	json_check "$1/result.json" "d['settings']['requirements'] == ['steady', 'steady_iops>=100000', 'post_cache_mbps>=300']"
	json_check "$1/result.json" "[x['verdict'] for x in d['drives']] == ['pass', 'fail']"
	json_check "$1/result.json" "[r['pass'] for r in d['drives'][1]['requirements']] == [True, False, True]"
	json_check "$1/result.json" "-0.5 < d['drives'][1]['requirements'][1]['margin'] < -0.4"
	json_check "$1/result.json" "d['drives'][0]['requirements'][1]['margin'] > 1"
	json_check "$1/result.json" "all(x['chosen_op_percent'] == 28 for x in d['drives'])"
	json_check "$1/result.json" "d['drives'][0]['sweep'] == 'drive-1/sweep/result.json' and d['drives'][1]['slc'] == 'drive-2/slc/result.json'"
	for i in 1 2; do
		# Life grows with OP as WA falls; the rating is the simulator's P/E cycles.
		json_check "$1/drive-$i/sweep/result.json" "d['complete'] and [p['op_percent'] for p in d['points']] == [7, 28]"
		json_check "$1/drive-$i/sweep/result.json" "d['points'][0]['endurance']['life_years'] < d['points'][1]['endurance']['life_years']"
		json_check "$1/drive-$i/sweep/result.json" "d['points'][0]['endurance']['nand_bytes_per_host_byte'] > d['points'][1]['endurance']['nand_bytes_per_host_byte']"
		json_check "$1/drive-$i/sweep/result.json" "all(p['endurance']['source'] == 'sim-pe-cycles' and p['endurance']['rated_tbw'] > 0 and p['endurance']['daily_writes_bytes'] == 1e9 for p in d['points'])"
		[ -s "$1/drive-$i/sweep/report.html" ] && [ -s "$1/drive-$i/slc/report.html" ] || fail "$1: drive $i has no reports"
	done
	grep -qF 'href="drive-2/sweep/report.html"' "$1/report.html" || fail "$1/report.html links no drive report"
}

# same DIR_A DIR_B FILE: the two documents are the same but for the command line.
same() {
	python3 - "$1/$3" "$2/$3" <<'PY' || fail "$1/$3 and $2/$3 differ"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for d in (a, b):
    d.pop('command')
assert a == b
PY
}

run_cmd qualify "$T1" "$T2" $ARGS --requirements req.json --out par
[ "$rc" = 4 ] || fail "parallel qualify exited $rc, not 4: $(cat "$work/stderr")"
check_batch par

run_cmd qualify "$T1" "$T2" $ARGS --requirements req.json --jobs 1 --out ser
[ "$rc" = 4 ] || fail "serial qualify exited $rc, not 4: $(cat "$work/stderr")"
check_batch ser
for f in result.json drive-1/sweep/result.json drive-2/sweep/result.json drive-1/slc/result.json drive-2/slc/result.json \
	drive-1/qd/randwrite/result.json drive-2/qd/randread/result.json; do
	same par ser "$f"
done

# Everything met: exit 0.
run_cmd qualify "$T1" $ARGS --no-slc --require 'steady_iops>=100000' --require 'life_years>=0.01' --out ok
[ "$rc" = 0 ] || fail "a passing drive exited $rc: $(cat "$work/stderr")"
json_check ok/result.json "d['drives'][0]['verdict'] == 'pass' and d['drives'][0]['slc'] is None"

# Drive 2 fails in its second point (about 260,000 I/Os go into its first, 290,000 into the second): exit 1,
# drive 1 whole.
NOSLC="--no-slc --require steady --require steady_iops>=100000"
SSDPROF_FAULT=eio:io=400000 SSDPROF_FAULT_TARGET=$T2 run_cmd qualify "$T1" "$T2" $ARGS $NOSLC --out flt
[ "$rc" = 1 ] || fail "a failing drive: exit $rc, not 1: $(cat "$work/stderr")"
grep -qF "drive 2 ($T2): sweep at 28.00% OP: $T2: write error" "$work/stderr" ||
	fail "the failure is not named: $(cat "$work/stderr")"
json_check flt/result.json "[x['verdict'] for x in d['drives']] == ['pass', 'fail']"
json_check flt/result.json "d['drives'][1]['error'] and d['drives'][0]['error'] is None"
json_check flt/drive-2/sweep/result.json "d['complete'] is False and len(d['points']) == 1"
"$exe" report flt/result.json -o flt-page.html 2>/dev/null || fail "report of a qualify with a failed drive"
partial_page flt-page.html "Drive 2 ($T2) did not finish: sweep at 28.00% OP: $T2: write error"
python3 - par/drive-1/sweep/result.json flt/drive-1/sweep/result.json <<'PY' || fail "drive 1's results are not whole beside a failing drive"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a['points'] == b['points'] and a['knee'] == b['knee'] and b['complete']
PY

# The fault gone, --resume keeps drive 1 and drive 2's first point and finishes drive 2 as uninterrupted.
run_cmd qualify "$T1" "$T2" $ARGS $NOSLC --resume flt
[ "$rc" = 4 ] || fail "resumed qualify exited $rc, not 4: $(cat "$work/stderr")"
python3 - par/drive-2/sweep/result.json flt/drive-2/sweep/result.json <<'PY' || fail "the resumed drive differs from an uninterrupted one"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a['points'] == b['points'] and b['complete']
PY

# Resumed with other settings, a drive's saved results are refused, not mixed or measured over.
run_cmd qualify "$T1" "$T2" ${ARGS/7,28/7,14} $NOSLC --resume flt
[ "$rc" = 1 ] && grep -qF "other settings" "$work/stderr" || fail "resume with other --op: exit $rc: $(cat "$work/stderr")"
same par flt drive-1/sweep/result.json

# --resume names a qualify's folder: another command's result there was written over, a
# folder that is not there started afresh.  Both are refused, the result left as it was.
cp par/drive-1/sweep/result.json sweep.saved
run_cmd qualify "$T1" $ARGS $NOSLC --resume par/drive-1/sweep
[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] && grep -q 'holds a sweep result, not a qualify' "$work/stderr" ||
	fail "resume of a sweep's folder: exit $rc: $(cat "$work/stderr")"
cmp -s sweep.saved par/drive-1/sweep/result.json || fail "a refused resume wrote over the sweep's result.json"
run_cmd qualify "$T1" $ARGS $NOSLC --resume no-such-folder --dry-run
[ "$rc" = 2 ] && grep -q "'no-such-folder' holds no qualify" "$work/stderr" && [ ! -e no-such-folder ] ||
	fail "resume of a missing folder: exit $rc: $(cat "$work/stderr")"

# The report and compare read the result.
run_cmd report par/result.json -o page.html
[ "$rc" = 0 ] && grep -q "sim:budget-tlc" page.html || fail "report of a qualify result: $rc $(cat "$work/stderr")"
# compare ranks the drives by a figure, best first; report takes no --rank-by.
run_cmd compare par/drive-2/sweep/result.json par/drive-1/sweep/result.json --rank-by steady_iops
[ "$rc" = 0 ] || fail "compare --rank-by: exit $rc: $(cat "$work/stderr")"
sed -n 2p "$work/stdout" | grep -q "sim:dc-tlc" || fail "compare --rank-by steady_iops does not put dc-tlc first: $(cat "$work/stdout")"
run_cmd compare par/drive-1/sweep/result.json par/drive-2/sweep/result.json --rank-by p99_9_write_us
sed -n 2p "$work/stdout" | grep -q "sim:dc-tlc" || fail "compare --rank-by p99_9_write_us does not put dc-tlc first"
run_cmd compare par/drive-1/sweep/result.json par/drive-2/sweep/result.json --rank-by iops
[ "$rc" = 2 ] && grep -qF -- "--rank-by: 'iops' is not a figure; use steady_iops" "$work/stderr" || fail "compare --rank-by iops: exit $rc"
run_cmd compare par/drive-1/slc/result.json par/drive-2/slc/result.json --rank-by life_years
[ "$rc" = 2 ] && grep -qF "none of these results has it" "$work/stderr" || fail "compare --rank-by life_years of slc results: exit $rc"
run_cmd report par/result.json --rank-by steady_iops
[ "$rc" = 2 ] && grep -qF "unknown option '--rank-by'" "$work/stderr" || fail "report --rank-by: exit $rc: $(cat "$work/stderr")"
echo "qualify: ok"
