#!/bin/bash
# --help, CMD --help and --version succeed and say something useful.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"
version=${2:-}

run_cmd --help
[ "$rc" -eq 0 ] || fail "--help: exit $rc"
grep -q 'run' "$work/stdout" && grep -q 'info' "$work/stdout" || fail "--help lists no commands"

run_cmd run --help
[ "$rc" -eq 0 ] || fail "run --help: exit $rc"
grep -q -- '--rw' "$work/stdout" || fail "run --help does not mention --rw"
[ ! -e "$work/ssdprof-results" ] || fail "run --help ran something"

run_cmd info --help
[ "$rc" -eq 0 ] || fail "info --help: exit $rc"
grep -q -- '--json' "$work/stdout" || fail "info --help does not mention --json"
grep -q 'capacity=SIZE' "$work/stdout" || fail "info --help does not list the simulator keys"

run_cmd --version
[ "$rc" -eq 0 ] || fail "--version: exit $rc"
grep -q "^ssdprof [0-9]" "$work/stdout" || fail "--version: $(cat "$work/stdout")"
if [ -n "$version" ]; then
	grep -qx "ssdprof $version" "$work/stdout" || fail "--version: want $version: $(cat "$work/stdout")"
fi

# Every command's help is one usage block (a merge once left three) in 80
# columns, and pts describes each test its usage line names.
run_cmd --help
cmds=$(awk '/^Commands:/{on=1; next} on && /^  [a-z]/{print $1}' "$work/stdout")
[ "$(echo "$cmds" | wc -w)" -ge 14 ] || fail "--help lists commands: $cmds"
for cmd in $cmds; do
	run_cmd "$cmd" --help
	[ "$rc" -eq 0 ] || fail "$cmd --help: exit $rc"
	n=$(grep -c '^usage:' "$work/stdout" || true)
	[ "$n" -eq 1 ] || fail "$cmd --help: $n usage lines, want 1"
	awk 'length > 80 { print; bad = 1 } END { exit bad }' "$work/stdout" ||
		fail "$cmd --help: a line is wider than 80 columns"
done
run_cmd pts --help
tests=$(sed -n 's/^usage: ssdprof pts \([a-z|]*\) .*/\1/p' "$work/stdout" | tr '|' ' ')
[ "$(echo "$tests" | wc -w)" -ge 8 ] || fail "pts --help: usage names tests: '$tests'"
for t in $tests; do
	grep -q "^  $t " "$work/stdout" || fail "pts --help: no description of $t"
done
