#!/bin/sh
# SPDX-License-Identifier: MIT
# Run one libFuzzer harness for a bounded time from its seeds; fail on any crash.
# usage: run_fuzz.sh HARNESS SECONDS WORKDIR SEED...
# A SEED is a folder of seed files, or a file pattern such as tests/data/*.json.
set -eu
harness=$1 seconds=$2 work=$3
shift 3
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
for seed in "$@"; do
	if [ -d "$seed" ]; then
		cp "$seed"/* "$work/corpus/"
	else
		# shellcheck disable=SC2086 # the pattern is meant to expand
		for f in $seed; do
			cp "$f" "$work/corpus/"
		done
	fi
done
status=0
"$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	-print_final_stats=1 -artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1 || status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
echo "$(basename "$harness"): ${runs:-?} executions in ${seconds}s, corpus $(ls "$work/corpus" | wc -l) inputs"
if [ "$status" != 0 ] || [ -n "$(ls "$work/artifacts")" ]; then
	tail -n 60 "$work/log"
	echo "$(basename "$harness"): crash; the input is in $work/artifacts/"
	exit 1
fi
