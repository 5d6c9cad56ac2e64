#!/bin/bash
# pts saves as it goes and resumes (docs/pts.md "Saving as it goes, and --resume"):
# - throughput cut by SIGINT once its first stage is saved: exit 130, the finished stage in
#   pts.stages, the cut one apart (incomplete_stage, no figures), report and compare take it;
# - --resume with the same TARGET and options keeps the finished stage and measures the
#   second again from its purge: the document equals an uninterrupted run's, byte for byte
#   but for when and how it was started (same seed, simulated drive);
# - a resume with another target, option or test, or of a corrupt or hostile document, is
#   one line, exit 2, and leaves the saved document as it was;
# - a suite (a list, pts all): a folder per test, settings.suite, the dry run's total;
#   --resume skips the finished tests and runs the rest.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:budget-tlc,capacity=1G'
ARGS='--cell-time 500ms --max-rounds 5 --min-writes 0 --quiet'

stages() {
	python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['pts']['stages']))" "$1" 2>/dev/null ||
		echo 0
}
# The document but for when and how it was started.
strip() { grep -v -E '^  "(started|finished|command)": ' "$1"; }

"$exe" pts throughput "$T" ${ARGS% --quiet} --out whole >/dev/null 2>"$work/whole.err" ||
	fail "uninterrupted run: $(cat "$work/whole.err")"
# The estimate before it starts, as the dry run gives it: 2 stages x 2 cells x 5 rounds x 0.5 s.
head -1 "$work/whole.err" | grep -q '^pts throughput: estimate: at most 0\.0 h of virtual time' ||
	fail "no estimate before the test: $(head -2 "$work/whole.err")"
awk 'length > 80 { exit 1 }' "$work/whole.err" || fail "a line of the run's stderr is over 80 columns"
json_check whole/result.json "d['pts']['complete'] is True and len(d['pts']['stages']) == 2"
json_check whole/result.json "'incomplete_stage' not in d['pts'] and 'interrupted' not in d"
json_check whole/result.json "abs(sum(s['seconds'] for s in d['pts']['stages']) - d['pts']['drive_seconds']) < 2e-6"
# The purge as done (the simulator's auto erases every block), not "auto".
json_check whole/result.json "[s['purge_method'] for s in d['pts']['stages']] == ['sanitize-block'] * 2"

# Cut by SIGINT once the first stage is saved (the document is written after every round and stage).
# shellcheck disable=SC2086
interrupt_once '[ "$(stages part/result.json)" -ge 1 ]' "$work/part.err" pts throughput "$T" $ARGS --out part
[ "$rc" = 130 ] || fail "interrupted pts exited $rc, not 130: $(cat "$work/part.err")"
grep -q -- "--resume part" "$work/part.err" || fail "the interrupted pts does not say how to resume"
json_check part/result.json "d['interrupted'] is True and d['pts']['complete'] is False"
json_check part/result.json "len(d['pts']['stages']) == 1 and d['pts']['stages'][0]['cells'][0]['bs'] == 131072"
json_check part/result.json "d['pts']['stages'][0] == json.load(open('whole/result.json'))['pts']['stages'][0]"
# The cut stage, if it began, is apart and counts for nothing.
json_check part/result.json "'incomplete_stage' not in d['pts'] or (d['pts']['incomplete_stage']['incomplete'] is True
    and all(c['iops'] is None for c in d['pts']['incomplete_stage']['cells']))"
run_cmd report part -o "$work/part.html"
[ "$rc" = 0 ] || fail "report of the cut run: exit $rc: $(cat "$work/stderr")"
# The finished stage's two cells, never the cut one's.
[ "$(grep -c . "$work/part-pts_cells.csv")" = 3 ] || fail "pts_cells.csv of the cut run: $(cat "$work/part-pts_cells.csv")"
run_cmd compare whole/result.json part/result.json -o "$work/cmp.html"
[ "$rc" = 0 ] || fail "compare with the cut run: exit $rc: $(cat "$work/stderr")"
cp part/result.json part.saved

# Refused, one line, exit 2, the saved document left as it was.
usage_error "settings.cell_s is 0.5 there, 1.0 here" pts throughput "$T" --cell-time 1s --max-rounds 5 \
	--min-writes 0 --resume part
usage_error "settings.seed is 1 there, 2 here" pts throughput "$T" $ARGS --seed 2 --resume part
usage_error "not of sim:budget-tlc,capacity=2G" pts throughput sim:budget-tlc,capacity=2G $ARGS --resume part
usage_error "holds a pts throughput result, not pts latency" pts latency "$T" $ARGS --resume part
usage_error "leave out --out" pts throughput "$T" $ARGS --resume part --out elsewhere
usage_error "holds no pts result" pts throughput "$T" $ARGS --resume "$work"
usage_error "is not a folder" pts throughput "$T" $ARGS --resume nowhere
cmp part/result.json part.saved || fail "a refused resume changed the saved document"
[ ! -e nowhere ] && [ ! -e elsewhere ] || fail "a refused resume made a folder"

# Corrupt and hostile saved documents: refused by the loader or the resume's checks, no crash.
hostile() {
	local name=$1 needle=$2 edit=$3
	mkdir "$name"
	python3 - part.saved "$name/result.json" "$edit" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], 'w'))
