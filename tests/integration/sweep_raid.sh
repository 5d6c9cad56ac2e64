#!/bin/bash
# Sweeps of RAID groups of simulated drives: member traffic follows the level,
# the group and every member report WA and latency percentiles over the
# steady window, the slow member of a mirror is named as the limit of the
# window and of every round; bad --raid/--chunk input is refused with one
# line and exit 2.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

B='sim:budget-tlc,capacity=1G'
run_cmd sweep --raid 5 --chunk 64k "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" --op 0,20 --round 10s --out r5 --quiet \
	--daily-writes 10GB
[ "$rc" = 0 ] || fail "RAID 5 sweep exited $rc: $(cat "$work/stderr")"
python3 - r5/result.json <<'PY' || fail "RAID 5 sweep result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['group']['level'] == 5 and d['group']['chunk_bytes'] == 65536 and len(d['group']['members']) == 4
for p in d['points']:
    assert p['steady_state']['reached'], p['op_percent']
    ms = p['members']
    assert len(ms) == 4 and isinstance(p['limiting_member'], int)
    for m in ms:
        l = m['lat_us']
        assert 0 < l['p50'] <= l['p99'] <= l['p99_9'] <= l['p99_99'] <= l['max'], l
    means = [m['lat_us']['mean'] for m in ms]
    assert p['limiting_member'] == means.index(max(means)), (p['limiting_member'], means)
    rl = p['round_limiting_member']
    assert len(rl) == p['steady_state']['rounds'] and all(x in range(4) for x in rl), rl
    # 4 KiB random writes on 4 members: read-modify-write, 2 reads and 2 writes per group write.
    assert sum(m['host_bytes_written'] for m in ms) == 2 * p['host_bytes_written'], p['op_percent']
    assert sum(m['host_bytes_read'] for m in ms) == 2 * p['host_bytes_written'], p['op_percent']
    # Group WA counts parity: twice the members' own WA.
    mwa = sum(m['waf'] for m in ms) / 4
    assert abs(p['waf'] / (2 * mwa) - 1) < 0.02, (p['waf'], mwa)
    # Each member wears by the bytes it receives at its own WA and its own rating (the
    # simulator's P/E cycles); the group lasts as its first member to wear out (issue 25).
    e = p['endurance']
    lives = [r / (10e9 * m['host_bytes_written'] / p['host_bytes_written'] * m['waf'] * 365.25) * 1e12
             for r, m in zip(d['endurance']['members_rated_tbw'], ms)]
    assert e['source'] == 'sim-pe-cycles' and abs(e['life_years'] / min(lives) - 1) < 0.002, (e, lives)
    assert e['limiting_member'] == lives.index(min(lives)), (e, lives)
    # Not the group's flash writes charged to one member's rating: that is half the life here.
    assert e['life_years'] > 1.8 * e['rated_tbw'] * 1e12 / (10e9 * p['waf'] * 365.25), e
# More OP: lower WA and more IOPS, for the group as for one drive.
a, b = d['points']
assert b['waf'] < a['waf'] and b['iops'] > a['iops']
PY

# RAID 0 spreads the writes evenly.
run_cmd sweep --raid 0 "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" --op 0 --round 10s --out r0 --quiet
[ "$rc" = 0 ] || fail "RAID 0 sweep exited $rc: $(cat "$work/stderr")"
json_check r0/result.json "all(abs(m['host_bytes_written'] / (d['points'][0]['host_bytes_written'] / 4) - 1) < 0.02 for m in d['points'][0]['members'])"

# A mirror of a data-centre drive and a QLC drive is held back by the QLC one.
run_cmd sweep --raid 1 'sim:dc-tlc,capacity=1G' 'sim:budget-qlc,capacity=1G' --op 0 --round 10s --out r1 --quiet
[ "$rc" = 0 ] || fail "RAID 1 sweep exited $rc: $(cat "$work/stderr")"
python3 - r1/result.json <<'PY' || fail "RAID 1 sweep result"
import json, sys
p = json.load(open(sys.argv[1]))['points'][0]
assert p['limiting_member'] == 1 and p['round_limiting_member'] == [1] * p['steady_state']['rounds'], p
# A mirrored write completes with its slower copy: the QLC member's latencies over the window
# are the group's (cumulative ones would carry the fill's 128k writes), the other's far lower.
g, q, dc = p['lat_us'], p['members'][1]['lat_us'], p['members'][0]['lat_us']
for k in ('mean', 'p50', 'p99', 'p99_9'):
    assert abs(q[k] / g[k] - 1) < 0.01 and dc[k] < g[k], (k, g, q, dc)
# The window's max is a histogram bucket's upper bound: at or just above the group's exact one.
assert g['max'] <= q['max'] <= g['max'] * 1.004, (g, q)
PY

expect_usage() {
	local needle=$1
	shift
	run_cmd "$@"
	[ "$rc" = 2 ] || fail "'$*' exited $rc, not 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "'$*' printed more than one line: $(cat "$work/stderr")"
	grep -q -- "$needle" "$work/stderr" || fail "'$*' does not name $needle: $(cat "$work/stderr")"
}
expect_usage "--raid 5" sweep --raid 5 "$B,seed=1" "$B,seed=2"
expect_usage "even" sweep --raid 10 "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" "$B,seed=5"
expect_usage "--raid" sweep --raid 7 "$B,seed=1" "$B,seed=2" "$B,seed=3"
expect_usage "--chunk" sweep --raid 0 --chunk 48k "$B,seed=1" "$B,seed=2"
expect_usage "--chunk" sweep --raid 0 --chunk 2k "$B,seed=1" "$B,seed=2"
expect_usage "twice" sweep --raid 1 "$B" "$B"
expect_usage "--raid" sweep --chunk 64k "$B"
# --op-member: each member its own OP.  The group uses of every member what the
# most over-provisioned one leaves, so members given less OP get the same
# effective OP and wear alike; the group's OP is that largest one.
run_cmd sweep --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" --op-member 0,0,0,0 --op-member 0,0,28,28 \
	--round 10s --out om --quiet
[ "$rc" = 0 ] || fail "--op-member sweep exited $rc: $(cat "$work/stderr")"
python3 - om/result.json <<'PY' || fail "--op-member result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['settings']['op_member'] == [[0, 0, 0, 0], [0, 0, 28, 28]], d['settings']
a, b = d['points']
assert a['op_percent'] == 0 and abs(b['op_percent'] - 28) < 0.1, (a['op_percent'], b['op_percent'])
assert [m['op_percent'] for m in b['members']] == [0, 0, 28, 28]
assert all(abs(m['effective_op_percent'] - 28) < 0.1 for m in b['members']), b['members']
was = [m['waf'] for m in b['members']]
assert max(was) / min(was) < 1.02, was
# The members set to 0% wear like the 28% ones, far less than at 0% on all.
assert was[0] < 0.5 * a['members'][0]['waf'], (was, a['members'][0]['waf'])
assert b['usable_bytes'] < a['usable_bytes'] * 0.73
PY
expect_usage "same" sweep --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" --op-member 7,7,28,28 --op-member 28,28,28,28
expect_usage "one OP percent per member" sweep --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" --op-member 7,7
expect_usage "--raid" sweep "$B" --op-member 7
expect_usage "--op-member" sweep --raid 1 "$B,seed=1" "$B,seed=2" --op-member 7,7 --op 7
echo "sweep_raid: ok"
