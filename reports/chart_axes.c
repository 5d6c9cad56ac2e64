/* SPDX-License-Identifier: MIT */
/* Charts: axes and scales (ticks, log axes, the data range, the named x axis). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "reports/chart.h"
#include "reports/chart_priv.h"

size_t chart_ticks(double lo, double hi, size_t target, double *ticks, size_t max, double *step)
{
	double raw, mag, norm, s, first;
	size_t n = 0;

	if (!isfinite(lo) || !isfinite(hi) || !target || !max)
		return 0;
	if (hi < lo) {
		double t = lo;
		lo = hi;
		hi = t;
	}
	if (hi == lo) {
		double d = lo == 0 ? 1 : fabs(lo) * 0.1;
		lo -= lo == 0 ? 0 : d;
		hi += d;
	}
	raw = (hi - lo) / (double)target;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	s = (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
	first = floor(lo / s + 1e-9) * s;
	for (double v = first; n < max; v += s) {
		ticks[n++] = fabs(v) < s * 1e-9 ? 0 : v;
		/* Data a hair past a tick (t_s 300.004) ends at that tick, not a step beyond. */
		if (v >= hi - s * 0.02)
			break;
	}
	*step = s;
	return n;
}

char *chart_tick_label(char *buf, size_t len, double v, double step, double maxabs)
{
	static const struct { double f; const char *p; } si[] = { { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" } };
	double f = 1;
	const char *p = "";
	int dec;

	for (size_t i = 0; i < 3; i++)
		if (maxabs >= (si[i].f == 1e3 ? 1e4 : si[i].f)) {
			f = si[i].f;
			p = si[i].p;
			break;
		}
	dec = (int)-floor(log10(step / f) + 1e-9);
	if (dec < 0)
		dec = 0;
	if (v == 0)
		p = "";
	snprintf(buf, len, "%.*f%s", dec, v / f, p);
	return buf;
}

/* v in an axis's drawing space. */
static double axis_v(const struct axis *a, double v)
{
	return a->log == 2 ? log2(v) : a->log == 10 ? log10(v) : v;
}

double chart_map_x(const struct layout *l, double v)
{
	v = axis_v(&l->x, v);
	return l->px0 + (v - l->x.lo) / (l->x.hi - l->x.lo) * (l->px1 - l->px0);
}

/* v already in the y axis's drawing space (a tick). */
static double map_y_raw(const struct layout *l, double v)
{
	return l->py1 - (v - l->y.lo) / (l->y.hi - l->y.lo) * (l->py1 - l->py0);
}

double chart_map_y(const struct layout *l, double v)
{
	v = axis_v(&l->y, v);
	return l->py1 - (v - l->y.lo) / (l->y.hi - l->y.lo) * (l->py1 - l->py0);
}

/* Decades from lo to hi, with 2 and 5 between them when there are few decades. */
static void make_log10_axis(struct axis *a, double lo, double hi)
{
	double l = floor(log10(lo) + 1e-9), h = ceil(log10(hi) - 1e-9);

	if (h <= l)
		h = l + 1;
	a->n = 0;
	for (double e = l; e <= h && a->n < MAX_TICKS; e++) {
		a->ticks[a->n++] = e;
		if (h - l <= 3 && e < h && a->n + 2 < MAX_TICKS) {
			a->ticks[a->n++] = e + log10(2);
			a->ticks[a->n++] = e + log10(5);
		}
	}
	a->lo = l;
	a->hi = h;
	a->step = 1;
}

void chart_make_axis(struct axis *a, double lo, double hi, size_t target, int log)
{
	a->log = log;
	if (log == 10) {
		make_log10_axis(a, lo, hi);
		return;
	}
	if (log == 2) {
		double l = floor(log2(lo)), h = ceil(log2(hi));

		if (h <= l)
			h = l + 1;
		a->n = 0;
		for (double e = l; e <= h && a->n < MAX_TICKS; e++)
			a->ticks[a->n++] = e;
		a->lo = l;
		a->hi = h;
		a->step = 1;
		return;
	}
	a->n = chart_ticks(lo, hi, target, a->ticks, MAX_TICKS, &a->step);
	a->lo = a->ticks[0];
	a->hi = a->ticks[a->n - 1];
	if (a->hi <= a->lo)
		a->hi = a->lo + a->step;
}

static void tick_text(const struct axis *a, double v, char *buf, size_t len)
{
	double maxabs = fmax(fabs(a->ticks[0]), fabs(a->ticks[a->n - 1]));

	/* Powers of two below 1 (0.5 KiB blocks) keep their fraction. */
	if (a->log == 2)
		snprintf(buf, len, v < 0 ? "%g" : "%.0f", exp2(v));
	else if (a->log == 10)
		chart_tick_label(buf, len, pow(10, v), pow(10, v), pow(10, v));
	else
		chart_tick_label(buf, len, v, a->step, maxabs);
}

double chart_widest_tick(cairo_t *cr, const struct axis *a)
{
	char buf[32];
	double w = 0;

	for (size_t i = 0; i < a->n; i++) {
		tick_text(a, a->ticks[i], buf, sizeof(buf));
		w = fmax(w, chart_text_w(cr, buf));
	}
	return w;
}

/* Data ranges over every finite point, band and marked position. */
bool chart_data_range(const struct chart *c, double *xlo, double *xhi, double *ylo, double *yhi)
{
	bool any = false;

	*xlo = *ylo = INFINITY;
	*xhi = *yhi = -INFINITY;
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];

		for (size_t j = 0; j < s->n; j++) {
			if (chart_off_axis(c, s->x[j], s->y[j]))
				continue;
			*xlo = fmin(*xlo, s->x[j]);
			*xhi = fmax(*xhi, s->x[j]);
			*ylo = fmin(*ylo, s->y[j]);
			*yhi = fmax(*yhi, s->y[j]);
			any = true;
		}
	}
	for (size_t i = 0; any && i < c->nboxes; i++) {
		if (chart_off_axis(c, c->boxes[i].x0, c->boxes[i].y0) || chart_off_axis(c, c->boxes[i].x1, c->boxes[i].y1))
			continue;
		*ylo = fmin(*ylo, fmin(c->boxes[i].y0, c->boxes[i].y1));
		*yhi = fmax(*yhi, fmax(c->boxes[i].y0, c->boxes[i].y1));
	}
	for (size_t i = 0; i < c->nbands; i++) {
		*xlo = fmin(*xlo, c->bands[i].x0);
		*xhi = fmax(*xhi, c->bands[i].x1);
	}
	for (size_t i = 0; i < c->nvlines; i++) {
		*xlo = fmin(*xlo, c->vlines[i].x);
		*xhi = fmax(*xhi, c->vlines[i].x);
	}
	return any;
}

