/* SPDX-License-Identifier: MIT */
/* The page of a qualification (reports/report_qualify.h). */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "util/text.h"
#include "reports/compare.h"
#include "reports/csv_export.h"
#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/report_qualify.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/result_kinds.h"
#include "results/qualify_json.h"
#include "results/result_json.h"
#include "util/strbuf.h"

#define FIRST_REQ 4

static bool jbool(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	return v && json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
}

/* "52000 (+30%)", "yes", "NO", or n/a when not measured. */
static void req_cell(struct table *t, size_t col, struct json_object *r)
{
	double v = jnum(r, "measured"), m = jnum(r, "margin");
	const char *name = jstr(r, "name");

	if (isnan(v))
		table_cell(t, col, "%s", TEXT_NOT_MEASURED);
	else if (name && !strcmp(name, "steady"))
		table_cell(t, col, "%s", v == 1 ? "yes" : "NO");
	else if (isnan(m))
		table_cell(t, col, "%.*f%s", v >= 100 ? 0 : 2, v, jbool(r, "pass") ? "" : " FAIL");
	else
		table_cell(t, col, "%.*f (%+.0f%%)%s", v >= 100 ? 0 : 2, v, m * 100, jbool(r, "pass") ? "" : " FAIL");
}

void table_qualify(struct table *t, struct json_object *doc)
{
	struct json_object *drives = jget(doc, "drives"), *reqs = jget(jget(doc, "settings"), "requirements");
	size_t nreq = jlen(reqs);

	table_init(t, "Drives by requirement (measured at the chosen OP; margin inside the limit)");
	table_cols(t, "drive", TA_RIGHT, "target", TA_LEFT, "verdict", TA_LEFT, "OP %", TA_RIGHT, NULL);
	for (size_t k = 0; k < nreq && FIRST_REQ + k < TABLE_MAX_COLS; k++)
		table_col(t, json_object_get_string(jidx(reqs, k)), TA_RIGHT);
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i), *dr = jget(d, "requirements");

		table_row(t);
		table_cell(t, 0, "%zu", i + 1);
		table_cell(t, 1, "%s", jstr(d, "spec") ? jstr(d, "spec") : "?");
		table_cell(t, 2, "%s", jstr(d, "error") ? "FAIL (did not finish)" :
				      jstr(d, "verdict") && !strcmp(jstr(d, "verdict"), "pass") ? "pass" : "FAIL");
		table_num(t, 3, jnum(d, "chosen_op_percent"), 2);
		for (size_t k = 0; k < jlen(dr) && FIRST_REQ + k < TABLE_MAX_COLS; k++)
			req_cell(t, FIRST_REQ + k, jidx(dr, k));
	}
}

