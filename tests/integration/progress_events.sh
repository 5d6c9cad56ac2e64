#!/bin/bash
# --events: every line one JSON object with the contract's fields, fraction
# never decreasing and exactly 1 at the end, eta_s 0 at the end, the phases
# of sweep and slc in their order; t is null on a simulated drive and the
# Unix time on a file.  --events - leaves standard output to the events.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

check_events() {
	# check_events FILE COMMAND EXPECTED-PHASE-ORDER (comma-separated, per point) VIRTUAL(1|0)
	python3 - "$@" <<'PY' || fail "events of $2 in $1: $(tail -3 "$1")"
import json, sys
path, command, order, virtual = sys.argv[1], sys.argv[2], sys.argv[3].split(','), sys.argv[4] == '1'
lines = open(path).read().splitlines()
assert len(lines) >= 5, 'too few events'
evs = [json.loads(l) for l in lines]
need = ['t', 'command', 'target', 'phase', 'point', 'points', 'round', 'fraction', 'eta_s', 'event']
for e in evs:
    for k in need:
        assert k in e, 'no %s in %s' % (k, e)
    assert e['command'] == command
    assert (e['t'] is None) == virtual, 't on a %s drive: %r' % ('simulated' if virtual else 'real', e['t'])
    assert ('virtual_s' in e) == virtual
    assert 0 <= e['fraction'] <= 1
fr = [e['fraction'] for e in evs]
assert all(a <= b for a, b in zip(fr, fr[1:])), 'fraction decreases: %r' % fr
assert fr[-1] == 1 and all(f < 1 for f in fr[:-1]), 'fraction is 1 only at the end: %r' % fr[-3:]
assert evs[0]['event'] == 'start' and evs[-1]['event'] == 'end'
assert evs[-1]['eta_s'] == 0, 'eta_s at the end: %r' % evs[-1]['eta_s']
etas = [e['eta_s'] for e in evs if e['eta_s'] is not None]
assert etas and max(etas) > 0, 'never an estimate'
# The phases of every point, in order.
points, cur = [], None
for e in evs:
    if e['event'] == 'point-start':
        cur = []
        points.append(cur)
    elif e['event'] == 'phase-start':
        cur.append(e['phase'])
assert points, 'no point'
for p in points:
    assert p == order, 'phases %r, not %r' % (p, order)
rounds = [e for e in evs if e['event'] == 'round']
if 'rounds' in order:
    assert rounds and all(r['iops'] > 0 and 'range_pct' in r and 'slope_pct' in r for r in rounds)
    assert [r['round'] for r in rounds if r['point'] == 1] == list(range(1, len([r for r in rounds if r['point'] == 1]) + 1))
ends = [e for e in evs if e['event'] == 'point-end']
assert len(ends) == len(points)
print(len(evs), 'events')
PY
}

T='sim:dc-tlc,capacity=1G'
run_cmd sweep "$T" --op 0,20 --round 250ms --max-rounds 6 --out sw --events sw.jsonl
[ "$rc" = 0 ] || fail "sweep --events exited $rc: $(cat "$work/stderr")"
check_events sw.jsonl sweep purge,fill,rounds 1
python3 -c "
import json
e = [json.loads(l) for l in open('sw.jsonl')]
assert all(x['points'] == 2 and not x['points_approx'] for x in e)
assert [x['op_percent'] for x in e if x['event'] == 'point-end'] == [0, 20]
" || fail "sweep events: points"
grep -q 'round  1' "$work/stdout" || fail "--events FILE took the progress lines off stdout"

# An adaptive plan: "about" n points, at least the points measured.  --precondition full: with
# --fill-passes 0 every point is purge and rounds (a constructed point writes the flash in a phase
# of its own, the "fill", under the default auto).
run_cmd sweep "$T" --op-range 0:10 --resolution 10 --round 250ms --max-rounds 6 --out ad --events - --fill-passes 0 \
	--precondition full
[ "$rc" = 0 ] || fail "adaptive sweep exited $rc: $(cat "$work/stderr")"
cp "$work/stdout" ad.jsonl
check_events ad.jsonl sweep purge,rounds 1
python3 -c "
import json
e = [json.loads(l) for l in open('ad.jsonl')]
n = len([x for x in e if x['event'] == 'point-end'])
assert e[0]['points_approx'] and e[0]['points'] >= 2, e[0]
assert e[-1]['points'] == n and not e[-1]['points_approx'], e[-1]
" || fail "adaptive sweep: points"

run_cmd slc 'sim:budget-qlc,capacity=1G' --prefill 10 --prefill-idle 1s --idle 1s,2s --out slc --events -
[ "$rc" = 0 ] || fail "slc --events exited $rc: $(cat "$work/stderr")"
cp "$work/stdout" slc.jsonl
check_events slc.jsonl slc purge,prefill,idle,probe,idle,recovery,idle,recovery 1

truncate -s 64M f.img
run_cmd precondition f.img --round 100ms --max-rounds 5 --out pc --events pc.jsonl --quiet
[ "$rc" = 0 ] || fail "precondition on a file exited $rc: $(cat "$work/stderr")"
check_events pc.jsonl precondition purge,fill,rounds 0
[ ! -s "$work/stdout" ] || fail "--quiet printed: $(cat "$work/stdout")"

# Bad uses: one line, exit 2.
run_cmd sweep "$T" --events - --json --out x
[ "$rc" = 2 ] && grep -q -- '--events' "$work/stderr" || fail "--events - with --json: exit $rc, $(cat "$work/stderr")"
run_cmd sweep "$T" --events nowhere/e.jsonl --op 0 --out x
[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] || fail "--events into a missing folder: exit $rc, $(cat "$work/stderr")"
echo ok
