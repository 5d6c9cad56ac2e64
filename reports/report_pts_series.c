/* SPDX-License-Identifier: MIT */
/*
 * The page of a time-series PTS test (WSAT, HIR, XSR: pts.series of the
 * document): its method, IOPS against time (and against data written for
 * WSAT) with a line per phase, the phases' table; its CSVs.  Every index
 * the document gives (a phase's first sample and count) is checked against
 * the arrays it points into: a damaged file draws less, never out of bounds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/csv_export.h"
#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/report_pts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/strbuf.h"
#include "util/text.h"

/* Entry i of an array of numbers; NAN for null or past its end. */
static double num_at(struct json_object *arr, size_t i)
{
	struct json_object *v = jidx(arr, i);

	return v && !json_object_is_type(v, json_type_null) ? json_object_get_double(v) : NAN;
}

/* The samples of phase ph within n samples: [*first, *first + *count). */
static void phase_span(struct json_object *ph, size_t n, size_t *first, size_t *count)
{
	double f = jnum(ph, "first_sample"), c = jnum(ph, "samples");

	*first = isfinite(f) && f >= 0 && f < (double)n ? (size_t)f : n;
	*count = isfinite(c) && c >= 0 ? (size_t)fmin(c, (double)(n - *first)) : 0;
}

/* ykey ("iops", "mbps") of every sample against x (the samples' xkey / xdiv), a line per phase. */
static void series_chart(struct html_page *pg, struct json_object *se, const char *name, const char *title,
			 const char *xkey, double xdiv, const char *xlabel, const char *ykey)
{
	struct json_object *phases = jget(se, "phases"), *sm = jget(se, "samples");
	struct json_object *xs = jget(sm, xkey), *ys = jget(sm, ykey);
	size_t n = jlen(ys) < jlen(xs) ? jlen(ys) : jlen(xs);
	struct plot p = { .c = { .title = title, .xlabel = xlabel, .ylabel = strcmp(ykey, "mbps") ? "IOPS" : "MB/s",
				 .x_from_zero = true, .y_from_zero = true } };

	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);
		struct chart_series *s;
		size_t first, count;
		double *x, *y;

		phase_span(ph, n, &first, &count);
		if (!count || !(s = plot_line(&p, count, &x, &y, NULL)))
			continue;
		for (size_t k = 0; k < count; k++) {
			x[k] = num_at(xs, first + k) / xdiv;
			y[k] = num_at(ys, first + k);
		}
		snprintf(plot_label(&p, s), PLOT_LABEL, "%s", text_or_na(jstr(ph, "name")));
		s->label = plot_label(&p, s);
		s->markers = count <= 400;
		s->color = (int)i;
	}
	empty_unless_measured(&p.c, "no sample measured");
	plot_show(pg, name, &p, NULL);
}

/* A row per phase: its access, rates, response times, and what the test says of it. */
static void phases_table(struct html_page *pg, struct json_object *pts, bool hir, bool xsr)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	double steady = jnum(jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0), "iops");
	struct table t;
	char access[64];

	table_init(&t, "The phases");
	table_cols(&t, "phase", TA_LEFT, "access", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "mean µs", TA_RIGHT,
		   "p99.9 µs", TA_RIGHT, "p99.99 µs", TA_RIGHT, "p99.999 µs", TA_RIGHT, "max µs", TA_RIGHT,
		   "written GB", TA_RIGHT, "seconds", TA_RIGHT, NULL);
	if (hir)
		table_cols(&t, "bursts", TA_RIGHT, "wait s", TA_RIGHT, "vs steady", TA_RIGHT, NULL);
	if (xsr)
		table_cols(&t, "end IOPS", TA_RIGHT, "settle s", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);
		const char *rw = jstr(ph, "rw");

		snprintf(access, sizeof(access), "%s %g KiB, QD %g", rw && strstr(rw, "rand") ? "random" : "sequential",
			 jnum(ph, "bs") / 1024, jnum(ph, "qd"));
		table_row(&t);
		table_cell(&t, 0, "%s", text_or_na(jstr(ph, "name")));
		table_cell(&t, 1, "%s", access);
		table_num(&t, 2, jnum(ph, "iops"), 0);
		table_num(&t, 3, jnum(ph, "mbps"), 1);
		table_num(&t, 4, jat(ph, "lat_us/mean"), 1);
		table_num(&t, 5, jat(ph, "lat_us/" LAT_KEY_P999), 1);
		table_num(&t, 6, jat(ph, "lat_us/" LAT_KEY_P9999), 1);
		table_num(&t, 7, jat(ph, "lat_us/" LAT_KEY_P99999), 1);
		table_num(&t, 8, jat(ph, "lat_us/max"), 1);
		table_num(&t, 9, jnum(ph, "bytes") / 1e9, 2);
		table_num(&t, 10, jnum(ph, "seconds"), 1);
		if (hir) {
			table_num(&t, 11, jnum(ph, "samples"), 0);
			table_num(&t, 12, jnum(ph, "idle_s"), 0);
			if (isfinite(steady) && steady > 0 && isfinite(jnum(ph, "iops")))
				table_cell(&t, 13, "%+.1f%%", 100 * (jnum(ph, "iops") / steady - 1));
		}
		if (xsr) {
			table_num(&t, 11, jnum(ph, "level_iops"), 0);
			table_num(&t, 12, jnum(ph, "settle_s"), 1);
		}
	}
	html_table(pg, &t, true);
	table_free(&t);
}

