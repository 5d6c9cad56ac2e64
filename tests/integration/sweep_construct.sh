#!/bin/bash
# Fresh sweep points by construction (issue 28): one write of the flash at
# the offsets of greedy GC's steady state, then rounds, against SNIA's full
# procedure (purge, fill, rounds) at the same OP: steady IOPS and WA within
# 2%.  The whole matrix (every preset at 0, 20 and 40% OP) is
# bench/op_time.sh's "construct" variant; here two presets at one OP each,
# short rounds (virtual time) on 1 GiB drives.  auto (the default since
# issue 28) measures the first point the full way and constructs the next,
# each point records its method and its rounds' size; --precondition full
# keeps SNIA's; a skewed workload falls
# back to full and says why, once; so does a constructed point not steady.
# RAID groups: sweep_construct_raid.sh.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

ROUND=(--round 2s --quiet)
SKEW_ROUND=(--round 1s)

# within2 FULL CONSTRUCTED OP: IOPS and WA at OP within 2%, the second constructed and steady.
within2() {
	python3 - "$1" "$2" "$3" <<'PY' || fail "constructed against full at $3%: $1 $2"
import json, sys
op = float(sys.argv[3])
a = [p for p in json.load(open(sys.argv[1]))["points"] if p["op_percent"] == op][0]
b = [p for p in json.load(open(sys.argv[2]))["points"] if p["op_percent"] == op][0]
assert a["method"] == "fresh" and b["method"] == "constructed", (a["method"], b["method"])
assert b["steady_state"]["reached"]
for k in ("iops", "waf"):
    e = b[k] / a[k] - 1
    print(f"{op}% {k}: full {a[k]} constructed {b[k]} {e:+.2%}")
    assert abs(e) <= 0.02, (op, k, e)
PY
}
# --precondition constructed builds even the first point (the simulator gives its flash).
run_cmd sweep sim:sata-tlc,capacity=1G --op 40 --precondition full "${ROUND[@]}" --out "$work/sata-full"
[ "$rc" -eq 0 ] || fail "sata-tlc full: exit $rc: $(cat "$work/stderr")"
run_cmd sweep sim:sata-tlc,capacity=1G --op 40 --precondition constructed "${ROUND[@]}" --out "$work/sata-c"
[ "$rc" -eq 0 ] || fail "sata-tlc constructed: exit $rc: $(cat "$work/stderr")"
within2 "$work/sata-full/result.json" "$work/sata-c/result.json" 40
json_check "$work/sata-c/result.json" 'd["settings"]["precondition"] == "constructed"'
json_check "$work/sata-c/result.json" 'd["points"][0]["construction"]["native_source"] == "target"'
# Its rounds are sized by writes (a point at equilibrium needs no 60 s rounds):
# at least 65536 I/Os each, shorter than --round here, and the JSON says so.
json_check "$work/sata-c/result.json" \
	'(lambda p, c: c["round_writes"] * p["usable_bytes"] >= 0.999 * 65536 * 4096 and
	  all(b["t_s"] - a["t_s"] < 1.9 for a, b in zip(p["timeseries"], p["timeseries"][1:])))(
	  d["points"][0], d["points"][0]["construction"])'
json_check "$work/sata-full/result.json" \
	'all(b["t_s"] - a["t_s"] > 1.99 for a, b in zip(d["points"][0]["timeseries"], d["points"][0]["timeseries"][1:]))'
json_check "$work/sata-full/result.json" 'd["settings"]["precondition"] == "full"'
json_check "$work/sata-full/result.json" 'all("construction" not in p for p in d["points"])'

# auto: the first point full (it calibrates the flash), the next constructed.
run_cmd sweep sim:budget-tlc,capacity=1G --op 20 --precondition full "${ROUND[@]}" --out "$work/tlc-full"
[ "$rc" -eq 0 ] || fail "budget-tlc full: exit $rc: $(cat "$work/stderr")"
run_cmd sweep sim:budget-tlc,capacity=1G --op 0,20 --precondition auto "${ROUND[@]}" --out "$work/auto"
[ "$rc" -eq 0 ] || fail "auto: exit $rc: $(cat "$work/stderr")"
json_check "$work/auto/result.json" 'd["settings"]["precondition"] == "auto"'
json_check "$work/auto/result.json" '[p["method"] for p in d["points"]] == ["fresh", "constructed"]'
json_check "$work/auto/result.json" '"construction" not in d["points"][0]'
within2 "$work/tlc-full/result.json" "$work/auto/result.json" 20
# Built for the flash calibrated on the first point, written once: no fill.
json_check "$work/auto/result.json" \
	'all(p["construction"]["native_source"] == "calibrated" and p["fill"]["passes"] == 0 and
	     p["usable_bytes"] < p["construction"]["bytes_written"] < 1.3 * 2**30 for p in d["points"][1:])'
"$exe" report "$work/auto/result.json" >/dev/null 2>&1 || fail "report of the default sweep failed"

# A skewed workload: every point full, the reason in the document and one line.
run_cmd sweep sim:budget-tlc,capacity=1G --op 0,20 --precondition auto --random-dist hotcold:20/80 \
	"${SKEW_ROUND[@]}" \
	--out "$work/skew"
