#!/bin/bash
# Constructed points on a RAID group (issue 28): each member written the
# steady-state pattern of its own flash over its own span, then rounds on
# the group, against SNIA's full procedure at the same OP: the group's
# IOPS and WA and every member's WA within 2%, at 0, 20 and 40% OP, built
# from the members' own flash (--precondition constructed) and calibrated
# on the first full point per member (auto).  A group whose writes cross
# its chunks falls back to the full method, its reason saved and said once.
# RAID 5 of three 1 GiB dc-tlc, 2 s rounds (1 s rounds leave the full
# point's overshoot in its window at 20%).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

R=sim:dc-tlc,capacity=1G
G=(--raid 5 --chunk 64k "$R,seed=1" "$R,seed=2" "$R,seed=3")

# within2 FULL OTHER OP SOURCE: the point at OP constructed from SOURCE and within 2% of the full one.
within2() {
	python3 - "$@" <<'PY' || fail "constructed against full at $3%: $1 $2"
import json, sys
op, source = float(sys.argv[3]), sys.argv[4]
a = [p for p in json.load(open(sys.argv[1]))["points"] if p["op_percent"] == op][0]
b = [p for p in json.load(open(sys.argv[2]))["points"] if p["op_percent"] == op][0]
assert a["method"] == "fresh" and b["method"] == "constructed", (a["method"], b["method"])
c = b["construction"]
assert b["steady_state"]["reached"] and c["native_source"] == source and c["fallback"] is None, c
# The flash of every member written once, no fill.
assert b["fill"]["passes"] == 0 and b["usable_bytes"] < c["bytes_written"] < 1.3 * 3 * 2**30, c
# Each member written once, the pattern of its own flash.
ms = c["members"]
assert len(ms) == 3 and all(m["native_source"] == source for m in ms), ms
assert all(0 <= m["native_bytes"] - m["bytes_written"] < 128 * 1024 and m["bytes_written"] > 2**30 for m in ms), ms
assert abs(sum(m["native_bytes"] for m in ms) - c["native_bytes"]) <= 3, (ms, c)
for k in ("iops", "waf"):
    e = b[k] / a[k] - 1
    print(f"{op}% {k}: full {a[k]} constructed {b[k]} {e:+.2%}")
    assert abs(e) <= 0.02, (op, k, e)
for i, (x, y) in enumerate(zip(a["members"], b["members"])):
    e = y["waf"] / x["waf"] - 1
    assert abs(e) <= 0.02, (op, i, x["waf"], y["waf"])
PY
}

run_cmd sweep "${G[@]}" --op 0,20,40 --precondition full --round 2s --quiet --out "$work/full"
[ "$rc" -eq 0 ] || fail "full: exit $rc: $(cat "$work/stderr")"
run_cmd sweep "${G[@]}" --op 0,20,40 --precondition constructed --round 2s --quiet --out "$work/c"
[ "$rc" -eq 0 ] || fail "constructed: exit $rc: $(cat "$work/stderr")"
for op in 0 20 40; do
	within2 "$work/full/result.json" "$work/c/result.json" $op target
done
# auto: the first point full, calibrating each member; the next built for the calibrated flash.
run_cmd sweep "${G[@]}" --op 0,40 --precondition auto --round 2s --quiet --out "$work/auto"
[ "$rc" -eq 0 ] || fail "auto: exit $rc: $(cat "$work/stderr")"
json_check "$work/auto/result.json" '[p["method"] for p in d["points"]] == ["fresh", "constructed"]'
within2 "$work/full/result.json" "$work/auto/result.json" 40 calibrated
# Cut after its first point and resumed: each member calibrated again from the
# saved members' WA, the 40% point built the same.
cut_sweep "$work/auto/result.json" "$work/cut" 1
run_cmd sweep "${G[@]}" --resume "$work/cut" --quiet
[ "$rc" -eq 0 ] || fail "resumed: exit $rc: $(cat "$work/stderr")"
# The same points but the members' latency maxima: a member's window histogram is
# its cumulative one less the window's start, whose maximum only bounds the
# window's (engine/histogram.c lat_hist_subtract), so it depends on the points before.
python3 - "$work/auto/result.json" "$work/cut/result.json" <<'PY' || fail "the resumed group sweep differs"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for d in (a, b):
    for p in d["points"]:
        for m in p["members"]:
            m["lat_us"].pop("max")
for k in ("points", "knee", "settings", "group"):
    assert a[k] == b[k], k
PY

# Writes larger than a chunk write partial stripes: full, the reason saved and said once.
run_cmd sweep --raid 5 --chunk 4k "$R,seed=1" "$R,seed=2" "$R,seed=3" --bs 8k --op 20 --precondition constructed \
	--round 1s --quiet --out "$work/cross"
[ "$rc" -eq 0 ] || fail "8k over 4k chunks: exit $rc: $(cat "$work/stderr")"
json_check "$work/cross/result.json" '[p["method"] for p in d["points"]] == ["fresh"]'
json_check "$work/cross/result.json" \
	'd["points"][0]["construction"]["fallback"] == "RAID: 8 KiB writes cross its 4 KiB chunks"'
[ "$(grep -c 'full method: RAID: 8 KiB writes cross' "$work/stderr")" = 1 ] ||
	fail "the fallback's line: $(cat "$work/stderr")"
echo "sweep_construct_raid: ok"
