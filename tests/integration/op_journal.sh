#!/bin/bash
# The OP journal is the only record of a drive's original size.  A damaged
# entry (cut short, a key twice, a field of the wrong kind, no original size)
# is refused in one line naming the file by --set, --restore and --show, and
# neither the entry nor the target is touched: taken for an absent entry, it
# would let --set journal the shrunk size as the original over it.
set -eu
. "$(dirname "$0")/lib.sh"
setup "$@"

img="$work/disk.img"
truncate -s 40M "$img"
# A span OP on a file journals nothing (its capacity never changes) and a
# namespace or HPA entry needs a drive (the QEMU lab): the entry is written
# here as ssdprof writes one, under the name it looks for (the path typed,
# made tame: device/op_journal.c name_for).
mkdir -p "$SSDPROF_STATE"
journal="$SSDPROF_STATE/op-$(printf '%s' "$img" | sed 's/[^A-Za-z0-9._-]/_/g').json"
cat >"$work/good.json" <<EOT
{
  "schema": "ssdprof.op-journal/1",
  "serial": "",
  "path": "$img",
  "method": "span",
  "original_bytes": 41943040,
  "current_bytes": 33554432,
  "nsid": 0,
  "flbas": 0,
  "permanent": 0,
  "step": "done",
  "when": "2026-12-01T00:00:00Z"
}
EOT
cp "$work/good.json" "$journal"
run_cmd op "$img" --show
[ "$rc" -eq 0 ] || fail "op --show with a good entry: exit $rc: $(cat "$work/stderr")"
grep -q 'OP 20.00%, span' "$work/stdout" || fail "op --show does not read the entry: $(cat "$work/stdout")"

# damaged NAME TEXT: with TEXT as the entry, every op action refuses, touching nothing.
damaged() {
	local what=$1 action
	printf '%s' "$2" >"$journal"
	cp "$journal" "$work/before.json"
	for action in "--set 30" "--restore" "--show"; do
		# shellcheck disable=SC2086  # the action is two words
		run_cmd op "$img" $action
		[ "$rc" -eq 2 ] || fail "$what: op $action exits $rc, not 2: $(cat "$work/stderr")"
		[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "$what: op $action: not one line: $(cat "$work/stderr")"
		grep -qF "$journal" "$work/stderr" || fail "$what: op $action names no file: $(cat "$work/stderr")"
		grep -q 'damaged' "$work/stderr" || fail "$what: op $action: $(cat "$work/stderr")"
		cmp -s "$journal" "$work/before.json" || fail "$what: op $action rewrote the journal"
	done
	[ "$(stat -c %s "$img")" -eq 41943040 ] || fail "$what: the file's size changed"
}

good=$(cat "$work/good.json")
damaged "cut short" "${good:0:40}"
damaged "a key twice" "$(sed 's/"nsid"/"original_bytes": 1,\n  "nsid"/' "$work/good.json")"
damaged "size as a string" "$(sed 's/"original_bytes": *[0-9]*/"original_bytes": "41943040"/' "$work/good.json")"
damaged "no original size" "$(sed 's/"original_bytes": *[0-9]*/"original_bytes": 0/' "$work/good.json")"
damaged "negative size" "$(sed 's/"original_bytes": *[0-9]*/"original_bytes": -5/' "$work/good.json")"
damaged "unknown method" "$(sed 's/"method": *"span"/"method": "magic"/' "$work/good.json")"
damaged "not an entry" '{"serial": "x"}'

# The good entry back: restore works and removes it.
cp "$work/good.json" "$journal"
run_cmd op "$img" --restore
[ "$rc" -eq 0 ] || fail "op --restore with the good entry: exit $rc: $(cat "$work/stderr")"
[ ! -e "$journal" ] || fail "op --restore left the journal entry"
echo "ok"
