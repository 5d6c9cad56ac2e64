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
