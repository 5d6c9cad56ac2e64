#!/bin/bash
# Faults as tests (SSDPROF_FAULT, device/fault_target.h): a run on the
# simulator, a file and a RAID group that meets an I/O error, a short
# write, a stall or a vanishing device ends as it should: an error ends the
# run with exit 1 and one line naming the target, the LBA and the status; a
# stall ends the run and shows in its figures; a bad plan is a usage error.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

SIM='sim:dc-tlc,capacity=1G'
img=$work/t.img
truncate -s 64M "$img"

# expect_fail KEY... -- ARGS: exit 1, one stderr line holding every KEY and where the result is, and
# a result saved with what was measured and the same line as its error.
expect_fail() {
	local keys=()
	while [ "$1" != -- ]; do keys+=("$1"); shift; done
	shift
	rm -rf "$work/out"
	run_cmd "$@" --quiet --out "$work/out"
	[ "$rc" -eq 1 ] || fail "${SSDPROF_FAULT-} '$*': exit $rc, want 1; stderr: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "${SSDPROF_FAULT-} '$*': want one stderr line: $(cat "$work/stderr")"
	for k in "${keys[@]}"; do
		grep -qF -- "$k" "$work/stderr" || fail "${SSDPROF_FAULT-} '$*': stderr lacks '$k': $(cat "$work/stderr")"
	done
	grep -qF "; what was measured is in $work/out/result.json" "$work/stderr" ||
		fail "${SSDPROF_FAULT-} '$*': stderr does not say where the result is: $(cat "$work/stderr")"
	python3 - "$work/out/result.json" "$work/stderr" <<'PY' || fail "${SSDPROF_FAULT-} '$*': the saved result"
import json, sys
d = json.load(open(sys.argv[1]))
line = open(sys.argv[2]).read()
assert line.startswith('ssdprof: ' + d['error'] + '; '), (d['error'], line)
assert 'interrupted' not in d and d['series'], d.keys()
for s in d['series']:
    assert s['ios'] == 0 or s['iops'] > 0, s
PY
	"$exe" report "$work/out/result.json" --out "$work/out/report" >/dev/null 2>&1 ||
		fail "${SSDPROF_FAULT-} '$*': report refuses the saved result"
}

# A bad plan is refused before anything is opened: exit 2, one line, nothing created.
for bad in eio 'eio:io=0' 'eio:io=5,lba=3' 'eio:lba=x' 'stall:io=3' 'stall:io=3,s=0' 'stall:io=3,s=3601' \
	'short:lba=3' 'eio:io=1,s=2' 'x:io=1' 'eio:io=1;' ';eio:io=1' 'eio:io=1,,member=0' 'eio:io=1,io=2' \
	'vanish:io=1,member=0' 'vanish:io=1,when=2' "$(printf 'eio:io=1\033[2J')"; do
	rm -rf "$work/out"
	SSDPROF_FAULT=$bad run_cmd run "$SIM" --time 1s --quiet --out "$work/out"
	[ "$rc" -eq 2 ] || fail "SSDPROF_FAULT='$bad': exit $rc, want 2; stderr: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q SSDPROF_FAULT "$work/stderr" ||
		fail "SSDPROF_FAULT='$bad': want one line naming SSDPROF_FAULT: $(cat "$work/stderr")"
	! grep -q "$(printf '\033')" "$work/stderr" || fail "SSDPROF_FAULT='$bad': a raw escape reached stderr"
	[ ! -e "$work/out" ] || fail "SSDPROF_FAULT='$bad': created the --out directory"
done
# Unset or empty: no faults.
SSDPROF_FAULT= run_cmd run "$SIM" --time 1s --quiet --out "$work/none"
[ "$rc" -eq 0 ] || fail "empty SSDPROF_FAULT: exit $rc: $(cat "$work/stderr")"

# The simulator (4 KiB LBAs).  Sequential writes reach LBA 1000 at byte 4096000.
SSDPROF_FAULT='eio:io=5000' expect_fail "$SIM: write error at byte offset" "(LBA " "Input/output error" -- run "$SIM" --time 2s
off=$(sed -n 's/.*byte offset \([0-9]*\) (LBA \([0-9]*\)).*/\1 \2/p' "$work/stderr")
[ "$(( ${off% *} / 4096 ))" = "${off#* }" ] || fail "offset and LBA disagree: $(cat "$work/stderr")"
SSDPROF_FAULT='eio:lba=1000' expect_fail "byte offset 4096000 (LBA 1000): Input/output error" -- \
	run "$SIM" --rw write --bs 4k --time 2s
SSDPROF_FAULT='eio:io=300' expect_fail "$SIM: read error at byte offset" "Input/output error" -- \
	run "$SIM" --rw randread --no-fill --time 2s
# A short write is an error of its own, never counted as a full one.
# The SLC probe's buffer pause (issue 26 item 6): its failed write names the target and the LBA.
# budget-tlc 1 GiB: the measured fill is 8192 writes of 128 KiB; the 8193rd I/O is the pause's first.
BT='sim:budget-tlc,capacity=1G'
SSDPROF_FAULT='eio:io=8193' run_cmd slc "$BT" --quiet --out "$work/slcf"
[ "$rc" -eq 1 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] &&
	grep -qF "$BT: write error at byte offset 1073737728 (LBA 262143) during the buffer pause: Input/output error" \
		"$work/stderr" || fail "slc buffer pause fault: exit $rc: $(cat "$work/stderr")"
