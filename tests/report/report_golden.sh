#!/bin/bash
# SPDX-License-Identifier: MIT
# Golden files for `ssdprof report`: fixed result documents (tests/data/report_*.json,
# generated once from the simulator, seed 1; the no-WA and QD-list ones edited by
# hand; the RAID ones as written by the command they record, on sim members of
# capacity=1G) must give the expected page (charts and tables present, numbers as
# formatted) and CSVs; every inline SVG must be well-formed XML; --png writes one
# PNG per chart.  The SVG drawing itself is not compared byte for byte (it depends
# on the installed fonts): each <svg>...</svg> is checked, then replaced by
# <svg/> in the golden text.
#   UPDATE_GOLDEN=1 meson test -C BUILD report_golden   rewrites the expected files.
set -u
ssdprof=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "report_golden: $*" >&2; exit 1; }

for input in "$data"/report_*.json; do
	name=$(basename "$input" .json)
	out="$work/$name"
	mkdir -p "$out"
	"$ssdprof" report "$input" -o "$out/report.html" --png "$out/png" 2>"$out/stderr" ||
		fail "$name: report failed: $(cat "$out/stderr")"
	python3 - "$out" "$name" "$data/$name.golden" "${UPDATE_GOLDEN:-0}" <<'PY' || fail "$name: see above"
import os, re, sys, glob, difflib, struct
import xml.etree.ElementTree as ET
out, name, golden, update = sys.argv[1:5]
html = open(os.path.join(out, 'report.html'), encoding='utf-8').read()
svgs = re.findall(r'<svg\b.*?</svg>', html, re.S)
for i, s in enumerate(svgs):
    try:
        ET.fromstring(s)
    except ET.ParseError as e:
        sys.exit(f'{name}: SVG {i + 1} is not well-formed XML: {e}')
    # Text stays text (selectable, searchable): labels as <text>, no glyph outlines.
    if '<symbol' in s or '<text' not in s:
        sys.exit(f'{name}: SVG {i + 1} draws its text as glyph outlines, not <text>')
# Glyph outlines made a sweep page 570 KB; text as text keeps every page small.
if len(html.encode()) > 150000:
    sys.exit(f'{name}: the page is {len(html.encode())} bytes')
figures = re.findall(r'<figure id="chart-([a-z0-9-]+)"', html)
if len(figures) != len(svgs):
    sys.exit(f'{name}: {len(figures)} figures but {len(svgs)} SVGs')
# A page without charts (a batch's) writes no PNG folder.
pngs = sorted(os.listdir(os.path.join(out, 'png'))) if os.path.isdir(os.path.join(out, 'png')) else []
if len(pngs) != len(svgs):
    sys.exit(f'{name}: {len(svgs)} charts but {len(pngs)} PNGs: {pngs}')
for p in pngs:
    with open(os.path.join(out, 'png', p), 'rb') as f:
        head = f.read(24)
    w, h = struct.unpack('>II', head[16:24])
    if head[:8] != b'\x89PNG\r\n\x1a\n' or (w, h) != (1000, 600):
        sys.exit(f'{name}: {p} is not a 1000x600 PNG')
if '<script' in html or 'http://' in html.replace('http://www.w3.org', '') or 'https://' in html:
    sys.exit(f'{name}: the page loads or runs something')
text = re.sub(r'<svg\b.*?</svg>', '<svg/>', html, flags=re.S)
for csv in sorted(glob.glob(os.path.join(out, '*.csv'))):
    body = open(csv, newline='').read()
    if not body.endswith('\r\n') or '\n' in body.replace('\r\n', ''):
        sys.exit(f'{name}: {os.path.basename(csv)} does not end its lines with CRLF (RFC 4180)')
    text += f'\n== {os.path.basename(csv)} ==\n' + body.replace('\r\n', '\n')
text += '\n== png ==\n' + '\n'.join(pngs) + '\n'
if update == '1':
    open(golden, 'w', encoding='utf-8').write(text)
    print(f'{name}: golden file rewritten')
    sys.exit(0)
if not os.path.exists(golden):
    sys.exit(f'{name}: no golden file {golden}; run with UPDATE_GOLDEN=1')
