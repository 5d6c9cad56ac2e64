# Host side of 40_sata_run: the sequential writes are allocated in the image.
. "$VMLAB_HOSTLIB"
w=$(cat "$VMLAB_OUT/expect_written")
a=$(allocated 40_sata_run.written sata0)
echo "sata0.img: $a bytes allocated after ssdprof wrote $w sequentially"
[ "$a" -ge "$w" ] || fail "sata0.img has fewer bytes allocated than were written"
