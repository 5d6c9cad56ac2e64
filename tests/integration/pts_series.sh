#!/bin/bash
# pts wsat, hir and xsr (profiler/pts_series.c): the stimulus checked, not just that a table appears.
# - wsat on the four presets: 4 KiB random writes from the purge until 4x the span is written (the
#   samples' I/Os add up to the bytes written, the run stops within a round of 4x), the response-time
#   figures in order; --time-cap stops it at the cap.
# - hir: the I/O log's bursts last 5 s and the gaps between them are the wait states' 5, 10, 15, 25
#   and 50 s (none in a return to baseline), every burst 4 KiB random writes; on three presets
#   (dc-tlc's 150k IOPS make 5 s bursts a minute of CPU; wsat and xsr cover it).
# - xsr on the four presets: each phase writes exactly --writes x the span, at its own size and
#   access (sequential 1024 KiB offsets follow one another, random 8 KiB ones do not).
# - bad input, the dry runs' estimates, the page, its CSV, the schema, 80 columns.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

PRESETS='budget-tlc budget-qlc dc-tlc sata-tlc'
SPAN=$((1024 * 1024 * 1024))

# Bad input: exit 2, one line, nothing written.
usage_error "--reps is for hir" pts iops sim:budget-tlc,capacity=1G --reps 3
usage_error "--time-cap is for wsat" pts hir sim:budget-tlc,capacity=1G --time-cap 5s
usage_error "--writes is for wsat and xsr" pts latency sim:budget-tlc,capacity=1G --writes 2
usage_error "--writes" pts wsat sim:budget-tlc,capacity=1G --writes 0
usage_error "--reps" pts hir sim:budget-tlc,capacity=1G --reps 0
usage_error "--time-cap" pts wsat sim:budget-tlc,capacity=1G --time-cap never
usage_error "unknown test 'wsa'" pts wsa sim:budget-tlc,capacity=1G
[ -z "$(ls "$work" | grep -v -e '^stdout$' -e '^stderr$' -e '^state$')" ] || fail "bad input wrote: $(ls "$work")"

# Dry runs: the steps and the estimate, nothing written, 80 columns.
run_cmd pts hir sim:budget-tlc,capacity=1G --dry-run --out dry
[ "$rc" -eq 0 ] || fail "hir dry run: exit $rc: $(cat "$work/stderr")"
# 25 rounds x 60 s, then 360 x (5 waits: 5+10+15+25+50 s, and 10 bursts of 5 s) = 57300 s.
grep -q '^estimate: the rounds and bursts take at most 15\.9 h of virtual time' "$work/stdout" ||
	fail "hir dry run: $(cat "$work/stdout")"
grep -q '360 bursts of 5 s' "$work/stdout" || fail "hir dry run: no bursts: $(cat "$work/stdout")"
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "a hir dry-run line is over 80 columns"
run_cmd pts wsat sim:budget-tlc,capacity=1G --dry-run --out dry
grep -q "write 4 x $SPAN bytes in random 4 KiB writes" "$work/stdout" || fail "wsat dry run: $(cat "$work/stdout")"
grep -q '^estimate: 4\.29 GB of writes' "$work/stdout" || fail "wsat dry run: $(cat "$work/stdout")"
# 4x the span or 24 h, whichever first (docs/pts_spec.md): the cap is there by default.
grep -q '^          or --time-cap: at most 24\.0 h' "$work/stdout" || fail "wsat dry run: no 24 h: $(cat "$work/stdout")"
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "a wsat dry-run line is over 80 columns"
run_cmd pts xsr sim:budget-tlc,capacity=1G --writes 3 --dry-run --out dry
grep -q '^estimate: 9\.66 GB of writes' "$work/stdout" || fail "xsr dry run: $(cat "$work/stdout")"
[ ! -e dry ] || fail "a dry run wrote its folder"

