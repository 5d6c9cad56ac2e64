#!/bin/bash
# The Debian package: dpkg-buildpackage -b builds it from a copy of the
# source tree (debian/rules: a release build without the sanitizers or the
# tests, DEB_BUILD_OPTIONS=nocheck); it holds the binary, a man page per
# command, the bash completion, the tmpfiles.d entry and the state folder
# where Debian looks for them; unpacked into a scratch root, its ssdprof runs
# and journals in /var/lib/ssdprof; lintian finds no error.
# Skips (77) only when debhelper is missing and VMLAB_REQUIRE is not set
# (CI sets it, and make check-deps installs debhelper and lintian).
# Arguments: SOURCE_ROOT VERSION.
set -eu
src=$1 version=$2

fail() {
	echo "FAIL: $*" >&2
	exit 1
}
if ! dpkg-query -W -f='${Status}' debhelper 2>/dev/null | grep -q 'ok installed' ||
	! command -v dpkg-buildpackage >/dev/null; then
	[ -z "${VMLAB_REQUIRE:-}" ] || fail "debhelper is not installed; make check-deps installs it"
	echo "SKIP: debhelper is not installed (apt-get install debhelper, or make check-deps)"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree="$work/ssdprof-$version"
mkdir "$tree"
# The source as a clone has it: no build folders, results or git metadata.
tar -C "$src" --exclude='./build*' --exclude='./obj-*' --exclude=./.git --exclude='./ssdprof-results' \
	--exclude='./debian/ssdprof' --exclude='./debian/.debhelper' -cf - . | tar -C "$tree" -xf -
(cd "$tree" && DEB_BUILD_OPTIONS="nocheck parallel=2" nice dpkg-buildpackage -b -us -uc) >"$work/build.log" 2>&1 ||
	fail "dpkg-buildpackage exited $?: $(tail -30 "$work/build.log")"
deb=$(ls "$work"/ssdprof_"$version"-*_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no ssdprof_$version-*.deb written: $(ls "$work")"

dpkg-deb -c "$deb" | awk '{print $6}' >"$work/contents"
has() { grep -qx -- "$1" "$work/contents" || fail "the package has no $1: $(cat "$work/contents")"; }
has ./usr/bin/ssdprof
has ./usr/share/man/man1/ssdprof.1.gz
has ./usr/share/bash-completion/completions/ssdprof
has ./usr/lib/tmpfiles.d/ssdprof.conf
has ./var/lib/ssdprof/
has ./usr/share/doc/ssdprof/copyright
! grep -q -e sanitize -e mangen -e '^./usr/local' "$work/contents" || fail "unexpected files: $(cat "$work/contents")"

root="$work/root"
dpkg -x "$deb" "$root"
got=$("$root/usr/bin/ssdprof" --version) || fail "ssdprof --version from the package exited $?"
[ "$got" = "ssdprof $version" ] || fail "ssdprof --version: '$got', not 'ssdprof $version'"
for c in $("$root/usr/bin/ssdprof" --help | sed -n '/^Commands:/,/^$/p' | awk 'NF && !/^Commands:/ {print $1}'); do
	has "./usr/share/man/man1/ssdprof-$c.1.gz"
done
# A /usr install keeps its state in /var/lib (meson's localstatedir), not under the prefix.
(unset SSDPROF_STATE; "$root/usr/bin/ssdprof" op --help) | grep -q '/var/lib/ssdprof)' ||
	fail "the packaged ssdprof does not journal in /var/lib/ssdprof: $("$root/usr/bin/ssdprof" op --help)"
"$root/usr/bin/ssdprof" info sim:budget-tlc >"$work/info.out" 2>&1 || fail "ssdprof info from the package: $(cat "$work/info.out")"
grep -q '^d /var/lib/ssdprof ' "$root/usr/lib/tmpfiles.d/ssdprof.conf" || fail "tmpfiles.d: $(cat "$root/usr/lib/tmpfiles.d/ssdprof.conf")"
bash -c '. "$1" && complete -p ssdprof' _ "$root/usr/share/bash-completion/completions/ssdprof" >/dev/null ||
	fail "the packaged completion does not load"

if command -v lintian >/dev/null; then
	lintian --fail-on error "$deb" >"$work/lintian.out" 2>&1 || fail "lintian: $(cat "$work/lintian.out")"
	cat "$work/lintian.out"
fi
echo "ok: $(basename "$deb"), $(wc -l <"$work/contents") entries:"
cat "$work/contents"
