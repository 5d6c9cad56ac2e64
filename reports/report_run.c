/* SPDX-License-Identifier: MIT */
/* The page of a run: one row per series, and IOPS and latency against queue depth or over time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/result_json.h"

/*
 * Whether the run read: its rw reads ("read", "randread", "rw", "randrw"),
 * a share of it did, or a series has reads apart or their unwritten share.
 */
static bool run_reads(struct json_object *doc)
{
	struct json_object *s = jget(doc, "settings"), *series = jget(doc, "series");
	const char *rw = jstr(s, "rw");
	bool reads = (rw && (strstr(rw, "read") || strstr(rw, "rw"))) || jnum(s, "read_pct") > 0;

	for (size_t i = 0; i < jlen(series); i++)
		reads |= jget(jidx(series, i), "read") || isfinite(jnum(jidx(series, i), "unwritten_reads"));
	return reads;
}

/*
 * One row per series; a RAID run's rows lead with the chunk size.  A run
 * that read ends each row with the share of its reads that hit blocks never
 * written (answered without reading flash; n/a where the target cannot
 * tell, as a file).
 */
static void run_series_table(struct table *t, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");
	size_t g = jget(doc, "group") ? 1 : 0, c = g;
	bool reads = run_reads(doc), bsl = jget(jget(doc, "settings"), "bs_list") != NULL;

	table_init(t, c ? "Per chunk size and queue depth" : bsl ? "Per block size and queue depth" : "Per queue depth");
	if (c)
		table_col(t, "chunk KiB", TA_RIGHT);
	/* A --bs list: each series' size (the mix's steps: "mix"). */
	if (bsl) {
		table_col(t, "bs KiB", TA_RIGHT);
		c++;
	}
	table_cols(t, "QD", TA_RIGHT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT,
		   "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT, "max µs", TA_RIGHT, "WA", TA_RIGHT, NULL);
	if (reads)
		table_col(t, "unwritten reads %", TA_RIGHT);
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *r = jidx(series, i), *lat = jget(r, "lat_us");

		table_row(t);
		if (g)
			table_num(t, 0, jnum(r, "chunk_bytes") / 1024, 0);
		if (bsl && isfinite(jnum(r, "bs")))
			table_num(t, g, jnum(r, "bs") / 1024, 1);
		else if (bsl)
			table_cell(t, g, "mix");
		table_num(t, c + 0, jnum(r, "qd"), 0);
		table_num(t, c + 1, jnum(r, "iops"), 0);
		table_num(t, c + 2, jnum(r, "mbps"), 1);
		table_num(t, c + 3, jnum(lat, "mean"), 1);
		table_num(t, c + 4, jnum(lat, "p99"), 1);
		table_num(t, c + 5, jnum(lat, LAT_KEY_P999), 1);
		table_num(t, c + 6, jnum(lat, "max"), 1);
		table_num(t, c + 7, jnum(r, "waf"), 2);
		if (reads)
			table_num(t, c + 8, jnum(r, "unwritten_reads") * 100, 1);
	}
}

/* Reads of blocks never written measure no flash: said once, with the share of the worst series. */
static void run_unwritten_note(struct html_page *pg, struct json_object *series)
{
	double worst = 0;
	char text[320];

	for (size_t i = 0; i < jlen(series); i++)
		if (jnum(jidx(series, i), "unwritten_reads") > worst)
			worst = jnum(jidx(series, i), "unwritten_reads");
	/* The threshold of the command's own warning (run_warn_unwritten). */
	if (worst < 0.01)
		return;
	snprintf(text, sizeof(text), "%.0f%% of the reads hit blocks never written, which the drive answers without "
		 "reading flash: the read figures are not the drive's; measure again with --fill.", worst * 100);
	html_note(pg, "warn", text);
}

/*
 * A mixed run's reads and writes apart, one row per series and direction
 * (fio's convention); false, and t left empty, when no series mixed them.
 */
