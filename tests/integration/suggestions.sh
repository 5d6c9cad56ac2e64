#!/bin/bash
# Every command line ssdprof suggests runs as printed: each message that
# says "ssdprof COMMAND ..." (try, e.g., undo with, continue with, see ...
# --help, lists them) is made to appear on files, loop devices or the
# simulator, and the suggestion is run.  Suggestions that write run with
# --dry-run added (everything is checked before a dry run stops); the rest
# run exactly as printed.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# suggested FILE: every "ssdprof COMMAND ..." in FILE, one a line, up to a ; ) ' or the line's end.
suggested() {
	grep -o "ssdprof [a-z][a-z]* [^;)'\"]*\|ssdprof [a-z][a-z]*\$\|ssdprof [a-z][a-z]*[;)']" "$1" |
		sed "s/[;)']\$//; s/[ .]*\$//" | sort -u
}
# try_suggestions WHAT FILE [EXTRA...]: run each suggestion in FILE (with EXTRA); at least one, all exit 0.
try_suggestions() {
	local what=$1 file=$2 line n=0
	shift 2
	while IFS= read -r line; do
		n=$((n + 1))
		# shellcheck disable=SC2086  # the suggestion is a command line, split as a shell would
		run_cmd ${line#ssdprof } "$@"
		[ "$rc" -eq 0 ] || fail "$what: '$line${*:+ $*}' exits $rc: $(cat "$work/stderr")"
	done < <(suggested "$file")
	[ "$n" -gt 0 ] || fail "$what: no suggestion in: $(cat "$file")"
}
keep() { cat "$work/stdout" "$work/stderr" >"$work/$1"; }

# Span OP on a file: the precondition it suggests takes the span as a percentage.
truncate -s 51M "$work/disk.img"
for pct in 20 33.3; do
	run_cmd op "$work/disk.img" --set "$pct"
	[ "$rc" -eq 0 ] || fail "op --set $pct: exit $rc: $(cat "$work/stderr")"
	keep op_set
	grep -q 'e.g. ssdprof precondition' "$work/op_set" || fail "op --set: no suggestion: $(cat "$work/op_set")"
	try_suggestions "op --set $pct on a file" "$work/op_set" --dry-run
	# The span it names is the usable size op set.
	usable=$(grep -o '^[^:]*: span OP set: [0-9]*' "$work/op_set" | grep -o '[0-9]*$')
	grep -qF "first $usable bytes" "$work/stdout" || fail "precondition's span is not op's: $(cat "$work/stdout")"
done

# A command without its TARGET, and commands told to see their help.
for cmd in purge op info run precondition sweep slc; do
	run_cmd "$cmd"
	[ "$rc" -eq 2 ] || fail "$cmd without TARGET: exit $rc"
	keep missing
	case $cmd in
	op | info) try_suggestions "$cmd without TARGET" "$work/missing" ;;
	*) try_suggestions "$cmd without TARGET" "$work/missing" --dry-run ;;
	esac
done
run_cmd run --qd 1
keep run_missing
try_suggestions "run --qd 1" "$work/run_missing" --dry-run
run_cmd info --json
keep info_missing
try_suggestions "info --json" "$work/info_missing"
run_cmd op "$work/disk.img"
keep op_noaction
try_suggestions "op without an action" "$work/op_noaction"
run_cmd run sim:budget-tlc --workload nothing-like-it
keep workload
try_suggestions "--workload unknown" "$work/workload"
run_cmd compare x.json
keep compare
try_suggestions "compare one file" "$work/compare"

# A report refused over a result's file names a page that works.
run_cmd run sim:budget-tlc,capacity=1G --time 1s --quiet --out "$work/r"
run_cmd report "$work/r/result.json" -o "$work/r/result.json"
[ "$rc" -eq 2 ] || fail "report over result.json: exit $rc"
hint=$(grep -o -- '-o [^ ]*' "$work/stderr") || fail "no -o hint: $(cat "$work/stderr")"
# shellcheck disable=SC2086
run_cmd report "$work/r/result.json" $hint
[ "$rc" -eq 0 ] || fail "report $hint: exit $rc: $(cat "$work/stderr")"

