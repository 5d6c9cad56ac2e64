#!/bin/bash
# SPDX-License-Identifier: MIT
# A sweep's page draws its analytic WA reference from the document alone
# (the "wa_reference" the sweep recorded from its backend), never from the
# preset its target path names today: the same document with another
# preset in its path gives the same page; without the field (an old
# result) no reference is drawn; a recorded FIFO model is drawn as FIFO.
set -u
ssdprof=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "report_wa_reference: $*" >&2; exit 1; }

# variant NAME PYTHON: tests/data/report_sweep_dc.json with d edited by PYTHON, into $work/NAME.json.
variant() {
	python3 - "$data/report_sweep_dc.json" "$work/$1.json" "$2" <<'PY' || fail "$1: cannot edit the fixture"
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], 'w'), indent=2)
PY
}

# page NAME: the report of $work/NAME.json as text, without its SVG drawing and the path.
page() {
	"$ssdprof" report "$work/$1.json" -o "$work/$1.html" 2>"$work/$1.err" || fail "$1: report failed: $(cat "$work/$1.err")"
	python3 - "$work/$1.html" <<'PY'
import re, sys
html = open(sys.argv[1], encoding='utf-8').read()
html = re.sub(r'<svg\b.*?</svg>', '<svg/>', html, flags=re.S)
print(re.sub(r'sim:[a-z-]+,capacity=2G', 'PATH', html))
PY
}

variant same 'pass'
variant preset "d['target']['path'] = 'sim:budget-tlc,capacity=2G'"
variant old "del d['wa_reference']"
variant fifo "d['wa_reference']['gc'] = 'FIFO'"
same=$(page same)
[ "$same" = "$(page preset)" ] || fail "the page changes with the preset named in the target path"
grep -q 'analytic WA of uniform random single-block writes under greedy' <<<"$same" ||
	fail "the recorded greedy reference is not drawn"
old=$(page old)
! grep -q 'The dashed line is the analytic WA' <<<"$old" || fail "a result without wa_reference draws a reference"
grep -q 'under FIFO garbage collection' <<<"$(page fifo)" || fail "the recorded FIFO model is not drawn as FIFO"
exit 0
