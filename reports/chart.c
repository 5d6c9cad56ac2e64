/* SPDX-License-Identifier: MIT */
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "reports/chart.h"
#include "util/strbuf.h"

#define FONT "DejaVu Sans"
#define TITLE_PT 20.0
#define SUBTITLE_PT 13.0
#define LABEL_PT 15.0
#define TICK_PT 13.0
#define LEGEND_PT 14.0
#define ROW_H 22.0
#define MAX_TICKS 64

/* Tableau 10: distinct in colour and in lightness, readable on white. */
static const double palette[][3] = {
	{ 0.122, 0.467, 0.706 }, { 1.000, 0.498, 0.055 }, { 0.173, 0.627, 0.173 }, { 0.839, 0.153, 0.157 },
	{ 0.580, 0.404, 0.741 }, { 0.549, 0.337, 0.294 }, { 0.890, 0.467, 0.761 }, { 0.498, 0.498, 0.498 },
	{ 0.737, 0.741, 0.133 }, { 0.090, 0.745, 0.812 },
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

/* Viridis at 0, 1/4, 1/2, 3/4 and 1: ordered in lightness, told apart without hue names. */
static const double ramp[][3] = {
	{ 0.267, 0.005, 0.329 }, { 0.229, 0.322, 0.546 }, { 0.128, 0.567, 0.551 }, { 0.369, 0.789, 0.383 },
	{ 0.993, 0.906, 0.144 },
};

void chart_seq_color(int i, int n, double rgb[3])
{
	/* Stop short of the yellow end: it vanishes on white. */
	double t = n > 1 ? 0.85 * (double)i / (double)(n - 1) : 0, f;
	size_t k;

	t = fmin(fmax(t, 0), 1) * 4;
	k = t >= 4 ? 3 : (size_t)t;
	f = t - (double)k;
	for (size_t c = 0; c < 3; c++)
		rgb[c] = ramp[k][c] + (ramp[k + 1][c] - ramp[k][c]) * f;
}

void chart_color(int i, double rgb[3])
{
	if (i < 0) {
		rgb[0] = rgb[1] = rgb[2] = 0.25;
		return;
	}
	memcpy(rgb, palette[(size_t)i % NPALETTE], 3 * sizeof(double));
}

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

/* An axis in its drawing space: exponents for a log scale. */
struct axis {
	double lo, hi, step;
	double ticks[MAX_TICKS];
	size_t n;
	int log;       /* 0 linear, 2 or 10 */
};

struct layout {
	double px0, px1, py0, py1;   /* plot area: x left..right, y top..bottom */
	struct axis x, y, y2;
	bool have_data;
	bool slant;                  /* the x names are slanted: side by side they would touch */
};

/* How far slanted x names lean from the horizontal. */
#define SLANT (M_PI / 4)

static void font(cairo_t *cr, double pt, bool bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, pt);
}

