#!/bin/bash
# run --raid on groups of simulated drives: member traffic follows the level
# (mirror copies, RAID 5 read-modify-write), member latency percentiles are
# ordered and the slowest member is named as the limit, and a --chunk list
# compares chunk sizes on a group opened afresh for each: full-stripe writes
# read nothing, partial-stripe writes read old data and parity.  Bad
# --raid/--chunk input is refused with one line and exit 2.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

B='sim:budget-tlc,capacity=1G'

# RAID 1: every member writes what the group writes.
run_cmd run --raid 1 "$B,seed=1" "$B,seed=2" --rw randwrite --bs 4k --time 5s --out r1 --quiet
[ "$rc" = 0 ] || fail "RAID 1 run exited $rc: $(cat "$work/stderr")"
python3 - r1/result.json <<'PY' || fail "RAID 1 run result"
import json, sys
d = json.load(open(sys.argv[1]))
g = d['group']
assert g['level'] == 1 and g['chunk_bytes'] == 65536 and g['chunk_list'] == [65536] and len(g['members']) == 2
assert 'chunk_comparison' not in d
s, = d['series']
assert s['chunk_bytes'] == 65536 and s['host_bytes_written'] > 0
assert [m['host_bytes_written'] for m in s['members']] == [s['host_bytes_written']] * 2, s['members']
assert all(m['host_bytes_read'] == 0 for m in s['members'])
PY

# RAID 5 of four: 4 KiB random writes are read-modify-write, 2 reads and 2 writes per group write.
run_cmd run --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" --rw randwrite --bs 4k --time 5s --out r5 --quiet
[ "$rc" = 0 ] || fail "RAID 5 run exited $rc: $(cat "$work/stderr")"
python3 - r5/result.json <<'PY' || fail "RAID 5 run result"
import json, sys
d = json.load(open(sys.argv[1]))
s, = d['series']
ms = s['members']
assert len(ms) == 4
assert sum(m['host_bytes_written'] for m in ms) == 2 * s['host_bytes_written'], ms
assert sum(m['host_bytes_read'] for m in ms) == 2 * s['host_bytes_written'], ms
for m in ms:
    l = m['lat_us']
    assert 0 < l['p50'] <= l['p99'] <= l['p99_9'] <= l['p99_99'] <= l['max'], l
    assert l['p50'] <= l['mean'] <= l['max'] and m['iops'] > 0 and m['waf'] >= 1, m
# The limit is the member with the highest mean latency, and the members differ (seeds).
means = [m['lat_us']['mean'] for m in ms]
assert s['limiting_member'] == means.index(max(means)), (s['limiting_member'], means)
assert len(set(means)) > 1, means
# Each member's I/Os: its share of 4 member I/Os per group write.
assert abs(sum(m['iops'] for m in ms) / (4 * s['iops']) - 1) < 0.01, (s['iops'], [m['iops'] for m in ms])
PY

# A chunk list on RAID 5 of five (four data chunks per stripe), 64k sequential writes: with a
# 16k chunk every write is one full stripe (no reads, members write 5/4 of the group); with 64k
# and 256k chunks each write covers part of a stripe, so old data and parity are read first.
run_cmd run --raid 5 --chunk 16k,64k,256k "$B,seed=1" "$B,seed=2" "$B,seed=3" "$B,seed=4" "$B,seed=5" \
	--rw write --bs 64k --time 2s --out rc
[ "$rc" = 0 ] || fail "RAID 5 chunk list exited $rc: $(cat "$work/stderr")"
python3 - rc/result.json <<'PY' || fail "RAID 5 chunk list result"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['group']['chunk_bytes'] is None and d['group']['chunk_list'] == [16384, 65536, 262144]
ss = d['series']
assert [s['chunk_bytes'] for s in ss] == [16384, 65536, 262144], [s['chunk_bytes'] for s in ss]
full, part, big = ss
assert sum(m['host_bytes_read'] for m in full['members']) == 0, full['members']
assert sum(m['host_bytes_written'] for m in full['members']) * 4 == 5 * full['host_bytes_written']
for s in (part, big):
    assert sum(m['host_bytes_read'] for m in s['members']) == 2 * s['host_bytes_written'], s['chunk_bytes']
    assert sum(m['host_bytes_written'] for m in s['members']) == 2 * s['host_bytes_written'], s['chunk_bytes']
# No reads and less parity: full stripes are faster.
assert full['mbps'] > part['mbps'] and full['mbps'] > big['mbps']
cmp = d['chunk_comparison']
assert [(c['chunk_bytes'], c['qd']) for c in cmp] == [(16384, 32), (65536, 32), (262144, 32)]
for c, s in zip(cmp, ss):
    assert c['iops'] == s['iops'] and c['mbps'] == s['mbps'] and c['waf'] == s['waf']
    assert c['lat_us'] == {'p50': s['lat_us']['p50'], 'p99': s['lat_us']['p99']}
    assert c['limiting_member'] == s['limiting_member']
PY
[ -f rc/timeseries-chunk16k.csv ] && [ -f rc/timeseries-chunk256k.csv ] || fail "per-chunk CSV files: $(ls rc)"
grep -q '^ *chunk  *qd  *iops' "$work/stdout" && grep -Eq '^ +256k +32 ' "$work/stdout" ||
	fail "no chunk table: $(cat "$work/stdout")"

# Each chunk starts from the same state: the same chunk twice measures the same.
run_cmd run --raid 5 --chunk 64k,64k "$B,seed=1" "$B,seed=2" "$B,seed=3" --time 1s --out same --quiet
[ "$rc" = 0 ] || fail "repeated chunk exited $rc: $(cat "$work/stderr")"
json_check same/result.json "d['series'][0]['members'] == d['series'][1]['members'] and d['series'][0]['iops'] == d['series'][1]['iops']"