void report_pts_series_method(struct html_page *pg, struct json_object *doc)
{
	struct json_object *pts = jget(doc, "pts"), *s = jget(doc, "settings"), *se = jget(pts, "series");
	struct json_object *ph = jidx(jget(se, "phases"), 0);
	const char *test = text_or_na(jstr(pts, "test"));

	if (!strcmp(test, "wsat"))
		html_dl(pg, "method", "purge (%s), then random 4 KiB writes at QD %g for %g x the span%s; IOPS of every "
			"sample against time and against the data written", text_or_na(jstr(se, "purge_method")),
			jnum(ph, "qd"), jnum(s, "writes"), isfinite(jnum(s, "time_cap_s")) ? " or the time cap" : "");
	else if (!strcmp(test, "hir"))
		html_dl(pg, "method", "random 4 KiB writes at QD %g to the steady window, then per wait state %g bursts "
			"of %g s each followed by the wait, then %g bursts without one (the return to baseline); "
			"a sample per burst", jnum(ph, "qd"), jnum(ph, "reps"), jnum(ph, "burst_s"), jnum(ph, "reps"));
	else
		html_dl(pg, "method", "purge (%s), then each phase writes %g x the span in turn; a phase has settled "
			"once its IOPS stay within 10%% of the level it ends at (the mean of its last fifth)",
			text_or_na(jstr(se, "purge_method")), jnum(s, "writes"));
	html_dl(pg, "ended", "%s", text_or_na(jstr(se, "stop_reason")));
}

void report_pts_series(struct html_page *pg, struct json_object *doc, const char *pre)
{
	struct json_object *pts = jget(doc, "pts"), *se = jget(pts, "series");
	const char *test = text_or_na(jstr(pts, "test"));
	bool wsat = !strcmp(test, "wsat"), hir = !strcmp(test, "hir"), xsr = !strcmp(test, "xsr");
	char id[64];

	if (!se)
		return;
	html_h2(pg, pts_id(id, sizeof(id), pre, "series"), wsat ? "Write saturation" : hir ? "Host idle recovery" : "Cross-stimulus recovery");
	/* XSR's phases differ in size: MB/s puts them on one scale. */
	series_chart(pg, se, pts_id(id, sizeof(id), pre, "pts-series-time"), hir ? "IOPS of every burst against time, a line per wait state"
		     : xsr ? "Throughput against time, a line per phase" : "IOPS against time",
		     "t_s", 1, "seconds since the stimulus began", xsr ? "mbps" : "iops");
	if (wsat)
		series_chart(pg, se, pts_id(id, sizeof(id), pre, "pts-series-written"), "IOPS against the data written", "written_bytes", 1e9,
			     "GB written since the purge", "iops");
	html_h2(pg, pts_id(id, sizeof(id), pre, "phases"), "The phases");
	phases_table(pg, pts, hir, xsr);
}

size_t csv_pts_series(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *se = jget(jget(doc, "pts"), "series"), *phases = jget(se, "phases");
	struct json_object *sm = jget(se, "samples"), *t = jget(sm, "t_s");
	struct strbuf *b;
	char v[64], drive[1400];

	if (!se || !max || !(b = calloc(1, sizeof(*b))))
		return 0;
	csv_drive_field(doc, drive, sizeof(drive));
	sb_add(b, "phase,t_s,dur_s,iops,mbps,lat_mean_us,written_bytes," CSV_DRIVE_COLUMN "\r\n");
	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);
		size_t first, count;

		phase_span(ph, jlen(t), &first, &count);
		for (size_t k = first; k < first + count; k++) {
			csv_field(b, text_or_na(jstr(ph, "name")));
			sb_printf(b, ",%s", result_format_number(v, sizeof(v), num_at(t, k), RP_SECONDS));
			sb_printf(b, ",%s", result_format_number(v, sizeof(v), num_at(jget(sm, "dur_s"), k), RP_SECONDS));
			sb_printf(b, ",%s", result_format_number(v, sizeof(v), num_at(jget(sm, "iops"), k), RP_IOPS));
			sb_printf(b, ",%s", result_format_number(v, sizeof(v), num_at(jget(sm, "mbps"), k), RP_MBPS));
			sb_printf(b, ",%s",
				  result_format_number(v, sizeof(v), num_at(jget(sm, "lat_mean_us"), k), RP_LAT_US));
			sb_printf(b, ",%s,%s\r\n",
				  result_format_number(v, sizeof(v), num_at(jget(sm, "written_bytes"), k), 0), drive);
		}
	}
	files[0] = (struct csv_file){ "pts_samples.csv", b };
	return 1;
}
