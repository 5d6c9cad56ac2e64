#!/bin/bash
# ssdprof db and PTS results (docs/store.md): the pts fixtures of tests/data
# and a result of every test made here on small simulated drives are
# imported; every cell, DIRTH point and time-series phase is checked
# against its document (figures read from the JSON here, none written into
# the test), a cell not measured is null, never 0; importing again adds
# nothing; db pts answers the latest run of each test per drive, narrowed by
# --test, --model and --serial, in 80 columns; a hostile document is refused
# whole; a store of schema 1 is brought up to date by import, its pts runs
# tabled from their stored documents.
# Arguments: SSDPROF DATA_DIR (tests/data).
set -eu
. "$(dirname "$0")/lib.sh"
data=$(cd "$2" && pwd)
setup "$@"

mkdir -p docs/hir-fixture docs/latency-fixture
cp "$data/report_pts_hir.json" docs/hir-fixture/result.json
cp "$data/report_pts_latency.json" docs/latency-fixture/result.json
# Small runs (seconds each): 512-byte LBAs so every size is measured, but iops on 4 KiB LBAs: its 0.5k
# cells are not measured (null).
S='sim:dc-tlc,capacity=1G,lba=512'
R='--max-rounds 5 --min-writes 0 --fill-passes 1 --quiet'
for t in latency throughput cbw dirth; do
	# shellcheck disable=SC2086
	"$exe" pts $t "$S" --cell-time 20ms $R --out "docs/$t" 2>/dev/null || fail "pts $t failed"
done
# shellcheck disable=SC2086
"$exe" pts iops 'sim:budget-tlc,capacity=1G' --cell-time 5ms $R --out docs/iops 2>/dev/null || fail "pts iops failed"
"$exe" pts wsat "$S" --cell-time 100ms --writes 1 --quiet --out docs/wsat 2>/dev/null || fail "pts wsat failed"
"$exe" pts xsr "$S" --cell-time 100ms --writes 0.5 --quiet --out docs/xsr 2>/dev/null || fail "pts xsr failed"

run_cmd db import --db lab.db docs
[ "$rc" = 0 ] || fail "import: exit $rc: $(cat "$work/stderr")"
grep -q "db import: 9 added, 0 already in the store, 0 refused" "$work/stderr" || fail "import: $(cat "$work/stderr")"

# Every document's rows against the document.
python3 - lab.db <<'PY' || fail "the store's pts rows against the documents"
import json, math, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.row_factory = sqlite3.Row
assert c.execute("PRAGMA user_version").fetchone()[0] == 2
seen = set()
for run in c.execute("SELECT r.id, r.source, p.test, p.stages FROM runs r JOIN pts_runs p ON p.run_id = r.id"):
    d = json.load(open(run["source"]))
    pts = d["pts"]
    assert run["test"] == pts["test"] and run["stages"] == len(pts["stages"]), (run["source"], dict(run))
    seen.add(pts["test"])
    cells = c.execute("SELECT * FROM pts_cells WHERE run_id = ? ORDER BY stage, idx", (run["id"],)).fetchall()
    want = [(s, i, x, st) for s, st in enumerate(pts["stages"]) for i, x in enumerate(st["cells"])]
    assert len(cells) == len(want), (run["source"], len(cells), len(want))
    for row, (s, i, x, st) in zip(cells, want):
        assert (row["stage"], row["idx"]) == (s, i)
        assert row["bs"] == x["bs"] and row["read_pct"] == x["read_pct"] and row["rw"] == x["rw"]
        assert row["workload"] == x.get("workload") and row["threads"] == x.get("threads")
        assert row["qd"] == x.get("qd", st["qd"]), (dict(row), x)
        # Null stays null (a 0.5k cell on 4 KiB LBAs): never 0.
        for col, v in (("iops", x["iops"]), ("mbps", x["mbps"]), ("lat_mean_us", x["lat_us"]["mean"]),
                       ("lat_p99999_us", x["lat_us"]["p99_999"]), ("lat_max_us", x["lat_us"]["max"])):
            assert (row[col] is None) == (v is None), (run["source"], col, row[col], v)
            assert v is None or math.isclose(row[col], v), (col, row[col], v)
        ss = st["steady_state"]
        single = ss["stop_reason"] == "single pass"
        assert row["steady"] == (None if single else int(ss["reached"])), (dict(row), ss)
        assert row["tracked"] == int(not single and ss["tracked_cell"] == i)
        w = ss["window"]
        assert row["window_rounds"] == (w[1] - w[0] + 1 if w and not single else None), (dict(row), ss)
        if x.get("workload"):
            assert row["label"] == "%s %d/%d" % (x["workload"], x["read_pct"], 100 - x["read_pct"])
        elif x.get("threads"):
            assert row["label"] == "T%d Q%d" % (x["threads"], x["thread_qd"])
        else:
            assert row["label"] == "%gk %d/%d" % (x["bs"] / 1024, x["read_pct"], 100 - x["read_pct"])
    if pts["test"] == "iops":
        assert len(cells) == 56
        assert [r["iops"] for r in cells if r["bs"] == 512] == [None] * 7, "0.5k on 4 KiB LBAs: null"
    # DIRTH's points mark their cells of the pass, with the point's 99%.
    marks = c.execute("SELECT idx, dirth_point, lat_p99_us FROM pts_cells WHERE run_id = ? AND dirth_point"
                      " IS NOT NULL ORDER BY idx", (run["id"],)).fetchall()
    points = (pts.get("dirth") or {}).get("points", [])
    assert sorted((m["idx"], m["dirth_point"], m["lat_p99_us"]) for m in marks) == \
        sorted((p["cell"], p["point"], p["lat_us"]["p99"]) for p in points), (marks, points)
    # The phases of a time-series test, HIR's against its steady state.
    phases = c.execute("SELECT * FROM pts_phases WHERE run_id = ? ORDER BY idx", (run["id"],)).fetchall()
    want = (pts.get("series") or {}).get("phases", [])
    assert len(phases) == len(want), (run["source"], len(phases), len(want))
    for row, ph in zip(phases, want):
        assert row["name"] == ph["name"] and row["bs"] == ph["bs"] and row["bytes"] == ph["bytes"]
        assert math.isclose(row["iops"], ph["iops"]) and (row["settle_s"] is None) == (ph["settle_s"] is None)
        if pts["test"] == "hir":
            base = pts["stages"][0]["cells"][0]["iops"]
            assert math.isclose(row["vs_steady_pct"], 100 * (ph["iops"] / base - 1)), (dict(row), base)
        else:
            assert row["vs_steady_pct"] is None