[ "$rc" -eq 0 ] || fail "skewed: exit $rc: $(cat "$work/stderr")"
json_check "$work/skew/result.json" '[p["method"] for p in d["points"]] == ["fresh", "fresh"]'
json_check "$work/skew/result.json" '"skewed" in d["points"][1]["construction"]["fallback"]'
[ "$(grep -c 'full method: a skewed' "$work/stdout" "$work/stderr" | awk -F: '{s += $2} END {print s}')" = 1 ] ||
	fail "the fallback's line: $(cat "$work/stdout" "$work/stderr")"

# A constructed point that is not steady is measured again the full way (the
# point says why, one line says so): sata-tlc 2 GiB at 0% OP in 1 s rounds.
# Each round writes 2% of the span, so the window's IOPS and WA may trend by
# at most 0.2% across it (precondition.c constructed_slope_limit), and at
# 10,000 IOPS they wander more than that: no window within --max-rounds 8
# and the write minimum.  (sata-tlc 1 GiB missed for another reason while
# the construction went in 4 KiB writes: WA 7.0 at the start against 7.6 at
# equilibrium; built in runs it starts at 7.69 against the full way's 7.67.
# budget-tlc 2 GiB at 40% rang while its dynamic SLC cache took the
# construction's first writes, before precondition.c exhaust_cache.)
run_cmd sweep sim:sata-tlc,capacity=2G --op 0 --precondition constructed --round 1s --max-rounds 8 --quiet \
	--out "$work/miss"
[ "$rc" -eq 0 ] || fail "not steady: exit $rc: $(cat "$work/stderr")"
json_check "$work/miss/result.json" '[p["method"] for p in d["points"]] == ["fresh"]'
json_check "$work/miss/result.json" '"not steady" in d["points"][0]["construction"]["fallback"]'
json_check "$work/miss/result.json" 'd["points"][0]["fill"]["passes"] > 0 and d["points"][0]["steady_state"]["reached"]'
grep -q '0% OP not steady when constructed: measured the full way' "$work/stderr" ||
	fail "the fallback's line: $(cat "$work/stderr")"

# Under a dynamic SLC cache (budget-tlc) the construction uses the cache up
# first, so the pattern lands in native cells: its first round is already at
# the equilibrium (the window may start there), WA within 2% of the full
# way's, and the cache write is recorded.  Before, the cache took the first
# writes, the rounds started at WA 1.13 and the point was not steady in 8.
run_cmd sweep sim:budget-tlc,capacity=2G --op 40 --precondition full --round 1s --quiet --out "$work/slc-full"
[ "$rc" -eq 0 ] || fail "budget-tlc 40% full: exit $rc: $(cat "$work/stderr")"
run_cmd sweep sim:budget-tlc,capacity=2G --op 40 --precondition constructed --round 1s --max-rounds 8 --quiet \
	--out "$work/slc-c"
[ "$rc" -eq 0 ] || fail "budget-tlc 40% constructed: exit $rc: $(cat "$work/stderr")"
within2 "$work/slc-full/result.json" "$work/slc-c/result.json" 40
json_check "$work/slc-c/result.json" \
	'(lambda p, c: p["steady_state"]["window"][0] <= 1 and
	  0.2 * c["native_bytes"] < c["cache_write_bytes"] < 0.5 * c["native_bytes"])(
	  d["points"][0], d["points"][0]["construction"])'

# A drive that states it has no write cache (dc-tlc: the simulator says
# its SLC cache, here none) has nothing to use up: its first constructed
# point writes the flash and no cache write (before: half the flash, 1.54x
# before the window, to find none).
run_cmd sweep sim:dc-tlc,capacity=1G --op 20 --precondition constructed --round 1s --quiet --out "$work/dc-c"
[ "$rc" -eq 0 ] || fail "dc-tlc 20% constructed: exit $rc: $(cat "$work/stderr")"
json_check "$work/dc-c/result.json" \
	'd["points"][0]["method"] == "constructed" and d["points"][0]["construction"]["cache_write_bytes"] == 0'

# The default is auto (issue 28; DESIGN.md 5 says why): its dry run says so
# and the rounds' size; --precondition full names no other method.
run_cmd sweep sim:budget-tlc,capacity=1G --op 0,20 --dry-run --out "$work/dflt"
[ "$rc" -eq 0 ] || fail "default dry run: exit $rc: $(cat "$work/stderr")"
grep -q -- '--precondition auto: fresh points after the first' "$work/stdout" ||
	fail "the default sweep is not auto: $(cat "$work/stdout")"
run_cmd sweep sim:budget-tlc,capacity=1G --op 0,20 --precondition full --dry-run --out "$work/dflt"
[ "$rc" -eq 0 ] || fail "full dry run: exit $rc: $(cat "$work/stderr")"
grep -q -- '--precondition' "$work/stdout" && fail "--precondition full names another: $(cat "$work/stdout")"

# Bad input: one line naming the values, exit 2, nothing written.
usage_error "full, constructed or auto" sweep sim:budget-tlc,capacity=1G --precondition half --out "$work/bad"
[ ! -e "$work/bad" ] || fail "--precondition half wrote $work/bad"
echo "sweep_construct: ok"
