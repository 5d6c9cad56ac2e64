#!/bin/bash
# sweep, precondition and slc from the command line: bad input is refused with
# one line and exit 2, nothing is overwritten; --dry-run touches nothing; a
# small sweep finds its knee and writes the sweep document.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'
FAST='--round 1s --max-rounds 8'

expect_usage() {
	# expect_usage NEEDLE ARGS...: exit 2, exactly one stderr line naming NEEDLE.
	local needle=$1
	shift
	run_cmd "$@"
	[ "$rc" = 2 ] || fail "'$*' exited $rc, not 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "'$*' printed more than one line: $(cat "$work/stderr")"
	grep -q -- "$needle" "$work/stderr" || fail "'$*' does not name $needle: $(cat "$work/stderr")"
}

# A finished sweep to protect from the bad runs below.
run_cmd sweep "$T" --op 0,20 $FAST --out good --quiet
[ "$rc" = 0 ] || fail "small sweep exited $rc: $(cat "$work/stderr")"
json_check good/result.json "d['kind'] == 'sweep' and d['complete'] and len(d['points']) == 2"
json_check good/result.json "all(p['steady_state']['reached'] for p in d['points'])"
json_check good/result.json "d['points'][0]['op_percent'] == 0 and d['points'][1]['op_percent'] == 20"
json_check good/result.json "d['points'][1]['iops'] > d['points'][0]['iops'] and d['points'][1]['waf'] < d['points'][0]['waf']"
json_check good/result.json "d['points'][0]['waf_source'] == 'simulator' and d['points'][0]['op_method'] == 'namespace'"
json_check good/result.json "len(d['points'][0]['timeseries']) == d['points'][0]['steady_state']['rounds']"
json_check good/result.json "isinstance(d['knee']['reason'], str) and d['knee']['recommended_op_percent'] in (0, 20)"
sum=$(md5sum good/result.json)

expect_usage "--op" sweep "$T" --op 100 --out good
expect_usage "--op" sweep "$T" --op -5 --out good
expect_usage "--op" sweep "$T" --op '' --out good
expect_usage "--op" sweep "$T" --op 5,,10 --out good
expect_usage "--op-range" sweep "$T" --op-range 30:10 --out good
expect_usage "--round" sweep "$T" --round 0 --out good
expect_usage "--max-writes" sweep "$T" --max-writes lots --out good
expect_usage "--bs" sweep "$T" --bs 3000 --out good
expect_usage "--op-method" sweep "$T" --op-method magic --out good
mkdir empty
expect_usage "--resume" sweep "$T" --resume empty
expect_usage "--resume" sweep "$T" --resume nowhere
expect_usage "not of" sweep 'sim:budget-tlc,capacity=1G' --resume good
expect_usage "--resume" sweep "$T" --resume good --op 5
expect_usage "--span" precondition "$T" --span 0
expect_usage "--span" precondition "$T" --span 101
expect_usage "--prefill" slc "$T" --prefill 95
expect_usage "--idle" slc "$T" --idle 5s,,1m
expect_usage "nope" sweep sim:nope
[ "$sum" = "$(md5sum good/result.json)" ] || fail "a refused run changed good/result.json"
[ ! -e empty/result.json ] || fail "a refused --resume wrote into empty/"

# --dry-run prints the destructive steps and touches nothing.
run_cmd sweep "$T" --dry-run --out dry
[ "$rc" = 0 ] || fail "sweep --dry-run exited $rc"
grep -q "purge" "$work/stdout" || fail "sweep --dry-run does not mention the purge"
[ ! -e dry ] || fail "sweep --dry-run created its output directory"
run_cmd slc "$T" --dry-run --out dry
[ "$rc" = 0 ] && [ ! -e dry ] || fail "slc --dry-run wrote something"

# precondition reports every round and the steady window.
run_cmd precondition "$T" $FAST --out pre
[ "$rc" = 0 ] || fail "precondition exited $rc: $(cat "$work/stderr")"
grep -q "^round  1" "$work/stdout" || fail "precondition printed no round lines"
grep -q "steady state reached" "$work/stdout" || fail "precondition did not say steady state was reached"
json_check pre/result.json "d['kind'] == 'precondition' and d['precondition']['steady_state']['reached']"
# Two passes by default, as SNIA PTS fills.
json_check pre/result.json "d['precondition']['fill']['bytes'] == 2 << 30 and d['precondition']['fill']['passes'] == 2"