assert seen == {"iops", "latency", "throughput", "wsat", "hir", "xsr", "cbw", "dirth"}, seen
PY

counts() {
	python3 -c '
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(" ".join("%s=%d" % (t, c.execute("SELECT count(*) FROM " + t).fetchone()[0])
               for t in ("runs", "drives", "pts_runs", "pts_cells", "pts_phases")))' "$1"
}
before=$(counts lab.db)
# Again, from a copy elsewhere: nothing added.
cp -r docs again
run_cmd db import --db lab.db again
[ "$rc" = 0 ] && grep -q "0 added, 9 already in the store" "$work/stderr" || fail "re-import: $(cat "$work/stderr")"
[ "$(counts lab.db)" = "$before" ] || fail "re-import changed the store: $before -> $(counts lab.db)"

# db pts: the latest of each test per drive; --json's rows against the store's.
run_cmd db pts --db lab.db --json
[ "$rc" = 0 ] || fail "db pts --json: exit $rc: $(cat "$work/stderr")"
python3 - "$work/stdout" <<'PY' || fail "db pts --json"
import json, sys
a = json.load(open(sys.argv[1]))
runs = a["runs"]
# Two latency results (the fixture's sata-tlc, dc-tlc here) on two drives: both; one of every other test.
assert sorted(r["test"] for r in runs) == sorted(["iops", "latency", "latency", "throughput", "wsat", "hir",
                                                 "xsr", "cbw", "dirth"]), runs
assert len(a["cells"]) == 56 + 9 + 9 + 4 + 1 + 50 + 1, len(a["cells"])
assert len(a["phases"]) == 10 + 1 + 3, len(a["phases"])
assert {x["run"] for x in a["cells"] + a["phases"]} <= {r["run"] for r in runs}
PY
run_cmd db pts --db lab.db --test latency --serial SIM-sata-tlc-1 --json
json_check "$work/stdout" '[r["serial"] for r in d["runs"]] == ["SIM-sata-tlc-1"] and len(d["cells"]) == 9'
run_cmd db pts --db lab.db --test iops --model 'ssdprof simulated budget-tlc' --json
json_check "$work/stdout" '[r["test"] for r in d["runs"]] == ["iops"] and len(d["cells"]) == 56 and not d["phases"]'
run_cmd db pts --db lab.db --model 'no such model'
[ "$rc" = 0 ] && grep -q "no PTS results" "$work/stdout" || fail "db pts of no model: $rc $(cat "$work/stdout")"

# The table: every line in 80 columns; the IOPS matrix a row per mix, 0.5k not measured.
run_cmd db pts --db lab.db
[ "$rc" = 0 ] || fail "db pts: exit $rc: $(cat "$work/stderr")"
awk 'length > 80 { print "line " NR ": " length " columns"; bad = 1 } END { exit bad }' "$work/stdout" \
	|| fail "db pts: lines past 80 columns: $(cat "$work/stdout")"
for mix in 100/0 95/5 65/35 50/50 35/65 5/95 0/100; do
	grep -qE "^  $mix +[0-9]+ .* n/a$" "$work/stdout" || fail "db pts: no IOPS row of $mix: $(cat "$work/stdout")"
