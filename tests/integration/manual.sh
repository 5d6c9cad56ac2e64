#!/bin/bash
# The man pages say what --help says: for every command, every option its
# --help names is in its page and every option its page names is in --help;
# every option its synopsis and option lists name, the command takes; the
# main page names every command; groff reads every page without a warning.
# The completion: complete -p after sourcing, and what compgen offers for
# commands, sweep's options, option values, sim presets and keys.
# Arguments: SSDPROF ssdprof.1 COMPLETION (the other pages beside ssdprof.1).
set -eu
. "$(dirname "$0")/lib.sh"
# Absolute before setup changes directory.
man=$(cd "$(dirname "$2")" && pwd)
completion=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
setup "$@"

cmds=$("$exe" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF && !/^Commands:/ {print $1}')
[ "$(echo "$cmds" | wc -l)" -ge 10 ] || fail "too few commands in ssdprof --help: $cmds"

# Long options in text on stdin, sorted, one a line.
options() {
	grep -o -- '--[A-Za-z][A-Za-z0-9_-]*' | sort -u
}
# The page's text: roff comments out, hyphens and fonts plain.
page_text() {
	grep -v '^\.\\"' "$1" | sed -e 's/\\-/-/g' -e 's/\\f[BRI]//g' -e 's/\\&//g'
}

for c in $cmds; do
	p="$man/ssdprof-$c.1"
	[ -s "$p" ] || fail "no man page for $c"
	"$exe" "$c" --help | options >help.opts
	page_text "$p" | options >man.opts
	diff help.opts man.opts >d.txt || fail "$c: --help (<) and its page (>) name different options: $(cat d.txt)"
	grep -q "^ssdprof\\\\-$c \\\\- " "$p" || fail "$c: the page has no NAME line"
	page_text "$man/ssdprof.1" | grep -q "ssdprof-$c(1)" || fail "ssdprof(1) does not point to ssdprof-$c(1)"
	if command -v groff >/dev/null; then
		w=$(groff -man -ww -z "$p" 2>&1)
		[ -z "$w" ] || fail "groff warns on ssdprof-$c.1: $w"
	fi
	# Every option of the synopsis and the option lists: the command takes it (a second,
	# unknown option makes the command stop before it runs anything).
	"$exe" "$c" --help | awk '/^$/ {syn = 0} NR == 1 {syn = 1} syn || /^  -/' |
		sed 's/  [^-].*//' | options >listed.opts
	while read -r o; do
		[ "$o" = --help ] && continue
		set +e
		timeout 30 "$exe" "$c" "$o" --zz-not-an-option >/dev/null 2>err.txt
		set -e
		! grep -q -e "unknown option '$o" -e "$o is fio's" err.txt ||
			fail "$c --help lists $o, which $c does not take: $(cat err.txt)"
	done <listed.opts
done
[ -z "$(ls "$man" | grep '^ssdprof-.*\.1$' | sed 's/^ssdprof-//; s/\.1$//' | grep -vxF "$cmds")" ] ||
	fail "a page for a command ssdprof --help does not list"
page_text "$man/ssdprof.1" | grep -q -- '--bssplit' || fail "ssdprof(1) does not list fio's names"
w=$(groff -man -ww -z "$man/ssdprof.1" 2>&1) && [ -z "$w" ] || fail "groff warns on ssdprof.1: $w"

# The completion, as bash runs it: COMP_WORDS split at : and = as bash does.
cat >comp.sh <<'SH'
. "$1"
complete -p ssdprof
t() {
	COMP_LINE=$1 COMP_POINT=${#1}
	local IFS=$' \t\n'
	read -ra COMP_WORDS <<<"$(sed 's/\([:=]\)/ \1 /g' <<<"$1")"
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	if [[ $1 == *' ' ]]; then COMP_WORDS+=(''); COMP_CWORD=$((COMP_CWORD + 1)); fi
	COMPREPLY=()
	_ssdprof
	echo "$2 ${COMPREPLY[*]}"
}
t 'ssdprof ' cmds
t 'ssdprof sweep --' sweep
t 'ssdprof sweep --op-' opdash
t 'ssdprof info sim:' presets
t 'ssdprof info sim:bud' bud
t 'ssdprof run sim:budget-tlc,capa' key
t 'ssdprof run --rw rand' rw
t 'ssdprof purge x --method sanitize-b' method
t 'ssdprof run --iodep' fio
t 'ssdprof sweep --fast --fo' afterfast
t 'ssdprof sweep --predict ' predict
t 'ssdprof compare a.json b.json --rank-by st' rankby
t 'ssdprof run --random-dist zi' dist
t 'ssdprof sweep sim:budget-tlc,hot' hotcold
t 'ssdprof slc --f' slcforce
# A preset takes ,key=value after it: no space is added (compopt, run only inside completion, recorded here).
compopt() { echo "compopt $*"; }
t 'ssdprof info sim:budget-t' preset
SH
bash comp.sh "$completion" >comp.out || fail "sourcing the completion: $(cat comp.out)"
got() { sed -n "s/^$1 //p" comp.out; }
grep -qx 'complete -F _ssdprof ssdprof' comp.out || fail "complete -p ssdprof: $(head -1 comp.out)"
[ "$(got cmds | tr ' ' '\n' | grep -v '^--' | sort)" = "$(echo "$cmds" | sort)" ] ||
	fail "commands offered: $(got cmds)"
"$exe" sweep --help | awk '/^$/ {syn = 0} NR == 1 {syn = 1} syn || /^  -/' | sed 's/  [^-].*//' | options >sweep.opts
for o in $(cat sweep.opts) --iodepth --blocksize; do
	got sweep | tr ' ' '\n' | grep -qx -- "$o" || fail "sweep's $o not offered: $(got sweep)"
done
[ "$(got opdash)" = '--op-range --op-method --op-member' ] || fail "sweep --op-: $(got opdash)"
# After "sim:" bash replaces the ":" word: the presets come with it.
for p in $(got presets); do
	run_cmd info "sim${p}"
	[ "$rc" = 0 ] || fail "offered preset sim$p does not open: $(cat "$work/stderr")"
done
[ "$(got presets | wc -w)" -ge 4 ] || fail "presets offered: $(got presets)"
[ "$(got bud)" = 'budget-tlc budget-qlc' ] || fail "sim:bud: $(got bud)"
[ "$(got key)" = 'budget-tlc,capacity=' ] || fail "sim:budget-tlc,capa: $(got key)"
[ "$(got rw)" = 'randwrite randread randrw' ] || fail "--rw rand: $(got rw)"
[ "$(got method)" = 'sanitize-block' ] || fail "purge --method: $(got method)"
[ "$(got fio)" = '--iodepth' ] || fail "run --iodep: $(got fio)"
[ "$(got afterfast)" = '--force' ] || fail "sweep --fast --fo: $(got afterfast)"
[ "$(got predict)" = 'stop check' ] || fail "sweep --predict: $(got predict)"
[ "$(got rankby)" = 'steady_iops' ] || fail "compare --rank-by st: $(got rankby)"
[ "$(got dist)" = 'zipf:' ] || fail "run --random-dist zi: $(got dist)"
[ "$(got hotcold)" = 'budget-tlc,hot_cold=' ] || fail "sim:budget-tlc,hot: $(got hotcold)"
[ "$(got slcforce)" = '--force' ] || fail "slc --f: $(got slcforce)"
grep -qx 'compopt -o nospace' comp.out || fail "a preset completes with a space after it: $(cat comp.out)"
# Every value offered for an option of a fixed set is one the command takes (a set that
# several commands share is run by the first).
declare -A seen
for c in $cmds; do
	for o in $(bash -c '. "$1"; v=_ssdprof_valued_${2//-/_}; echo ${!v}' _ "$completion" "$c"); do
		vals=$(bash -c '. "$1"; word=; COMPREPLY=(); _ssdprof_words() { echo "$1"; }; _ssdprof_values "$2" "$3"' \
			_ "$completion" "$c" "$o")
		[ -z "$vals" ] || [ -n "${seen["$o $vals"]:-}" ] && continue
		seen["$o $vals"]=1
		for v in $vals; do
			case $v in *:) continue ;; esac   # a parameter follows (zipf:THETA)
			set +e
			timeout 30 "$exe" "$c" "$o" "$v" --zz-not-an-option >/dev/null 2>err.txt
			set -e
			grep -q "unknown option '--zz-not-an-option'" err.txt ||
				fail "$c $o $v: offered, yet refused: $(cat err.txt)"
		done
	done
done
# Every key offered is one the simulator takes.
keys=$(bash -c '. "$1"; echo $_ssdprof_keys' _ "$completion")
for k in $keys; do
	run_cmd info "sim:budget-tlc,$k=x"
	! grep -q "unknown simulator key" "$work/stderr" || fail "offered key $k is unknown: $(cat "$work/stderr")"
done
echo ok
