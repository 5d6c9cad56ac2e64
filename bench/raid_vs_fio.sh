#!/bin/bash
# SPDX-License-Identifier: MIT
# The RAID group's own I/O path (one thread driving every member's io_uring
# ring, sleeping on their completion eventfds) against fio driving the same
# members.  A RAID 0 of 4 KiB random I/O sends each group I/O to exactly one
# member, uniformly, which is what fio does with the members as one job's
# files (--filename=a:b:c:d --file_service_type=random): the same member
# load, so the ratio is the cost of the group layer.  Members are files on
# tmpfs opened O_DIRECT (no root needed), or loop devices over them as root.
#
# usage: bench/raid_vs_fio.sh [SSDPROF] [ROUNDS] [SECONDS]
#        (defaults: build/ssdprof, 3 rounds, 4 s per run; use a release build)
# Environment: MEMBERS (default 4), SIZE (per member, default 256M), SHM
#              (tmpfs dir, default /dev/shm), CHUNK (default 64k), FIO_OPTS, KEEP.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ssdprof=${1:-build/ssdprof}
rounds=${2:-3}
secs=${3:-4}
nmembers=${MEMBERS:-4}
size=${SIZE:-256M}
shm=${SHM:-/dev/shm}
chunk=${CHUNK:-64k}

command -v fio >/dev/null || { echo "fio not installed (apt-get install fio)" >&2; exit 2; }
[ -x "$ssdprof" ] || { echo "no ssdprof binary at '$ssdprof'; build it first" >&2; exit 2; }
ssdprof=$(cd "$(dirname "$ssdprof")" && pwd)/$(basename "$ssdprof")

work=$(mktemp -d)
imgs=() loops=()
cleanup() {
	for l in "${loops[@]}"; do losetup -d "$l" 2>/dev/null || true; done
	rm -f "${imgs[@]}"
	[ -n "${KEEP:-}" ] && { mkdir -p "$KEEP"; cp -r "$work"/. "$KEEP"/; }
	rm -rf "$work"
}
trap cleanup EXIT

for i in $(seq 1 "$nmembers"); do
	imgs+=("$(mktemp -p "$shm" ssdprof-raid-bench-XXXXXX.img)")
	truncate -s "$size" "${imgs[-1]}"
done
members=("${imgs[@]}") yes= tname=tmpfs-files
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null; then
	for img in "${imgs[@]}"; do
		l=$(losetup -f --show --direct-io=on "$img" 2>/dev/null || losetup -f --show "$img") || break
		loops+=("$l")
	done
	if [ ${#loops[@]} = "$nmembers" ]; then
		members=("${loops[@]}") tname=loop-on-tmpfs
		yes=$(for l in "${loops[@]}"; do basename "$l"; done | paste -sd,)
	fi
fi
yes_opt=()
[ -z "$yes" ] || yes_opt=(--yes "$yes")
# Fill first, so reads hit data rather than holes.
"$ssdprof" run --raid 0 --chunk "$chunk" "${members[@]}" "${yes_opt[@]}" --rw write --bs 1M --qd 8 \
	--bytes "$((nmembers * $(numfmt --from=iec "$size")))" --quiet --out "$work/fill" 2>/dev/null

results=$work/results.txt
: >"$results"

run_pair() {
	local rw=$1 qd=$2 round=$3
	local cpu iops ios

	cpu=$(measure "$work/s.json" "$ssdprof" run --raid 0 --chunk "$chunk" "${members[@]}" "${yes_opt[@]}" \
		--rw "$rw" --bs 4k --qd "$qd" --time "${secs}s" --interval "${secs}s" --json --out "$work/s-out")
	read -r iops ios < <(ssdprof_result "$work/s.json")
	echo "ssdprof $tname raid0-$rw-qd$qd $round $iops $ios $cpu" >>"$results"

	# shellcheck disable=SC2086
	cpu=$(measure "$work/f.json" fio --name=bench --filename="$(IFS=:; echo "${members[*]}")" \
		--file_service_type=random --direct=1 --ioengine=io_uring --rw="$rw" --bs=4k \
		--iodepth="$qd" --norandommap --randrepeat=0 --time_based --runtime="$secs" --numjobs=1 \
		--output-format=json ${FIO_OPTS:-})
	read -r iops ios < <(fio_result "$work/f.json")
	echo "fio $tname raid0-$rw-qd$qd $round $iops $ios $cpu" >>"$results"
}

for r in $(seq 1 "$rounds"); do
	run_pair randwrite 1 "$r"
	run_pair randwrite 32 "$r"
	run_pair randread 32 "$r"
done
summarize "$results" "RAID 0 of $nmembers x $size ($chunk chunks) against fio on the same members: median of $rounds rounds of $secs s each"
