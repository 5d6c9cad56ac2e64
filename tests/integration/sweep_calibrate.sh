#!/bin/bash
# The default sweep's first point, measured the full way to calibrate by
# (--precondition auto, issue 28 item 3), counts its window once the
# transient has settled (precondition.h settle_by_fit) instead of after the
# write minimum: short rounds, steady_state.settled, and IOPS and WA within
# 2% of the same point under --precondition full (60 s rounds, the
# minimum, two fill passes; auto's uses a dynamic cache up and fills once),
# in less drive time.  A target without a media counter (a file)
# keeps the minimum: nothing shows its GC running.  Its fill's first pass
# is watched for a write cache's cliff (fill.cache_cliff): budget-tlc's
# dynamic cache shows one and its constructed 40% point uses the cache up
# first; sata-tlc's static 0.6% does not, and its 40% point writes no
# cache (before: half the flash spent finding there was none).  The first
# point's own cache write stops at half again the cache the drive states:
# sata-tlc's 0.6%, none on dc-tlc (before: half the capacity on both, 12%
# of sata-tlc's first point).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

for preset in budget-tlc sata-tlc dc-tlc; do
	for pc in auto full; do
		ops=0
		[ "$pc" = auto ] && ops=0,40
		run_cmd sweep "sim:$preset,capacity=1G" --op "$ops" --precondition "$pc" --round 2s --quiet \
			--out "$work/$preset-$pc"
		[ "$rc" -eq 0 ] || fail "$preset $pc: exit $rc: $(cat "$work/stderr")"
	done
	json_check "$work/$preset-auto/result.json" 'd["points"][1]["method"] == "constructed"'
	case $preset in
	budget-tlc)
		json_check "$work/$preset-auto/result.json" 'd["points"][0]["fill"]["cache_cliff"] is True'
		json_check "$work/$preset-auto/result.json" 'd["points"][0]["fill"]["cache_write_bytes"] > 0'
		json_check "$work/$preset-auto/result.json" 'd["points"][1]["construction"]["cache_write_bytes"] > 0'
		;;
	sata-tlc)
		json_check "$work/$preset-auto/result.json" 'd["points"][0]["fill"]["cache_cliff"] is False'
		json_check "$work/$preset-auto/result.json" \
			'0 < d["points"][0]["fill"]["cache_write_bytes"] <= 0.01 * d["target"]["capacity_bytes"]'
		json_check "$work/$preset-auto/result.json" 'd["points"][1]["construction"]["cache_write_bytes"] == 0'
		;;
	dc-tlc)
		# It states none: nothing written to look for one (null: the fill's pass too short to tell).
		json_check "$work/$preset-auto/result.json" 'not d["points"][0]["fill"]["cache_cliff"]'
		json_check "$work/$preset-auto/result.json" 'not d["points"][0]["fill"]["cache_write_bytes"]'
		json_check "$work/$preset-auto/result.json" 'd["points"][1]["construction"]["cache_write_bytes"] == 0'
		;;
	esac
	# dc-tlc 1 GiB reaches its minimum in 2 s rounds before the fit settles.
	[ "$preset" = dc-tlc ] ||
		json_check "$work/$preset-auto/result.json" 'd["points"][0]["steady_state"]["settled"] is True'
	json_check "$work/$preset-full/result.json" 'd["points"][0]["steady_state"]["settled"] is False'
	# The cache used up first, then one fill pass; full keeps SNIA's two.
	json_check "$work/$preset-auto/result.json" 'd["points"][0]["fill"]["passes"] == 1'
	json_check "$work/$preset-full/result.json" 'd["points"][0]["fill"]["passes"] == 2'
	python3 - "$work/$preset-auto/result.json" "$work/$preset-full/result.json" "$preset" <<'PY' ||
import json, sys
a, f = (json.load(open(p))['points'][0] for p in sys.argv[1:3])
for k in ('iops', 'waf'):
    off = a[k] / f[k] - 1
    print(f'{sys.argv[3]}: {k} {a[k]} settled, {f[k]} full ({off:+.2%})')
    assert abs(off) <= 0.02, f'{k} off by {off:+.2%}'
assert a['drive_seconds'] < f['drive_seconds'], (a['drive_seconds'], f['drive_seconds'])
PY
		fail "$preset: the settled first point against the full one"
done

truncate -s 16M "$work/f.img"
run_cmd sweep "$work/f.img" --op 0 --round 1s --max-rounds 5 --quiet --out "$work/file"
[ "$rc" -eq 0 ] || fail "file: exit $rc: $(cat "$work/stderr")"
json_check "$work/file/result.json" 'd["points"][0]["steady_state"]["settled"] is False'
echo "sweep_calibrate: ok"
