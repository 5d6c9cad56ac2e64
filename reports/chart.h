/* SPDX-License-Identifier: MIT */
/*
 * Line charts drawn with cairo on any surface: axes with 1-2-5 ticks and SI
 * prefixes, titles, a legend above the plot (never over the data), shaded
 * x ranges, marked x positions, and a message instead of data when there is
 * nothing measured to draw.  The same chart_draw() makes the inline SVG of a
 * report and its PNG, so the two never differ.
 */
#ifndef SSDPROF_CHART_H
#define SSDPROF_CHART_H

#include <stdbool.h>
#include <stddef.h>

typedef struct _cairo cairo_t;

/*
 * As many lines as a sweep has points and their fit lines (SWEEP_MAX_POINTS
 * is 64).  A line past this is not drawn, and the legend says how many were
 * left out: never silently.
 */
#define CHART_MAX_SERIES 128
#define CHART_MAX_VLINES 16
#define CHART_MAX_BANDS 16
#define CHART_MAX_BOXES 64
/* More lines than the qualitative palette has colours: chart.seq_n gives them a sequential ramp. */
#define CHART_QUALITATIVE 10

struct chart_series {
	const char *label;
	const double *x, *y;     /* n points; a NAN y breaks the line */
	const bool *open;        /* per point: hollow marker (e.g. not steady); NULL for none */
	size_t n;
	bool dashed;             /* reference lines */
	bool markers;            /* a dot on every point */
	double width;            /* line width in pixels; 0: the default (2.5, dashed 2) */
	int color;               /* palette index; -1: dark grey */
	/*
	 * Bars instead of a line (ranked figures on a named x axis): each point
	 * a bar from 0, its value written on it with `decimals` decimals, in
	 * palette colour bar_colors[j] (NULL: the series' colour).
	 */
	bool bars;
	int decimals;
	const int *bar_colors;
};

/* A marked x position (knee, cache size), labelled above the plot. */
struct chart_vline {
	double x;
	const char *label;
	bool colored;            /* in palette colour `color` (a drive's knee on compare), else grey */
	int color;
};

/* A shaded rectangle in data coordinates (a steady window: its rounds by mean +-10%), in a line's colour. */
struct chart_box {
	double x0, x1, y0, y1;
	int color;
};

/* A shaded x range (SLC phases), labelled inside at the top when it fits. */
struct chart_band {
	double x0, x1;
	const char *label;
};

struct chart {
	const char *title, *xlabel, *ylabel;
	/* A line under the title: which drive was measured, so a PNG on its own still says. */
	const char *subtitle;
	/* A right-hand axis showing y * y2_scale (MB/s beside IOPS); 0: none. */
	double y2_scale;
	const char *y2label;
	bool x_log2;             /* queue depths: ticks at powers of two */
	bool x_whole;            /* x counts things (rounds): ticks at whole numbers only */
	bool x_from_zero;        /* x axis starts at 0 (else at the least x) */
	bool y_from_zero;        /* y axis starts at 0 (else at the least y) */
	bool y_log10;            /* latencies: decades, 1-2-5 ticks when there are few; y <= 0 not drawn */
	/*
	 * >0: colour indices 0..seq_n-1 come from a sequential ramp (dark to
	 * light) instead of the qualitative palette: for lines ordered by a
	 * value (OP) when there are more of them than CHART_QUALITATIVE.
	 */
	int seq_n;
	/* Drawn centred in an empty frame instead of any data, e.g. "not measured". */
	const char *empty;
	/* Legend text for hollow markers, e.g. "hollow: not steady". */
	const char *open_note;
	/* Legend text for the boxes, e.g. "shaded: steady window". */
	const char *box_note;
	struct chart_series series[CHART_MAX_SERIES];
	size_t nseries;
	size_t dropped;          /* lines that did not fit in series: the legend says so */
	struct chart_box boxes[CHART_MAX_BOXES];
	size_t nboxes;
	struct chart_vline vlines[CHART_MAX_VLINES];
	size_t nvlines;
	struct chart_band bands[CHART_MAX_BANDS];
	size_t nbands;
	/*
	 * Categories (requirements): x positions 1..nx_names, each tick named
	 * instead of numbered.  Names too wide to stand side by side are
	 * slanted; one longer than CHART_NAME_MAX_W pixels is cut with "…".
	 */
	const char *const *x_names;
	size_t nx_names;
};
#define CHART_NAME_MAX_W 170.0

/* The colour of palette entry i (wraps), components 0..1. */
void chart_color(int i, double rgb[3]);
/* Entry i of n on the sequential ramp (dark blue-violet to yellow-green), components 0..1. */
void chart_seq_color(int i, int n, double rgb[3]);

/*
 * Nice ticks over [lo, hi]: steps of 1, 2 or 5 times a power of ten, about
 * target of them, the first at or below lo and the last at or above hi.
 * Returns the count (at most max) and the step in *step.
 */
size_t chart_ticks(double lo, double hi, size_t target, double *ticks, size_t max, double *step);

/*
 * A tick label: v with an SI prefix (k, M, G) chosen from the largest tick
 * magnitude (no prefix below 10000), with as many decimals as step needs.
 */
char *chart_tick_label(char *buf, size_t len, double v, double step, double maxabs);

/* Draw c into a w x h area at the origin of cr. */
void chart_draw(cairo_t *cr, const struct chart *c, double w, double h);

/*
 * The chart as an SVG fragment for inline HTML: no XML declaration, size in
 * CSS pixels, every id (cairo's glyph symbols) prefixed with id_prefix so
 * several charts can share a page.  *out is malloc'd.  0 or -errno.
 */
int chart_svg(const struct chart *c, double w, double h, const char *id_prefix, char **out, size_t *len);

/*
 * Drop cairo's font caches (and the fontconfig patterns they hold) before
 * exit, so leak checkers see a clean process.  No chart calls after it.
 */
void chart_release_fonts(void);

/* The chart as PNG bytes (w x h pixels).  *out is malloc'd.  0 or -errno. */
int chart_png(const struct chart *c, int w, int h, char **out, size_t *len);

#endif
