#!/bin/bash
# A resumed default-method sweep (--precondition auto, issue 28) plans and
# builds its points as the uninterrupted run: the calibration and a
# constructed point's miss come back from the saved points.  budget-tlc
# 2 GiB in 1 s rounds (--max-rounds 8): the 0% point full calibrates, the
# 40% point constructed is not steady (its dynamic SLC cache, see
# sweep_construct_ok) and is measured again the full way, so 45% is full
# too.  Cut after the 40% point and resumed, the sweep must write the same
# document: before, the resume forgot the miss and built 45% by
# construction.  The RAID case: sweep_construct_raid.sh.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:budget-tlc,capacity=2G'
ARGS=(--op 0,40,45 --precondition auto --round 1s --max-rounds 8 --quiet)
run_cmd sweep "$T" "${ARGS[@]}" --out "$work/whole"
[ "$rc" -eq 0 ] || fail "uninterrupted: exit $rc: $(cat "$work/stderr")"
json_check "$work/whole/result.json" '[p["method"] for p in d["points"]] == ["fresh", "fresh", "fresh"]'
json_check "$work/whole/result.json" 'd["points"][1]["construction"]["fallback"].startswith("constructed at 40% OP, not steady")'
json_check "$work/whole/result.json" 'd["points"][2]["construction"]["fallback"] == "a constructed point at 40% OP was not steady"'

cut_sweep "$work/whole/result.json" "$work/cut" 2
run_cmd sweep "$T" --resume "$work/cut" --quiet
[ "$rc" -eq 0 ] || fail "resumed: exit $rc: $(cat "$work/stderr")"
strip() { grep -v -E '^  "(started|finished|command)": ' "$1"; }
diff <(strip "$work/whole/result.json") <(strip "$work/cut/result.json") >"$work/diff" ||
	fail "the resumed sweep is not the uninterrupted one: $(cat "$work/diff")"
echo "sweep_construct_resume: ok"
