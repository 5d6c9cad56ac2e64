#!/bin/bash
# Several TARGETs without --raid: independent drives profiled at once
# (cli/batch.h).  Every drive is opened and checked before any is written;
# a TARGET given twice, a drive that cannot be opened and --events are
# refused with nothing written; a dry run lists every drive and touches
# nothing; drives swept at once give exactly the results they give one
# after another (--jobs 1) and alone; a failing drive leaves the others'
# results whole and the exit code 1; SIGINT stops every drive (exit 130)
# and --resume DIR finishes each in its own folder, as alone; precondition
# and slc batches give each drive's single-drive result; the batch's
# document loads and `report DIR` links each drive's report.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T1='sim:dc-tlc,capacity=1G'
T2='sim:budget-tlc,capacity=1G'
ARGS='--op 0,20 --round 500ms --max-rounds 5 --fill-passes 1 --quiet'

# same A B: two result documents alike but for when, where and by what command line they were made.
same() {
	python3 - "$1" "$2" <<'PY' || fail "$1 and $2 differ"
import json, sys
def strip(d):
    for k in ('started', 'finished', 'command'):
        d.pop(k, None)
    return d
a, b = (strip(json.load(open(f))) for f in sys.argv[1:3])
if a != b:
    for k in sorted(set(a) | set(b)):
        if a.get(k) != b.get(k):
            print('differs at', k, file=sys.stderr)
    sys.exit(1)
PY
}

# expect_refused WHAT ARGS...: exit 2 naming WHAT, no results folder.
expect_refused() {
	local what=$1
	shift
	run_cmd "$@" --out refused
	[ "$rc" = 2 ] || fail "$*: exit $rc, not 2: $(cat "$work/stderr")"
	grep -qF -- "$what" "$work/stderr" || fail "$*: stderr lacks '$what': $(cat "$work/stderr")"
	[ ! -e refused ] || fail "$*: wrote results"
}

# --- refused before anything is written -------------------------------------
head -c 8M /dev/urandom >f1.img
head -c 8M /dev/urandom >f2.img
sum=$(cat f1.img f2.img | sha256sum)
expect_refused "given twice" sweep f1.img f2.img f1.img $ARGS
expect_refused "--events follows one drive" sweep f1.img f2.img $ARGS --events ev.jsonl
expect_refused "--jobs" sweep f1.img f2.img $ARGS --jobs 0
expect_refused "no drive was written" sweep f1.img nope.img $ARGS
expect_refused "given twice" slc f1.img f1.img --quiet
expect_refused "given twice" precondition f2.img f2.img --quiet
# One drive under two spellings (a symlink, a hard link) is refused by name, not by its own claim.
ln -s f1.img link.img
ln f2.img hard.img
expect_refused "sweep: f1.img and link.img are the same drive" sweep f1.img f2.img link.img $ARGS
[ "$(wc -l <"$work/stderr")" = 1 ] || fail "two spellings: not one line: $(cat "$work/stderr")"
for cmd in slc precondition; do
	expect_refused "$cmd: f2.img and hard.img are the same drive" $cmd f2.img hard.img --quiet
done
# The drives of a batch are no group: a chunk is refused, not ignored.
expect_refused "--chunk: only a RAID group" sweep f1.img f2.img $ARGS --chunk 16k
[ "$(cat f1.img f2.img | sha256sum)" = "$sum" ] || fail "a refused batch wrote a drive"

# --- a dry run lists every drive's steps and touches nothing ---------------
for cmd in sweep precondition slc; do
	run_cmd $cmd f1.img f2.img --dry-run --out dry
	[ "$rc" = 0 ] || fail "$cmd dry run: exit $rc: $(cat "$work/stderr")"
	for k in "drive 1: f1.img" "drive 2: f2.img"; do
		grep -qF "$k" "$work/stdout" || fail "$cmd dry run lacks '$k': $(cat "$work/stdout")"
	done
	[ "$(grep -c 'purge f[12].img' "$work/stdout")" = 2 ] || fail "$cmd dry run: not every drive's purge: $(cat "$work/stdout")"
	[ ! -e dry ] || fail "$cmd dry run made its folder"
