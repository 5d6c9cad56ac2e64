#!/bin/bash
# info, and run with reads only, never open the device for writing: udev
# re-scans a block device (a "change" uevent, partitions re-read) when a file
# opened for writing on it is closed, so a read-only command must not cause
# that.  The check is the one udev relies on, an inotify watch on the device
# node for IN_CLOSE_WRITE, with a write run as the control that it fires.
# Uses only loop devices over files in its own scratch directory.  Skips (77)
# without root, losetup or inotify.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

need_loop

# watch PATH ARGS...: run ssdprof ARGS (as run_cmd does) under an inotify
# watch on PATH; sets closes_w and closes_ro, the closes of files opened
# for writing and read-only.  A file registered with an io_uring ring is
# released by the ring's exit work after the process is gone (some 10-30 ms
# later), so the watch reads on until PATH has been quiet for a second.
watch() {
	local path=$1 counts
	shift
	counts=$(python3 - "$path" "$work/stdout" "$work/stderr" "$exe" "$@" <<'EOF'
import ctypes, os, select, struct, subprocess, sys, time

IN_CLOSE_WRITE, IN_CLOSE_NOWRITE, IN_NONBLOCK = 0x8, 0x10, os.O_NONBLOCK
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(IN_NONBLOCK)
if fd < 0 or libc.inotify_add_watch(fd, sys.argv[1].encode(),
                                    IN_CLOSE_WRITE | IN_CLOSE_NOWRITE) < 0:
    print("SKIP", os.strerror(ctypes.get_errno()))
    sys.exit(0)
with open(sys.argv[2], "wb") as out, open(sys.argv[3], "wb") as err:
    rc = subprocess.call(sys.argv[4:], stdout=out, stderr=err)
w = ro = 0
poll = select.poll()
poll.register(fd, select.POLLIN)
end = time.monotonic() + 10
while time.monotonic() < end and poll.poll(1000):
    buf = os.read(fd, 65536)
    off = 0
    while off < len(buf):
        _, mask, _, n = struct.unpack_from("iIII", buf, off)
        w += bool(mask & IN_CLOSE_WRITE)
        ro += bool(mask & IN_CLOSE_NOWRITE)
        off += 16 + n
print(rc, w, ro)
EOF
)
	case $counts in
	SKIP*) echo "SKIP: inotify: ${counts#SKIP }"; exit 77 ;;
	esac
	read -r rc closes_w closes_ro <<<"$counts"
}

# no_write_open PATH ARGS...: ARGS succeed and open PATH, never for writing.
no_write_open() {
	watch "$@"
	shift
	[ "$rc" -eq 0 ] || fail "'$*': exit $rc: $(cat "$work/stderr")"
	[ "$closes_ro" -ge 1 ] || fail "'$*': the watch saw no read-only open"
	[ "$closes_w" -eq 0 ] || fail "'$*': opened for writing ($closes_w closes)"
}

new_loop "$work/rw.img"
dev=$loopdev
name=$(basename "$dev")

no_write_open "$dev" info "$dev" --json
# Opened read-only, info still lists what the device can do, and says a write would be allowed.
json_check "$work/stdout" '"write" in d["target"]["capabilities"] and d["target"]["writable"] is True'
json_check "$work/stdout" '"purge" in d["target"]["capabilities"] and "trim" in d["target"]["capabilities"]'
json_check "$work/stdout" 'd["target"]["kind"] == "block" and d["target"]["capacity_bytes"] == 64 * 1024**2'
no_write_open "$dev" info "$dev"
no_write_open "$dev" run "$dev" --rw randread --time 300ms --quiet --out "$work/rd"
no_write_open "$dev" run "$dev" --rw read --bytes 1M --quiet --json --out "$work/rd2"
json_check "$work/stdout" '"write" in d["target"]["capabilities"]'
# A RAID group that only reads opens its members read-only too, and still lists what they can do.
new_loop "$work/rw2.img"
no_write_open "$dev" run --raid 1 "$dev" "$loopdev" --rw randread --time 300ms --quiet --json --out "$work/rg"
json_check "$work/stdout" '"write" in d["target"]["capabilities"] and len(d["series"][0]["members"]) == 2'

# The control: a write run is seen, so the checks above could fail.
watch "$dev" run "$dev" --yes "$name" --rw write --bytes 1M --quiet --out "$work/wr"
[ "$rc" -eq 0 ] || fail "write run: exit $rc: $(cat "$work/stderr")"
[ "$closes_w" -ge 1 ] || fail "the watch did not see the write run's open for writing"

# A read-only device (losetup -r): info works, says it is not writable, and lists no writing.
new_loop "$work/ro.img" -r
ro=$loopdev
no_write_open "$ro" info "$ro" --json
json_check "$work/stdout" 'd["target"]["writable"] is False and "read" in d["target"]["capabilities"]'
json_check "$work/stdout" '"write" not in d["target"]["capabilities"] and "purge" not in d["target"]["capabilities"]'

# A regular file: the same for info, and a write still works on it afterwards.
img=$work/f.img
truncate -s 16M "$img"
run_cmd run "$img" --rw read --bytes 4k --quiet --out "$work/probe"
if [ "$rc" -eq 0 ]; then
	no_write_open "$img" info "$img" --json
	json_check "$work/stdout" 'd["target"]["kind"] == "file" and d["target"]["writable"] is True'
	json_check "$work/stdout" '"write" in d["target"]["capabilities"]'
	run_cmd run "$img" --rw write --bytes 1M --quiet --json --out "$work/fw"
	[ "$rc" -eq 0 ] || fail "file write: exit $rc: $(cat "$work/stderr")"
	json_check "$work/stdout" '"write" in d["target"]["capabilities"]'
else
	echo "note: no O_DIRECT on $(dirname "$img"); the regular-file case is not tested"
fi
exit 0
