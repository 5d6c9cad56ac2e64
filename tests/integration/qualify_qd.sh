#!/bin/bash
# ssdprof qualify's QD curve and --raid on simulated drives: the curve is
# measured at the chosen OP right after that sweep point (or, resumed
# without it, at that point established again) and says which; reads grow
# with the queue depth; its requirements give the right verdicts; each
# direction is a run result with a report the qualification links; a
# resumed qualify keeps a finished curve.  With --raid the TARGETs are one
# group, qualified as one drive on the group's figures.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T1='sim:dc-tlc,capacity=1G'
T2='sim:budget-tlc,capacity=1G'
ARGS='--op 7,28 --round 1s --max-rounds 5 --quiet --no-slc'

# expect_usage WHAT ARGS...: exit 2, one line naming WHAT, no results folder.
expect_usage() {
	usage_error "$1" qualify "${@:2}" --out refused
	[ ! -e refused ] || fail "qualify ${*:2}: wrote results"
}

expect_usage "--no-qd leaves out the QD curve" "$T1" --require 'read_iops>=5' --no-qd
expect_usage "--qd-curve lacks QD 1" "$T1" --require 'qd1_read_us<=100' --qd-curve 2,4
expect_usage "leave out --qd-curve" "$T1" --require steady --no-qd --qd-curve 1,2
expect_usage "--no-slc leaves out the SLC probe" "$T1" --require 'post_cache_mbps>=5' --no-slc
expect_usage "--qd-curve" "$T1" --require steady --qd-curve 0,2
expect_usage "--qd-curve" "$T1" --require steady --qd-curve 1,2,4,8,16,32,64,128,256,512,1024,2048,4096,1,2,4,8
expect_usage "--qd-time" "$T1" --require steady --qd-time 0s
expect_usage "names no figure" "$T1" --require 'qd2_read_us<=5'
expect_usage "--chunk: only a RAID group" "$T1" --require steady --chunk 16k
expect_usage "given twice" --raid 1 "$T1" "$T1" --require steady
# The curve is 4k random I/O: a --workload of other sizes cannot apply to it, and is refused, not ignored.
expect_usage "--workload database cannot apply" "$T1" --require steady --workload database
expect_usage "--workload nas cannot apply" "$T1" --require steady --workload nas

# The dry run says what the curve does.
run_cmd qualify "$T1" --require steady --qd-curve 1,8 --qd-time 2s --dry-run
[ "$rc" = 0 ] && grep -qF "4k random writes, then 4k random reads, at QD 1,8, 2 s each" "$work/stdout" ||
	fail "the dry run does not describe the QD curve: $rc $(cat "$work/stdout")"

# dc-tlc reads in 75 µs at QD 1 and passes; budget-tlc's 94 µs misses 90 µs: exit 4.
REQ="--require qd1_read_us<=90 --require read_iops>=100000 --require qd1_write_us<=1000"
run_cmd qualify "$T1" "$T2" $ARGS $REQ --out q
[ "$rc" = 4 ] || fail "qualify with QD requirements exited $rc, not 4: $(cat "$work/stderr")"
json_check q/result.json "[x['verdict'] for x in d['drives']] == ['pass', 'fail']"
json_check q/result.json "[r['pass'] for r in d['drives'][1]['requirements']] == [False, True, True]"
json_check q/result.json "70 < d['drives'][0]['requirements'][0]['measured'] < 80 and -0.1 < d['drives'][1]['requirements'][0]['margin'] < 0"
json_check q/result.json "d['settings']['qd'] and d['settings']['qd_list'] == [1, 2, 4, 8, 16, 32] and d['settings']['qd_time_s'] == 1"
for i in 1 2; do
	c="d['drives'][$((i - 1))]['qd_curve']"
	json_check q/result.json "$c['how'] == 'after-sweep-point' and $c['op_percent'] == 28 == d['drives'][$((i - 1))]['chosen_op_percent']"
	json_check q/result.json "$c['randread'] == 'drive-$i/qd/randread/result.json' and [p['qd'] for p in $c['points']] == [1, 2, 4, 8, 16, 32]"
	# Reads grow with the queue depth (each step at least as fast, QD 32 many times QD 1); writes never fall far.
	json_check q/result.json "all(b['read_iops'] >= a['read_iops'] for a, b in zip($c['points'], $c['points'][1:]))"
	json_check q/result.json "$c['points'][-1]['read_iops'] > 5 * $c['points'][0]['read_iops']"
	json_check q/result.json "all(b['write_iops'] >= 0.95 * a['write_iops'] for a, b in zip($c['points'], $c['points'][1:]))"
	json_check q/result.json "all(p['read_mean_us'] > 0 and p['write_p99_us'] > 0 for p in $c['points'])"
	for dir in randwrite randread; do
		f=q/drive-$i/qd/$dir/result.json
		json_check "$f" "d['kind'] == 'run' and d['settings']['rw'] == '$dir' and d['settings']['bs'] == 4096 and d['settings']['fill'] is False"
		json_check "$f" "d['preconditioned']['how'] == 'after-sweep-point' and d['preconditioned']['reached'] and d['preconditioned']['op_percent'] == 28"
		# The curve runs on the chosen OP's usable span, the sweep point's.
		python3 - "$f" "q/drive-$i/sweep/result.json" <<'PY' || fail "$f: not on the 28% point's usable span"
