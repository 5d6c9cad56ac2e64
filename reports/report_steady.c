/* SPDX-License-Identifier: MIT */
/*
 * The write-saturation charts of a sweep or a precondition (SNIA PTS):
 * IOPS of every interval from the first random write, against time and
 * against data written, one line per OP level, with each steady window
 * shaded (its rounds by mean +-10%, the band the range rule allows) and its
 * least-squares line drawn over it.  Documents saved before points kept
 * their intervals fall back to the per-round averages.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"

double points_mbps_per_iops(struct json_object *doc, struct json_object *points)
{
	double bs = jnum(jget(doc, "settings"), "bs");

	for (size_t i = 0; i < jlen(points); i++) {
		double io = jnum(jidx(points, i), "iops"), mb = jnum(jidx(points, i), "mbps");

		if (io > 0 && mb > 0)
			return mb / io;
	}
	return bs > 0 ? bs / 1e6 : 0;
}

/* Item i of a JSON array of numbers, NAN for null or anything else. */
static double jarr(struct json_object *a, size_t i)
{
	struct json_object *v = jidx(a, i);

	if (json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int))
		return json_object_get_double(v);
	return NAN;
}

/* What the charts draw of one point. */
struct steady_view {
	struct json_object *pt, *t_s, *iops, *gb;
	size_t n;                  /* interval entries */
	double op;
	bool reached;
	double w_t0, w_t1;         /* the steady window in s from the first random write; NAN: none */
	double mean;               /* of the window's rounds */
	double fit_a, fit_b;       /* least-squares IOPS = fit_a + fit_b * t over the window's rounds */
	double fresh;              /* IOPS of the first interval */
};

/* GB written at t s, between the interval entries (from 0 at t = 0). */
static double gb_at(const struct steady_view *v, double t)
{
	double t0 = 0, g0 = 0;

	for (size_t i = 0; i < v->n; i++) {
		double ti = jarr(v->t_s, i), gi = jarr(v->gb, i);

		if (!isfinite(ti) || !isfinite(gi))
			continue;
		if (ti >= t)
			return ti > t0 ? g0 + (gi - g0) * (t - t0) / (ti - t0) : gi;
		t0 = ti;
		g0 = gi;
	}
	return v->n ? g0 : NAN;
}

/* The window of pt: where it lies in time, and its rounds' mean and least-squares line. */
static void window_fit(struct steady_view *v)
{
	struct json_object *ss = jget(v->pt, "steady_state"), *win = jget(ss, "window"), *ts = jget(v->pt, "timeseries");
	double sx = 0, sy = 0, sxx = 0, sxy = 0, k = 0;
	long w0, w1;

	v->w_t0 = v->w_t1 = v->mean = v->fit_a = v->fit_b = NAN;
	if (jlen(win) != 2)
		return;
	w0 = json_object_get_int(jidx(win, 0));
	w1 = json_object_get_int(jidx(win, 1));
	if (w0 < 0 || w1 < w0 || (size_t)w1 >= jlen(ts))
		return;
	for (long i = w0; i <= w1; i++) {
		double end = jnum(jidx(ts, (size_t)i), "t_s"), start = i ? jnum(jidx(ts, (size_t)i - 1), "t_s") : 0;
		double x = (start + end) / 2, y = jnum(jidx(ts, (size_t)i), "iops");

		if (!isfinite(x) || !isfinite(y))
			return;
		sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
	}
	v->w_t0 = w0 ? jnum(jidx(ts, (size_t)w0 - 1), "t_s") : 0;
	v->w_t1 = jnum(jidx(ts, (size_t)w1), "t_s");
	v->mean = sy / k;
	v->fit_b = k > 1 && k * sxx - sx * sx > 0 ? (k * sxy - sx * sy) / (k * sxx - sx * sx) : 0;
	v->fit_a = v->mean - v->fit_b * sx / k;
}

static void view_of(struct steady_view *v, struct json_object *pt)
{
	struct json_object *iv = jget(pt, "intervals");

	*v = (struct steady_view){ .pt = pt, .t_s = jget(iv, "t_s"), .iops = jget(iv, "iops"),
				   .gb = jget(iv, "gb_written"), .op = jnum(pt, "op_percent"),
				   .reached = jtrue(jget(pt, "steady_state"), "reached") };
	v->n = jlen(v->t_s);
	if (jlen(v->iops) < v->n)
		v->n = jlen(v->iops);
	if (jlen(v->gb) < v->n)
		v->n = jlen(v->gb);
	v->fresh = v->n ? jarr(v->iops, 0) : NAN;
	window_fit(v);
}

