# vmlab-timeout: 180
# An md RAID 5 of the four RAID NVMe drives: `ssdprof info` reports level,
# chunk and members as mdadm does, `run` and `slc` write through it, and
# `sweep` on the array is refused (a sweep must purge the members, not the
# array).
. /vmlab/lib.sh
need_block_target
modprobe raid456 2>/dev/null

d0=$(drive_dev raid0) d1=$(drive_dev raid1) d2=$(drive_dev raid2) d3=$(drive_dev raid3)
step mdadm --create /dev/md0 --run --assume-clean --level=5 --chunk=64 --raid-devices=4 \
	"$d0" "$d1" "$d2" "$d3"
# A failure below must not leave the members held by md0 for the tests after this one.
trap 'mdadm --stop /dev/md0 >/dev/null 2>&1' EXIT
mdadm --detail /dev/md0 | tee detail.txt

step "$SSDPROF" info /dev/md0 --json >info.json
cat info.json
grep -q '"level": *"raid5"' info.json || fail "info does not report raid5"
grep -q '"chunk_bytes": *65536' info.json || fail "info does not report a 64 KiB chunk"
# Members in RaidDevice order, as mdadm --detail lists them.
want=$(echo $(awk '/active sync/ { n = $NF; sub(".*/", "", n); print n }' detail.txt))
got=$(echo $(sed -n '/"members"/,/]/p' info.json | tr -d ' ",[]' | grep -v members))
echo "mdadm: $want; ssdprof: $got"
[ "$want" = "$got" ] || fail "members differ from mdadm's"

step "$SSDPROF" run /dev/md0 --yes md0 --rw randwrite --bs 4k --qd 16 --bytes 8M --quiet --json --out run >run.json
w=$(json_num run.json host_bytes_written)
[ "${w:-0}" -ge $((8 << 20)) ] || fail "run on md0 wrote $w bytes, expected 8 MiB"

# slc writes the array end to end through md with 128k writes.
step "$SSDPROF" slc /dev/md0 --yes md0 --quiet --json --out slc >slc.json
grep -q '"phases"' slc.json || fail "slc on md0 has no phases"
# md RAID 5 passes no discards by default: auto purge warns and records that nothing was purged.
grep -q '"purge_method": *"none"' slc.json || fail "slc on md0 does not record that it could not purge"
# QEMU's drives have no SLC cache: no cliff, so in_cache_mbps is null and post_cache_mbps is
# the rate sustained throughout (DESIGN.md 4, slc).
mbps=$(json_num slc.json post_cache_mbps)
echo "slc on md0: $mbps MB/s sustained"
awk -v m="${mbps:-0}" 'BEGIN { exit !(m > 0) }' || fail "slc on md0 measured no throughput"

"$SSDPROF" sweep /dev/md0 --yes md0 --op 0 >out.txt 2>err.txt
rc=$?
cat err.txt
[ $rc = 2 ] || fail "sweep on md0 exited $rc, expected 2"
[ "$(wc -l <err.txt)" = 1 ] || fail "the refusal is not one line"
grep -q "mdadm --stop /dev/md0" err.txt && grep -q -- "--raid 5 --chunk 64k" err.txt ||
	fail "the refusal does not say to stop the array and pass the members"
step mdadm --stop /dev/md0
echo "md RAID 5: info, run and the sweep refusal as expected"