# valid RESULT: the document against its schema.
valid() {
	python3 - "$1" "$tests_dir/../../docs/schema" <<'PY' || fail "$1 does not match pts.schema.json"
import json, os, sys, warnings
import jsonschema
warnings.simplefilter('ignore')
base = sys.argv[2]
store = {}
for f in os.listdir(base):
    s = json.load(open(os.path.join(base, f)))
    store[s['$id']] = store[f] = s
schema = store['pts.schema.json']
jsonschema.validate(json.load(open(sys.argv[1])), schema,
                    resolver=jsonschema.RefResolver(schema['$id'], schema, store=store))
PY
}

# WSAT on the four presets: the spec's 4x in 1 s rounds on one, 1x in 100 ms rounds on the others (CI's time).
for p in $PRESETS; do
	writes=1 round=100ms
	[ "$p" != budget-tlc ] || writes=4 round=1s
	log=()
	[ "$p" != budget-qlc ] || log=(--io-log wsat.csv)
	run_cmd pts wsat "sim:$p,capacity=1G" --cell-time $round --writes $writes --out "wsat-$p" "${log[@]}"
	[ "$rc" -eq 0 ] || fail "wsat $p: exit $rc: $(cat "$work/stderr")"
	python3 - "wsat-$p/result.json" "$SPAN" "$writes" <<'PY' || fail "wsat $p: the stimulus is not the spec's"
import json, sys
d = json.load(open(sys.argv[1]))
goal = int(sys.argv[2]) * int(sys.argv[3])
assert d['settings']['writes'] == int(sys.argv[3])
se = d['pts']['series']
ph, = se['phases']
sm = se['samples']
assert d['pts']['stages'] == [] and se['stop_reason'] == 'writes', se['stop_reason']
assert ph['rw'] == 'randwrite' and ph['bs'] == 4096 and ph['qd'] == 32, ph
n = len(sm['t_s'])
assert n == ph['samples'] and ph['first_sample'] == 0 and n >= 5, n
# From the purge: --writes x the span, stopped by the round that got there (a sample a round).
w = sm['written_bytes']
assert w == sorted(w) and w[-2] < goal <= w[-1], w[-2:]
assert ph['bytes'] == w[-1]
# Each sample's IOPS x its time x 4 KiB is what it wrote.
prev = 0
for i in range(n):
    got = sm['iops'][i] * sm['dur_s'][i] * 4096
    assert abs(got - (w[i] - prev)) <= 0.01 * (w[i] - prev) + 4096, (i, got, w[i] - prev)
    prev = w[i]
assert all(b > a for a, b in zip(sm['t_s'], sm['t_s'][1:]))
lat = ph['lat_us']
assert 0 < lat['mean'] <= lat['p99_9'] <= lat['p99_99'] <= lat['p99_999'] <= lat['max'], lat
assert ph['ios'] * 4096 == ph['bytes'], (ph['ios'], ph['bytes'])
PY
	valid "wsat-$p/result.json"
	json_check "wsat-$p/result.json" "d['settings']['time_cap_s'] == 86400"
done
# WSAT's I/O log (precondition's rounds log through workload.io_done): every I/O the phase counts,
# each a 4 KiB write at a 4 KiB offset in the span, rounds from 0 on; the purge as done, not "auto".
python3 - wsat-budget-qlc/result.json wsat.csv "$SPAN" <<'PY' || fail "wsat --io-log is not the stimulus"
import csv, json, sys
d = json.load(open(sys.argv[1]))
ph, = d['pts']['series']['phases']
rows = list(csv.reader(open(sys.argv[2])))
assert rows[0] == ['stage', 'round', 'cell', 'dir', 'offset', 'len', 'submit_ns', 'lat_ns'], rows[0]
rows = rows[1:]
assert len(rows) == ph['ios'] > 0, (len(rows), ph['ios'])
assert all(r[0] == '0' and r[2] == '0' and r[3] == 'w' and r[5] == '4096' for r in rows)
assert all(int(r[4]) % 4096 == 0 and int(r[4]) < int(sys.argv[3]) for r in rows)
assert sum(int(r[5]) for r in rows) == ph['bytes']
rounds = sorted({int(r[1]) for r in rows})
assert rounds == list(range(len(rounds))) and len(rounds) > 1, rounds
assert d['pts']['series']['purge_method'] == 'sanitize-block', d['pts']['series']['purge_method']
PY

