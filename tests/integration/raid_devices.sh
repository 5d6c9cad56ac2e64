#!/bin/bash
# RAID groups of real members, driven through each member's own io_uring
# queue in real time: regular files (no root needed), then loop devices this
# test creates and removes, where every member must be confirmed (--yes with
# one kernel name per member) before anything is written.  Never touches any
# other disk; the loop part skips without root or losetup.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

for i in 0 1 2 3; do truncate -s 32M "$work/f$i.img"; done
F=("$work/f0.img" "$work/f1.img" "$work/f2.img" "$work/f3.img")

run_cmd sweep --raid 5 --chunk 64k "${F[@]}" --op 0 --round 1s --max-rounds 5 --out files --quiet
[ "$rc" = 0 ] || fail "RAID 5 sweep over files exited $rc: $(cat "$work/stderr")"
python3 - files/result.json <<'PY' || fail "RAID 5 over files: member traffic"
import json, sys
d = json.load(open(sys.argv[1]))
assert 'real-device' not in d['target']['capabilities']
assert 'virtual-time' not in d['target']['capabilities']
p = d['points'][0]
w, ms = p['host_bytes_written'], p['members']
assert w > 0 and len(ms) == 4
# Each 4 KiB write is read-modify-write: old data and parity read, new data and parity written.
assert sum(m['host_bytes_written'] for m in ms) == 2 * w, (w, ms)
assert sum(m['host_bytes_read'] for m in ms) == 2 * w, (w, ms)
# Parity rotates: no member carries much more than its share.
assert all(abs(m['host_bytes_written'] / (w / 2) - 1) < 0.1 for m in ms), ms
PY
# The files hold what the fill and the rounds wrote: incompressible data, not zeros.
[ "$(head -c 1048576 "${F[1]}" | tr -d '\000' | wc -c)" -gt 1000000 ] || fail "member 1 holds zeros"

# Simulated and real members cannot share one clock.
run_cmd sweep --raid 1 sim:budget-tlc,capacity=1G "${F[0]}" --op 0
[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] && grep -q "mix" "$work/stderr" ||
	fail "a group of a sim and a file: exit $rc, $(cat "$work/stderr")"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
	echo "raid_devices: files ok; loop devices skipped (need root and losetup)"
	exit 0
fi
need_loop
for i in 0 1 2; do new_loop "$work/l$i.img"; done
names=$(for d in "${devs[@]}"; do basename "$d"; done | paste -sd,)
sums() { for i in 0 1 2; do sha256sum <"$work/l$i.img"; done; }
before=$(sums)

run_cmd sweep --raid 0 "${devs[@]}" --op 0 --round 1s --max-rounds 5 --quiet --out loops
[ "$rc" = 3 ] || fail "unconfirmed loop members: exit $rc, not 3"
grep -q "$(basename "${devs[0]}")" "$work/stderr" || fail "the refusal does not name what to type: $(cat "$work/stderr")"
run_cmd sweep --raid 0 "${devs[@]}" --op 0 --round 1s --max-rounds 5 --quiet --out loops --yes "${names%,*}"
[ "$rc" = 3 ] || fail "one member unconfirmed: exit $rc, not 3"
grep -q "$(basename "${devs[2]}")" "$work/stderr" || fail "the refusal does not name the third member: $(cat "$work/stderr")"
[ "$(sums)" = "$before" ] || fail "a refused sweep changed a member"

run_cmd sweep --raid 0 "${devs[@]}" --op 0 --round 1s --max-rounds 5 --quiet --out loops --yes "$names"
[ "$rc" = 0 ] || fail "confirmed loop members: exit $rc: $(cat "$work/stderr")"
json_check loops/result.json "'real-device' in d['target']['capabilities'] and [m['path'] for m in d['points'][0]['members']] == '${devs[*]}'.split()"
json_check loops/result.json "all(abs(m['host_bytes_written'] / (d['points'][0]['host_bytes_written'] / 3) - 1) < 0.05 for m in d['points'][0]['members'])"
echo "raid_devices: ok"
