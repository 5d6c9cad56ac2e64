# vmlab-timeout: 480
# ssdprof's --raid group moves the bytes a real md array moves: the same
# workloads (same seed, same span in bytes, so the same offsets) on an md
# RAID 1 of two RAID NVMe drives, RAID 5 of three and of four, and on ssdprof's group
# of the same drives, and every member's bytes read and written (from
# /sys/block/*/stat before and after, less what the safety gate's signature
# probe read) within 5% (plus 256 KiB for md's superblock updates).  md sends each read whole to one mirror (at QD 1 the
# first, raid1.c read_balance), so a 128 KiB random read is one member read,
# not one per 64 KiB chunk; RAID 5 of three updates parity by
# reconstruct-write, and so does RAID 5 of four, where read-modify-write
# would read as many pages (md's handle_stripe_dirtying settles the tie by
# reconstruct-write).  Per-member totals cannot tell the two apart (parity
# rotates, so over random offsets each member is read as often either way):
# tests/unit/test_raid_map.c pins the choice; here RAID 5 of four is checked
# for its writes and reads per member.  compare.txt lists the figures side by
# side.
. /vmlab/lib.sh
need_block_target
modprobe raid1 2>/dev/null
modprobe raid456 2>/dev/null

SPAN=$((256 << 20))
d0=$(drive_dev raid0) d1=$(drive_dev raid1) d2=$(drive_dev raid2) d3=$(drive_dev raid3)
s0=$(drive_serial raid0) s1=$(drive_serial raid1) s2=$(drive_serial raid2) s3=$(drive_serial raid3)
trap 'mdadm --stop /dev/md7 >/dev/null 2>&1; mdadm --zero-superblock "$d0" "$d1" "$d2" "$d3" >/dev/null 2>&1' EXIT
: >compare.txt

# stat_bytes DEV...: "read written" bytes the kernel sent each DEV since boot, one line each.
stat_bytes() {
	for d; do awk '{ print $3 * 512, $7 * 512 }' "/sys/block/${d##*/}/stat"; done
}

# span_pct CAPACITY: the --span that gives SPAN bytes on a target of CAPACITY bytes (half a
# 4k block over, so the rounding down to whole blocks lands on SPAN).
span_pct() {
	awk -v s="$SPAN" -v c="$1" 'BEGIN { printf "%.12f", (s + 2048) * 100 / c }'
}

# workload NAME TARGET-ARGS...: run the named workload on the target given.
workload() {
	_w=$1
	shift
	case $_w in
	rw1) set -- "$@" --rw randrw --read-pct 50 --bs 4k --qd 1 --bytes 8M ;;
	rd128) set -- "$@" --rw randread --bs 128k --qd 1 --bytes 16M ;;
	rd16) set -- "$@" --rw randread --bs 16k --qd 4 --bytes 8M ;;
	wr4) set -- "$@" --rw randwrite --bs 4k --qd 4 --bytes 8M ;;
	esac
	guarded "$SSDPROF" run "$@" --no-fill --seed 7 --quiet --out "$_w.$tag"
}

# guarded CMD...: run CMD, failing the test if it fails.  Still running after 150 s (as the
# RAID 5 sweep of 71_raid_sweep sometimes is), it leaves what its threads wait on and the
# state of its io_uring rings in the output, and the test SKIPs.
guarded() {
	echo "+ $*" >&2
	"$@" &
	_pid=$!
	wait_or_dump "$_pid" 150 || skip "ssdprof still running after 150 s (see the output)"
	wait "$_pid" || fail "exit $?: $*"
}

# measure LEVEL WORKLOAD TARGET-CAPACITY TARGET-ARGS...: the members' bytes for one workload.
# A command that writes first probes each device it writes for signatures (libblkid, through
# the page cache): for those, the same probe with one 4k write (cold cache both times) is
# measured before and taken off.
measure() {
	_lvl=$1 _w=$2 _cap=$3
	shift 3
	_span=$(span_pct "$_cap")
	for d in $members; do echo 0 0; done >"$_w.$tag.base"   # (busybox paste stops at an empty file)
	case $_w in
	rw1 | wr4)
		sync
		echo 3 >/proc/sys/vm/drop_caches
		stat_bytes $members >"$_w.$tag.b0"
		guarded "$SSDPROF" run "$@" --span "$_span" --rw write --bs 4k --qd 1 --bytes 4k --no-fill \
			--seed 7 --quiet --out "base.$_w.$tag"
		stat_bytes $members >"$_w.$tag.b1"
		paste "$_w.$tag.b0" "$_w.$tag.b1" | awk '{ print $3 - $1, $4 - $2 }' >"$_w.$tag.base"
		sync
		echo 3 >/proc/sys/vm/drop_caches
		;;
	esac
	stat_bytes $members >"$_w.$tag.before"
	workload "$_w" "$@" --span "$_span"
	stat_bytes $members >"$_w.$tag.after"
	# The base's own 4k write is in both sides' figures alike.
	paste "$_w.$tag.before" "$_w.$tag.after" "$_w.$tag.base" |
		awk '{ print $3 - $1 - $5, $4 - $2 - $6 }' >"$_w.$tag.bytes"
}

