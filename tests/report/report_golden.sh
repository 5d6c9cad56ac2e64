#!/bin/bash
# SPDX-License-Identifier: MIT
# Golden files for `ssdprof report`: fixed result documents (tests/data/report_*.json,
# generated once from the simulator, seed 1; the no-WA, RAID and QD-list ones edited
# by hand) must give the expected page (charts and tables present, numbers as
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
figures = re.findall(r'<figure id="chart-([a-z0-9-]+)"', html)
if len(figures) != len(svgs):
    sys.exit(f'{name}: {len(figures)} figures but {len(svgs)} SVGs')
pngs = sorted(os.listdir(os.path.join(out, 'png')))
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
need report_sweep_notsteady 'latency percentiles not measured'
need report_sweep_raid 'id="raid"'
need report_sweep_raid 'id="chart-members-iops-vs-op"'
need report_slc 'id="chart-slc-speed"'
need report_slc 'id="chart-slc-recovery"'
need report_run 'id="chart-iops-over-time"'
need report_run_qd 'id="chart-iops-vs-qd"'
need report_run_qd 'id="chart-latency-vs-qd"'
# The empty-chart messages are drawn as glyphs; the figure captions and tables say it in text.
python3 - "$work" <<'PY' || fail "messages for what was not measured"
import re, sys
w = sys.argv[1]
nowaf = open(f'{w}/report_sweep_nowaf/report.html').read()
# No measured WA series: the only WA figures in the WA table are '-'.
table = re.search(r'<caption>Write amplification per OP point</caption>.*?</table>', nowaf, re.S).group(0)
assert all(c == '-' for c in re.findall(r'<tr><td class="r">[^<]*</td><td>[^<]*</td><td class="r">([^<]*)</td>', table)), table
PY
echo "report_golden: ok"