static double text_w(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

/* Text with its reference point at (x, y): ax 0 left, 0.5 centre, 1 right; y is the baseline. */
static void text_at(cairo_t *cr, double x, double y, double ax, const char *s)
{
	cairo_move_to(cr, x - ax * text_w(cr, s), y);
	cairo_show_text(cr, s);
	/* show_text leaves a current point; the next arc must not join it. */
	cairo_new_path(cr);
}

/* A line's colour: the sequential ramp when the chart asks for it. */
static void series_color(const struct chart *c, int i, double rgb[3])
{
	if (c->seq_n > 0 && i >= 0)
		chart_seq_color(i, c->seq_n, rgb);
	else
		chart_color(i, rgb);
}

/* v in an axis's drawing space. */
static double axis_v(const struct axis *a, double v)
{
	return a->log == 2 ? log2(v) : a->log == 10 ? log10(v) : v;
}

/* A point a log axis cannot show: at or below zero. */
static bool off_axis(const struct chart *c, double x, double y)
{
	return !isfinite(x) || !isfinite(y) || (c->x_log2 && x <= 0) || (c->y_log10 && y <= 0);
}

static bool any_open(const struct chart *c)
{
	for (size_t i = 0; i < c->nseries; i++)
		for (size_t j = 0; c->series[i].open && j < c->series[i].n; j++)
			if (c->series[i].open[j] && isfinite(c->series[i].y[j]))
				return true;
	return false;
}

static double map_x(const struct layout *l, double v)
{
	v = axis_v(&l->x, v);
	return l->px0 + (v - l->x.lo) / (l->x.hi - l->x.lo) * (l->px1 - l->px0);
}

/* v already in the y axis's drawing space (a tick). */
static double map_y_raw(const struct layout *l, double v)
{
	return l->py1 - (v - l->y.lo) / (l->y.hi - l->y.lo) * (l->py1 - l->py0);
}

static double map_y(const struct layout *l, double v)
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

static void make_axis(struct axis *a, double lo, double hi, size_t target, int log)
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

	if (a->log == 2)
		snprintf(buf, len, "%.0f", exp2(v));
	else if (a->log == 10)
		chart_tick_label(buf, len, pow(10, v), pow(10, v), pow(10, v));
	else
		chart_tick_label(buf, len, v, a->step, maxabs);
}

static double widest_tick(cairo_t *cr, const struct axis *a)
{
	char buf[32];
	double w = 0;

	for (size_t i = 0; i < a->n; i++) {
		tick_text(a, a->ticks[i], buf, sizeof(buf));
		w = fmax(w, text_w(cr, buf));
	}
	return w;
}

/* Data ranges over every finite point, band and marked position. */
static bool data_range(const struct chart *c, double *xlo, double *xhi, double *ylo, double *yhi)
{
	bool any = false;

	*xlo = *ylo = INFINITY;
	*xhi = *yhi = -INFINITY;
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];

		for (size_t j = 0; j < s->n; j++) {
			if (off_axis(c, s->x[j], s->y[j]))
				continue;
			*xlo = fmin(*xlo, s->x[j]);
			*xhi = fmax(*xhi, s->x[j]);
			*ylo = fmin(*ylo, s->y[j]);
			*yhi = fmax(*yhi, s->y[j]);
			any = true;
		}
	}
	for (size_t i = 0; any && i < c->nboxes; i++) {
		if (off_axis(c, c->boxes[i].x0, c->boxes[i].y0) || off_axis(c, c->boxes[i].x1, c->boxes[i].y1))
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

struct legend_item {
	const char *label;
	int color;
	bool dashed, markers, open, box;
};

static size_t legend_items(const struct chart *c, struct legend_item *it, char *dropped, size_t dlen)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nseries; i++)
		if (c->series[i].label)
			it[n++] = (struct legend_item){ c->series[i].label, c->series[i].color, c->series[i].dashed,
							c->series[i].markers, false };
	if (c->open_note && any_open(c))
		it[n++] = (struct legend_item){ c->open_note, -1, false, true, true, false };
	if (c->box_note && c->nboxes)
		it[n++] = (struct legend_item){ c->box_note, -1, false, false, false, true };
	if (c->dropped) {
		snprintf(dropped, dlen, "%zu more line%s not drawn (over %d)", c->dropped, c->dropped == 1 ? "" : "s",
			 CHART_MAX_SERIES);
		it[n++] = (struct legend_item){ dropped, -1, false, false, true, false };
	}
	return n;
}

static double legend_item_w(cairo_t *cr, const struct legend_item *it)
{
	return 30 + 6 + text_w(cr, it->label) + 22;
}

