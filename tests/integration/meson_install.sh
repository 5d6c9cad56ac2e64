#!/bin/bash
# meson install --destdir puts the man pages in man1, the completion in the
# bash completions folder, and creates the state folder, all under DESTDIR.
# Arguments: SSDPROF MESON BUILDDIR STATE_DIR.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"
meson=$2 build=$3 state=$4

dest="$work/dest"
"$meson" install -C "$build" --destdir "$dest" --no-rebuild >install.log 2>&1 ||
	fail "meson install --destdir exited $?: $(tail -5 install.log)"
man1=$(find "$dest" -type d -path '*/man/man1' | head -1)
[ -n "$man1" ] || fail "no man1 folder under DESTDIR: $(cd "$dest" && find . | head -20)"
for c in $("$exe" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF && !/^Commands:/ {print $1}'); do
	[ -s "$man1/ssdprof-$c.1" ] || fail "ssdprof-$c.1 not installed in $man1"
done
[ -s "$man1/ssdprof.1" ] || fail "ssdprof.1 not installed"
comp=$(find "$dest" -type f -path '*/completions/ssdprof' | head -1)
[ -n "$comp" ] || fail "no bash completion under DESTDIR: $(cd "$dest" && find . -name 'ssdprof*')"
bash -c '. "$1" && complete -p ssdprof' _ "$comp" >/dev/null || fail "the installed completion does not load"
[ -d "$dest$state" ] || fail "the state folder $state was not created under DESTDIR"
[ -x "$(find "$dest" -type f -path '*/bin/ssdprof' | head -1)" ] || fail "no ssdprof binary installed"
# Nothing outside DESTDIR: the state folder is made under it, not on this machine.
grep -q "$dest$state" install.log || fail "install log does not name the state folder under DESTDIR: $(cat install.log)"
echo ok