/* One drive: its requirements in full, what went wrong, and its own reports. */
static void drive_section(struct html_page *pg, struct json_object *d, size_t i)
{
	struct json_object *dr = jget(d, "requirements"), *tgt = jget(d, "target");
	const char *links[] = { "sweep", "slc", "randwrite", "randread" };
	char id[32], head[320], href[96];
	struct table t;

	snprintf(id, sizeof(id), "drive-%zu", i + 1);
	snprintf(head, sizeof(head), "Drive %zu: %s (%s)", i + 1, jstr(d, "spec") ? jstr(d, "spec") : "?",
		 jstr(d, "verdict") ? jstr(d, "verdict") : "?");
	html_h2(pg, id, head);
	if (tgt)
		html_p(pg, "%s, serial %s", jstr(tgt, "model") ? jstr(tgt, "model") : "model unknown",
		       text_or_na(jstr(tgt, "serial")));
	if (jstr(d, "error"))
		html_p(pg, "The profile did not finish: %s", jstr(d, "error"));
	table_init(&t, "Requirements");
	table_cols(&t, "requirement", TA_LEFT, "limit", TA_RIGHT, "measured", TA_RIGHT, "margin %", TA_RIGHT,
		   "pass", TA_LEFT, NULL);
	for (size_t k = 0; k < jlen(dr); k++) {
		struct json_object *r = jidx(dr, k);

		table_row(&t);
		table_cell(&t, 0, "%s %s", jstr(r, "name") ? jstr(r, "name") : "?", jstr(r, "cmp") ? jstr(r, "cmp") : "");
		table_num(&t, 1, jnum(r, "limit"), 2);
		table_num(&t, 2, jnum(r, "measured"), 2);
		table_num(&t, 3, jnum(r, "margin") * 100, 1);
		table_cell(&t, 4, "%s", jbool(r, "pass") ? "yes" : "NO");
	}
	html_table(pg, &t, true);
	table_free(&t);
	if (jstr(jget(d, "qd_curve"), "note"))
		html_p(pg, "QD curve at %.2f%% OP: %s.", jnum(jget(d, "qd_curve"), "op_percent"),
		       jstr(jget(d, "qd_curve"), "note"));
	for (size_t k = 0; k < 4; k++) {
		const char *path = k < 2 ? jstr(d, links[k]) : jstr(jget(d, "qd_curve"), links[k]);
		size_t len = path ? strlen(path) : 0;

		/* The drive's own report sits beside its result.json. */
		if (len > 11 && !strcmp(path + len - 11, "result.json")) {
			snprintf(href, sizeof(href), "%.*sreport.html", (int)(len - 11), path);
			snprintf(head, sizeof(head), "the %s%s report of drive %zu", k < 2 ? "" : "QD curve ", links[k],
				 i + 1);
			html_link(pg, href, head);
		}
	}
}

/*
 * Every drive's margin on every requirement, one line per drive over the
 * requirements (named along the axis), 0 the limit itself: above it met, below it
 * missed (hollow).  Pass/fail requirements (steady) have no margin.
 */
static void margins_chart(struct html_page *pg, struct json_object *doc)
{
	struct json_object *drives = jget(doc, "drives"), *reqs = jget(jget(doc, "settings"), "requirements");
	struct plot p = { .c = { .title = "Margin on each requirement (0: the limit; above it met)",
				 .xlabel = "requirement", .ylabel = "margin (%)", .open_note = "hollow: missed" } };
	size_t nreq = jlen(reqs), nd = jlen(drives);
	double zx[2] = { 0.5, nreq + 0.5 }, zy[2] = { 0, 0 };
	const char *names[64];
	double *x, *y;
	bool *open;

	/* The requirements by name along the axis, where 1..n would say nothing. */
	for (size_t k = 0; k < nreq && k < sizeof(names) / sizeof(names[0]); k++)
		names[p.c.nx_names++] = json_object_get_string(jidx(reqs, k));
	p.c.x_names = names;
	p.c.series[p.c.nseries++] = (struct chart_series){ .label = "the limit", .x = zx, .y = zy, .n = 2,
							    .dashed = true, .color = -1 };
	for (size_t i = 0; i < nd && p.c.nseries < CHART_MAX_SERIES; i++) {
		struct json_object *d = jidx(drives, i), *dr = jget(d, "requirements");
		struct chart_series *line = plot_line(&p, jlen(dr), &x, &y, &open);

		if (!line)
			break;
		line->markers = true;
		line->color = (int)i;
		snprintf(plot_label(&p, line), PLOT_LABEL, "%zu: %s", i + 1, jstr(d, "spec") ? jstr(d, "spec") : "?");
		line->label = plot_label(&p, line);
		for (size_t k = 0; k < jlen(dr); k++) {
			x[k] = (double)k + 1;
			y[k] = jnum(jidx(dr, k), "margin") * 100;
			open[k] = !jbool(jidx(dr, k), "pass");
		}
	}
	if (!nreq)
		p.c.empty = "no requirements";
	plot_show(pg, "margins", &p, NULL);
}

/*
 * The drives' QD curves side by side: random-read and random-write IOPS
 * against queue depth, a line per drive, and the figures in a table.
 * Nothing when no drive has one.
 */
