#!/bin/bash
# A qualify cut during its QD curve resumes: the curve saved the depths it
# reached (the last one cut), and --resume keeps the finished depths as
# saved and measures the rest, instead of refusing the curve as "measured
# with other settings".
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T1='sim:dc-tlc,capacity=1G'
ARGS='--op 7,28 --round 1s --max-rounds 5 --quiet --no-slc --qd-curve 1,4,16 --qd-time 1s --require steady'

run_cmd qualify "$T1" $ARGS --out q
[ "$rc" = 0 ] || fail "qualify: exit $rc: $(cat "$work/stderr")"
# The read curve as a cut at QD 4 leaves it: QD 1 finished, QD 4 cut (interrupted).
f=q/drive-1/qd/randread/result.json
cp "$f" whole.json
python3 - "$f" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['series'] = d['series'][:2]
d['settings']['qd_list'] = [1, 4]
d['interrupted'] = True
json.dump(d, open(sys.argv[1], 'w'), indent=2)
PY
cp "$f" cut.json
run_cmd qualify "$T1" $ARGS --resume q
[ "$rc" = 0 ] || fail "resume of a cut curve: exit $rc: $(cat "$work/stderr")"
python3 - cut.json "$f" <<'PY' || fail "the resumed curve: $(head -c 400 "$f")"
import json, sys
cut, new = (json.load(open(f)) for f in sys.argv[1:3])
assert 'interrupted' not in new and 'error' not in new, new.keys()
assert new['settings']['qd_list'] == [1, 4, 16] and [s['qd'] for s in new['series']] == [1, 4, 16]
assert new['series'][0] == cut['series'][0], 'the finished depth was measured again'
assert new['series'][1] != cut['series'][1], 'the cut depth was kept'
assert all(s['iops'] > 0 for s in new['series'])
PY
[ "$(wc -l <q/drive-1/qd/randread/qd_curve.csv)" -eq 4 ] || fail "the curve's CSV lacks depths"
json_check q/result.json "[p['qd'] for p in d['drives'][0]['qd_curve']['points']] == [1, 4, 16]"
echo "qualify_qd_resume: ok"