/* Point indices by OP, unmeasured OP last: the legend and the sequential colours read in order. */
static int by_op(const void *a, const void *b)
{
	const struct steady_view *x = *(struct steady_view *const *)a, *y = *(struct steady_view *const *)b;

	if (isnan(x->op) || isnan(y->op))
		return isnan(x->op) - isnan(y->op);
	return (x->op > y->op) - (x->op < y->op);
}

static void line_name(struct plot *p, struct chart_series *s, const struct steady_view *v, bool per_round)
{
	char *b = plot_label(p, s);

	if (isfinite(v->op))
		snprintf(b, PLOT_LABEL, "OP %g%%%s%s", v->op, v->reached ? "" : " (not steady)",
			 per_round ? " (per round)" : "");
	else
		snprintf(b, PLOT_LABEL, "IOPS%s%s", v->reached ? "" : " (not steady)", per_round ? " (per round)" : "");
	s->label = b;
}

/* One point on chart p: its intervals (x time or GB), its window's box and least-squares line. */
static void add_point(struct plot *p, const struct steady_view *v, int color, bool by_gb)
{
	struct chart_series *s;
	struct json_object *ts = jget(v->pt, "timeseries");
	bool per_round = !v->n;
	size_t n = per_round ? jlen(ts) : v->n;
	double *x, *y, x0, x1;

	if (per_round && by_gb)
		return;
	s = plot_line(p, n, &x, &y, NULL);
	if (!s)
		return;
	for (size_t j = 0; j < n; j++) {
		x[j] = per_round ? jnum(jidx(ts, j), "t_s") : by_gb ? jarr(v->gb, j) : jarr(v->t_s, j);
		y[j] = per_round ? jnum(jidx(ts, j), "iops") : jarr(v->iops, j);
	}
	line_name(p, s, v, per_round);
	s->color = color;
	s->dashed = !v->reached;
	s->markers = per_round;
	s->width = per_round ? 0 : 1.6;
	if (!isfinite(v->mean))
		return;
	x0 = by_gb ? gb_at(v, v->w_t0) : v->w_t0;
	x1 = by_gb ? gb_at(v, v->w_t1) : v->w_t1;
	if (p->c.nboxes < CHART_MAX_BOXES)
		p->c.boxes[p->c.nboxes++] = (struct chart_box){ x0, x1, 0.9 * v->mean, 1.1 * v->mean, color };
	s = plot_line(p, 2, &x, &y, NULL);
	if (!s)
		return;
	x[0] = x0;
	x[1] = x1;
	y[0] = v->fit_a + v->fit_b * v->w_t0;
	y[1] = v->fit_a + v->fit_b * v->w_t1;
	s->color = color;
	s->width = p->c.seq_n ? 3 : 4.5;
}

/* The numbers of the data-written chart: fresh against steady, and where each window lies. */
static void window_table(struct table *t, struct steady_view *const *order, size_t n)
{
	table_init(t, "From fresh to steady state, per OP point");
	table_cols(t, "OP %", TA_RIGHT, "steady", TA_LEFT, "first 1 s IOPS", TA_RIGHT, "steady IOPS", TA_RIGHT,
		   "steady / first %", TA_RIGHT, "window from s", TA_RIGHT, "to s", TA_RIGHT, "from GB", TA_RIGHT,
		   "to GB", TA_RIGHT, "slope % of mean", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		const struct steady_view *v = order[i];
		double steady = jnum(jget(v->pt, "steady_state"), "iops");

		table_row(t);
		table_num(t, 0, v->op, 2);
		table_cell(t, 1, "%s", v->reached ? "yes" : "NO");
		table_num(t, 2, v->fresh, 0);
		table_num(t, 3, steady, 0);
		table_num(t, 4, v->fresh > 0 ? 100 * steady / v->fresh : NAN, 1);
		table_num(t, 5, v->w_t0, 1);
		table_num(t, 6, v->w_t1, 1);
		table_num(t, 7, gb_at(v, v->w_t0), 2);
		table_num(t, 8, gb_at(v, v->w_t1), 2);
		table_num(t, 9, jnum(jget(v->pt, "steady_state"), "slope_pct"), 2);
	}
}