import json, sys
r, s = (json.load(open(f)) for f in sys.argv[1:3])
p = [p for p in s['points'] if p['op_percent'] == 28][0]
assert r['settings']['span_bytes'] == p['usable_bytes'] == r['preconditioned']['usable_bytes']
assert all(x['span_bytes'] == p['usable_bytes'] for x in r['series'])
PY
		[ -s "q/drive-$i/qd/$dir/qd_curve.csv" ] && [ -s "q/drive-$i/qd/$dir/report.html" ] ||
			fail "drive $i's $dir curve has no CSV or report"
		grep -qF "href=\"drive-$i/qd/$dir/report.html\"" q/report.html || fail "the report links no $dir curve of drive $i"
	done
	grep -qF "the reads follow the random-write curve" "q/drive-$i/qd/randread/report.html" ||
		fail "drive $i's read curve report does not say what it followed"
done
grep -qF 'id="chart-qd-read"' q/report.html || fail "the qualification report has no QD chart"
run_cmd report q/drive-1/qd/randread/result.json -o read.html
[ "$rc" = 0 ] || fail "report of a QD curve: $(cat "$work/stderr")"
# compare ranks the curves by their figures, best first: dc-tlc reads faster at QD 1 and at depth.
run_cmd compare q/drive-2/qd/randread/result.json q/drive-1/qd/randread/result.json --rank-by qd1_read_us
[ "$rc" = 0 ] && sed -n 2p "$work/stdout" | grep -q "sim:dc-tlc" || fail "compare --rank-by qd1_read_us: $rc $(cat "$work/stdout")"
run_cmd compare q/drive-2/qd/randread/result.json q/drive-1/qd/randread/result.json --rank-by read_iops
[ "$rc" = 0 ] && sed -n 2p "$work/stdout" | grep -q "sim:dc-tlc" || fail "compare --rank-by read_iops: $rc"
run_cmd compare q/drive-1/qd/randwrite/result.json q/drive-2/qd/randwrite/result.json --rank-by read_iops
[ "$rc" = 2 ] && grep -qF "none of these results has it" "$work/stderr" || fail "compare --rank-by read_iops of write curves: exit $rc"

# Resumed, the finished curves are kept as they are; without them, the point is established again.
cp -r q q0
run_cmd qualify "$T1" "$T2" $ARGS $REQ --resume q
[ "$rc" = 4 ] || fail "resumed qualify exited $rc: $(cat "$work/stderr")"
cmp q/drive-1/qd/randread/result.json q0/drive-1/qd/randread/result.json || fail "the resume measured a kept curve again"
rm -r q/drive-2/qd
run_cmd qualify "$T1" "$T2" $ARGS $REQ --resume q
[ "$rc" = 4 ] || fail "resumed qualify without drive 2's curve exited $rc: $(cat "$work/stderr")"
json_check q/drive-2/qd/randread/result.json "d['preconditioned']['how'] == 're-established' and d['preconditioned']['reached']"
json_check q/drive-2/qd/randwrite/result.json "'measured again' in d['preconditioned']['note']"
python3 - q0/result.json q/result.json <<'PY' || fail "the re-established curve differs from the one after the sweep point"
import json, sys
a, b = (json.load(open(f))['drives'][1]['qd_curve']['points'] for f in sys.argv[1:3])
for x, y in zip(a, b):
    for k in ('read_iops', 'write_iops'):
        assert abs(x[k] - y[k]) <= 0.05 * x[k], (x, y)
