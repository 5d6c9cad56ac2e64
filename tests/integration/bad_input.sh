#!/bin/bash
# Bad input gives exit 2, exactly one line on stderr naming the culprit, and
# leaves no output directory behind.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# expect_usage KEY ARGS...
expect_usage() {
	key=$1
	shift
	rm -rf "$work/out"
	run_cmd "$@"
	[ "$rc" -eq 2 ] || fail "'$*': exit $rc, want 2; stderr: $(cat "$work/stderr")"
	lines=$(wc -l <"$work/stderr")
	[ "$lines" -eq 1 ] || fail "'$*': $lines stderr lines, want 1: $(cat "$work/stderr")"
	[ "$(tail -c1 "$work/stderr" | od -An -c | tr -d ' ')" = '\n' ] ||
		fail "'$*': stderr does not end in a newline"
	grep -qF -- "$key" "$work/stderr" ||
		fail "'$*': stderr does not mention '$key': $(cat "$work/stderr")"
	[ ! -e "$work/out" ] || fail "'$*': created the --out directory"
	[ ! -e "$work/ssdprof-results" ] || fail "'$*': created ./ssdprof-results"
}

sim=sim:budget-tlc,capacity=1G
out="--out $work/out"

expect_usage nope          info sim:nope
expect_usage bogus         info sim:budget-tlc,bogus=1
expect_usage capacity      info sim:budget-tlc,capacity=0
expect_usage channels      info sim:budget-tlc,channels=-1
expect_usage factory_op    info sim:budget-tlc,factory_op=150
expect_usage /dev/ssdprof-nonexistent info /dev/ssdprof-nonexistent
expect_usage extra         info sim:budget-tlc extra
expect_usage frobnicate    frobnicate sim:budget-tlc

# Run options: the checks that need no target and those that do.
expect_usage --bs          run $sim --bs 3000 $out
expect_usage --bs          run $sim --bs 0 $out
expect_usage --bs          run $sim --bs 4q $out
expect_usage --qd          run $sim --qd 0 $out
expect_usage --qd          run $sim --qd 1000000 $out
expect_usage --span        run $sim --span 0 $out
expect_usage --span        run $sim --span 101 $out
expect_usage --span        run $sim --span 0.00000001 $out
expect_usage --time        run $sim --time 1x $out
expect_usage --time        run $sim --time 0 $out
expect_usage --rw          run $sim --rw sideways $out
expect_usage --bytes       run $sim --time 1s --bytes 1M $out
expect_usage --interval    run $sim --interval 0 $out
expect_usage --seed        run $sim --seed -1 $out
expect_usage --frob        run $sim --frob $out
expect_usage --rw          run $sim $out --rw
expect_usage nope          run sim:nope $out
expect_usage /dev/ssdprof-nonexistent run /dev/ssdprof-nonexistent $out
expect_usage extra         run $sim extra $out
# Without --out the default directory must not appear either.
expect_usage --qd          run $sim --qd 0

# New run options.
expect_usage --read-pct    run $sim --read-pct 50 $out
expect_usage --read-pct    run $sim --rw randrw --read-pct 101 $out
expect_usage --bs-mix      run $sim --bs-mix 4k $out
expect_usage --bs-mix      run $sim --bs-mix 4k:0 $out
expect_usage --bs-mix      run $sim --bs 4k --bs-mix 4k:1 $out
expect_usage --bs-mix      run $sim --bs-mix 4k:1,3000:1 $out
expect_usage --qd          run $sim --qd 1,0,4 $out
expect_usage --qd          run $sim --qd 1,,4 $out
expect_usage --force       run $sim --force $out
expect_usage --verify      run $sim --verify $out
expect_usage --verify      run $sim --rw randread --verify $out

