#!/bin/bash
# pts on a block device in real time: the IOPS and latency tests on a loop
# device this test creates over a file in its own scratch directory and
# removes again (never any other disk).  The 56 cells, each cell's I/Os at
# its own size, every I/O within the span, the cells' time on the real
# clock, latency at QD 1, the gate (--yes by kernel name).  Skips (77)
# without root or losetup.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

need_loop
new_loop "$work/a.img"
dev=$loopdev
name=$(basename "$dev")

# Refused for safety without --yes: exit 3, nothing written.
sum0=$(sha256sum <"$work/a.img")
run_cmd pts iops "$dev" --cell-time 10ms --out "$work/no"
[ "$rc" -eq 3 ] || fail "no --yes: exit $rc: $(cat "$work/stderr")"
[ ! -e "$work/no" ] && [ "$(sha256sum <"$work/a.img")" = "$sum0" ] || fail "no --yes: something was written"

# check LOG RESULT CELL_S: sizes, span, and each cell's time on the real clock.
check() {
	python3 - "$1" "$2" "$3" <<'PY'
import collections, csv, json, sys
d = json.load(open(sys.argv[2]))
cell_s = float(sys.argv[3])
st = d['pts']['stages'][0]
span = d['settings']['usable_bytes']
assert d['target']['kind'] == 'block' and span == 64 * 1024 * 1024, (d['target'], span)
by = collections.defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    by[(int(r['round']), int(r['cell']))].append(r)
for k in range(len(st['rounds'])):
    for c, cell in enumerate(st['cells']):
        ios = by[(k, c)]
        assert ios, ('no I/O', k, c)
        assert all(int(r['len']) == cell['bs'] and int(r['offset']) + cell['bs'] <= span for r in ios), (k, c)
        t0 = min(int(r['submit_ns']) for r in ios)
        t1 = max(int(r['submit_ns']) + int(r['lat_ns']) for r in ios)
        # The cell's time on the real clock, first submission to last completion: about the cell
        # time (loose: on a loaded machine the first submission can wait for a CPU for ms).
        assert cell_s * 0.5e9 <= t1 - t0 <= cell_s * 1e9 + 2e9, ('cell time', k, c, t1 - t0)
        if st['qd'] == 1:
            ends = sorted((int(r['submit_ns']), int(r['submit_ns']) + int(r['lat_ns'])) for r in ios)
            assert all(b[0] >= a[1] for a, b in zip(ends, ends[1:])), ('QD 1 overlap', k, c)
assert all(c['iops'] and c['iops'] > 0 for c in st['cells']), 'a cell unmeasured'
PY
}

run_cmd pts iops "$dev" --yes "$name" --cell-time 20ms --fill-passes 1 --min-writes 0 --max-rounds 5 \
	--out "$work/iops" --io-log "$work/iops.log" --quiet
[ "$rc" -eq 0 ] || fail "iops: exit $rc: $(cat "$work/stderr")"
json_check "$work/iops/result.json" 'len(d["pts"]["stages"][0]["cells"]) == 56 and d["pts"]["stages"][0]["purge_method"] not in (None, "none")'
check "$work/iops.log" "$work/iops/result.json" 0.020 || fail "iops: the stimulus on $dev"

run_cmd pts latency "$dev" --yes "$name" --cell-time 50ms --fill-passes 1 --min-writes 0 --max-rounds 5 \
	--out "$work/lat" --io-log "$work/lat.log" --quiet
[ "$rc" -eq 0 ] || fail "latency: exit $rc: $(cat "$work/stderr")"
json_check "$work/lat/result.json" 'd["pts"]["stages"][0]["qd"] == 1 and len(d["pts"]["stages"][0]["cells"]) == 9'
check "$work/lat.log" "$work/lat/result.json" 0.050 || fail "latency: the stimulus on $dev"