want = open(golden, encoding='utf-8').read()
if text != want:
    sys.stdout.writelines(list(difflib.unified_diff(want.splitlines(True), text.splitlines(True), 'expected', 'got'))[:80])
    sys.exit(f'{name}: differs from {golden}')
PY
	if command -v xmllint >/dev/null 2>&1; then
		python3 -c 'import re,sys; [open(f"{sys.argv[2]}/svg{i}.svg","w").write(s) for i,s in enumerate(re.findall(r"<svg\b.*?</svg>", open(sys.argv[1]).read(), re.S))]' \
			"$out/report.html" "$out"
		for s in "$out"/svg*.svg; do
			[ -e "$s" ] || continue   # a page without charts
			xmllint --noout "$s" 2>"$out/xmllint" || fail "$name: xmllint: $(head -3 "$out/xmllint")"
		done
	fi
done

# What each kind of page must hold, whatever the golden files say.
need() { grep -q -- "$2" "$work/$1/report.html" || fail "$1: no $2 in the page"; }
need report_sweep_notsteady 'id="chart-iops-over-time"'
need report_sweep_notsteady 'id="chart-iops-vs-op"'
need report_sweep_notsteady 'id="chart-wa-vs-op"'
need report_sweep_notsteady 'id="chart-latency-vs-op"'
need report_sweep_notsteady 'Not steady: 0%, 10%, 20%'
need report_sweep_notsteady '<td>NO</td>'
need report_sweep_nowaf 'no media-write counter on this drive'
# Percentiles not measured, the mean was: the chart draws it rather than saying nothing was.
need report_sweep_notsteady '<figcaption>Write latency against over-provisioning</figcaption>'
need report_sweep_raid 'id="raid"'
need report_sweep_raid '<th>analytic group WA</th>'
need report_sweep_raid 'each host write causes: RAID 5: a write within a chunk rewrites its data and one parity'
need report_sweep_intervals 'id="chart-iops-over-gb"'
need report_sweep_intervals '<th>p50 µs</th>'
need report_precondition_intervals 'id="chart-iops-over-gb"'
need report_sweep_notsteady 'no per-interval samples in this result'
# Item 13.5: the saved intervals show the fall from fresh to steady, and one model name for the WA line.
python3 - "$work" <<'PY' || fail "intervals and WA model"
import re, sys
w = sys.argv[1]
for name in ('report_sweep_intervals', 'report_precondition_intervals'):
    page = open(f'{w}/{name}/report.html').read()
    assert 'no per-interval samples' not in page, name
    t = re.search(r'<caption>From fresh to steady state, per OP point</caption>(.*?)</table>', page, re.S).group(1)
    first = [r for r in re.findall(r'<tr>(.*?)</tr>', t, re.S) if '<td' in r][0]
    cells = re.findall(r'<td[^>]*>([^<]*)</td>', first)
    fresh, steady = float(cells[2]), float(cells[3])
    assert fresh > 1.5 * steady, (name, fresh, steady)
# RAID 5: the group's analytic WA is twice a member's, and the measured group WA lands near it.
raid = open(f'{w}/report_sweep_raid/report.html').read()
t = re.search(r'<caption>Write amplification per OP point</caption>(.*?)</table>', raid, re.S).group(1)
for r in [r for r in re.findall(r'<tr>(.*?)</tr>', t, re.S) if '<td' in r]:
    c = re.findall(r'<td[^>]*>([^<]*)</td>', r)
    wa, member, group = float(c[2]), float(c[7]), float(c[10])
    assert abs(group - 2 * member) <= 0.011 and abs(wa / group - 1) < 0.05, c
for name in ('report_sweep_dc', 'report_sweep_raid', 'report_sweep_intervals'):
    page = open(f'{w}/{name}/report.html').read()
    assert 'FIFO' not in page and 'greedy garbage collection' in page, name
