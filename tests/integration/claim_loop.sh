#!/bin/bash
# Loop devices: a device written by one command is claimed by it (O_EXCL and
# a lock file): a second writer, a purge and an OP change are refused with
# exit 3 naming the holder, the first's results are whole; a device another
# program holds exclusively is refused; a RAID group claims every member; a
# read-only device is refused for every writing command before anything is
# sent or recorded (no OP journal entry).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"
need_loop

new_loop "$work/a.img"
A=$loopdev
a=$(basename "$A")
new_loop "$work/b.img"
B=$loopdev
b=$(basename "$B")
journal() { compgen -G "$SSDPROF_STATE/op-*" || true; }

"$exe" run "$A" --time 4s --quiet --yes "$a" --out first >"$work/first.out" 2>"$work/first.err" &
pid=$!
wait_claim || fail "the writing run took no claim (no lock file in $SSDPROF_STATE)"

expect_refused() {
	run_cmd "$@"
	[ "$rc" = 3 ] || fail "$* while another run writes: exit $rc, not 3: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "$*: not one line: $(cat "$work/stderr")"
	grep -q "pid $pid, '.*run $A --time 4s" "$work/stderr" ||
		fail "$*: the refusal does not name the holder: $(cat "$work/stderr")"
}
expect_refused run "$A" --time 1s --quiet --yes "$a" --out second
expect_refused purge "$A" --yes "$a"
expect_refused op "$A" --set 10 --method span --yes "$a"
[ -z "$(journal)" ] || fail "the refused op wrote a journal entry: $(journal)"
expect_refused run --raid 1 "$B" "$A" --time 1s --quiet --yes "$b,$a" --out group
[ ! -e second ] && [ ! -e group ] || fail "a refused run made its results folder"

set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 0 ] || fail "the first run exited $rc: $(cat "$work/first.err")"
python3 - first/result.json <<'PY' || fail "the first run's results are not whole"
import json, sys
s = json.load(open(sys.argv[1]))['series'][0]
assert not s['stopped_early'] and s['seconds'] >= 3.9, s['seconds']
assert len(s['timeseries']) == 4 and all(x['iops'] > 0 for x in s['timeseries'])
PY

# One device under two spellings in a batch (a /dev/disk/by-* style link, a second node of the same
# numbers) is refused when the batch opens, naming both, exit 2 and nothing written: not by the
# batch's own claim as "another ssdprof".
ln -s "$A" "$work/by-id-a"
mknod "$work/node-a" b "$(stat -c '%t' "$A" | xargs -I{} printf '%d' 0x{})" "$(stat -c '%T' "$A" | xargs -I{} printf '%d' 0x{})"
for alias in "$work/by-id-a" "$work/node-a"; do
	run_cmd sweep "$A" "$alias" --op 0 --round 1s --max-rounds 5 --quiet --yes "$a,$a" --out twice
	[ "$rc" = 2 ] || fail "one device twice in a batch: exit $rc, not 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "one device twice: not one line: $(cat "$work/stderr")"
	grep -qF "sweep: $A and $alias are the same drive" "$work/stderr" ||
		fail "one device twice: the refusal does not name both: $(cat "$work/stderr")"
	[ ! -e twice ] || fail "one device twice: results written"
done

# Another program's exclusive open (as a mount or mkfs holds it) is the kernel's claim.
python3 -c "
import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)
open(sys.argv[2], 'w').close()
time.sleep(30)
" "$A" "$work/held" &
holder=$!
loop_exit_hook() { kill "$holder" 2>/dev/null || true; wait "$holder" 2>/dev/null || true; }
for _ in $(seq 1 500); do [ -e "$work/held" ] && break; sleep 0.01; done
run_cmd run "$A" --time 1s --quiet --yes "$a" --out excl
[ "$rc" = 3 ] || fail "run on a device held with O_EXCL: exit $rc, not 3: $(cat "$work/stderr")"
grep -q "holds it exclusively" "$work/stderr" || fail "no reason for the O_EXCL refusal: $(cat "$work/stderr")"
loop_exit_hook
run_cmd run "$A" --time 1s --quiet --yes "$a" --out free
[ "$rc" = 0 ] || fail "run once the holder is gone: exit $rc: $(cat "$work/stderr")"

# Read-only: refused with the reason, exit 2, nothing recorded.
new_loop "$work/ro.img" -r
R=$loopdev
r=$(basename "$R")
run_cmd op "$R" --set 10 --method span --yes "$r"
[ "$rc" = 2 ] || fail "op --set on a read-only device: exit $rc, not 2: $(cat "$work/stdout" "$work/stderr")"
grep -q "read-only" "$work/stderr" || fail "op --set on a read-only device: no reason: $(cat "$work/stderr")"
[ -z "$(journal)" ] || fail "op --set on a read-only device wrote a journal entry: $(journal)"
run_cmd op "$R" --set 10 --method span --yes "$r" --dry-run
[ "$rc" = 2 ] || fail "op --set --dry-run on a read-only device: exit $rc, not 2"
for cmd in "run $R --time 1s --quiet" "purge $R" "precondition $R --round 1s --quiet" "sweep $R --round 1s --quiet"; do
	# shellcheck disable=SC2086
	run_cmd $cmd --yes "$r" --out ro
	[ "$rc" = 2 ] || fail "$cmd on a read-only device: exit $rc, not 2: $(cat "$work/stderr")"
done
[ ! -e ro ] || fail "a command on a read-only device made its results folder"
echo "claim_loop: ok"
