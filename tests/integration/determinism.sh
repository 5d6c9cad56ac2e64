#!/bin/bash
# Same seed and settings: byte-identical JSON.  Another seed: other numbers.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

run_json() {
	# run_json FILE ARGS...
	f=$1
	shift
	"$exe" run "$@" --json >"$work/$f" 2>"$work/stderr" ||
		fail "run $*: exit $?: $(cat "$work/stderr")"
}

run_json a.json sim:budget-tlc,capacity=1G,seed=5 --time 2s
run_json b.json sim:budget-tlc,capacity=1G,seed=5 --time 2s
cmp -s a.json b.json || { diff a.json b.json | head -20 >&2; fail "same seed, different output"; }

# The files saved alongside must be the very same document.
saved=$(ls -d ssdprof-results/*/ | wc -l)
[ "$saved" -eq 2 ] || fail "want 2 result directories, found $saved"
for d in ssdprof-results/*/; do
	cmp -s a.json "$d/result.json" || fail "$d/result.json differs from stdout"
done
set -- ssdprof-results/*/timeseries.csv
cmp -s "$1" "$2" || fail "timeseries.csv differs between identical runs"

# A different seed must change the measurement, not just the command line.
measured() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(json.dumps(d["series"], sort_keys=True))
' "$1"
}
run_json c.json sim:budget-tlc,capacity=1G,seed=5 --time 2s --seed 7
[ "$(measured a.json)" != "$(measured c.json)" ] || fail "--seed 7 gave the same series as --seed 1"
run_json d.json sim:budget-tlc,capacity=1G,seed=6 --time 2s
cmp -s a.json d.json && fail "sim seed 6 gave the same document as seed 5"

# The whole engine in virtual time: a QD list, a block-size mix, reads and writes.
args="sim:budget-tlc,capacity=1G,seed=9 --rw randrw --read-pct 30 --bs-mix 4k:70,64k:30 --qd 1,8,32 --time 1s --interval 250ms"
run_json e.json $args
run_json f.json $args
cmp -s e.json f.json || { diff e.json f.json | head -20 >&2; fail "QD list with a mix: runs differ"; }
json_check e.json 'len(d["series"]) == 3 and [s["qd"] for s in d["series"]] == [1, 8, 32]'
json_check e.json 'all(s["lat_us"]["p99"] >= s["lat_us"]["p50"] > 0 for s in d["series"])'
exit 0
