. "$VMLAB_HOSTLIB"
check_punched 50_trim_blkdiscard nvme nvme0
check_punched 50_trim_blkdiscard sata sata0
