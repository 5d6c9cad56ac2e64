/* SPDX-License-Identifier: MIT */
/* Ticks, tick labels, SVG and PNG output of chart.c; tables and CSV fields. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "reports/chart.h"
#include "reports/csv_export.h"
#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/table.h"

static void test_ticks_125(void **state)
{
	double t[64], step;
	size_t n;

	(void)state;
	n = chart_ticks(0, 55000, 6, t, 64, &step);
	assert_true(step == 10000);
	assert_true(t[0] == 0 && t[n - 1] == 60000);
	n = chart_ticks(1.3, 7.8, 6, t, 64, &step);
	assert_true(step == 1);
	assert_true(t[0] == 1 && t[n - 1] == 8);
	n = chart_ticks(0, 0.098, 6, t, 64, &step);
	assert_true(fabs(step - 0.02) < 1e-12);
	assert_true(fabs(t[n - 1] - 0.1) < 1e-12);
	/* Every step is 1, 2 or 5 times a power of ten. */
	for (double hi = 0.003; hi < 1e9; hi *= 1.37) {
		double m;

		chart_ticks(0, hi, 6, t, 64, &step);
		m = step / pow(10, floor(log10(step) + 1e-9));
		assert_true(fabs(m - 1) < 1e-6 || fabs(m - 2) < 1e-6 || fabs(m - 5) < 1e-6 || fabs(m - 10) < 1e-6);
	}
	/* Data a hair past a tick ends there. */
	n = chart_ticks(0, 300.004, 6, t, 64, &step);
	assert_true(t[n - 1] == 300);
	/* A flat series still gets an axis. */
	n = chart_ticks(5, 5, 6, t, 64, &step);
	assert_true(n >= 2 && t[0] <= 5 && t[n - 1] > 5);
}

static void test_tick_labels(void **state)
{
	char b[32];

	(void)state;
	assert_string_equal(chart_tick_label(b, sizeof(b), 50000, 10000, 60000), "50k");
	assert_string_equal(chart_tick_label(b, sizeof(b), 0, 10000, 60000), "0");
	assert_string_equal(chart_tick_label(b, sizeof(b), 1500000, 500000, 3000000), "1.5M");
	assert_string_equal(chart_tick_label(b, sizeof(b), 2000, 500, 2500), "2000");
	assert_string_equal(chart_tick_label(b, sizeof(b), 0.04, 0.02, 0.12), "0.04");
	assert_string_equal(chart_tick_label(b, sizeof(b), 2.5, 0.5, 4.5), "2.5");
}

static struct chart sample_chart(void)
{
	static const double x[] = { 0, 10, 20, 30 }, y[] = { 18000, 38000, 50000, 55000 };
	static const bool open[] = { true, true, false, false };
	struct chart c = { .title = "IOPS & <OP>", .xlabel = "OP (%)", .ylabel = "IOPS", .x_from_zero = true,
			   .y_from_zero = true, .open_note = "hollow: not steady" };

	c.series[c.nseries++] = (struct chart_series){ .label = "steady IOPS", .x = x, .y = y, .open = open, .n = 4,
						      .markers = true };
	c.vlines[c.nvlines++] = (struct chart_vline){ 20, "knee 20%" };
	return c;
}

static void test_svg(void **state)
{
	struct chart c = sample_chart();
	char *svg;
	size_t len;

	(void)state;
	assert_int_equal(chart_svg(&c, 1000, 560, "c7-", &svg, &len), 0);
	assert_true(len == strlen(svg));
	assert_true(!strncmp(svg, "<svg", 4));
	assert_non_null(strstr(svg, "</svg>"));
	assert_null(strstr(svg, "<?xml"));
	/* Ids (cairo's clip paths) are prefixed, and so are the references to them. */
	assert_null(strstr(svg, "id=\"clip"));
	assert_null(strstr(svg, "url(#clip"));
	assert_non_null(strstr(svg, "id=\"c7-"));
	/*
	 * Text is text: the title escaped, the tick labels and the knee's label
	 * as <text> a reader can select and search; no glyph outlines.
	 */
	assert_null(strstr(svg, "<symbol"));
	assert_non_null(strstr(svg, ">IOPS &amp; &lt;OP&gt;</text>"));
	assert_non_null(strstr(svg, "text-anchor=\"end\">50k</text>"));
	assert_non_null(strstr(svg, ">knee 20%</text>"));
	/* The y title is turned a quarter: its matrix rotates by -90 degrees. */
	assert_non_null(strstr(svg, "transform=\"matrix(") );
	assert_non_null(strstr(svg, ">IOPS</text>"));
	free(svg);

	/* Nothing measured: still a chart, with its message. */
	c.empty = "latency percentiles not measured";
	assert_int_equal(chart_svg(&c, 1000, 560, "c8-", &svg, &len), 0);
	assert_non_null(strstr(svg, "</svg>"));
	free(svg);
}