# The adaptive sweep measures the drive as shipped (0% OP) and states its
# recommendation against it; the table marks the one OP the JSON names.
run_cmd sweep 'sim:budget-tlc,capacity=2G' $FAST --json --out base
[ "$rc" = 0 ] || fail "adaptive sweep exited $rc: $(cat "$work/stderr")"
cp "$work/stdout" base.json
json_check base.json "d['points'][0]['op_percent'] == 0 and d['points'][-1]['op_percent'] == 40"
json_check base.json "d['knee']['baseline']['op_percent'] == 0 and d['knee']['baseline']['iops'] == d['points'][0]['iops']"
json_check base.json "d['knee']['baseline']['waf'] == d['points'][0]['waf']"
json_check base.json "d['knee']['op_percent'] == d['knee']['recommended_op_percent']"
json_check base.json "[p for p in d['points'] if p['op_percent'] == d['knee']['op_percent']][0]['iops'] > d['points'][0]['iops']"
json_check base.json "d['knee']['gain']['iops_pct'] > 0 and d['knee']['gain']['waf_saved'] > 0"
json_check base.json "d['knee']['gain']['capacity_given_up_bytes'] == d['points'][0]['usable_bytes'] - [p for p in d['points'] if p['op_percent'] == d['knee']['op_percent']][0]['usable_bytes']"
json_check base.json "'as shipped (0% OP)' in d['knee']['versus_baseline']"
rec=$(python3 -c "import json; print('%g' % json.load(open('base.json'))['knee']['recommended_op_percent'])")
# A finished sweep resumed measures nothing and prints its table and recommendation.
run_cmd sweep 'sim:budget-tlc,capacity=2G' --resume base
[ "$rc" = 0 ] || fail "resuming a finished sweep exited $rc: $(cat "$work/stderr")"
[ "$(grep -c -- '<-' "$work/stdout")" = 1 ] || fail "the table marks more than one OP: $(cat "$work/stdout")"
grep -Eq "^ *$(printf '%.2f' "$rec") .*<- knee, recommended$" "$work/stdout" || fail "the table does not mark $rec%: $(cat "$work/stdout")"
grep -q "^recommended OP: $rec%" "$work/stdout" || fail "the recommendation is not $rec%: $(cat "$work/stdout")"
grep -q "^against the drive as shipped (0% OP): +" "$work/stdout" || fail "no baseline sentence: $(cat "$work/stdout")"
# The points the table marks NO are named under the recommendation, and only they.
! grep -Eq '^ *[0-9.]+ +[0-9.]+ +NO ' "$work/stdout" && grep -q '^not steady' "$work/stdout" &&
	fail "steady points named not steady: $(cat "$work/stdout")"
mkdir -p nosteady
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["points"][0]["steady_state"]["reached"] = False
json.dump(d, open(sys.argv[2], "w"))' base/result.json nosteady/result.json
run_cmd sweep 'sim:budget-tlc,capacity=2G' --resume nosteady
[ "$rc" = 0 ] && grep -Eq '^ *0\.00 +[0-9.]+ +NO ' "$work/stdout" &&
	grep -Eq '^not steady \(figures of the last rounds\): 0% \(1 of [0-9]+ points\)$' "$work/stdout" ||
	fail "a point not steady is not named under the recommendation: $(cat "$work/stdout")"
# The drive time in a unit that shows it: a sweep of minutes is not "0.00 hours".
secs=$(python3 -c "import json; print(sum(p['drive_seconds'] for p in json.load(open('base.json'))['points']))")
if python3 -c "import sys; sys.exit(not float(sys.argv[1]) < 120)" "$secs"; then
	grep -Eq '^drive time: [0-9]+\.[0-9] s over [0-9]+ points$' "$work/stdout" || fail "drive time of ${secs}s: $(grep 'drive time' "$work/stdout")"
else
	grep -Eq '^drive time: [0-9]+\.[0-9] min over [0-9]+ points$' "$work/stdout" || fail "drive time of ${secs}s: $(grep 'drive time' "$work/stdout")"
fi

# slc on a drive with a known static cache.
run_cmd slc 'sim:sata-tlc,capacity=2G,slc_cache=static:256M,buffer=0' --out slc --idle 30s
[ "$rc" = 0 ] || fail "slc exited $rc: $(cat "$work/stderr")"
grep -q "SLC cache:" "$work/stdout" || fail "slc printed no cache line"
json_check slc/result.json "abs(d['slc']['cache_bytes'] / (256 << 20) - 1) < 0.05"
json_check slc/result.json "len(d['slc']['samples']) == 200 and len(d['slc']['phases']) >= 2"
json_check slc/result.json "d['slc']['recovery'][0]['idle_s'] == 30"
echo "sweep_cli: ok"