done
[ "$(cat f1.img f2.img | sha256sum)" = "$sum" ] || fail "a dry run wrote a drive"

# --- at once, one after another, alone: the same results --------------------
"$exe" sweep "$T1" $ARGS --out one1 2>/dev/null || fail "sweep $T1 alone failed"
"$exe" sweep "$T2" $ARGS --out one2 2>/dev/null || fail "sweep $T2 alone failed"
run_cmd sweep "$T1" "$T2" $ARGS --out par
[ "$rc" = 0 ] || fail "the batch exited $rc: $(cat "$work/stderr")"
run_cmd sweep "$T1" "$T2" $ARGS --out ser --jobs 1
[ "$rc" = 0 ] || fail "the batch with --jobs 1 exited $rc: $(cat "$work/stderr")"
for i in 1 2; do
	same par/drive-$i/result.json one$i/result.json
	same ser/drive-$i/result.json one$i/result.json
	[ -s par/drive-$i/report.html ] || fail "no report for drive $i"
done
same par/result.json ser/result.json
json_check par/result.json "d['kind'] == 'batch' and d['subcommand'] == 'sweep' and len(d['drives']) == 2"
json_check par/result.json "[x['status'] for x in d['drives']] == ['ok', 'ok'] and d['drives'][1]['target'] == '$T2'"
json_check par/result.json "d['drives'][0]['results'] == 'drive-1' and d['drives'][0]['error'] is None"
python3 - par/result.json one1/result.json <<'PY' || fail "the headline is not the drive's recommendation"
import json, sys
b, s = (json.load(open(f)) for f in sys.argv[1:3])
h = b['drives'][0]['headline']
assert h['name'] == 'recommended_op_percent' and h['value'] == s['knee']['recommended_op_percent'], h
PY
# The progress lines: each drive's, prefixed; the summary table names both.
run_cmd sweep "$T1" "$T2" --op 0 --round 500ms --max-rounds 5 --fill-passes 1 --out lines
[ "$rc" = 0 ] || fail "the batch with lines exited $rc"
grep -q '^drive 1: op  0.00%  round  1 ' "$work/stdout" || fail "no prefixed round line: $(cat "$work/stdout")"
grep -q '^drive 2: done: recommended OP' "$work/stdout" || fail "no prefixed end line: $(cat "$work/stdout")"
grep -v '^drive [12]: ' "$work/stdout" | grep -q 'op  0.00%' && fail "a progress line without its drive"
grep -qE '^ +2 +sim:budget-tlc,capacity=1G +ok ' "$work/stdout" || fail "no summary row: $(cat "$work/stdout")"
"$exe" report par -o par/page.html 2>/dev/null || fail "report of the batch failed"
grep -qF 'href="drive-2/report.html"' par/page.html || fail "the batch's page does not link drive 2's report"

# --- one drive failing leaves the others whole -------------------------------
# A drive too small for the plan (20% OP leaves no whole MiB of 1M) is refused before any is written.
truncate -s 1M small.img
run_cmd sweep "$T1" small.img "$T2" $ARGS --out bad
[ "$rc" = 2 ] || fail "a batch with a drive too small exited $rc, not 2"
grep -qF "drive 2 (small.img) refused; no drive was written" "$work/stderr" ||
	fail "the refusal does not name its drive: $(cat "$work/stderr")"
[ ! -e bad ] || fail "a refused batch wrote $(ls -R bad)"
# A fault on one simulated drive: the same.
SSDPROF_FAULT='eio:io=50000' SSDPROF_FAULT_TARGET="$T2" run_cmd sweep "$T1" "$T2" $ARGS --out fault
[ "$rc" = 1 ] || fail "a batch with a faulted drive exited $rc, not 1"
same fault/drive-1/result.json one1/result.json
json_check fault/result.json "[x['status'] for x in d['drives']] == ['ok', 'failed'] and 'write error' in d['drives'][1]['error']"
json_check fault/result.json "d['drives'][1]['headline'] is None"
json_check fault/drive-2/result.json "d['complete'] is False"
# A drive's warning (namespace OP refused, span OP instead) names its drive, as its other lines do.
SSDPROF_FAULT='nsop:io=1' SSDPROF_FAULT_TARGET="$T2" run_cmd sweep "$T1" "$T2" --op 10 --round 500ms --max-rounds 5 \
	--fill-passes 1 --quiet --out warned
