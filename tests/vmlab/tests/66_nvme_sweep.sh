# vmlab-timeout: 420
# A 2-point sweep on the NVMe namespace, end to end through io_uring; the
# host bytes it wrote (fill + rounds, cross-checked with the kernel's sector
# count) agree with the SMART Data Units Written delta within one unit (512,000
# bytes) per point.
. /vmlab/lib.sh
need_block_target
need_command sweep
dev=$(drive_dev nvme0) ctrl=$(drive_ctrl nvme0) serial=$(drive_serial nvme0)
export SSDPROF_STATE=/tmp/ssdprof-state
duw0=$(smart_data_units_written "$ctrl")
sec0=$(sectors_written "$dev")
step "$SSDPROF" sweep "$dev" --op 0,20 --round 2s --max-rounds 6 --fill-passes 1 --min-writes 0 --out sweep --yes "$serial"
duw1=$(smart_data_units_written "$ctrl")
sec1=$(sectors_written "$dev")
kernel=$(( (sec1 - sec0) * 512 ))
smart=$(( (duw1 - duw0) * 512000 ))
echo "kernel wrote $kernel bytes; SMART data units written delta $((duw1 - duw0)) (= $smart bytes)"
diff=$((smart - kernel)); [ $diff -lt 0 ] && diff=$((-diff))
[ $diff -le $((2 * 512000)) ] || fail "SMART delta and kernel bytes differ by $diff bytes"
# The result's own figures: fill bytes and window bytes per point, none above the total.
awk 'BEGIN{RS=","} /"bytes":/ {gsub(/[^0-9]/,""); f+=$0} END{print f}' sweep/result.json >fill.txt
fill=$(cat fill.txt)
win=$(grep -o '"host_bytes_written": *[0-9]*' sweep/result.json | grep -o '[0-9]*$' | awk '{s+=$1} END{print s}')
echo "result: fill $fill bytes, steady windows $win bytes"
[ $((fill + win)) -le $((smart + 512000)) ] || fail "result host bytes exceed the SMART delta"
[ $((fill + win)) -ge $((smart / 2)) ] || fail "result host bytes far below the SMART delta"
grep -q '"op_method": *"span"' sweep/result.json || grep -q '"op_method": *"namespace"' sweep/result.json ||
	fail "no op_method in the result"
