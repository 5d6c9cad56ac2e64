#!/bin/bash
# An interrupted sweep keeps its finished points, exits 130, and --resume
# completes it to exactly what an uninterrupted sweep measures (same seed).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'
ARGS='--op 0,5,10,20,30 --round 1s --max-rounds 8 --quiet'

"$exe" sweep "$T" $ARGS --out whole 2>/dev/null || fail "uninterrupted sweep failed"

points() {
	python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['points']))" "$1" 2>/dev/null || echo 0
}

# Interrupt once two points are saved.
# shellcheck disable=SC2086
interrupt_once '[ "$(points part/result.json)" -ge 2 ]' "$work/part.err" sweep "$T" $ARGS --out part
[ "$rc" = 130 ] || fail "interrupted sweep exited $rc, not 130: $(cat "$work/part.err")"
grep -q -- "--resume part" "$work/part.err" || fail "the interrupted sweep does not say how to resume"
n=$(points part/result.json)
[ "$n" -ge 2 ] && [ "$n" -lt 5 ] || fail "interrupted sweep saved $n points"
json_check part/result.json "d['complete'] is False"

run_cmd sweep "$T" --resume part --quiet
[ "$rc" = 0 ] || fail "resume exited $rc: $(cat "$work/stderr")"
python3 - whole/result.json part/result.json <<'PY' || fail "the resumed sweep differs from the uninterrupted one"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert a['complete'] and b['complete']
for k in ('points', 'knee', 'settings', 'target'):
    assert a[k] == b[k], k
PY

# Byte for byte: a sweep cut after its first point and resumed writes the same
# document as one that ran through, but for when and how it was started.  On
# this drive and round the 20% point saves 54999.5 IOPS (54999.4x measured):
# the knee's reason must read the saved figure both ways, not 54999 once and
# 55000 after the resume.  Full points (--precondition full): the cut
# document keeps the 20% point without the 0% one measured before it, which
# a default sweep cannot save (its 0% point calibrates the 20% one, issue 28).
T2='sim:budget-tlc,capacity=1G'
ARGS2='--op 20,0 --round 2100ms --max-rounds 5 --fill-passes 0 --precondition full --quiet'
"$exe" sweep "$T2" $ARGS2 --out whole2 2>/dev/null || fail "uninterrupted sweep 2 failed"
mkdir cut2
python3 - whole2/result.json cut2/result.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['points'] = [p for p in d['points'] if p['op_percent'] == 20]
assert len(d['points']) == 1
d['complete'] = False
d.pop('knee')
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
cp cut2/result.json cut2.saved
run_cmd sweep "$T2" --resume cut2 --quiet
[ "$rc" = 0 ] || fail "resume 2 exited $rc: $(cat "$work/stderr")"
strip() { grep -v -E '^  "(started|finished|command)": ' "$1"; }
diff <(strip whole2/result.json) <(strip cut2/result.json) >"$work/diff" ||
	fail "the resumed sweep is not byte-identical to the uninterrupted one: $(cat "$work/diff")"

# A saved purge method the target lacks (the simulator has no ATA erase) is
# refused before anything is measured, and the saved sweep is left as it was.
python3 - cut2.saved bogus/result.json <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
d['settings']['purge_method'] = 'ata-erase'
os.makedirs(os.path.dirname(sys.argv[2]))
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
cp bogus/result.json bogus.saved
run_cmd sweep "$T2" --resume bogus --quiet
[ "$rc" = 2 ] || fail "a bogus purge method: exit $rc, expected 2: $(cat "$work/stderr")"
[ "$(wc -l <"$work/stderr")" = 1 ] && grep -q -- '--purge-method: .*ata-erase' "$work/stderr" ||
	fail "a bogus purge method: $(cat "$work/stderr")"
cmp -s bogus/result.json bogus.saved || fail "a refused resume rewrote result.json"
# A point saved twice (at the same OP, or within the 0.005% the plan takes as one) is refused:
# the resumed sweep kept both, two rows and two knee candidates at one OP.
python3 - cut2.saved dup/result.json <<'PY'
import copy, json, os, sys
d = json.load(open(sys.argv[1]))
p = copy.deepcopy(d['points'][0])
p['op_percent'] += 0.001
d['points'].append(p)
os.makedirs(os.path.dirname(sys.argv[2]))
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
cp dup/result.json dup.saved
run_cmd sweep "$T2" --resume dup --quiet
[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] && grep -q 'a point is measured once' "$work/stderr" ||
	fail "a point saved twice: exit $rc: $(cat "$work/stderr")"
cmp -s dup/result.json dup.saved || fail "a refused resume rewrote result.json"
# --fast: the plan's interpolated bracket is a setting, saved and read back by
# --resume (a resumed sweep that halved instead would measure other points).
# With --precondition full, as where points cannot be constructed, it carries
# them over.
T3='sim:dc-tlc,capacity=1G'
"$exe" sweep "$T3" --fast --precondition full --quiet --out fast 2>/dev/null || fail "--fast sweep failed"
json_check fast/result.json "d['settings']['bracket'] == 'interpolate' and d['settings']['carry_over'] is True"
mkdir fastcut
python3 - fast/result.json fastcut/result.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['points'] = d['points'][:2]
d['complete'] = False
json.dump(d, open(sys.argv[2], 'w'))
PY
run_cmd sweep "$T3" --resume fastcut --quiet
[ "$rc" = 0 ] || fail "--fast resume exited $rc: $(cat "$work/stderr")"
python3 - fast/result.json fastcut/result.json <<'PY' || fail "the resumed --fast sweep lost its settings"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
assert b['complete'] and a['settings'] == b['settings'], (a['settings'], b['settings'])
assert len(b['points']) >= 4
PY
echo "sweep_resume: ok"
