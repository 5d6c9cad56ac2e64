#!/bin/bash
# pts (profiler/pts.c): the SNIA PTS tests' stimulus checked from the I/O
# log (--io-log: every I/O as the engine sent it), not just that a table
# appears: the 56 cells of the IOPS test in the spec's order, each cell's
# I/Os at its own size, the read shares within 1%, the cells' figures
# against the log, the steady-state verdict on the tracking variable; the
# latency test at QD 1 (no two I/Os of a cell overlap); the throughput test
# sequential in two stages; bad input; --dry-run; the page and its CSVs.
# Small simulated drives and short cells: seconds of CPU each.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# Bad input: exit 2, one line, nothing written.
usage_error "ssdprof pts iops sim:budget-tlc" pts
usage_error "unknown test 'nope'" pts nope sim:budget-tlc,capacity=1G
usage_error "pts iops needs a TARGET" pts iops
usage_error "--cell-time" pts iops sim:budget-tlc,capacity=1G --cell-time 0
usage_error "--cell-time" pts iops sim:budget-tlc,capacity=1G --cell-time soon
usage_error "--max-rounds" pts iops sim:budget-tlc,capacity=1G --max-rounds 2
usage_error "--io-log" pts iops sim:budget-tlc,capacity=1G --io-log "$work/no/such/dir/log.csv" --out "$work/bad"
[ ! -e "$work/bad" ] || fail "a bad --io-log left a result folder"
[ -z "$(ls "$work" | grep -v -e '^stdout$' -e '^stderr$' -e '^state$')" ] || fail "bad input wrote: $(ls "$work")"

# --dry-run: every destructive step and the estimate, nothing written.
run_cmd pts iops sim:budget-tlc,capacity=1G --dry-run --out "$work/dry"
[ "$rc" -eq 0 ] || fail "dry run: exit $rc: $(cat "$work/stderr")"
grep -q '^  1\. purge sim:budget-tlc' "$work/stdout" || fail "dry run: no purge step: $(cat "$work/stdout")"
grep -q 'run rounds of 56 cells, 60 s each' "$work/stdout" || fail "dry run: no rounds step: $(cat "$work/stdout")"
# 56 cells x 60 s x 25 rounds = 23.3 h.
grep -q '^estimate: the rounds take at most 23\.3 h of virtual time' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
[ ! -e "$work/dry" ] || fail "dry run wrote its folder"
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "a dry-run line is over 80 columns"

# check_log RESULT LOG CELL_S: the stimulus from the log against the settings and the figures.
check_log() {
	python3 - "$1" "$2" "$3" <<'PY'
import collections, csv, json, sys
d = json.load(open(sys.argv[1]))
cell_s = float(sys.argv[3])
log = collections.defaultdict(list)
with open(sys.argv[2]) as f:
    for r in csv.DictReader(f):
        log[(int(r['stage']), int(r['round']), int(r['cell']))].append(
            (r['dir'], int(r['offset']), int(r['len']), int(r['submit_ns']), int(r['lat_ns'])))
lba = d['target']['lba_bytes']
for si, st in enumerate(d['pts']['stages']):
    cells, rounds = st['cells'], st['rounds']
    assert len(rounds) == st['steady_state']['rounds'], 'rounds'
    mix_ios = collections.Counter(); mix_reads = collections.Counter()
    for k, rd in enumerate(rounds):
        for c, cell in enumerate(cells):
            ios = log.get((si, k, c), [])
            if cell['bs'] % lba:
                # Not addressable: no I/O, and null figures.
                assert not ios and rd['iops'][c] is None, (k, c)
                continue
            assert ios, ('a cell sent nothing', si, k, c)
            # Every I/O of a cell at the cell's own size, on its own boundary.
            assert all(io[2] == cell['bs'] for io in ios), ('sizes', c, cell['bs'])
            if cell['rw'].startswith('rand'):
                assert all(io[1] % cell['bs'] == 0 for io in ios), ('alignment', c)
            reads = sum(io[0] == 'r' for io in ios)
            mix_ios[cell['read_pct']] += len(ios); mix_reads[cell['read_pct']] += reads
            if cell['read_pct'] in (0, 100):
                assert reads == (len(ios) if cell['read_pct'] == 100 else 0), ('pure mix', c)
            # The round's figure is what the log holds: its I/Os over first submission to last
            # completion, which is the cell's time give or take the queue's last I/Os.
            got = rd['iops'][c]
            span_ns = max(io[3] + io[4] for io in ios) - min(io[3] for io in ios)
            assert abs(got * span_ns / 1e9 / len(ios) - 1) < 0.01, ('iops against the log', k, c, got, len(ios))
            assert span_ns >= 0.9 * cell_s * 1e9, ('a cell short of its time', k, c, span_ns)
    for mix, n in mix_ios.items():
        share = 100.0 * mix_reads[mix] / n
        assert abs(share - mix) <= 1.0, ('read share of the mix', mix, share, n)
    # The steady verdict, recomputed from the tracked cell's figure per round (SNIA: range 20%, slope 10%).
    ss = st['steady_state']
    tc = ss['tracked_cell']
    y = [rd[ss['tracking']][tc] for rd in rounds]
    # The same figure (the round's is rounded to its own decimals: IOPS 1, MB/s and µs 3).
    assert all(abs(rd['tracked'] - v) <= 0.05 for rd, v in zip(rounds, y)), ('tracked', y)
    w = y[-5:]
    m = sum(w) / 5
    slope = sum((i - 2) * (v - m) for i, v in enumerate(w)) / 10
    ok = (max(w) - min(w)) <= 0.2 * m and abs(slope) * 4 <= 0.1 * m
    assert ok == ss['reached'], ('verdict', w, ss)
    assert ss['stop_reason'] == ('steady' if ok else 'max-rounds'), ss
    # Once steady, no round more: the window is the last five.
    if ss['reached']:
        assert ss['window'] == [len(rounds) - 5, len(rounds) - 1], ss
PY
}