/* Lay the legend out in rows across [x0, x1]; returns the number of rows. With draw, draws it from top y. */
static int legend(cairo_t *cr, const struct chart *c, double x0, double x1, double y, bool draw)
{
	struct legend_item it[CHART_MAX_SERIES + 3];
	char dropped[64];
	size_t n = legend_items(c, it, dropped, sizeof(dropped));
	double x = x0;
	int rows = n ? 1 : 0;

	font(cr, LEGEND_PT, false);
	for (size_t i = 0; i < n; i++) {
		double w = legend_item_w(cr, &it[i]);
		double rgb[3], cy;

		if (x > x0 && x + w - 22 > x1) {
			x = x0;
			rows++;
		}
		if (draw) {
			cy = y + (rows - 1) * ROW_H + ROW_H / 2;
			series_color(c, it[i].color, rgb);
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			if (it[i].box) {
				cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], 0.25);
				cairo_rectangle(cr, x + 3, cy - 7, 24, 14);
				cairo_fill(cr);
			} else if (!it[i].open) {
				cairo_set_line_width(cr, 2.5);
				if (it[i].dashed)
					cairo_set_dash(cr, (const double[]){ 7, 4 }, 2, 0);
				cairo_move_to(cr, x, cy);
				cairo_line_to(cr, x + 30, cy);
				cairo_stroke(cr);
				cairo_set_dash(cr, NULL, 0, 0);
			}
			if (it[i].markers) {
				cairo_new_path(cr);
				cairo_arc(cr, x + 15, cy, 4.5, 0, 2 * M_PI);
				if (it[i].open) {
					cairo_set_source_rgb(cr, 1, 1, 1);
					cairo_fill_preserve(cr);
					cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
					cairo_set_line_width(cr, 2);
					cairo_stroke(cr);
				} else {
					cairo_fill(cr);
				}
			}
			cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
			text_at(cr, x + 36, cy + 5, 0, it[i].label);
			cairo_new_path(cr);
		}
		x += w;
	}
	return rows;
}

struct vlabel {
	double x;    /* centre, pixels */
	double w;
	int row;
};

/* Rows for the marked-position labels: a label that would touch its left neighbour moves down a row. */
static int place_vlabels(cairo_t *cr, const struct chart *c, const struct layout *l, struct vlabel *v)
{
	int rows = 0;

	font(cr, TICK_PT, true);
	for (size_t i = 0; i < c->nvlines; i++) {
		v[i].w = text_w(cr, c->vlines[i].label ? c->vlines[i].label : "");
		v[i].x = map_x(l, c->vlines[i].x);
		/* Keep the label inside the plot's width. */
		v[i].x = fmin(fmax(v[i].x, l->px0 + v[i].w / 2), l->px1 - v[i].w / 2);
		v[i].row = 0;
		for (int r = 0; r < CHART_MAX_VLINES; r++) {
			bool clash = false;
			for (size_t j = 0; j < i; j++)
				if (v[j].row == r && fabs(v[j].x - v[i].x) < (v[j].w + v[i].w) / 2 + 12)
					clash = true;
			if (!clash) {
				v[i].row = r;
				break;
			}
		}
		if (v[i].row + 1 > rows)
			rows = v[i].row + 1;
	}
	return rows;
}