static bool run_direction_table(struct table *t, struct json_object *doc)
{
	static const char *const dirs[] = { "read", "write" };
	struct json_object *series = jget(doc, "series");
	size_t c = jget(doc, "group") ? 1 : 0;
	bool any = false;

	for (size_t i = 0; i < jlen(series); i++)
		any |= jget(jidx(series, i), "read") != NULL;
	if (!any)
		return false;
	table_init(t, "Reads and writes");
	if (c)
		table_col(t, "chunk KiB", TA_RIGHT);
	table_cols(t, "QD", TA_RIGHT, "direction", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT,
		   "lat mean µs", TA_RIGHT, "p50 µs", TA_RIGHT, "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT,
		   "max µs", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *r = jidx(series, i);

		for (size_t k = 0; k < 2; k++) {
			struct json_object *d = jget(r, dirs[k]), *lat = jget(d, "lat_us");

			if (!d)
				continue;
			table_row(t);
			if (c)
				table_num(t, 0, jnum(r, "chunk_bytes") / 1024, 0);
			table_num(t, c + 0, jnum(r, "qd"), 0);
			table_cell(t, c + 1, "%s", dirs[k]);
			table_num(t, c + 2, jnum(d, "iops"), 0);
			table_num(t, c + 3, jnum(d, "mbps"), 1);
			table_num(t, c + 4, jnum(lat, "mean"), 1);
			table_num(t, c + 5, jnum(lat, "p50"), 1);
			table_num(t, c + 6, jnum(lat, "p99"), 1);
			table_num(t, c + 7, jnum(lat, LAT_KEY_P999), 1);
			table_num(t, c + 8, jnum(lat, "max"), 1);
		}
	}
	return true;
}

/* How many series ran per chunk size (the --qd steps); every series when there is no chunk. */
static size_t run_steps_per_chunk(struct json_object *series)
{
	double chunks[64];
	size_t nc = distinct_nums(series, "chunk_bytes", chunks, 64);

	return nc ? jlen(series) / nc : 0;
}

/* IOPS and latency against queue depth, one line per chunk size. */
static void run_qd_charts(struct html_page *pg, struct json_object *series, const struct table *t)
{
	static const struct line_plan by_chunk = { .xpath = "qd", .xdiv = 1, .group = "chunk_bytes",
						   .group_pre = "", .group_div = 1024, .group_post = " KiB chunks" };
	static const struct line_spec iops[] = { { "IOPS", "iops" } };
	static const struct line_spec lat[] = { { "mean", "lat_us/mean" }, { "p99", "lat_us/p99" } };
	static const struct line_spec mean_only[] = { { "mean (p99 not measured)", "lat_us/mean" } };
	struct plot a = { .c = { .title = "Throughput against queue depth", .xlabel = "queue depth", .ylabel = "IOPS",
				 .y2label = "MB/s", .x_log2 = true, .y_from_zero = true } };
	struct plot b = { .c = { .title = "Latency against queue depth", .xlabel = "queue depth",
				 .ylabel = "latency (µs)", .x_log2 = true, .y_from_zero = true } };
	bool any99 = false;

	for (size_t i = 0; i < jlen(series); i++)
		any99 |= isfinite(jat(jidx(series, i), "lat_us/p99"));
	a.c.y2_scale = last_mbps_per_iops(series);
	add_lines(&a, series, &by_chunk, iops, 1);
	if (any99)
		add_lines(&b, series, &by_chunk, lat, 2);
	else
		add_lines(&b, series, &by_chunk, mean_only, 1);
	html_h2(pg, "qd", "Throughput and latency against queue depth");
	plot_show(pg, "iops-vs-qd", &a, t);
	plot_show(pg, "latency-vs-qd", &b, NULL);
}

/* The intervals of series s as table rows, led by the series' name when several share the table. */
static void interval_rows(struct table *u, struct json_object *s, bool named)
{
	struct json_object *ts = jget(s, "timeseries");
	size_t c = named ? 1 : 0;
	char name[64];

	series_name(s, name, sizeof(name));
	for (size_t j = 0; j < jlen(ts); j++) {
		struct json_object *e = jidx(ts, j);

		table_row(u);
		if (named)
			table_cell(u, 0, "%s", name);
		table_num(u, c + 0, jnum(e, "t_s"), 1);
		table_num(u, c + 1, jnum(e, "iops"), 0);
		table_num(u, c + 2, jnum(e, "mbps"), 1);
		table_num(u, c + 3, jat(e, "lat_us/mean"), 1);
		table_num(u, c + 4, jnum(e, "waf"), 2);
	}
}

