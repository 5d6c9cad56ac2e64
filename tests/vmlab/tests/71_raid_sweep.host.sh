# The RAID 5 sweep's result against the RAID 5 I/O pattern and the guest
# kernel's own count of what each member drive was sent.
python3 - "$VMLAB_OUT" <<'PY'
import json, sys
out = sys.argv[1]
d = json.load(open(out + '/sweep/result.json'))
kernel = dict(l.split() for l in open(out + '/kernel.txt'))
g = d['group']
assert g['level'] == 5 and g['chunk_bytes'] == 65536 and len(g['members']) == 4, g
pts = d['points']
assert [p['op_percent'] for p in pts] == [0, 20], [p['op_percent'] for p in pts]
for p in pts:
    ms = p['members']
    assert len(ms) == 4 and isinstance(p['limiting_member'], int), p
    # 4 KiB random writes on a 4-drive RAID 5: read-modify-write, 2 reads and 2 writes each.
    w = p['host_bytes_written']
    assert w > 0
    assert sum(m['host_bytes_written'] for m in ms) == 2 * w, (p['op_percent'], w, ms)
    assert sum(m['host_bytes_read'] for m in ms) == 2 * w, (p['op_percent'], w, ms)
    assert all(m['iops'] > 0 for m in ms), ms
    print('op %g%%: %.0f IOPS, members %s' % (p['op_percent'], p['iops'],
          ' '.join('%.0f' % m['iops'] for m in ms)))
# The kernel saw at least what the steady windows report per member, and parity
# rotation spread the whole sweep (fills + rounds) evenly over the members.
paths = [m['path'] for m in pts[0]['members']]
for i, path in enumerate(paths):
    win = sum(p['members'][i]['host_bytes_written'] for p in pts)
    assert int(kernel[path]) >= win, (path, kernel[path], win)
tot = [int(kernel[p]) for p in paths]
assert max(tot) / min(tot) < 1.1, tot
print('kernel bytes per member:', tot)
PY
