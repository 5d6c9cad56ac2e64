#!/bin/bash
# run --out DIR saves a complete result and a CSV time series; progress goes
# to stdout one line per interval.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

run_cmd run sim:budget-tlc,capacity=1G --time 3s --out "$work/res"
[ "$rc" -eq 0 ] || fail "run: exit $rc: $(cat "$work/stderr")"
r=$work/res/result.json
[ -f "$r" ] || fail "no result.json"
[ "$(ls -A "$work/res" | grep -c '^\.')" = 0 ] || fail "a temporary left behind: $(ls -A "$work/res")"
json_check "$r" 'd["schema"] == "ssdprof.result/1"'
json_check "$r" 'd["tool"]["version"]'
json_check "$r" 'd["target"]["kind"] == "sim" and d["target"]["capacity_bytes"] == 1024**3'
json_check "$r" 'd["started"] is None and d["finished"] is None and d["virtual_seconds"] >= 3'
json_check "$r" 'd["command"].startswith("ssdprof run sim:budget-tlc,capacity=1G")'
json_check "$r" 'd["settings"]["rw"] == "randwrite" and d["settings"]["bs"] == 4096'
json_check "$r" 'd["settings"]["qd"] == 32 and d["settings"]["time_s"] == 3 and d["settings"]["bytes"] is None'
json_check "$r" 'd["settings"]["span_bytes"] == 1024**3 and d["settings"]["seed"] == 1'
json_check "$r" 'len(d["series"]) == 1 and d["series"][0]["qd"] == 32'
json_check "$r" 'd["series"][0]["iops"] > 0 and d["series"][0]["mbps"] > 0'
json_check "$r" 'd["series"][0]["lat_us"]["mean"] > 0 and 0 < d["series"][0]["lat_us"]["p50"] <= d["series"][0]["lat_us"]["p99"] <= d["series"][0]["lat_us"]["p99_9"] <= d["series"][0]["lat_us"]["p99_99"] <= d["series"][0]["lat_us"]["max"]'
json_check "$r" 'd["series"][0]["host_bytes_written"] > 0'
json_check "$r" 'd["series"][0]["waf"] >= 1 and d["series"][0]["media_bytes_written"] > 0'
json_check "$r" 'len(d["series"][0]["timeseries"]) == 3'
json_check "$r" 'all(s["iops"] > 0 and "waf" in s for s in d["series"][0]["timeseries"])'
json_check "$r" 'd["series"][0]["timeseries"][0]["t_s"] == 1'

c=$work/res/timeseries.csv
[ -f "$c" ] || fail "no timeseries.csv"
head -n1 "$c" | grep -q '^t_s,dur_s,ios,iops,mbps,lat_mean_us,lat_max_us,host_bytes_written,media_bytes_written,waf' ||
	fail "timeseries.csv header: $(head -n1 "$c")"
[ "$(wc -l <"$c")" -eq 4 ] || fail "timeseries.csv: want a header and 3 rows"
python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 3 and all(float(r["iops"]) > 0 for r in rows), rows
' "$c" || fail "timeseries.csv does not parse"

grep -c '^t= *[0-9.]*s  iops' "$work/stdout" | grep -qx 3 ||
	fail "want 3 progress lines: $(cat "$work/stdout")"
grep -q '^run: .*WA [0-9.]* over the run$' "$work/stdout" || fail "no summary line: $(cat "$work/stdout")"
grep -qx "results: $work/res/result.json" "$work/stderr" || fail "stderr: $(cat "$work/stderr")"

# A byte limit, sequential writes, and reads (WA n/a: nothing written).
run_cmd run sim:budget-tlc,capacity=1G --rw write --bs 128k --bytes 64M --quiet --out "$work/seq"
[ "$rc" -eq 0 ] || fail "run --bytes: exit $rc: $(cat "$work/stderr")"
[ ! -s "$work/stdout" ] || fail "--quiet printed: $(cat "$work/stdout")"
json_check "$work/seq/result.json" 'd["settings"]["bytes"] == 64 * 1024**2 and d["settings"]["time_s"] is None'
json_check "$work/seq/result.json" 'd["series"][0]["host_bytes_written"] == 64 * 1024**2'

run_cmd run sim:budget-tlc,capacity=1G --rw randread --time 1s --span 50% --out "$work/rd"
[ "$rc" -eq 0 ] || fail "run randread: exit $rc: $(cat "$work/stderr")"
json_check "$work/rd/result.json" 'd["series"][0]["waf"] is None and d["series"][0]["host_bytes_written"] == 0'
json_check "$work/rd/result.json" 'd["settings"]["span_bytes"] == 512 * 1024**2'
grep -q 'WA n/a$' "$work/stdout" || fail "randread summary: $(cat "$work/stdout")"
