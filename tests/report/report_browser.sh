#!/bin/bash
# SPDX-License-Identifier: MIT
# Render reports in headless Chromium: the screenshot must not be blank, the page
# must log no errors (console messages, failed loads), and the DOM Chromium built
# must hold every chart as an <svg>.  The layout of every kind of page must fit:
# at 1200 and 800 px wide the page never scrolls sideways (a wide table scrolls in
# its own box), and at 1200 px no table needs to.  A failed result with a long
# unbroken path checks the banner and the wrapping.  Skipped (77) without Debian's
# chromium; `make check-browser` installs it and runs this suite.
set -u
ssdprof=$1
data=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "report_browser: chromium is not installed (make check-browser installs it); skipped"
	exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "report_browser: $*" >&2; exit 1; }

chrome() {
	local profile
	profile=$(mktemp -d -p "$work")
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --enable-logging=stderr --v=0 "$@"
}

# A run that failed, on a file whose path has no place to break, and so does its error.
python3 - "$data/report_run.json" "$work/report_partial_long.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
path = '/mnt/' + 'x' * 200 + '.img'
d['target']['path'] = path
d['command'] = 'ssdprof run ' + path
d['error'] = f'run failed at qd 32: {path}: write error at byte offset 4096 (LBA 8): Input/output error'
json.dump(d, open(sys.argv[2], 'w'))
PY
pages=()
for name in report_sweep_notsteady report_sweep_nowaf report_sweep_intervals report_sweep_endurance report_sweep_raid \
	report_slc report_run_qd report_run_raid report_precondition_raid report_qualify report_partial_long \
	report_pts_latency; do
	mkdir -p "$work/$name"
	src="$data/$name.json"
	[ -f "$src" ] || src="$work/$name.json"
	"$ssdprof" report "$src" -o "$work/$name/report.html" 2>/dev/null || fail "$name: report failed"
	pages+=("$name")
done
grep -q '<div id="partial" class="banner"' "$work/report_partial_long/report.html" ||
	fail "report_partial_long: no banner of a partial result"

# The layout, every page at both widths in one Chromium: each page in a frame that wide (the frame
# is its window), measured by a script of the harness (the pages run none).
python3 - "$work" "${pages[@]}" <<'PY'
import sys
work, names = sys.argv[1], sys.argv[2:]
frames = ''.join(f'<iframe src="{n}/report.html" data-name="{n}" width="{w}" height="2000"></iframe>\n'
                 for n in names for w in (1200, 800))
open(f'{work}/layout.html', 'w').write(f"""<!DOCTYPE html><html><body>
{frames}<script>
window.addEventListener('load', function () {{
  var out = [];
  document.querySelectorAll('iframe').forEach(function (f) {{
    var de = f.contentDocument.documentElement, tables = [];
    f.contentDocument.querySelectorAll('table').forEach(function (t) {{
      if (t.scrollWidth > t.clientWidth)
        tables.push([t.caption ? t.caption.textContent : '?', t.scrollWidth, t.clientWidth]);
    }});
    out.push({{name: f.dataset.name, width: +f.width, page: [de.scrollWidth, de.clientWidth], tables: tables}});
  }});
  var p = document.createElement('pre');
  p.id = 'layout';
  p.textContent = JSON.stringify(out);
  document.body.appendChild(p);
}});
</script></body></html>""")
PY
chrome --allow-file-access-from-files --window-size=2400,1000 --dump-dom "file://$work/layout.html" \
	>"$work/layout-dom.html" 2>/dev/null || fail "chromium --dump-dom of the layout harness failed"
python3 - "$work/layout-dom.html" "${#pages[@]}" <<'PY' || exit 1
import html, json, re, sys
m = re.search(r'<pre id="layout">(.*?)</pre>', open(sys.argv[1]).read(), re.S)
if not m:
    sys.exit('report_browser: the layout harness did not run')
got = json.loads(html.unescape(m.group(1)))
if len(got) != 2 * int(sys.argv[2]):
    sys.exit(f'report_browser: the layout harness measured {len(got)} frames')
bad = []
for g in got:
    scroll, client = g['page']
    if scroll > client:
        bad.append(f"{g['name']} at {g['width']} px is {scroll} px wide in a window of {client} px")
    if g['width'] >= 1200 and g['tables']:
        bad.append(f"{g['name']} at {g['width']} px: tables that do not fit: {g['tables']}")
if bad:
    sys.exit('report_browser: ' + '; '.join(bad))
print(f'layout: {len(got)} pages at 1200 and 800 px fit their window')
PY

# Screenshots and the DOM of a sample of the pages.
for name in report_sweep_notsteady report_sweep_nowaf report_sweep_intervals report_slc report_run_qd report_run_raid \
	report_sweep_raid; do
	url="file://$work/$name/report.html"
	chrome --screenshot="$work/$name/shot.png" --window-size=1200,2000 "$url" \
		>"$work/$name/stdout" 2>"$work/$name/log" || fail "$name: chromium failed: $(tail -5 "$work/$name/log")"
	[ -s "$work/$name/shot.png" ] || fail "$name: no screenshot: $(tail -5 "$work/$name/log")"
	# Console messages and failed loads are the page's; the rest of the log is Chromium's own chatter (dbus, GPU).
	if grep -E 'CONSOLE\(|Uncaught|net::ERR_|Failed to load|Refused to' "$work/$name/log" >"$work/$name/errors"; then
		fail "$name: the page logged errors: $(head -5 "$work/$name/errors")"
	fi
	chrome --dump-dom "$url" >"$work/$name/dom.html" 2>/dev/null || fail "$name: chromium --dump-dom failed"
	python3 - "$work/$name" "$name" <<'PY' || exit 1
import re, struct, sys, zlib
d, name = sys.argv[1:3]
src = open(f'{d}/../{name}/report.html').read()
dom = open(f'{d}/dom.html').read()
want = len(re.findall(r'<svg\b', src))
got = len(re.findall(r'<svg\b', dom))
if want == 0 or got != want:
    sys.exit(f'report_browser: {name}: {want} charts in the file, {got} <svg> in the rendered DOM')

# Decode the screenshot (8-bit RGB or RGBA, non-interlaced) and count non-white pixels.
png = open(f'{d}/shot.png', 'rb').read()
assert png[:8] == b'\x89PNG\r\n\x1a\n'
pos, idat, w = 8, b'', 0
while pos < len(png):
    n, typ = struct.unpack('>I4s', png[pos:pos + 8])
    body = png[pos + 8:pos + 8 + n]
    if typ == b'IHDR':
        w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        if depth != 8 or ctype not in (2, 6) or interlace:
            sys.exit(f'report_browser: {name}: unexpected PNG format {depth}/{ctype}/{interlace}')
        bpp = 3 if ctype == 2 else 4
    elif typ == b'IDAT':
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
prev = bytearray(stride)
ink = 0
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    ink += sum(1 for x in range(0, stride, bpp) if line[x] < 200 or line[x + 1] < 200 or line[x + 2] < 200)
    prev = line
share = ink / (w * h)
if not 0.01 < share < 0.9:
    sys.exit(f'report_browser: {name}: the screenshot is {share:.1%} ink: blank or broken')
print(f'{name}: {got} charts rendered, {share:.1%} of the screenshot inked')
PY
done
echo "report_browser: ok"
