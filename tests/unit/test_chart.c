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

#include "reports/chart.h"
#include "reports/csv_export.h"
#include "reports/html.h"
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
	/* Glyph ids are prefixed, and so are the references to them. */
	assert_null(strstr(svg, "id=\"glyph"));
	assert_null(strstr(svg, "href=\"#glyph"));
	assert_non_null(strstr(svg, "id=\"c7-"));
	free(svg);

	/* Nothing measured: still a chart, with its message. */
	c.empty = "latency percentiles not measured";
	assert_int_equal(chart_svg(&c, 1000, 560, "c8-", &svg, &len), 0);
	assert_non_null(strstr(svg, "</svg>"));
	free(svg);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ticks_125), cmocka_unit_test(test_tick_labels), cmocka_unit_test(test_svg),
		cmocka_unit_test(test_png),       cmocka_unit_test(test_table),       cmocka_unit_test(test_csv_field),
	};

	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return failed;
}