[ "$rc" = 0 ] || fail "a batch with a fallback exited $rc: $(cat "$work/stderr")"
grep -qE '^ssdprof: drive 2: warning: .*namespace OP refused.*falling back to span OP' "$work/stderr" ||
	fail "the fallback's warning does not name its drive: $(cat "$work/stderr")"
grep -F 'warning' "$work/stderr" | grep -v '^ssdprof: drive [12]: ' && fail "a warning without its drive"
json_check warned/drive-2/result.json "[p['op_method'] for p in d['points']] == ['span']"
json_check warned/drive-1/result.json "[p['op_method'] for p in d['points']] == ['namespace']"

# --- SIGINT stops every drive; --resume DIR finishes each as alone -------------
LONG='--op 0,10,20 --round 500ms --max-rounds 5 --fill-passes 1 --quiet'
T3='sim:budget-qlc,capacity=1G'
T4='sim:sata-tlc,capacity=1G'
"$exe" sweep "$T2" $LONG --out long1 2>/dev/null || fail "sweep $T2 alone failed"
"$exe" sweep "$T3" $LONG --out long2 2>/dev/null || fail "sweep $T3 alone failed"
"$exe" sweep "$T4" $LONG --out long3 2>/dev/null || fail "sweep $T4 alone failed"
# interrupt_when COND NAME CMD...: CMD in the background (stdout to $work/NAME.out, stderr to
# $work/NAME.err), SIGINT once COND holds (at most 60 s), its exit code in rc.
interrupt_when() {
	local cond=$1 name=$2 pid
	shift 2
	set +e
	"$@" >"$work/$name.out" 2>"$work/$name.err" &
	pid=$!
	for _ in $(seq 1 600); do
		"$cond" && break
		sleep 0.1
	done
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	set -e
}
# Two at a time: the third waits its turn, and the signal comes before it.
both_saved() { [ -s cut/drive-1/result.json ] && [ -s cut/drive-2/result.json ]; }
interrupt_when both_saved cut "$exe" sweep "$T2" "$T3" "$T4" $LONG --jobs 2 --out cut
[ "$rc" = 130 ] || fail "the interrupted batch exited $rc, not 130: $(cat "$work/cut.err")"
# Every drive not done when the signal came stopped there, saving what it had measured.
python3 - cut <<'PY' || fail "the interrupted drives are not marked so: $(cat "$work/cut.err")"
import json, os, sys
b = json.load(open(sys.argv[1] + '/result.json'))
st = [x['status'] for x in b['drives']]
assert 'interrupted' in st[:2] and set(st[:2]) <= {'ok', 'interrupted'} and st[2] == 'interrupted', st
# The third waits its turn unless the first finished before the second's first
# point (an idle machine): then it began, and is cut like the others.
began = os.path.exists(sys.argv[1] + '/drive-3/result.json')
assert began or 'before it began' in b['drives'][2]['error'], b['drives'][2]
for x in b['drives'][:3 if began else 2]:
    d = json.load(open(sys.argv[1] + '/' + x['results'] + '/result.json'))
    assert (x['status'] == 'ok') == d['complete'], (x, d['complete'])
    assert x['status'] == 'ok' or d.get('interrupted') is True
