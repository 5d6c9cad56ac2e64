#!/bin/bash
# run on block devices, using only loop devices this test creates over files
# in its own scratch directory and removes again: --yes by kernel name, the
# in-use refusals, dry runs, read-only devices, and the bytes on the device.
# Never touches any other disk.  Skips (77) without root or losetup.
set -eu
. "$(dirname "$0")/lib.sh"
pattern="$(cd "$(dirname "$0")" && pwd)/pattern.py"
setup "$@"

need_loop
mnt=
loop_exit_hook() {
	[ -z "$mnt" ] || umount "$mnt" 2>/dev/null || true
}

MiB=$((1024 * 1024))

new_loop "$work/a.img"
dev=$loopdev
name=$(basename "$dev")
sum() { sha256sum <"$work/a.img"; }
sum0=$(sum)

run_cmd info "$dev" --json
[ "$rc" -eq 0 ] || fail "info: exit $rc: $(cat "$work/stderr")"
json_check "$work/stdout" 'd["target"]["kind"] == "block" and d["target"]["capacity_bytes"] == 64 * 1024**2'
json_check "$work/stdout" '"real-device" in d["target"]["capabilities"] and d["target"]["serial"] is None'
json_check "$work/stdout" 'd["target"]["lba_bytes"] == 512 and d["model"]["kernel_name"] == "'"$name"'"'

# expect_code CODE KEY ARGS...: exit CODE, one stderr line naming KEY, nothing written.
expect_code() {
	want=$1 key=$2
	shift 2
	rm -rf "$work/out"
	run_cmd "$@" --out "$work/out"
	[ "$rc" -eq "$want" ] || fail "'$*': exit $rc, want $want; stderr: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "'$*': want one stderr line: $(cat "$work/stderr")"
	grep -qF -- "$key" "$work/stderr" || fail "'$*': stderr lacks '$key': $(cat "$work/stderr")"
	[ ! -e "$work/out" ] || fail "'$*': created the --out directory"
	[ "$(sum)" = "$sum0" ] || fail "'$*': the device was written"
}
expect_code 3 "--yes $name" run "$dev" --time 1s
expect_code 3 "does not match" run "$dev" --time 1s --yes loop999
expect_code 3 "--yes $name" run "$dev" --rw randrw --time 1s
expect_code 2 "--yes" run "$dev" --time 1s --force
expect_code 2 --bs run "$dev" --bs 3000 --yes "$name"
expect_code 2 --bs run "$dev" --bs 256 --yes "$name"
expect_code 2 --qd run "$dev" --qd 0 --yes "$name"
expect_code 2 --span run "$dev" --span 101 --yes "$name"
expect_code 2 --span run "$dev" --span 0.0001% --yes "$name"

run_cmd run "$dev" --dry-run --out "$work/out"
[ "$rc" -eq 0 ] || fail "--dry-run: exit $rc: $(cat "$work/stderr")"
grep -q "would overwrite" "$work/stdout" && grep -q -- "--yes $name" "$work/stdout" ||
	fail "--dry-run output: $(cat "$work/stdout")"
[ ! -e "$work/out" ] && [ "$(sum)" = "$sum0" ] || fail "--dry-run touched something"

# Reads need no confirmation.
run_cmd run "$dev" --rw randread --time 500ms --quiet --out "$work/rd"
[ "$rc" -eq 0 ] || fail "randread: exit $rc: $(cat "$work/stderr")"
[ "$(sum)" = "$sum0" ] || fail "randread wrote"

# Confirmed by kernel name: the device holds exactly what was written.
run_cmd run "$dev" --yes "$name" --rw write --bs 64k --bytes 8M --seed 11 --quiet --out "$work/seq"
[ "$rc" -eq 0 ] || fail "write: exit $rc: $(cat "$work/stderr")"
json_check "$work/seq/result.json" 'd["series"][0]["host_bytes_written"] == 8 * 1024**2'
python3 "$pattern" check "$dev" 11 0 $((8 * MiB)) || fail "sequential content on $dev"
python3 "$pattern" zero "$dev" $((8 * MiB)) $((64 * MiB)) || fail "written past 8M on $dev"
run_cmd run "$dev" --rw read --bs 128k --span 12.5% --bytes 8M --seed 11 --verify --quiet --out "$work/vr"
[ "$rc" -eq 0 ] || fail "verify: exit $rc: $(cat "$work/stderr")"

