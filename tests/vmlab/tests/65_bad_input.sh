# vmlab-timeout: 60
# Bad input: a controller instead of a namespace, a missing device, a method
# the drive lacks: one line each, exit 2, naming what would work.
. /vmlab/lib.sh
need_block_target
need_command purge
ctrl=$(drive_ctrl nvme0) dev=$(drive_dev nvme0) serial=$(drive_serial nvme0)
expect2() {
	"$@" >out.txt 2>err.txt
	rc=$?
	cat err.txt
	[ $rc = 2 ] || fail "'$*' exit $rc, expected 2"
	[ "$(wc -l <err.txt)" = 1 ] || fail "'$*' error is not one line"
}
expect2 "$SSDPROF" purge "$ctrl" --yes "$serial"
grep -q "NVMe controller, not a namespace" err.txt || fail "controller not named as such"
expect2 "$SSDPROF" purge /dev/nvme99n9 --yes x
grep -q "nvme99n9" err.txt || fail "missing device not named"
expect2 "$SSDPROF" purge "$dev" --method sanitize-block --yes "$serial"
grep -q "it supports: format trim" err.txt || fail "supported methods not named"
expect2 "$SSDPROF" purge "$dev" --method secure-erase --yes "$serial"
expect2 "$SSDPROF" op "$dev" --set 20 --method hpa --yes "$serial"
