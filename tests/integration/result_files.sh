#!/bin/bash
# The files a user reads: a report never replaces a result's own files nor
# another report's CSVs and names every file it writes; a precondition's CSVs
# hold its rows; a sweep's rounds carry their mean and max latency; a run says
# it is a run and a precondition saves its settings; "not measured" is n/a in
# text and null in JSON; in a pipe the summary comes before "results:".
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# A run's own timeseries.csv survives its report; two reports in one folder keep their CSVs apart.
run_cmd run sim:budget-tlc,capacity=1G --time 2s --qd 4 --quiet --out "$work/r"
[ "$rc" -eq 0 ] || fail "run: exit $rc: $(cat "$work/stderr")"
json_check "$work/r/result.json" 'd["kind"] == "run"'
cp "$work/r/timeseries.csv" "$work/ts.orig"
run_cmd report "$work/r/result.json"
[ "$rc" -eq 0 ] || fail "report: exit $rc: $(cat "$work/stderr")"
cmp -s "$work/ts.orig" "$work/r/timeseries.csv" || fail "report replaced the run's timeseries.csv"
printf 'report: %s\n' "$work/r/report.html" "$work/r/report-series.csv" "$work/r/report-timeseries.csv" >"$work/want"
diff "$work/want" "$work/stderr" || fail "report must name every file it writes"
run_cmd report "$work/r/result.json" -o "$work/r/second.html" --png "$work/r/png"
[ "$rc" -eq 0 ] || fail "second report: exit $rc: $(cat "$work/stderr")"
for f in second.html second-series.csv second-timeseries.csv report-series.csv report-timeseries.csv; do
	[ -s "$work/r/$f" ] || fail "no $f"
	grep -qx "report: $work/r/$f" "$work/stderr" || [ "${f#report}" != "$f" ] || fail "$f not named: $(cat "$work/stderr")"
done
grep -q "^report: $work/r/png/.*\.png$" "$work/stderr" || fail "PNGs not named: $(cat "$work/stderr")"
# A page never replaces a file that is not a page: refused, nothing written, and a name that works.
cp "$work/r/result.json" "$work/result.orig"
run_cmd report "$work/r/result.json" -o "$work/r/result.json"
[ "$rc" -eq 2 ] || fail "report over result.json: exit $rc"
cmp -s "$work/result.orig" "$work/r/result.json" || fail "result.json replaced"
grep -q "exists and is not a report page.*-o $work/r/result-report.html" "$work/stderr" || fail "hint: $(cat "$work/stderr")"
run_cmd report "$work/r/result.json" -o "$work/r/timeseries.csv"
[ "$rc" -eq 2 ] && cmp -s "$work/ts.orig" "$work/r/timeseries.csv" || fail "report over timeseries.csv: exit $rc"
# Two results side by side get a page each.
cp "$work/r/result.json" "$work/a.json"
cp "$work/r/result.json" "$work/b.json"
run_cmd report "$work/a.json" && [ "$rc" -eq 0 ] || fail "report a.json: $(cat "$work/stderr")"
run_cmd report "$work/b.json" && [ "$rc" -eq 0 ] || fail "report b.json: $(cat "$work/stderr")"
[ -s "$work/a.html" ] && [ -s "$work/b.html" ] && [ -s "$work/a-series.csv" ] && [ -s "$work/b-series.csv" ] ||
	fail "a.json and b.json share a page: $(ls "$work")"
# A run from before runs had a kind still reports.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["kind"]; json.dump(d, open(sys.argv[2], "w"))' \
	"$work/r/result.json" "$work/old.json"
run_cmd report "$work/old.json" -o "$work/old.html"
[ "$rc" -eq 0 ] || fail "a run without kind: exit $rc: $(cat "$work/stderr")"

