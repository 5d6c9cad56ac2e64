/* SPDX-License-Identifier: MIT */
/*
 * The page of a `pts` test, in the spec's arrangement: the settings, per
 * stage the convergence of the rounds and the steady window with its fit,
 * then the result table and plot; its CSVs and its part of a comparison.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/compare.h"
#include "reports/csv_export.h"
#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/report_pts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/strbuf.h"
#include "util/text.h"

/* The most columns a table of the page has: the cells of one mix. */
#define PTS_PAGE_MAX_COLS 16

/* Entry i of an array of numbers (a round's figures per cell); NAN for null. */
static double cell_at(struct json_object *arr, size_t i)
{
	struct json_object *v = jidx(arr, i);

	return v && !json_object_is_type(v, json_type_null) ? json_object_get_double(v) : NAN;
}

/* "4 KiB", "0.5 KiB", "1024 KiB". */
static void bs_name(char *buf, size_t len, double bs)
{
	/* null: a cell of an access specification (cbw), its sizes drawn from it. */
	snprintf(buf, len, isnan(bs) ? "mixed sizes" : "%g KiB", bs / 1024);
}

/* "65/35": read/write. */
static void mix_name(char *buf, size_t len, double read_pct)
{
	snprintf(buf, len, "%g/%g", read_pct, 100 - read_pct);
}

static const char *metric_label(const char *m)
{
	return !m ? "?" : !strcmp(m, "iops") ? "IOPS" : !strcmp(m, "mbps") ? "MB/s" : "mean response time (µs)";
}

/* The same in a table's cell: "IOPS", "MB/s", "mean µs". */
static const char *short_metric(const char *m)
{
	return !m ? "?" : !strcmp(m, "iops") ? "IOPS" : !strcmp(m, "mbps") ? "MB/s" : "mean µs";
}

/* The figure a stage tracks, of a round's array name. */
static const char *round_array(const char *m)
{
	return m && !strcmp(m, "lat_mean_us") ? "lat_mean_us" : m && !strcmp(m, "mbps") ? "mbps" : "iops";
}

/* Convergence: every cell of the tracked cell's mix (all cells of a small matrix) per round. */
static void convergence(struct html_page *pg, struct json_object *stage, size_t si, const char *pre)
{
	struct json_object *ss = jget(stage, "steady_state"), *cells = jget(stage, "cells");
	struct json_object *rounds = jget(stage, "rounds");
	const char *m = jstr(ss, "tracking"), *arr = round_array(m);
	size_t tracked = (size_t)jnum(ss, "tracked_cell"), nc = jlen(cells), nr = jlen(rounds);
	double mix = jnum(jidx(cells, tracked), "read_pct");
	struct plot p = { .c = { .title = "Convergence: each round of the test", .xlabel = "round", .x_whole = true,
				 .ylabel = metric_label(m), .y_from_zero = true } };
	char name[80], bs[32], mx[32], heads[PTS_PAGE_MAX_COLS][72];
	size_t nh = 0;
	struct table t;

	table_init(&t, "Rounds");
	table_col(&t, "round", TA_RIGHT);
	for (size_t c = 0; c < nc; c++) {
		struct json_object *cell = jidx(cells, c);
		struct chart_series *s;
		double *x, *y;

		if ((nc > 8 && jnum(cell, "read_pct") != mix) || nh == PTS_PAGE_MAX_COLS)
			continue;
		bs_name(bs, sizeof(bs), jnum(cell, "bs"));
		mix_name(mx, sizeof(mx), jnum(cell, "read_pct"));
		/* table_col keeps the pointer: a heading buffer each. */
		snprintf(heads[nh], sizeof(heads[nh]), "%s %s", bs, mx);
		snprintf(name, sizeof(name), "%s", heads[nh]);
		table_col(&t, heads[nh++], TA_RIGHT);
		if (!(s = plot_line(&p, nr, &x, &y, NULL)))
			continue;
		for (size_t k = 0; k < nr; k++) {
			x[k] = (double)k + 1;
			y[k] = cell_at(jget(jidx(rounds, k), arr), c);
		}
		snprintf(plot_label(&p, s), PLOT_LABEL, "%s%s", name, c == tracked ? " (tracked)" : "");
		s->label = plot_label(&p, s);
		s->markers = true;
		s->color = (int)(p.c.nseries - 1);
	}
	for (size_t k = 0; k < nr; k++) {
		size_t col = 1;

		table_row(&t);
		table_cell(&t, 0, "%zu", k + 1);
		for (size_t c = 0; c < nc && col <= nh; c++)
			if (nc <= 8 || jnum(jidx(cells, c), "read_pct") == mix)
				table_num(&t, col++, cell_at(jget(jidx(rounds, k), arr), c),
					  !strcmp(arr, "iops") ? 0 : 1);
	}
	if (!nr)
		p.c.empty = "no round finished";
	snprintf(name, sizeof(name), "%spts-convergence-%zu", pre, si);
	plot_show(pg, name, &p, &t);
	table_free(&t);
}