/* The <text> elements of an SVG whose text is exactly s. */
static size_t texts(const char *svg, const char *s)
{
	char want[256];
	size_t n = 0;

	snprintf(want, sizeof(want), ">%s</text>", s);
	for (const char *p = svg; (p = strstr(p, want)); p++)
		n++;
	return n;
}

/*
 * Named x ticks (a qualification's requirements) draw the names, not the
 * numbers of their places: letters no number has appear in the SVG, and
 * sixteen long names still make a chart.
 */
static void test_named_x_axis(void **state)
{
	static const double x[] = { 1, 2, 3 }, y[] = { 25, -40, 80 };
	static const char *const names[] = { "JQW_KX>=VZ", "JQW_KX<=VZ", "steady" };
	static const char *const many[] = {
		"steady", "steady_iops>=40000", "p99_9_write_us<=2000", "post_cache_mbps>=300", "life_years>=5",
		"qd1_read_us<=90", "qd1_write_us<=1000", "read_iops>=100000", "steady_iops>=41000",
		"p99_9_write_us<=2100", "post_cache_mbps>=310", "life_years>=6", "qd1_read_us<=91",
		"qd1_write_us<=1001", "read_iops>=100001", "a_requirement_named_at_such_length_that_it_is_cut>=1",
	};
	struct chart *c = calloc(1, sizeof(*c));
	char *plain, *named, *png;
	size_t len;

	(void)state;
	assert_non_null(c);
	c->series[c->nseries++] = (struct chart_series){ .x = x, .y = y, .n = 3, .markers = true };
	assert_int_equal(chart_svg(c, 1000, 560, "n1-", &plain, &len), 0);
	c->x_names = names;
	c->nx_names = 3;
	assert_int_equal(chart_svg(c, 1000, 560, "n2-", &named, &len), 0);
	/* The names under the ticks, not the numbers of their places (plain numbers them 1.0 to 3.0). */
	assert_int_equal(texts(named, "JQW_KX&gt;=VZ"), 1);
	assert_int_equal(texts(named, "JQW_KX&lt;=VZ"), 1);
	assert_int_equal(texts(named, "steady"), 1);
	assert_int_equal(texts(plain, "steady") + texts(plain, "JQW_KX&gt;=VZ"), 0);
	assert_int_equal(texts(named, "2.0") + texts(named, "2.5"), 0);
	assert_true(texts(plain, "2.0") + texts(plain, "2.5") >= 1);
	free(plain);
	free(named);
	c->x_names = many;
	c->nx_names = sizeof(many) / sizeof(many[0]);
	assert_int_equal(chart_png(c, 1000, 560, &png, &len), 0);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	free(png);
	free(c);
}

static void test_png(void **state)
{
	struct chart c = sample_chart();
	char *png;
	size_t len;

	(void)state;
	assert_int_equal(chart_png(&c, 1000, 600, &png, &len), 0);
	assert_true(len > 1000);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	/* Width and height in IHDR, big-endian. */
	assert_int_equal(((unsigned char)png[16] << 24 | (unsigned char)png[17] << 16 | (unsigned char)png[18] << 8 |
			  (unsigned char)png[19]), 1000);
	free(png);
}

