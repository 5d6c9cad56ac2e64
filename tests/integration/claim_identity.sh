#!/bin/bash
# SPDX-License-Identifier: MIT
# Storage has one identity, whatever its name (issue 26 item 1).  A file
# that backs a loop device, or holds a filesystem signature, gets the rules
# of the device it stands for: the backing file of a mounted ext4 is refused
# (exit 3, the mounted filesystem stays clean), an image with a signature
# needs --force --yes, the backing file of an idle loop device needs --yes
# with the loop device's name.  A writer of a loop device excludes a writer
# of its backing file and of a second loop device over the same file, and
# the other way round (exit 3 naming the holder).  A file whose mode lets
# nobody write is refused even for root (exit 2).  Files and loop devices
# made here only.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"
need_loop
mnt=$work/mnt
loop_exit_hook() {
	umount "$mnt" 2>/dev/null || true
	[ -z "${holder:-}" ] || { kill "$holder" 2>/dev/null || true; wait "$holder" 2>/dev/null || true; }
}

# refused CODE NEEDLE ARGS...: exit CODE, one stderr line holding NEEDLE.
refused() {
	local code=$1 needle=$2
	shift 2
	run_cmd "$@"
	[ "$rc" = "$code" ] || fail "'$*': exit $rc, not $code: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "'$*': not one line: $(cat "$work/stderr")"
	grep -qF -- "$needle" "$work/stderr" || fail "'$*': stderr lacks '$needle': $(cat "$work/stderr")"
}

if command -v mkfs.ext4 >/dev/null && command -v e2fsck >/dev/null; then
	new_loop "$work/fs.img"
	F=$loopdev
	f=$(basename "$F")
	mkfs.ext4 -q -F "$F" 2>/dev/null || fail "mkfs.ext4 failed"
	mkdir "$mnt"
	mount "$F" "$mnt" 2>/dev/null || { echo "SKIP: cannot mount ext4"; exit 77; }
	echo hello >"$mnt/file" && sync
	# The backing file of a mounted filesystem, by its own name and by a hard link.
	ln "$work/fs.img" "$work/other-name.img"
	for img in "$work/fs.img" "$work/other-name.img"; do
		refused 3 "it backs $F, and $f is mounted at $mnt" run "$img" --rw randwrite --time 1s --quiet --out r
		refused 3 "is mounted" precondition "$img" --round 1s --max-rounds 5 --quiet --yes "$f" --out r
		refused 3 "is mounted" run "$img" --rw randwrite --time 1s --quiet --yes "$f" --dry-run
	done
	[ ! -e r ] || fail "a refused command made its results folder"
	umount "$mnt"
	e2fsck -fn "$work/fs.img" >/dev/null 2>&1 || fail "the mounted ext4 was written behind its back"
	losetup -d "$F"
	# Detached: the image's ext4 signature still refuses, until --force --yes names it.
	refused 3 "holds an ext4 signature" run "$work/fs.img" --rw randwrite --time 1s --quiet --out r
	run_cmd run "$work/fs.img" --rw randwrite --time 1s --quiet --force --yes fs.img --dry-run
	[ "$rc" = 0 ] || fail "--force --yes on an ext4 image (dry run): exit $rc: $(cat "$work/stderr")"
	e2fsck -fn "$work/fs.img" >/dev/null 2>&1 || fail "the ext4 image was written"
else
	echo "no mkfs.ext4 or e2fsck: the filesystem cases are skipped"
fi

# The backing file of an idle loop device is that device: --yes names it.
new_loop "$work/disk.img"
A=$loopdev
a=$(basename "$A")
refused 3 "confirm with --yes $a" run "$work/disk.img" --rw randwrite --time 1s --quiet --out r
new_loop "$work/disk.img"
B=$loopdev
b=$(basename "$B")
[ "$A" != "$B" ] || fail "one loop device twice"

# holder_run TARGET YES: a writing run in the background until its claim is taken, its pid in $holder.
holder_run() {
	rm -rf "$SSDPROF_STATE"
	"$exe" run "$1" --rw randwrite --time 4s --quiet --yes "$2" --out "held-$2-$(basename "$1")" \
		>"$work/holder.out" 2>"$work/holder.err" &
	holder=$!
	wait_claim || fail "the writing run on $1 took no claim"
	sleep 0.3
}
holder_done() {
	set +e
	wait "$holder"
	local r=$?
	set -e
	holder=
	[ "$r" = 0 ] || fail "the holding run exited $r: $(cat "$work/holder.err")"
}
holder_run "$A" "$a"
refused 3 "another ssdprof is writing to it (pid $holder" run "$work/disk.img" --time 1s --quiet --yes "$a" --out r
refused 3 "another ssdprof is writing to it (pid $holder" run "$B" --time 1s --quiet --yes "$b" --out r
holder_done
holder_run "$work/disk.img" "$a"
refused 3 "another ssdprof is writing to it (pid $holder" run "$A" --time 1s --quiet --yes "$a" --out r
refused 3 "another ssdprof is writing to it (pid $holder" run "$B" --time 1s --quiet --yes "$b" --out r
holder_done
[ ! -e r ] || fail "a refused run made its results folder"

# Mode 444: a refusal its owner meant, even for root; nothing written.
head -c 4M /dev/urandom >"$work/ro.img"
chmod 444 "$work/ro.img"
sum=$(sha256sum <"$work/ro.img")
refused 2 "its mode (0444) lets nobody write it" run "$work/ro.img" --rw randwrite --time 1s --quiet --out r
refused 2 "ro.img" precondition "$work/ro.img" --round 1s --max-rounds 5 --quiet --out r
[ "$(sha256sum <"$work/ro.img")" = "$sum" ] || fail "the 444 file was written"
echo "claim_identity: ok"