PY
run_cmd qualify "$T1" "$T2" $ARGS $REQ --qd-curve 1,4 --resume q
[ "$rc" = 1 ] && grep -qF "other settings" "$work/stderr" || fail "resume with another --qd-curve: exit $rc: $(cat "$work/stderr")"

# --random-dist: the curve's offsets follow it as the rounds' do, and its results say so; a 4k random
# --workload is the curve's own pattern and is taken.
run_cmd qualify "$T1" --op 28 --round 1s --max-rounds 5 --quiet --no-slc --qd-curve 1,4 --random-dist hotcold:20/80 \
	--require steady --out dist
[ "$rc" = 0 ] || fail "--random-dist exited $rc: $(cat "$work/stderr")"
for dir in randwrite randread; do
	json_check dist/drive-1/qd/$dir/result.json "d['settings']['random_dist'] == 'hotcold:20/80'"
done
json_check dist/drive-1/sweep/result.json "d['settings']['random_dist'] == 'hotcold:20/80'"
run_cmd qualify "$T1" --require steady --workload snia-70-30 --random-dist zipf:0.9 --dry-run
# (The plan is wrapped at 80 columns, a step's continuations under its text: joined again here.)
[ "$rc" = 0 ] && sed -e ':a' -e 'N' -e '$!ba' -e 's/\n    / /g' "$work/stdout" |
	grep -qF "4k random writes, then 4k random reads (offsets zipf:0.9), at QD" ||
	fail "the dry run does not say the curve's offsets: $rc $(cat "$work/stdout" "$work/stderr")"

# --no-qd: no curve, no folder.
run_cmd qualify "$T1" --op 28 --round 1s --max-rounds 5 --quiet --no-slc --no-qd --require steady --out noqd
[ "$rc" = 0 ] || fail "--no-qd exited $rc: $(cat "$work/stderr")"
json_check noqd/result.json "d['drives'][0]['qd_curve'] is None and d['settings']['qd'] is False"
[ ! -e noqd/drive-1/qd ] || fail "--no-qd measured a curve"

# --raid 0 of two dc-tlc: one drive, the group; at QD 32 each member reads at QD 16, so a
# requirement one dc-tlc misses (237k IOPS at QD 32) the group (293k) meets.
M1='sim:dc-tlc,capacity=1G,seed=1'
M2='sim:dc-tlc,capacity=1G,seed=2'
run_cmd qualify --raid 0 --chunk 64k "$M1" "$M2" --op 28 --round 1s --max-rounds 5 --no-slc --qd-curve 1,8,32 \
	--require steady --require 'read_iops>=260000' --out raid
[ "$rc" = 0 ] || fail "qualify --raid 0 exited $rc: $(cat "$work/stderr")"
json_check raid/result.json "len(d['drives']) == 1 and d['drives'][0]['spec'] == 'raid0:$M1+$M2' and d['drives'][0]['verdict'] == 'pass'"
json_check raid/result.json "d['drives'][0]['target']['kind'] == 'raid' and d['drives'][0]['group']['level'] == 0 and len(d['drives'][0]['group']['members']) == 2"
json_check raid/result.json "d['drives'][0]['group']['chunk_bytes'] == 65536 and d['target']['path'] == 'raid0:$M1+$M2'"
json_check raid/result.json "d['drives'][0]['requirements'][1]['measured'] > 1.15 * 237000"
json_check raid/drive-1/sweep/result.json "d['group']['level'] == 0 and len(d['points'][0]['members']) == 2"
json_check raid/drive-1/qd/randread/result.json "d['group']['level'] == 0 and all(len(s['members']) == 2 for s in d['series'])"
# Every member did its share of the group's reads.
json_check raid/drive-1/qd/randread/result.json "all(m['iops'] > 0.4 * s['iops'] for s in d['series'] for m in s['members'])"
[ -s raid/drive-1/qd/randread/report.html ] && [ -s raid/report.html ] || fail "the group has no reports"
echo "qualify_qd: ok"
