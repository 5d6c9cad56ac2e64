# vmlab-timeout: 120
# ssdprof purge --method trim (the generic block-device purge: BLKDISCARD of
# the whole device) on the NVMe namespace and the SATA disk; the host sees
# the image files' blocks punched (51_trim_ssdprof_purge.host.sh).
. /vmlab/lib.sh
need_block_target
need_command purge
trim_check nvme nvme0 "$SSDPROF" purge "$(drive_dev nvme0)" --method trim \
	--yes "$(drive_serial nvme0)"
trim_check sata sata0 "$SSDPROF" purge "$(drive_dev sata0)" --method trim \
	--yes "$(drive_serial sata0)"
