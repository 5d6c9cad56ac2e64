#!/bin/bash
# run --bs LIST (profiler/run_steps.c): a step per size at every --qd depth,
# each step's I/Os at its own size (the series' bytes / ios), fresh offsets
# per step, the curve on the terminal and the page; with a mix (--bs-mix,
# --workload) the mix runs after its sizes and its IOPS stands beside the
# IOPS its sizes predict (time per I/O: the share-weighted sum of each
# size's), recomputed here from the series; bad input.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# Bad input: exit 2, one line, nothing written.
usage_error "--bs: '4k,8k' is a list; precondition takes one size" precondition sim:budget-tlc,capacity=1G \
	--bs 4k,8k --dry-run
usage_error "--bs" run sim:budget-tlc,capacity=1G --bs 4k,,8k --time 1s
usage_error "--bs: 9 sizes x 4 depths are 36 steps; use at most 32" run sim:budget-tlc,capacity=1G --time 1s \
	--qd 1,2,4,8 --bs 4k,8k,12k,16k,20k,24k,28k,32k,36k
usage_error "--bs: 512 bytes is not a multiple of the target's 4096-byte LBA" run sim:budget-tlc,capacity=1G \
	--bs 512,4k --time 1s --out "$work/bad"
[ ! -e "$work/bad" ] || fail "a refused --bs list left a result folder"

# Writes: three sizes at two depths, from steady state (a write curve on a simulated drive).
run_cmd run sim:dc-tlc,capacity=1G --rw randwrite --bs 4k,16k,64k --qd 1,8 --time 200ms --interval 100ms \
	--out "$work/w"
[ "$rc" -eq 0 ] || fail "writes: exit $rc: $(cat "$work/stderr")"
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "a line over 80 columns: $(cat "$work/stdout")"
grep -q '^run bs=16k qd=8:' "$work/stdout" || fail "no step line: $(cat "$work/stdout")"
grep -q '^ *64k *8 ' "$work/stdout" || fail "no curve table: $(cat "$work/stdout")"
schema_check run "$work/w/result.json" || fail "writes: the schema"
python3 - "$work/w/result.json" <<'PY' || fail "writes: the steps"
import json, sys
d = json.load(open(sys.argv[1]))
s = d['series']
assert [(x['bs'], x['qd']) for x in s] == [(b, q) for b in (4096, 16384, 65536) for q in (1, 8)], s
assert d['settings']['bs_list'] == [4096, 16384, 65536], d['settings']
for x in s:
    # Every I/O of a step at its own size.
    assert x['ios'] > 0 and x['bytes'] == x['ios'] * x['bs'], (x['bs'], x['bytes'], x['ios'])
    assert 'predicted_iops' not in x
assert d['preconditioned']['how'] == 'steady-state' and d['preconditioned']['reached'], d.get('preconditioned')
PY

# A mix: its sizes, then the mix, at QD 4; reads and writes of fileserver's shape.
run_cmd run sim:budget-tlc,capacity=1G,lba=512 --workload fileserver --bs 512,1k,2k,4k,8k,16k,32k,64k --qd 4 \
	--time 200ms --interval 100ms --out "$work/m"
[ "$rc" -eq 0 ] || fail "mix: exit $rc: $(cat "$work/stderr")"
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "a line over 80 columns: $(cat "$work/stdout")"
grep -q '^mix at qd 4: .* IOPS measured, .* predicted from its sizes' "$work/stdout" || \
	fail "no prediction line: $(cat "$work/stdout")"
schema_check run "$work/m/result.json" || fail "mix: the schema"
python3 - "$work/m/result.json" <<'PY' || fail "mix: the prediction"
import json, sys
d = json.load(open(sys.argv[1]))
s = d['series']
sizes = [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]
assert [x['bs'] for x in s] == sizes + [None], [x['bs'] for x in s]
assert d['settings']['workload'] == 'fileserver' and d['settings']['read_pct'] == 80, d['settings']
mix = s[-1]
w = {e['bs']: e['weight'] for e in d['settings']['bs_mix']}
per_io = sum(w[x['bs']] / sum(w.values()) / x['iops'] for x in s[:-1])
want = 1 / per_io
assert abs(mix['predicted_iops'] - want) <= max(1, want * 1e-3), (mix['predicted_iops'], want)
assert abs(mix['predicted_error_pct'] - (mix['iops'] - want) / want * 100) < 0.05, mix
# Each size's step read about the mix's 80%; the mix's bytes are its sizes', not one size's.
for x in s[:-1]:
    assert abs(100.0 * x['read_ios'] / x['ios'] - 80) < 5, x['bs']
assert mix['bytes'] % 512 == 0 and mix['bytes'] != mix['ios'] * 4096, mix
PY
run_cmd report "$work/m/result.json"
[ "$rc" -eq 0 ] || fail "report: exit $rc: $(cat "$work/stderr")"
grep -q 'id="bs"' "$work/m/report.html" || fail "the page lacks the block-size section"
grep -q 'The mix against its sizes' "$work/m/report.html" || fail "the page lacks the mix's table"

# --dry-run names every step.
run_cmd run sim:budget-tlc,capacity=1G --bs 4k,64k --qd 1,32 --time 1s --dry-run
[ "$rc" -eq 0 ] || fail "dry run: exit $rc: $(cat "$work/stderr")"
grep -q '4k@1,4k@32,64k@1,64k@32' "$work/stdout" || fail "dry run: $(cat "$work/stdout")"
