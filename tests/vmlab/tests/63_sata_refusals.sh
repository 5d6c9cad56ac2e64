# vmlab-timeout: 90
# On QEMU's AHCI disk: HPA (SET MAX ADDRESS EXT) is aborted and ssdprof
# reports the refusal (no false success, capacity unchanged); security erase
# reports that the drive has no security feature set; sanitize is refused
# naming what the drive supports.
. /vmlab/lib.sh
need_block_target
need_command op
dev=$(drive_dev sata0) serial=$(drive_serial sata0)
export SSDPROF_STATE=/tmp/ssdprof-state
size=$(blockdev --getsize64 "$dev")
"$SSDPROF" info "$dev" --json >info.json
if grep -q '"hpa_supported": *true' info.json; then
	"$SSDPROF" op "$dev" --set 20 --method hpa --yes "$serial" >out.txt 2>err.txt
	rc=$?
	cat out.txt err.txt
	[ $rc = 1 ] || fail "HPA OP exit $rc, expected 1 (the drive aborts SET MAX)"
	grep -q "aborted\|refused" err.txt || fail "HPA error does not report the drive's refusal"
else
	"$SSDPROF" op "$dev" --set 20 --method hpa --yes "$serial" >out.txt 2>err.txt
	rc=$?
	cat out.txt err.txt
	[ $rc != 0 ] || fail "HPA OP claimed success on a drive without HPA"
	grep -q "Host Protected Area\|hpa" err.txt || fail "HPA error does not say why"
fi
[ "$(wc -l <err.txt)" = 1 ] || fail "HPA error is not one line"
[ "$(blockdev --getsize64 "$dev")" = "$size" ] || fail "capacity changed"
hdparm -N "$dev" 2>&1 | tail -1
"$SSDPROF" purge "$dev" --method ata-erase --yes "$serial" >out.txt 2>err.txt
rc=$?
cat out.txt err.txt
[ $rc = 2 ] || fail "ata-erase exit $rc, expected 2"
grep -q "no ATA security feature set" err.txt || fail "ata-erase error does not name the missing feature set"
"$SSDPROF" purge "$dev" --method sanitize-block --yes "$serial" >out.txt 2>err.txt
rc=$?
cat err.txt
[ $rc = 2 ] && grep -q "it supports: trim" err.txt || fail "sanitize-block: exit $rc, no list of supported methods"
"$SSDPROF" op "$dev" --show --json | grep -q '"op_method": *null' || fail "a journal entry was left behind"
