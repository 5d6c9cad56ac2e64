#!/bin/bash
# Where a constructed point cannot be trusted, the default-method sweep
# (--precondition auto, issue 28) measures the full way, saves why in each
# point's construction.fallback and says it in one line: a target without a
# media write counter (a file: nothing to calibrate the flash by), and a
# drive whose constructed point's WA strays from the calibration by more
# than its tolerance (here a saved first point whose WA was doubled, then
# resumed: the 40% point built for the flash that WA gives measures 1.30
# against 1.38 calibrated, and is measured again the full way).  The skewed
# workload and the point not steady: sweep_construct.sh; RAID:
# sweep_construct_raid.sh.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# count_lines TEXT: lines of stdout and stderr holding TEXT.
count_lines() { cat "$work/stdout" "$work/stderr" | grep -c -- "$1" || true; }

truncate -s 16M "$work/f.img"
run_cmd sweep "$work/f.img" --op 0,20 --precondition auto --round 1s --max-rounds 5 --quiet --out "$work/file"
[ "$rc" -eq 0 ] || fail "file: exit $rc: $(cat "$work/stderr")"
json_check "$work/file/result.json" '[p["method"] for p in d["points"]] == ["fresh", "fresh"]'
json_check "$work/file/result.json" \
	'all(p["construction"]["fallback"] == "no media write counter to size the flash by" for p in d["points"])'
[ "$(count_lines 'full method: no media write counter')" = 1 ] ||
	fail "the fallback's line: $(cat "$work/stdout" "$work/stderr")"
# The default (auto, not asked for) under --quiet saves the reason but says
# nothing: a device without a media counter is simply measured the full way,
# and a failure stays one line (the QEMU lab's 72_dm_fail_sweep).  Without
# --quiet it is said once.
run_cmd sweep "$work/f.img" --op 0,20 --round 1s --max-rounds 5 --quiet --out "$work/file-quiet"
[ "$rc" -eq 0 ] || fail "file, default, quiet: exit $rc: $(cat "$work/stderr")"
json_check "$work/file-quiet/result.json" \
	'all(p["construction"]["fallback"] == "no media write counter to size the flash by" for p in d["points"])'
[ "$(count_lines 'full method')" = 0 ] || fail "a quiet default run said: $(cat "$work/stdout" "$work/stderr")"
run_cmd sweep "$work/f.img" --op 0,20 --round 1s --max-rounds 5 --out "$work/file-said"
[ "$rc" -eq 0 ] || fail "file, default: exit $rc: $(cat "$work/stderr")"
[ "$(count_lines 'full method: no media write counter')" = 1 ] ||
	fail "the default's fallback line: $(cat "$work/stdout" "$work/stderr")"

T='sim:dc-tlc,capacity=1G'
run_cmd sweep "$T" --op 0,40 --precondition auto --round 1s --quiet --out "$work/whole"
[ "$rc" -eq 0 ] || fail "auto: exit $rc: $(cat "$work/stderr")"
json_check "$work/whole/result.json" '[p["method"] for p in d["points"]] == ["fresh", "constructed"]'
cut_sweep "$work/whole/result.json" "$work/off" 1
python3 - "$work/off/result.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['points'][0]['waf'] = round(2 * d['points'][0]['waf'], 4)
json.dump(d, open(sys.argv[1], 'w'), indent=2)
PY
run_cmd sweep "$T" --resume "$work/off" --quiet
[ "$rc" -eq 0 ] || fail "resumed: exit $rc: $(cat "$work/stderr")"
json_check "$work/off/result.json" '[p["method"] for p in d["points"]] == ["fresh", "fresh"]'
json_check "$work/off/result.json" \
	'__import__("re").fullmatch(r"WA 1\.\d\d at 40% OP, calibrated 1\.\d\d \+-\d\.\d%", d["points"][1]["construction"]["fallback"])'
# Measured the full way, the point is the uninterrupted run's figure, within 2%.
json_check "$work/off/result.json" 'd["points"][1]["fill"]["passes"] > 0 and d["points"][1]["steady_state"]["reached"]'
python3 - "$work/whole/result.json" "$work/off/result.json" <<'PY' || fail "the full point after the fallback"
import json, sys
a, b = (json.load(open(f))["points"][1] for f in sys.argv[1:3])
assert abs(b["waf"] / a["waf"] - 1) <= 0.02 and abs(b["iops"] / a["iops"] - 1) <= 0.02, (a["waf"], b["waf"])
PY
[ "$(count_lines 'full method: WA 1.')" = 1 ] || fail "the fallback's line: $(cat "$work/stdout" "$work/stderr")"
echo "sweep_construct_fallback: ok"