# within A B: whether A and B are within 5% (plus 256 KiB) of each other.
within() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = a > b ? a : b;
		exit !(d <= 0.05 * m + 262144) }'
}

# compare LEVEL WORKLOAD: md's and ssdprof's member bytes side by side; fail past 5%.
# The mirror's mixed workload (rw1) compares the reads of both mirrors together:
# with writes in flight md's choice at QD 1 is not deterministic (one lab run sent
# 68 of its 964 reads to the second mirror, another 40), while the total and
# every member's writes are; the read-only rd128 compares each member's reads.
compare() {
	_w=$2
	echo "RAID $1 $2 (member: md read, ssdprof read; md written, ssdprof written)" | tee -a compare.txt
	set -- $members
	paste "$_w.md.bytes" "$_w.ssdprof.bytes" | while read -r mr mw sr sw; do
		echo "  ${1##*/}: $mr $sr; $mw $sw"
		[ "$_w" = rw1 ] || within "$mr" "$sr" || echo "  ^ differs"
		within "$mw" "$sw" || echo "  ^ differs"
		shift
	done | tee -a compare.txt
	if [ "$_w" = rw1 ]; then
		_mr=$(paste "$_w.md.bytes" | awk '{ s += $1 } END { print s + 0 }')
		_sr=$(paste "$_w.ssdprof.bytes" | awk '{ s += $1 } END { print s + 0 }')
		echo "  both mirrors read: $_mr $_sr" | tee -a compare.txt
		within "$_mr" "$_sr" || echo "  ^ differs" | tee -a compare.txt
	fi
}

# md_array LEVEL DEV...: create /dev/md7 over the drives; its capacity on stdout.
md_array() {
	_l=$1
	shift
	_c=
	[ "$_l" = 1 ] || _c=--chunk=64   # a mirror has no chunks
	mdadm --create /dev/md7 --run --assume-clean --metadata=1.2 --level="$_l" $_c \
		--raid-devices=$# "$@" >&2 || return 1
	/usr/sbin/blockdev --getsize64 /dev/md7
}

# group_bytes LEVEL DEV...: the capacity of ssdprof's group (whole 64k chunks of the smallest
# member, times the data members).
group_bytes() {
	_l=$1
	shift
	_min=
	for d; do
		_s=$(/usr/sbin/blockdev --getsize64 "$d")
		[ -z "$_min" ] || [ "$_s" -lt "$_min" ] && _min=$_s
	done
	_per=$((_min / 65536 * 65536))
	[ "$_l" = 1 ] && echo "$_per" || echo $((_per * ($# - 1)))
}

for group in 1 5 5x4; do
	level=${group%x*}
	case $group in
	1) members="$d0 $d1" yes="$s0,$s1" loads="rw1 rd128" ;;
	5) members="$d0 $d1 $d2" yes="$s0,$s1,$s2" loads="rd16 wr4" ;;
	5x4) members="$d0 $d1 $d2 $d3" yes="$s0,$s1,$s2,$s3" loads="wr4" ;;
	esac
	# ssdprof's group over the bare drives (--force: an earlier test's md superblock may be there).
	tag=ssdprof
	cap=$(group_bytes $level $members)
	for w in $loads; do
		measure $level $w "$cap" --raid $level --chunk 64k $members --yes "$yes" --force
	done
	# The same on md.
	tag=md
	cap=$(md_array $level $members) && [ -n "$cap" ] || fail "mdadm --create RAID $level over $members"
	echo "RAID $level: md capacity $cap bytes, ssdprof's group $(group_bytes $level $members)"
	for w in $loads; do
		measure $level $w "$cap" /dev/md7 --yes md7
	done
	step mdadm --stop /dev/md7
	mdadm --zero-superblock $members
	for w in $loads; do
		compare "$group" $w
	done
done
cat compare.txt
grep -q differs compare.txt && fail "member bytes differ from md's by more than 5% (compare.txt)"
echo "RAID 1, RAID 5 of three and of four: every member's bytes within 5% of md's"