# A precondition: settings as a sweep saves them, CSV rows, rounds with mean and max latency.
run_cmd precondition sim:budget-tlc,capacity=1G --round 2s --max-rounds 6 --quiet --out "$work/p"
[ "$rc" -eq 0 ] || fail "precondition: exit $rc: $(cat "$work/stderr")"
json_check "$work/p/result.json" 'd["settings"]["fill_passes"] == 2 and d["settings"]["bs"] == 4096 and d["settings"]["qd"] == 32'
json_check "$work/p/result.json" 'd["settings"]["round_s"] == 2 and d["settings"]["max_rounds"] == 6 and d["settings"]["seed"] == 1'
json_check "$work/p/result.json" 'd["settings"]["purge_method"] is None and d["settings"]["max_writes"] is None'
json_check "$work/p/result.json" 'd["settings"]["span_percent"] == 100 and d["settings"]["purge"] is True'
# Two fill passes by default (SNIA PTS; docs/methods.md "precondition" has the measurement).
json_check "$work/p/result.json" 'd["precondition"]["fill"]["passes"] == 2 and d["precondition"]["fill"]["bytes"] == 2 * d["precondition"]["usable_bytes"]'
json_check "$work/p/result.json" 'all(r["lat_us"]["mean"] > 0 and r["lat_us"]["max"] >= r["lat_us"]["p99"] for r in d["precondition"]["timeseries"])'
run_cmd report "$work/p/result.json"
[ "$rc" -eq 0 ] || fail "precondition report: exit $rc: $(cat "$work/stderr")"
python3 - "$work/p" <<'PY' || fail "precondition CSVs"
import csv, json, sys
d = json.load(open(sys.argv[1] + '/result.json'))['precondition']
one = list(csv.DictReader(open(sys.argv[1] + '/report-precondition.csv', newline='')))
assert len(one) == 1 and float(one[0]['iops']) == d['iops'] and one[0]['op_percent'] == 'n/a', one
rounds = list(csv.DictReader(open(sys.argv[1] + '/report-timeseries.csv', newline='')))
assert len(rounds) == len(d['timeseries']) > 0, rounds
assert all(float(r['lat_mean_us']) > 0 and float(r['lat_max_us']) > 0 for r in rounds), rounds
PY

# A sweep's timeseries.csv: every round with its mean and max latency.
run_cmd sweep sim:budget-tlc,capacity=1G --op 0,20 --round 2s --max-rounds 5 --quiet --out "$work/s"
[ "$rc" -eq 0 ] || fail "sweep: exit $rc: $(cat "$work/stderr")"
run_cmd report "$work/s/result.json"
[ "$rc" -eq 0 ] || fail "sweep report: exit $rc: $(cat "$work/stderr")"
python3 - "$work/s/report-timeseries.csv" <<'PY' || fail "sweep timeseries.csv"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
assert len(rows) >= 10, rows
assert all(float(r['lat_mean_us']) > 0 and float(r['lat_max_us']) >= float(r['lat_p99_us']) for r in rows), rows
PY

# Not measured: n/a in text, null in JSON (a file has no media counter, reads write nothing).
truncate -s 64M "$work/disk.img"
run_cmd run "$work/disk.img" --rw randread --time 1s --qd 1 --out "$work/f"
[ "$rc" -eq 0 ] || fail "file run: exit $rc: $(cat "$work/stderr")"
json_check "$work/f/result.json" 'd["series"][0]["waf"] is None and d["series"][0]["media_bytes_written"] is None'
grep -qE 'waf +n/a$' "$work/stdout" && grep -q 'WA n/a$' "$work/stdout" || fail "not measured in text: $(cat "$work/stdout")"
! grep -qE '(nan|unknown| - )' "$work/stdout" || fail "another word for not measured: $(cat "$work/stdout")"
awk -F, 'NR > 1 && ($9 != "n/a" || $10 != "n/a") { bad = 1 } END { exit bad }' "$work/f/timeseries.csv" ||
	fail "timeseries.csv media/WA: $(cat "$work/f/timeseries.csv")"
run_cmd precondition "$work/disk.img" --round 1s --max-rounds 5 --fill-passes 1 --out "$work/fp"
[ "$rc" -eq 0 ] || fail "file precondition: exit $rc: $(cat "$work/stderr")"
grep -q 'WA n/a$' "$work/stdout" || fail "precondition summary: $(tail -2 "$work/stdout")"
! grep -qiE 'nan|unknown' "$work/stdout" || fail "another word for not measured: $(cat "$work/stdout")"

# A folder where a file is expected is named as one, not as an I/O error.
mkdir -p "$work/dirres/result.json"
usage_error 'result.json: a folder, not a regular file' sweep sim:budget-tlc,capacity=1G --resume "$work/dirres"
usage_error 'a folder, not a regular file' compare "$work/dirres/result.json" "$work/r/result.json"
usage_error "cannot read '$work/dirres': a folder, not a regular file" qualify sim:budget-tlc,capacity=1G --requirements "$work/dirres" --dry-run

# In a pipe: the summary first, then "results:" (stdout is line-buffered, stderr unbuffered).
"$exe" run sim:budget-tlc,capacity=1G --time 2s --out "$work/pipe" 2>&1 | cat >"$work/both"
tail -n 3 "$work/both" | head -n 1 | grep -q '^run: ' || fail "summary not before results: $(cat "$work/both")"
tail -n 1 "$work/both" | grep -qx "results: $work/pipe/result.json" || fail "results: last: $(cat "$work/both")"
"$exe" precondition sim:budget-tlc,capacity=1G --round 2s --max-rounds 5 --out "$work/pipe2" 2>&1 | cat >"$work/both"
tail -n 3 "$work/both" | head -n 1 | grep -q '^steady state' || fail "precondition order: $(cat "$work/both")"
tail -n 1 "$work/both" | grep -q '^results: ' || fail "precondition order: $(cat "$work/both")"
echo "result_files: ok"
