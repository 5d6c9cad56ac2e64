#!/bin/bash
# SPDX-License-Identifier: MIT
# compare: sweeps of two drives in one terminal table and on the same charts.
set -u
ssdprof=$1
data=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "report_compare: $*" >&2; exit 1; }

"$ssdprof" compare "$data/report_sweep_dc.json" "$data/report_sweep_notsteady.json" -o "$work/c.html" \
	--png "$work/png" >"$work/stdout" 2>"$work/stderr" || fail "compare failed: $(cat "$work/stderr")"
grep -q '^drive  *points  *steady  *best IOPS' "$work/stdout" || fail "no table header: $(cat "$work/stdout")"
grep -q '^sim:dc-tlc,capacity=2G  *5  *5  *320000  *30.00  *20.00  *20.00  *319997  *1.88  *n/a$' "$work/stdout" ||
	fail "dc-tlc row: $(cat "$work/stdout")"
grep -q '^sim:budget-tlc,capacity=2G  *4  *1 ' "$work/stdout" || fail "budget-tlc row: $(cat "$work/stdout")"
for id in compare-iops-vs-op compare-wa-vs-op; do
	grep -q "id=\"chart-$id\"" "$work/c.html" || fail "no $id chart"
done
# The ranked bars, IOPS and WA against OP.
[ "$(ls "$work/png" | wc -l)" -eq 3 ] || fail "PNGs: $(ls "$work/png")"
! grep -q 'partial' "$work/stdout" "$work/c.html" || fail "whole results are called partial"
# A result that ended short is named under the table and atop the page, with why.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["interrupted"] = True; d["complete"] = False
json.dump(d, open(sys.argv[2], "w"))' "$data/report_sweep_notsteady.json" "$work/cut.json" || fail "cannot write cut.json"
"$ssdprof" compare "$data/report_sweep_dc.json" "$work/cut.json" -o "$work/p.html" >"$work/stdout" 2>"$work/stderr" ||
	fail "compare with a partial result failed: $(cat "$work/stderr")"
[ "$(grep -c '^partial: ' "$work/stdout")" = 1 ] &&
	grep -q '^partial: sim:budget-tlc,capacity=2G: The sweep was interrupted before it finished\. Only its 4 finished' \
		"$work/stdout" || fail "the partial result is not named under the table: $(cat "$work/stdout")"
grep -q '<div id="partial" class="banner" role="alert"><strong>Partial results: .*</strong> sim:budget-tlc,capacity=2G: The sweep was interrupted' \
	"$work/p.html" || fail "the page has no banner for the partial result"
"$ssdprof" compare "$data/report_pts_latency.json" "$data/report_pts_latency.json" >"$work/stdout" 2>&1 ||
	fail "pts compare failed: $(cat "$work/stdout")"
grep -q 'latency  4 KiB 0/100 mean µs   27\.4  yes' "$work/stdout" || fail "pts table: $(cat "$work/stdout")"
"$ssdprof" compare "$data/report_slc.json" "$data/report_slc.json" >"$work/stdout" 2>&1 || fail "slc compare failed"
grep -q 'cache GB' "$work/stdout" || fail "slc table: $(cat "$work/stdout")"
grep -q 'report_slc.json)' "$work/stdout" || fail "two results of one target are told apart by file: $(cat "$work/stdout")"
# A figure --rank-by does not know is named in the refusal.
"$ssdprof" compare "$data/report_slc.json" "$data/report_slc.json" --rank-by 'bo gus' >"$work/stdout" 2>"$work/stderr"
[ $? = 2 ] && grep -q "^ssdprof: compare: --rank-by: 'bo gus' is not a figure; use steady_iops" "$work/stderr" ||
	fail "--rank-by bogus: $(cat "$work/stderr")"
# A probe that measured no write buffer (a file's) says n/a in the buffer column, not a blank.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["slc"]["write_buffer_bytes"] = None
d["slc"]["write_buffer_lower_bound"] = None; json.dump(d, open(sys.argv[2], "w"))' "$data/report_slc.json" "$work/nobuf.json" ||
	fail "cannot write nobuf.json"
"$ssdprof" compare "$data/report_slc.json" "$work/nobuf.json" >"$work/stdout" 2>&1 || fail "slc compare failed: $(cat "$work/stdout")"
grep -q 'nobuf.json) .* n/a$' "$work/stdout" || fail "an unmeasured buffer is not n/a: $(cat "$work/stdout")"
"$ssdprof" compare "$data/report_run.json" "$data/report_run_qd.json" -o "$work/r.html" >"$work/stdout" 2>&1 ||
	fail "run compare failed: $(cat "$work/stdout")"