# Bad input: exit 2 and one stderr line naming the option, before anything is written.
# (Each line: the word to find, then the arguments; members carry no spaces.)
while read -r needle args; do
	# shellcheck disable=SC2086
	run_cmd $args --time 1s </dev/null
	[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] && grep -q -- "$needle" "$work/stderr" &&
		[ ! -e ssdprof-results ] || fail "'$args': exit $rc, want 2 and one line naming $needle: $(cat "$work/stderr")"
done <<EOF
--raid run $B --chunk 64k
--chunk run --raid 5 --chunk 48k,64k $B,seed=1 $B,seed=2 $B,seed=3
--chunk run --raid 0 --chunk 64k, $B,seed=1 $B,seed=2
--raid.5 run --raid 5 $B,seed=1 $B,seed=2
--raid.1 run --raid 1 $B
twice run --raid 1 $B $B
--raid run --raid 7 $B,seed=1 $B,seed=2
--verify run --raid 1 --rw randread --verify $B,seed=1 $B,seed=2
EOF
# A member's fault: the group's one-line error names the member (index and path) and the member's own
# offset and LBA.  Member 1's LBA 300 (byte 1228800: chunk row 18, 48k in) is the group's byte
# 2473984 (row 18 of two 64k columns, column 1), LBA 604.
SSDPROF_FAULT='eio:lba=300,member=1' run_cmd run --raid 0 "$B,seed=1" "$B,seed=2" --rw write --bs 4k --qd 1 \
	--time 5s --quiet --out rf0
want="raid0:$B,seed=1+$B,seed=2: write error at byte offset 2473984 (LBA 604): member 1 ($B,seed=2) write"
want="$want at byte offset 1228800 (LBA 300): Input/output error"
[ "$rc" = 1 ] && [ "$(wc -l <"$work/stderr")" = 1 ] && grep -qF ": $want;" "$work/stderr" ||
	fail "RAID 0 member fault: exit $rc: $(cat "$work/stderr")"
# RAID 5: the member I/O that failed may be a read-modify-write read; its LBA is the member's.
SSDPROF_FAULT='eio:io=300,member=2' run_cmd run --raid 5 "$B,seed=1" "$B,seed=2" "$B,seed=3" --rw randwrite \
	--bs 4k --time 5s --quiet --out rf5
python3 - "$work/stderr" "$rc" "$B,seed=3" <<'PY' || fail "RAID 5 member fault: exit $rc: $(cat "$work/stderr")"
import re, sys
line, rc, member = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
assert rc == '1' and line.count('\n') == 1, (rc, line)
m = re.search(r': write error at (?:byte offset (\d+) \()?LBA (\d+)\)?: member 2 \((.*)\) (read|write) '
              r'at (?:byte offset \d+ \()?LBA (\d+)\)?: Input/output error;', line)
assert m and m.group(3) == member, line
glba, mlba = int(m.group(2)), int(m.group(5))
g = glba * 4096
# The member's LBA is where the group's page (or its parity) lives on a 3-member RAID 5: stripe, then page.
assert (m.group(1) is None or int(m.group(1)) == g) and mlba == g // (2 * 65536) * 16 + g % 65536 // 4096, (g, mlba)
PY
# A mirror's read: the member that failed it, whichever mirror the read went to.
SSDPROF_FAULT='eio:io=500,member=1' run_cmd run --raid 1 "$B,seed=1" "$B,seed=2" --rw randread --no-fill --bs 4k \
	--time 5s --quiet --out rf1
[ "$rc" = 1 ] && grep -qE ": read error at byte offset [0-9]+ \(LBA [0-9]+\): member 1 \($B,seed=2\) read at" \
	"$work/stderr" || fail "RAID 1 member fault on a read: exit $rc: $(cat "$work/stderr")"

# A group takes its members' logical block, the largest of them, as md does: 512-byte members make a
# 512-byte group, whose 512-byte writes are RAID 5 read-modify-write of whole 4 KiB columns (md's stripe
# cache): per group write, 2 reads and 2 writes of 4 KiB.  One 4096-byte member makes the group 4096.
S='sim:dc-tlc,capacity=1G,lba=512'
run_cmd run --raid 5 "$S,seed=1" "$S,seed=2" "$S,seed=3" --rw randwrite --bs 512 --no-fill --time 2s --out l5 \
	--quiet
[ "$rc" = 0 ] || fail "RAID 5 of 512-byte members, 512-byte writes: exit $rc: $(cat "$work/stderr")"
python3 - l5/result.json <<'PY' || fail "RAID 5 of 512-byte members"
import json, sys
d = json.load(open(sys.argv[1]))
assert d['target']['lba_bytes'] == 512, d['target']
s, = d['series']
ms, w = s['members'], s['host_bytes_written']
assert w > 0 and w % 512 == 0
assert sum(m['host_bytes_written'] for m in ms) == 2 * 8 * w, (w, ms)
assert sum(m['host_bytes_read'] for m in ms) == 2 * 8 * w, (w, ms)
PY
run_cmd pts cbw --raid 5 "$S,seed=1" "$S,seed=2" "$S,seed=3" --dry-run
[ "$rc" = 0 ] || fail "pts cbw on a group of 512-byte members: exit $rc: $(cat "$work/stderr")"
run_cmd run --raid 5 "$S,seed=1" "${S%,lba=512},seed=2" "$S,seed=3" --rw randwrite --bs 512 --time 1s --quiet \
	--out l5m
[ "$rc" = 2 ] && grep -q "4096-byte LBA" "$work/stderr" || fail "512-byte writes to a group with a 4096-byte member: \
exit $rc: $(cat "$work/stderr")"

echo "run_raid: ok"
