#!/bin/bash
# The default adaptive sweep on the budget-tlc and dc-tlc presets recommends
# the OP where their IOPS curve flattens (each controller's write-IOPS cap is
# reached there), and the reason names the numbers.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

check() {
	local preset=$1 round=$2
	run_cmd sweep "sim:$preset,capacity=1G" --round "$round" --out "$preset" --quiet
	[ "$rc" = 0 ] || fail "sweep of $preset exited $rc: $(cat "$work/stderr")"
	python3 - "$preset/result.json" <<'PY' || fail "$preset: knee not where the curve flattens"
import json, sys
d = json.load(open(sys.argv[1]))
k, pts = d['knee'], sorted(d['points'], key=lambda p: p['op_percent'])
best = max(p['iops'] for p in pts)
rec = k['recommended_op_percent']
assert k['kind'] == 'knee', k
assert all(p['steady_state']['reached'] for p in pts)
# The knee is the first point at 90% of the best, the point below it is not,
# and the bracket is within the default resolution.
at = [p for p in pts if p['op_percent'] == rec][0]
below = [p for p in pts if p['op_percent'] < rec][-1]
assert at['iops'] >= 0.9 * best > below['iops'], (at['iops'], below['iops'], best)
assert rec - below['op_percent'] <= 2.5
# Past the knee the curve is flat: the best point gains under 10% on it.
assert best / at['iops'] < 1 / 0.9
# Fewer points than a fixed 2.5% grid would take (17).
assert len(pts) <= 7, len(pts)
# The reason names the rule and the numbers.
import re
r = k['reason']
m = re.search(r'(\d+) IOPS at ([\d.]+)% OP against (\d+) at', r)
assert '90%' in r and m, r
assert abs(int(m.group(1)) - at['iops']) <= 1 and float(m.group(2)) == rec, r
assert abs(int(m.group(3)) - best) <= 1, r
PY
}

check budget-tlc 10s
check dc-tlc 2s
echo "sweep_knee: ok"
