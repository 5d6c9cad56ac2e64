# vmlab-timeout: 180
# ssdprof run writes through io_uring to an NVMe namespace (as a plain block
# device); the SMART Data Units Written counter (nvme-cli) and the kernel's
# sector count move by what ssdprof reports as host_bytes_written.
. /vmlab/lib.sh
need_block_target

dev=$(drive_dev nvme0) ctl=$(drive_ctrl nvme0) ser=$(drive_serial nvme0)
u0=$(smart_data_units_written "$ctl")
s0=$(sectors_written "$dev")
step "$SSDPROF" run "$dev" --rw randwrite --bs 4k --qd 32 --bytes 32M --yes "$ser" \
	--quiet --json --out run >run.json
u1=$(smart_data_units_written "$ctl")
s1=$(sectors_written "$dev")
w=$(json_num run.json host_bytes_written)
echo "ssdprof host_bytes_written=$w; SMART data units written $u0 -> $u1;" \
	"kernel sectors written $s0 -> $s1"
[ "${w:-0}" -ge $((32 << 20)) ] || fail "ssdprof reports $w bytes written, expected 32 MiB"
k=$(((s1 - s0) * 512))
[ "$k" -ge "$w" ] && [ "$k" -le $((w + (1 << 20))) ] ||
	fail "the kernel wrote $k bytes, ssdprof reports $w"
# One data unit is 1000 x 512 bytes, rounded up.
d=$(((u1 - u0) * 512000))
[ "$d" -ge $((w - 512000)) ] && [ "$d" -le $((w + 1024000)) ] ||
	fail "SMART counts $d bytes written (+-512000), ssdprof reports $w"
echo "SMART and the kernel agree with ssdprof"
