#!/bin/bash
# Every preset describes itself as valid JSON with a capacity, and as text.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

for p in budget-tlc budget-qlc dc-tlc sata-tlc; do
	run_cmd info "sim:$p" --json
	[ "$rc" -eq 0 ] || fail "info sim:$p --json: exit $rc: $(cat "$work/stderr")"
	python3 -c 'import json,sys; json.load(sys.stdin)' <"$work/stdout" ||
		fail "info sim:$p --json is not JSON"
	json_check "$work/stdout" 'd["target"]["capacity_bytes"] > 0'
	json_check "$work/stdout" 'd["target"]["kind"] == "sim"'
	json_check "$work/stdout" 'd["target"]["path"] == "sim:'"$p"'"'
	json_check "$work/stdout" '"virtual-time" in d["target"]["capabilities"]'
	json_check "$work/stdout" 'isinstance(d["model"], dict) and len(d["model"]) > 0'

	run_cmd info "sim:$p"
	[ "$rc" -eq 0 ] || fail "info sim:$p: exit $rc: $(cat "$work/stderr")"
	grep -q '^  capacity_bytes: [0-9]' "$work/stdout" || fail "info sim:$p: no capacity line"
	grep -q '^model:' "$work/stdout" || fail "info sim:$p: no model section"
	[ ! -s "$work/stderr" ] || fail "info sim:$p wrote to stderr: $(cat "$work/stderr")"
done

# An override shows up in the numbers.
run_cmd info sim:budget-tlc,capacity=2G --json
[ "$rc" -eq 0 ] || fail "info with capacity=2G: exit $rc"
json_check "$work/stdout" 'd["target"]["capacity_bytes"] == 2 * 1024**3'
