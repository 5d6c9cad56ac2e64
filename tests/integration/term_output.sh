#!/bin/bash
# What the commands print fits 80 columns, and their summaries are their documents'.
# - sweep, run, slc, precondition and qualify on an 80-column pseudo-terminal: no line
#   (and no status line drawn) is wider than 80 columns; every command's --help neither;
#   nor the dry runs, a refusal, nor compare's table of drives whose labels are long.
# - off a terminal, what each printed when it ended is `report --text` of the result it saved,
#   word for word, and the recommended OP it names (and the op --set command after it) is the
#   document's.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'
ROUNDS='--round 250ms --max-rounds 6'

# widest FILE WHAT: no line of FILE, nor any redraw within a line, is wider than 80 columns.
widest() {
	python3 - "$1" <<'PY' || fail "$2: a line wider than 80 columns"
import re, sys
out = open(sys.argv[1], 'rb').read().decode('utf-8', 'replace')
out = re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', out)
bad = [p for l in out.split('\n') for p in l.split('\r') if len(p) > 80]
for p in bad[:5]:
    print('%d: %s' % (len(p), p), file=sys.stderr)
sys.exit(1 if bad else 0)
PY
}

# summary_is_document CMD DIR: what CMD printed to stdout ($work/stdout) holds report --text DIR whole.
summary_is_document() {
	"$exe" report --text "$2" >text.out || fail "$1: report --text $2 exited $?"
	[ -s text.out ] || fail "$1: report --text printed nothing"
	python3 - "$work/stdout" text.out <<'PY' || fail "$1: the summary is not the document's: $(cat text.out)"
import sys
printed, text = (open(f, encoding='utf-8').read() for f in sys.argv[1:])
assert text in printed, 'printed:\n' + printed[-1500:]
PY
	widest text.out "report --text $2"
}

# On a terminal.
python3 "$pty_run" "" "$exe" sweep "$T" --op 0,20 $ROUNDS --out tsw || fail "sweep on a terminal exited $?"
widest tty.out sweep
python3 "$pty_run" "" "$exe" run "$T" --qd 1,32 --time 1s --out trun || fail "run on a terminal exited $?"
widest tty.out run
python3 "$pty_run" "" "$exe" slc 'sim:budget-qlc,capacity=1G' --idle 1s --out tslc || fail "slc exited $?"
widest tty.out slc
python3 "$pty_run" "TERM=dumb" "$exe" precondition "$T" $ROUNDS --out tpc || fail "precondition exited $?"
widest tty.out precondition
python3 "$pty_run" "TERM=dumb" "$exe" qualify "$T" --op 7,28 $ROUNDS --no-qd --no-slc --require 'steady_iops>=1' \
	--out tq || fail "qualify exited $?"
widest tty.out qualify

# Dry runs on a terminal: their plans and estimates (a path, a list of OP levels, a sentence
# of drive time) wrapped at words, a batch's and a qualification's of two drives too.
B='sim:budget-tlc,capacity=1G'
for args in "sweep $T --op 0,20 --dry-run" "sweep $T --fast --precondition auto --dry-run" \
	"slc $T --dry-run" "precondition $T --dry-run" "qualify $T $B --dry-run" \
	"run $T --qd 1,8 --time 30s --dry-run" "run $B --bytes 10G --dry-run" "sweep $T $B --dry-run --out d"; do
	python3 "$pty_run" "" "$exe" $args || fail "$args on a terminal exited $?"
	widest tty.out "$args"
done
tr -d '\r' <tty.out | grep -q '^     until steady (at most 25 rounds)$' ||
	fail "a step's continuation is not under its text: $(cat tty.out)"

# A refusal: one line on a pipe, where scripts grep it; on a terminal wrapped at words.
run_cmd run "$T" --rw randwrite --size 1G
[ "$rc" = 2 ] && [ "$(wc -l <"$work/stderr")" = 1 ] || fail "a refusal off a terminal: $rc $(cat "$work/stderr")"
python3 "$pty_run" "" "$exe" run "$T" --rw randwrite --size 1G && fail "the refusal on a terminal exited 0"
widest tty.out "a refusal on a terminal"
[ "$(tr -d '\r' <tty.out | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n  / /g')" = "$(cat "$work/stderr")" ] ||
	fail "the refusal on a terminal is not the pipe's line wrapped: $(cat tty.out)"

# compare on a terminal: drives by number with a legend where their labels do not fit; to a
# pipe, the page's table as it is.
D=$tests_dir/../data
for args in "$D/report_sweep_dc.json $D/report_sweep_endurance.json" "$D/report_slc.json $D/report_slc.json" \
	"$D/report_run.json $D/report_run_qd.json $D/report_run_mixed.json" \
	"$D/report_precondition_raid.json $D/report_precondition_intervals.json"; do
	python3 "$pty_run" "" "$exe" compare $args || fail "compare $args exited $?"
	widest tty.out "compare $args"
