#!/bin/bash
# A command or an option one slip away from one ssdprof has: one line that
# names it, exit 2, nothing run; a word near nothing gets no guess.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

# expect WANT ARGS...: exit 2, one line on stderr containing WANT, nothing on stdout.
expect() {
	local want=$1
	shift
	run_cmd "$@"
	[ "$rc" = 2 ] || fail "'$*' exits $rc, not 2: $(cat "$work/stderr")"
	[ "$(wc -l <"$work/stderr")" = 1 ] || fail "'$*' prints more than one line: $(cat "$work/stderr")"
	grep -qF -- "$want" "$work/stderr" || fail "'$*': no \"$want\" in: $(cat "$work/stderr")"
	[ "$(awk '{ if (length > 80) print }' "$work/stderr")" = "" ] || fail "'$*': a line over 80 columns"
	[ ! -s "$work/stdout" ] || fail "'$*' wrote to stdout: $(cat "$work/stdout")"
}
expect "did you mean 'sweep'?" swep sim:budget-tlc
expect "did you mean 'qualify'?" qualfy sim:budget-tlc
expect "did you mean '--op-range'?" sweep sim:budget-tlc --op-rnage 0:20
expect "did you mean '--force'?" precondition sim:budget-tlc --forse
expect "did you mean '--rank-by'?" compare a.json b.json --rank-bi steady_iops
expect "did you mean '--version'?" --verison
run_cmd xyzzy
[ "$rc" = 2 ] && ! grep -q "did you mean" "$work/stderr" || fail "xyzzy: $rc $(cat "$work/stderr")"
run_cmd sweep sim:budget-tlc --zz-not-an-option
[ "$rc" = 2 ] && ! grep -q "did you mean" "$work/stderr" || fail "--zz-not-an-option: $rc $(cat "$work/stderr")"
echo ok
