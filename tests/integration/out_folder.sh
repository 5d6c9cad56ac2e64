#!/bin/bash
# SPDX-License-Identifier: MIT
# The results folder is checked first (issue 14): an --out past PATH_MAX, a
# read-only folder and a full filesystem are refused with exit 2 and one line
# before anything touches the target (a regular file here, whose bytes must
# not change).  The folder cases mount small tmpfs file systems: they need
# root, and the test skips (77) where mount fails.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

mounts=()
cleanup() {
	for m in "${mounts[@]}"; do
		umount "$m" 2>/dev/null || true
	done
	rm -rf "$work"
}
trap cleanup EXIT

head -c 16M /dev/urandom >disk.img
sum=$(sha256sum <disk.img)

# untouched WHAT OUT_ARGS...: every command that writes refuses with exit 2 and
# one line naming the folder problem, and disk.img keeps its bytes.
untouched() {
	local what=$1
	shift
	local cmds=(
		"run $work/disk.img --rw write --time 1s --quiet"
		"precondition $work/disk.img --round 10ms --max-rounds 5 --quiet"
		"sweep $work/disk.img --op 0,10 --round 10ms --max-rounds 5 --quiet"
		"slc $work/disk.img --quiet"
	)
	for c in "${cmds[@]}"; do
		# shellcheck disable=SC2086
		run_cmd $c "$@"
		[ "$rc" = 2 ] || fail "$what, $c: exit $rc, expected 2: $(head -c 600 "$work/stderr")"
		[ "$(wc -l <"$work/stderr")" = 1 ] || fail "$what, $c: not one line: $(head -c 600 "$work/stderr")"
		[ "$(sha256sum <"$work/disk.img")" = "$sum" ] || fail "$what, $c: the target was written"
	done
}

long=$(printf 'q%.0s' $(seq 1 4100))
untouched "--out past PATH_MAX" --out "$work/$long"
grep -q -- '--out: .*bytes long' "$work/stderr" || fail "too long: $(head -c 300 "$work/stderr")"
[ -z "$(ls -d q* 2>/dev/null)" ] || fail "a cut --out directory was created"
run_cmd sweep disk.img --resume "$long"
[ "$rc" = 2 ] && grep -q -- '--resume: .*bytes long' "$work/stderr" || fail "--resume too long: $rc $(head -c 300 "$work/stderr")"

# Another command's result is never replaced (issue 25 item 6): run, slc or
# precondition into a sweep's folder, and sweep into a run's, are refused
# with exit 2 and one line naming the folder and what it holds, and the saved
# result keeps its bytes (no timeseries.csv left beside it).  The same command
# may replace its own result.
sim=sim:budget-tlc,capacity=1G
run_cmd sweep "$sim" --op 0,10 --round 1s --max-rounds 5 --quiet --out swept
[ "$rc" = 0 ] || fail "sweep: exit $rc: $(head -c 600 "$work/stderr")"
run_cmd run "$sim" --rw randwrite --time 1s --quiet --out ran
[ "$rc" = 0 ] || fail "run: exit $rc: $(head -c 600 "$work/stderr")"
swept=$(cd swept && ls -A && sha256sum result.json)
for c in "run $sim --rw randwrite --time 1s --quiet" "slc $sim --quiet" \
	"precondition $sim --round 1s --max-rounds 5 --quiet"; do
	# shellcheck disable=SC2086
	usage_error "'swept' holds" $c --out swept
	grep -q "of 'ssdprof sweep'" "$work/stderr" || fail "$c: says not what the folder holds: $(cat "$work/stderr")"
done
[ "$(cd swept && ls -A && sha256sum result.json)" = "$swept" ] || fail "the sweep's folder changed"
usage_error "'ran' holds" sweep "$sim" --op 0,10 --round 1s --max-rounds 5 --quiet --out ran
run_cmd run "$sim" --rw randwrite --time 1s --quiet --out ran
[ "$rc" = 0 ] || fail "run into its own folder: exit $rc: $(head -c 600 "$work/stderr")"

mkdir ro full
if ! mount -t tmpfs -o ro,size=64k tmpfs ro 2>/dev/null; then
	echo "SKIP: cannot mount a tmpfs (the PATH_MAX cases passed)"
	exit 77
fi
mounts+=("$work/ro")
untouched "a read-only folder" --out "$work/ro/res"
grep -q 'Read-only file system' "$work/stderr" || fail "read-only: $(cat "$work/stderr")"
# The default folder, ./ssdprof-results/<stamp>, in a read-only working directory.
(cd ro && untouched "the default folder on a read-only file system")

mount -t tmpfs -o size=64k tmpfs full || fail "cannot mount a second tmpfs"
mounts+=("$work/full")
dd if=/dev/zero of=full/fill bs=4k 2>/dev/null || true
untouched "a full file system" --out "$work/full/res"
grep -q 'No space left' "$work/stderr" || fail "full: $(cat "$work/stderr")"
[ -z "$(ls -A full/res 2>/dev/null)" ] || fail "the probe was left behind: $(ls -A full/res)"
echo "out_folder: ok"
