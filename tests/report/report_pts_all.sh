#!/bin/bash
# SPDX-License-Identifier: MIT
# The combined page of a drive's pts results and compare of pts results
# (docs/pts_report.md), from two drives' `pts all` folders in tests/data/pts_all
# (each test run on sim:dc-tlc and sim:budget-tlc, capacity=1G,lba=512, seed 1, short
# cells; written compact).  Goldens: the combined page (each <svg> checked, then
# replaced by <svg/>), report --text of each drive, compare of the two folders.
# The page's headline figures must be the ones its tables print; compare's B/A the
# documents' figures' ratio, n/a (never 0) where a figure was not measured.
#   UPDATE_GOLDEN=1 meson test -C BUILD report_pts_all   rewrites the expected files.
set -u
ssdprof=$(realpath "$1")
data=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "report_pts_all: $*" >&2; exit 1; }
dc=$data/pts_all/dc-tlc
budget=$data/pts_all/budget-tlc
update=${UPDATE_GOLDEN:-0}

# golden NAME FILE: FILE against tests/data/NAME (or rewritten with UPDATE_GOLDEN=1).
golden() {
	if [ "$update" = 1 ]; then
		cp "$2" "$data/$1"
		echo "report_pts_all: $1 rewritten"
	elif ! diff -u "$data/$1" "$2" | head -60 >"$work/diff" || [ -s "$work/diff" ]; then
		cat "$work/diff"
		fail "$2 differs from $data/$1"
	fi
}
# Every line within 80 columns (characters, not bytes).
narrow() {
	python3 -c 'import sys
for n, l in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    if len(l.rstrip("\n")) > 80:
        sys.exit(f"{sys.argv[1]}:{n}: {len(l) - 1} columns: {l}")' "$1" || fail "a line over 80 columns"
}

# 1. The combined page of a pts all folder, its PNGs, and its golden.
cp -r "$dc" "$work/dc"
"$ssdprof" report "$work/dc" --png "$work/png" >"$work/stdout" 2>"$work/stderr" ||
	fail "report DIR failed: $(cat "$work/stderr")"
[ -s "$work/dc/report.html" ] || fail "no DIR/report.html: $(cat "$work/stderr")"
grep -q "^report: $work/dc/report.html\$" "$work/stderr" || fail "the page is not named: $(cat "$work/stderr")"
[ "$(grep -c '^report: ' "$work/stderr")" = "$(( $(ls "$work/png" | wc -l) + 1 ))" ] || fail "not every file is named"
python3 - "$work/dc/report.html" "$work/png" "$work/page.txt" <<'PY' || fail "the combined page"
import os, re, sys
import xml.etree.ElementTree as ET
page, png, out = sys.argv[1:4]
html = open(page, encoding='utf-8').read()
svgs = re.findall(r'<svg\b.*?</svg>', html, re.S)
for i, s in enumerate(svgs):
    ET.fromstring(s)
figures = re.findall(r'<figure id="chart-([a-z0-9-]+)"', html)
assert len(figures) == len(svgs) == len(os.listdir(png)), (len(figures), len(svgs), os.listdir(png))
ids = re.findall(r' id="([^"]+)"', html)
dup = sorted({i for i in ids if ids.count(i) > 1})
assert not dup, f'ids twice on the page: {dup}'
assert '<script' not in html and 'https://' not in html
# The spec's order, answer first.
order = [m for m in re.findall(r'<h2 id="([a-z]+)">SNIA PTS', html)]
assert order == ['iops', 'throughput', 'latency', 'wsat', 'hir', 'xsr', 'cbw', 'dirth'], order
assert 0 < html.index('id="answer"') < html.index('<figure'), 'the answer is not first'
open(out, 'w', encoding='utf-8').write(re.sub(r'<svg\b.*?</svg>', '<svg/>', html, flags=re.S))
PY
golden report_pts_all.golden "$work/page.txt"

# 2. The answer's and the headline table's figures are the tables' and the documents'.
python3 - "$work/dc/report.html" "$dc" <<'PY' || fail "the headlines against the tables"
import html as H, json, re, sys
page, d = sys.argv[1:3]
html = open(page, encoding='utf-8').read()
def doc(t):
    return json.load(open(f'{d}/{t}/result.json'))
