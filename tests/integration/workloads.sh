#!/bin/bash
# Named access specifications, offset skew and per-direction figures end to
# end on the simulator: ssdprof workloads lists them, run --workload records
# read and write objects that add up to the totals, a 512-byte LBA sim takes
# the file server's 512-byte transfers, bad values are refused.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

run_cmd workloads
[ "$rc" -eq 0 ] || fail "workloads: exit $rc"
for n in fileserver webserver database workstation snia-70-30 nas; do
	grep -q "^$n " "$work/stdout" || fail "workloads does not list $n"
done
grep -q '^fileserver  *80  *100  512:10,1k:5,2k:5,4k:60,8k:2,16k:4,32k:4,64k:10$' "$work/stdout" ||
	fail "workloads: the file server line: $(grep fileserver "$work/stdout")"
# Every line fits 80 columns, the summaries and sources wrapped at words.
awk 'length > 80 { print; bad = 1 } END { exit bad }' "$work/stdout" || fail "workloads: a line over 80 columns"
grep -q "^             IOmeter file server; Intel IOmeter access specification, as$" "$work/stdout" ||
	fail "workloads: the file server's summary is not wrapped under its name"

# Per direction: present, and adding up to the totals.
run_cmd run sim:budget-tlc,capacity=1G --workload database --time 2s --qd 4,16 --quiet --out "$work/db"
[ "$rc" -eq 0 ] || fail "run --workload database: exit $rc: $(cat "$work/stderr")"
r=$work/db/result.json
json_check "$r" 'd["settings"]["workload"] == "database" and d["settings"]["rw"] == "randrw" and d["settings"]["read_pct"] == 67'
json_check "$r" 'd["settings"]["random_pct"] == 100 and d["settings"]["random_dist"] == "uniform"'
json_check "$r" 'all(s["read"]["ios"] == s["read_ios"] and s["write"]["ios"] == s["write_ios"] for s in d["series"])'
json_check "$r" 'all(s["read"]["bytes"] + s["write"]["bytes"] == s["bytes"] for s in d["series"])'
json_check "$r" 'all(abs(s["read"]["iops"] + s["write"]["iops"] - s["iops"]) <= 0.2 for s in d["series"])'
json_check "$r" 'all(abs(s["read"]["mbps"] + s["write"]["mbps"] - s["mbps"]) <= 0.002 for s in d["series"])'
json_check "$r" 'all(0.64 < s["read_ios"] / s["ios"] < 0.70 for s in d["series"])'
json_check "$r" 'all(0 < s[k]["lat_us"]["p50"] <= s[k]["lat_us"]["p99"] <= s[k]["lat_us"]["max"] for s in d["series"] for k in ("read", "write"))'
# The mean of the whole is the I/O-weighted mean of the parts.
json_check "$r" 'all(abs(s["read"]["lat_us"]["mean"] * s["read_ios"] + s["write"]["lat_us"]["mean"] * s["write_ios"] - s["lat_us"]["mean"] * s["ios"]) <= 0.01 * s["ios"] for s in d["series"])'
head -n1 "$work/db/qd_curve.csv" | grep -q ',read_iops,read_mbps,read_lat_mean_us,.*,write_lat_p999_us' ||
	fail "qd_curve.csv header: $(head -n1 "$work/db/qd_curve.csv")"
python3 -c '
import csv, sys
for name in ("timeseries-qd4.csv", "timeseries-qd16.csv"):
    rows = list(csv.DictReader(open(sys.argv[1] + "/" + name, newline="")))
    for r in rows:
        assert abs(float(r["read_iops"]) + float(r["write_iops"]) - float(r["iops"])) <= 0.2, r
        assert abs(float(r["read_mbps"]) + float(r["write_mbps"]) - float(r["mbps"])) <= 0.002, r
' "$work/db" || fail "timeseries CSV directions do not add up"

# A single-direction run has no per-direction objects or columns.
run_cmd run sim:budget-tlc,capacity=1G --time 1s --quiet --out "$work/rw"
[ "$rc" -eq 0 ] || fail "plain run: exit $rc"
json_check "$work/rw/result.json" '"read" not in d["series"][0] and "write" not in d["series"][0]'
# (drive_name, last in every CSV, names the drive: docs/lab-data.md.)
head -n1 "$work/rw/timeseries.csv" | grep -q 'lat_p9999_us,drive_name.$' || fail "plain run grew CSV columns"
head -n1 "$work/rw/timeseries.csv" | grep -q 'read_\|write_' && fail "plain run grew per-direction columns"

# 512-byte transfers need a 512-byte LBA; lba=512 takes them.
run_cmd run sim:budget-tlc,capacity=1G --workload fileserver --time 1s --quiet
[ "$rc" -eq 2 ] || fail "fileserver on a 4096-byte LBA: exit $rc, want 2"
grep -q 'lba=512' "$work/stderr" || fail "no hint at lba=512: $(cat "$work/stderr")"
run_cmd run sim:budget-tlc,capacity=1G,lba=512 --workload fileserver --time 1s --quiet --out "$work/fs"
[ "$rc" -eq 0 ] || fail "fileserver on lba=512: exit $rc: $(cat "$work/stderr")"
json_check "$work/fs/result.json" 'd["target"]["lba_bytes"] == 512 and d["series"][0]["ios"] > 0'
json_check "$work/fs/result.json" 'd["series"][0]["host_bytes_written"] == d["series"][0]["write"]["bytes"]'

# Skew is recorded; bad names and shapes are usage errors.
run_cmd run sim:budget-tlc,capacity=1G --random-dist hotcold:20%/80% --time 1s --quiet --out "$work/hc"
[ "$rc" -eq 0 ] || fail "run --random-dist: exit $rc: $(cat "$work/stderr")"
json_check "$work/hc/result.json" 'd["settings"]["random_dist"] == "hotcold:20/80"'
for bad in "--workload nope" "--random-dist zipf:0" "--random-dist hotcold:20" "--random-dist normal" \
	   "--workload database --bs 8k" "--rw write --random-dist zipf:1"; do
	# shellcheck disable=SC2086
	run_cmd run sim:budget-tlc,capacity=1G --time 1s $bad --out "$work/bad"
	[ "$rc" -eq 2 ] || fail "run $bad: exit $rc, want 2"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "run $bad: want one line: $(cat "$work/stderr")"
	[ ! -e "$work/bad" ] || fail "run $bad wrote $work/bad"
done
run_cmd precondition sim:budget-tlc,capacity=1G --workload nope
[ "$rc" -eq 2 ] || fail "precondition --workload nope: exit $rc, want 2"
# A dry run says what the rounds will write, workload and offsets included.
run_cmd sweep sim:budget-tlc,capacity=1G --workload snia-70-30 --random-dist hotcold:20/80 --dry-run
[ "$rc" -eq 0 ] || fail "sweep --workload --dry-run: exit $rc"
grep -q 'run the snia-70-30 workload (ssdprof workloads), hotcold:20/80 offsets' "$work/stdout" ||
	fail "sweep --dry-run does not name the workload: $(cat "$work/stdout")"
run_cmd precondition sim:budget-tlc,capacity=1G --random-dist zipf:1.2 --dry-run
grep -q '4096-byte random writes, zipf:1.2 offsets' "$work/stdout" ||
	fail "precondition --dry-run does not name the offsets: $(cat "$work/stdout")"
echo ok
