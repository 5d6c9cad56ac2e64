#!/bin/bash
# A file written by one command is claimed by it: a second writer (run,
# purge, precondition) is refused with exit 3 naming the holder, the first's
# results are whole, and a holder that dies blocks nobody.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

truncate -s 64M f.img
"$exe" run f.img --time 4s --quiet --out first >"$work/first.out" 2>"$work/first.err" &
pid=$!
wait_claim || fail "the writing run took no claim (no lock file in $SSDPROF_STATE)"

expect_refused() {
	run_cmd "$@"
	[ "$rc" = 3 ] || fail "$* while another run writes: exit $rc, not 3: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "$*: not one line: $(cat "$work/stderr")"
	grep -q "pid $pid, '.*run f.img --time 4s --quiet --out first', since [0-9T:-]*Z" "$work/stderr" ||
		fail "$*: the refusal does not name the holder: $(cat "$work/stderr")"
}
expect_refused run f.img --time 1s --quiet --out second
[ ! -e second ] || fail "the refused run made its results folder"
expect_refused purge f.img
expect_refused precondition f.img --round 1s --max-rounds 5 --fill-passes 0 --quiet --out third
[ ! -e third/result.json ] || fail "the refused precondition saved a result"
# Reading needs no claim.
run_cmd run f.img --rw randread --time 1s --quiet --out reader
[ "$rc" = 0 ] || fail "a reading run beside the writer exited $rc: $(cat "$work/stderr")"

set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 0 ] || fail "the first run exited $rc: $(cat "$work/first.err")"
python3 - first/result.json <<'PY' || fail "the first run's results are not whole"
import json, sys
s = json.load(open(sys.argv[1]))['series'][0]
assert not s['stopped_early'] and s['seconds'] >= 3.9, s['seconds']
assert len(s['timeseries']) == 4 and all(x['iops'] > 0 for x in s['timeseries'])
PY
compgen -G "$SSDPROF_STATE/lock-*" >/dev/null && fail "the lock file outlived its holder"

# Once it is done the file is free again; a holder killed outright leaves nothing that blocks.
"$exe" run f.img --time 30s --quiet --out killed >/dev/null 2>&1 &
pid=$!
wait_claim || fail "the second writer took no claim"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
run_cmd run f.img --time 1s --quiet --out after
[ "$rc" = 0 ] || fail "a run after a killed holder exited $rc: $(cat "$work/stderr")"
echo "claim_file: ok"
