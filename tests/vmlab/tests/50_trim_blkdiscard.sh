# vmlab-timeout: 120
# The host-side TRIM check, driven by util-linux blkdiscard (not ssdprof:
# 51_trim_ssdprof_purge does the same through ssdprof purge): a TRIM of the
# whole NVMe namespace and of the whole SATA disk punches the blocks of their
# image files on the host (see 50_trim_blkdiscard.host.sh).
. /vmlab/lib.sh
trim_check nvme nvme0 /usr/sbin/blkdiscard -v "$(drive_dev nvme0)"
trim_check sata sata0 /usr/sbin/blkdiscard -v "$(drive_dev sata0)"