static void qd_section(struct html_page *pg, struct json_object *drives)
{
	static const char *const what[2] = { "read", "write" };
	struct plot p[2] = {
		{ .c = { .title = "4k random-read IOPS against queue depth (each drive at its chosen OP)",
			 .xlabel = "queue depth", .ylabel = "IOPS", .x_log2 = true, .y_from_zero = true } },
		{ .c = { .title = "4k random-write IOPS against queue depth (steady state at the chosen OP)",
			 .xlabel = "queue depth", .ylabel = "IOPS", .x_log2 = true, .y_from_zero = true } },
	};
	char key[32];
	bool any = false;
	struct table t;

	for (size_t i = 0; i < jlen(drives); i++)
		any |= jlen(jget(jget(jidx(drives, i), "qd_curve"), "points")) > 0;
	if (!any)
		return;
	table_init(&t, "QD curves (mean and p99 latency in µs)");
	table_cols(&t, "drive", TA_RIGHT, "QD", TA_RIGHT, "write IOPS", TA_RIGHT, "write mean", TA_RIGHT,
		   "write p99", TA_RIGHT, "read IOPS", TA_RIGHT, "read mean", TA_RIGHT, "read p99", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i), *pts = jget(jget(d, "qd_curve"), "points");

		for (size_t k = 0; k < 2 && jlen(pts); k++) {
			struct chart_series *line;

			snprintf(key, sizeof(key), "%s_iops", what[k]);
			if (!(line = line_of(&p[k], pts, NULL, 0, "qd", 1, key)))
				continue;
			line->markers = true;
			line->color = (int)i;
			snprintf(plot_label(&p[k], line), PLOT_LABEL, "%zu: %s", i + 1,
				 jstr(d, "spec") ? jstr(d, "spec") : "?");
			line->label = plot_label(&p[k], line);
		}
		for (size_t k = 0; k < jlen(pts); k++) {
			struct json_object *pt = jidx(pts, k);

			table_row(&t);
			table_cell(&t, 0, "%zu", i + 1);
			table_num(&t, 1, jnum(pt, "qd"), 0);
			table_num(&t, 2, jnum(pt, "write_iops"), 0);
			table_num(&t, 3, jnum(pt, "write_mean_us"), 1);
			table_num(&t, 4, jnum(pt, "write_p99_us"), 1);
			table_num(&t, 5, jnum(pt, "read_iops"), 0);
			table_num(&t, 6, jnum(pt, "read_mean_us"), 1);
			table_num(&t, 7, jnum(pt, "read_p99_us"), 1);
		}
	}
	html_h2(pg, "qd", "QD curves");
	html_p(pg, "Each drive at its chosen OP in that OP's steady state: 4k random writes, then 4k random reads, "
	       "one step per queue depth.  Each drive's section says how it reached the steady state.");
	plot_show(pg, "qd-read", &p[0], &t);
	plot_show(pg, "qd-write", &p[1], NULL);
	table_free(&t);
}

/*
 * The verdict the page opens with: how many drives pass; for each that
 * failed, the requirements it missed (measured and margin as the drive's
 * own table prints them), else the closest margin of the ones that passed;
 * and the OP each drive gave up to get there.
 */
static void qualify_answer(struct html_page *pg, struct json_object *drives, size_t pass)
{
	size_t n = jlen(drives);
	struct strbuf why = { 0 }, cost = { 0 };
	double closest = INFINITY;
	const char *cname = NULL;
	char head[128];

	if (n == 1)
		snprintf(head, sizeof(head), "The drive %s", pass ? "passes every requirement" : "FAILS");
	else
		snprintf(head, sizeof(head), "%s%zu of %zu drives pass", pass == n ? "All: " : "", pass, n);
	sb_add(&cost, "Measured at the OP each drive was given (of its capacity held back):");
	for (size_t i = 0; i < n; i++) {
		struct json_object *d = jidx(drives, i), *dr = jget(d, "requirements");
		const char *spec = jstr(d, "spec") ? jstr(d, "spec") : "?";

		sb_printf(&cost, "%s drive %zu %g%%", i ? "," : "", i + 1, jnum(d, "chosen_op_percent"));
		if (jstr(d, "error"))
			sb_printf(&why, "%sDrive %zu (%s) did not finish: %s.", why.len ? " " : "", i + 1, spec,
				  jstr(d, "error"));
		for (size_t k = 0; k < jlen(dr); k++) {
			struct json_object *r = jidx(dr, k);
			double m = jnum(r, "margin");

			if (!jbool(r, "pass"))
				sb_printf(&why, "%sDrive %zu (%s) misses %s %s %g: measured %.2f, margin %.1f%%.",
					  why.len ? " " : "", i + 1, spec, text_or_na(jstr(r, "name")),
					  text_or_na(jstr(r, "cmp")), jnum(r, "limit"), jnum(r, "measured"), m * 100);
			else if (isfinite(m) && m < closest) {
				closest = m;
				cname = jstr(r, "name");
			}
		}
	}
	if (!why.len && cname)
		sb_printf(&why, "The closest margin: %s, %.1f%% inside its limit.", cname, closest * 100);
	sb_add(&cost, ".");
	if (why.err || cost.err)
		pg->error = pg->error ? pg->error : -ENOMEM;
	else
		html_answer(pg, head, why.p, cost.p);
	sb_free(&why);
	sb_free(&cost);
}

