#!/bin/bash
# --metrics FILE (issue 29): node_exporter's textfile format, checked by
# promtool at several points of a sweep; never seen partial (a reader polling
# the file all along finds every version whole); the final state agrees with
# the run's result.json (last point's OP and IOPS, points done); one file
# for every drive of a batch (qualify's); bad --metrics refused with one line, nothing
# written.  promtool (Debian's prometheus) is required when VMLAB_REQUIRE is
# set (CI), else its checks are skipped, said.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:budget-tlc,capacity=1G'
FAST=(--round 250ms --max-rounds 5 --fill-passes 1)

# Bad input: one line, exit 2, no results folder, no metrics file.
mkdir adir.prom
usage_error "is not a NAME.prom file" sweep "$T" --op 7 "${FAST[@]}" --out bad --metrics m.txt
usage_error "does not exist" sweep "$T" --op 7 "${FAST[@]}" --out bad --metrics nodir/m.prom
usage_error "is not a regular file" sweep "$T" --op 7 "${FAST[@]}" --out bad --metrics adir.prom
usage_error "empty file name" slc "$T" --out bad --metrics ''
usage_error "--metrics is given twice" run "$T" --time 1s --out bad --metrics a.prom --metrics b.prom
[ ! -e bad ] || fail "a refused --metrics left a results folder"
[ -z "$(find . -maxdepth 1 -type f -name '*.prom')" ] || fail "a refused --metrics left a file: $(ls)"

have_promtool=1
if ! command -v promtool >/dev/null; then
	[ -z "${VMLAB_REQUIRE:-}" ] || fail "promtool is missing (apt-get install prometheus); VMLAB_REQUIRE is set"
	echo "SKIP the promtool checks: promtool is not installed (Debian package prometheus)"
	have_promtool=0
fi

# A reader polling the file while the sweep runs: every version it sees must be whole.
mkdir snaps
python3 - m.prom snaps <<'PY' &
import os, sys, time
path, out = sys.argv[1], sys.argv[2]
seen, last = 0, None
stop = os.path.join(out, 'STOP')
while not os.path.exists(stop):
    try:
        text = open(path).read()
    except FileNotFoundError:
        time.sleep(0.01)
        continue
    if text != last:
        last = text
        # Whole: every family, the last one the update time, ending in a newline.
        lines = text.splitlines()
        ok = text.endswith('\n') and lines[0].startswith('# HELP ssdprof_phase_info') and \
            lines[-1].startswith('ssdprof_last_update_timestamp_seconds{')
        name = '%s/%04d.%s' % (out, seen, 'prom' if ok else 'partial')
        open(name, 'w').write(text)
        seen += 1
    time.sleep(0.005)
