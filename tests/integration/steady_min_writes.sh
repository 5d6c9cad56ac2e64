#!/bin/bash
# A window counts as steady only after the rounds wrote --min-writes x the
# span (default 1x): before that a drive at its command cap shows flat IOPS
# at WA 1.0 because GC has not started, and the SNIA rule alone passes it.
# Here rounds of 100 ms write under 4% of a 60% span each, as 60 s rounds
# do on a 1 TiB drive.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

SIM=sim:budget-tlc,capacity=1G
ARGS=(--span 60 --round 100ms --quiet)

# The SNIA rule alone: steady at the first window, GC not begun.
run_cmd precondition "$SIM" "${ARGS[@]}" --min-writes 0 --out "$work/snia"
[ "$rc" -eq 0 ] || fail "--min-writes 0: exit $rc: $(cat "$work/stderr")"
json_check "$work/snia/result.json" 'd["precondition"]["steady_state"]["rounds"] == 5 and d["precondition"]["waf"] < 1.05'

# The default: warm-up rounds until a drive-write, then a window at the GC equilibrium.
run_cmd precondition "$SIM" "${ARGS[@]}" --out "$work/def"
[ "$rc" -eq 0 ] || fail "default: exit $rc: $(cat "$work/stderr")"
json_check "$work/def/result.json" 'd["settings"]["min_writes"] == 1.0'
json_check "$work/def/result.json" 'd["precondition"]["steady_state"]["stop_reason"] == "steady"'
json_check "$work/def/result.json" 'd["precondition"]["steady_state"]["rounds"] >= 25 and d["precondition"]["waf"] > 1.3'
# The window's rounds all ran past the GC onset.
json_check "$work/def/result.json" 'min(r["waf"] for r in d["precondition"]["timeseries"][-5:]) > 1.3'
"$exe" report "$work/def/result.json" >/dev/null 2>&1 || fail "report of the default run failed"

# The space past the span is spare after the purge: GC starts only once the
# rounds have written it, so the minimum is 1x the span plus that space
# (1 + 40/60 here).  Without it the window ended at about 1x, just after GC
# began (sata-tlc at 1 TiB, 40% OP: WA 16% high, the knee 9% OP low).
# Prints, for each point (or the precondition), its OP % and what the rounds
# wrote through the window, x the span.
written_through_window() {
	python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
if "points" in d:
    runs = d["points"]
else:
    mib = 1 << 20
    span = d["settings"]["span_percent"]
    usable = int(d["target"]["capacity_bytes"] * span / 100) // mib * mib
    runs = [dict(d["precondition"], usable_bytes=usable, op_percent=100 - span)]
for p in runs:
    ts, w = p["timeseries"], p["steady_state"]["window"]
    prev = tot = 0.0
    for r in ts[: w[1] + 1]:
        tot += r["mbps"] * 1e6 * (r["t_s"] - prev)
        prev = r["t_s"]
    print(p["op_percent"], tot / p["usable_bytes"])
PY
}
# Each window ends once 1x + spare/span is written (within a round: 4% of the span).
check_written() {   # FILE
	written_through_window "$1" | while read -r op x; do
		python3 -c "import sys; op, x = float('$op'), float('$x'); need = 1 + op / (100 - op)
sys.exit(0 if need * 0.99 <= x <= need + 0.1 else 1)" ||
			fail "$1: the window at ${op}% OP ended after ${x}x the span written, not 1 + spare/span"
	done
}
check_written "$work/def/result.json"
# --precondition full: the rule is the full method's (a constructed point, the default's after
# the first, writes the flash whole and has its own minimum, sweep_construct.sh).
run_cmd sweep "$SIM" --op 0,40 --round 100ms --quiet --precondition full --out "$work/sweep"
[ "$rc" -eq 0 ] || fail "sweep --op 0,40: exit $rc: $(cat "$work/stderr")"
check_written "$work/sweep/result.json"

# Warm-up rounds do not use up --max-rounds: 5 counted rounds still reach the minimum.
run_cmd precondition "$SIM" "${ARGS[@]}" --max-rounds 5 --out "$work/five"
[ "$rc" -eq 0 ] || fail "--max-rounds 5: exit $rc: $(cat "$work/stderr")"
json_check "$work/five/result.json" 'd["precondition"]["steady_state"]["stop_reason"] == "steady"'
json_check "$work/five/result.json" 'd["precondition"]["waf"] > 1.3'

# --max-writes still caps everything, warm-up included.
run_cmd precondition "$SIM" "${ARGS[@]}" --max-writes 0.3 --out "$work/cap"
[ "$rc" -eq 0 ] || fail "--max-writes 0.3: exit $rc: $(cat "$work/stderr")"
json_check "$work/cap/result.json" 'd["precondition"]["steady_state"]["stop_reason"] == "max-writes"'
json_check "$work/cap/result.json" 'not d["precondition"]["steady_state"]["reached"]'

# Out of range.
for bad in -1 101 x; do
	run_cmd precondition "$SIM" "${ARGS[@]}" --min-writes "$bad" --dry-run
	[ "$rc" -eq 2 ] || fail "--min-writes $bad: exit $rc"
	grep -q -- '--min-writes' "$work/stderr" || fail "--min-writes $bad: $(cat "$work/stderr")"
done
echo "steady_min_writes: ok"
