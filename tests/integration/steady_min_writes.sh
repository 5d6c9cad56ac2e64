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