/* The tracked figure per round, the window shaded over its mean +-10%, its least-squares line, the 20% band. */
static void window_chart(struct html_page *pg, struct json_object *stage, size_t si, const char *pre)
{
	struct json_object *ss = jget(stage, "steady_state"), *rounds = jget(stage, "rounds");
	struct json_object *win = jget(ss, "window");
	const char *m = jstr(ss, "tracking");
	size_t nr = jlen(rounds);
	double mean = jnum(ss, "mean"), slope = jnum(ss, "slope"), w0, w1, *x, *y;
	struct plot p = { .c = { .title = "Steady-state window of the tracked cell", .xlabel = "round", .x_whole = true,
				 .ylabel = metric_label(m), .y_from_zero = true,
				 .box_note = "shaded: the window, mean ±10%" } };
	struct chart_series *s = plot_line(&p, nr, &x, &y, NULL);
	char name[64];

	for (size_t k = 0; s && k < nr; k++) {
		x[k] = (double)k + 1;
		y[k] = jnum(jidx(rounds, k), "tracked");
	}
	if (s) {
		s->label = "tracked figure per round";
		s->markers = true;
	}
	if (jlen(win) == 2 && isfinite(mean)) {
		w0 = cell_at(win, 0) + 1;
		w1 = cell_at(win, 1) + 1;
		p.c.boxes[p.c.nboxes++] = (struct chart_box){ w0, w1, 0.9 * mean, 1.1 * mean, 0 };
		if ((s = plot_line(&p, 2, &x, &y, NULL))) {
			x[0] = w0;
			x[1] = w1;
			y[0] = mean - slope * (w1 - w0) / 2;
			y[1] = mean + slope * (w1 - w0) / 2;
			s->label = "least-squares fit";
			s->color = 1;
		}
		if ((s = plot_line(&p, 2, &x, &y, NULL))) {
			x[0] = w0;
			x[1] = w1;
			y[0] = y[1] = mean;
			s->label = "window mean";
			s->dashed = true;
			s->color = -1;
		}
	}
	if (!nr)
		p.c.empty = "no round finished";
	snprintf(name, sizeof(name), "%spts-window-%zu", pre, si);
	plot_show(pg, name, &p, NULL);
}

/* The IOPS test's table: a row per mix, a column per size, as the spec lays it out (headings in heads, kept by t). */
static void iops_table(struct table *t, char heads[][32], struct json_object *cells, const char *what,
		       const char *key, int dec)
{
	double sizes[PTS_PAGE_MAX_COLS], mixes[16];
	size_t ns = distinct_nums(cells, "bs", sizes, PTS_PAGE_MAX_COLS), nm = distinct_nums(cells, "read_pct", mixes, 16);
	char buf[32];

	table_init(t, what);
	table_col(t, "read/write", TA_LEFT);
	for (size_t b = 0; b < ns; b++) {
		bs_name(heads[b], sizeof(heads[b]), sizes[b]);
		table_col(t, heads[b], TA_RIGHT);
	}
	for (size_t m = 0; m < nm; m++) {
		table_row(t);
		mix_name(buf, sizeof(buf), mixes[m]);
		table_cell(t, 0, "%s", buf);
		for (size_t c = 0; c < jlen(cells); c++) {
			struct json_object *cell = jidx(cells, c);

			for (size_t b = 0; b < ns; b++)
				if (jnum(cell, "read_pct") == mixes[m] && jnum(cell, "bs") == sizes[b])
					table_num(t, b + 1, jat(cell, key), dec);
		}
	}
}

