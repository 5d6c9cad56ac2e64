. "$VMLAB_HOSTLIB"
check_punched 61_nvme_purge format nvme0
check_punched 61_nvme_purge trim nvme0