PY
# Pages answer first: the answer block, then the chart it rests on, then the details; the
# answer's figures are the ones the tables below print.
python3 - "$work" <<'PY' || fail "the answer first"
import glob, html, os, re, sys
w = sys.argv[1]
def cells(page, caption):
    t = re.search(r'<caption>' + re.escape(caption) + r'</caption>(.*?)</table>', page, re.S).group(1)
    return [[html.unescape(c) for c in re.findall(r'<td[^>]*>([^<]*)</td>', r)]
            for r in re.findall(r'<tr>(.*?)</tr>', t, re.S) if '<td' in r]
first = {'sweep': 'iops-vs-op', 'slc': 'slc-speed', 'qualify': 'margins'}
for d in sorted(glob.glob(f'{w}/report_*')):
    name = os.path.basename(d)
    kind = next((k for k in first if name.startswith(f'report_{k}')), None)
    if not kind:
        continue
    page = open(f'{d}/report.html').read()
    a = page.find('<section id="answer"')
    fig = page.find('<figure id="chart-')
    assert 0 < a < fig, (name, 'no answer before the first chart')
    assert page[fig:].startswith(f'<figure id="chart-{first[kind]}"'), (name, page[fig:fig + 60])
    assert page.find('<h2 id="summary"') in (-1,) or page.find('<h2 id="summary"') > fig, (name, 'details first')
    head = html.unescape(re.search(r'<p class="head"[^>]*>([^<]*)</p>', page).group(1))
    if kind == 'sweep':
        m = re.match(r'Recommended OP ([\d.]+)%: steady IOPS (\d+)', head)
        assert m, (name, head)
        op = f'{float(m.group(1)):.2f}'
        row = [r for r in cells(page, 'Steady IOPS per OP point') if r[0] == op][0]
        assert row[2] == m.group(2), (name, head, row)
        wa = re.search(r'WA [\d.]+ → ([\d.]+)', head)
        if wa:
            assert [r for r in cells(page, 'Write amplification per OP point') if r[0] == op][0][2] == wa.group(1), (name, head)
        held = re.search(r'Costs [\d.]+% of the capacity: [\d.]+ GB of [\d.]+ GB held back as spare, ([\d.]+) GB left', page)
        assert held and [r for r in cells(page, 'Steady state per OP point') if r[0] == op][0][1] == held.group(1), name
    if kind == 'slc':
        m = re.match(r'SLC cache ([\d.]+) GB: ([\d.]+) MB/s in the cache, then ([\d.]+) MB/s', head)
        assert m, (name, head)
        assert f'SLC cache: {m.group(1)} GB at {m.group(2)} MB/s, then {m.group(3)} MB/s' in page, (name, head)
    if kind == 'qualify':
        rows = cells(page, 'Drives by requirement (measured at the chosen OP; margin inside the limit)')
        passed = sum(r[2] == 'pass' for r in rows)
        assert head in (f'{passed} of {len(rows)} drives pass', f'All: {passed} of {len(rows)} drives pass',
                        'The drive passes every requirement', 'The drive FAILS'), (name, head)