SSDPROF_FAULT='short:io=100' expect_fail "short write: 2048 of 4096 bytes" -- run "$SIM" --time 2s
SSDPROF_FAULT='vanish:io=800' expect_fail "$SIM: write error" "No such device" -- run "$SIM" --time 2s

# A stall of 3 s in a 2 s run (virtual time): the run ends, and its figures show the stall.
SSDPROF_FAULT='stall:io=200,s=3' run_cmd run "$SIM" --time 2s --quiet --out "$work/stall"
[ "$rc" -eq 0 ] || fail "stalled sim run: exit $rc: $(cat "$work/stderr")"
json_check "$work/stall/result.json" 'd["series"][0]["lat_us"]["max"] >= 3e6 and d["series"][0]["seconds"] >= 3'
json_check "$work/stall/result.json" 'any(x["lat_us"]["max"] >= 3e6 for x in d["series"][0]["timeseries"])'
run_cmd run "$SIM" --time 2s --quiet --out "$work/nostall"
python3 - "$work/stall/result.json" "$work/nostall/result.json" <<'PY' || fail "the stall does not show in the IOPS"
import json, sys
a, b = (json.load(open(f))['series'][0] for f in sys.argv[1:3])
assert a['iops'] < b['iops'] / 10, (a['iops'], b['iops'])
PY

# A RAID group: a fault on one member (member=N) fails the group's I/O, named by the group's members.
B='sim:dc-tlc,capacity=1G'
SSDPROF_FAULT='vanish:io=3000,member=1' expect_fail "raid5:$B,seed=1+$B,seed=2+$B,seed=3: write error" \
	"No such device" -- run --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" --rw randwrite --time 2s
SSDPROF_FAULT='eio:io=3000,member=2' expect_fail "raid1:" "Input/output error" -- \
	run --raid 1 "$B,seed=1" "$B,seed=2" "$B,seed=3" --rw randwrite --time 2s
SSDPROF_FAULT='stall:io=3000,member=0,s=2' run_cmd run --raid 0 "$B,seed=1" "$B,seed=2" --rw randwrite \
	--time 1s --quiet --out "$work/rstall"
[ "$rc" -eq 0 ] || fail "stalled member: exit $rc: $(cat "$work/stderr")"
json_check "$work/rstall/result.json" 'd["series"][0]["lat_us"]["max"] >= 2e6'
SSDPROF_FAULT='eio:io=1,member=2' run_cmd run --raid 0 "$B,seed=1" "$B,seed=2" --time 1s --quiet --out "$work/o"
[ "$rc" -eq 2 ] && grep -q 'member=2' "$work/stderr" || fail "member past the group: exit $rc: $(cat "$work/stderr")"

# Regular files (512-byte LBAs, io_uring, real time).
run_cmd run "$img" --rw read --bytes 4k --quiet --out "$work/probe"
if [ "$rc" -ne 0 ] && grep -q 'O_DIRECT\|io_uring' "$work/stderr"; then
	echo "faults: ok (simulator); file cases skipped: $(cat "$work/stderr")"
	exit 0
fi
SSDPROF_FAULT='eio:io=5000' expect_fail "$img: write error at byte offset" "Input/output error" -- \
	run "$img" --time 2s
SSDPROF_FAULT='eio:lba=1000' expect_fail "$img: write error at byte offset 512000 (LBA 1000): Input/output error" -- \
	run "$img" --rw write --bs 4k --time 2s
# The third 64 KiB write lands half: the file holds 2.5 blocks of pattern and zeros after.
truncate -s 0 "$img" && truncate -s 64M "$img"
SSDPROF_FAULT='short:io=3' expect_fail "$img: write error at byte offset 131072 (LBA 256): short write: 32768 of 65536 bytes" -- \
	run "$img" --rw write --bs 64k --qd 1 --time 2s
python3 - "$img" <<'PY' || fail "the short write did not write exactly half a block"
import sys
d = open(sys.argv[1], 'rb').read()
assert d[163840 - 8:163840] != bytes(8) and d[163840:] == bytes(len(d) - 163840)
PY
SSDPROF_FAULT='vanish:io=800' expect_fail "$img: write error" "No such device" -- run "$img" --time 2s
SSDPROF_FAULT='vanish:io=5' expect_fail "$img: write error" "No such device" -- run "$img" --qd 1 --time 2s

# A 3 s stall in a 1 s run on a file: real seconds pass, the run ends, the latency shows them.
t0=$(date +%s)
SSDPROF_FAULT='stall:io=200,s=3' run_cmd run "$img" --time 1s --quiet --out "$work/fstall"
t1=$(date +%s)
[ "$rc" -eq 0 ] || fail "stalled file run: exit $rc: $(cat "$work/stderr")"
[ $((t1 - t0)) -ge 3 ] && [ $((t1 - t0)) -le 30 ] || fail "stalled file run took $((t1 - t0)) s"
json_check "$work/fstall/result.json" 'd["series"][0]["lat_us"]["max"] >= 2.9e6 and d["series"][0]["seconds"] >= 2.9'
# A file member of a group.
truncate -s 64M "$work/m0.img" "$work/m1.img"
SSDPROF_FAULT='vanish:io=500,member=1' expect_fail "raid1:$work/m0.img+$work/m1.img: write error" "No such device" -- \
	run --raid 1 "$work/m0.img" "$work/m1.img" --rw randwrite --time 2s
echo "faults: ok"