PY
# A drive that never began saved nothing: the batch says so (results null), and its page shows the
# drive with its reason instead of a link to a report that is not there.
first_began() { grep -q '^drive 1: ' "$work/wait.out"; }
interrupt_when first_began wait "$exe" precondition "$T1" "$T2" --round 2s --max-rounds 25 --fill-passes 1 --jobs 1 --out wait
[ "$rc" = 130 ] || fail "the interrupted precondition batch exited $rc, not 130: $(cat "$work/wait.err")"
json_check wait/result.json "[x['status'] for x in d['drives']] == ['interrupted', 'interrupted']"
json_check wait/result.json "d['drives'][0]['results'] == 'drive-1' and d['drives'][1]['results'] is None"
json_check wait/result.json "'before it began' in d['drives'][1]['error']"
[ ! -e wait/drive-2/result.json ] || fail "the drive that never began saved a result"
for page in wait/report.html wait/page.html; do
	[ "$page" = wait/report.html ] || "$exe" report wait -o "$page" 2>/dev/null || fail "report of the batch failed"
	grep -qF 'href="drive-1/report.html"' "$page" || fail "$page does not link drive 1"
	grep -qF 'drive-2/report.html' "$page" && fail "$page links drive 2, which saved nothing"
	grep -qF "<p>drive 2: $T2 (interrupted): no result: interrupted before it began" "$page" ||
		fail "$page does not say drive 2 has no result, and why"
done

# The resume finishes the two it cut, and sweeps the third from the start with their settings.
run_cmd sweep "$T2" "$T3" "$T4" --resume cut --quiet
[ "$rc" = 0 ] || fail "the resumed batch exited $rc: $(cat "$work/stderr")"
same cut/drive-1/result.json long1/result.json
same cut/drive-2/result.json long2/result.json
same cut/drive-3/result.json long3/result.json
json_check cut/result.json "[x['status'] for x in d['drives']] == ['ok', 'ok', 'ok']"
# Another drive's folder is not this drive's: resuming them swapped is refused.
run_cmd sweep "$T3" "$T2" "$T4" --resume cut --quiet
[ "$rc" = 2 ] || fail "a resume with the TARGETs swapped exited $rc, not 2"

# --- precondition and slc: each drive as alone -----------------------------
PC='--round 500ms --max-rounds 5 --fill-passes 1 --quiet'
"$exe" precondition "$T2" $PC --out pc1 2>/dev/null || fail "precondition alone failed"
run_cmd precondition "$T1" "$T2" $PC --out pcb --jobs 1
[ "$rc" = 0 ] || fail "the precondition batch exited $rc: $(cat "$work/stderr")"
same pcb/drive-2/result.json pc1/result.json
json_check pcb/result.json "d['subcommand'] == 'precondition' and d['drives'][1]['headline']['name'] == 'steady_iops'"
"$exe" slc "$T2" --quiet --out slc1 2>/dev/null || fail "slc alone failed"
run_cmd slc "$T1" "$T2" --quiet --out slcb
[ "$rc" = 0 ] || fail "the slc batch exited $rc: $(cat "$work/stderr")"
same slcb/drive-2/result.json slc1/result.json
python3 - slcb/result.json slc1/result.json <<'PY' || fail "the slc headline is not the drive's cache"
import json, sys
b, s = (json.load(open(f)) for f in sys.argv[1:3])
h = b['drives'][1]['headline']
assert h['name'] == 'slc_cache_bytes' and abs(h['value'] - s['slc']['cache_bytes']) < 0.01, (h, s['slc'].get('cache_bytes'))
PY

# A drive without its result takes another drive's saved settings, strings and all: its purge
# method outlived the document it was read from (a use-after-free ASan reported on this resume).
run_cmd sweep "$T1" "$T2" --op 0 --purge-method trim --round 100ms --max-rounds 5 --fill-passes 1 --quiet --out pm
[ "$rc" = 0 ] || fail "the purge-method batch exited $rc: $(cat "$work/stderr")"
rm pm/drive-2/result.json
run_cmd sweep "$T1" "$T2" --resume pm --quiet
[ "$rc" = 0 ] || fail "the resume that took drive 1's settings exited $rc: $(cat "$work/stderr")"
json_check pm/drive-2/result.json "d['settings']['purge_method'] == 'trim' and d['complete'] is True"

echo "batch: ok"