static void test_table(void **state)
{
	struct table t;
	struct strbuf b = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	table_init(&t, "T");
	table_col(&t, "OP %", TA_RIGHT);
	table_col(&t, "steady", TA_LEFT);
	table_col(&t, "lat mean µs", TA_RIGHT);
	table_col(&t, "", TA_LEFT);
	table_row(&t);
	table_num(&t, 0, 0, 2);
	table_cell(&t, 1, "NO");
	table_num(&t, 2, NAN, 1);
	table_row(&t);
	table_num(&t, 0, 20, 2);
	table_cell(&t, 1, "yes");
	table_num(&t, 2, 640.84, 1);
	table_cell(&t, 3, "<- knee");
	table_print(&t, f, "");
	fclose(f);
	/* µ is one column wide; an empty last cell leaves no trailing blanks; not measured is n/a. */
	assert_string_equal(text, " OP %  steady  lat mean µs\n"
				  " 0.00  NO              n/a\n"
				  "20.00  yes           640.8  <- knee\n");
	free(text);
	table_html(&t, &b);
	assert_non_null(strstr(b.p, "<td>&lt;- knee</td>"));
	assert_non_null(strstr(b.p, "<td class=\"r\">640.8</td>"));
	sb_free(&b);
	table_free(&t);
}

static void test_csv_field(void **state)
{
	struct strbuf b = { 0 };

	(void)state;
	csv_field(&b, "plain");
	sb_add(&b, "|");
	csv_field(&b, "a,b");
	sb_add(&b, "|");
	csv_field(&b, "say \"hi\"");
	assert_string_equal(b.p, "plain|\"a,b\"|\"say \"\"hi\"\"\"");
	sb_free(&b);
}

/*
 * A model name in a wide script (two columns a character) or with a byte
 * that is no UTF-8: the columns still line up, and the bad byte is shown
 * as \xNN, never sent.  The hand-written layout counted a character as
 * one column and sent the byte.
 */
static void test_wide_text(void **state)
{
	struct table t;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	table_init(&t, "T");
	table_col(&t, "drive", TA_LEFT);
	table_col(&t, "n", TA_RIGHT);
	table_row(&t);
	table_cell(&t, 0, "\xe5\xad\x98\xe5\x82\xa8");   /* two CJK characters, 4 columns */
	table_cell(&t, 1, "1");
	table_row(&t);
	table_cell(&t, 0, "a\xff");
	table_cell(&t, 1, "22");
	table_print(&t, f, "  ");
	fclose(f);
	assert_string_equal(text, "  drive   n\n"
				  "  \xe5\xad\x98\xe5\x82\xa8    1\n"
				  "  a\\xff  22\n");
	free(text);
	assert_int_equal(table_width(&t), 9);
	table_free(&t);
	/* The width a terminal's table is narrowed by is the one printed: 8 columns, not 4. */
	table_init(&t, "T");
	table_col(&t, "d", TA_LEFT);
	table_row(&t);
	table_cell(&t, 0, "\xe5\xad\x98\xe5\x82\xa8\xe5\xad\x98\xe5\x82\xa8");
	assert_int_equal(table_width(&t), 8);
	table_free(&t);
}

/* Text a document held: control bytes shown on the terminal and the page, formulas neutralised in CSV. */
static void test_hostile_text(void **state)
{
	struct table t;
	struct strbuf b = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	table_init(&t, "T");
	table_col(&t, "drive", TA_LEFT);
	table_col(&t, "n", TA_RIGHT);
	table_row(&t);
	table_cell(&t, 0, "a\x1b[2Jb\xc2\x9b" "c\x7f");
	table_cell(&t, 1, "1");
	table_row(&t);
	table_cell(&t, 0, "µs");
	table_cell(&t, 1, "22");
	table_print(&t, f, "");
	fclose(f);
	/* Escaped, and the columns still line up (\xNN is 4 wide). */
	assert_string_equal(text, "drive                    n\n"
				  "a\\x1b[2Jb\\xc2\\x9bc\\x7f   1\n"
				  "µs                      22\n");
	free(text);
	table_html(&t, &b);
	assert_non_null(strstr(b.p, "<td>a\\x1b[2Jb\\xc2\\x9bc\\x7f</td>"));
	assert_null(strchr(b.p, '\x1b'));
	sb_free(&b);
	table_free(&t);

	csv_field(&b, "=HYPERLINK(\"x\")");
	sb_add(&b, "|");
	csv_field(&b, "+1+2");
	sb_add(&b, "|");
	csv_field(&b, "@SUM(A1)");
	sb_add(&b, "|");
	csv_field(&b, "-2+3");
	sb_add(&b, "|");
	csv_field(&b, "-12.5");
	sb_add(&b, "|");
	csv_field(&b, "+7");
	sb_add(&b, "|");
	csv_field(&b, "1e3");
	sb_add(&b, "|");
	csv_field(&b, "sim:x,y");
	assert_string_equal(b.p, "\"'=HYPERLINK(\"\"x\"\")\"|'+1+2|'@SUM(A1)|'-2+3|-12.5|+7|1e3|\"sim:x,y\"");
	sb_free(&b);

	assert_true(html_href_ok("drive-1/sweep/report.html"));
	assert_true(html_href_ok("report.html"));
	assert_false(html_href_ok("javascript:alert(1)//report.html"));
	assert_false(html_href_ok("data:text/html,x"));
	assert_false(html_href_ok("../report.html"));
	assert_false(html_href_ok("drive-1/../../report.html"));
	assert_false(html_href_ok("/etc/report.html"));
	assert_false(html_href_ok("//evil.example/report.html"));
	assert_false(html_href_ok("drive-1//report.html"));
	assert_false(html_href_ok("drive-1/"));
	assert_false(html_href_ok(" report.html"));
	assert_false(html_href_ok(""));
	assert_false(html_href_ok(NULL));
}