/* IOPS over time, one line per series (several when each chunk size ran one series). */
static void run_time_chart(struct html_page *pg, struct json_object *series)
{
	struct plot a = { .c = { .title = "IOPS over time", .xlabel = "time (s)", .ylabel = "IOPS", .y2label = "MB/s",
				 .x_from_zero = true, .y_from_zero = true } };
	bool several = jlen(series) > 1;
	size_t points = 0;
	struct table u;

	table_init(&u, "IOPS per interval");
	if (several)
		table_col(&u, "series", TA_LEFT);
	table_cols(&u, "t s", TA_RIGHT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT,
		   "WA", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i), *ts = jget(s, "timeseries");
		struct chart_series *line = line_of(&a, ts, NULL, NAN, "t_s", 1, "iops");

		if (line) {
			series_name(s, plot_label(&a, line), PLOT_LABEL);
			line->label = several ? plot_label(&a, line) : "IOPS";
			line->color = (int)i;
		}
		a.c.y2_scale = last_mbps_per_iops(ts) > 0 ? last_mbps_per_iops(ts) : a.c.y2_scale;
		points += jlen(ts);
		interval_rows(&u, s, several);
	}
	if (!points)
		a.c.empty = "no time series";
	html_h2(pg, "throughput", "Throughput over time");
	plot_show(pg, "iops-over-time", &a, &u);
	table_free(&u);
}

/*
 * A --bs list: IOPS against block size, a line per queue depth, and each
 * mix step's IOPS beside the IOPS its sizes' steps predict.
 */
static void run_bs_section(struct html_page *pg, struct json_object *series)
{
	struct plot a = { .c = { .title = "IOPS by block size, a line per queue depth", .xlabel = "block size (KiB)",
				 .ylabel = "IOPS", .x_log2 = true, .y_from_zero = true } };
	double qds[32];
	size_t nq = distinct_nums(series, "qd", qds, 32);
	struct table t;

	for (size_t q = 0; q < nq; q++) {
		size_t n = 0, k = 0;
		double *x, *y;
		struct chart_series *line;

		for (size_t i = 0; i < jlen(series); i++)
			n += jnum(jidx(series, i), "qd") == qds[q] && isfinite(jnum(jidx(series, i), "bs"));
		if (!n || !(line = plot_line(&a, n, &x, &y, NULL)))
			continue;
		for (size_t i = 0; i < jlen(series); i++) {
			struct json_object *s = jidx(series, i);

			if (jnum(s, "qd") == qds[q] && isfinite(jnum(s, "bs"))) {
				x[k] = jnum(s, "bs") / 1024;
				y[k++] = jnum(s, "iops");
			}
		}
		snprintf(plot_label(&a, line), PLOT_LABEL, "QD %g", qds[q]);
		line->label = plot_label(&a, line);
		line->markers = true;
		line->color = (int)q;
	}
	empty_unless_measured(&a.c, "no size measured");
	table_init(&t, "The mix against its sizes");
	table_cols(&t, "QD", TA_RIGHT, "mix IOPS", TA_RIGHT, "predicted IOPS", TA_RIGHT, "off by %", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i);

		if (isfinite(jnum(s, "bs")))
			continue;
		table_row(&t);
		table_num(&t, 0, jnum(s, "qd"), 0);
		table_num(&t, 1, jnum(s, "iops"), 0);
		table_num(&t, 2, jnum(s, "predicted_iops"), 0);
		table_num(&t, 3, jnum(s, "predicted_error_pct"), 1);
	}
	html_h2(pg, "bs", "IOPS against block size");
	plot_show(pg, "iops-vs-bs", &a, NULL);
	if (t.nrows) {
		html_p(pg, "The mix's IOPS as its sizes' steps predict it: its time per I/O is the share-weighted "
		       "sum of each size's time per I/O at the same queue depth.");
		html_table(pg, &t, true);
	}
	table_free(&t);
}

void report_run(struct html_page *pg, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");
	size_t n = jlen(series);
	struct table t, dir;

	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	if (jget(doc, "group"))
		html_dl(pg, "series", "%zu (one per chunk size and queue depth)", n);
	else
		html_dl(pg, "series", "%zu (queue depth%s)", n, n == 1 ? "" : "s");
	/* A qualify QD curve: how the drive reached the steady state it was measured in. */
	if (jstr(jget(doc, "preconditioned"), "note"))
		html_dl(pg, "steady state", "%.2f%% OP, %s", jnum(jget(doc, "preconditioned"), "op_percent"),
			jstr(jget(doc, "preconditioned"), "note"));
	html_dl_end(pg);
	run_series_table(&t, doc);
	html_table(pg, &t, true);
	run_unwritten_note(pg, series);
	if (run_direction_table(&dir, doc)) {
		html_table(pg, &dir, true);
		table_free(&dir);
	}
	settings_table(pg, doc);
	if (jget(jget(doc, "settings"), "bs_list"))
		run_bs_section(pg, series);
	else if (run_steps_per_chunk(series) > 1)
		run_qd_charts(pg, series, &t);
	else if (n)
		run_time_chart(pg, series);
	table_free(&t);
	raid_run_section(pg, doc);
}