PY
reader=$!
run_cmd sweep "$T" --op 7,28 "${FAST[@]}" --out sw --metrics m.prom --quiet
touch snaps/STOP
wait "$reader"
[ "$rc" = 0 ] || fail "sweep --metrics exited $rc: $(cat "$work/stderr")"
ls snaps/*.partial >/dev/null 2>&1 && fail "a reader saw a partial file: $(ls snaps/*.partial)"
nsnap=$(ls snaps/*.prom | wc -l)
# Each point's start and end and each round are written at once, so a
# sweep of two points shows at least three versions however fast it runs.
[ "$nsnap" -ge 3 ] || fail "the file changed only $nsnap time(s) during a sweep of two points"
ls -a | grep -q '^\.m\.prom\.' && fail "a temporary was left: $(ls -a)"

# Several points of the run: the first version, one from the middle, the final file.
if [ "$have_promtool" = 1 ]; then
	mid=$(ls snaps/*.prom | sed -n "$(( (nsnap + 1) / 2 ))p")
	for f in "$(ls snaps/*.prom | head -1)" "$mid" m.prom; do
		promtool check metrics <"$f" >promtool.out 2>&1 || fail "promtool on $f: $(cat promtool.out)"
	done
fi

python3 - m.prom sw/result.json snaps <<'PY' || fail "the metrics disagree with the run: $(cat m.prom)"
import glob, json, re, sys
sample = re.compile(r'^([a-z_]+)\{(.*)\} (\S+)$')
def parse(path):
    m = {}
    for line in open(path):
        if line.startswith('#'):
            continue
        g = sample.match(line.rstrip('\n'))
        assert g, 'not a sample: %r' % line
        labels = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', g.group(2)))
        for k in ('drive', 'serial', 'model', 'host', 'command'):
            assert k in labels, 'no %s label: %r' % (k, line)
        m[g.group(1)] = (labels, float(g.group(3)))
    return m
fin = parse(sys.argv[1])
doc = json.load(open(sys.argv[2]))
pts = doc['points']
labels = fin['ssdprof_phase_info'][0]
assert labels['phase'] == 'done', labels
assert labels['command'] == 'sweep' and labels['drive'] == doc['target']['path'], labels
assert labels['serial'] == doc['target']['serial'], (labels, doc['target'])
assert fin['ssdprof_finished'][1] == 1
assert fin['ssdprof_progress_ratio'][1] == 1
assert fin['ssdprof_eta_seconds'][1] == 0
assert fin['ssdprof_points_done'][1] == len(pts) == 2
assert abs(fin['ssdprof_last_point_op_ratio'][1] - pts[-1]['op_percent'] / 100) < 1e-9
assert abs(fin['ssdprof_last_point_iops'][1] - pts[-1]['iops']) <= 0.1, (fin['ssdprof_last_point_iops'], pts[-1]['iops'])
assert abs(fin['ssdprof_last_point_write_amplification_ratio'][1] - pts[-1]['waf']) < 1e-3
# Nothing runs any more: no current rate, no point running (not measured is absent, never 0).
for gone in ('ssdprof_iops', 'ssdprof_point', 'ssdprof_op_ratio'):
    assert gone not in fin, gone
# While it ran: the first point's OP and rounds' IOPS showed, progress never went back.
snaps = [parse(p) for p in sorted(glob.glob(sys.argv[3] + '/*.prom'))]
running = [s for s in snaps if s['ssdprof_finished'][1] == 0]
assert running, 'no state seen while running'
ops = {round(s['ssdprof_op_ratio'][1], 4) for s in running if 'ssdprof_op_ratio' in s}
assert 0.07 in ops, ops
assert any(s['ssdprof_phase_info'][0]['phase'] == 'rounds' and s['ssdprof_iops'][1] > 0 for s in running)
fr = [s['ssdprof_progress_ratio'][1] for s in snaps if 'ssdprof_progress_ratio' in s]
assert all(a <= b + 1e-9 for a, b in zip(fr, fr[1:])), fr
print(len(snaps), 'versions seen')
PY

# A batch (qualify's drives, each in a thread): every drive of the process in the one file, each done.
run_cmd qualify "$T" 'sim:dc-tlc,capacity=1G' --op 7 "${FAST[@]}" --no-slc --no-qd --require 'steady_iops>=1000' \
	--out q --metrics b.prom --quiet
[ "$rc" = 0 ] || fail "qualify of two drives exited $rc: $(cat "$work/stderr")"
[ "$(grep -c '^ssdprof_phase_info{.*command="qualify",phase="done"} 1$' b.prom)" = 2 ] ||
	fail "two drives done in b.prom: $(cat b.prom)"
grep -q '^ssdprof_last_point_op_ratio{drive="sim:dc-tlc,capacity=1G".*} 0.07$' b.prom ||
	fail "the second drive's point is not in b.prom: $(cat b.prom)"
[ "$have_promtool" = 0 ] || promtool check metrics <b.prom >promtool.out 2>&1 || fail "promtool on b.prom: $(cat promtool.out)"
echo "ok"
