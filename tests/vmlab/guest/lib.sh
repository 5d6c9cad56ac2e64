# SPDX-License-Identifier: MIT
# Helpers for the vmlab guest tests (busybox sh); /init sources it, and every
# test sources it with ". /vmlab/lib.sh".  A test runs in its own output
# folder (/results/NAME, which comes back to the host), gets $SSDPROF and
# $VMLAB_TEST, and exits 0 (pass), 77 (skip: say why with skip) or else (fail).

SSDPROF=/opt/ssdprof/ssdprof

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
# step CMD...: echo the command, run it, fail the test if it fails.
step() {
	echo "+ $*" >&2
	_t0=$(cut -d' ' -f1 /proc/uptime)
	"$@" || fail "exit $?: $*"
	echo "  ($(awk -v a="$_t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { print b - a }')s)" >&2
}

# vmlab_discover: print "NAME KIND SERIAL NSID BLOCKDEV CTRLDEV" for every drive
# in /vmlab/drives.conf ("-" where there is none, e.g. a detached namespace);
# exits 1 while a drive is still missing.
vmlab_discover() {
	_rc=0
	while read -r _n _k _s _id _sz _fl; do
		_blk=- _ctl=-
		case $_k in
		nvme)
			for _c in /sys/class/nvme/nvme*; do
				[ "$(tr -d ' ' <"$_c/serial" 2>/dev/null)" = "$_s" ] || continue
				_ctl=/dev/${_c##*/}
				for _e in "$_c"/nvme*n*; do
					[ -e "$_e/nsid" ] || continue
					[ "$(cat "$_e/nsid")" = "$_id" ] || continue
					# A path of a multipath namespace: nvmeAcBnC -> nvmeAnC.
					_blk=/dev/$(basename "$_e" | sed 's/c[0-9]*n/n/')
				done
			done
			;;
		sata)
			for _b in /sys/block/sd*; do
				[ -e "$_b" ] || continue
				_ser=$(tail -c +5 "$_b/device/vpd_pg80" 2>/dev/null | tr -d '\000 ')
				[ "$_ser" = "$_s" ] && _blk=/dev/${_b##*/}
			done
			;;
		esac
		if { [ "$_fl" != detached ] && [ ! -b "$_blk" ]; } ||
			{ [ "$_k" = nvme ] && [ ! -c "$_ctl" ]; }; then
			echo "missing: $_n ($_k $_s nsid $_id)" >&2
			_rc=1
		fi
		echo "$_n $_k $_s $_id $_blk $_ctl"
	done </vmlab/drives.conf
	return $_rc
}

_drive_field() { awk -v n="$1" -v f="$2" '$1 == n { print $f }' /vmlab/drives; }
drive_dev() { _drive_field "$1" 5; }     # /dev/nvme0n1, /dev/sda, or -
drive_ctrl() { _drive_field "$1" 6; }    # /dev/nvme0 (NVMe) or -
drive_serial() { _drive_field "$1" 3; }  # what --yes takes

# need_block_target: skip unless this ssdprof opens block devices.
need_block_target() {
	if "$SSDPROF" info /dev/null 2>&1 | grep -q 'only simulated targets'; then
		skip "this ssdprof build opens only sim: targets (no block/io_uring target yet)"
	fi
}
# need_command NAME: skip unless ssdprof has this subcommand.
need_command() {
	"$SSDPROF" --help 2>&1 | grep -q "^  $1 " ||
		skip "this ssdprof build has no '$1' command yet"
}

# json_num FILE KEY: the first number after "KEY": in FILE.
json_num() {
	sed -n "s/.*\"$2\" *: *\"\{0,1\}\([0-9.eE+-]*\).*/\1/p" "$1" | head -n1
}

# sectors_written DEV: 512-byte sectors the kernel has written to DEV since boot.
sectors_written() {
	awk '{ print $7 }' "/sys/block/${1##*/}/stat"
}
# smart_data_units_written CTRLDEV: the SMART log's Data Units Written
# (1000 x 512 bytes each), read with nvme-cli.
smart_data_units_written() {
	# nvme-cli 2.4 prints the 128-bit counters as JSON strings.
	nvme smart-log "$1" -o json >/tmp/smart.json || fail "nvme smart-log $1 failed"
	json_num /tmp/smart.json data_units_written
}

