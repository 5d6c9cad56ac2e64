#!/bin/bash
# A resumed sweep that constructs points plans and builds them as the
# uninterrupted run: the calibration and a constructed point's miss come
# back from the saved points.  sata-tlc 2 GiB in 1 s rounds (--max-rounds
# 8), --precondition constructed: the 0% point's rounds each write 2% of the
# span, too little for its window to hold the slope a constructed point
# must (sweep_construct.sh says more), so it is measured again the full
# way, and 20% and 40% are full too.  (1 GiB built in 4 KiB writes missed
# too, off its equilibrium; built in runs it no longer does.)  Cut after
# the 0% point and resumed, the sweep must write the same document: before,
# the resume forgot the miss and built 20% by construction.  (budget-tlc
# 2 GiB at 40% under auto missed the same way until the construction used
# its SLC cache up first.)  The RAID case: sweep_construct_raid.sh.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:sata-tlc,capacity=2G'
ARGS=(--op 0,20,40 --precondition constructed --round 1s --max-rounds 8 --quiet)
run_cmd sweep "$T" "${ARGS[@]}" --out "$work/whole"
[ "$rc" -eq 0 ] || fail "uninterrupted: exit $rc: $(cat "$work/stderr")"
json_check "$work/whole/result.json" '[p["method"] for p in d["points"]] == ["fresh", "fresh", "fresh"]'
json_check "$work/whole/result.json" 'd["points"][0]["construction"]["fallback"].startswith("constructed at 0% OP, not steady")'
json_check "$work/whole/result.json" 'd["points"][1]["construction"]["fallback"] == "a constructed point at 0% OP was not steady"'
json_check "$work/whole/result.json" 'd["points"][2]["construction"]["fallback"] == "a constructed point at 0% OP was not steady"'

cut_sweep "$work/whole/result.json" "$work/cut" 1
run_cmd sweep "$T" --resume "$work/cut" --quiet
[ "$rc" -eq 0 ] || fail "resumed: exit $rc: $(cat "$work/stderr")"
strip() { grep -v -E '^  "(started|finished|command)": ' "$1"; }
diff <(strip "$work/whole/result.json") <(strip "$work/cut/result.json") >"$work/diff" ||
	fail "the resumed sweep is not the uninterrupted one: $(cat "$work/diff")"
echo "sweep_construct_resume: ok"
