#!/bin/bash
# precondition and slc on RAID groups of simulated drives: both results carry
# the group and each member's figures, and a mirror of a data-centre drive and
# a QLC drive is held back by the QLC one: its rounds are the limiting ones,
# and the group's SLC cache and cliff are the QLC drive's own.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

DC='sim:dc-tlc,capacity=1G' QLC='sim:budget-qlc,capacity=1G'
run_cmd precondition --raid 1 "$DC" "$QLC" --round 10s --out pc --quiet
[ "$rc" = 0 ] || fail "precondition --raid 1 exited $rc: $(cat "$work/stderr")"
python3 - pc/result.json <<'PY' || fail "precondition --raid 1 result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['group']['level'] == 1 and len(d['group']['members']) == 2, d['group']
p = d['precondition']
ms = p['members']
assert len(ms) == 2 and p['limiting_member'] == 1, (p['limiting_member'], ms)
# Mirrors: every group write is written to both members.
assert all(m['host_bytes_written'] == p['host_bytes_written'] for m in ms), (p['host_bytes_written'], ms)
rl = p['round_limiting_member']
assert len(rl) == p['steady_state']['rounds'] and rl.count(1) >= len(rl) - 1, rl
assert ms[1]['lat_us']['p99'] > 10 * ms[0]['lat_us']['p99'], ms
PY

run_cmd slc "$QLC" --out slc1 --quiet
[ "$rc" = 0 ] || fail "slc on one QLC drive exited $rc: $(cat "$work/stderr")"
run_cmd slc --raid 1 "$DC" "$QLC" --out slc2 --quiet
[ "$rc" = 0 ] || fail "slc --raid 1 exited $rc: $(cat "$work/stderr")"
python3 - slc1/result.json slc2/result.json <<'PY' || fail "slc --raid 1 result"
import json, sys
one = json.load(open(sys.argv[1]))['slc']
d = json.load(open(sys.argv[2]))
s = d['slc']
assert d['group']['level'] == 1
assert s['cliff'] and one['cliff']
# The mirror's cache is the QLC member's: within two 0.5% bins of the drive alone.
assert abs(s['cache_bytes'] - one['cache_bytes']) <= 0.01 * d['target']['capacity_bytes'], (s['cache_bytes'], one['cache_bytes'])
assert abs(s['post_cache_mbps'] / one['post_cache_mbps'] - 1) < 0.1, (s['post_cache_mbps'], one['post_cache_mbps'])
assert s['limiting_member'] == 1, s['limiting_member']
# Each member was written end to end once, and then a little more to measure the write buffer
# (a pause of small writes and a burst until the speed drops for 1% of capacity).
cap = d['target']['capacity_bytes']
assert all(cap <= m['host_bytes_written'] <= 1.05 * cap for m in s['members']), s['members']
# The group's fast start is the QLC member's SLC cache: no DRAM buffer to take out of it.
assert s['write_buffer_bytes'] is not None and s['write_buffer_bytes'] < 0.01 * cap, s['write_buffer_bytes']
PY

run_cmd slc --raid 0 --chunk 48k "$DC" "$QLC"
[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] || fail "slc --chunk 48k: exit $rc, $(cat "$work/stderr")"
echo "raid_slc_precondition: ok"