/* A sweep point at op %: five 10 s rounds, ten 5 s intervals falling from fresh to steady, window [0, 4]. */
static struct json_object *fake_point(double op)
{
	struct json_object *p = json_object_new_object(), *ss = json_object_new_object(), *win = json_object_new_array();
	struct json_object *ts = json_object_new_array(), *iv = json_object_new_object();
	struct json_object *t = json_object_new_array(), *io = json_object_new_array(), *gb = json_object_new_array();
	double steady = 10000 + 500 * op, written = 0;

	for (int i = 0; i < 5; i++) {
		struct json_object *r = json_object_new_object();

		json_object_object_add(r, "t_s", json_object_new_double(10.0 * (i + 1)));
		json_object_object_add(r, "iops", json_object_new_double(steady * (1 + 0.01 * (4 - i))));
		json_object_object_add(r, "mbps", json_object_new_double(steady * 0.004096));
		json_object_array_add(ts, r);
	}
	for (int i = 0; i < 10; i++) {
		double iops = steady * (1 + 2 * exp(-i));

		written += iops * 5 * 4096 / 1e9;
		json_object_array_add(t, json_object_new_double(5.0 * (i + 1)));
		json_object_array_add(io, json_object_new_double(iops));
		json_object_array_add(gb, json_object_new_double(written));
	}
	json_object_object_add(iv, "t_s", t);
	json_object_object_add(iv, "iops", io);
	json_object_object_add(iv, "gb_written", gb);
	json_object_array_add(win, json_object_new_int(0));
	json_object_array_add(win, json_object_new_int(4));
	json_object_object_add(ss, "reached", json_object_new_boolean(1));
	json_object_object_add(ss, "window", win);
	json_object_object_add(ss, "iops", json_object_new_double(steady));
	json_object_object_add(p, "op_percent", json_object_new_double(op));
	json_object_object_add(p, "steady_state", ss);
	json_object_object_add(p, "iops", json_object_new_double(steady));
	json_object_object_add(p, "mbps", json_object_new_double(steady * 0.004096));
	json_object_object_add(p, "timeseries", ts);
	json_object_object_add(p, "intervals", iv);
	return p;
}

/* The distinct colours of lines (not greys: axes, grid, ticks) in the first SVG of html. */
static size_t line_colours(const char *html)
{
	const char *end = strstr(html, "</svg>"), *s = strstr(html, "<svg");
	char seen[128][48];
	size_t n = 0;

	assert_non_null(s);
	assert_non_null(end);
	while ((s = strstr(s, "stroke:rgb(")) && s < end) {
		double r, g, b;
		char c[48];
		bool dup = false;

		assert_int_equal(sscanf(s, "stroke:rgb(%lf%%,%lf%%,%lf%%)", &r, &g, &b), 3);
		snprintf(c, sizeof(c), "%.1f,%.1f,%.1f", r, g, b);
		s++;
		if (r == g && g == b)
			continue;
		for (size_t i = 0; i < n; i++)
			dup |= !strcmp(seen[i], c);
		if (!dup && n < 128)
			snprintf(seen[n++], sizeof(seen[0]), "%s", c);
	}
	return n;
}

