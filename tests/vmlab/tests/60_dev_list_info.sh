# vmlab-timeout: 90
# ssdprof list and info on the emulated NVMe and SATA drives: identity,
# capacity, the purge and OP methods each supports, and whether it is in use.
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
echo "list and info agree with the drives"
