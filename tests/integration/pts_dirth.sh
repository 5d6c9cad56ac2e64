#!/bin/bash
# pts dirth (profiler/pts_dirth.c): demand intensity / response time
# histogram on the four presets, its stimulus checked from the I/O log:
# random 8 KiB; a preconditioning of writes only at 32 x 32 outstanding
# I/Os (never more in flight) to steady state, then rounds of the 49 thread
# count x queue depth cells at 65% read (within 1 point), highest demand
# first, until T32 x Q32's IOPS holds the window; each cell's I/Os never
# more than its T x Q in flight and (but for the smallest) reaching it, its
# figures the window's; the min point is T1 x Q1, the max the highest IOPS
# of the cells whose mean response time is under 5 ms, the mid the one of
# those nearest halfway (docs/pts_spec.md), their histograms holding every
# I/O of their cell's window; bad input; --dry-run; the page.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

usage_error "use iops, latency, throughput, wsat, hir, xsr, cbw or dirth" pts dirt sim:budget-tlc,capacity=1G

run_cmd pts dirth sim:budget-tlc,capacity=1G --dry-run --out "$work/dry"
[ "$rc" -eq 0 ] || fail "dry run: exit $rc: $(cat "$work/stderr")"
# 25 rounds of 1 cell + 25 rounds of 49 cells, 60 s each = 20.8 h.
grep -q '^estimate: the rounds take at most 20\.8 h' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
grep -q '^  4\. then rounds of 49 cells' "$work/stdout" || fail "dry run: no grid step: $(cat "$work/stdout")"
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
assert steady['cells'][0]['rw'] == 'randwrite' and steady['cells'][0]['bs'] == 8192, steady['cells']
assert [(c['threads'], c['thread_qd'], c['qd']) for c in dpass['cells']] == \
    [(t, q, t * q) for t in levels for q in levels], 'the pass order'
assert all(c['bs'] == 8192 and c['read_pct'] == 65 and c['rw'] == 'randrw' for c in dpass['cells'])
nr = len(dpass['rounds'])
assert 1 <= nr <= 5 and dpass['steady_state']['rounds'] == nr and dpass['purge_method'] == 'none', dpass['steady_state']
window = range(max(0, nr - 5), nr)
span = d['settings']['usable_bytes']
ios = collections.defaultdict(list)
reads = n = 0
with open(sys.argv[2]) as f:
    for r in csv.DictReader(f):
        off, ln = int(r['offset']), int(r['len'])
        assert ln == 8192 and off % 8192 == 0 and off + ln <= span, (off, ln)
        s = int(r['submit_ns'])
        ios[(int(r['stage']), int(r['round']), int(r['cell']))].append((s, s + int(r['lat_ns'])))
        if int(r['stage']) == 0:
            assert r['dir'] == 'w', 'the preconditioning reads'
            continue
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
    assert sum(len(ios[(1, k, c)]) for k in window) == cell['ios'], ('the cell against the log', c, cell['ios'])
    for k in range(nr):
        v = ios[(1, k, c)]
        top = most_in_flight(v)
        assert v and top <= cell['qd'] and (top == cell['qd'] or cell['qd'] > len(v) / 4), ('in flight', c, k, top)
pts = d['pts']['dirth']['points']
cells = dpass['cells']
under = [c for c, x in enumerate(cells) if x['lat_us']['mean'] < 5000] or list(range(len(cells)))
best = max(under, key=lambda c: cells[c]['iops'])
assert [p['point'] for p in pts] == ['max', 'mid', 'min']
assert pts[0]['cell'] == best and pts[2]['cell'] == len(cells) - 1, (pts, best)
assert (cells[-1]['threads'], cells[-1]['thread_qd']) == (1, 1)
half = (cells[best]['iops'] + cells[-1]['iops']) / 2
assert pts[1]['cell'] in under and \
    abs(cells[pts[1]['cell']]['iops'] - half) == min(abs(cells[c]['iops'] - half) for c in under), ('mid', pts[1])
for p in pts:
    # Every I/O of the point's cell is in its histogram, which agrees with the cell's max.
    assert sum(p['histogram']) == dpass['cells'][p['cell']]['ios'], p
    low = d['pts']['dirth']['bin_low_us']
    top_bin = max(i for i, v in enumerate(p['histogram']) if v)
    assert low[top_bin] <= p['lat_us']['max'] < (2 * low[top_bin] if top_bin else 1), (top_bin, p['lat_us'])
PY
}

for preset in budget-tlc budget-qlc dc-tlc sata-tlc; do
	run_cmd pts dirth "sim:$preset,capacity=1G" --cell-time 40ms --fill-passes 1 --max-rounds 5 --min-writes 0.2 \
		--out "$work/$preset" --io-log "$work/$preset.log"
	[ "$rc" -eq 0 ] || fail "$preset: exit $rc: $(cat "$work/stderr")"
	check_dirth "$work/$preset/result.json" "$work/$preset.log" || fail "$preset: the stimulus"
	schema_check pts "$work/$preset/result.json" || fail "$preset: the schema"
	awk 'length > 80 { exit 1 }' "$work/stdout" "$work/stderr" || fail "$preset: a line over 80 columns"
	grep -q '^ *T32 Q32 ' "$work/stdout" || fail "$preset: no T x Q rows on the terminal: $(cat "$work/stdout")"
done

run_cmd report "$work/dc-tlc/result.json"
[ "$rc" -eq 0 ] || fail "report: exit $rc: $(cat "$work/stderr")"
for id in grid-window demand-intensity demand-variation histograms; do
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