/* The per-round averages under the time chart, as before intervals were saved. */
static void rounds_table(struct table *t, struct steady_view *const *order, size_t n)
{
	table_init(t, "IOPS per round");
	table_cols(t, "OP %", TA_RIGHT, "round", TA_RIGHT, "t s", TA_RIGHT, "IOPS", TA_RIGHT,
		   "MB/s", TA_RIGHT, "steady window", TA_LEFT, NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *pt = order[i]->pt, *ts = jget(pt, "timeseries"), *ss = jget(pt, "steady_state");
		struct json_object *win = jget(ss, "window");
		long w0 = jlen(win) == 2 ? json_object_get_int(jidx(win, 0)) : -1;
		long w1 = jlen(win) == 2 ? json_object_get_int(jidx(win, 1)) : -1;

		for (size_t j = 0; j < jlen(ts); j++) {
			table_row(t);
			table_num(t, 0, order[i]->op, 2);
			table_cell(t, 1, "%zu", j + 1);
			table_num(t, 2, jnum(jidx(ts, j), "t_s"), 1);
			table_num(t, 3, jnum(jidx(ts, j), "iops"), 0);
			table_num(t, 4, jnum(jidx(ts, j), "mbps"), 1);
			if ((long)j >= w0 && (long)j <= w1)
				table_cell(t, 5, "%s", jtrue(ss, "reached") ? "yes" : "last rounds (not steady)");
		}
	}
}

/* One of the two charts: against time (by_gb false) or against data written. */
static void steady_chart(struct html_page *pg, struct json_object *doc, struct json_object *points,
			 struct steady_view *const *order, bool by_gb, const char *title)
{
	size_t n = jlen(points), with_iv = 0;
	struct plot *p = calloc(1, sizeof(*p));
	struct table t;

	if (!p) {
		pg->error = pg->error ? pg->error : -ENOMEM;
		return;
	}
	*p = (struct plot){ .c = { .title = title, .ylabel = "IOPS", .y2label = "MB/s", .x_from_zero = true,
				  .y_from_zero = true, .seq_n = n > CHART_QUALITATIVE ? (int)n : 0,
				  .box_note = "shaded: steady window (or last five rounds), mean ±10%; thick: least-squares line" } };
	p->c.xlabel = by_gb ? "host data written since the first random write (GB)"
			    : "time since the first random write (s)";
	p->c.y2_scale = points_mbps_per_iops(doc, points);
	for (size_t i = 0; i < n; i++) {
		with_iv += order[i]->n > 0;
		add_point(p, order[i], (int)i, by_gb);
	}
	if (by_gb && !with_iv)
		p->c.empty = "no per-interval samples in this result (saved by an older ssdprof)";
	if (by_gb)
		window_table(&t, order, n);
	else
		rounds_table(&t, order, n);
	plot_show(pg, by_gb ? "iops-over-gb" : "iops-over-time", p, &t);
	table_free(&t);
	free(p);
}

void steady_charts(struct html_page *pg, struct json_object *doc, struct json_object *points, bool sweep)
{
	size_t n = jlen(points);
	struct steady_view *v = calloc(n + 1, sizeof(*v));
	struct steady_view **order = calloc(n + 1, sizeof(*order));

	if (!v || !order) {
		pg->error = pg->error ? pg->error : -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		view_of(&v[i], jidx(points, i));
		order[i] = &v[i];
	}
	qsort(order, n, sizeof(*order), by_op);
	steady_chart(pg, doc, points, order, false,
		     sweep ? "IOPS from the first random write, every OP level" : "IOPS from the first random write");
	steady_chart(pg, doc, points, order, true,
		     sweep ? "IOPS against data written, every OP level" : "IOPS against data written");
	html_note(pg, "note", "Every line is the IOPS of one interval (1 s, or several merged evenly in a long run) "
			      "from the first random write after the fill: the fall from fresh to steady state.  The "
			      "shaded box is each point's steady window (the last five rounds tested, steady or not), "
			      "spanning its mean ±10% (the SNIA range rule); the thick segment is the least-squares line through "
			      "the window's rounds (the slope rule).");
out:
	free(v);
	free(order);
}
