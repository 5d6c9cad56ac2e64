# SPDX-License-Identifier: MIT
# Helpers for the host-side checks (tests/NAME.host.sh, bash), which run
# after the guest has powered off, with $VMLAB_OUT (the test's output folder
# from the guest), $VMLAB_SNAP (image snapshots) and $VMLAB_IMG (the images).

fail() { echo "FAIL: $*"; exit 1; }

# allocated TAG DRIVE: bytes of DRIVE's image allocated on the host when the
# guest test asked for snapshot TAG (TEST.LABEL), or at the end (TAG "end").
allocated() {
	[ -f "$VMLAB_SNAP/$1" ] || fail "no host snapshot '$1' (the guest did not ask for it)"
	awk -v d="$2" '$1 == d { print $2; f = 1 } END { exit !f }' "$VMLAB_SNAP/$1" ||
		fail "no drive '$2' in snapshot '$1'"
}

# check_punched TEST LABEL DRIVE: after trim_check in the guest, the image
# held the 24 MiB written and then had (almost) all its blocks punched.
check_punched() {
	local w t
	w=$(allocated "$1.$2.written" "$3") || exit 1
	t=$(allocated "$1.$2.trimmed" "$3") || exit 1
	echo "$3.img: $w bytes allocated after writing, $t after the TRIM"
	[ "$w" -ge $((24 << 20)) ] || fail "$3.img: the 24 MiB written are not allocated"
	[ "$t" -le $((1 << 20)) ] || fail "$3.img: $t bytes still allocated after the TRIM"
}