PY
need report_sweep_raid 'id="chart-members-iops-vs-op"'
need report_sweep_raid '<th>OP in effect %</th>'
need report_run_raid 'id="chart-iops-vs-chunk"'
# A run that read shows the share of unwritten reads (n/a: these results predate it); one that only wrote does not.
need report_run_mixed '<th>WA</th><th>unwritten reads %</th>'
grep -q 'unwritten reads' "$work/report_run_qd/report.html" && fail "report_run_qd: a write run shows unwritten reads"
need report_run_raid 'id="chart-latency-vs-chunk"'
need report_run_raid 'id="chart-iops-over-time"'
need report_run_raid_qd 'id="chart-iops-vs-qd"'
need report_run_raid_qd 'id="chart-iops-vs-chunk"'
need report_slc 'id="chart-slc-speed"'
need report_batch 'href="drive-3/report.html"'
need report_slc 'id="chart-slc-recovery"'
need report_run 'id="chart-iops-over-time"'
need report_run_qd 'id="chart-iops-vs-qd"'
need report_run_qd 'id="chart-latency-vs-qd"'
need report_qualify_qd 'id="chart-qd-read"'
need report_qualify_qd 'href="drive-2/qd/randread/report.html"'
need report_run_qualify_qd 'the reads follow the random-write curve'
need report_qualify_raid 'raid0:sim:dc-tlc'
# The empty-chart messages are drawn in the chart; the figure captions and tables say it too.
python3 - "$work" <<'PY' || fail "messages for what was not measured"
import re, sys
w = sys.argv[1]
nowaf = open(f'{w}/report_sweep_nowaf/report.html').read()
# No measured WA series: the only WA figures in the WA table are 'n/a'.
table = re.search(r'<caption>Write amplification per OP point</caption>.*?</table>', nowaf, re.S).group(0)
assert all(c == 'n/a' for c in re.findall(r'<tr><td class="r">[^<]*</td><td>[^<]*</td><td class="r">([^<]*)</td>', table)), table
PY
# RAID pages against their documents: every chunk compared, and every member of every
# series, point or precondition in a row with its figures, the limiting member marked;
# a sweep's members with the OP given and in effect, and the member that limited the
# most rounds.
python3 - "$work" "$data" <<'PY' || fail "RAID figures"
import html, json, re, sys
w, data = sys.argv[1:3]
def rows(page, caption):
    table = re.search(r'<caption>' + re.escape(caption) + r'</caption>(.*?)</table>', page, re.S)
    assert table, f'no table {caption!r}'
    return [[html.unescape(c) for c in re.findall(r'<td[^>]*>([^<]*)</td>', r)]
            for r in re.findall(r'<tr>(.*?)</tr>', table.group(1), re.S) if '<td' in r]
def f(v, d):
    return 'n/a' if v is None else f'{v:.{d}f}'
def member(doc, i):
    return f"{i} ({doc['group']['members'][i]['path']})"
def check_members(got, owner, lead, tail):
    assert len(got) == len(owner['members']), (len(got), owner)
    for i, (row, m) in enumerate(zip(got, owner['members'])):
        want = lead + [str(i), m['path']]
        assert row[:len(want)] == want, (row, want)
        lat = [f(m['lat_us']['mean'], 1), f(m['lat_us']['p99'], 1)] + tail(m)
        assert row[-1 - len(lat):-1] == lat, (row, lat)
        assert (row[-1] == 'limiting') == (i == owner['limiting_member']), (row, owner['limiting_member'])
for name in ('report_run_raid', 'report_run_raid_qd'):
    doc = json.load(open(f'{data}/{name}.json'))
    page = open(f'{w}/{name}/report.html').read()
    want = [[f(e['chunk_bytes'] / 1024, 0), f(e['qd'], 0), f(e['iops'], 0), f(e['mbps'], 1),
             f(e['lat_us']['p50'], 1), f(e['lat_us']['p99'], 1), f(e['waf'], 2),
             member(doc, e['limiting_member'])] for e in doc['chunk_comparison']]
    assert rows(page, 'Chunk sizes side by side') == want, name
    for s in doc['series']:
        check_members(rows(page, f"Members at {s['chunk_bytes'] // 1024} KiB chunks, QD {s['qd']}"), s, [],
                      lambda m: [])
doc = json.load(open(f'{data}/report_precondition_raid.json'))
page = open(f'{w}/report_precondition_raid/report.html').read()
check_members(rows(page, 'Members over the steady window'), doc['precondition'], [], lambda m: [])
doc = json.load(open(f'{data}/report_sweep_raid.json'))
page = open(f'{w}/report_sweep_raid/report.html').read()
got = rows(page, 'Per-member figures')
for p in doc['points']:
    n = len(p['members'])
    check_members(got[:n], p, [f(p['op_percent'], 2)],
                  lambda m: [f(m['op_percent'], 2), f(m['effective_op_percent'], 2)])
    got = got[n:]
    rounds = p['round_limiting_member']
    top = max(set(rounds), key=lambda i: (rounds.count(i), -i))
    line = f"OP {p['op_percent']:g}%: member {member(doc, top)} limited {rounds.count(top)} of {len(rounds)} rounds"
    assert html.escape(line, quote=True) in page, line
assert not got, got
PY
echo "report_golden: ok"
