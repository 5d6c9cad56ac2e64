# vmlab-timeout: 150
# ssdprof purge --method format and --method trim on the NVMe namespace:
# reads back zeros, and the host image is punched (61_nvme_purge.host.sh);
# --dry-run prints the Format NVM command and sends nothing.
. /vmlab/lib.sh
need_block_target
need_command purge
dev=$(drive_dev nvme0) serial=$(drive_serial nvme0)
dd if=/dev/urandom of="$dev" bs=1M count=4 conv=fsync 2>/dev/null
sum=$(dd if="$dev" bs=1M count=4 2>/dev/null | md5sum)
step "$SSDPROF" purge "$dev" --method format --dry-run >dry.txt
cat dry.txt
grep -q "FORMAT NVM (0x80) nsid=0x1 cdw10=0x00000200" dry.txt || fail "dry run does not show Format NVM SES=1"
[ "$(dd if="$dev" bs=1M count=4 2>/dev/null | md5sum)" = "$sum" ] || fail "--dry-run changed the data"
trim_check format nvme0 "$SSDPROF" purge "$dev" --method format --yes "$serial"
trim_check trim nvme0 "$SSDPROF" purge "$dev" --method trim --yes "$serial"
