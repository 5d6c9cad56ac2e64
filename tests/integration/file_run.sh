#!/bin/bash
# run on regular files (io_uring, O_DIRECT): what the engine says it wrote is
# what the file holds, --span is honoured, reads verify, and bad input
# writes nothing.
set -eu
. "$(dirname "$0")/lib.sh"
pattern="$(cd "$(dirname "$0")" && pwd)/pattern.py"
setup "$@"

# O_DIRECT needs a filesystem that supports it; mktemp's /tmp normally does.
img=$work/t.img
truncate -s 64M "$img"
MiB=$((1024 * 1024))
run_cmd run "$img" --rw read --bytes 4k --quiet --out "$work/probe"
if [ "$rc" -ne 0 ] && grep -q 'O_DIRECT\|io_uring' "$work/stderr"; then
	echo "SKIP: $(cat "$work/stderr")"
	exit 77
fi
[ "$rc" -eq 0 ] || fail "probe read: exit $rc: $(cat "$work/stderr")"
rm -rf "$work/probe"

sum0=$(sha256sum <"$img")
expect_usage() {
	key=$1
	shift
	rm -rf "$work/out"
	run_cmd "$@" --out "$work/out"
	[ "$rc" -eq 2 ] || fail "'$*': exit $rc, want 2; stderr: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "'$*': want one stderr line: $(cat "$work/stderr")"
	grep -qF -- "$key" "$work/stderr" || fail "'$*': stderr lacks '$key': $(cat "$work/stderr")"
	[ ! -e "$work/out" ] || fail "'$*': created the --out directory"
	[ "$(sha256sum <"$img")" = "$sum0" ] || fail "'$*': the file changed"
}
mkdir "$work/dir"
expect_usage "$work/missing.img" run "$work/missing.img"
expect_usage directory     run "$work/dir"
expect_usage --bs          run "$img" --bs 3000
expect_usage --bs-mix      run "$img" --bs-mix 4k:1,3000:1
expect_usage --qd          run "$img" --qd 0
expect_usage --qd          run "$img" --qd 4096
expect_usage --span        run "$img" --span 0
expect_usage --span        run "$img" --span 101
expect_usage --span        run "$img" --span 0.001%
truncate -s 0 "$work/empty.img"
expect_usage empty.img     run "$work/empty.img"

# A dry run says what it would do and touches nothing.
run_cmd run "$img" --dry-run --out "$work/out"
[ "$rc" -eq 0 ] || fail "--dry-run: exit $rc: $(cat "$work/stderr")"
grep -q 'would overwrite' "$work/stdout" || fail "--dry-run output: $(cat "$work/stdout")"
[ ! -e "$work/out" ] && [ "$(sha256sum <"$img")" = "$sum0" ] || fail "--dry-run touched something"

# Sequential writes: exactly the pattern over what was written, zeros after.
run_cmd run "$img" --rw write --bs 128k --qd 8 --bytes 16M --seed 3 --out "$work/seq" --quiet
[ "$rc" -eq 0 ] || fail "write: exit $rc: $(cat "$work/stderr")"
r=$work/seq/result.json
json_check "$r" 'd["target"]["kind"] == "file" and d["target"]["capacity_bytes"] == 64 * 1024**2'
json_check "$r" 'd["series"][0]["host_bytes_written"] == 16 * 1024**2 and d["series"][0]["ios"] == 128'
json_check "$r" 'd["series"][0]["media_bytes_written"] is None and d["series"][0]["waf"] is None'
json_check "$r" 'd["started"] and d["finished"] and d["virtual_seconds"] is None'
json_check "$r" '0 < d["series"][0]["lat_us"]["p50"] <= d["series"][0]["lat_us"]["p99"]'
python3 "$pattern" check "$img" 3 0 $((16 * MiB)) || fail "sequential content"
python3 "$pattern" zero "$img" $((16 * MiB)) $((64 * MiB)) || fail "written past 16M"

# Reads of the written region return what was written (and a wrong seed does not).
run_cmd run "$img" --rw randread --span 25% --bytes 8M --seed 3 --verify --quiet --out "$work/rd"
[ "$rc" -eq 0 ] || fail "verify read: exit $rc: $(cat "$work/stderr")"
json_check "$work/rd/result.json" 'd["series"][0]["verify_errors"] == 0 and d["series"][0]["read_ios"] == 2048'
run_cmd run "$img" --rw randread --span 25% --bytes 1M --seed 4 --verify --quiet --out "$work/rd2"
[ "$rc" -eq 1 ] && grep -q 'verify' "$work/stderr" || fail "wrong seed verified: exit $rc"

# Random writes stay inside the span; every block they changed holds the pattern.
truncate -s 0 "$img"
truncate -s 64M "$img"
run_cmd run "$img" --rw randwrite --span 10% --bytes 16M --seed 8 --qd 32 --quiet --out "$work/rnd"
[ "$rc" -eq 0 ] || fail "randwrite: exit $rc: $(cat "$work/stderr")"
span=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["settings"]["span_bytes"])' "$work/rnd/result.json")
[ "$span" -eq $((64 * MiB / 10 / 4096 * 4096)) ] || fail "span_bytes $span"
python3 "$pattern" zero "$img" "$span" $((64 * MiB)) || fail "randwrite past --span"
n=$(python3 "$pattern" blocks "$img" 8 4096 "$span") || fail "randwrite content"
# 4096 writes over 1638 blocks leave about 8% untouched.
[ "$n" -gt 1400 ] && [ "$n" -le 1638 ] || fail "$n blocks written"

# A QD list: one series per depth, a curve CSV, per-depth time series.
run_cmd run "$img" --rw randrw --read-pct 70 --bs-mix 4k:60,64k:40 --qd 1,4,16 --time 1s --interval 500ms --out "$work/qd"
[ "$rc" -eq 0 ] || fail "qd list: exit $rc: $(cat "$work/stderr")"
json_check "$work/qd/result.json" '[s["qd"] for s in d["series"]] == [1, 4, 16] and d["settings"]["qd"] is None'
json_check "$work/qd/result.json" 'all(s["iops"] > 0 and s["read_ios"] > s["write_ios"] > 0 for s in d["series"])'
[ -f "$work/qd/qd_curve.csv" ] && [ -f "$work/qd/timeseries-qd16.csv" ] || fail "qd list CSVs: $(ls "$work/qd")"
[ "$(wc -l <"$work/qd/qd_curve.csv")" -eq 4 ] || fail "qd_curve.csv rows"
grep -q '^ *16 ' "$work/stdout" || fail "no curve table: $(cat "$work/stdout")"

# SIGINT stops at the next batch, saves what was measured and exits 130.
"$exe" run "$img" --time 60s --qd 1,4 --quiet --out "$work/int" >"$work/stdout" 2>"$work/stderr" &
pid=$!
# The output directory appears after the handler is installed, just before the run.
for _ in $(seq 100); do [ -d "$work/int" ] && break; sleep 0.1; done
sleep 0.5
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" -eq 130 ] || fail "interrupted run: exit $rc: $(cat "$work/stderr")"
grep -q "interrupted at qd 1" "$work/stderr" || fail "interrupt message: $(cat "$work/stderr")"
json_check "$work/int/result.json" 'len(d["series"]) == 1 and d["series"][0]["stopped_early"] and d["series"][0]["ios"] > 0'
exit 0
