#!/bin/bash
# SPDX-License-Identifier: MIT
# The rules every command follows (issue 14): what the user typed is echoed
# escaped, one line; --force needs --yes on every command that writes; an
# option that takes a value is given once (--op-member repeats); options that
# contradict each other are refused; --yes with a path says to use the kernel
# name; list with an extra argument leaks nothing (this build has ASan).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:budget-tlc,capacity=1G'
ESC=$'\x1b[31m'
NL=$'\n'

# refused WHAT PATTERN ARGS...: exit 2, exactly one line on stderr that holds
# PATTERN (grep -E), no raw escape byte, nothing written into the directory.
refused() {
	local what=$1 pattern=$2
	shift 2
	run_cmd "$@"
	[ "$rc" = 2 ] || fail "$what: exit $rc, expected 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "$what: not one line on stderr: $(cat -A "$work/stderr")"
	! grep -q $'\x1b' "$work/stderr" || fail "$what: a raw ESC reached stderr: $(cat -A "$work/stderr")"
	grep -q -E -- "$pattern" "$work/stderr" || fail "$what: stderr lacks '$pattern': $(cat "$work/stderr")"
	[ ! -e ssdprof-results ] || fail "$what: wrote ssdprof-results"
}

# 1. Arguments with a terminal escape or a newline, to several commands.
refused "bad command" '\\x1b\[31m' "x${ESC}y"
refused "bad global option" '\\x0a' "--x${NL}y"
refused "unknown option" '\\x1b' run "$T" "--bogus${ESC}"
refused "run --rw" '\\x1b\[31m' run "$T" --rw "read${ESC}"
refused "run --time" '\\x0a' run "$T" --time "0${NL}"
refused "run extra" '\\x1b' run "$T" "extra${ESC}"
refused "run --chunk" '\\x0a' run "$T" --raid 0 --chunk "64k,${NL}1"
refused "list extra" '\\x1b' list "x${ESC}"
refused "info extra" '\\x0a' info "$T" "x${NL}"
refused "op --method" '\\x1b' op "$T" --set 10 --method "span${ESC}"
refused "sweep --op-method" '\\x1b' sweep "$T" --op-method "x${ESC}"
refused "sweep --op-range" '\\x0a' sweep "$T" --op-range "1${NL}2"
refused "sweep --resume" '\\x1b' sweep "$T" --resume "d${ESC}"
refused "precondition --span" '\\x0a' precondition "$T" --span "0${NL}"
refused "purge --method" '\\x1b' purge "$T" --method "trim${ESC}"
refused "slc --purge-method" '\\x1b' slc "$T" --purge-method "${ESC}"
refused "--round" '\\x0a' precondition "$T" --round "0.1ms${NL}"
refused "--raid" '\\x1b' sweep --raid "${ESC}" "$T" "$T"
refused "TARGET" '\\x1b\[31m' run "sim:budget${ESC}" --time 1s
refused "file TARGET" '\\x0a' info "$work/a${NL}b"
refused "report file" '\\x1b' report "r${ESC}.json"
refused "compare files" '\\x0a' compare "a${NL}.json" "b.json"

# 2. --force without --yes, --yes '' on every command that writes.
for cmd in "run $T --time 1s" "precondition $T" "sweep $T" "slc $T" "purge $T" "op $T --set 10"; do
	# shellcheck disable=SC2086
	refused "$cmd --force" 'force needs --yes' $cmd --force
	# shellcheck disable=SC2086
	refused "$cmd --yes ''" 'yes: empty' $cmd --yes ''
done

# 3. Single-valued options twice; --op-member may repeat.
refused "--qd twice" 'qd is given twice' run "$T" --qd 1 --qd 2
refused "--out twice" 'out is given twice' precondition "$T" --out a --out b
refused "--seed twice" 'seed is given twice' sweep "$T" --seed 1 --seed=2
refused "--method twice" 'method is given twice' purge "$T" --method trim --method format
refused "--set twice" 'set is given twice' op "$T" --set 10 --set 20
refused "--prefill twice" 'prefill is given twice' slc "$T" --prefill 10 --prefill 20
refused "report -o twice" 'given twice' report r.json -o a.html --out b.html
run_cmd sweep "$T" --op-member 5,5 --op-member 10,10
grep -q 'given twice' "$work/stderr" && fail "--op-member may repeat: $(cat "$work/stderr")"

# 4. Contradictions.
refused "resume and out" 'leave out --out' sweep "$T" --resume d --out x
refused "op show and method" 'show only reads' op "$T" --show --method span
refused "op set and json" 'json goes with --show' op "$T" --set 10 --json
refused "op restore and method" 'restore undoes' op "$T" --restore --method span
refused "op show and dry-run" 'show only reads' op "$T" --show --dry-run
refused "op list and range" 'leave out --op-range' sweep "$T" --op 5,10 --op-range 0:40 --op-method span
refused "no-purge and purge-method" 'no-purge' precondition "$T" --no-purge --purge-method trim

# 5. list with an extra argument: refused, and nothing leaks (LeakSanitizer reports at exit).
run_cmd list extra
[ "$rc" = 2 ] || fail "list extra: exit $rc"
! grep -q -i 'leak' "$work/stderr" || fail "list extra leaks: $(cat "$work/stderr")"

# 6. --yes with the device's path: the refusal says to confirm by kernel name.
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null; then
	truncate -s 64M "$work/loop.img"
	if dev=$(losetup -f --show "$work/loop.img" 2>/dev/null); then
		run_cmd run "$dev" --rw write --bytes 1M --quiet --yes "$dev" --out "$work/lo"
		losetup -d "$dev"
		[ "$rc" = 3 ] || fail "--yes $dev: exit $rc: $(cat "$work/stderr")"
		grep -q -- "--yes $(basename "$dev")" "$work/stderr" && ! grep -q 'does not match' "$work/stderr" ||
			fail "--yes $dev does not say to use the kernel name: $(cat "$work/stderr")"
	fi
fi
# 7. A dry run prints what it would do: op --set on a simulated drive printed nothing at all.
run_cmd op sim:dc-tlc,capacity=1G --set 10 --dry-run
[ "$rc" = 0 ] && grep -q '^would set the simulated drive.s namespace OP: 965738496 bytes usable of 1073741824 (OP 10.06%)$' \
	"$work/stdout" || fail "op --set --dry-run on sim: exit $rc: $(cat "$work/stdout" "$work/stderr")"
# 8. One gate, one path (DESIGN.md 7): the safety gate is called from one
# function, dev_open_gated, which every command reaches its TARGET through.
src=$(cd "$tests_dir/../.." && pwd)
if [ -f "$src/cli/dev_common.c" ]; then
	callers=$(grep -rlE --include='*.c' '(^|[^A-Za-z_])safety_gate *\(' "$src"/*/ | grep -v -e '/device/safety\.c$' -e '/tests/' -e '/build' || true)
	[ "$callers" = "$src/cli/dev_common.c" ] || fail "safety_gate is called outside cli/dev_common.c: $callers"
	[ "$(grep -cw 'safety_gate_print' "$src/cli/dev_common.c")" = 2 ] &&
		sed -n '/^int dev_open_gated/,/^}/p' "$src/cli/dev_common.c" | grep -qw safety_gate_print ||
		fail "the gate (safety_gate_print) is reached from elsewhere than dev_open_gated"
	! grep -rqw --include='*.c' dev_safety_gate "$src"/cli || fail "dev_safety_gate is back: gate through dev_open_gated"
fi
echo "cli_rules: ok"