static void draw_series(cairo_t *cr, const struct chart *c, const struct layout *l, const struct chart_series *s)
{
	double rgb[3];
	bool pen = false;

	series_color(c, s->color, rgb);
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
	cairo_set_line_width(cr, s->width > 0 ? s->width : s->dashed ? 2 : 2.5);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	if (s->dashed)
		cairo_set_dash(cr, (const double[]){ 8, 5 }, 2, 0);
	cairo_new_path(cr);
	for (size_t j = 0; j < s->n; j++) {
		if (off_axis(c, s->x[j], s->y[j])) {
			pen = false;
			continue;
		}
		if (pen)
			cairo_line_to(cr, map_x(l, s->x[j]), map_y(l, s->y[j]));
		else
			cairo_move_to(cr, map_x(l, s->x[j]), map_y(l, s->y[j]));
		pen = true;
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	for (size_t j = 0; j < s->n; j++) {
		bool open = s->open && s->open[j];

		if (off_axis(c, s->x[j], s->y[j]) || (!s->markers && !open))
			continue;
		cairo_new_path(cr);
		cairo_arc(cr, map_x(l, s->x[j]), map_y(l, s->y[j]), open ? 5.5 : 4.5, 0, 2 * M_PI);
		if (open) {
			cairo_set_source_rgb(cr, 1, 1, 1);
			cairo_fill_preserve(cr);
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			cairo_set_line_width(cr, 2.2);
			cairo_stroke(cr);
		} else {
			cairo_fill(cr);
		}
	}
}

/* Where the legend begins: under the title, and the subtitle when there is one. */
static double top_of_legend(const struct chart *c)
{
	return 12 + TITLE_PT + 8 + (c->subtitle ? SUBTITLE_PT + 8 : 0);
}

/* s cut to fit in w with a trailing ellipsis (a RAID group's path runs long), into buf. */
static const char *fit_text(cairo_t *cr, const char *s, double w, char *buf, size_t len)
{
	size_t n = strlen(s);

	if (text_w(cr, s) <= w)
		return s;
	while (n > 0) {
		n--;
		/* Never cut inside a UTF-8 sequence. */
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		snprintf(buf, len, "%.*s…", (int)n, s);
		if (text_w(cr, buf) <= w)
			break;
	}
	return buf;
}

/* x name i as drawn: cut to CHART_NAME_MAX_W, into buf. */
static const char *x_name(cairo_t *cr, const struct chart *c, size_t i, char *buf, size_t len)
{
	return fit_text(cr, c->x_names[i] ? c->x_names[i] : "", CHART_NAME_MAX_W, buf, len);
}

/*
 * The x axis of categories: a tick at each of 1..nx_names, half a place of
 * room either side, the names slanted when side by side they would touch.
 * The room the names take below the axis beyond one line of tick labels.
 */
static double name_axis(cairo_t *cr, const struct chart *c, struct layout *l)
{
	size_t n = c->nx_names < MAX_TICKS ? c->nx_names : MAX_TICKS;
	double widest = 0, first;
	char buf[256];

	l->x = (struct axis){ .lo = 0.5, .hi = (double)n + 0.5, .step = 1, .n = n };
	for (size_t i = 0; i < n; i++) {
		l->x.ticks[i] = (double)i + 1;
		widest = fmax(widest, text_w(cr, x_name(cr, c, i, buf, sizeof(buf))));
	}
	l->slant = widest + 12 > (l->px1 - l->px0) / (double)(n ? n : 1);
	if (!l->slant)
		return 0;
	/* The first name leans left from its tick, half a place in: the plot moves right to keep it whole. */
	first = text_w(cr, x_name(cr, c, 0, buf, sizeof(buf))) * cos(SLANT) + 8;
	if (l->px0 + (l->px1 - l->px0) / (2 * (double)n) < first)
		l->px0 = (first - l->px1 / (2 * (double)n)) / (1 - 1 / (2 * (double)n));
	return widest * sin(SLANT);
}

/* Axes and the plot area for c in w x h: room for the ticks, the legend rows and the marked-position labels. */
static void lay_out(cairo_t *cr, const struct chart *c, double w, double h, struct layout *l, struct vlabel *vl,
		    int *vrows)
{
	double xlo, xhi, ylo, yhi, left, right, bottom, ytw, y2tw = 0;
	int lrows;

	l->have_data = !c->empty && data_range(c, &xlo, &xhi, &ylo, &yhi);
	if (!l->have_data) {
		xlo = ylo = 0;
		xhi = yhi = 1;
	}
	if (c->x_from_zero && !c->x_log2)
		xlo = fmin(xlo, 0);
	if (c->y_log10 && !l->have_data)
		ylo = 1, yhi = 10;
	if (c->y_from_zero && !c->y_log10)
		ylo = fmin(ylo, 0);
	if (c->y_log10)
		make_axis(&l->y, ylo, yhi, 6, 10);
	else
		make_axis(&l->y, ylo, yhi + (yhi - ylo) * 0.04, 6, 0);
	if (c->y2_scale > 0)
		make_axis(&l->y2, l->y.lo * c->y2_scale, l->y.hi * c->y2_scale, 6, 0);

	font(cr, TICK_PT, false);
	ytw = l->have_data ? widest_tick(cr, &l->y) : 0;
	if (c->y2_scale > 0 && l->have_data)
		y2tw = widest_tick(cr, &l->y2);
	left = 14 + 18 + 10 + ytw + 8;
	right = c->y2_scale > 0 ? 14 + 18 + 10 + y2tw + 8 : 28;
	bottom = 10 + 18 + 12 + TICK_PT + 10;

	l->px0 = left;
	l->px1 = w - right;
	if (c->nx_names)
		bottom += name_axis(cr, c, l);
	else
		make_axis(&l->x, xlo, xhi, (size_t)fmax(3, (l->px1 - l->px0) / 110), c->x_log2 ? 2 : 0);
	lrows = legend(cr, c, l->px0, l->px1, 0, false);
	*vrows = l->have_data ? place_vlabels(cr, c, l, vl) : 0;
	l->py0 = top_of_legend(c) + 2 + lrows * ROW_H + (*vrows ? 6 + *vrows * (TICK_PT + 6) : 8);
	l->py1 = h - bottom;
}

/* Title, legend and axis titles. */
static void draw_titles(cairo_t *cr, const struct chart *c, const struct layout *l, double w, double h)
{
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	font(cr, TITLE_PT, true);
	text_at(cr, w / 2, 12 + TITLE_PT, 0.5, c->title ? c->title : "");
	if (c->subtitle) {
		char buf[512];

		font(cr, SUBTITLE_PT, false);
		cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
		text_at(cr, w / 2, 12 + TITLE_PT + 8 + SUBTITLE_PT, 0.5, fit_text(cr, c->subtitle, w - 24, buf, sizeof(buf)));
	}
	legend(cr, c, l->px0, l->px1, top_of_legend(c), true);
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	font(cr, LABEL_PT, false);
	if (c->xlabel)
		text_at(cr, (l->px0 + l->px1) / 2, h - 12, 0.5, c->xlabel);
	if (c->ylabel) {
		cairo_save(cr);
		cairo_translate(cr, 14 + LABEL_PT, (l->py0 + l->py1) / 2);
		cairo_rotate(cr, -M_PI / 2);
		text_at(cr, 0, 0, 0.5, c->ylabel);
		cairo_restore(cr);
	}
	if (c->y2_scale > 0 && c->y2label) {
		cairo_save(cr);
		cairo_translate(cr, w - 14, (l->py0 + l->py1) / 2);
		cairo_rotate(cr, -M_PI / 2);
		text_at(cr, 0, 0, 0.5, c->y2label);
		cairo_restore(cr);
	}
}

/* Bands, under everything else. */
static void draw_bands(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	for (size_t i = 0; l->have_data && i < c->nbands; i++) {
		double x0 = map_x(l, c->bands[i].x0), x1 = map_x(l, c->bands[i].x1);
		double rgb[3];

		chart_color((int)i, rgb);
		cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], 0.13);
		cairo_rectangle(cr, x0, l->py0, x1 - x0, l->py1 - l->py0);
		cairo_fill(cr);
		font(cr, TICK_PT, false);
		if (c->bands[i].label && text_w(cr, c->bands[i].label) < x1 - x0 - 8) {
			cairo_set_source_rgb(cr, rgb[0] * 0.6, rgb[1] * 0.6, rgb[2] * 0.6);
			text_at(cr, (x0 + x1) / 2, l->py1 - 8, 0.5, c->bands[i].label);
		}
	}
}

