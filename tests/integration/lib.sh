# Shared helpers for the CLI tests; sourced, not run.  Each test gets the
# ssdprof binary as $1 and works in a scratch directory it removes on exit.

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# The helpers beside the tests, by absolute path: the tests change directory.
tests_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# python3 "$pty_run" ENV PROGRAM ARGS...: PROGRAM on a pseudo-terminal, its output in ./tty.out (pty_run.py).
pty_run=$tests_dir/pty_run.py

setup() {
	[ $# -ge 1 ] || fail "usage: $0 SSDPROF [ARGS...]"
	[ -x "$1" ] || fail "'$1' is not executable"
	# Absolute, because the tests change directory; meson passes it relative.
	exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	# Default result directories land in the current directory.
	cd "$work"
	# The OP journal and the device claims' lock files stay in the scratch directory too.
	export SSDPROF_STATE="$work/state"
}

# run_cmd ARGS...: run ssdprof, keeping stdout, stderr and the exit code.
run_cmd() {
	set +e
	"$exe" "$@" >"$work/stdout" 2>"$work/stderr"
	rc=$?
	set -e
}

# interrupt_once COND ERRFILE ARGS...: ssdprof ARGS in the background, its
# stderr in ERRFILE, sent SIGINT once the shell condition COND holds (or it
# ended first); its exit code in $rc.
interrupt_once() {
	local cond=$1 errfile=$2 pid
	shift 2
	"$exe" "$@" 2>"$errfile" &
	pid=$!
	for _ in $(seq 1 3000); do
		eval "$cond" && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.02
	done
	kill -INT "$pid" 2>/dev/null || true
	set +e
	wait "$pid"
	rc=$?
	set -e
}

# usage_error NEEDLE ARGS...: ssdprof ARGS exits 2 with exactly one stderr line naming NEEDLE.
usage_error() {
	local needle=$1
	shift
	run_cmd "$@"
	[ "$rc" = 2 ] || fail "'$*': exit $rc, not 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "'$*': want one stderr line: $(cat "$work/stderr")"
	grep -qF -- "$needle" "$work/stderr" || fail "'$*': stderr lacks '$needle': $(cat "$work/stderr")"
}

json_check() {
	# json_check FILE PYTHON-EXPR: the expression sees the document as d.
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert $2, 'failed: ' + sys.argv[2]
" "$1" "$2" || fail "$1: $2"
}

# json_get FILE KEY: the document's KEY as text, HTML-escaped as a page shows it.
json_get() {
	python3 -c 'import html, json, sys; print(html.escape(json.load(open(sys.argv[1]))[sys.argv[2]], quote=True))' "$1" "$2"
}

# partial_page PAGE TEXT...: the report opens with the banner of a partial result (before any
# section), saying each TEXT.
partial_page() {
	local page=$1
	shift
	python3 - "$page" "$@" <<'PY' || fail "$page: no banner of a partial result"
import re, sys
page = open(sys.argv[1]).read()
m = re.search(r'<h1>.*?</h1>\n<div id="partial" class="banner" role="alert"><strong>Partial result: the figures below '
              r'are not the whole measurement.</strong> (.*?)</div>\n<(h2|dl|section) ', page, re.S)
assert m, 'no banner right under the title'
for want in sys.argv[2:]:
    assert want in m.group(1), (want, m.group(1))
PY
}

# Loop devices over files in the scratch directory, for the tests that need
# block devices; never any other disk.
devs=()
# wait_claim: wait (up to 10 s) until some command holds a claim (its lock file is there).
wait_claim() {
	for _ in $(seq 1 1000); do
		compgen -G "$SSDPROF_STATE/lock-*" >/dev/null && return 0
		sleep 0.01
	done
	return 1
}
# need_loop: skip (exit 77) without root or losetup; from here on, whatever
# new_loop attached is detached on exit (after loop_exit_hook, if defined).
need_loop() {
	[ "$(id -u)" -eq 0 ] || { echo "SKIP: loop devices need root"; exit 77; }
	command -v losetup >/dev/null || { echo "SKIP: no losetup"; exit 77; }
	trap loop_cleanup EXIT
}
loop_cleanup() {
	if declare -F loop_exit_hook >/dev/null; then loop_exit_hook; fi
	for d in "${devs[@]}"; do
		losetup -d "$d" 2>/dev/null || true
	done
	rm -rf "$work"
}
# new_loop FILE [losetup options]: a 64 MiB FILE attached as a loop device, in $loopdev.
new_loop() {
	local f=$1 d
	shift
	truncate -s 64M "$f"
	d=$(losetup -f --show "$@" "$f" 2>/dev/null) || { echo "SKIP: losetup failed"; exit 77; }
	devs+=("$d")
	loopdev=$d
}

# schema_check KIND RESULT: the document against docs/schema/KIND.schema.json (result_schema.py's validator).
schema_check() {
	python3 - "$1" "$2" "$tests_dir" <<'PY'
import json, os, sys
sys.path.insert(0, sys.argv[3])
import result_schema
v = result_schema.validator(os.path.join(sys.argv[3], '..', '..', 'docs', 'schema'))[sys.argv[1]]
errors = list(v.iter_errors(json.load(open(sys.argv[2]))))
assert not errors, [(e.message[:200], list(e.path)) for e in errors[:3]]
PY
}

# cut_sweep SAVED DIR N: DIR/result.json is the sweep document SAVED as if the
# sweep had been interrupted after its first N points (sweep --resume DIR goes on).
cut_sweep() {
	mkdir -p "$2"
	python3 - "$1" "$2/result.json" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['points'] = d['points'][:int(sys.argv[3])]
d['complete'] = False
d.pop('knee', None)
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
}
