# vmlab-timeout: 150
# Safety (DESIGN.md 7): a mounted filesystem, a filesystem signature, a drive
# in an md array, a partition table and a wrong --yes serial are each refused
# with exit 3 before anything is sent; the drive's content is unchanged.
. /vmlab/lib.sh
need_block_target
need_command purge
export SSDPROF_STATE=/tmp/ssdprof-state
sum_of() { dd if="$1" bs=1M count=8 2>/dev/null | md5sum; }
refused() {
	_dev=$1
	shift
	_before=$(sum_of "$_dev")
	"$@" >out.txt 2>err.txt
	_rc=$?
	cat err.txt
	[ $_rc = 3 ] || fail "'$*' exit $_rc, expected 3"
	[ "$(wc -l <err.txt)" = 1 ] || fail "'$*' error is not one line"
	[ "$(sum_of "$_dev")" = "$_before" ] || fail "'$*' changed $_dev"
}
d0=$(drive_dev raid0) s0=$(drive_serial raid0)
d1=$(drive_dev raid1) s1=$(drive_serial raid1)
d2=$(drive_dev raid2)
d3=$(drive_dev raid3) s3=$(drive_serial raid3)
# The later tests use these drives: leave none mounted, swapped on or in an array, pass or fail.
trap 'umount /mnt/t 2>/dev/null; swapoff "$d0" 2>/dev/null; mdadm --stop /dev/md9 >/dev/null 2>&1' EXIT

# Mounted filesystem, then the signature it leaves when unmounted.
# In use as swap (swap needs no module).
mkswap "$d0" >/dev/null && swapon "$d0" || fail "swapon failed"
refused "$d0" "$SSDPROF" purge "$d0" --method trim --yes "$s0"
grep -q "in use as swap" err.txt || fail "swap not named"
swapoff "$d0"
/usr/sbin/wipefs -a -q "$d0"
mke2fs -q "$d0" >/dev/null 2>&1 || mke2fs "$d0" >/dev/null || fail "mke2fs failed"
modprobe ext4 2>/dev/null
mkdir -p /mnt/t
if mount -t ext2 "$d0" /mnt/t 2>/dev/null || mount -t ext4 "$d0" /mnt/t 2>/dev/null; then
	echo data >/mnt/t/file && sync
	# Read-only from here: still mounted, but the kernel's own late writes (superblock,
	# journal) are flushed now and cannot change the device between the checksums.
	mount -o remount,ro /mnt/t || fail "remount read-only failed"
	refused "$d0" "$SSDPROF" purge "$d0" --method trim --yes "$s0"
	grep -q "mounted at /mnt/t" err.txt || fail "mount not named"
	refused "$d0" "$SSDPROF" sweep "$d0" --op 0,20 --round 1s --yes "$s0"
	refused "$d0" "$SSDPROF" op "$d0" --set 10 --yes "$s0"
	umount /mnt/t
else
	echo "NOTE: the guest kernel has no ext2/ext4 driver (vmlab MODULES lacks ext4): mounted case not run"
fi
refused "$d0" "$SSDPROF" purge "$d0" --method trim --yes "$s0"
grep -q "ext2 signature\|ext[234]" err.txt || fail "filesystem signature not named"
/usr/sbin/wipefs -a -q "$d0" || fail "wipefs failed"

# A drive in an md array.
mdadm --create /dev/md9 --level=1 --raid-devices=2 --run --assume-clean --metadata=1.2 "$d1" "$d2" \
	>/dev/null 2>&1 || fail "mdadm --create failed"
refused "$d1" "$SSDPROF" purge "$d1" --method trim --yes "$s1"
grep -q "in use by md9" err.txt || fail "md holder not named"
mdadm --stop /dev/md9 >/dev/null 2>&1
mdadm --zero-superblock "$d1" "$d2" >/dev/null 2>&1

# A partition table (MBR, one Linux partition at 1 MiB).
dd if=/dev/zero of="$d3" bs=512 count=1 conv=fsync 2>/dev/null
printf '\000\040\041\000\203\376\377\377\000\010\000\000\000\000\020\000' |
	dd of="$d3" bs=1 seek=446 conv=notrunc,fsync 2>/dev/null
printf '\125\252' | dd of="$d3" bs=1 seek=510 conv=notrunc,fsync 2>/dev/null
blockdev --rereadpt "$d3" 2>/dev/null
refused "$d3" "$SSDPROF" purge "$d3" --method trim --yes "$s3"
grep -q "partition table" err.txt || fail "partition table not named"
/usr/sbin/wipefs -a -q "$d3"
blockdev --rereadpt "$d3" 2>/dev/null

# Wrong and missing --yes.
refused "$d3" "$SSDPROF" purge "$d3" --method trim --yes WRONG-SERIAL
grep -q "does not match" err.txt || fail "wrong serial not explained"
refused "$d3" "$SSDPROF" purge "$d3" --method trim
grep -q -- "--yes $s3" err.txt || fail "missing --yes does not name the serial"
echo "all refused, nothing written"
