# vmlab-timeout: 120
# op --set 20 --method namespace: QEMU rejects namespace delete although OACS
# claims namespace management; ssdprof says so in one line, exit 1, and the
# namespace is intact and readable.  --method auto then falls back to span.
. /vmlab/lib.sh
need_block_target
need_command op
export SSDPROF_STATE=/tmp/ssdprof-state
# sub1 is in an NVMe subsystem: detach works, delete is refused, ssdprof re-attaches.
# nvme0 is not: QEMU refuses even the detach.
for d in sub1n1 nvme0; do
dev=$(drive_dev $d) serial=$(drive_serial $d)
echo "=== $d ($dev)"
size=$(blockdev --getsize64 "$dev")
dd if=/dev/urandom of="$dev" bs=1M count=2 conv=fsync 2>/dev/null
sum=$(dd if="$dev" bs=1M count=2 2>/dev/null | md5sum)
step "$SSDPROF" op "$dev" --set 20 --method namespace --dry-run
"$SSDPROF" op "$dev" --set 20 --method namespace --yes "$serial" >out.txt 2>err.txt
rc=$?
cat out.txt err.txt
[ $rc = 1 ] || fail "namespace OP exit $rc, expected 1"
[ "$(grep -c '^ssdprof: op:' err.txt)" = 1 ] || fail "namespace OP error is not one line"
# A re-attached namespace may come back under another name (a new head instance).
newdev=$(sed -n 's/.*is now \(\/dev\/[a-z0-9]*\).*/\1/p' err.txt)
[ -n "$newdev" ] && dev=$newdev
grep -q "refused to \(delete\|detach\) namespace" err.txt || fail "error does not say the controller refused"
sleep 1
[ -b "$dev" ] || fail "$dev is gone"
[ "$(blockdev --getsize64 "$dev")" = "$size" ] || fail "$dev changed size"
[ "$(dd if="$dev" bs=1M count=2 2>/dev/null | md5sum)" = "$sum" ] || fail "$dev content changed"
echo "namespace intact and readable"
"$SSDPROF" op "$dev" --set 20 --method auto --yes "$serial" >out.txt 2>err.txt || fail "auto OP failed: $(cat err.txt)"
cat out.txt err.txt
grep -q "span OP set" out.txt || fail "auto did not fall back to span"
grep -qi "span" err.txt || grep -qi "namespace" err.txt || fail "auto did not say why it fell back"
step "$SSDPROF" op "$dev" --show
"$SSDPROF" op "$dev" --show --json >show.json
grep -q '"op_method": *"span"' show.json || fail "--show does not report the span OP"
step "$SSDPROF" op "$dev" --restore --yes "$serial"
"$SSDPROF" op "$dev" --show --json >show2.json
grep -q '"op_method": *null' show2.json || fail "--restore left a journal entry"
[ "$(blockdev --getsize64 "$dev")" = "$size" ] || fail "$dev changed size"
done
