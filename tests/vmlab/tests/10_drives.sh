# vmlab-timeout: 90
# The drive set as the kernel and the standard tools see it (nvme-cli,
# smartctl, hdparm, lsblk): every drive found by serial, sizes, the detached
# namespace invisible until attached (then detached again), the SATA disk
# non-rotational with TRIM.
. /vmlab/lib.sh

cat /vmlab/drives
step nvme list
step /usr/bin/lsblk -d -o NAME,SIZE,ROTA,DISC-GRAN,DISC-MAX,MODEL

for d in nvme0 sub1n1 raid0 raid1 raid2 raid3 sata0; do
	dev=$(drive_dev "$d")
	[ -b "$dev" ] || fail "drive $d has no block device"
	size=$(blockdev --getsize64 "$dev")
	[ "$size" = 1073741824 ] || fail "$d ($dev): $size bytes, expected 1 GiB"
	[ "$(cat /sys/block/${dev##*/}/queue/discard_max_bytes)" -gt 0 ] ||
		fail "$d ($dev) does not support discard"
done
for d in nvme0 sub1n1 raid0 raid1 raid2 raid3; do
	ctl=$(drive_ctrl "$d")
	nvme id-ctrl "$ctl" | grep -q "^sn *: *$(drive_serial "$d") *\$" ||
		fail "$d: nvme id-ctrl $ctl does not report serial $(drive_serial "$d")"
done
[ "$(nvme list | grep -c VMLAB-)" = 6 ] || fail "nvme list does not show 6 namespaces"

# nvme0: one namespace.
echo "+ nvme list-ns $(drive_ctrl nvme0)"
nvme list-ns "$(drive_ctrl nvme0)" >ns.txt || fail "list-ns"
cat ns.txt
[ "$(grep -c ':0x' ns.txt)" = 1 ] || fail "nvme0 should have exactly one namespace"

# The subsystem: namespace 2 is allocated but detached.
ctl=$(drive_ctrl sub1n1)
cntlid=$(cat /sys/class/nvme/${ctl##*/}/cntlid)
nvme list-ns "$ctl" >active.txt || fail "list-ns"
nvme list-ns -a "$ctl" >alloc.txt || fail "list-ns -a"
echo "active:"; cat active.txt; echo "allocated:"; cat alloc.txt
grep -q ':0x2$' active.txt && fail "namespace 2 is active although detached"
grep -q ':0x2$' alloc.txt || fail "namespace 2 is not allocated"
[ "$(drive_dev sub1n2)" = - ] || fail "detached namespace 2 has a block device"

step nvme attach-ns "$ctl" -n 2 -c "$cntlid"
step nvme ns-rescan "$ctl"
i=0
until vmlab_discover | awk '$1 == "sub1n2" && $5 != "-" { f = 1 } END { exit !f }'; do
	i=$((i + 1)); [ $i -lt 50 ] || fail "namespace 2 did not appear after attach"; sleep 0.2
done
dev2=$(vmlab_discover | awk '$1 == "sub1n2" { print $5 }')
echo "attached namespace 2 is $dev2"
[ "$(blockdev --getsize64 "$dev2")" = 1073741824 ] || fail "$dev2 is not 1 GiB"
nvme list-ns "$ctl" | grep -q ':0x2$' || fail "namespace 2 not active after attach"

step nvme detach-ns "$ctl" -n 2 -c "$cntlid"
step nvme ns-rescan "$ctl"
i=0
while [ -b "$dev2" ]; do
	i=$((i + 1)); [ $i -lt 50 ] || fail "$dev2 still there after detach"; sleep 0.2
done
nvme list-ns "$ctl" | grep -q ':0x2$' && fail "namespace 2 still active after detach"
echo "namespace 2 detached again"

# The SATA disk through libata: serial, model, not rotating, TRIM.
sda=$(drive_dev sata0)
[ "$(cat /sys/block/${sda##*/}/queue/rotational)" = 0 ] || fail "$sda is rotational"
step smartctl -i "$sda" >smart.txt
cat smart.txt
grep -q 'Serial Number: *VMLAB-SATA0' smart.txt || fail "smartctl: wrong serial"
grep -q 'Device Model: *VMLAB SATA SSD' smart.txt || fail "smartctl: wrong model"
grep -q 'TRIM Command: *Available' smart.txt || fail "smartctl: no TRIM"
# hdparm -I does not list QEMU's TRIM (IDENTIFY word 169); it checks the serial.
step hdparm -I "$sda" >hdparm.txt
grep -q 'Serial Number: *VMLAB-SATA0' hdparm.txt || fail "hdparm: wrong serial"
echo "all drives as expected"
