# vmlab-timeout: 480
# `ssdprof pts iops` and `pts latency` on an NVMe namespace through the real
# kernel driver and io_uring: the purge, one 128 KiB sequential fill pass,
# then rounds of the cells (20 ms and 50 ms per cell: short for TCG).  The
# stimulus is checked from the I/O log, not only that a table appears: the
# 56 IOPS cells in the result's order, every I/O of a cell at that cell's
# block size (0.5 KiB included: QEMU's namespaces have 512-byte LBAs) and
# inside the namespace; the latency test at QD 1 (no two I/Os of a cell
# overlap); the host bytes the kernel counted cover the fill.
. /vmlab/lib.sh
need_block_target
need_command pts
export SSDPROF_STATE=/tmp/ssdprof-state

vmlab_discover >/vmlab/drives 2>/dev/null || true
dev=$(drive_dev nvme0) serial=$(drive_serial nvme0)
[ -b "$dev" ] || fail "nvme0 ($dev) is not a block device now"
size=$(($(cat /sys/class/block/${dev##*/}/size) * 512))

# cells_of RESULT: the cells' block sizes in the result's order, one per line.
cells_of() { grep -o '"bs": *[0-9]*' "$1" | grep -o '[0-9]*$'; }
# check_log LOG RESULT: every logged I/O at its cell's size and inside the
# namespace; prints the number of cells that did I/O.
check_log() {
	cells_of "$2" >bs.txt
	awk -F, -v size="$size" '
		NR == FNR { bs[FNR - 1] = $1; n++; next }
		FNR == 1 { next }
		{
			if ($6 != bs[$3]) { print "cell " $3 " round " $2 ": a " $6 "-byte I/O in a " bs[$3] "-byte cell"; bad = 1; exit }
			if ($5 + $6 > size) { print "I/O at " $5 "+" $6 " past the namespace (" size ")"; bad = 1; exit }
			seen[$3] = 1
		}
		END { if (bad) exit 1; c = 0; for (k in seen) c++; print c }' bs.txt "$1"
}

sec0=$(sectors_written "$dev")
step "$SSDPROF" pts iops "$dev" --yes "$serial" --cell-time 20ms --fill-passes 1 --min-writes 0 --max-rounds 5 \
	--out iops --io-log iops.log
sec1=$(sectors_written "$dev")
[ "$(cells_of iops/result.json | wc -l)" = 56 ] || fail "the IOPS result has $(cells_of iops/result.json | wc -l) cells, not 56"
[ "$(cells_of iops/result.json | sort -un | tr '\n' ' ')" = "512 4096 8192 16384 32768 65536 131072 1048576 " ] ||
	fail "the IOPS cells' block sizes are not the spec's eight"
n=$(check_log iops.log iops/result.json) || fail "iops stimulus: $n"
[ "$n" = 56 ] || fail "$n of the 56 IOPS cells did I/O (0.5 KiB cells on 512-byte LBAs are measured)"
grep -q '"iops": null' iops/result.json && fail "an IOPS cell is not measured on 512-byte LBAs"
written=$(((sec1 - sec0) * 512))
echo "kernel counted $written bytes written over a $size-byte namespace"
[ "$written" -ge "$size" ] || fail "the kernel counted $written bytes written, less than one fill pass ($size)"
step "$SSDPROF" report iops
[ -s iops/report.html ] || fail "report wrote no IOPS page"

step "$SSDPROF" pts latency "$dev" --yes "$serial" --cell-time 50ms --fill-passes 1 --min-writes 0 --max-rounds 5 \
	--out lat --io-log lat.log
[ "$(cells_of lat/result.json | wc -l)" = 9 ] || fail "the latency result does not have 9 cells"
n=$(check_log lat.log lat/result.json) || fail "latency stimulus: $n"
[ "$n" = 9 ] || fail "$n of the 9 latency cells did I/O"
grep -q '"qd": *1,' lat/result.json || fail "the latency test did not run at QD 1"
# QD 1: within a round and cell, each I/O is submitted after the one before completed.
awk -F, 'NR > 1 {
		k = $2 "/" $3
		if (k == last && $7 < end) { print "overlap in round/cell " k; bad = 1; exit }
		last = k; end = $7 + $8
	} END { exit bad }' lat.log || fail "latency I/Os overlap: not QD 1"
[ -b "$dev" ] || fail "$dev is gone after pts"
echo "pts iops (56 cells) and latency (9 cells, QD 1) on $dev through the NVMe driver"