def section(t):
    a = html.index(f'<h2 id="{t}">')
    m = re.search(r'<h2 id="[a-z]+">SNIA PTS', html[a + 10:])
    return html[a:a + 10 + m.start()] if m else html[a:]
def rows(text, caption):
    t = re.search(r'<caption>' + re.escape(caption) + r'</caption>(.*?)</table>', text, re.S).group(1)
    head = [H.unescape(c) for c in re.findall(r'<th[^>]*>([^<]*)</th>', t)]
    return head, [[H.unescape(c) for c in re.findall(r'<td[^>]*>([^<]*)</td>', r)]
                  for r in re.findall(r'<tr>(.*?)</tr>', t, re.S) if '<td' in r]
_, heads = rows(html, 'The headline figure of each test')
hl = {r[0]: r[2] for r in heads}
answer = H.unescape(re.search(r'<section id="answer".*?</section>', html, re.S).group(0))
for t, v in hl.items():
    assert v in answer, (t, v)
def first(s):
    return re.match(r'[+-]?[\d.]+', s).group(0)
# iops: the matrix's 0/100 row, 4 KiB column.
head, r = rows(section('iops'), 'IOPS over the steady window')
assert first(hl['iops']) == [x for x in r if x[0] == '0/100'][0][head.index('4 KiB')], hl['iops']
# throughput: the 128 KiB stage's write row; latency: the 4 KiB 0/100 row's five nines and mean.
_, r = rows(section('throughput'), 'Throughput over the steady window')
w = [x for x in r if x[0] == '128 KiB' and x[1] == '0/100 sequential'][0]
rd = [x for x in r if x[0] == '128 KiB' and x[1] == '100/0 sequential'][0]
assert hl['throughput'] == f'{w[3]} MB/s (read {rd[3]} MB/s)', (hl['throughput'], w, rd)
_, r = rows(section('latency'), 'Response times over the steady window')
c = [x for x in r if x[0] == '4 KiB' and x[1] == '0/100 random'][0]
assert hl['latency'] == f'{c[5]} µs (mean {c[4]} µs)', (hl['latency'], c)
# wsat: the mean of the last fifth of its samples; the run's IOPS is the phases table's.
ws = doc('wsat')['pts']['series']
s = ws['samples']['iops']
tail = s[len(s) - max(len(s) // 5, 1):]
_, r = rows(section('wsat'), 'The phases')
assert hl['wsat'] == f'ends at {sum(tail) / len(tail):.0f} IOPS (run: {r[0][2]} IOPS)', (hl['wsat'], r[0])
# hir: the best "vs steady" of a wait state in its phases table.
_, r = rows(section('hir'), 'The phases')
best = max((x for x in r if x[0].startswith('wait')), key=lambda x: float(x[2]))
assert hl['hir'].startswith(best[13] + ' vs steady') and hl['hir'].endswith(', ' + best[0]), (hl['hir'], best)
# xsr: each phase's settling time after the first, from its phases table.
_, r = rows(section('xsr'), 'The phases')
assert hl['xsr'] == ', '.join(f'{x[0]} {x[12]} s' for x in r[1:]), (hl['xsr'], r)
# cbw: its cell's IOPS and mean; dirth: the pass's highest IOPS and its mean.
_, r = rows(section('cbw'), 'Throughput over the steady window')
assert hl['cbw'] == f'{r[0][2]} IOPS (mean {r[0][4]} µs)', (hl['cbw'], r)
_, r = rows(section('dirth'), 'Demand intensity: every thread count x queue depth, one pass')
top = max((x for x in r if x[3] != 'n/a'), key=lambda x: float(x[3]))
assert hl['dirth'] == f'{top[3]} IOPS at T{top[0]} x Q{top[1]}, mean {top[5]} µs', (hl['dirth'], top)
PY

# 3. report --text: the same headlines, in 80 columns; a golden per drive.
for d in dc budget; do
	dir=$dc; [ $d = budget ] && dir=$budget
	"$ssdprof" report --text "$dir" >"$work/$d.txt" 2>"$work/stderr" || fail "report --text $d: $(cat "$work/stderr")"
	narrow "$work/$d.txt"
	golden "report_pts_all_$d.txt" "$work/$d.txt"
done
python3 - "$work/dc.txt" "$work/dc/report.html" <<'PY' || fail "--text and the page disagree"
import html as H, re, sys
text = ' '.join(open(sys.argv[1], encoding='utf-8').read().split())
page = open(sys.argv[2], encoding='utf-8').read()
t = re.search(r'<caption>The headline figure of each test</caption>(.*?)</table>', page, re.S).group(1)
for r in re.findall(r'<tr>(.*?)</tr>', t, re.S):
    c = [H.unescape(x) for x in re.findall(r'<td[^>]*>([^<]*)</td>', r)]
    if c:
        assert f'{c[0]} {c[1]}: {c[2]}' in text, c
PY
# The files given, not a folder: the same page (the page goes to -o).
"$ssdprof" report "$dc"/iops/result.json "$dc"/hir/result.json -o "$work/two.html" 2>"$work/stderr" ||
	fail "report FILE FILE: $(cat "$work/stderr")"
grep -q '<h2 id="hir">SNIA PTS hir test</h2>' "$work/two.html" || fail "report FILE FILE: no hir section"
# A test's own folder (DIR/TEST) stands for its result.json.
"$ssdprof" report "$dc/xsr" "$dc/latency" -o "$work/two.html" 2>"$work/stderr" || fail "report DIR/TEST DIR/TEST: $(cat "$work/stderr")"
python3 -c 'import re, sys; assert re.findall(r"<h2 id=\"([a-z]+)\">SNIA PTS", open(sys.argv[1]).read()) == ["latency", "xsr"]' \
	"$work/two.html" || fail "report DIR/TEST DIR/TEST: not latency then xsr"

# A result that ended short is named, by its test, in a banner atop the combined page.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["interrupted"] = True; json.dump(d, open(sys.argv[2], "w"))' \
	"$dc/hir/result.json" "$work/cut.json" || fail "cannot write cut.json"
"$ssdprof" report "$dc/iops/result.json" "$work/cut.json" -o "$work/cut.html" 2>"$work/stderr" ||
	fail "report with an interrupted result: $(cat "$work/stderr")"
grep -q '<div id="partial" class="banner" role="alert"><strong>Partial results: .*</strong> hir: ' "$work/cut.html" ||
	fail "no banner naming the interrupted hir test"
grep -q 'id="partial"' "$work/dc/report.html" && fail "whole results are called partial"

# 4. Refused in one line, exit 2, nothing written: two drives, a test twice, a result of another kind.
refuse() {
	local want=$1
	shift
	"$ssdprof" "$@" >"$work/out" 2>"$work/err"
	local rc=$?
	[ $rc = 2 ] || fail "$*: exit $rc, want 2: $(cat "$work/err")"
	[ "$(wc -l <"$work/err")" = 1 ] && grep -q -- "$want" "$work/err" || fail "$*: $(cat "$work/err")"
	[ ! -s "$work/out" ] || fail "$*: printed $(cat "$work/out")"
}
mkdir -p "$work/mixed"
cp -r "$dc/iops" "$budget/latency" "$work/mixed/"
refuse "are results of two drives; a combined page is one drive's" report "$work/mixed"
[ ! -e "$work/mixed/report.html" ] || fail "a refused folder got a page"
refuse "are both the iops test; give each test once" report "$dc/iops/result.json" "$dc/iops/result.json" -o "$work/x.html"
refuse "is a sweep result" report "$dc/iops/result.json" "$data/report_sweep_dc.json" -o "$work/x.html"
[ ! -e "$work/x.html" ] || fail "a refused report wrote its page"
refuse "is the pts iops test but .* is the latency test; compare results of one test" \
	compare "$dc/iops/result.json" "$budget/latency/result.json"
refuse "give pts all folders only, or result files only" compare "$dc" "$budget/iops/result.json"

# 5. compare of the two folders, test by test: golden, 80 columns, the ratios the documents give.
# From the folders' parent: the labels are the folders as typed, the same on every machine.
(cd "$data/pts_all" && "$ssdprof" compare dc-tlc budget-tlc -o "$work/cmp.html" --png "$work/cpng") >"$work/cmp.txt" \
	2>"$work/stderr" || fail "compare DIR DIR: $(cat "$work/stderr")"
sed -n '/^pts: each test/,$p' "$work/cmp.txt" >"$work/cmp-tests.txt"
narrow "$work/cmp-tests.txt"
golden compare_pts_all.txt "$work/cmp.txt"
python3 - "$work/cmp.txt" "$dc" "$budget" <<'PY' || fail "compare's figures"
import json, re, sys
text, a, b = sys.argv[1:4]
out = open(text, encoding='utf-8').read()
A = json.load(open(f'{a}/iops/result.json'))['pts']['stages'][0]['cells']
B = json.load(open(f'{b}/iops/result.json'))['pts']['stages'][0]['cells']
block = out[out.index('pts iops: each figure'):out.index('pts throughput: each figure')]
seen = 0
for ca, cb in zip(A, B):
    name = f"{ca['read_pct']:g}/{100 - ca['read_pct']:g} {ca['bs'] / 1024:g}k"
    m = re.search(r'^' + re.escape(name) + r'\s+(\S+)\s+(\S+)\s+(\S+)$', block, re.M)
    assert m, name
    assert m.group(1) == f"{ca['iops']:.0f}" and m.group(2) == f"{cb['iops']:.0f}", (name, m.groups())
    assert m.group(3) == f"{cb['iops'] / ca['iops']:.2f}", (name, m.groups())
    seen += 1
assert seen == 56, seen
PY
python3 - "$work/cmp.html" "$work/cpng" <<'PY' || fail "compare's page"
import os, re, sys
html = open(sys.argv[1], encoding='utf-8').read()
for t in ('iops', 'latency', 'wsat', 'hir', 'xsr', 'dirth'):
    assert f'id="chart-compare-pts-{t}"' in html, t
    fig = re.search(rf'<figure id="chart-compare-pts-{t}".*?</svg>', html, re.S).group(0)
    assert '>A' in fig and '>B' in fig, f'{t}: not both drives in the legend'
assert len(re.findall(r'<figure id="chart-', html)) == len(os.listdir(sys.argv[2]))
assert html.index('id="pts-headlines"') < html.index('id="pts-iops"')
PY

# The same folder twice is two drives, each its column.
"$ssdprof" compare "$dc" "$dc" >"$work/out" 2>"$work/stderr" || fail "compare DIR DIR (the same): $(cat "$work/stderr")"
grep -q '^iops 4 KiB random write (IOPS)  *167098  *167098  *1\.00$' "$work/out" || fail "the same folder twice: $(cat "$work/out")"
# A test's own folder (DIR/TEST) stands for its result.json, as report takes it.
"$ssdprof" compare "$dc/cbw" "$budget/cbw" >"$work/out" 2>"$work/stderr" || fail "compare DIR/TEST: $(cat "$work/stderr")"
grep -q '^snia-cbw IOPS  *99285  *13592  *0\.14$' "$work/out" || fail "compare DIR/TEST: $(cat "$work/out")"

# 6. Not measured is n/a, in the figure and its ratio, never 0.
python3 - "$dc/latency/result.json" "$work/nolat.json" <<'PY' || fail "cannot write nolat.json"
import json, sys
d = json.load(open(sys.argv[1]))
c = [c for c in d['pts']['stages'][0]['cells'] if c['bs'] == 4096 and c['read_pct'] == 0][0]
c['lat_us']['p99_999'] = None
json.dump(d, open(sys.argv[2], 'w'))
PY
"$ssdprof" compare "$budget/latency/result.json" "$work/nolat.json" >"$work/out" 2>"$work/stderr" ||
	fail "compare with an unmeasured cell: $(cat "$work/stderr")"
grep -q '^0/100 4k 99.999% µs  *[0-9.]*  *n/a  *n/a$' "$work/out" || fail "not measured is not n/a: $(cat "$work/out")"
echo "report_pts_all: ok"