done
grep -q '^drive 2: sim:budget-qlc,capacity=2G' tty.out || fail "compare's legend: $(cat tty.out)"
"$exe" compare "$D/report_sweep_dc.json" "$D/report_sweep_endurance.json" >cmp.out || fail "compare exited $?"
grep -q '^sim:budget-tlc,capacity=1G  *3  *3  *55000' cmp.out || fail "compare to a pipe: $(cat cmp.out)"

# run's dry run: its plan and its estimate, the preparation included.
"$exe" run "$T" --qd 1,8 --time 30s --dry-run >dry.out || fail "run --dry-run exited $?"
widest dry.out "run --dry-run"
grep -q '^estimate: before the steps, a fill and rounds to steady state: about ' dry.out ||
	fail "run --dry-run's estimate leaves out the preconditioning: $(cat dry.out)"
grep -q '^estimate: run of 2 step(s) of 30 s: 60 s of drive time' dry.out || fail "run --dry-run: $(cat dry.out)"

# Every command's --help.
"$exe" --help >help.out
widest help.out "ssdprof --help"
for c in $("$exe" --help | sed -n 's/^  \([a-z]*\)  .*/\1/p'); do
	"$exe" "$c" --help >help.out || fail "$c --help exited $?"
	widest help.out "$c --help"
done

# Off a terminal: the summary is the saved document's.
run_cmd sweep "$T" --op 0,20 $ROUNDS --out sw
[ "$rc" = 0 ] || fail "sweep exited $rc: $(cat "$work/stderr")"
widest "$work/stdout" "sweep's lines"
summary_is_document sweep sw
rec=$(python3 -c 'import json; print("%g" % json.load(open("sw/result.json"))["knee"]["recommended_op_percent"])')
grep -qx "recommended OP: $rec%" "$work/stdout" || fail "the recommendation printed is not the document's $rec%"
grep -qx "  ssdprof report sw" "$work/stdout" || fail "sweep does not name the report: $(tail -5 "$work/stdout")"
grep -qx "  ssdprof op DEVICE --set $rec --yes SERIAL" "$work/stdout" ||
	fail "sweep does not name op --set $rec: $(tail -5 "$work/stdout")"

run_cmd run "$T" --qd 1,32 --time 1s --out curve
[ "$rc" = 0 ] || fail "run --qd 1,32 exited $rc: $(cat "$work/stderr")"
widest "$work/stdout" "run's lines"
summary_is_document "run --qd 1,32" curve/result.json

run_cmd slc 'sim:budget-qlc,capacity=1G' --idle 1s --out slc
[ "$rc" = 0 ] || fail "slc exited $rc: $(cat "$work/stderr")"
summary_is_document slc slc
grep -qx "  ssdprof report slc" "$work/stdout" || fail "slc does not name the report"

run_cmd precondition "$T" $ROUNDS --out pc
[ "$rc" = 0 ] || fail "precondition exited $rc: $(cat "$work/stderr")"
widest "$work/stdout" "precondition's lines"
summary_is_document precondition pc

run_cmd qualify "$T" 'sim:budget-tlc,capacity=1G' --op 7,28 $ROUNDS --no-qd --no-slc --require 'steady_iops>=100000' --out q
[ "$rc" = 0 ] || [ "$rc" = 4 ] || fail "qualify exited $rc: $(cat "$work/stderr")"
summary_is_document qualify q
python3 - "$work/stdout" q/result.json <<'PY' || fail "qualify's op --set lines are not its chosen OPs: $(cat "$work/stdout")"
import json, sys
printed = open(sys.argv[1]).read()
for d in json.load(open(sys.argv[2]))['drives']:
    assert '  ssdprof op DEVICE --set %g --yes SERIAL\n' % d['chosen_op_percent'] in printed, d['chosen_op_percent']
PY

# pts: the IOPS matrix on a terminal in 80 columns; off one, its summary is report --text of its result
# (before term_pts.c, report --text of a pts result said it had no summary).
PTS='sim:budget-tlc,capacity=1G,lba=512'
python3 "$pty_run" "" "$exe" pts iops "$PTS" --cell-time 5ms --max-rounds 5 --min-writes 0 --out tpts ||
	fail "pts iops on a terminal exited $?"
widest tty.out "pts iops"
grep -q '^  0/100 ' tty.out || fail "pts iops: no IOPS matrix on the terminal: $(cat tty.out)"
run_cmd pts latency "$PTS" --cell-time 5ms --max-rounds 5 --min-writes 0 --out ptsl
[ "$rc" = 0 ] || fail "pts latency exited $rc: $(cat "$work/stderr")"
widest "$work/stdout" "pts latency's lines"
summary_is_document "pts latency" ptsl
grep -q '^stage 1: steady state ' text.out || fail "pts: report --text has no steady state: $(cat text.out)"
"$exe" report --text tpts >text.out || fail "report --text of pts iops exited $?"
widest text.out "report --text of pts iops"
grep -q '^  0/100 ' text.out || fail "pts: report --text has no IOPS matrix: $(cat text.out)"

# report --text writes nothing and takes no -o; a batch has no summary of its own.
usage_error "--text" report --text sw -o x.html
[ ! -e x.html ] || fail "report --text -o wrote x.html"
echo ok