/* Boxes, over the bands and under the lines. */
static void draw_boxes(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	for (size_t i = 0; l->have_data && i < c->nboxes; i++) {
		const struct chart_box *b = &c->boxes[i];
		double rgb[3], x0, x1, y0, y1;

		if (off_axis(c, b->x0, b->y0) || off_axis(c, b->x1, b->y1))
			continue;
		x0 = map_x(l, b->x0), x1 = map_x(l, b->x1), y0 = map_y(l, b->y0), y1 = map_y(l, b->y1);
		series_color(c, b->color, rgb);
		/* Fainter the more there are: a stack of overlapping boxes stays see-through. */
		cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], fmax(0.05, 0.18 * fmin(1, 4.0 / (double)c->nboxes)));
		cairo_rectangle(cr, fmin(x0, x1), fmin(y0, y1), fabs(x1 - x0), fabs(y1 - y0));
		cairo_fill(cr);
	}
}

/* The y grid with its tick labels, and the right-hand axis's ticks. */
static void draw_y_ticks(cairo_t *cr, const struct chart *c, const struct layout *l)
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
		text_at(cr, l->px0 - 8, y + TICK_PT * 0.35, 1, buf);
	}
	for (size_t i = 0; l->have_data && c->y2_scale > 0 && i < l->y2.n; i++) {
		double v = l->y2.ticks[i] / c->y2_scale, y;

		if (v < l->y.lo - 1e-9 || v > l->y.hi + 1e-9)
			continue;
		y = map_y(l, v);
		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_move_to(cr, l->px1, y);
		cairo_line_to(cr, l->px1 + 5, y);
		cairo_stroke(cr);
		tick_text(&l->y2, l->y2.ticks[i], buf, sizeof(buf));
		text_at(cr, l->px1 + 8, y + TICK_PT * 0.35, 0, buf);
	}
}

