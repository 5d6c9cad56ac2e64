#!/bin/sh
# SPDX-License-Identifier: MIT
# Time to an OP answer (issue 18), on the simulator's virtual clock:
#   bench/op_time.sh [SSDPROF] [CAPACITY] [PRESETS] [WORKDIR]
# For each preset: the fixed 0-40% grid in 2.5% steps (the reference, every
# point to steady state), the default adaptive sweep, and the adaptive sweep
# with the fast paths one by one and together (--fast).  Prints drive-hours,
# points by method, the knee, its error against the grid's and the time
# ratio.  A run whose result.json is already in WORKDIR is not run again.
# VARIANTS picks the runs (default all: grid full adaptive auto constructed
# rounds carry predict fast fast-check construct); at 1 TiB "grid adaptive
# fast" is what fits in an hour.  The grid and "full" keep SNIA's procedure
# on every point (--precondition full, 60 s rounds); "adaptive" is the
# default (--precondition auto since issue 28: the first point full, it
# calibrates, the next built by construction where that holds, in rounds of
# 0.05 x the span); "auto" asks for it by name; "constructed" builds the
# first point too where the target gives its flash (the simulator).
# "fast" is --fast, which on the simulator (a media counter) takes the
# default's way since issue 28's fourth round; "carry" and "predict" measure
# its fast paths one by one.
# "construct" measures every preset at 0, 20 and 40% OP constructed against
# the grid's full points there: IOPS and WA within 2%, and the flash written
# before the window (the cache write, the constructed write and the rounds
# before it, x the flash).
# Each run's wall and CPU time go to WORKDIR/NAME.time (/usr/bin/time -v).
# Release build recommended (meson setup build-rel -Dbuildtype=release).
set -eu
SSDPROF=${1:-build-rel/ssdprof}
CAP=${2:-16G}
PRESETS=${3:-"budget-tlc budget-qlc sata-tlc dc-tlc"}
WORK=${4:-/tmp/ssdprof-op-time}
VARIANTS=${VARIANTS:-"grid full adaptive auto constructed rounds carry predict fast fast-check construct"}
GRID=0,2.5,5,7.5,10,12.5,15,17.5,20,22.5,25,27.5,30,32.5,35,37.5,40
mkdir -p "$WORK"

run() {   # run NAME PRESET ARGS...
	name=$1 preset=$2
	shift 2
	case " $VARIANTS " in *" $name "*) ;; *) return 0 ;; esac
	out="$WORK/$preset-$CAP-$name"
	[ -f "$out/result.json" ] && grep -q '"complete": *true' "$out/result.json" && return 0
	rm -rf "$out"
	timed=""
	[ -x /usr/bin/time ] && timed="/usr/bin/time -v -o $out.time"
	$timed "$SSDPROF" sweep "sim:$preset,capacity=$CAP" --quiet --out "$out" "$@" >/dev/null 2>"$out.log" ||
		{ echo "$preset $name failed: see $out.log" >&2; return 1; }
}

for p in $PRESETS; do
	run grid "$p" --op "$GRID" --precondition full
	run full "$p" --precondition full
	run adaptive "$p"
	run auto "$p" --precondition auto
	run constructed "$p" --precondition constructed
	run rounds "$p" --round-writes 0.1
	run carry "$p" --carry-over --round-writes 0.1
	run predict "$p" --predict stop --round-writes 0.1
	run fast "$p" --fast
	run fast-check "$p" --carry-over --round-writes 0.1 --predict check
	run construct "$p" --op 0,20,40 --precondition constructed
done

python3 - "$WORK" "$CAP" $PRESETS <<'PY'
import json, os, sys
work, cap, presets = sys.argv[1], sys.argv[2], sys.argv[3:]
names = [("full", "adaptive --precondition full"), ("adaptive", "adaptive (default)"),
         ("auto", "adaptive --precondition auto"),
         ("constructed", "adaptive --precondition constructed"),
         ("rounds", "--round-writes 0.1"),
         ("carry", "--carry-over --round-writes 0.1"),
         ("predict", "--predict stop --round-writes 0.1"), ("fast", "--fast")]

def load(p, n):
    return json.load(open(f"{work}/{p}-{cap}-{n}/result.json"))

def hours(d):
    return sum(p["drive_seconds"] for p in d["points"]) / 3600

def pct(v, sign=""):
    # A knee the rule does not claim (more-op-keeps-paying, too-few-points) is null.
    return "none" if v is None else f"{v:{sign}.2f}"

print(f"capacity {cap}; drive-hours on the virtual clock; knee error against the fixed grid's")
print(f"{'preset':<11} {'sweep':<32} {'points':>6} {'fresh/carried/pred':>18} {'hours':>7} "
      f"{'knee %':>7} {'error':>6} {'time':>6}")
