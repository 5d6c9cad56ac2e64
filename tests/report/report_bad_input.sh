#!/bin/bash
# SPDX-License-Identifier: MIT
# report and compare on bad input: a missing file, invalid JSON, another schema,
# mixed kinds: one line on stderr and exit 2; on an unwritable output path: one
# line on stderr and exit 1 (the input was good, the write failed); either way no
# report (nor temporary file) left behind.
set -u
ssdprof=$1
data=$2
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
fail() { echo "report_bad_input: $*" >&2; exit 1; }

# expect CODE WHAT COMMAND...
expect() {
	local code=$1 what=$2
	shift 2
	"$@" >"$work/stdout" 2>"$work/stderr"
	local rc=$?
	[ $rc -eq "$code" ] || fail "$what: exit $rc, expected $code ($(cat "$work/stderr"))"
	[ "$(wc -l <"$work/stderr")" -eq 1 ] || fail "$what: not one line on stderr: $(cat "$work/stderr")"
	grep -q '^ssdprof: ' "$work/stderr" || fail "$what: error does not start with 'ssdprof: '"
}
expect2() { expect 2 "$@"; }
expect1() { expect 1 "$@"; }

out="$work/out"
mkdir -p "$out"
printf '{"schema": "ssdprof.result/1", "kind": "sweep", "points": [' >"$work/truncated.json"
printf 'not json at all\n' >"$work/garbage.json"
: >"$work/empty.json"
printf '{"schema": "ssdprof.result/1"} trailing\n' >"$work/trailing.json"
printf '{"schema": "fio.result/3", "jobs": []}\n' >"$work/other.json"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["schema"]="ssdprof.result/2"; json.dump(d, open(sys.argv[2],"w"))' \
	"$data/report_sweep_dc.json" "$work/v2.json"
printf '[1, 2, 3]\n' >"$work/array.json"

expect2 "missing file" "$ssdprof" report "$work/nope.json" -o "$out/r.html"
grep -q 'No such file' "$work/stderr" || fail "missing file: $(cat "$work/stderr")"
expect2 "truncated JSON" "$ssdprof" report "$work/truncated.json" -o "$out/r.html"
grep -q 'not valid JSON' "$work/stderr" || fail "truncated: $(cat "$work/stderr")"
expect2 "garbage" "$ssdprof" report "$work/garbage.json" -o "$out/r.html"
expect2 "empty file" "$ssdprof" report "$work/empty.json" -o "$out/r.html"
expect2 "text after the document" "$ssdprof" report "$work/trailing.json" -o "$out/r.html"
expect2 "another schema" "$ssdprof" report "$work/other.json" -o "$out/r.html"
grep -q "schema is 'fio.result/3'" "$work/stderr" || fail "other schema: $(cat "$work/stderr")"
expect2 "a JSON array" "$ssdprof" report "$work/array.json" -o "$out/r.html"
expect2 "no argument" "$ssdprof" report
expect2 "unknown option" "$ssdprof" report "$data/report_slc.json" --bogus
# (From inside $out, where an empty name would land: the paths made absolute first.)
abs_exe=$(realpath "$ssdprof") abs_data=$(realpath "$data")
(cd "$out" && expect2 "empty -o" "$abs_exe" report "$abs_data/report_slc.json" -o '') || exit 1
grep -q 'empty file name' "$work/stderr" || fail "empty -o: $(cat "$work/stderr")"
(cd "$out" && expect2 "empty --png" "$abs_exe" report "$abs_data/report_slc.json" -o r.html --png '') || exit 1
(cd "$out" && expect2 "compare, empty -o" "$abs_exe" compare "$abs_data/report_sweep_dc.json" \
	"$abs_data/report_sweep_notsteady.json" -o '') || exit 1
[ -z "$(ls -A "$out")" ] || fail "files left after bad input: $(ls -A "$out")"

# A folder of -o that is not there is made, as --out makes one for the measuring commands.
"$ssdprof" report "$data/report_slc.json" -o "$work/new/such/dir/r.html" 2>"$work/stderr" ||
	fail "-o into a missing folder: $(cat "$work/stderr")"
[ -f "$work/new/such/dir/r.html" ] && [ -f "$work/new/such/dir/r-slc_samples.csv" ] ||
	fail "-o into a missing folder: $(ls -R "$work/new")"