done
for t in iops latency throughput wsat hir xsr cbw dirth; do
	grep -q ": pts $t (run " "$work/stdout" || fail "db pts: no $t result: $(cat "$work/stdout")"
done
for p in max mid min; do
	grep -qE "^  T[0-9]+ Q[0-9]+ .* $p$" "$work/stdout" || fail "db pts: DIRTH's $p point not marked"
done
grep -q "wait 50s" "$work/stdout" && grep -q "vs steady" "$work/stdout" || fail "db pts: HIR's phases"

# Bad input: one line, exit 2.
usage_error "is not a PTS test" db pts --db lab.db --test 'iops;--'
usage_error "go with db pts" db drives --db lab.db --test iops
usage_error "given twice" db pts --db lab.db --model a --model b

# A hostile document: a DIRTH point past its pass's cells is refused whole; the good one beside it is imported.
mkdir bad
python3 - docs/dirth/result.json bad/result.json docs/cbw/result.json bad2.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["pts"]["dirth"]["points"][0]["cell"] = 50   # within the loader's 0..55, past the pass's 49
d["command"] = "hostile"
json.dump(d, open(sys.argv[2], "w"))
g = json.load(open(sys.argv[3]))
g["command"] = "another cbw"
json.dump(g, open(sys.argv[4], "w"))
PY
before=$(counts lab.db)
run_cmd db import --db lab.db bad bad2.json
[ "$rc" = 2 ] && grep -q "refused bad/result.json: pts: dirth.points\[0\].cell" "$work/stderr" \
	&& grep -q "1 added, 0 already in the store, 1 refused" "$work/stderr" || fail "hostile: $(cat "$work/stderr")"
python3 - lab.db <<'PY' || fail "hostile document: rows left"
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
assert c.execute("SELECT count(*) FROM runs WHERE command = 'hostile'").fetchone()[0] == 0
assert c.execute("SELECT count(*) FROM pts_cells WHERE run_id NOT IN (SELECT id FROM runs)").fetchone()[0] == 0
assert c.execute("SELECT count(*) FROM pts_cells c JOIN runs r ON r.id = c.run_id WHERE r.command = 'another cbw'"
                 ).fetchone()[0] == 1
PY

# A model and serial with control bytes: shown escaped, never sent to the terminal.
python3 - docs/cbw/result.json ctl.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["target"]["model"] = "M\u001b[31m'; DROP TABLE pts_cells;--"
d["target"]["serial"] = "S\u0007"
json.dump(d, open(sys.argv[2], "w"))
PY
run_cmd db import --db lab.db ctl.json
[ "$rc" = 0 ] || fail "import of a control-byte model: $(cat "$work/stderr")"
run_cmd db pts --db lab.db --test cbw
[ "$rc" = 0 ] && grep -qF 'M\x1b[31m' "$work/stdout" || fail "db pts: the model not escaped: $(cat -v "$work/stdout")"
! grep -q $'[\x1b\x07]' "$work/stdout" || fail "db pts sent a control byte: $(cat -v "$work/stdout")"
awk 'length > 80 { bad = 1 } END { exit bad }' "$work/stdout" || fail "db pts: over 80 columns: $(cat "$work/stdout")"

# A store of schema 1 (as an ssdprof before PTS tables made it): the questions read it, db pts asks for an
# import, and import brings it to schema 2 with its pts runs tabled as a new store has them.
cp lab.db v1.db
python3 - v1.db <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for t in ("pts_runs", "pts_cells", "pts_phases"):
    c.execute("DROP TABLE " + t)
c.execute("PRAGMA user_version = 1")
c.commit()
PY
run_cmd db drives --db v1.db
[ "$rc" = 0 ] || fail "db drives on a schema 1 store: exit $rc: $(cat "$work/stderr")"
usage_error "a store of schema 1" db pts --db v1.db
run_cmd db import --db v1.db "$data/report_sweep_dc.json"
[ "$rc" = 0 ] || fail "import into a schema 1 store: exit $rc: $(cat "$work/stderr")"
python3 - v1.db lab.db <<'PY' || fail "the upgraded store's pts rows"
import sqlite3, sys
a, b = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2])
assert a.execute("PRAGMA user_version").fetchone()[0] == 2
for t in ("pts_runs", "pts_cells", "pts_phases"):
    ra = a.execute("SELECT * FROM %s ORDER BY 1, 2, 3" % t).fetchall()
    rb = b.execute("SELECT * FROM %s ORDER BY 1, 2, 3" % t).fetchall()
    assert ra == rb, (t, len(ra), len(rb))
PY
run_cmd db pts --db v1.db --test hir --json
json_check "$work/stdout" 'len(d["phases"]) == 10'

echo "db_pts: ok"