/* A 17-point sweep draws 17 lines over time, each its own colour (16 were drawn, 10 colours, before). */
static void test_seventeen_points_drawn(void **state)
{
	struct json_object *doc = json_object_new_object(), *points = json_object_new_array();
	struct html_page pg = { 0 };

	(void)state;
	for (int i = 0; i < 17; i++)
		json_object_array_add(points, fake_point(2.5 * i));
	json_object_object_add(doc, "points", points);
	html_begin(&pg, "t");
	steady_charts(&pg, doc, points, true);
	assert_int_equal(pg.error, 0);
	assert_int_equal(pg.ncharts, 2);
	assert_non_null(strstr(pg.b.p, "<figure id=\"chart-iops-over-time\""));
	assert_int_equal(line_colours(strstr(pg.b.p, "<figure id=\"chart-iops-over-time\"")), 17);
	assert_int_equal(line_colours(strstr(pg.b.p, "<figure id=\"chart-iops-over-gb\"")), 17);
	html_page_free(&pg);
	json_object_put(doc);
}

/* Past the cap a line is counted, not lost without a word; the sequential ramp stays distinct. */
static void test_series_cap_said(void **state)
{
	struct plot *p = calloc(1, sizeof(*p));
	double *x, *y, prev[3] = { -1, -1, -1 };
	char *svg;
	size_t len;

	(void)state;
	assert_non_null(p);
	for (size_t i = 0; i < CHART_MAX_SERIES + 2; i++) {
		struct chart_series *s = plot_line(p, 2, &x, &y, NULL);

		if (i < CHART_MAX_SERIES)
			assert_non_null(s);
		else
			assert_null(s);
		if (s) {
			x[1] = y[1] = 1;
			s->color = (int)(i % 64);
		}
	}
	assert_int_equal(p->c.nseries, CHART_MAX_SERIES);
	assert_int_equal(p->c.dropped, 2);
	p->c.seq_n = 64;
	assert_int_equal(chart_svg(&p->c, 1000, 560, "c1-", &svg, &len), 0);
	free(svg);
	plot_free(p);
	free(p);
	/* 64 steps of the ramp: each differs from the one before, darkest first. */
	for (int i = 0; i < 64; i++) {
		double rgb[3];

		chart_seq_color(i, 64, rgb);
		assert_true(fabs(rgb[0] - prev[0]) + fabs(rgb[1] - prev[1]) + fabs(rgb[2] - prev[2]) > 0.005);
		memcpy(prev, rgb, sizeof(prev));
	}
}

/* A log axis takes latencies over decades, leaves out what it cannot show, and the subtitle is drawn. */
static void test_log_axis_and_subtitle(void **state)
{
	static const double x[] = { 0, 10, 20, 30 }, y[] = { 0, 95, 1800, 25000 };
	struct chart c = { .title = "latency", .y_log10 = true };
	char *a, *b;
	size_t la, lb;

	(void)state;
	c.series[c.nseries++] = (struct chart_series){ .label = "p99", .x = x, .y = y, .n = 4, .markers = true };
	assert_int_equal(chart_svg(&c, 1000, 560, "c1-", &a, &la), 0);
	assert_null(strstr(a, "nan"));
	assert_null(strstr(a, "inf"));
	assert_int_equal(texts(a, "sim:budget-tlc,capacity=2G"), 0);
	c.subtitle = "ssdprof simulated budget-tlc · sim:budget-tlc,capacity=2G";
	assert_int_equal(chart_svg(&c, 1000, 560, "c1-", &b, &lb), 0);
	assert_int_equal(texts(b, "ssdprof simulated budget-tlc · sim:budget-tlc,capacity=2G"), 1);
	/* Decades, and 2 and 5 between them, as tick labels. */
	assert_int_equal(texts(b, "100"), 1);
	assert_int_equal(texts(b, "1000"), 1);
	free(a);
	free(b);
}

/*
 * A log2 axis of block sizes in KiB from 0.5 up: the powers of two below 1
 * keep their fraction (0.5, not "0"), those above stay whole numbers.
 */