/* The named x ticks: each name under its tick, or slanted so that it ends there. */
static void draw_x_names(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	char buf[256];

	for (size_t i = 0; i < l->x.n; i++) {
		double x = round(map_x(l, l->x.ticks[i])) + 0.5;
		const char *name = x_name(cr, c, i, buf, sizeof(buf));

		cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
		cairo_move_to(cr, x, l->py1);
		cairo_line_to(cr, x, l->py1 + 5);
		cairo_stroke(cr);
		if (!l->slant) {
			text_at(cr, x, l->py1 + 8 + TICK_PT, 0.5, name);
			continue;
		}
		cairo_save(cr);
		cairo_translate(cr, x + TICK_PT * 0.35, l->py1 + 10);
		cairo_rotate(cr, -SLANT);
		text_at(cr, 0, 0, 1, name);
		cairo_restore(cr);
	}
}

/* The x ticks, skipping labels rather than letting them touch. */
static void draw_x_ticks(cairo_t *cr, const struct layout *l)
{
	double maxw = 0, spacing = (l->px1 - l->px0) / (double)(l->x.n > 1 ? l->x.n - 1 : 1);
	size_t stride;
	char buf[64];

	for (size_t i = 0; i < l->x.n; i++) {
		tick_text(&l->x, l->x.ticks[i], buf, sizeof(buf));
		maxw = fmax(maxw, text_w(cr, buf));
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
		text_at(cr, x, l->py1 + 8 + TICK_PT, 0.5, buf);
	}
}

/* Marked positions: a dashed line, the label above the plot. */
static void draw_vlines(cairo_t *cr, const struct chart *c, const struct layout *l, const struct vlabel *vl,
			int vrows)
{
	for (size_t i = 0; i < c->nvlines; i++) {
		double x = round(map_x(l, c->vlines[i].x)) + 0.5;

		cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
		cairo_set_line_width(cr, 1.5);
		cairo_set_dash(cr, (const double[]){ 4, 4 }, 2, 0);
		cairo_move_to(cr, x, l->py0);
		cairo_line_to(cr, x, l->py1);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		font(cr, TICK_PT, true);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		text_at(cr, vl[i].x, l->py0 - 6 - (vrows - 1 - vl[i].row) * (TICK_PT + 6), 0.5,
			c->vlines[i].label ? c->vlines[i].label : "");
	}
}

