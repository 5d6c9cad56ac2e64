/* SPDX-License-Identifier: MIT */
/* Charts: the series, bands, boxes and marked positions, and their colours. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "reports/chart.h"
#include "reports/chart_priv.h"

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

/* A line's colour: the sequential ramp when the chart asks for it. */
void chart_series_color(const struct chart *c, int i, double rgb[3])
{
	if (c->seq_n > 0 && i >= 0)
		chart_seq_color(i, c->seq_n, rgb);
	else
		chart_color(i, rgb);
}

/* A point a log axis cannot show: at or below zero. */
bool chart_off_axis(const struct chart *c, double x, double y)
{
	return !isfinite(x) || !isfinite(y) || (c->x_log2 && x <= 0) || (c->y_log10 && y <= 0);
}

bool chart_any_open(const struct chart *c)
{
	for (size_t i = 0; i < c->nseries; i++)
		for (size_t j = 0; c->series[i].open && j < c->series[i].n; j++)
			if (c->series[i].open[j] && isfinite(c->series[i].y[j]))
				return true;
	return false;
}

/* Rows for the marked-position labels: a label that would touch its left neighbour moves down a row. */
int chart_place_vlabels(cairo_t *cr, const struct chart *c, const struct layout *l, struct vlabel *v)
{
	int rows = 0;

	chart_font(cr, TICK_PT, true);
	for (size_t i = 0; i < c->nvlines; i++) {
		v[i].w = chart_text_w(cr, c->vlines[i].label ? c->vlines[i].label : "");
		v[i].x = chart_map_x(l, c->vlines[i].x);
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

/* Bars from 0 (or the axis's foot) to each y, 0.6 of a place wide, each with its value on it. */
static void draw_bars(cairo_t *cr, const struct chart *c, const struct layout *l, const struct chart_series *s)
{
	double w = 0.6 * (l->px1 - l->px0) / (l->x.hi - l->x.lo), foot = chart_map_y(l, fmax(l->y.lo, 0));
	char buf[64];

	chart_font(cr, TICK_PT, true);
	for (size_t j = 0; j < s->n; j++) {
		double rgb[3], x, y;

		if (chart_off_axis(c, s->x[j], s->y[j]))
			continue;
		x = chart_map_x(l, s->x[j]);
		y = chart_map_y(l, s->y[j]);
		chart_series_color(c, s->bar_colors ? s->bar_colors[j] : s->color, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, x - w / 2, fmin(y, foot), w, fabs(foot - y));
		cairo_fill(cr);
		snprintf(buf, sizeof(buf), "%.*f", s->decimals, s->y[j]);
		/* Inside the top of a bar tall enough, else just above it. */
		if (foot - y > TICK_PT + 12) {
			cairo_set_source_rgb(cr, 1, 1, 1);
			chart_text_at(cr, x, y + TICK_PT + 4, 0.5, buf);
		} else {
			cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
			chart_text_at(cr, x, y - 5, 0.5, buf);
		}
	}
}

void chart_draw_series(cairo_t *cr, const struct chart *c, const struct layout *l, const struct chart_series *s)
{
	double rgb[3];
	bool pen = false;

	if (s->bars) {
		draw_bars(cr, c, l, s);
		return;
	}
	chart_series_color(c, s->color, rgb);
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
	cairo_set_line_width(cr, s->width > 0 ? s->width : s->dashed ? 2 : 2.5);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	if (s->dashed)
		cairo_set_dash(cr, (const double[]){ 8, 5 }, 2, 0);
	cairo_new_path(cr);
	for (size_t j = 0; j < s->n; j++) {
		if (chart_off_axis(c, s->x[j], s->y[j])) {
			pen = false;
			continue;
		}
		if (pen)
			cairo_line_to(cr, chart_map_x(l, s->x[j]), chart_map_y(l, s->y[j]));
		else
			cairo_move_to(cr, chart_map_x(l, s->x[j]), chart_map_y(l, s->y[j]));
		pen = true;
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	for (size_t j = 0; j < s->n; j++) {
		bool open = s->open && s->open[j];

		if (chart_off_axis(c, s->x[j], s->y[j]) || (!s->markers && !open))
			continue;
		cairo_new_path(cr);
		cairo_arc(cr, chart_map_x(l, s->x[j]), chart_map_y(l, s->y[j]), open ? 5.5 : 4.5, 0, 2 * M_PI);
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

/* Bands, under everything else. */
void chart_draw_bands(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	for (size_t i = 0; l->have_data && i < c->nbands; i++) {
		double x0 = chart_map_x(l, c->bands[i].x0), x1 = chart_map_x(l, c->bands[i].x1);
		double rgb[3];

		chart_color((int)i, rgb);
		cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], 0.13);
		cairo_rectangle(cr, x0, l->py0, x1 - x0, l->py1 - l->py0);
		cairo_fill(cr);
		chart_font(cr, TICK_PT, false);
		if (c->bands[i].label && chart_text_w(cr, c->bands[i].label) < x1 - x0 - 8) {
			cairo_set_source_rgb(cr, rgb[0] * 0.6, rgb[1] * 0.6, rgb[2] * 0.6);
			chart_text_at(cr, (x0 + x1) / 2, l->py1 - 8, 0.5, c->bands[i].label);
		}
	}
}

/* Boxes, over the bands and under the lines. */
void chart_draw_boxes(cairo_t *cr, const struct chart *c, const struct layout *l)
{
	for (size_t i = 0; l->have_data && i < c->nboxes; i++) {
		const struct chart_box *b = &c->boxes[i];
		double rgb[3], x0, x1, y0, y1;

		if (chart_off_axis(c, b->x0, b->y0) || chart_off_axis(c, b->x1, b->y1))
			continue;
		x0 = chart_map_x(l, b->x0), x1 = chart_map_x(l, b->x1), y0 = chart_map_y(l, b->y0), y1 = chart_map_y(l, b->y1);
		chart_series_color(c, b->color, rgb);
		/* Fainter the more there are: a stack of overlapping boxes stays see-through. */
		cairo_set_source_rgba(cr, rgb[0], rgb[1], rgb[2], fmax(0.05, 0.18 * fmin(1, 4.0 / (double)c->nboxes)));
		cairo_rectangle(cr, fmin(x0, x1), fmin(y0, y1), fabs(x1 - x0), fabs(y1 - y0));
		cairo_fill(cr);
	}
}

/* Marked positions: a dashed line, the label above the plot. */
void chart_draw_vlines(cairo_t *cr, const struct chart *c, const struct layout *l, const struct vlabel *vl,
			int vrows)
{
	for (size_t i = 0; i < c->nvlines; i++) {
		double x = round(chart_map_x(l, c->vlines[i].x)) + 0.5, rgb[3] = { 0.35, 0.35, 0.35 };

		if (c->vlines[i].colored)
			chart_series_color(c, c->vlines[i].color, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_set_line_width(cr, 1.5);
		cairo_set_dash(cr, (const double[]){ 4, 4 }, 2, 0);
		cairo_move_to(cr, x, l->py0);
		cairo_line_to(cr, x, l->py1);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		chart_font(cr, TICK_PT, true);
		if (c->vlines[i].colored)
			cairo_set_source_rgb(cr, rgb[0] * 0.75, rgb[1] * 0.75, rgb[2] * 0.75);
		else
			cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		chart_text_at(cr, vl[i].x, l->py0 - 6 - (vrows - 1 - vl[i].row) * (TICK_PT + 6), 0.5,
			c->vlines[i].label ? c->vlines[i].label : "");
	}
}