# IOPS on budget-tlc with 512-byte LBAs (the 0.5 KiB cells too).
run_cmd pts iops sim:budget-tlc,capacity=1G,lba=512 --cell-time 10ms --fill-passes 1 --min-writes 0 --out "$work/iops" \
	--io-log "$work/iops.log"
[ "$rc" -eq 0 ] || fail "iops: exit $rc: $(cat "$work/stderr")"
json_check "$work/iops/result.json" 'd["kind"] == "pts" and d["pts"]["test"] == "iops"'
python3 - "$work/iops/result.json" <<'PY' || fail "the IOPS matrix"
import json, sys
d = json.load(open(sys.argv[1]))
st = d['pts']['stages'][0]
cells = st['cells']
mixes = [100, 95, 65, 50, 35, 5, 0]
sizes = [1048576, 131072, 65536, 32768, 16384, 8192, 4096, 512]
# The 56 cells in the spec's order: mixes outer, sizes inner.
assert [(c['read_pct'], c['bs']) for c in cells] == [(m, b) for m in mixes for b in sizes], cells
assert all(c['iops'] and c['iops'] > 0 for c in cells), 'a cell unmeasured'
t = st['steady_state']
assert t['tracking'] == 'iops' and (cells[t['tracked_cell']]['read_pct'], cells[t['tracked_cell']]['bs']) == (0, 4096), t
assert st['qd'] == 32 and st['fill']['passes'] == 1 and st['purge_method'] != 'none', st
# Each cell's read share as measured sits within 1% of its mix (the window's I/Os).
for c in cells:
    if c['ios'] >= 2000:
        assert abs(c['read_share_pct'] - c['read_pct']) <= 1.0, c
PY
check_log "$work/iops/result.json" "$work/iops.log" 0.010 || fail "iops: the stimulus"
# Every line printed fits 80 columns.
awk 'length > 80 { exit 1 }' "$work/stdout" "$work/stderr" || fail "an iops line is over 80 columns"
grep -q '^  0/100 ' "$work/stdout" || fail "no IOPS matrix on the terminal: $(cat "$work/stdout")"

# The page and its CSVs.
run_cmd report "$work/iops/result.json"
[ "$rc" -eq 0 ] || fail "report: exit $rc: $(cat "$work/stderr")"
for id in summary convergence-1 window-1 results-1; do
	grep -q "id=\"$id\"" "$work/iops/report.html" || fail "the page lacks $id"
done
grep -q 'IOPS by block size, a line per read/write mix' "$work/iops/report.html" || fail "no IOPS-by-size chart"
grep -q '<td>0/100</td>' "$work/iops/report.html" || fail "no IOPS matrix on the page"
[ "$(($(wc -l <"$work/iops/report-pts_cells.csv") - 1))" -eq 56 ] || fail "pts_cells.csv: not 56 rows"

# Latency on sata-tlc: QD 1, so no two I/Os of a cell are in flight at once.
run_cmd pts latency sim:sata-tlc,capacity=1G --cell-time 20ms --fill-passes 1 --min-writes 0 --out "$work/lat" \
	--io-log "$work/lat.log" --quiet