/* s cut to fit in w with a trailing ellipsis (a RAID group's path runs long), into buf. */
const char *chart_fit_text(cairo_t *cr, const char *s, double w, char *buf, size_t len)
{
	size_t n = strlen(s);

	if (chart_text_w(cr, s) <= w)
		return s;
	while (n > 0) {
		n--;
		/* Never cut inside a UTF-8 sequence. */
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		snprintf(buf, len, "%.*s…", (int)n, s);
		if (chart_text_w(cr, buf) <= w)
			break;
	}
	return buf;
}

/* x name i as drawn: cut to CHART_NAME_MAX_W, into buf. */
static const char *x_name(cairo_t *cr, const struct chart *c, size_t i, char *buf, size_t len)
{
	return chart_fit_text(cr, c->x_names[i] ? c->x_names[i] : "", CHART_NAME_MAX_W, buf, len);
}

/*
 * The x axis of categories: a tick at each of 1..nx_names, half a place of
 * room either side, the names slanted when side by side they would touch.
 * The room the names take below the axis beyond one line of tick labels.
 */
double chart_name_axis(cairo_t *cr, const struct chart *c, struct layout *l)
{
	size_t n = c->nx_names < MAX_TICKS ? c->nx_names : MAX_TICKS;
	double widest = 0, first;
	char buf[256];

	l->x = (struct axis){ .lo = 0.5, .hi = (double)n + 0.5, .step = 1, .n = n };
	for (size_t i = 0; i < n; i++) {
		l->x.ticks[i] = (double)i + 1;
		widest = fmax(widest, chart_text_w(cr, x_name(cr, c, i, buf, sizeof(buf))));
	}
	l->slant = widest + 12 > (l->px1 - l->px0) / (double)(n ? n : 1);
	if (!l->slant)
		return 0;
	/* The first name leans left from its tick, half a place in: the plot moves right to keep it whole. */
	first = chart_text_w(cr, x_name(cr, c, 0, buf, sizeof(buf))) * cos(SLANT) + 8;
	if (l->px0 + (l->px1 - l->px0) / (2 * (double)n) < first)
		l->px0 = (first - l->px1 / (2 * (double)n)) / (1 - 1 / (2 * (double)n));
	return widest * sin(SLANT);
}