/* IOPS against block size, a line per mix (x: KiB on a log2 axis). */
static void iops_by_size(struct html_page *pg, struct json_object *cells, struct table *t, const char *pre)
{
	double mixes[16];
	size_t nm = distinct_nums(cells, "read_pct", mixes, 16);
	struct plot p = { .c = { .title = "IOPS by block size, a line per read/write mix", .xlabel = "block size (KiB)",
				 .ylabel = "IOPS", .x_log2 = true, .y_from_zero = true } };
	char buf[64];

	for (size_t m = 0; m < nm; m++) {
		struct chart_series *s = line_of(&p, cells, "read_pct", mixes[m], "bs", 1024, "iops");

		if (!s)
			continue;
		mix_name(buf, sizeof(buf), mixes[m]);
		snprintf(plot_label(&p, s), PLOT_LABEL, "%s", buf);
		s->label = plot_label(&p, s);
		s->markers = true;
		s->color = (int)m;
	}
	empty_unless_measured(&p.c, "no cell measured");
	plot_show(pg, pts_id(buf, sizeof(buf), pre, "pts-iops-by-size"), &p, t);
}

/* Latency and throughput: a row per cell. */
static void cells_table(struct table *t, struct json_object *cells, bool latency)
{
	char bs[32], mx[32];

	table_init(t, latency ? "Response times over the steady window" : "Throughput over the steady window");
	table_cols(t, "block size", TA_RIGHT, "read/write", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT,
		   "mean µs", TA_RIGHT, "p99.999 µs", TA_RIGHT, "max µs", TA_RIGHT, "reads %", TA_RIGHT, NULL);
	for (size_t c = 0; c < jlen(cells); c++) {
		struct json_object *cell = jidx(cells, c);

		table_row(t);
		bs_name(bs, sizeof(bs), jnum(cell, "bs"));
		mix_name(mx, sizeof(mx), jnum(cell, "read_pct"));
		table_cell(t, 0, "%s", bs);
		table_cell(t, 1, "%s %s", mx, jstr(cell, "rw") && strstr(jstr(cell, "rw"), "rand") ? "random" : "sequential");
		table_num(t, 2, jnum(cell, "iops"), 0);
		table_num(t, 3, jnum(cell, "mbps"), 1);
		table_num(t, 4, jat(cell, "lat_us/mean"), 1);
		table_num(t, 5, jat(cell, "lat_us/" LAT_KEY_P99999), 1);
		table_num(t, 6, jat(cell, "lat_us/max"), 1);
		table_num(t, 7, jnum(cell, "read_share_pct"), 2);
	}
}