# A file target too small for what is asked is refused before it is purged: the span is
# whole MiB, the fill 128k and the SLC probe one --bs write (these ran, then failed with exit 1).
truncate -s 4096 "$work/4k.img"
truncate -s 1M "$work/1m.img"
expect_usage 'less than one'   slc "$work/4k.img" $out
expect_usage 'less OP'         sweep "$work/1m.img" --op 0,50 $out
expect_usage 'less OP'         sweep "$work/1m.img" --op-range 0:40 $out
expect_usage 'less OP'         qualify "$work/1m.img" --op 0,50 --require steady $out
expect_usage 'larger target'   precondition "$work/4k.img" $out
# In a batch the drive is refused before any is written (and the batch says so on a second line).
rm -rf "$work/out"
run_cmd sweep "$work/1m.img" "$work/4k.img" --op 0 $out
[ "$rc" -eq 2 ] && grep -q 'larger target' "$work/stderr" || fail "batch of a 4k file: exit $rc: $(cat "$work/stderr")"
[ ! -e "$work/out" ] || fail "batch of a 4k file: created the --out directory"

# A TARGET path that cannot name a file is typed wrong, for run as for the other commands.
ln -s loop-b "$work/loop-a"
ln -s loop-a "$work/loop-b"
expect_usage 'symbolic links'  run "$work/loop-a" --time 1s $out
expect_usage 'symbolic links'  precondition "$work/loop-a" $out
expect_usage 'bytes long'      run "$work/$(printf 'x%.0s' $(seq 300)).img" --time 1s $out

# An --events file that cannot be written leaves no results directory (run made it first).
expect_usage '--events'        run $sim --time 1s --events "$work/no/such/events" $out
expect_usage '--events'        run --raid 1 $sim sim:dc-tlc,capacity=1G --time 1s --events "$work" $out
expect_usage '--events'        precondition $sim --events "$work/no/such/events" $out

# A sample per --interval of every step is kept and saved: 86 million of them (1ms over 24h)
# made a result no memory held and the loader's 256 MiB refuses; half a million at most (a
# million wrote 345 MB).
expect_usage 'more than 500000' run $sim --interval 1ms --time 24h --dry-run $out
expect_usage 'more than 500000' run $sim --interval 1ms --time 100s --qd 1,2,4,8,16,32,64,128,256,512,1024 --dry-run $out

# Files that are not files (issue 26 item 4): a FIFO nobody writes, given as a result.json
# (report, compare, sweep --resume), as --requirements or --events, is refused in one line at
# once (exit 2), never opened the way that waits (these blocked for ever).
mkfifo "$work/fifo"
mkdir "$work/fifo-dir"
mkfifo "$work/fifo-dir/result.json"
fifo_usage() {
	local key=$1
	shift
	rm -rf "$work/out"
	set +e
	timeout 30 "$exe" "$@" >"$work/stdout" 2>"$work/stderr"
	rc=$?
	set -e
	[ "$rc" -eq 2 ] || fail "'$*': exit $rc, want 2 (124: it blocked): $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "'$*': not one line: $(cat "$work/stderr")"
	grep -qF -- "$key" "$work/stderr" || fail "'$*': stderr does not mention '$key': $(cat "$work/stderr")"
	[ ! -e "$work/out" ] || fail "'$*': created the --out directory"
}
fifo_usage 'a FIFO, not a regular file'  report "$work/fifo"
fifo_usage 'a FIFO, not a regular file'  report "$work/fifo-dir"
fifo_usage 'a FIFO, not a regular file'  compare "$work/fifo" "$work/fifo"
fifo_usage 'a FIFO, not a regular file'  sweep $sim --resume "$work/fifo-dir"
fifo_usage 'a FIFO, not a regular file'  qualify $sim --requirements "$work/fifo" $out
fifo_usage 'a FIFO nobody reads'         run $sim --time 1s --events "$work/fifo" $out
fifo_usage 'a FIFO nobody reads'         precondition $sim --events "$work/fifo" $out
# --events onto a full device: the lines lost are said (one line) and the exit code is 1.
if [ -w /dev/full ]; then
	run_cmd run $sim --time 1s --quiet --events /dev/full $out
	[ "$rc" -eq 1 ] || fail "--events /dev/full: exit $rc, want 1: $(cat "$work/stderr")"
	[ "$(grep -c -- '--events: lines lost writing /dev/full' "$work/stderr")" = 1 ] ||
		fail "--events /dev/full: not said once: $(cat "$work/stderr")"
fi
echo "bad_input: ok"
