#!/bin/bash
# ssdprof db: import results of every kind (the report fixtures of
# tests/data, and slc, run and precondition results made here on small
# simulated drives); importing again adds nothing; each question's answer
# is checked against the documents themselves (figures computed here from
# the JSON, not written into the test); a model that looks like SQL is a
# string like any other; compare --db takes drives from the store.
# Arguments: SSDPROF DATA_DIR (tests/data).
set -eu
. "$(dirname "$0")/lib.sh"
data=$(cd "$2" && pwd)
setup "$@"

# Every fixture in a folder of its own, in a fixed order: the walk goes by name.
mkdir docs
i=10
for f in "$data"/report_*.json; do
	mkdir "docs/$i-$(basename "$f" .json)"
	cp "$f" "docs/$i-$(basename "$f" .json)/result.json"
	i=$((i + 1))
done
# Real results of small runs (a second or two each).
"$exe" slc 'sim:budget-tlc,capacity=1G' --quiet --out docs/80-slc 2>/dev/null || fail "slc failed"
"$exe" run 'sim:dc-tlc,capacity=1G' --time 1s --quiet --out docs/81-run 2>/dev/null || fail "run failed"
# A model and serial that look like SQL and carry a control byte: strings like any other.
python3 - "$data/report_sweep_dc.json" docs/90-hostile/result.json <<'EOF'
import json, os, sys
d = json.load(open(sys.argv[1]))
d["target"]["model"] = "x'); DROP TABLE runs;--"
d["target"]["serial"] = "S\u001b[31m'OR'1'='1"
os.makedirs(os.path.dirname(sys.argv[2]))
json.dump(d, open(sys.argv[2], "w"), indent=1)
EOF

# counts DB: the rows of every table, one line.
counts() {
	python3 -c '
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(" ".join("%s=%d" % (t, c.execute("SELECT count(*) FROM " + t).fetchone()[0])
      for t in ("hosts", "drives", "runs", "points", "slc", "verdicts", "requirements")))' "$1"
}

run_cmd db import --db lab.db docs
[ "$rc" = 0 ] || fail "db import: exit $rc: $(cat stderr)"
ndocs=$(find docs -name result.json | wc -l)
grep -qx "db import: $ndocs added, 0 already in the store, 0 refused" stderr || fail "db import: $(cat stderr)"
first=$(counts lab.db)

# Idempotent: again, and the same documents from another folder (layout aside: compact JSON).
mkdir again
python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1])), open(sys.argv[2], "w"))' \
	"$(ls -d docs/*-report_qualify | head -1)/result.json" again/result.json
run_cmd db import --db lab.db docs again
[ "$rc" = 0 ] || fail "db import again: exit $rc: $(cat stderr)"
grep -qx "db import: 0 added, $((ndocs + 1)) already in the store, 0 refused" stderr || fail "import again: $(cat stderr)"
[ "$(counts lab.db)" = "$first" ] || fail "import twice: $first, then $(counts lab.db)"

# The answers against the documents.
for q in drives best-op; do
	"$exe" db "$q" --db lab.db --json >"$q.json" || fail "db $q --json failed"
	"$exe" db "$q" --db lab.db >"$q.txt" || fail "db $q failed"
done
"$exe" db serial SIM-budget-tlc-1 --db lab.db --json >serial.json || fail "db serial failed"
"$exe" db serial SIM-budget-tlc-1 --db lab.db >serial.txt || fail "db serial (table) failed"
"$exe" db model 'ssdprof simulated dc-tlc' --db lab.db --json >model.json || fail "db model failed"
"$exe" db model "x'); DROP TABLE runs;--" --db lab.db --json >hostile.json || fail "db model (hostile) failed"
python3 - docs <<'EOF' || fail "the store's answers differ from the documents"
import json, math, os, sys

docs = []   # (order, doc), in the order the walk imports them
for root, dirs, files in os.walk(sys.argv[1]):
    dirs.sort()
    if "result.json" in files:
        docs.append(json.load(open(os.path.join(root, "result.json"))))
order = {id(d): i for i, d in enumerate(docs)}
def latest(items):  # (doc, value): by start time, then import order, as the store says "latest"
    return max(items, key=lambda x: (x[0].get("started") is not None, x[0].get("started") or "", order[id(x[0])]))[1]
def near(a, b):
    return (a is None and b is None) or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9))
def rec_point(d):
    rec = d["knee"].get("recommended_op_percent")
    return next((p for p in d["points"] if p.get("op_percent") == rec), None)

drives = {r["serial"]: r for r in json.load(open("drives.json")) if r["serial"]}
serials = {d["target"]["serial"] for d in docs if d["target"].get("serial")}
serials |= {x["target"]["serial"] for d in docs if d.get("kind") == "qualify" for x in d["drives"]
            if x["target"].get("serial")}
assert set(drives) == serials, (set(drives), serials)
for s in serials:
    verdicts = [(d, x) for d in docs if d.get("kind") == "qualify" for x in d["drives"]
                if x["target"].get("serial") == s]
    sweeps = [(d, d) for d in docs if d.get("kind") == "sweep" and d["complete"] and d["target"].get("serial") == s]
    v = latest(verdicts) if verdicts else None
    sw = latest(sweeps) if sweeps else None
    assert drives[s]["verdict"] == (v["verdict"] if v else None), s
    op = v["chosen_op_percent"] if v and v["chosen_op_percent"] is not None else (
        sw["knee"]["recommended_op_percent"] if sw else None)
    assert near(drives[s]["recommended_op_percent"], op), (s, drives[s], op)
    p = rec_point(sw) if sw else None
    assert near(drives[s]["steady_iops"], p["iops"] if p else None), (s, drives[s])

