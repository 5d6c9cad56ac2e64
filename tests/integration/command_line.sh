#!/bin/bash
# Every result records the user's command line as typed: in the user's order
# (options after the TARGET stay there, although getopt moves them), and
# quoted so that a shell splits it back into the same arguments ('/tmp/p 1'
# stays one argument, a quote survives).
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:dc-tlc,capacity=1G'

# check_command DIR ARGS...: DIR/result.json's command is ssdprof ARGS, and splits back into them.
check_command() {
	local dir=$1
	shift
	python3 - "$dir/result.json" "$@" <<'PY' || fail "$dir: command is not the line as typed"
import json, shlex, sys
d = json.load(open(sys.argv[1]))
want = ["ssdprof"] + sys.argv[2:]
got = d["command"]
assert shlex.split(got) == want, (got, want)
# Plain words stay unquoted, as typed.
assert got.startswith("ssdprof " + sys.argv[2] + " "), got
PY
}

out="$work/p 1"
run_cmd run "$T" --time 1s --out "$out/run" --seed 7 --quiet
[ "$rc" = 0 ] || fail "run exited $rc: $(cat "$work/stderr")"
check_command "$out/run" run "$T" --time 1s --out "$out/run" --seed 7 --quiet
python3 -c "import json,sys; c=json.load(open(sys.argv[1]))['command']; assert \"--out '\" in c, c" \
	"$out/run/result.json" || fail "run: --out with a space is not quoted"

run_cmd precondition "$T" --round 1s --max-rounds 5 --out "$out/pre" --quiet
[ "$rc" = 0 ] || fail "precondition exited $rc: $(cat "$work/stderr")"
check_command "$out/pre" precondition "$T" --round 1s --max-rounds 5 --out "$out/pre" --quiet

odd="$work/it's"
run_cmd slc 'sim:sata-tlc,capacity=1G,slc_cache=static:128M,buffer=0' --quiet --out "$odd"
[ "$rc" = 0 ] || fail "slc exited $rc: $(cat "$work/stderr")"
check_command "$odd" slc 'sim:sata-tlc,capacity=1G,slc_cache=static:128M,buffer=0' --quiet --out "$odd"

run_cmd sweep "$T" --op 0,20 --round 1s --max-rounds 5 --out "$out/sweep" --quiet
[ "$rc" = 0 ] || fail "sweep exited $rc: $(cat "$work/stderr")"
check_command "$out/sweep" sweep "$T" --op 0,20 --round 1s --max-rounds 5 --out "$out/sweep" --quiet
echo "ok"