static void stage_steady_dl(struct html_page *pg, struct json_object *doc, struct json_object *stage, size_t si)
{
	struct json_object *ss = jget(stage, "steady_state"), *win = jget(ss, "window");
	struct json_object *cell = jidx(jget(stage, "cells"), (size_t)jnum(ss, "tracked_cell"));
	char bs[32], mx[32], key[48];

	bs_name(bs, sizeof(bs), jnum(cell, "bs"));
	mix_name(mx, sizeof(mx), jnum(cell, "read_pct"));
	snprintf(key, sizeof(key), jlen(jget(jget(doc, "pts"), "stages")) > 1 ? "stage %zu steady state" : "steady state",
		 si + 1);
	if (jlen(win) == 2)
		html_dl(pg, key, "%s after %g rounds (%s); %s %s %s over rounds %g-%g: mean %.1f, range %.1f%% (≤ 20%%), "
			"slope %.1f%% (≤ 10%%)", jtrue(ss, "reached") ? "reached" : "NOT reached", jnum(ss, "rounds"),
			text_or_na(jstr(ss, "stop_reason")), bs, mx, metric_label(jstr(ss, "tracking")),
			cell_at(win, 0) + 1, cell_at(win, 1) + 1, jnum(ss, "mean"), jnum(ss, "range_pct"),
			jnum(ss, "slope_pct"));
	else
		html_dl(pg, key, "not reached: %g rounds, fewer than the window's 5 (%s)", jnum(ss, "rounds"),
			text_or_na(jstr(ss, "stop_reason")));
	if (jnum(ss, "warmup_rounds") > 0)
		html_dl(pg, "warm-up", "%g round%s before the rounds had written %g x the span (and the first after "
			"the fill): not counted toward the most rounds; no window held before", jnum(ss, "warmup_rounds"),
			jnum(ss, "warmup_rounds") == 1 ? "" : "s", jnum(jget(doc, "settings"), "min_writes"));
}

const char *pts_id(char *buf, size_t len, const char *pre, const char *id)
{
	snprintf(buf, len, "%s%s", pre, id);
	return buf;
}

void report_pts_summary(struct html_page *pg, struct json_object *doc)
{
	struct json_object *pts = jget(doc, "pts"), *s = jget(doc, "settings"), *stages = jget(pts, "stages");
	const char *test = text_or_na(jstr(pts, "test"));

	if (jget(pts, "series"))
		report_pts_series_method(pg, doc);
	else
		html_dl(pg, "method", "purge (%s), %g x the span in 128 KiB sequential writes, then rounds of every cell "
			"for %g s each at QD %g until the 5-round window holds (at most %g rounds)",
			text_or_na(jstr(jidx(stages, 0), "purge_method")), jnum(s, "fill_passes"), jnum(s, "cell_s"),
			jnum(jidx(stages, 0), "qd"), jnum(s, "max_rounds"));
	/* DIRTH's second stage is one pass, no steady state (report_pts_b_summary says so). */
	for (size_t i = 0; i < jlen(stages) && (i == 0 || strcmp(test, "dirth")); i++)
		stage_steady_dl(pg, doc, jidx(stages, i), i);
	report_pts_b_summary(pg, doc);
}