# --span on a device: random writes never pass it.
run_cmd run "$dev" --yes "$name" --rw randwrite --bs 4k --span 25% --bytes 8M --seed 12 --quiet --out "$work/sp"
[ "$rc" -eq 0 ] || fail "span run: exit $rc: $(cat "$work/stderr")"
python3 "$pattern" zero "$dev" $((16 * MiB)) $((64 * MiB)) || fail "randwrite past --span 25%"

# A read-only device: writes are bad usage (exit 2), reads work.
new_loop "$work/ro.img" -r
ro=$loopdev
rosum=$(sha256sum <"$work/ro.img")
run_cmd run "$ro" --yes "$(basename "$ro")" --time 1s --out "$work/out"
[ "$rc" -eq 2 ] && grep -q "read-only" "$work/stderr" || fail "read-only device: exit $rc: $(cat "$work/stderr")"
[ "$(sha256sum <"$work/ro.img")" = "$rosum" ] || fail "read-only device changed"
run_cmd run "$ro" --rw randread --time 300ms --quiet --out "$work/rord"
[ "$rc" -eq 0 ] || fail "read-only randread: exit $rc: $(cat "$work/stderr")"

# A partition table is refused too (the in-use checks pass: nothing is mounted).
if command -v sfdisk >/dev/null; then
	new_loop "$work/pt.img"
	ptdev=$loopdev
	echo 'start=2048, type=83' | sfdisk -q "$ptdev" >/dev/null 2>&1 || fail "sfdisk"
	run_cmd run "$ptdev" --yes "$(basename "$ptdev")" --time 1s --out "$work/out"
	[ "$rc" -eq 3 ] && grep -q "partition table" "$work/stderr" ||
		fail "partition table: exit $rc: $(cat "$work/stderr")"
fi

# Mounted: refused (exit 3) even with --yes; --force --yes overrides (checked with a dry run).
if command -v mkfs.ext4 >/dev/null && new_loop "$work/fs.img" && mkfs.ext4 -q -F "$loopdev" 2>/dev/null; then
	fsdev=$loopdev
	mkdir "$work/mnt"
	if mount "$fsdev" "$work/mnt" 2>/dev/null; then
		mnt=$work/mnt
		run_cmd run "$fsdev" --yes "$(basename "$fsdev")" --time 1s --out "$work/out"
		[ "$rc" -eq 3 ] && grep -q "mounted at $work/mnt" "$work/stderr" ||
			fail "mounted device: exit $rc: $(cat "$work/stderr")"
		run_cmd run "$fsdev" --dry-run
		[ "$rc" -eq 3 ] && grep -q "mounted" "$work/stderr" || fail "mounted dry run: exit $rc"
		[ ! -e "$work/out" ] || fail "mounted device: created the --out directory"
		# (The mount itself writes to the image, so no checksum here: the
		# refusal comes before the device is opened for I/O.)
		umount "$mnt"
		mnt=
		# A mount point with a space is named as it is (mountinfo writes it as \040; libmount reads it).
		mkdir "$work/mnt 2"
		mount "$fsdev" "$work/mnt 2" || fail "cannot mount at a path with a space"
		mnt="$work/mnt 2"
		run_cmd run "$fsdev" --dry-run
		[ "$rc" -eq 3 ] && grep -qF "is mounted at $work/mnt 2 (" "$work/stderr" ||
			fail "mounted at a path with a space: exit $rc: $(cat "$work/stderr")"
		umount "$mnt"
		mnt=
		# Unmounted, it still carries a filesystem: refused unless --force --yes.
		run_cmd run "$fsdev" --yes "$(basename "$fsdev")" --time 1s --out "$work/out"
		[ "$rc" -eq 3 ] && grep -q "holds an ext4 signature" "$work/stderr" ||
			fail "filesystem signature: exit $rc: $(cat "$work/stderr")"
		[ ! -e "$work/out" ] || fail "signature refusal: created the --out directory"
		run_cmd run "$fsdev" --yes "$(basename "$fsdev")" --force --rw write --bytes 1M --quiet --out "$work/forced"
		[ "$rc" -eq 0 ] || fail "--force --yes: exit $rc: $(cat "$work/stderr")"
	else
		echo "note: cannot mount here; mounted-device refusal not tested"
	fi
fi
exit 0