/* The y grid with its tick labels, and the right-hand axis's ticks. */
void chart_draw_y_ticks(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	char buf[64];

	for (size_t i = 0; l->have_data && i < l->y.n; i++) {
		double y = round(map_y_raw(l, l->y.ticks[i])) + 0.5;

		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_move_to(cr, l->px0, y);
		cairo_line_to(cr, l->px1, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		tick_text(&l->y, l->y.ticks[i], buf, sizeof(buf));
		chart_text_at(cr, l->px0 - 8, y + TICK_PT * 0.35, 1, buf);
	}
	for (size_t i = 0; l->have_data && c->y2_scale > 0 && i < l->y2.n; i++) {
		double v = l->y2.ticks[i] / c->y2_scale, y;

		if (v < l->y.lo - 1e-9 || v > l->y.hi + 1e-9)
			continue;
		y = chart_map_y(l, v);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_move_to(cr, l->px1, y);
		cairo_line_to(cr, l->px1 + 5, y);
		cairo_stroke(cr);
		tick_text(&l->y2, l->y2.ticks[i], buf, sizeof(buf));
		chart_text_at(cr, l->px1 + 8, y + TICK_PT * 0.35, 0, buf);
	}
}

/* The named x ticks: each name under its tick, or slanted so that it ends there. */
void chart_draw_x_names(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	char buf[256];

	for (size_t i = 0; i < l->x.n; i++) {
		double x = round(chart_map_x(l, l->x.ticks[i])) + 0.5;
		const char *name = x_name(cr, c, i, buf, sizeof(buf));

		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_move_to(cr, x, l->py1);
		cairo_line_to(cr, x, l->py1 + 5);
		cairo_stroke(cr);
		if (!l->slant) {
			chart_text_at(cr, x, l->py1 + 8 + TICK_PT, 0.5, name);
			continue;
		}
		cairo_save(cr);
		cairo_translate(cr, x + TICK_PT * 0.35, l->py1 + 10);
		cairo_rotate(cr, -SLANT);
		chart_text_at(cr, 0, 0, 1, name);
		cairo_restore(cr);
	}
}

/* The x ticks, skipping labels rather than letting them touch. */
void chart_draw_x_ticks(cairo_t *cr, const struct layout *l)
{
	double maxw = 0, spacing = (l->px1 - l->px0) / (double)(l->x.n > 1 ? l->x.n - 1 : 1);
	size_t stride;
	char buf[64];

	for (size_t i = 0; i < l->x.n; i++) {
		tick_text(&l->x, l->x.ticks[i], buf, sizeof(buf));
		maxw = fmax(maxw, chart_text_w(cr, buf));
	}
	stride = (size_t)ceil((maxw + 12) / spacing);
	if (stride < 1)
		stride = 1;
	for (size_t i = 0; i < l->x.n; i++) {
		double x = round(l->px0 + (l->x.ticks[i] - l->x.lo) / (l->x.hi - l->x.lo) * (l->px1 - l->px0)) + 0.5;

		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_move_to(cr, x, l->py1);
		cairo_line_to(cr, x, l->py1 + 5);
		cairo_stroke(cr);
		if (i % stride)
			continue;
		tick_text(&l->x, l->x.ticks[i], buf, sizeof(buf));
		chart_text_at(cr, x, l->py1 + 8 + TICK_PT, 0.5, buf);
	}
}