void report_pts_sections(struct html_page *pg, struct json_object *doc, const char *pre)
{
	struct json_object *pts = jget(doc, "pts"), *stages = jget(pts, "stages");
	const char *test = text_or_na(jstr(pts, "test"));
	bool iops = !strcmp(test, "iops"), latency = !strcmp(test, "latency"), hir = !strcmp(test, "hir");
	char h[96], id[64], sid[48];

	for (size_t i = 0; i < jlen(stages); i++) {
		struct json_object *stage = jidx(stages, i), *cells = jget(stage, "cells");
		char heads[PTS_PAGE_MAX_COLS][32];
		struct table t;

		/*
		 * DIRTH's grid: its rounds' window on the highest demand (none in a
		 * result saved when the grid was one pass), then its own section
		 * (report_pts_dirth.c).
		 */
		if (!strcmp(test, "dirth") && i == 1) {
			const char *why = jstr(jget(stage, "steady_state"), "stop_reason");

			if (!why || strcmp(why, "single pass")) {
				html_h2(pg, pts_id(id, sizeof(id), pre, "grid-window"),
					"Rounds of the grid: the highest demand's window");
				window_chart(pg, stage, i, pre);
			}
			report_pts_dirth(pg, doc, stage, pre);
			continue;
		}
		if (jlen(stages) > 1) {
			bs_name(h, sizeof(h), jnum(jidx(cells, 0), "bs"));
			if (jnum(jidx(cells, 0), "threads") > 0)
				snprintf(h, sizeof(h), "%s at %g threads x %g",
					 !strcmp(text_or_na(jstr(jidx(cells, 0), "rw")), "randwrite") ? "Preconditioning: writes"
													 : "Steady state",
					 jnum(jidx(cells, 0), "threads"), jnum(jidx(cells, 0), "thread_qd"));
			snprintf(sid, sizeof(sid), "stage-%zu", i + 1);
			html_h2(pg, pts_id(id, sizeof(id), pre, sid), h);
		}
		snprintf(sid, sizeof(sid), "convergence-%zu", i + 1);
		html_h2(pg, pts_id(id, sizeof(id), pre, sid), "Convergence");
		convergence(pg, stage, i, pre);
		snprintf(sid, sizeof(sid), "window-%zu", i + 1);
		html_h2(pg, pts_id(id, sizeof(id), pre, sid), "Steady-state window");
		window_chart(pg, stage, i, pre);
		snprintf(sid, sizeof(sid), "results-%zu", i + 1);
		html_h2(pg, pts_id(id, sizeof(id), pre, sid), iops ? "IOPS by read/write mix and block size"
			: latency ? "Response times" : hir ? "The steady state before the waits"
			: !strcmp(test, "dirth") && !strcmp(text_or_na(jstr(jidx(cells, 0), "rw")), "randwrite")
				? "The preconditioning's window" : "Throughput");
		if (iops) {
			iops_table(&t, heads, cells, "IOPS over the steady window", "iops", 0);
			iops_by_size(pg, cells, &t, pre);
		} else {
			cells_table(&t, cells, latency || hir);
			html_table(pg, &t, true);
		}
		table_free(&t);
	}
	report_pts_series(pg, doc, pre);
}

void report_pts(struct html_page *pg, struct json_object *doc)
{
	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	html_dl(pg, "test", "SNIA PTS %s test", text_or_na(jstr(jget(doc, "pts"), "test")));
	report_pts_summary(pg, doc);
	html_dl_end(pg);
	settings_table(pg, doc);
	report_pts_sections(pg, doc, "");
}

size_t csv_pts(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *stages = jget(jget(doc, "pts"), "stages");
	struct strbuf *cells, *rounds;
	char b[64], drive[1400];

	if (max < 2 || !(cells = calloc(1, sizeof(*cells))))
		return 0;
	if (!(rounds = calloc(1, sizeof(*rounds)))) {
		free(cells);
		return 0;
	}
	csv_drive_field(doc, drive, sizeof(drive));
	sb_add(cells, "stage,rw,read_pct,bs_bytes,iops,mbps,lat_mean_us,lat_p99999_us,lat_max_us,ios,read_share_pct,"
		      CSV_DRIVE_COLUMN "\r\n");
	sb_add(rounds, "stage,round,cell,read_pct,bs_bytes,iops,mbps,lat_mean_us," CSV_DRIVE_COLUMN "\r\n");
	for (size_t i = 0; i < jlen(stages); i++) {
		struct json_object *st = jidx(stages, i), *cl = jget(st, "cells"), *rl = jget(st, "rounds");

		for (size_t c = 0; c < jlen(cl); c++) {
			struct json_object *x = jidx(cl, c);

			sb_printf(cells, "%zu,", i + 1);
			csv_field(cells, jstr(x, "rw"));
			sb_printf(cells, ",%g,%g,%s", jnum(x, "read_pct"), jnum(x, "bs"),
				  result_format_number(b, sizeof(b), jnum(x, "iops"), RP_IOPS));
			sb_printf(cells, ",%s", result_format_number(b, sizeof(b), jnum(x, "mbps"), RP_MBPS));
			sb_printf(cells, ",%s", result_format_number(b, sizeof(b), jat(x, "lat_us/mean"), RP_LAT_US));
			sb_printf(cells, ",%s", result_format_number(b, sizeof(b), jat(x, "lat_us/" LAT_KEY_P99999), RP_LAT_US));
			sb_printf(cells, ",%s", result_format_number(b, sizeof(b), jat(x, "lat_us/max"), RP_LAT_US));
			sb_printf(cells, ",%g", jnum(x, "ios"));
			sb_printf(cells, ",%s,%s\r\n", result_format_number(b, sizeof(b), jnum(x, "read_share_pct"), 3),
				  drive);
		}
		for (size_t k = 0; k < jlen(rl); k++)
			for (size_t c = 0; c < jlen(cl); c++) {
				struct json_object *r = jidx(rl, k), *x = jidx(cl, c);

				sb_printf(rounds, "%zu,%zu,%zu,%g,%g", i + 1, k + 1, c, jnum(x, "read_pct"), jnum(x, "bs"));
				sb_printf(rounds, ",%s", result_format_number(b, sizeof(b), cell_at(jget(r, "iops"), c),
										   RP_IOPS));
				sb_printf(rounds, ",%s", result_format_number(b, sizeof(b), cell_at(jget(r, "mbps"), c),
										   RP_MBPS));
				sb_printf(rounds, ",%s,%s\r\n",
					  result_format_number(b, sizeof(b), cell_at(jget(r, "lat_mean_us"), c),
							       RP_LAT_US), drive);
			}
	}
	files[0] = (struct csv_file){ "pts_cells.csv", cells };
	files[1] = (struct csv_file){ "pts_rounds.csv", rounds };
	return 2 + csv_pts_series(doc, files + 2, max - 2);
}

