#!/bin/bash
# Memory known before it is spent, and one rule per input (issue 26 items 3
# and 7).  Describing a 1 TiB simulated drive (info, every --dry-run) takes
# no table memory: its peak RSS stays under a bound (a memory bound, not a
# timing).  A set of TARGETs whose simulated drives need more memory than
# the limit (SSDPROF_MEMORY_LIMIT here, MemAvailable by default) is refused
# in one line with the figure and the limit, exit 2, before anything is
# opened or written: several drives, a --raid group's members summed, and
# one drive alone.  A sim key given twice, --jobs with --raid, and a --yes
# list longer than the TARGETs are refused in one line.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

BIG='sim:dc-tlc,capacity=1T'
SMALL='sim:dc-tlc,capacity=1G'
# The bound: the binary itself (sanitizers included) is tens of MiB; a 1 TiB drive's L2P alone is 1 GiB.
BOUND_KIB=$((256 * 1024))

# peak ARGS...: ssdprof ARGS's exit code in rc and peak resident set (KiB) in kib.
peak() {
	read -r rc kib < <(python3 - "$exe" "$@" <<'PY'
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=open('peak.err', 'w'))
print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
)
}

# within_bound ARGS...: ssdprof ARGS exits 0 with its peak RSS under the bound.
within_bound() {
	peak "$@"
	[ "$rc" = 0 ] || fail "$*: exit $rc: $(cat peak.err)"
	[ "$kib" -lt "$BOUND_KIB" ] || fail "$*: peak RSS $kib KiB, over $BOUND_KIB KiB"
	echo "# $*: peak RSS $kib KiB"
}

# --- describing a drive builds none of it ------------------------------------
# Enough memory for any set below, whatever this machine has: only the RSS is measured here.
export SSDPROF_MEMORY_LIMIT=1T
within_bound info "$BIG"
within_bound info "$BIG" --json
within_bound sweep "$BIG" --dry-run --out dry
within_bound run "$BIG" --time 10s --dry-run --out dry
within_bound precondition "$BIG" --dry-run --out dry
within_bound slc "$BIG" --dry-run --out dry
within_bound qualify "$BIG,seed=1" "$BIG,seed=2" "$BIG,seed=3" "$BIG,seed=4" --require steady --dry-run --out dry
within_bound sweep --raid 5 "$BIG,seed=1" "$BIG,seed=2" "$BIG,seed=3" --dry-run --out dry
[ ! -e dry ] || fail "a dry run wrote results"

# --- a set over the limit is refused before anything is opened --------------
head -c 8M /dev/urandom >f1.img
sum=$(sha256sum <f1.img)
# refused_memory NEED LIMIT ARGS...: exit 2, one line with both figures, no results folder.
refused_memory() {
	local need=$1 limit=$2
	shift 2
	usage_error "memory: " "$@" --out refused
	grep -qF -- "need$([ "$need" = 2.14 ] && echo s) $need GiB" "$work/stderr" ||
		fail "$*: no figure $need GiB: $(cat "$work/stderr")"
	grep -qF -- "$limit GiB allowed" "$work/stderr" || fail "$*: no limit $limit GiB: $(cat "$work/stderr")"
	[ "$(wc -L <"$work/stderr")" -le 80 ] || fail "$*: a line over 80 columns: $(cat "$work/stderr")"
	[ ! -e refused ] || fail "$*: wrote results"
}
export SSDPROF_MEMORY_LIMIT=3G
# One 1 TiB dc-tlc is 2.14 GiB: it fits alone, two do not, however they are grouped.
refused_memory 4.28 3.00 sweep "$BIG,seed=1" "$BIG,seed=2" --op 0 --round 1s
refused_memory 4.28 3.00 sweep f1.img "$BIG,seed=1" "$BIG,seed=2" --op 0 --round 1s
[ "$(sha256sum <f1.img)" = "$sum" ] || fail "a refused batch wrote its file"
refused_memory 4.28 3.00 qualify "$BIG,seed=1" "$BIG,seed=2" --require steady
refused_memory 4.28 3.00 precondition "$BIG,seed=1" "$BIG,seed=2"
refused_memory 4.28 3.00 sweep --raid 1 "$BIG,seed=1" "$BIG,seed=2" --op 0 --round 1s
refused_memory 4.28 3.00 qualify --raid 1 "$BIG,seed=1" "$BIG,seed=2" --require steady
refused_memory 6.43 3.00 run --raid 5 "$BIG,seed=1" "$BIG,seed=2" "$BIG,seed=3" --time 1s
refused_memory 4.28 3.00 sweep "$BIG,seed=1" "$BIG,seed=2" --dry-run
export SSDPROF_MEMORY_LIMIT=2G
refused_memory 2.14 2.00 run "$BIG" --time 1s
refused_memory 2.14 2.00 sweep "$BIG" --op 0 --round 1s
refused_memory 2.14 2.00 slc "$BIG"
refused_memory 2.14 2.00 precondition "$BIG"
# What the limit does not hold: describing, reading nothing but a drive's identity.
run_cmd info "$BIG"
[ "$rc" = 0 ] || fail "info refused under the limit: $(cat "$work/stderr")"
# Small drives fit; a limit that is no size is refused naming the variable.
run_cmd sweep "$SMALL" "$SMALL,seed=2" --dry-run --out fits
[ "$rc" = 0 ] || fail "two 1 GiB drives refused under 2 GiB: $(cat "$work/stderr")"
SSDPROF_MEMORY_LIMIT=lots usage_error "SSDPROF_MEMORY_LIMIT" sweep "$SMALL" "$SMALL,seed=2" --dry-run
unset SSDPROF_MEMORY_LIMIT

# --- one rule per input ------------------------------------------------------
usage_error "seed: given twice" info "sim:dc-tlc,seed=1,seed=2"
usage_error "capacity: given twice" sweep "$SMALL,seed=1,capacity=2G" --dry-run
usage_error "op and factory_op are one key" run "$SMALL,op=10,factory_op=12" --time 1s --dry-run
for cmd in "sweep --op 0" "qualify --require steady" "slc" "precondition"; do
	# shellcheck disable=SC2086
	usage_error "--jobs" $cmd --raid 1 "$SMALL" "$SMALL,seed=2" --jobs 2 --dry-run --out refused
	[ ! -e refused ] || fail "$cmd --raid --jobs wrote results"
done
usage_error "--yes lists 3 drives for 2 TARGETs" sweep "$SMALL" "$SMALL,seed=2" --yes a,b,c --dry-run
usage_error "--yes lists 2 drives for 1 TARGET" run "$SMALL" --time 1s --yes a,b --dry-run
usage_error "--yes lists 3 drives for 2 TARGETs" qualify --raid 1 "$SMALL" "$SMALL,seed=2" --require steady \
	--yes a,b,c --dry-run
usage_error "--yes lists 2 drives for 1 TARGET" purge "$SMALL" --yes a,b
usage_error "--yes: an empty item" sweep "$SMALL" "$SMALL,seed=2" --yes a, --dry-run
# One per TARGET, or fewer (a simulated drive needs none), stands.
run_cmd sweep "$SMALL" "$SMALL,seed=2" --yes a,b --dry-run
[ "$rc" = 0 ] || fail "--yes with one item per TARGET refused: $(cat "$work/stderr")"
run_cmd sweep --raid 1 "$SMALL" "$SMALL,seed=2" --yes a --dry-run
[ "$rc" = 0 ] || fail "--yes with fewer items than TARGETs refused: $(cat "$work/stderr")"
echo "ok"
