# vmlab-timeout: 180
# ssdprof run writes through io_uring to the SATA disk (AHCI/libata, as a
# plain block device); the kernel's sector count moves by what ssdprof
# reports, and the writes land in the host's image file (40_sata_run.host.sh).
. /vmlab/lib.sh
need_block_target

dev=$(drive_dev sata0) ser=$(drive_serial sata0)
s0=$(sectors_written "$dev")
step "$SSDPROF" run "$dev" --rw write --bs 128k --qd 8 --bytes 64M --yes "$ser" \
	--quiet --json --out run >run.json
s1=$(sectors_written "$dev")
w=$(json_num run.json host_bytes_written)
echo "ssdprof host_bytes_written=$w; kernel sectors written $s0 -> $s1"
[ "${w:-0}" -ge $((64 << 20)) ] || fail "ssdprof reports $w bytes written, expected 64 MiB"
k=$(((s1 - s0) * 512))
[ "$k" -ge "$w" ] && [ "$k" -le $((w + (1 << 20))) ] ||
	fail "the kernel wrote $k bytes, ssdprof reports $w"
echo "$w" >expect_written
host_snapshot written
