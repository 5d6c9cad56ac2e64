#!/bin/bash
# run's steps (profiler/run_steps.c): every step draws its own offsets, a
# write curve on a simulated drive starts from steady state (a fresh one
# climbed step by step out of its SLC cache and its empty blocks), steps of
# the same depth keep their own files, the first I/O measured does not wait
# behind the fill's writes, a real drive's write curve says it gives
# fresh-drive figures, and a failed fill saves what is known.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# Three identical steps agree at steady state (were 15689/17667/19193 IOPS, WA 7.19/6.45/5.94).
run_cmd run sim:budget-tlc,capacity=1G,seed=3 --rw randwrite --qd 32,32,32 --time 10s --out "$work/same"
[ "$rc" -eq 0 ] || fail "identical steps: exit $rc: $(cat "$work/stderr")"
grep -q '^precondition: fill .* steady state reached$' "$work/stdout" || fail "no precondition line: $(cat "$work/stdout")"
grep -q '^from steady state: ' "$work/stdout" || fail "the summary does not say steady state: $(cat "$work/stdout")"
python3 - "$work/same/result.json" <<'PY' || fail "identical steps disagree"
import json, sys
d = json.load(open(sys.argv[1]))
p = d['preconditioned']
assert p['how'] == 'steady-state' and p['reached'] and p['rounds'] >= 5, p
iops = [s['iops'] for s in d['series']]
waf = [s['waf'] for s in d['series']]
assert max(iops) / min(iops) < 1.02, iops
assert max(waf) / min(waf) < 1.02, waf
# At the steady state's own level, not above it.
assert all(abs(x / p['iops'] - 1) < 0.05 for x in iops), (iops, p['iops'])
PY
# Same-depth steps keep their own files, each its own series.
for f in timeseries-qd32.csv timeseries-qd32-2.csv timeseries-qd32-3.csv qd_curve.csv; do
	[ -s "$work/same/$f" ] || fail "no $f: $(ls "$work/same")"
done
! cmp -s "$work/same/timeseries-qd32.csv" "$work/same/timeseries-qd32-2.csv" || fail "steps 1 and 2 are one file"
[ "$(($(wc -l <"$work/same/qd_curve.csv") - 1))" -eq 3 ] || fail "the curve lacks a step"
# Fresh offsets, one seed: the same run again is the same run.
run_cmd run sim:budget-tlc,capacity=1G,seed=3 --rw randwrite --qd 32,32,32 --time 10s --quiet --out "$work/same2"
cmp -s "$work/same/qd_curve.csv" "$work/same2/qd_curve.csv" || fail "one seed gave two curves"

# A sata-tlc write curve is not measured in its SLC cache by default (was 2-5x its steady rate).
run_cmd run sim:sata-tlc,capacity=1G --qd 1,32 --time 5s --quiet --out "$work/sata"
[ "$rc" -eq 0 ] || fail "sata-tlc curve: exit $rc: $(cat "$work/stderr")"
json_check "$work/sata/result.json" \
	'd["preconditioned"]["how"] == "steady-state" and all(s["iops"] < 1.3 * d["preconditioned"]["iops"] for s in d["series"])'
# --no-precondition measures it fresh, and says so.
run_cmd run sim:sata-tlc,capacity=1G --qd 1,32 --time 5s --no-precondition --out "$work/fresh"
[ "$rc" -eq 0 ] || fail "--no-precondition: exit $rc: $(cat "$work/stderr")"
grep -q '^fresh-drive figures: not preconditioned first' "$work/stdout" || fail "no fresh-drive line: $(cat "$work/stdout")"
json_check "$work/fresh/result.json" 'd["preconditioned"]["how"] == "fresh-drive" and not d["preconditioned"]["reached"]'
run_cmd run sim:sata-tlc,capacity=1G --qd 1,32 --precondition --no-fill --time 1s --quiet --out "$work/x"
[ "$rc" -eq 2 ] && [ ! -e "$work/x" ] || fail "--precondition --no-fill: exit $rc"
# One step, or reads: no curve state (as before).
run_cmd run sim:budget-tlc,capacity=1G --time 1s --quiet --out "$work/one"
json_check "$work/one/result.json" '"preconditioned" not in d and d["settings"]["fill"] is False'

# The first read after the fill waits behind none of its writes (sata-tlc's max was 96 ms).
run_cmd run sim:sata-tlc,capacity=1G --rw randread --qd 32 --time 1s --interval 100ms --quiet --out "$work/rd"
[ "$rc" -eq 0 ] || fail "randread: exit $rc: $(cat "$work/stderr")"
json_check "$work/rd/result.json" 'd["series"][0]["lat_us"]["max"] < 5000'

# A failed fill saves what is known: the target, the settings and the error.
SSDPROF_FAULT='eio:io=100' run_cmd run sim:dc-tlc,capacity=1G --rw randread --time 1s --quiet --out "$work/ff"
[ "$rc" -eq 1 ] || fail "failed fill: exit $rc: $(cat "$work/stderr")"
grep -q "^ssdprof: run: the fill: .*Input/output error; what is known is in $work/ff/result.json$" "$work/stderr" ||
	fail "failed fill: $(cat "$work/stderr")"
json_check "$work/ff/result.json" '"the fill" in d["error"] and d["series"] == [] and d["target"]["path"]'

# --bytes is held to the sample cap --time is, at the run's expected rate (16777215T ran for
# ever; 200G at 1ms was OOM-killed), and the dry run's estimate takes that rate (was 19 s).
usage_error 'more than 500000' run sim:budget-tlc,capacity=1G --bytes 16777215T --out "$work/b1"
usage_error 'more than 500000' run sim:budget-tlc,capacity=1G --bytes 200G --interval 1ms --out "$work/b2"
run_cmd run sim:budget-tlc,capacity=1G --bytes 10G --dry-run
[ "$rc" -eq 0 ] || fail "--bytes 10G --dry-run: exit $rc: $(cat "$work/stderr")"
# (The sentence is wrapped at 80 columns, its continuations indented two: joined again here.)
sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  / /g' "$work/stdout" |
	grep -q '^estimate: run of 1 step(s) of 10.74 GB: about 3 min of drive time at 69 MB/s (program rate / random-write WA 7\.57)$' || fail "--bytes estimate: $(cat "$work/stdout")"

# A file: a write curve measured as it is says so; --precondition is in the dry run.
img=$work/t.img
truncate -s 64M "$img"
run_cmd run "$img" --rw read --bytes 4k --quiet --out "$work/probe"
if [ "$rc" -ne 0 ] && grep -q 'O_DIRECT\|io_uring' "$work/stderr"; then
	echo "run_steps: ok (simulator); file cases skipped: $(cat "$work/stderr")"
	exit 0
fi
run_cmd run "$img" --qd 1,4 --time 1s --out "$work/file"
[ "$rc" -eq 0 ] || fail "file curve: exit $rc: $(cat "$work/stderr")"
grep -q '^fresh-drive figures: not preconditioned first (--precondition)$' "$work/stdout" ||
	fail "the file's curve does not say fresh-drive: $(cat "$work/stdout")"
json_check "$work/file/result.json" 'd["preconditioned"]["how"] == "fresh-drive"'
run_cmd run "$img" --qd 1,4 --time 1s --precondition --dry-run
grep -q 'would first bring bytes 0\.\.67108864 to steady state' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
echo "run_steps: ok"