[ "$rc" -eq 0 ] || fail "latency: exit $rc: $(cat "$work/stderr")"
check_log "$work/lat/result.json" "$work/lat.log" 0.020 || fail "latency: the stimulus"
python3 - "$work/lat/result.json" "$work/lat.log" <<'PY' || fail "latency: QD 1"
import csv, json, sys
d = json.load(open(sys.argv[1]))
st = d['pts']['stages'][0]
assert st['qd'] == 1 and len(st['cells']) == 9, st['qd']
assert [(c['read_pct'], c['bs']) for c in st['cells']] == [(m, b) for m in (100, 65, 0) for b in (8192, 4096, 512)]
# 4 KiB LBAs: the 0.5 KiB cells are not measured; the others have mean <= five nines <= max.
for c in st['cells']:
    l = c['lat_us']
    if c['bs'] == 512:
        assert l['mean'] is None and c['iops'] is None, c
    else:
        assert 0 < l['mean'] <= l['p99_999'] <= l['max'] * 1.002, c
last = {}
for r in csv.DictReader(open(sys.argv[2])):
    key = (r['stage'], r['round'], r['cell'])
    s, e = int(r['submit_ns']), int(r['submit_ns']) + int(r['lat_ns'])
    assert key not in last or s >= last[key], ('overlap', key)
    last[key] = e
PY

# Throughput on dc-tlc: 128k then 1024k, each sequential.
run_cmd pts throughput sim:dc-tlc,capacity=1G --cell-time 50ms --fill-passes 1 --min-writes 0 --out "$work/tp" \
	--io-log "$work/tp.log" --quiet
[ "$rc" -eq 0 ] || fail "throughput: exit $rc: $(cat "$work/stderr")"
check_log "$work/tp/result.json" "$work/tp.log" 0.050 || fail "throughput: the stimulus"
python3 - "$work/tp/result.json" "$work/tp.log" <<'PY' || fail "throughput: sequential stages"
import csv, json, sys
d = json.load(open(sys.argv[1]))
st = d['pts']['stages']
assert [[(c['rw'], c['bs']) for c in s['cells']] for s in st] == \
    [[('read', 131072), ('write', 131072)], [('read', 1048576), ('write', 1048576)]], st
assert all(s['steady_state']['tracking'] == 'mbps' for s in st)
offs = {}
for r in csv.DictReader(open(sys.argv[2])):
    offs.setdefault((r['stage'], r['round'], r['cell']), []).append((int(r['offset']), int(r['len'])))
# Each cell's I/Os tile one run of the span end to end (completions may come out of order).
for key, v in offs.items():
    v.sort()
    gaps = [b[0] - (a[0] + a[1]) for a, b in zip(v, v[1:])]
    assert sum(g != 0 for g in gaps) <= 1, ('not sequential', key, [g for g in gaps if g][:5])
PY

# IOPS on budget-qlc with a write minimum: the 0.5 KiB cells null on 4 KiB LBAs; rounds before
# 0.2 x the span was written (and the first after the fill) are warm-up, not counted.
run_cmd pts iops sim:budget-qlc,capacity=1G --cell-time 5ms --fill-passes 1 --max-rounds 5 --min-writes 0.2 \
	--out "$work/qlc" --quiet
[ "$rc" -eq 0 ] || fail "budget-qlc: exit $rc: $(cat "$work/stderr")"
python3 - "$work/qlc/result.json" <<'PY' || fail "budget-qlc: warm-up"
import json, sys
d = json.load(open(sys.argv[1]))
st = d['pts']['stages'][0]
ss, rounds, span = st['steady_state'], st['rounds'], d['settings']['usable_bytes']
assert all((c['iops'] is None) == (c['bs'] == 512) for c in st['cells']), 'the 0.5 KiB cells'
w = [r['written_bytes'] for r in rounds]
assert w == sorted(w) and w[0] > 0, w
warm = sum(1 for k, x in enumerate(w) if k == 0 or x < 0.2 * span)
assert ss['warmup_rounds'] == warm >= 1, (ss, w)
assert len(rounds) - warm <= 5, (len(rounds), warm)
if ss['reached']:
    assert ss['window'][0] >= 1 and w[ss['window'][1]] >= 0.2 * span, (ss, w)
else:
    assert len(rounds) - warm == 5 and ss['stop_reason'] == 'max-rounds', ss
PY