void report_qualify(struct html_page *pg, struct json_object *doc)
{
	struct json_object *drives = jget(doc, "drives");
	size_t pass = 0;
	struct table t;

	for (size_t i = 0; i < jlen(drives); i++)
		pass += jstr(jidx(drives, i), "verdict") && !strcmp(jstr(jidx(drives, i), "verdict"), "pass");
	/* The verdict first, then the chart of margins it rests on, then the details. */
	qualify_answer(pg, drives, pass);
	margins_chart(pg, doc);
	html_dl_begin(pg);
	html_dl(pg, "drives", "%zu, %zu pass", jlen(drives), pass);
	html_dl(pg, "command", "%s", jstr(doc, "command") ? jstr(doc, "command") : "unknown");
	html_dl_end(pg);
	table_qualify(&t, doc);
	html_table(pg, &t, true);
	table_free(&t);
	qd_section(pg, drives);
	for (size_t i = 0; i < jlen(drives); i++)
		drive_section(pg, jidx(drives, i), i);
	settings_table(pg, doc);
}

/* A number as the JSON has it, or an empty field when not measured. */
static void csv_num(struct strbuf *b, struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	sb_add(b, ",");
	if (v && (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
		sb_add(b, json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
}

size_t csv_qualify(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *drives = jget(doc, "drives");
	struct strbuf *b;

	if (max < 1 || !(b = calloc(1, sizeof(*b))))
		return 0;
	sb_add(b, "drive,target,verdict,chosen_op_percent,requirement,cmp,limit,measured,pass,margin,"
	       CSV_DRIVE_COLUMN "\r\n");
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i), *dr = jget(d, "requirements");
		char name[1200];

		result_drive_name(jget(d, "target"), name, sizeof(name));
		for (size_t k = 0; k < jlen(dr); k++) {
			struct json_object *r = jidx(dr, k);

			sb_printf(b, "%zu,", i + 1);
			csv_field(b, jstr(d, "spec"));
			sb_add(b, ",");
			csv_field(b, jstr(d, "verdict"));
			csv_num(b, d, "chosen_op_percent");
			sb_add(b, ",");
			csv_field(b, jstr(r, "name"));
			sb_add(b, ",");
			/* A schema token the loader holds to ==, >= or <=, not text a user gave: as is. */
			sb_add(b, jstr(r, "cmp") ? jstr(r, "cmp") : "");
			csv_num(b, r, "limit");
			csv_num(b, r, "measured");
			sb_add(b, jbool(r, "pass") ? ",true" : ",false");
			csv_num(b, r, "margin");
			sb_add(b, ",");
			csv_field(b, name);
			sb_add(b, "\r\n");
		}
	}
	files[0] = (struct csv_file){ "qualify.csv", b };
	return 1;
}

void compare_qualify_table(struct table *t, const struct compare_entry *e, size_t n)
{
	table_init(t, "Qualifications");
	table_cols(t, "result", TA_LEFT, "drive", TA_LEFT, "verdict", TA_LEFT, "OP %", TA_RIGHT, "met", TA_RIGHT,
		   NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *drives = jget(e[i].doc, "drives");

		for (size_t k = 0; k < jlen(drives); k++) {
			struct json_object *d = jidx(drives, k), *dr = jget(d, "requirements");
			size_t met = 0;

			for (size_t j = 0; j < jlen(dr); j++)
				met += jbool(jidx(dr, j), "pass");
			table_row(t);
			table_cell(t, 0, "%s", e[i].label);
			table_cell(t, 1, "%s", jstr(d, "spec") ? jstr(d, "spec") : "?");
			table_cell(t, 2, "%s", jstr(d, "verdict") ? jstr(d, "verdict") : "?");
			table_num(t, 3, jnum(d, "chosen_op_percent"), 2);
			table_cell(t, 4, "%zu of %zu", met, jlen(dr));
		}
	}
}

/* A QD curve's figure f from its run result (qualify's qd/randread or qd/randwrite); NAN when it has none. */
static double run_figure(struct json_object *doc, enum req_figure f)
{
	const char *rw = jstr(jget(doc, "settings"), "rw");
	struct json_object *series = jget(doc, "series");
	double best = NAN;

	if (!rw || strcmp(rw, f == REQ_QD1_WRITE_US ? "randwrite" : "randread"))
		return NAN;
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i);
		double v = jnum(s, "iops");

		if (f != REQ_READ_IOPS && jnum(s, "qd") == 1)
			return jnum(jget(s, "lat_us"), "mean");
		if (f == REQ_READ_IOPS && !isnan(v) && (isnan(best) || v > best))
			best = v;
	}
	return best;
}