# Unwritable output: a folder under a file, a read-only directory, a PNG directory that
# cannot be made.  Nothing may be left, not even the HTML written first nor a folder made for it.
: >"$work/afile"
expect1 "output directory under a file" "$ssdprof" report "$data/report_slc.json" -o "$work/afile/dir/r.html"
grep -qF "cannot create '$work/afile': exists and is not a directory" "$work/stderr" ||
	fail "output directory under a file: $(cat "$work/stderr")"
mkdir "$work/ro"
chmod a-w "$work/ro"
if [ "$(id -u)" -ne 0 ]; then
	expect1 "read-only directory" "$ssdprof" report "$data/report_slc.json" -o "$work/ro/r.html"
fi
expect1 "PNG directory under a file" "$ssdprof" report "$data/report_slc.json" -o "$out/r.html" --png "$work/afile/png"
[ -z "$(ls -A "$out")" ] || fail "a failed report left files behind: $(ls -A "$out")"
expect1 "PNG directory under a file, new folders" "$ssdprof" report "$data/report_slc.json" \
	-o "$work/made/a/r.html" --png "$work/afile/png"
[ ! -e "$work/made" ] || fail "a failed report left folders behind: $(ls -R "$work/made")"
expect1 "a folder form under a file" "$ssdprof" report "$data/report_slc.json" -o "$work/afile/x/"

# One parser's rules for every JSON file (util/json_strict.h): a key twice, a single-quoted key,
# a key cut at \u0000 are refused in one line naming the file, the problem and the fix; nothing written.
python3 - "$data/report_slc.json" "$work" <<'PY'
import sys
text = open(sys.argv[1]).read()
w = sys.argv[2]
open(w + '/dupkey.json', 'w').write(text.replace('"kind": "slc",', '"kind": "slc", "kind": "slc",', 1))
open(w + '/quote.json', 'w').write(text.replace('"kind": "slc"', "'kind': \"slc\"", 1))
open(w + '/nulkey.json', 'w').write(text.replace('"tool":', '"tool\\u0000x":', 1))
open(w + '/req_dup.json', 'w').write('{"steady": true, "steady": true}\n')
open(w + '/req_quote.json', 'w').write("{'steady': true}\n")
open(w + '/req_nul.json', 'w').write('{"steady\\u0000x": true}\n')
PY
for f in dupkey quote nulkey; do
	expect2 "report, $f" "$ssdprof" report "$work/$f.json" -o "$out/r.html"
	grep -qF "$work/$f.json" "$work/stderr" || fail "report, $f: the file is not named: $(cat "$work/stderr")"
	expect2 "compare, $f" "$ssdprof" compare "$data/report_slc.json" "$work/$f.json" -o "$out/c.html"
done
grep -q 'appears twice' <("$ssdprof" report "$work/dupkey.json" -o "$out/r.html" 2>&1) ||
	fail "a key given twice: not said"
for f in req_dup req_quote req_nul; do
	expect2 "qualify --requirements $f" "$ssdprof" qualify sim:dc-tlc,capacity=1G --requirements "$work/$f.json" \
		--out "$out/q"
	grep -qF -- "--requirements: $work/$f.json: " "$work/stderr" || fail "$f: $(cat "$work/stderr")"
done
grep -q 'give each key once' <("$ssdprof" qualify sim:dc-tlc,capacity=1G --requirements "$work/req_dup.json" \
	--out "$out/q" 2>&1) || fail "requirements, a key given twice: no fix named"
[ -z "$(ls -A "$out")" ] || fail "files left after a refused JSON file: $(ls -A "$out")"

# compare: mixed kinds, mixed schema versions, too few files.
expect2 "compare, one file" "$ssdprof" compare "$data/report_slc.json"
expect2 "compare, mixed kinds" "$ssdprof" compare "$data/report_slc.json" "$data/report_sweep_dc.json"
grep -q 'one kind' "$work/stderr" || fail "mixed kinds: $(cat "$work/stderr")"
expect2 "compare, mixed schemas" "$ssdprof" compare "$data/report_sweep_dc.json" "$work/v2.json"
grep -q 'one schema version' "$work/stderr" || fail "mixed schemas: $(cat "$work/stderr")"
expect1 "compare, unwritable" "$ssdprof" compare "$data/report_sweep_dc.json" "$data/report_sweep_notsteady.json" \
	-o "$work/afile/such/c.html"
"$ssdprof" compare "$data/report_sweep_dc.json" "$data/report_sweep_notsteady.json" -o "$work/cmp/new/c.html" \
	>/dev/null 2>"$work/stderr" && [ -f "$work/cmp/new/c.html" ] ||
	fail "compare -o into a missing folder: $(cat "$work/stderr")"
echo "report_bad_input: ok"