# A sweep that fails mid-way says how to continue; that command finishes it.
SSDPROF_FAULT=eio:io=700000 run_cmd sweep sim:dc-tlc,capacity=1G --op 0,10 --round 500ms --max-rounds 5 --quiet \
	--out "$work/sw"
[ "$rc" -eq 1 ] || fail "faulted sweep: exit $rc: $(cat "$work/stderr")"
keep sweep_fault
grep -q 'continue with: ssdprof sweep' "$work/sweep_fault" || fail "sweep: no suggestion: $(cat "$work/sweep_fault")"
try_suggestions "faulted sweep" "$work/sweep_fault"
# In a folder with a space and a quote the command is quoted as a shell takes it, and runs.
SSDPROF_FAULT=eio:io=700000 run_cmd sweep sim:dc-tlc,capacity=1G --op 0,10 --round 500ms --max-rounds 5 --quiet \
	--out "$work/it's a sweep"
[ "$rc" -eq 1 ] || fail "faulted sweep in a folder with a space: exit $rc: $(cat "$work/stderr")"
line=$(sed -n 's/.*continue with: ssdprof //p' "$work/stderr")
[ -n "$line" ] || fail "no suggestion: $(cat "$work/stderr")"
eval "run_cmd $line"
[ "$rc" -eq 0 ] || fail "'ssdprof $line' exits $rc: $(cat "$work/stderr")"
# A newline in the name: the message stays one line (the name escaped).
SSDPROF_FAULT=eio:io=700000 run_cmd sweep sim:dc-tlc,capacity=1G --op 0,10 --round 500ms --max-rounds 5 --quiet \
	--out "$work/two
lines"
[ "$rc" -eq 1 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q 'two\\x0alines' "$work/stderr" ||
	fail "a newline in --out: exit $rc: $(cat "$work/stderr")"
# The same for every command's error line (cli_error and the batch's lines).
SSDPROF_FAULT=eio:io=1000 run_cmd run sim:dc-tlc,capacity=1G --time 1s --quiet --out "$work/run
lines"
[ "$rc" -eq 1 ] && [ "$(wc -l <"$work/stderr")" -eq 1 ] && grep -q 'run\\x0alines/result.json' "$work/stderr" ||
	fail "a newline in run --out: exit $rc: $(cat "$work/stderr")"
SSDPROF_FAULT=eio:io=1000 run_cmd precondition sim:dc-tlc,capacity=1G sim:budget-tlc,capacity=1G --quiet \
	--out "$work/batch
lines"
[ "$rc" -eq 1 ] && ! grep -q '^lines' "$work/stderr" || fail "a newline in a batch's --out: exit $rc: $(cat "$work/stderr")"
json_check "$work/sw/result.json" 'd["complete"] and len(d["points"]) == 2'

# Loop devices: the suggestions carry the --yes the device needs.
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null; then
	need_loop
	new_loop "$work/loop.img"
	name=$(basename "$loopdev")
	run_cmd op "$loopdev" --set 20 --yes "$name"
	[ "$rc" -eq 0 ] || fail "op --set on $loopdev: exit $rc: $(cat "$work/stderr")"
	keep loop_set
	grep -q -- "--yes $name" "$work/loop_set" || fail "loop: suggestion without --yes: $(cat "$work/loop_set")"
	try_suggestions "op --set on a loop device" "$work/loop_set" --dry-run
	run_cmd op "$loopdev" --show
	keep loop_show
	grep -q 'undo with ssdprof op' "$work/loop_show" || fail "loop: no undo: $(cat "$work/loop_show")"
	try_suggestions "op --show on a loop device" "$work/loop_show"
	grep -q 'span OP restored' "$work/stdout" || fail "loop: the undo did not restore: $(cat "$work/stdout")"
else
	echo "loop device part skipped: needs root and losetup"
fi
echo "suggestions: ok"