# host_snapshot TAG: ask the host to record how many bytes of each drive
# image are allocated now; a TEST.host.sh script reads them later as
# $VMLAB_SNAP/TEST.TAG ("name bytes" lines).  Flush your writes first.
host_snapshot() {
	if [ -z "${_ctl_open:-}" ]; then
		stty -F /dev/ttyS1 raw -echo 2>/dev/null
		exec 5<>/dev/ttyS1
		_ctl_open=1
	fi
	echo "SNAP $VMLAB_TEST.$1" >&5
	IFS= read -r -t 60 _reply <&5 || fail "no answer from the host to SNAP $1"
	case $_reply in "OK $VMLAB_TEST.$1"*) ;; *) fail "host answered '$_reply' to SNAP $1" ;; esac
	echo "host snapshot $VMLAB_TEST.$1 taken"
}

# trim_check LABEL DRIVE CMD...: write 8 MiB of random data at the start,
# the middle and the end of DRIVE, snapshot the host images (LABEL.written),
# run CMD (which is to TRIM the whole device), check the three spans read
# back as zeros, snapshot again (LABEL.trimmed).  The test's .host.sh then
# calls check_punched TEST LABEL DRIVE (hostlib.sh).
trim_check() {
	_l=$1 _d=$2
	shift 2
	_dev=$(drive_dev "$_d")
	_mib=$(($(blockdev --getsize64 "$_dev") >> 20))
	[ -f /tmp/rand8m ] || dd if=/dev/urandom of=/tmp/rand8m bs=1M count=8 2>/dev/null
	for _o in 0 $((_mib / 2)) $((_mib - 8)); do
		dd if=/tmp/rand8m of="$_dev" bs=1M seek=$_o conv=fsync 2>/dev/null ||
			fail "cannot write $_dev at $_o MiB"
		[ "$(dd if="$_dev" bs=1M skip=$_o count=1 2>/dev/null | tr -d '\000' | wc -c)" -gt 0 ] ||
			fail "$_dev reads zeros at $_o MiB after writing"
	done
	echo "wrote 3 x 8 MiB to $_d ($_dev) at 0, $((_mib / 2)) and $((_mib - 8)) MiB"
	host_snapshot "$_l.written"
	step "$@"
	for _o in 0 $((_mib / 2)) $((_mib - 8)); do
		_nz=$(dd if="$_dev" bs=1M skip=$_o count=8 2>/dev/null | tr -d '\000' | wc -c)
		[ "$_nz" = 0 ] || fail "$_dev: $_nz non-zero bytes at $_o MiB after the TRIM"
	done
	echo "$_d reads zeros after the TRIM"
	host_snapshot "$_l.trimmed"
}

# wait_or_dump PID SECONDS: 0 once PID has ended within SECONDS; else print what
# its threads wait on (wchan, state, kernel stack), its io_uring and eventfd
# state and the end of dmesg, kill it, and return 1, so a hang leaves data.
wait_or_dump() {
	_pid=$1 _waited=0
	while kill -0 "$_pid" 2>/dev/null && [ $_waited -lt "$2" ]; do
		sleep 1
		_waited=$((_waited + 1))
	done
	kill -0 "$_pid" 2>/dev/null || return 0
	echo "still running after $2 s; its threads:"
	for t in /proc/$_pid/task/*; do
		echo "$t $(cat "$t/wchan" 2>/dev/null) $(cut -d' ' -f3 "$t/stat" 2>/dev/null)"
		cat "$t/stack" 2>/dev/null
	done
	for f in /proc/$_pid/fd/*; do
		case $(readlink "$f") in
		*io_uring*) echo "$f:"; head -n 12 "/proc/$_pid/fdinfo/${f##*/}" ;;
		*eventfd*) echo "$f: $(grep eventfd-count "/proc/$_pid/fdinfo/${f##*/}")" ;;
		esac
	done
	dmesg | tail -n 30
	kill -9 "$_pid"
	return 1
}