# The time cap: stopped at 5 s of writes, not at 4x.
run_cmd pts wsat sim:budget-tlc,capacity=1G --cell-time 500ms --time-cap 5s --out wsat-cap
[ "$rc" -eq 0 ] || fail "wsat --time-cap: exit $rc: $(cat "$work/stderr")"
json_check wsat-cap/result.json "d['pts']['series']['stop_reason'] == 'time-cap' and d['settings']['time_cap_s'] == 5"
json_check wsat-cap/result.json "5 <= d['pts']['series']['samples']['t_s'][-1] < 5.6"
json_check wsat-cap/result.json "d['pts']['series']['phases'][0]['bytes'] < 4 * $SPAN"

# HIR with the I/O log: the bursts and the waits.
# check_hir RESULT LOG: every wait state's bursts 5 s apart by its wait, the figures the log's.
check_hir() {
	python3 - "$1" "$2" <<'PY'
import collections, csv, json, sys
d = json.load(open(sys.argv[1]))
se = d['pts']['series']
phases = se['phases']
reps = d['settings']['reps']
assert [p['name'] for p in phases] == [n for w in (5, 10, 15, 25, 50) for n in ('wait %ds' % w, 'baseline %ds' % w)]
bursts = collections.OrderedDict()
for r in csv.DictReader(open(sys.argv[2])):
    if r['stage'] != '1':
        continue
    assert r['dir'] == 'w' and r['len'] == '4096' and int(r['offset']) % 4096 == 0, r
    b = bursts.setdefault((int(r['cell']), int(r['round'])), [1 << 62, 0, 0, []])
    sub, lat = int(r['submit_ns']), int(r['lat_ns'])
    b[0] = min(b[0], sub)
    b[1] = max(b[1], sub + lat)
    b[2] += 1
    b[3].append((sub, int(r['offset'])))
assert len(bursts) == 10 * reps, len(bursts)
keys = list(bursts)
for i, k in enumerate(keys):
    first, end, ios, offs = bursts[k]
    p = phases[k[0]]
    # A burst submits for 5 s and ends with its last completion.
    assert 5.0 <= (end - first) / 1e9 < 5.05, (k, (end - first) / 1e9)
    offs.sort()
    follow = sum(1 for a, b in zip(offs, offs[1:]) if b[1] == a[1] + 4096)
    assert follow < 0.01 * ios, 'not random: %d of %d follow the one before' % (follow, ios)
    if i + 1 < len(keys):
        gap = (bursts[keys[i + 1]][0] - end) / 1e9
        assert abs(gap - p['idle_s']) < 0.001, (k, p['name'], gap)
for p in phases:
    n = sum(bursts[k][2] for k in keys if k[0] == phases.index(p))
    assert n == p['ios'], (p['name'], n, p['ios'])
    assert p['samples'] == reps and p['burst_s'] == 5
PY
}
run_cmd pts hir sim:budget-tlc,capacity=1G --cell-time 500ms --reps 1 --io-log hir.csv --out hir-budget-tlc
[ "$rc" -eq 0 ] || fail "hir: exit $rc: $(cat "$work/stderr")"
check_hir hir-budget-tlc/result.json hir.csv || fail "hir budget-tlc: the bursts or waits are not the spec's"
valid hir-budget-tlc/result.json
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "an hir line is over 80 columns"
grep -q '^  wait 50s ' "$work/stdout" || fail "hir: no wait states on the terminal: $(cat "$work/stdout")"
for p in budget-qlc sata-tlc; do
	run_cmd pts hir "sim:$p,capacity=1G" --cell-time 500ms --reps 1 --out "hir-$p"
	[ "$rc" -eq 0 ] || fail "hir $p: exit $rc: $(cat "$work/stderr")"
	json_check "hir-$p/result.json" "d['pts']['stages'][0]['steady_state']['reached']"
	json_check "hir-$p/result.json" "all(p['samples'] == 1 and p['iops'] > 0 for p in d['pts']['series']['phases'])"