/* Figure f of a sweep (at its chosen OP), an slc result or a QD curve's run result; NAN when the kind has none. */
static double rank_figure(struct json_object *doc, enum req_figure f)
{
	struct req_measured m;
	int kind = result_kind_find(jstr(doc, "kind"));
	bool sweep = kind == RESULT_KIND_SWEEP, slc = kind == RESULT_KIND_SLC;

	if (req_figure_needs_qd(f))
		return kind == RESULT_KIND_RUN ? run_figure(doc, f) : NAN;
	qualify_measured(sweep ? doc : NULL, sweep ? qualify_chosen_op(doc) : NAN, slc ? doc : NULL, NULL, &m);
	switch (f) {
	case REQ_STEADY_IOPS:
		return m.steady_iops;
	case REQ_P99_9_WRITE_US:
		return m.p99_9_write_us;
	case REQ_POST_CACHE_MBPS:
		return m.post_cache_mbps;
	case REQ_LIFE_YEARS:
		return m.life_years;
	default:
		return NAN;
	}
}

static const enum req_figure rank_figures[] = { REQ_STEADY_IOPS, REQ_P99_9_WRITE_US, REQ_POST_CACHE_MBPS,
						 REQ_LIFE_YEARS, REQ_QD1_READ_US, REQ_QD1_WRITE_US, REQ_READ_IOPS };

int compare_figure(struct json_object *doc, const char *figure, double *v, bool *lower)
{
	for (size_t i = 0; i < sizeof(rank_figures) / sizeof(rank_figures[0]); i++)
		if (!strcmp(figure, req_figure_name(rank_figures[i]))) {
			enum req_figure f = rank_figures[i];

			*lower = f == REQ_P99_9_WRITE_US || f == REQ_QD1_READ_US || f == REQ_QD1_WRITE_US;
			*v = rank_figure(doc, f);
			return 0;
		}
	return -EINVAL;
}

