# Shared helpers for the CLI tests; sourced, not run.  Each test gets the
# ssdprof binary as $1 and works in a scratch directory it removes on exit.

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

setup() {
	[ $# -ge 1 ] || fail "usage: $0 SSDPROF [ARGS...]"
	[ -x "$1" ] || fail "'$1' is not executable"
	# Absolute, because the tests change directory; meson passes it relative.
	exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	# Default result directories land in the current directory.
	cd "$work"
}

# run_cmd ARGS...: run ssdprof, keeping stdout, stderr and the exit code.
run_cmd() {
	set +e
	"$exe" "$@" >"$work/stdout" 2>"$work/stderr"
	rc=$?
	set -e
}

json_check() {
	# json_check FILE PYTHON-EXPR: the expression sees the document as d.
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert $2, 'failed: ' + sys.argv[2]
" "$1" "$2" || fail "$1: $2"
}
