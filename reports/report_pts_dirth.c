/* SPDX-License-Identifier: MIT */
/*
 * The parts of a `pts` page for the composite workload (cbw) and DIRTH:
 * the workload's line in the summary, and DIRTH's demand-intensity pass as
 * the spec draws it: IOPS against mean response time with a line per
 * thread count (demand intensity), IOPS against thread count with a line
 * per queue depth (demand variation), and the response-time histograms of
 * the max, mid and min IOPS points.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/report_pts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/text.h"

/* A DIRTH saved before its grid ran in rounds: one pass from the steady state, no window of its own. */
static bool one_pass(struct json_object *doc)
{
	const char *why = jstr(jget(jidx(jget(jget(doc, "pts"), "stages"), 1), "steady_state"), "stop_reason");

	return why && !strcmp(why, "single pass");
}

void report_pts_b_summary(struct html_page *pg, struct json_object *doc)
{
	struct json_object *pts = jget(doc, "pts"), *cell = jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0);
	const char *test = text_or_na(jstr(pts, "test"));

	if (jstr(cell, "workload"))
		html_dl(pg, "workload", "%s (ssdprof workloads): its block sizes and access zones drawn per I/O, "
			"%g%% read", jstr(cell, "workload"), jnum(cell, "read_pct"));
	if (!strcmp(test, "dirth")) {
		struct json_object *steady = jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0);

		if (one_pass(doc))
			html_dl(pg, "demand", "steady at %g outstanding I/Os (%g threads x %g), then one pass of every "
				"thread count x queue depth, highest first (a depth the target cannot keep in flight is "
				"not measured); T threads of Q I/Os run as one queue of T x Q", jnum(steady, "qd"),
				jnum(steady, "threads"), jnum(steady, "thread_qd"));
		else
			html_dl(pg, "demand", "preconditioned to steady state with %g%% writes at %g outstanding I/Os "
				"(%g threads x %g), then rounds of every thread count x queue depth, highest first, "
				"until the highest demand's IOPS held the window; each cell's figures are the window's "
				"means (a depth the target cannot keep in flight is not measured); T threads of Q I/Os "
				"run as one queue of T x Q", 100 - jnum(steady, "read_pct"), jnum(steady, "qd"),
				jnum(steady, "threads"), jnum(steady, "thread_qd"));
	}
}

/* The pass as a table: a row per cell, highest demand first. */
static void pass_table(struct table *t, struct json_object *cells, bool once)
{
	table_init(t, once ? "Demand intensity: every thread count x queue depth, one pass"
			   : "Demand intensity: every thread count x queue depth, the window's means");
	table_cols(t, "threads", TA_RIGHT, "QD per thread", TA_RIGHT, "outstanding", TA_RIGHT, "IOPS", TA_RIGHT,
		   "MB/s", TA_RIGHT, "mean µs", TA_RIGHT, "p99.999 µs", TA_RIGHT, "max µs", TA_RIGHT, NULL);
	for (size_t c = 0; c < jlen(cells); c++) {
		struct json_object *cell = jidx(cells, c);

		table_row(t);
		table_num(t, 0, jnum(cell, "threads"), 0);
		table_num(t, 1, jnum(cell, "thread_qd"), 0);
		table_num(t, 2, jnum(cell, "qd"), 0);
		table_num(t, 3, jnum(cell, "iops"), 0);
		table_num(t, 4, jnum(cell, "mbps"), 1);
		table_num(t, 5, jat(cell, "lat_us/mean"), 1);
		table_num(t, 6, jat(cell, "lat_us/" LAT_KEY_P99999), 1);
		table_num(t, 7, jat(cell, "lat_us/max"), 1);
	}
}