static void test_log2_axis_fractions(void **state)
{
	static const double x[] = { 0.5, 1, 4, 64 }, y[] = { 900, 1800, 7000, 9000 };
	struct chart c = { .title = "IOPS against block size", .x_log2 = true, .y_from_zero = true };
	char *svg;
	size_t len;

	(void)state;
	c.series[c.nseries++] = (struct chart_series){ .label = "IOPS", .x = x, .y = y, .n = 4, .markers = true };
	assert_int_equal(chart_svg(&c, 1000, 560, "b1-", &svg, &len), 0);
	assert_int_equal(texts(svg, "0.5"), 1);
	assert_int_equal(texts(svg, "64"), 1);
	assert_int_equal(texts(svg, "16"), 1);
	/* 0 is on the y axis alone (its first tick), never under the x axis. */
	assert_int_equal(texts(svg, "0"), 1);
	free(svg);
}

/*
 * A legend label longer than the chart is wide (a RAID group named by its
 * members) is cut with an ellipsis inside the chart; a short one is whole.
 */
static void test_long_legend_label_cut(void **state)
{
	static const double x[] = { 0, 20 }, y[] = { 100, 200 };
	char label[400], *svg;
	struct chart c = { .title = "IOPS", .y_from_zero = true };
	size_t len;

	(void)state;
	snprintf(label, sizeof(label), "raid5");
	for (int i = 1; i <= 12; i++)
		snprintf(label + strlen(label), sizeof(label) - strlen(label), "%ssim:budget-tlc,seed=%d",
			 i == 1 ? ":" : "+", i);
	c.series[c.nseries++] = (struct chart_series){ .label = "short", .x = x, .y = y, .n = 2 };
	c.series[c.nseries++] = (struct chart_series){ .label = label, .x = x, .y = y, .n = 2 };
	assert_int_equal(chart_svg(&c, 1000, 560, "l1-", &svg, &len), 0);
	assert_int_equal(texts(svg, "short"), 1);
	assert_int_equal(texts(svg, label), 0);
	assert_non_null(strstr(svg, ">raid5:sim:budget-tlc,seed=1+"));
	assert_non_null(strstr(svg, "\xe2\x80\xa6</text>"));
	free(svg);
}

/* Rounds 1 to 6 on a wide chart: a tick on every whole round, none at 1.5 (a combined pts page had 1.0, 1.5, ...). */
static void test_whole_x_ticks(void **state)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6 }, y[] = { 15300, 14900, 14800, 14950, 15000, 15050 };
	struct chart c = { .title = "Convergence", .xlabel = "round", .x_whole = true, .y_from_zero = true };
	char *svg;
	size_t len;

	(void)state;
	c.series[c.nseries++] = (struct chart_series){ .label = "4 KiB 0/100", .x = x, .y = y, .n = 6, .markers = true };
	assert_int_equal(chart_svg(&c, 1000, 560, "w1-", &svg, &len), 0);
	assert_int_equal(texts(svg, "1.5"), 0);
	assert_int_equal(texts(svg, "2.5"), 0);
	assert_int_equal(texts(svg, "1.0"), 0);
	for (int r = 1; r <= 6; r++) {
		char t[8];

		snprintf(t, sizeof(t), "%d", r);
		assert_int_equal(texts(svg, t), 1);
	}
	free(svg);
	/* Without it, the same data has ticks between the rounds. */
	c.x_whole = false;
	assert_int_equal(chart_svg(&c, 1000, 560, "w2-", &svg, &len), 0);
	assert_true(texts(svg, "1.5") == 1 || texts(svg, "1.0") == 1);
	free(svg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ticks_125), cmocka_unit_test(test_tick_labels), cmocka_unit_test(test_svg),
		cmocka_unit_test(test_png),       cmocka_unit_test(test_table),       cmocka_unit_test(test_csv_field),
		cmocka_unit_test(test_hostile_text),
		cmocka_unit_test(test_wide_text),
		cmocka_unit_test(test_seventeen_points_drawn), cmocka_unit_test(test_series_cap_said),
		cmocka_unit_test(test_log_axis_and_subtitle), cmocka_unit_test(test_named_x_axis),
		cmocka_unit_test(test_log2_axis_fractions),
		cmocka_unit_test(test_long_legend_label_cut), cmocka_unit_test(test_whole_x_ticks),
	};

	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return failed;
}
