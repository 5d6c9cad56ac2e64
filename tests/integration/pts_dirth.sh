#!/bin/bash
# pts dirth (profiler/pts_dirth.c): demand intensity / response time
# histogram on the four presets, its stimulus checked from the I/O log:
# random 8 KiB, 65% read within 1 point; a steady stage at 32 x 32
# outstanding I/Os (never more in flight), then one pass of the 49 thread
# count x queue depth cells, highest demand first, each cell's I/Os never
# more than its T x Q in flight and (but for the smallest) reaching it; the
# max, mid and min IOPS points are the pass's cells of the highest, middle
# and lowest IOPS, their histograms holding every I/O of their cell; bad
# input; --dry-run; the page.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

usage_error "use iops, latency, throughput, wsat, hir, xsr, cbw or dirth" pts dirt sim:budget-tlc,capacity=1G

run_cmd pts dirth sim:budget-tlc,capacity=1G --dry-run --out "$work/dry"
[ "$rc" -eq 0 ] || fail "dry run: exit $rc: $(cat "$work/stderr")"
# (25 rounds of 1 cell + 49 cells) x 60 s = 1.2 h.
grep -q '^estimate: the rounds take at most 1\.2 h' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
grep -q '^  4\. then one pass of 49 cells' "$work/stdout" || fail "dry run: no pass step: $(cat "$work/stdout")"
grep -q 'would, 1 time(s)' "$work/stdout" || fail "dry run: dirth purges once: $(cat "$work/stdout")"
[ ! -e "$work/dry" ] || fail "dry run wrote its folder"

check_dirth() {
	python3 - "$1" "$2" <<'PY'
import collections, csv, json, sys
d = json.load(open(sys.argv[1]))
assert d['kind'] == 'pts' and d['pts']['test'] == 'dirth', d['pts']['test']
steady, dpass = d['pts']['stages']
levels = [32, 16, 8, 6, 4, 2, 1]   # PTS-E's thread counts and queue depths (docs/pts_spec.md)
assert [(c['threads'], c['thread_qd'], c['qd']) for c in steady['cells']] == [(32, 32, 1024)], steady['cells']
assert [(c['threads'], c['thread_qd'], c['qd']) for c in dpass['cells']] == \
    [(t, q, t * q) for t in levels for q in levels], 'the pass order'
assert all(c['bs'] == 8192 and c['read_pct'] == 65 and c['rw'] == 'randrw' for c in dpass['cells'])
assert len(dpass['rounds']) == 1 and dpass['purge_method'] == 'none', dpass['steady_state']
span = d['settings']['usable_bytes']
ios = collections.defaultdict(list)
reads = n = 0
with open(sys.argv[2]) as f:
    for r in csv.DictReader(f):
        off, ln = int(r['offset']), int(r['len'])
        assert ln == 8192 and off % 8192 == 0 and off + ln <= span, (off, ln)
        s = int(r['submit_ns'])
        ios[(int(r['stage']), int(r['round']), int(r['cell']))].append((s, s + int(r['lat_ns'])))
        reads += r['dir'] == 'r'
        n += 1
assert abs(100.0 * reads / n - 65) <= 1.0, ('read share', reads, n)
def most_in_flight(v):
    ev = sorted([(s, 1) for s, e in v] + [(e, -1) for s, e in v], key=lambda x: (x[0], x[1]))
    cur = top = 0
    for _, k in ev:
        cur += k
        top = max(top, cur)
    return top
for k in range(len(steady['rounds'])):
    assert most_in_flight(ios[(0, k, 0)]) <= 1024, ('steady stage over 1024 in flight', k)
for c, cell in enumerate(dpass['cells']):
    v = ios[(1, 0, c)]
    assert v and len(v) == cell['ios'], ('the pass cell against the log', c, len(v), cell['ios'])
    top = most_in_flight(v)
    assert top <= cell['qd'] and (top == cell['qd'] or cell['qd'] > len(v) / 4), ('in flight', c, top, cell['qd'])
pts = d['pts']['dirth']['points']
iops = [c['iops'] for c in dpass['cells']]
assert [p['point'] for p in pts] == ['max', 'mid', 'min']
assert pts[0]['cell'] == iops.index(max(iops)) and pts[2]['cell'] == iops.index(min(iops)), pts
half = (max(iops) + min(iops)) / 2
assert abs(iops[pts[1]['cell']] - half) == min(abs(v - half) for v in iops), ('mid', pts[1])
for p in pts:
    # Every I/O of the point's cell is in its histogram, which agrees with the cell's max.
    assert sum(p['histogram']) == dpass['cells'][p['cell']]['ios'], p
    low = d['pts']['dirth']['bin_low_us']
    top_bin = max(i for i, v in enumerate(p['histogram']) if v)
    assert low[top_bin] <= p['lat_us']['max'] < (2 * low[top_bin] if top_bin else 1), (top_bin, p['lat_us'])
PY
}

for preset in budget-tlc budget-qlc dc-tlc sata-tlc; do
	run_cmd pts dirth "sim:$preset,capacity=1G" --cell-time 100ms --fill-passes 1 --max-rounds 5 --min-writes 0.2 \
		--out "$work/$preset" --io-log "$work/$preset.log"
	[ "$rc" -eq 0 ] || fail "$preset: exit $rc: $(cat "$work/stderr")"
	check_dirth "$work/$preset/result.json" "$work/$preset.log" || fail "$preset: the stimulus"
	schema_check pts "$work/$preset/result.json" || fail "$preset: the schema"
	awk 'length > 80 { exit 1 }' "$work/stdout" "$work/stderr" || fail "$preset: a line over 80 columns"
	grep -q '^ *T32 Q32 ' "$work/stdout" || fail "$preset: no T x Q rows on the terminal: $(cat "$work/stdout")"
done

run_cmd report "$work/dc-tlc/result.json"
[ "$rc" -eq 0 ] || fail "report: exit $rc: $(cat "$work/stderr")"
for id in demand-intensity demand-variation histograms; do
	grep -q "id=\"$id\"" "$work/dc-tlc/report.html" || fail "the page lacks $id"
done
grep -q 'max IOPS point: cell' "$work/dc-tlc/report.html" || fail "no max IOPS point on the page"

# A RAID 1 group keeps at most 256 I/Os in flight: steady at T32 x Q8 (256), the deeper
# cells of the pass not measured (null), the rest measured; no error.
run_cmd pts dirth --raid 1 sim:dc-tlc,capacity=1G,seed=1 sim:dc-tlc,capacity=1G,seed=2 --cell-time 50ms \
	--fill-passes 1 --max-rounds 5 --min-writes 0 --out "$work/raid" --quiet
[ "$rc" -eq 0 ] || fail "raid: exit $rc: $(cat "$work/stderr")"
python3 - "$work/raid/result.json" <<'PY' || fail "raid: the depths it cannot keep"
import json, sys
d = json.load(open(sys.argv[1]))
steady, dpass = d['pts']['stages']
assert (steady['cells'][0]['threads'], steady['cells'][0]['thread_qd']) == (32, 8), steady['cells']
assert steady['cells'][0]['iops'] > 0, steady['cells']
for c in dpass['cells']:
    assert (c['iops'] is None) == (c['qd'] > 256), c
assert d['pts']['dirth']['points'][0]['iops'] > 0
PY
