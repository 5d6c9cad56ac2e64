#!/bin/bash
# SPDX-License-Identifier: MIT
# ssdprof's engine against fio (Debian package) on the same targets and the
# same workloads, run alternately, several rounds each:
#
#   targets:   a file on tmpfs opened with O_DIRECT, and a loop device over
#              such a file (root only; skipped otherwise)
#   workloads: 4 KiB random writes at QD 1 and QD 32, 4 KiB random reads at QD 32
#
# Both use io_uring, O_DIRECT and uniform random offsets with replacement
# (fio --norandommap), one job.  fio runs with its defaults otherwise (no
# fixed buffers or registered files: what users run); FIO_OPTS adds options,
# e.g. FIO_OPTS="--fixedbufs --registerfiles".  CPU time is user + system of
# the whole process tree, from wait4(2), divided by the I/Os done.
#
# usage: bench/engine_vs_fio.sh [SSDPROF] [ROUNDS] [SECONDS]
#        (defaults: build/ssdprof, 3 rounds, 4 s per run; use a release build)
# Environment: SIZE (target size, default 1G), SHM (tmpfs dir, default /dev/shm),
#              FIO_OPTS, KEEP (keep raw results in this directory).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ssdprof=${1:-build/ssdprof}
rounds=${2:-3}
secs=${3:-4}
size=${SIZE:-1G}
shm=${SHM:-/dev/shm}

command -v fio >/dev/null || { echo "fio not installed (apt-get install fio)" >&2; exit 2; }
[ -x "$ssdprof" ] || { echo "no ssdprof binary at '$ssdprof'; build it first" >&2; exit 2; }
ssdprof=$(cd "$(dirname "$ssdprof")" && pwd)/$(basename "$ssdprof")

work=$(mktemp -d)
img=$(mktemp -p "$shm" ssdprof-bench-XXXXXX.img)
loopdev=
cleanup() {
	[ -z "$loopdev" ] || losetup -d "$loopdev" 2>/dev/null || true
	rm -f "$img"
	[ -n "${KEEP:-}" ] && { mkdir -p "$KEEP"; cp -r "$work"/. "$KEEP"/; }
	rm -rf "$work"
}
trap cleanup EXIT

truncate -s "$size" "$img"
# Fill first, so reads hit data rather than holes.
"$ssdprof" run "$img" --rw write --bs 1M --qd 8 --bytes "$size" --quiet --out "$work/fill" \
	2>/dev/null

targets=("$img")
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null; then
	loopdev=$(losetup -f --show --direct-io=on "$img" 2>/dev/null ||
		  losetup -f --show "$img" 2>/dev/null) || loopdev=
	[ -n "$loopdev" ] && targets+=("$loopdev")
else
	echo "note: not root; the loop-device target is skipped" >&2
fi

# result LINE fields: tool target workload round iops ios cpu_s
results=$work/results.txt
: >"$results"

run_pair() {
	local target=$1 rw=$2 qd=$3 round=$4 tname=$5
	local cpu iops ios

	# ssdprof, then fio: alternate, so drift in the machine hits both.
	cpu=$(measure "$work/s.json" "$ssdprof" run "$target" --rw "$rw" --bs 4k --qd "$qd" \
		--time "${secs}s" --interval "${secs}s" --json --yes "$(basename "$target")" \
		--out "$work/s-out")
	read -r iops ios < <(ssdprof_result "$work/s.json")
	echo "ssdprof $tname $rw-qd$qd $round $iops $ios $cpu" >>"$results"

	# shellcheck disable=SC2086
	cpu=$(measure "$work/f.json" fio --name=bench --filename="$target" --direct=1 \
		--ioengine=io_uring --rw="$rw" --bs=4k --iodepth="$qd" --size="$size" \
		--norandommap --randrepeat=0 --time_based --runtime="$secs" --numjobs=1 \
		--output-format=json ${FIO_OPTS:-})
	read -r iops ios < <(fio_result "$work/f.json")
	echo "fio $tname $rw-qd$qd $round $iops $ios $cpu" >>"$results"
}

for target in "${targets[@]}"; do
	case $target in
	/dev/loop*) tname=loop-on-tmpfs ;;
	*) tname=tmpfs-file ;;
	esac
	for r in $(seq 1 "$rounds"); do
		run_pair "$target" randwrite 1 "$r" "$tname"
		run_pair "$target" randwrite 32 "$r" "$tname"
		run_pair "$target" randread 32 "$r" "$tname"
	done
done

summarize "$results" "engine vs fio: median of $rounds rounds of $secs s each"