void chart_draw(cairo_t *cr, const struct chart *c, double w, double h)
{
	struct layout l = { 0 };
	struct vlabel vl[CHART_MAX_VLINES];
	int vrows;

	cairo_save(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_fill(cr);

	lay_out(cr, c, w, h, &l, vl, &vrows);
	draw_titles(cr, c, &l, w, h);
	draw_bands(cr, c, &l);

	font(cr, TICK_PT, false);
	cairo_set_line_width(cr, 1);
	draw_y_ticks(cr, c, &l);
	if (l.have_data && c->nx_names)
		draw_x_names(cr, c, &l);
	else if (l.have_data)
		draw_x_ticks(cr, &l);

	/* Frame. */
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, round(l.px0) + 0.5, round(l.py0) + 0.5, round(l.px1 - l.px0), round(l.py1 - l.py0));
	cairo_stroke(cr);

	if (!l.have_data) {
		cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
		font(cr, 18, false);
		text_at(cr, (l.px0 + l.px1) / 2, (l.py0 + l.py1) / 2, 0.5, c->empty ? c->empty : "no data");
		cairo_restore(cr);
		return;
	}
	draw_vlines(cr, c, &l, vl, vrows);

	cairo_save(cr);
	cairo_rectangle(cr, l.px0 - 6, l.py0 - 6, l.px1 - l.px0 + 12, l.py1 - l.py0 + 12);
	cairo_clip(cr);
	draw_boxes(cr, c, &l);
	for (size_t i = 0; i < c->nseries; i++)
		draw_series(cr, c, &l, &c->series[i]);
	cairo_restore(cr);
	cairo_restore(cr);
}

/* cairo's stream writer into a strbuf. */
static cairo_status_t mem_write(void *closure, const unsigned char *data, unsigned int n)
{
	struct strbuf *b = closure;

	sb_addn(b, data, n);
	return b->err ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/* src with every id="..", href="#.." and url(#..) prefixed, appended to out. */
static void prefix_ids(struct strbuf *out, const char *src, const char *prefix)
{
	static const char *const keys[] = { "id=\"", "href=\"#", "url(#" };
	const char *s = src;

	while (*s) {
		size_t run = 0, kl = 0;

		/* Copy up to the next key, then the key and the prefix. */
		for (; s[run] && !kl; run += !kl)
			for (size_t k = 0; k < 3 && !kl; k++)
				if (!strncmp(s + run, keys[k], strlen(keys[k])))
					kl = strlen(keys[k]);
		sb_addn(out, s, run + kl);
		if (kl)
			sb_add(out, prefix);
		s += run + kl;
	}
}

int chart_svg(const struct chart *c, double w, double h, const char *id_prefix, char **out, size_t *len)
{
	struct strbuf b = { 0 }, svg = { 0 };
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(mem_write, &b, w, h);
	cairo_t *cr;
	const char *start;
	int ret = 0;

	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	chart_draw(cr, c, w, h);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		ret = -ENOMEM;
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || b.err || !b.p)
		ret = -ENOMEM;
	cairo_surface_destroy(s);
	if (ret) {
		sb_free(&b);
		return ret;
	}
	/* Inline SVG in HTML takes no XML declaration. */
	start = strstr(b.p, "<svg");
	prefix_ids(&svg, start ? start : b.p, id_prefix);
	sb_free(&b);
	return sb_take(&svg, out, len);
}

int chart_png(const struct chart *c, int w, int h, char **out, size_t *len)
{
	struct strbuf b = { 0 };
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_t *cr = cairo_create(s);
	int ret = 0;

	chart_draw(cr, c, w, h);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		ret = -ENOMEM;
	cairo_destroy(cr);
	if (!ret && cairo_surface_write_to_png_stream(s, mem_write, &b) != CAIRO_STATUS_SUCCESS)
		ret = -ENOMEM;
	cairo_surface_destroy(s);
	if (ret || !b.p) {
		sb_free(&b);
		return ret ? ret : -ENOMEM;
	}
	return sb_take(&b, out, len);
}

void chart_release_fonts(void)
{
	/*
	 * fontconfig, loaded by cairo, keeps its configuration until FcFini().
	 * Looked up rather than linked: the build links cairo alone.
	 */
	void (*fc_fini)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, "FcFini");

	cairo_debug_reset_static_data();
	if (fc_fini)
		fc_fini();
}
