. "$VMLAB_HOSTLIB"
check_punched 51_trim_ssdprof_purge nvme nvme0
check_punched 51_trim_ssdprof_purge sata sata0