int compare_rank(struct compare_set *set, const char *figure, char *err, size_t errlen)
{
	double v[COMPARE_MAX];
	bool any = false, lower = false;
	enum req_figure f = REQ_STEADY_IOPS;

	for (size_t i = 0; i < sizeof(rank_figures) / sizeof(rank_figures[0]); i++)
		if (!strcmp(figure, req_figure_name(rank_figures[i])))
			f = rank_figures[i];
	if (compare_figure(set->n ? set->e[0].doc : NULL, figure, &v[0], &lower)) {
		ESCAPE_BUF(q);

		snprintf(err, errlen, "--rank-by: '%s' is not a figure; use steady_iops, p99_9_write_us, post_cache_mbps, "
			 "life_years, qd1_read_us, qd1_write_us or read_iops", escape_arg(q, sizeof(q), figure));
		return -EINVAL;
	}
	for (size_t i = 0; i < set->n; i++)
		any |= !isnan(v[i] = rank_figure(set->e[i].doc, f));
	if (!any) {
		snprintf(err, errlen, "--rank-by %s: none of these results has it (%s comes from %s results)", figure,
			 figure, f == REQ_POST_CACHE_MBPS ? "slc" : req_figure_needs_qd(f) ? "qualify's QD curve run" : "sweep");
		return -EINVAL;
	}
	set->rank_by = figure;
	/* Insertion sort, stable: the best first, what was not measured last, ties in the order given. */
	for (size_t i = 1; i < set->n; i++)
		for (size_t j = i; j > 0; j--) {
			double a = v[j - 1], b = v[j];
			bool swap = !isnan(b) && (isnan(a) || (lower ? b < a : b > a));
			struct compare_entry e;

			if (!swap)
				break;
			e = set->e[j - 1];
			set->e[j - 1] = set->e[j];
			set->e[j] = e;
			v[j - 1] = b;
			v[j] = a;
		}
	return 0;
}

void report_life_chart(struct html_page *pg, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points"), *e = jget(doc, "endurance");
	struct plot p = { .c = { .title = "Projected life against OP", .xlabel = "OP (%)", .ylabel = "life (years)",
				 .x_from_zero = true, .y_from_zero = true, .open_note = "hollow: not steady" } };
	double target = jnum(e, "target_life_years"), tx[2], ty[2];
	char tl[64];
	struct chart_series *line;
	bool known = false;
	struct table t;

	for (size_t i = 0; i < jlen(points); i++)
		known |= !isnan(jnum(jget(jidx(points, i), "endurance"), "life_years"));
	if (!known)
		return;
	line = line_of(&p, points, NULL, 0, "op_percent", 1, "endurance/life_years");
	if (line) {
		line->label = "life at --daily-writes";
		line->markers = true;
	}
	if (!isnan(target) && jlen(points)) {
		tx[0] = jnum(jidx(points, 0), "op_percent");
		tx[1] = jnum(jidx(points, jlen(points) - 1), "op_percent");
		ty[0] = ty[1] = target;
		snprintf(tl, sizeof(tl), "--target-life %.3g years", target);
		p.c.series[p.c.nseries++] = (struct chart_series){ .label = tl, .x = tx, .y = ty, .n = 2, .dashed = true,
								    .color = -1 };
	}
	table_init(&t, "Life per OP point");
	table_cols(&t, "OP %", TA_RIGHT, "WA", TA_RIGHT, "life years", TA_RIGHT, "rated TB", TA_RIGHT, "source", TA_LEFT,
		   NULL);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *pt = jidx(points, i), *pe = jget(pt, "endurance");

		table_row(&t);
		table_num(&t, 0, jnum(pt, "op_percent"), 2);
		table_num(&t, 1, jnum(pe, "nand_bytes_per_host_byte"), 2);
		table_num(&t, 2, jnum(pe, "life_years"), 2);
		table_num(&t, 3, jnum(pe, "rated_tbw"), 1);
		table_cell(&t, 4, "%s", text_or_na(jstr(pe, "source")));
	}
	html_h2(pg, "life", "Life against OP");
	html_p(pg, "The rated endurance counted as NAND writes at WA 1, divided by the daily host writes times the "
	       "WA measured at each OP: life grows with OP as WA falls.");
	if (!isnan(jnum(e, "limiting_member")))
		html_p(pg, "A RAID group wears its members: each member's life is its rating over its share of the "
		       "group's host bytes (data and parity) times its own WA, and the group lasts as its first member "
		       "to wear out (each point's endurance.members). At the recommended OP that is member %.0f: "
		       "%.3g years.", jnum(e, "limiting_member"), jnum(e, "recommended_life_years"));
	plot_show(pg, "life", &p, &t);
	table_free(&t);
}
