/* SPDX-License-Identifier: MIT */
/*
 * What the chart drawing files share (reports/chart.c: text, layout and
 * output; chart_axes.c: axes and scales; chart_series.c: series, bands,
 * boxes and marked positions; chart_legend.c: the legend).  Private to
 * reports/chart*.c: the pages use reports/chart.h.
 */
#ifndef SSDPROF_CHART_PRIV_H
#define SSDPROF_CHART_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "reports/chart.h"

#define FONT "DejaVu Sans"
#define TITLE_PT 20.0
#define SUBTITLE_PT 13.0
#define LABEL_PT 15.0
#define TICK_PT 13.0
#define LEGEND_PT 14.0
#define ROW_H 22.0
#define MAX_TICKS 64

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

/* A marked position's label: where it is drawn and in which row. */
struct vlabel {
	double x;    /* centre, pixels */
	double w;
	int row;
};

/* chart.c: text. */
void chart_font(cairo_t *cr, double pt, bool bold);
double chart_text_w(cairo_t *cr, const char *s);
/* Text with its reference point at (x, y): ax 0 left, 0.5 centre, 1 right; y is the baseline. */
void chart_text_at(cairo_t *cr, double x, double y, double ax, const char *s);

/* chart_axes.c: axes and scales. */
double chart_map_x(const struct layout *l, double v);
double chart_map_y(const struct layout *l, double v);
void chart_make_axis(struct axis *a, double lo, double hi, size_t target, int log);
double chart_widest_tick(cairo_t *cr, const struct axis *a);
/* Data ranges over every finite point, band and marked position. */
bool chart_data_range(const struct chart *c, double *xlo, double *xhi, double *ylo, double *yhi);
/* s cut to fit in w with a trailing ellipsis (a RAID group's path runs long), into buf. */
const char *chart_fit_text(cairo_t *cr, const char *s, double w, char *buf, size_t len);
/*
 * The x axis of categories: a tick at each of 1..nx_names, half a place of
 * room either side, the names slanted when side by side they would touch.
 * The room the names take below the axis beyond one line of tick labels.
 */
double chart_name_axis(cairo_t *cr, const struct chart *c, struct layout *l);
/* The y grid with its tick labels, and the right-hand axis's ticks. */
void chart_draw_y_ticks(cairo_t *cr, const struct chart *c, const struct layout *l);
/* The named x ticks: each name under its tick, or slanted so that it ends there. */
void chart_draw_x_names(cairo_t *cr, const struct chart *c, const struct layout *l);
/* The x ticks, skipping labels rather than letting them touch. */
void chart_draw_x_ticks(cairo_t *cr, const struct layout *l);

/* chart_series.c: series, bands, boxes, marked positions. */
/* A line's colour: the sequential ramp when the chart asks for it. */
void chart_series_color(const struct chart *c, int i, double rgb[3]);
/* A point a log axis cannot show: at or below zero. */
bool chart_off_axis(const struct chart *c, double x, double y);
bool chart_any_open(const struct chart *c);
/* Rows for the marked-position labels: a label that would touch its left neighbour moves down a row. */
int chart_place_vlabels(cairo_t *cr, const struct chart *c, const struct layout *l, struct vlabel *v);
void chart_draw_series(cairo_t *cr, const struct chart *c, const struct layout *l, const struct chart_series *s);
/* Bands, under everything else. */
void chart_draw_bands(cairo_t *cr, const struct chart *c, const struct layout *l);
/* Boxes, over the bands and under the lines. */
void chart_draw_boxes(cairo_t *cr, const struct chart *c, const struct layout *l);
/* Marked positions: a dashed line, the label above the plot. */
void chart_draw_vlines(cairo_t *cr, const struct chart *c, const struct layout *l, const struct vlabel *vl,
			int vrows);

/* chart_legend.c: the legend. */
/* Lay the legend out in rows across [x0, x1]; returns the number of rows. With draw, draws it from top y. */
int chart_legend(cairo_t *cr, const struct chart *c, double x0, double x1, double y, bool draw);
/* Where the legend begins: under the title, and the subtitle when there is one. */
double chart_top_of_legend(const struct chart *c);

#endif