PY
	cp "$name/result.json" "$name.before"
	usage_error "$needle" pts throughput "$T" $ARGS --resume "$name"
	cmp "$name/result.json" "$name.before" || fail "$name: a refused resume changed it"
}
hostile h_seconds "seconds" "d['pts']['stages'][0]['seconds'] = 1e300"
hostile h_cells "cell 1 is not the test's" "d['pts']['stages'][0]['cells'][0]['bs'] = 4096"
hostile h_ncells "of 1 cells, not 2" "s = d['pts']['stages'][0]; s['cells'] = s['cells'][:1]; s['rounds'] = []
s['steady_state']['tracked_cell'] = 0"
hostile h_stages "stages" "d['pts']['stages'] = d['pts']['stages'] * 3"
hostile h_suite "suite" "d['settings']['suite'] = ['iops', 'rm -rf /']"
hostile h_test "not pts throughput" "d['pts']['test'] = 'iops'; d['settings']['test'] = 'iops'"
hostile h_kind "h_kind/result.json" "d['kind'] = 'slc'"
mkdir h_trunc
head -c 2000 part.saved >h_trunc/result.json
usage_error "h_trunc/result.json" pts throughput "$T" $ARGS --resume h_trunc

# The resume: the finished stage kept, the second measured from its purge, equal to the whole run.
run_cmd pts throughput "$T" $ARGS --resume part
[ "$rc" = 0 ] || fail "resume exited $rc: $(cat "$work/stderr")"
diff <(strip whole/result.json) <(strip part/result.json) >"$work/diff" ||
	fail "the resumed test differs from the uninterrupted one: $(cat "$work/diff")"
# A finished test resumed again is left as it is.
cp part/result.json part.done
run_cmd pts throughput "$T" $ARGS --resume part
[ "$rc" = 0 ] && cmp part/result.json part.done || fail "resuming a finished test changed it: $rc"

# A test resumed from a document cut inside its first stage starts again from the purge.
mkdir cut1
python3 - whole/result.json cut1/result.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = d['pts']
p['incomplete_stage'] = dict(p['stages'][0], incomplete=True)
p['stages'], p['complete'], d['interrupted'] = [], False, True
json.dump(d, open(sys.argv[2], 'w'))
PY
run_cmd report cut1 -o "$work/cut1.html"
[ "$rc" = 0 ] || fail "report of a test cut in its first stage: exit $rc: $(cat "$work/stderr")"
run_cmd pts throughput "$T" $ARGS --resume cut1
[ "$rc" = 0 ] || fail "resume of cut1 exited $rc: $(cat "$work/stderr")"
diff <(strip whole/result.json) <(strip cut1/result.json) >"$work/diff" ||
	fail "cut1 resumed differs from the uninterrupted run: $(cat "$work/diff")"

# A suite: a folder per test, each a pts document with the suite's list; bad lists refused.
usage_error "listed twice" pts throughput,throughput "$T" $ARGS
usage_error "unknown test 'nope'" pts throughput,nope "$T" $ARGS
usage_error "--reps is for hir" pts throughput,latency "$T" $ARGS --reps 2
usage_error "--io-log logs one test" pts throughput,latency "$T" $ARGS --io-log log.csv
usage_error "the list's cbw" pts all "$T" --dry-run
run_cmd pts all "$T,lba=512" --dry-run --cell-time 1s
[ "$rc" = 0 ] || fail "pts all --dry-run: exit $rc: $(cat "$work/stderr")"
[ "$(grep -c '^dry run: ' "$work/stdout")" = 8 ] || fail "pts all --dry-run: not 8 tests: $(cat "$work/stdout")"
grep -q '^total: 8 tests, at most ' "$work/stdout" || fail "pts all --dry-run: no total: $(cat "$work/stdout")"
awk 'length > 80 { exit 1 }' "$work/stdout" || fail "a pts all --dry-run line is over 80 columns"
[ ! -e ssdprof-results ] || fail "the dry run made a folder"

SUITE='throughput,latency'
run_cmd pts $SUITE "$T" $ARGS --out suite
[ "$rc" = 0 ] || fail "suite exited $rc: $(cat "$work/stderr")"
[ ! -e suite/result.json ] || fail "a suite wrote a result.json at its top"
for t in throughput latency; do
	json_check suite/$t/result.json "d['settings']['suite'] == ['throughput', 'latency'] and d['pts']['test'] == '$t'"
	json_check suite/$t/result.json "d['pts']['complete'] is True"
done
python3 - whole/result.json suite/throughput/result.json <<'PY' || fail "the suite's throughput differs from the test run alone"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
del b['settings']['suite']
assert a['pts'] == b['pts'] and a['settings'] == b['settings'] and a['target'] == b['target']
PY

# Resume of a suite whose second test never began: the first kept as it is, the second run.
cp suite/throughput/result.json tp.done
rm -r suite/latency
run_cmd pts $SUITE "$T" $ARGS --resume suite
[ "$rc" = 0 ] || fail "suite resume exited $rc: $(cat "$work/stderr")"
cmp suite/throughput/result.json tp.done || fail "the suite's resume changed a finished test"
json_check suite/latency/result.json "d['pts']['complete'] is True and d['settings']['suite'] == ['throughput', 'latency']"
usage_error "settings.suite" pts throughput,latency,hir "$T" $ARGS --resume suite
usage_error "holds none of these tests" pts iops,cbw sim:budget-tlc,capacity=1G,lba=512 $ARGS --resume suite
