#!/bin/bash
# pts cbw (profiler/pts_cbw.c): the SNIA PTS composite block size workload
# on the four presets, its stimulus checked from the I/O log: the block
# sizes' shares of I/Os within 1 point of the spec's (0.5 KiB 4%, 1 to 3.5
# KiB 1% each, 4 KiB 67%, 8 KiB 10%, 16 KiB 7%, 32 and 64 KiB 3%), the
# access zones (50% of I/Os in the first 5% of the span, 30% in the next
# 15%, 20% in the last 80%) within 1 point, the read share (40%) within 1
# point, every I/O aligned to its size inside the span; the document's
# figures against the log; bad input; --dry-run; the page.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# Bad input: 4 KiB LBAs cannot take 512-byte transfers; exit 2, one line, nothing written.
usage_error "pts cbw: 512-byte transfers need a 512-byte logical block" pts cbw sim:budget-tlc,capacity=1G \
	--out "$work/bad"
grep -q "add lba=512 to the sim" "$work/stderr" || fail "no fix named: $(cat "$work/stderr")"
[ ! -e "$work/bad" ] || fail "a refused cbw left a result folder"
usage_error "use iops, latency, throughput, wsat, hir, xsr, cbw or dirth" pts cbx sim:budget-tlc,capacity=1G,lba=512

run_cmd pts cbw sim:budget-tlc,capacity=1G,lba=512 --dry-run --out "$work/dry"
[ "$rc" -eq 0 ] || fail "dry run: exit $rc: $(cat "$work/stderr")"
grep -q 'run rounds of 1 cell, 60 s each' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
# 1 cell x 60 s x 25 rounds = 0.4 h.
grep -q '^estimate: the rounds take at most 0\.4 h' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
[ ! -e "$work/dry" ] || fail "dry run wrote its folder"

check_cbw() {
	python3 - "$1" "$2" <<'PY'
import collections, csv, json, sys
d = json.load(open(sys.argv[1]))
assert d['kind'] == 'pts' and d['pts']['test'] == 'cbw', d['pts']['test']
st = d['pts']['stages'][0]
assert len(st['cells']) == 1, st['cells']
cell = st['cells'][0]
assert cell['workload'] == 'snia-cbw' and cell['bs'] is None and cell['read_pct'] == 40, cell
assert cell['iops'] and cell['iops'] > 0 and cell['lat_us']['mean'] > 0, cell
assert st['steady_state']['tracking'] == 'iops' and st['qd'] == 32, st
span = d['settings']['usable_bytes']
want_sizes = {512: 4, 1024: 1, 1536: 1, 2048: 1, 2560: 1, 3072: 1, 3584: 1, 4096: 67, 8192: 10,
              16384: 7, 32768: 3, 65536: 3}
sizes, zones, reads, n = collections.Counter(), [0, 0, 0], 0, 0
per_round = collections.Counter()
with open(sys.argv[2]) as f:
    for r in csv.DictReader(f):
        off, ln = int(r['offset']), int(r['len'])
        assert ln in want_sizes, ('a size not in the spec', ln)
        assert off % ln == 0 and off + ln <= span, ('alignment or span', off, ln)
        sizes[ln] += 1
        at = off / span
        zones[0 if at < 0.05 else 1 if at < 0.20 else 2] += 1
        reads += r['dir'] == 'r'
        per_round[int(r['round'])] += 1
        n += 1
assert n >= 20000, ('too few I/Os to judge 1 point', n)
for bs, w in want_sizes.items():
    assert abs(100.0 * sizes[bs] / n - w) <= 1.0, ('size share', bs, 100.0 * sizes[bs] / n, w)
for z, w in zip(zones, (50, 30, 20)):
    assert abs(100.0 * z / n - w) <= 1.0, ('zone share', zones, n)
assert abs(100.0 * reads / n - 40) <= 1.0, ('read share', reads, n)
# The window's I/Os are the log's I/Os of the window's rounds.
ss = st['steady_state']
first, last = ss['window'] if ss['window'] else (len(st['rounds']) - 5, len(st['rounds']) - 1)
assert cell['ios'] == sum(per_round[k] for k in range(first, last + 1)), ('ios', cell['ios'])
PY
}

# The four presets, 512-byte LBAs, short cells.
for preset in budget-tlc budget-qlc dc-tlc sata-tlc; do
	run_cmd pts cbw "sim:$preset,capacity=1G,lba=512" --cell-time 200ms --fill-passes 1 --max-rounds 5 --min-writes 0.2 \
		--out "$work/$preset" --io-log "$work/$preset.log"
	[ "$rc" -eq 0 ] || fail "$preset: exit $rc: $(cat "$work/stderr")"
	check_cbw "$work/$preset/result.json" "$work/$preset.log" || fail "$preset: the stimulus"
	schema_check pts "$work/$preset/result.json" || fail "$preset: the schema"
	awk 'length > 80 { exit 1 }' "$work/stdout" "$work/stderr" || fail "$preset: a line over 80 columns"
	grep -q 'snia-cbw' "$work/stdout" || fail "$preset: no cbw row on the terminal: $(cat "$work/stdout")"
done

run_cmd report "$work/budget-tlc/result.json"
[ "$rc" -eq 0 ] || fail "report: exit $rc: $(cat "$work/stderr")"
grep -q 'snia-cbw' "$work/budget-tlc/report.html" || fail "the page does not name the workload"
