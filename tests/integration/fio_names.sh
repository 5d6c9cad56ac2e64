#!/bin/bash
# fio's vocabulary: the names that mean what ours mean are aliases (the run
# records the same settings as with ours), the others are refused with one
# line naming our option; --help lists the aliases a command takes, and the
# command takes every one it lists.  report -o DIR/ (or an existing folder)
# writes DIR/report.html.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

T='sim:budget-tlc,capacity=1G'
run_cmd run "$T" --iodepth=4 --runtime 2 --rwmixread 70 --readwrite randrw --blocksize 8k --randseed 3 \
	--random_distribution zipf:1.1 --out a --quiet
[ "$rc" = 0 ] || fail "run with fio's names exited $rc: $(cat "$work/stderr")"
json_check a/result.json "d['settings']['qd'] == 4 and d['settings']['time_s'] == 2 and d['settings']['read_pct'] == 70"
json_check a/result.json "d['settings']['rw'] == 'randrw' and d['settings']['bs'] == 8192 and d['settings']['seed'] == 3"
json_check a/result.json "d['settings']['random_dist'].startswith('zipf')"
run_cmd run "$T" --io_size 16M --out b --quiet
[ "$rc" = 0 ] || fail "run --io_size exited $rc: $(cat "$work/stderr")"
json_check b/result.json "d['settings']['bytes'] == 16 << 20"
# The shared table: slc takes fio's names for its shared options too.
run_cmd slc "$T" --iodepth 8 --blocksize 64k --dry-run
[ "$rc" = 0 ] || fail "slc with fio's names exited $rc: $(cat "$work/stderr")"
grep -q '65536-byte writes, QD 8' "$work/stdout" || fail "slc --iodepth 8 --blocksize 64k: $(cat "$work/stdout")"

# refused EXPECT ARGS...: exit 2, one line on stderr holding EXPECT, nothing made.
refused() {
	local expect=$1
	shift
	run_cmd "$@"
	[ "$rc" = 2 ] || fail "$* exited $rc, not 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "$*: not one line: $(cat "$work/stderr")"
	grep -qF -- "$expect" "$work/stderr" || fail "$*: no '$expect' in: $(cat "$work/stderr")"
	[ ! -e ssdprof-results ] || fail "$*: made a results folder"
}
refused "--iodepth (fio's name for --qd) is given twice" run "$T" --qd 4 --iodepth 8
refused "--qd is given twice" run "$T" --iodepth=8 --qd 4
refused "--bs is given twice" precondition "$T" --blocksize 8k --bs 4k
refused "use --bs-mix 4k:60,64k:40" run "$T" --bssplit 4k/60:64k/40
refused "use --bs-mix 4k:60,64k:40" run "$T" --bssplit=4k/60:64k/40
refused "--bs-mix" sweep "$T" --bssplit 4k/50,64k/50
refused "--span PCT" run "$T" --size 1G
refused "--bytes SIZE" run "$T" --size=1G
refused "use --out" run "$T" --output x.txt
refused "use --json" run "$T" --output-format=json
refused "use --read-pct 70" run "$T" --rwmixwrite=30
refused "O_DIRECT" run "$T" --direct=1
refused "io_uring" run "$T" --ioengine libaio
refused "--qd" run "$T" --numjobs 4
refused "--time DUR" run "$T" --time_based
refused "ssdprof COMMAND TARGET" run --filename /dev/null "$T"
refused "--out DIR" run "$T" --name job1
refused "--round DUR" sweep "$T" --runtime 60
refused "--read-pct" sweep "$T" --rwmixread 70
refused "fio's name for --qd, which report does not take" report x.json --iodepth 8
# Not fio's: the plain message stays.
refused "unknown option '--bogus'" run "$T" --bogus

# --help lists the aliases of the command; each one it lists, the command takes.
"$exe" run --help | grep -q -- '--iodepth (--qd)' || fail "run --help does not list --iodepth"
! "$exe" report --help | grep -q "fio's names" || fail "report --help lists aliases it does not take"
for cmd in run precondition sweep slc purge op info list report compare workloads; do
	"$exe" $cmd --help | sed -n "/^fio's names/,/^\$/p" | grep -o -- '--[a-z_-]* (' | tr -d ' (' |
		while read -r alias; do
			run_cmd $cmd "$alias"
			grep -q 'needs a value' "$work/stderr" ||
				fail "$cmd lists $alias in --help but does not take it: $(cat "$work/stderr")"
		done
done

# report -o: a trailing slash or an existing folder is a folder.
run_cmd report a/result.json -o new/
[ "$rc" = 0 ] && [ -f new/report.html ] || fail "report -o new/: $rc, $(cat "$work/stderr"); $(ls -la new 2>&1)"
mkdir there
run_cmd report a/result.json --out there
[ "$rc" = 0 ] && [ -f there/report.html ] && [ ! -f there.html ] || fail "report --out FOLDER: $(cat "$work/stderr")"
run_cmd report a/result.json -o file.html
[ "$rc" = 0 ] && [ -f file.html ] || fail "report -o file.html: $(cat "$work/stderr")"
echo ok