print(f"{'':<11} {'':<32} {'':>6} {'(+constructed)':>18}")
worst = {}
for p in presets:
    g = load(p, "grid")
    gh, gk = hours(g), g["knee"]["op_percent"]
    print(f"{p:<11} {'fixed grid 0-40% step 2.5':<32} {len(g['points']):>6} {'':>18} {gh:>7.3f} {pct(gk):>7}")
    for n, label in names:
        if not os.path.exists(f"{work}/{p}-{cap}-{n}/result.json"):
            continue
        d = load(p, n)
        m = [q.get("method", "fresh") for q in d["points"]]
        counts = f"{m.count('fresh')}/{m.count('carried-over')}/{m.count('predicted')}"
        if m.count("constructed"):
            counts += f"+{m.count('constructed')}"
        k = d["knee"]["op_percent"]
        ratio = hours(d) / gh
        # Both without a knee agree; one without and one with are as far apart as the range.
        err = 0 if k is None and gk is None else None if k is None or gk is None else k - gk
        print(f"{p:<11} {label:<32} {len(m):>6} {counts:>18} {hours(d):>7.3f} {pct(k):>7} "
              f"{pct(err, '+'):>6} {ratio:>6.1%}")
        # Where the time went: drive-hours per method (the first point apart).
        by = {}
        for q in d["points"][1:]:
            by[q.get("method", "fresh")] = by.get(q.get("method", "fresh"), 0) + q["drive_seconds"] / 3600
        print(f"{'':<11}   first point {d['points'][0]['drive_seconds'] / 3600:.3f} h "
              f"({d['points'][0].get('method', 'fresh')}), then " +
              ", ".join(f"{k} {v:.3f} h" for k, v in sorted(by.items())))
        w = worst.setdefault(label, [0, 0])
        w[0], w[1] = max(w[0], 100 if err is None else abs(err)), max(w[1], ratio)
print()
for label, (e, r) in worst.items():
    ok = "meets" if e <= 2.5 + 1e-9 and r <= 0.15 else "misses"
    print(f"{label:<32} worst knee error {e:.2f}% OP, worst time ratio {r:.1%}: {ok} the goal (2.5%, 15%)")

# Constructed points against the grid's full ones at the same OP (issue 28).
print("\nconstructed against full (grid) points: IOPS, WA, drive-hours, x the flash written before the window:")
for p in presets:
    if not os.path.exists(f"{work}/{p}-{cap}-construct/result.json"):
        continue
    full = {q["op_percent"]: q for q in load(p, "grid")["points"]}
    for q in load(p, "construct")["points"]:
        f = full.get(q["op_percent"])
        if not f:
            continue
        di, dw = q["iops"] / f["iops"] - 1, q["waf"] / f["waf"] - 1
        c = q.get("construction") or {}
        ts = q["timeseries"]
        first = q["steady_state"]["window"][0] if q["steady_state"]["window"] else len(ts)
        # The cache write, the constructed write, then the rounds before the window (each writes a window round's share).
        before = (c.get("cache_write_bytes") or 0) + (c.get("bytes_written") or 0) + \
            q["host_bytes_written"] / 5 * first
        flash = c.get("native_bytes") or q["usable_bytes"]
        print(f"  {p:<11} {q['op_percent']:>5.1f}% {q['method']:<11} IOPS {di:+6.2%} WA {dw:+6.2%} "
              f"{q['drive_seconds'] / 3600:6.3f} h (full {f['drive_seconds'] / 3600:6.3f} h) "
              f"{before / flash:4.2f}x before the window "
              f"{'ok' if abs(di) <= 0.02 and abs(dw) <= 0.02 else 'OUTSIDE 2%'}")

# Predictions recorded beside the run-on SNIA window (--predict check).
print("\nprediction against the run-on window (--predict check):")
for p in presets:
    if not os.path.exists(f"{work}/{p}-{cap}-fast-check/result.json"):
        continue
    for q in load(p, "fast-check")["points"]:
        pr = q.get("prediction")
        if not pr:
            continue
        for key in ("iops", "waf"):
            v, h, w = pr[key], pr[key + "_halfwidth"], q[key]
            if v is None or w is None:
                continue
            err = v - w
            print(f"  {p:<11} {q['op_percent']:>6.2f}% {key:<4} predicted {v:>10.4g} +- {h:<8.3g} after "
                  f"{pr['rounds']:>2} rounds, window {w:>10.4g} after {q['steady_state']['rounds']:>2}: "
                  f"error {err / w:+.2%} {'within' if abs(err) <= h else 'OUTSIDE'}")
PY
