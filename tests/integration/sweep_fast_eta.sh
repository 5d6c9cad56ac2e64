#!/bin/bash
# A --fast sweep's estimates (issue 18): the dry run's drive time and the
# live ETA know about shortened rounds, carried points and prediction, so
# they come within a factor of the real drive time (the full-round figures
# they replace were 60-80x too long on this drive).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

target=sim:budget-tlc,capacity=1G
# Where points are constructed (a drive that counts its media writes) --fast
# takes the default's way, which is faster there: no carried point, no
# prediction, the constructed rounds (shorter ones, and the first point
# built too where the target states its flash).
run_cmd sweep "$target" --fast --dry-run
[ "$rc" = 0 ] || fail "--fast --dry-run exited $rc: $(cat "$work/stderr")"
sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  */ /g' "$work/stdout" >"$work/joined"
grep -q -- "--fast: the points here are built by construction" "$work/joined" &&
	! grep -q -- "--carry-over:\|carried over\|--predict" "$work/joined" ||
	fail "--fast on a constructing target still carries over or predicts: $(cat "$work/stdout")"
grep -q -- "the first too where the target states its flash, and each in rounds of 0.02 x the span" "$work/joined" ||
	fail "--fast's dry run does not say how it builds the points: $(cat "$work/stdout")"
# And does it (issue 28): every point built, the first too (the simulator
# states its flash, so no full point calibrates), the rounds' share saved
# for --resume, each point's rounds that share raised to 65,536 writes.
run_cmd sweep "$target" --fast --op 0,40 --quiet --out "$work/fc"
[ "$rc" = 0 ] || fail "--fast sweep exited $rc: $(cat "$work/stderr")"
json_check "$work/fc/result.json" '[p["method"] for p in d["points"]] == ["constructed", "constructed"]'
json_check "$work/fc/result.json" 'd["settings"]["constructed_round_writes"] == 0.02 and d["settings"]["precondition"] == "constructed"'
json_check "$work/fc/result.json" 'all(abs(p["construction"]["round_writes"] - max(0.02, 65536 * 4096 / p["usable_bytes"])) < 1e-3 for p in d["points"])'
# Asked for by name, auto stays: its first point calibrates the full way.
run_cmd sweep "$target" --fast --precondition auto --op 0,40 --quiet --out "$work/fa"
[ "$rc" = 0 ] || fail "--fast --precondition auto exited $rc: $(cat "$work/stderr")"
json_check "$work/fa/result.json" '[p["method"] for p in d["points"]] == ["fresh", "constructed"] and d["settings"]["precondition"] == "auto"'
# The fast paths themselves, where points are measured the full way.
run_cmd sweep "$target" --fast --precondition full --dry-run
[ "$rc" = 0 ] || fail "--fast --dry-run exited $rc: $(cat "$work/stderr")"
# (The sentence is wrapped at 80 columns, its continuations indented two: joined again here.)
sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  / /g' "$work/stdout" | grep -q '^estimate: .*rounds of 0.1 x the span.*carried over' ||
	fail "the estimate does not name the fast paths: $(grep estimate "$work/stdout")"
cp "$work/stdout" "$work/dry"
run_cmd sweep "$target" --fast --precondition full --quiet --out "$work/sw" --events "$work/ev"
[ "$rc" = 0 ] || fail "--fast sweep exited $rc: $(cat "$work/stderr")"
python3 - "$work/dry" "$work/sw/result.json" "$work/ev" <<'PY' || fail "estimates against the real drive time"
import json, re, sys
dry, res, evp = sys.argv[1:]
m = re.search(r'about ([0-9.]+) (s|min|h) of drive time', open(dry).read())
est = float(m.group(1)) * {'s': 1, 'min': 60, 'h': 3600}[m.group(2)]
real = sum(p['drive_seconds'] for p in json.load(open(res))['points'])
print('dry run %.0f s, real %.0f s' % (est, real))
assert real / 2 <= est <= real * 2, 'dry-run estimate %.0f s, real %.0f s' % (est, real)
evs = [json.loads(l) for l in open(evp)]
end = evs[-1]['virtual_s']
for q in (0.5, 0.75):
    e = next(x for x in evs if x['fraction'] >= q and x['eta_s'] is not None)
    pred = e['virtual_s'] + e['eta_s']
    print('at %.0f%%: predicted end %.0f s, real %.0f s' % (q * 100, pred, end))
    assert abs(pred / end - 1) <= 0.4, 'at %.0f%% the ETA says %.0f s, the sweep ended at %.0f s' % (q * 100, pred, end)
PY
echo PASS