grep -q 'id="chart-compare-iops-vs-qd"' "$work/r.html" || fail "no IOPS-vs-QD chart"
# A sweep under a skewed workload beside the same drive's uniform 4 KiB sweep: the knee shift.
"$ssdprof" compare "$data/report_sweep_dc.json" "$data/report_sweep_zipf.json" >"$work/stdout" 2>&1 ||
	fail "knee shift compare failed: $(cat "$work/stdout")"
grep -q 'workload  *knee shift$' "$work/stdout" || fail "no workload and knee shift columns: $(cat "$work/stdout")"
grep -q 'report_sweep_dc.json)  .*  20.00  *20.00  *319997  *1.88  *n/a  *4 KiB$' "$work/stdout" ||
	fail "the uniform sweep has a shift: $(cat "$work/stdout")"
grep -q 'report_sweep_zipf.json)  .*  40.00  *319152  *1.85  *n/a  *4 KiB, zipf:1.2  *+20.00 points vs row 1 (uniform 4 KiB)$' \
	"$work/stdout" || fail "zipf row: $(cat "$work/stdout")"
# Another sim spec is another drive, though every sim of a preset has one serial: no shift.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["target"]["path"] += ",hot_cold=1"; json.dump(d, open(sys.argv[2], "w"))' \
	"$data/report_sweep_zipf.json" "$work/hc.json" || fail "cannot write hc.json"
"$ssdprof" compare "$data/report_sweep_dc.json" "$work/hc.json" >"$work/stdout" 2>&1 || fail "hc compare failed"
grep -q 'zipf:1.2$' "$work/stdout" || fail "a shift against another sim spec: $(cat "$work/stdout")"
# A mixed run's reads and writes apart in the run table.
"$ssdprof" compare "$data/report_run.json" "$data/report_run_mixed.json" >"$work/stdout" 2>&1 ||
	fail "mixed run compare failed: $(cat "$work/stdout")"
grep -q 'read IOPS  *read MB/s  *read p99 µs  *write IOPS  *write MB/s  *write p99 µs$' "$work/stdout" ||
	fail "no per-direction columns: $(cat "$work/stdout")"
grep -q '  80319  *914.3  *1284.1  *20134  *229.5  *1029.1$' "$work/stdout" || fail "mixed row: $(cat "$work/stdout")"
# Compare that compares: the answer first, ranked bars, each knee marked, a log IOPS axis said so,
# and a life column from the rated endurance where the sweep knew it (n/a where not).
"$ssdprof" compare "$data/report_sweep_endurance.json" "$data/report_sweep_dc.json" "$data/report_sweep_notsteady.json" \
	-o "$work/k.html" >"$work/stdout" 2>"$work/stderr" || fail "three-sweep compare failed: $(cat "$work/stderr")"
grep -q 'WA there  *life years$' "$work/stdout" || fail "no life column: $(cat "$work/stdout")"
grep -q '^sim:budget-tlc,capacity=1G  .*  55000  *1.68  *2.81$' "$work/stdout" || fail "life of the rated sweep: $(cat "$work/stdout")"
python3 - "$work/k.html" <<'PY' || fail "the compare page"
import re, sys
page = open(sys.argv[1]).read()
answer = page.index('id="answer"')
assert answer < page.index('id="chart-compare-ranked"') < page.index('<h2 id="summary"'), 'answer, ranking, then details'
head = re.search(r'<p class="head"[^>]*>([^<]*)</p>', page).group(1)
assert head.startswith('Best by steady_iops: sim:dc-tlc,capacity=2G, 319997 (5.82× the next, sim:budget-tlc,capacity=1G, 55000)'), head
# The ranked bars carry the figures the table prints, best first.
ranked = re.search(r'<figure id="chart-compare-ranked".*?</svg>', page, re.S).group(0)
assert [t for t in re.findall(r'>(\d+)</text>', ranked) if t in ('319997', '55000', '50384')] == ['319997', '55000', '50384'], ranked[-2000:]
iops = re.search(r'<figure id="chart-compare-iops-vs-op".*?</svg>', page, re.S).group(0)
for knee in ('1: knee 28%', '2: knee 20%', '3: knee 20%'):
    assert f'>{knee}</text>' in iops, knee
assert '>steady IOPS (log scale)</text>' in iops and 'The IOPS axis is logarithmic' in page
PY
# --rank-by picks the bars' figure: lowest p99.9 first.
"$ssdprof" compare "$data/report_sweep_dc.json" "$data/report_sweep_endurance.json" --rank-by p99_9_write_us \
	-o "$work/l.html" >"$work/stdout" 2>"$work/stderr" || fail "--rank-by p99_9_write_us: $(cat "$work/stderr")"
grep -q 'Drives ranked by p99_9_write_us (lower is better)' "$work/l.html" || fail "the bars do not follow --rank-by"
echo "report_compare: ok"
