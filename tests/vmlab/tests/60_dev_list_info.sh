# vmlab-timeout: 150
# ssdprof list and info on the emulated NVMe and SATA drives: identity,
# capacity, the purge and OP methods each supports, and whether it is in use.
# What only reads opens the drives read-only (a write open's close has udev
# re-scan the drive): info works on a read-only namespace, and a read run
# holds no file open for writing while its ring has the engine's fixed
# buffers (through the NVMe and SATA targets to the block device's ring).
. /vmlab/lib.sh
need_block_target
need_command list
step "$SSDPROF" list
"$SSDPROF" list --json >list.json || fail "list --json failed"
for d in nvme0 sata0; do
	dev=$(drive_dev "$d") serial=$(drive_serial "$d")
	grep -q "\"$dev\"" list.json || fail "list does not show $dev"
	grep -q "\"$serial\"" list.json || fail "list does not show serial $serial"
	step "$SSDPROF" info "$dev"
	"$SSDPROF" info "$dev" --json >"info-$d.json" || fail "info --json $dev failed"
	grep -q "\"serial\": *\"$serial\"" "info-$d.json" || fail "info $dev: serial is not $serial"
	[ "$(json_num "info-$d.json" capacity_bytes)" = "$(blockdev --getsize64 "$dev")" ] ||
		fail "info $dev: capacity differs from the kernel's"
done
grep -q '"kind": *"nvme"' info-nvme0.json || fail "nvme0 is not kind nvme"
grep -q '"kind": *"ata"' info-sata0.json || fail "sata0 is not kind ata"
grep -q '"oacs": *"0x10a"' info-nvme0.json || fail "nvme0: OACS not 0x10a"
grep -q '"purge_methods": *"format trim"' info-nvme0.json ||
	fail "nvme0: purge methods not 'format trim' (SANICAP 0, FNA 0: no crypto erase)"
grep -q '"data_units_written"' info-nvme0.json || fail "nvme0: no SMART snapshot"
grep -q '"supported": *false' info-sata0.json || fail "sata0: security/sanitize shown as supported"
grep -q '"purge_methods": *"trim"' info-sata0.json || fail "sata0: purge methods not just trim"
# Opened read-only (the read runs below check the open itself), info still lists the
# drive's capabilities, methods and writability.
grep -q '"op_methods": *"namespace span"' info-nvme0.json || fail "nvme0: op methods not 'namespace span'"
for d in nvme0 sata0; do
	grep -q '"writable": *true' "info-$d.json" || fail "$d: not shown as writable"
	grep -q '"write"' "info-$d.json" && grep -q '"purge"' "info-$d.json" ||
		fail "$d: info does not list the drive's write and purge capabilities"
done
echo "list and info agree with the drives"

dev=$(drive_dev nvme0)
/usr/sbin/blockdev --setro "$dev" || fail "blockdev --setro $dev failed"
"$SSDPROF" info "$dev" --json >info-ro.json
rc=$?
/usr/sbin/blockdev --setrw "$dev" || fail "blockdev --setrw $dev failed: it stays read-only"
[ $rc -eq 0 ] || fail "info on the read-only $dev: exit $rc"
grep -q '"writable": *false' info-ro.json || fail "info on the read-only $dev: not shown as read-only"
grep -q "\"serial\": *\"$(drive_serial nvme0)\"" info-ro.json || fail "info on the read-only $dev: no serial"
echo "info works on the read-only $dev and says so"

# read_run NAME: a 4 s read run on the drive, watched from /proc while it runs:
# every file it has open on the drive (block device, NVMe controller) is
# read-only, and its io_uring ring has buffers registered.
read_run() {
	dev=$(drive_dev "$1") ctl=$(drive_ctrl "$1")
	"$SSDPROF" run "$dev" --rw randread --bs 4k --qd 4 --time 4s --quiet --out "read-$1" \
		>"read-$1.out" 2>&1 &
	pid=$!
	bufs=0 tries=0
	# Up to 8 s: a finished run stays a zombie (kill -0 succeeds) until waited for.
	while [ "$bufs" -eq 0 ] && [ $tries -lt 80 ]; do
		for f in /proc/$pid/fdinfo/*; do
			n=$(sed -n 's/^UserBufs:[[:space:]]*//p' "$f" 2>/dev/null)
			[ "${n:-0}" -gt 0 ] && bufs=$n
		done
		[ "$bufs" -gt 0 ] || sleep 0.1
		tries=$((tries + 1))
	done
	opened=0
	for l in /proc/$pid/fd/*; do
		case $(readlink "$l") in "$dev" | "$ctl") ;; *) continue ;; esac
		flags=$(sed -n 's/^flags:[[:space:]]*//p' "/proc/$pid/fdinfo/${l##*/}")
		# O_ACCMODE is the low two bits of the octal flags; 0 is O_RDONLY.
		[ $((flags & 3)) -eq 0 ] || fail "$1: a read run holds $(readlink "$l") open for writing (flags $flags)"
		opened=$((opened + 1))
	done
	wait $pid || fail "$1: the read run failed: $(cat "read-$1.out")"
	[ "$bufs" -gt 0 ] || fail "$1: no fixed buffers registered on the read run's ring"
	[ "$opened" -ge 1 ] || fail "$1: the read run was over before its files could be seen"
	echo "$1: a read run holds $opened files on the drive, all read-only; its ring has $bufs fixed buffers"
}
read_run nvme0
read_run sata0
