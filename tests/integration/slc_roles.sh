#!/bin/bash
# slc on each simulated preset: the headline agrees with the phase table it
# stands on (cache_bytes is the cache phase's end, post_cache_mbps the
# sustained phases' bytes over time), a QLC drive's post-cache speed is its
# direct-write rate and not the short transition after the cliff, and a DRAM
# write buffer is not counted as SLC cache and is reported at its size.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

check() {
	python3 - "$1" "$2" <<'PY' || fail "slc $1: see above"
import json, sys
name, path = sys.argv[1:3]
s = json.load(open(path))['slc']
ph = s['phases']
assert all(p['role'] in ('cache', 'buffer', 'transition', 'sustained', 'recovered') for p in ph), ph
cache = [p for p in ph if p['role'] == 'cache']
if s['cache_bytes']:
    assert len(cache) == 1 and cache[0]['to_bytes'] == s['cache_bytes'], (s['cache_bytes'], ph)
else:
    assert not cache, ph
sus = [p for p in ph if p['role'] == 'sustained']
w = sum(p['to_bytes'] - p['from_bytes'] for p in sus) / sum((p['to_bytes'] - p['from_bytes']) / p['mbps'] for p in sus)
assert abs(s['post_cache_mbps'] / w - 1) <= 0.10, (s['post_cache_mbps'], w)
assert s['summary'], s
if name == 'qlc':
    assert 90 < s['post_cache_mbps'] < 105, s['post_cache_mbps']
if name == 'dc':
    assert s['cache_bytes'] == 0 and s['write_buffer_bytes'] > 0, (s['cache_bytes'], s['write_buffer_bytes'])
    assert s['summary'].startswith('no SLC cache'), s['summary']
if name == 'sata':
    assert abs(s['cache_bytes'] / (150 << 20) - 1) <= 0.10, s['cache_bytes']
    assert abs(s['write_buffer_bytes'] / (32 << 20) - 1) <= 0.10, s['write_buffer_bytes']
PY
}

run_cmd slc 'sim:budget-qlc,capacity=4G' --out qlc --quiet
[ "$rc" = 0 ] || fail "slc budget-qlc exited $rc: $(cat "$work/stderr")"
check qlc qlc/result.json
run_cmd slc 'sim:budget-tlc,capacity=6G' --prefill 50 --out tlc --quiet
[ "$rc" = 0 ] || fail "slc budget-tlc exited $rc: $(cat "$work/stderr")"
check tlc tlc/result.json
run_cmd slc 'sim:dc-tlc,capacity=4G' --out dc
[ "$rc" = 0 ] || fail "slc dc-tlc exited $rc: $(cat "$work/stderr")"
grep -q "^no SLC cache: a 0.0[67] GB write buffer" "$work/stdout" || fail "dc-tlc summary: $(tail -1 "$work/stdout")"
check dc dc/result.json
run_cmd slc 'sim:sata-tlc,capacity=3G,slc_cache=static:150M' --out sata --quiet
[ "$rc" = 0 ] || fail "slc sata-tlc exited $rc: $(cat "$work/stderr")"
check sata sata/result.json
echo "slc_roles: ok"