/* The three points' histograms: the share of each point's I/Os per power-of-two bin of response time. */
static void histograms(struct html_page *pg, struct json_object *dirth, struct json_object *cells, const char *pre)
{
	struct json_object *points = jget(dirth, "points"), *low = jget(dirth, "bin_low_us");
	struct plot p = { .c = { .title = "Response-time histograms at the max, mid and min IOPS points",
				 .xlabel = "response time from (µs, bins of a power of two)",
				 .ylabel = "share of the point's I/Os (%)", .x_log2 = true, .y_from_zero = true } };
	char id[64];

	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *pt = jidx(points, i), *h = jget(pt, "histogram");
		struct json_object *cell = jidx(cells, (size_t)jnum(pt, "cell"));
		double *x, *y, total = 0;
		struct chart_series *s;
		size_t first = SIZE_MAX, last = 0, n;

		for (size_t b = 0; b < jlen(h); b++) {
			double v = json_object_get_double(jidx(h, b));

			total += v;
			if (v > 0 && b > 0) {
				first = first == SIZE_MAX ? b : first;
				last = b;
			}
		}
		if (first == SIZE_MAX || !(s = plot_line(&p, n = last - first + 1, &x, &y, NULL)))
			continue;
		for (size_t b = first; b <= last; b++) {
			x[b - first] = json_object_get_double(jidx(low, b));
			y[b - first] = 100.0 * json_object_get_double(jidx(h, b)) / total;
		}
		snprintf(plot_label(&p, s), PLOT_LABEL, "%s IOPS: T%g x Q%g, %.0f IOPS, mean %.0f µs",
			 text_or_na(jstr(pt, "point")), jnum(cell, "threads"), jnum(cell, "thread_qd"), jnum(pt, "iops"),
			 jat(pt, "lat_us/mean"));
		s->label = plot_label(&p, s);
		s->markers = true;
		s->color = (int)i;
	}
	empty_unless_measured(&p.c, "no point measured");
	plot_show(pg, pts_id(id, sizeof(id), pre, "pts-dirth-histograms"), &p, NULL);
}

void report_pts_dirth(struct html_page *pg, struct json_object *doc, struct json_object *pass, const char *pre)
{
	struct json_object *cells = jget(pass, "cells"), *dirth = jget(jget(doc, "pts"), "dirth");
	static const struct line_spec iops_lat[] = { { "mean response time", "lat_us/mean" } };
	static const struct line_spec iops_only[] = { { "IOPS", "iops" } };
	const struct line_plan by_threads = { "iops", 1, "threads", "T", 1, "" };
	const struct line_plan by_qd = { "threads", 1, "thread_qd", "Q", 1, "" };
	struct plot di = { .c = { .title = "Demand intensity: mean response time against IOPS, a line per thread count",
				  .xlabel = "IOPS", .ylabel = "mean response time (µs)", .y_from_zero = true } };
	struct plot dv = { .c = { .title = "Demand variation: IOPS against thread count, a line per queue depth",
				  .xlabel = "threads", .ylabel = "IOPS", .x_log2 = true, .y_from_zero = true } };
	struct table t;
	char id[64];

	html_h2(pg, pts_id(id, sizeof(id), pre, "demand-intensity"), "Demand intensity");
	add_lines(&di, cells, &by_threads, iops_lat, 1);
	empty_unless_measured(&di.c, "no cell measured");
	pass_table(&t, cells, one_pass(doc));
	plot_show(pg, pts_id(id, sizeof(id), pre, "pts-dirth-intensity"), &di, &t);
	table_free(&t);
	html_h2(pg, pts_id(id, sizeof(id), pre, "demand-variation"), "Demand variation");
	add_lines(&dv, cells, &by_qd, iops_only, 1);
	empty_unless_measured(&dv.c, "no cell measured");
	plot_show(pg, pts_id(id, sizeof(id), pre, "pts-dirth-variation"), &dv, NULL);
	html_h2(pg, pts_id(id, sizeof(id), pre, "histograms"), "Response-time histograms");
	if (!dirth || json_object_is_type(dirth, json_type_null)) {
		html_p(pg, "No cell of the pass was measured: no histogram.");
		return;
	}
	histograms(pg, dirth, cells, pre);
	for (size_t i = 0; i < jlen(jget(dirth, "points")); i++) {
		struct json_object *pt = jidx(jget(dirth, "points"), i);

		html_p(pg, "%s IOPS point: cell %g, %.0f IOPS; response time mean %.1f µs, 99%% %.1f, 99.99%% %.1f, "
		       "99.999%% %.1f, max %.1f", text_or_na(jstr(pt, "point")), jnum(pt, "cell") + 1, jnum(pt, "iops"),
		       jat(pt, "lat_us/mean"), jat(pt, "lat_us/p99"), jat(pt, "lat_us/p99_99"),
		       jat(pt, "lat_us/" LAT_KEY_P99999), jat(pt, "lat_us/max"));
	}
}