done

# XSR on the four presets: each phase's bytes, sizes and access from the log.
for p in $PRESETS; do
	run_cmd pts xsr "sim:$p,capacity=1G" --cell-time 50ms --writes 1 --io-log "xsr-$p.csv" --out "xsr-$p"
	[ "$rc" -eq 0 ] || fail "xsr $p: exit $rc: $(cat "$work/stderr")"
	python3 - "xsr-$p/result.json" "xsr-$p.csv" "$SPAN" <<'PY' || fail "xsr $p: the stimulus is not the test's"
import csv, json, sys
d = json.load(open(sys.argv[1]))
span = int(sys.argv[3])
se = d['pts']['series']
phases = se['phases']
want = [('sequential', 'write', 1 << 20), ('random', 'randwrite', 8192), ('sequential again', 'write', 1 << 20)]
assert [(p['name'], p['rw'], p['bs']) for p in phases] == want, phases
per = [[] for _ in phases]
for r in csv.DictReader(open(sys.argv[2])):
    assert r['stage'] == '0' and r['dir'] == 'w', r
    per[int(r['cell'])].append((int(r['submit_ns']), int(r['offset']), int(r['len'])))
t = se['samples']['t_s']
for p, ios in zip(phases, per):
    assert p['bytes'] == span and sum(l for _, _, l in ios) == span, (p['name'], p['bytes'])
    assert all(l == p['bs'] for _, _, l in ios), p['name']
    ios.sort()
    follow = sum(1 for a, b in zip(ios, ios[1:]) if b[1] == (a[1] + a[2]) % span)
    if p['rw'] == 'write':
        assert follow >= 0.99 * (len(ios) - 1), (p['name'], follow, len(ios))
    else:
        assert follow < 0.01 * len(ios), (p['name'], follow)
    assert p['samples'] >= 5 and p['level_iops'] > 0, p
    assert 0 <= p['settle_s'] <= p['seconds'] + 0.05, p
# The phases follow one another on the clock.
for a, b in zip(phases, phases[1:]):
    assert t[a['first_sample'] + a['samples'] - 1] <= t[b['first_sample']], (a['name'], b['name'])
PY
	valid "xsr-$p/result.json"
done

# The page, its CSV, the terminal summary again.
for r in wsat-budget-tlc hir-budget-tlc xsr-budget-tlc; do
	run_cmd report "$r" -o "$r.html"
	[ "$rc" -eq 0 ] || fail "report $r: exit $rc: $(cat "$work/stderr")"
	grep -q 'The phases' "$r.html" || fail "report $r: no phases table"
	rows=$(($(wc -l <"$r-pts_samples.csv") - 1))
	json_check "$r/result.json" "len(d['pts']['series']['samples']['t_s']) == $rows"
	"$exe" report --text "$r" >text.out || fail "report --text $r exited $?"
	awk 'length > 80 { exit 1 }' text.out || fail "report --text $r: a line over 80 columns"
done
grep -q 'Host idle recovery' hir-budget-tlc.html || fail "the hir page has no recovery section"
grep -q 'IOPS against the data written' wsat-budget-tlc.html || fail "the wsat page has no IOPS against GB"
grep -q '^  sequential again ' text.out || fail "xsr: report --text has no phases: $(cat text.out)"
echo ok