best = {r["model"]: r for r in json.load(open("best-op.json"))}
models = {}
for d in docs:
    if d.get("kind") == "sweep" and d["complete"] and d["knee"].get("recommended_op_percent") is not None:
        models.setdefault(d["target"].get("model"), []).append(d)
assert set(best) == set(models), (set(best), set(models))
for m, ds in models.items():
    votes = {}
    for d in ds:
        votes.setdefault(d["knee"]["recommended_op_percent"], []).append(d)
    op = min(votes, key=lambda o: (-len(votes[o]), o))
    r = best[m]
    assert near(r["best_op_percent"], op) and r["sweeps_recommending"] == len(votes[op]) and r["sweeps"] == len(ds), r
    iops = [rec_point(d)["iops"] for d in votes[op]]
    assert near(r["mean_iops"], sum(iops) / len(iops)), r

hist = json.load(open("serial.json"))
want = sorted([d.get("kind") or "run" for d in docs if d["target"].get("serial") == "SIM-budget-tlc-1"] +
              ["qualify" for d in docs if d.get("kind") == "qualify" for x in d["drives"]
               if x["target"].get("serial") == "SIM-budget-tlc-1"])
assert sorted(r["kind"] for r in hist) == want, (sorted(r["kind"] for r in hist), want)
for r in hist:
    if r["kind"] == "slc":
        d = next(d for d in docs if d.get("kind") == "slc" and d["target"].get("serial") == "SIM-budget-tlc-1")
        assert near(r["post_cache_mbps"], d["slc"]["post_cache_mbps"]), r
model = json.load(open("model.json"))
assert {r["model"] for r in model} == {"ssdprof simulated dc-tlc"}
assert len(model) == sum(d["target"].get("model") == "ssdprof simulated dc-tlc" for d in docs) + sum(
    x["target"].get("model") == "ssdprof simulated dc-tlc" for d in docs if d.get("kind") == "qualify"
    for x in d["drives"])
hostile = json.load(open("hostile.json"))
assert len(hostile) == 1 and hostile[0]["serial"] == "S\u001b[31m'OR'1'='1", hostile
EOF
[ "$(counts lab.db)" = "$first" ] || fail "a hostile model changed the store: $(counts lab.db)"
for f in drives.txt best-op.txt serial.txt; do
	awk 'length > 80 { exit 1 }' "$f" || fail "db: a line of $f is wider than 80 columns: $(cat "$f")"
	! grep -q $'\x1b' "$f" || fail "db: $f sends a control byte to the terminal"
done
grep -q 'SIM-budget-tlc-1' drives.txt || fail "db drives: no table: $(cat drives.txt)"

# compare takes drives from the store: each serial's latest sweep.
run_cmd compare --db lab.db SIM-dc-tlc-1 FAKE0001 -o cmp.html
[ "$rc" = 0 ] && [ -s cmp.html ] || fail "compare --db: exit $rc: $(cat stderr)"
grep -q 'SIM-dc-tlc-1' stdout && grep -q 'FAKE0001' stdout || fail "compare --db: $(cat stdout)"
usage_error "no sweep result of serial NOPE" compare --db lab.db SIM-dc-tlc-1 NOPE
# The fleet page: every drive of the store, ranked (passed, none, failed; then by steady IOPS), with its verdict.
run_cmd report --fleet --db lab.db -o fleet/
[ "$rc" = 0 ] && [ -s fleet/fleet.html ] || fail "report --fleet: exit $rc: $(cat stderr)"
grep -qx "report: fleet/fleet.html" stderr || fail "report --fleet: $(cat stderr)"
python3 - fleet/fleet.html drives.json <<'EOF' || fail "the fleet page's rows differ from db drives"
import html, json, re, sys
page = open(sys.argv[1]).read()
rows = [[html.unescape(re.sub("<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)]
rows = [r for r in rows if r]
drives = json.load(open(sys.argv[2]))
def rank(verdict, iops):
    return ({"pass": 0, None: 1}.get(verdict, 2), iops is None, -(iops or 0))
want = sorted(drives, key=lambda d: rank(d["verdict"], d["steady_iops"]))
assert len(rows) == len(want), (len(rows), len(want))
for i, r in enumerate(rows):
    iops, w = None if r[7] == "n/a" else float(r[7]), want[i]
    assert r[0] == str(i + 1) and r[5] == (w["verdict"] or "-"), (r, w)
    assert (iops is None) == (w["steady_iops"] is None), (r, w)
    assert iops is None or abs(iops - w["steady_iops"]) <= 1, (r, w)
serials = {r[2] for r in rows}
assert all((d["serial"] or "-") in serials for d in drives if (d["serial"] or "-").isprintable()), serials
EOF
usage_error "not an ssdprof store" report --fleet --db drives.txt
SSDPROF_DB=lab.db run_cmd db drives
[ "$rc" = 0 ] && cmp -s stdout drives.txt || fail "SSDPROF_DB: exit $rc: $(cat stderr)"
echo "db_store: $ndocs documents imported: $first"