void compare_pts_table(struct table *t, const struct compare_entry *e, size_t n)
{
	table_init(t, "SNIA PTS tests: the tracked cell over its steady window");
	table_cols(t, "drive", TA_LEFT, "test", TA_LEFT, "tracked", TA_LEFT, "value", TA_RIGHT, "steady", TA_LEFT,
		   "rounds", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *pts = jget(e[i].doc, "pts"), *stages = jget(pts, "stages");

		for (size_t j = 0; j < jlen(stages); j++) {
			struct json_object *ss = jget(jidx(stages, j), "steady_state");
			struct json_object *cell = jidx(jget(jidx(stages, j), "cells"), (size_t)jnum(ss, "tracked_cell"));
			char bs[32], mx[32];

			bs_name(bs, sizeof(bs), jnum(cell, "bs"));
			mix_name(mx, sizeof(mx), jnum(cell, "read_pct"));
			table_row(t);
			table_cell(t, 0, "%s", e[i].label);
			table_cell(t, 1, "%s", text_or_na(jstr(pts, "test")));
			table_cell(t, 2, "%s %s %s", bs, mx, short_metric(jstr(ss, "tracking")));
			table_num(t, 3, jnum(ss, "mean"), 1);
			table_cell(t, 4, "%s", jtrue(ss, "reached") ? "yes" : "no");
			table_num(t, 5, jnum(ss, "rounds"), 0);
		}
		/* A time-series test: each phase's IOPS over its I/O (no steady state of its own). */
		for (size_t j = 0; j < jlen(jget(jget(pts, "series"), "phases")); j++) {
			struct json_object *ph = jidx(jget(jget(pts, "series"), "phases"), j);

			table_row(t);
			table_cell(t, 0, "%s", e[i].label);
			table_cell(t, 1, "%s", text_or_na(jstr(pts, "test")));
			table_cell(t, 2, "%s IOPS", text_or_na(jstr(ph, "name")));
			table_num(t, 3, jnum(ph, "iops"), 1);
			table_cell(t, 4, "-");
			table_num(t, 5, NAN, 0);
		}
	}
}

void partial_pts(struct strbuf *b, struct json_object *doc)
{
	struct json_object *stages = jget(jget(doc, "pts"), "stages");
	struct json_object *last = jidx(stages, jlen(stages) ? jlen(stages) - 1 : 0);

	sb_printf(b, " It got to stage %zu, round %zu.", jlen(stages), jlen(jget(last, "rounds")));
}
