#!/bin/bash
# Reads of blocks never written are no measurement: a simulated drive starts
# empty, so run fills the span first (--fill, as SNIA PTS preconditions) for
# workloads that read, says so in the result, and measures flash reads; with
# --no-fill the result records the share of reads that hit unwritten blocks
# and the summary warns.  Files and real drives are read as they are.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

SIM=sim:budget-tlc,capacity=1G
# The default on a simulated drive: filled, every read a flash read (budget-tlc reads NAND in 60 us).
run_cmd run "$SIM" --rw randread --qd 1 --time 2s --out "$work/fill"
[ "$rc" -eq 0 ] || fail "randread: exit $rc: $(cat "$work/stderr")"
grep -q '^fill: 1.07 GB in ' "$work/stdout" || fail "no fill line: $(cat "$work/stdout")"
! grep -q 'never written' "$work/stderr" || fail "warned after a fill: $(cat "$work/stderr")"
json_check "$work/fill/result.json" 'd["settings"]["fill"] is True and d["series"][0]["unwritten_reads"] == 0'
json_check "$work/fill/result.json" 'd["series"][0]["lat_us"]["mean"] > 60 and d["series"][0]["iops"] < 20000'
json_check "$work/fill/result.json" 'd["series"][0]["host_bytes_written"] == 0 and d["virtual_seconds"] > 2'

# --no-fill: the empty drive's answer, flagged in the result and on the terminal.
run_cmd run "$SIM" --rw randread --qd 1 --time 2s --no-fill --out "$work/empty"
[ "$rc" -eq 0 ] || fail "randread --no-fill: exit $rc: $(cat "$work/stderr")"
! grep -q '^fill:' "$work/stdout" || fail "--no-fill filled: $(cat "$work/stdout")"
grep -q '^ssdprof: warning: 100% of the reads hit blocks never written.*--fill$' "$work/stderr" ||
	fail "no warning: $(cat "$work/stderr")"
json_check "$work/empty/result.json" 'd["settings"]["fill"] is False and d["series"][0]["unwritten_reads"] == 1'
json_check "$work/empty/result.json" 'd["series"][0]["lat_us"]["mean"] < 20'
# The report shows the share beside the read figures, and the same warning.
"$exe" report "$work/empty/result.json" 2>/dev/null || fail "report of the --no-fill run failed"
grep -qF '<th>WA</th><th>unwritten reads %</th>' "$work/empty/report.html" || fail "the page has no unwritten reads"
grep -qF '<td class="r">100.0</td></tr>' "$work/empty/report.html" || fail "the page's unwritten reads are not 100%"
grep -qF '<p class="warn">100% of the reads hit blocks never written' "$work/empty/report.html" ||
	fail "the page does not warn of the unwritten reads"

# A mix fills too; writes alone do not, and have no reads to flag.
run_cmd run "$SIM" --rw randrw --time 1s --quiet --out "$work/mix"
json_check "$work/mix/result.json" 'd["settings"]["fill"] is True and d["series"][0]["unwritten_reads"] == 0'
run_cmd run "$SIM" --time 1s --quiet --out "$work/w"
json_check "$work/w/result.json" 'd["settings"]["fill"] is False and d["series"][0]["unwritten_reads"] is None'
"$exe" report "$work/w/result.json" 2>/dev/null || fail "report of the write run failed"
! grep -q 'unwritten reads' "$work/w/report.html" || fail "a run without reads shows unwritten reads"
run_cmd run "$SIM" --fill --time 1s --quiet --out "$work/wf"
json_check "$work/wf/result.json" 'd["settings"]["fill"] is True'
# A RAID group of simulated drives fills as one.
run_cmd run --raid 0 "$SIM,seed=1" "$SIM,seed=2" --rw randread --qd 1 --time 1s --out "$work/raid"
[ "$rc" -eq 0 ] || fail "RAID randread: exit $rc: $(cat "$work/stderr")"
grep -q '^fill: ' "$work/stdout" || fail "RAID: no fill: $(cat "$work/stdout")"
json_check "$work/raid/result.json" 'd["settings"]["fill"] is True and d["series"][0]["lat_us"]["mean"] > 60'

# The plan says so; the options are one or the other.
run_cmd run "$SIM" --rw randread --dry-run
grep -q 'would first fill bytes 0..1073741824 sequentially' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
run_cmd run "$SIM" --rw randread --fill --no-fill
[ "$rc" -eq 2 ] && grep -q 'cannot be combined' "$work/stderr" || fail "--fill --no-fill: exit $rc"

# A file is read as it is (the drive cannot tell what was written: null); --fill writes it first.
truncate -s 16M "$work/f.img"
run_cmd run "$work/f.img" --rw randread --time 500ms --quiet --out "$work/file"
[ "$rc" -eq 0 ] || fail "file randread: exit $rc: $(cat "$work/stderr")"
json_check "$work/file/result.json" 'd["settings"]["fill"] is False and d["series"][0]["unwritten_reads"] is None'
"$exe" report "$work/file/result.json" 2>/dev/null || fail "report of the file run failed"
grep -qF '<td class="r">n/a</td></tr>' "$work/file/report.html" && grep -qF 'unwritten reads %' "$work/file/report.html" ||
	fail "the page does not say the file's unwritten reads are not measured"
! grep -q 'never written' "$work/file/report.html" || fail "the page warns of reads not measured"
run_cmd run "$work/f.img" --rw randread --time 500ms --fill --quiet --out "$work/filef"
[ "$rc" -eq 0 ] || fail "file randread --fill: exit $rc: $(cat "$work/stderr")"
json_check "$work/filef/result.json" 'd["settings"]["fill"] is True'
[ "$(od -An -tx1 -N16 -j 4096 "$work/f.img" | tr -d ' 0\n')" != "" ] || fail "--fill wrote nothing to the file"

# A loop device: --fill writes, so it needs the confirmation a write does.
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null; then
	need_loop
	new_loop "$work/loop.img"
	run_cmd run "$loopdev" --rw randread --time 300ms --fill --quiet --out "$work/lf"
	[ "$rc" -eq 3 ] && grep -q -- "--yes $(basename "$loopdev")" "$work/stderr" ||
		fail "loop --fill without --yes: exit $rc: $(cat "$work/stderr")"
fi
echo "run_fill: ok"
