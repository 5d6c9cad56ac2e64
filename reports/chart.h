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

#define CHART_MAX_SERIES 16
#define CHART_MAX_VLINES 4
#define CHART_MAX_BANDS 16

struct chart_series {
	const char *label;
	const double *x, *y;     /* n points; a NAN y breaks the line */
	const bool *open;        /* per point: hollow marker (e.g. not steady); NULL for none */
	size_t n;
	bool dashed;             /* reference lines */
	bool markers;            /* a dot on every point */
	int color;               /* palette index; -1: dark grey */
};

/* A marked x position (knee, cache size), labelled above the plot. */
struct chart_vline {
	double x;
	const char *label;
};

/* A shaded x range (SLC phases), labelled inside at the top when it fits. */
struct chart_band {
	double x0, x1;
	const char *label;
};

struct chart {
	const char *title, *xlabel, *ylabel;
	/* A right-hand axis showing y * y2_scale (MB/s beside IOPS); 0: none. */
	double y2_scale;
	const char *y2label;
	bool x_log2;             /* queue depths: ticks at powers of two */
	bool x_from_zero;        /* x axis starts at 0 (else at the least x) */
	bool y_from_zero;        /* y axis starts at 0 (else at the least y) */
	/* Drawn centred in an empty frame instead of any data, e.g. "not measured". */
	const char *empty;
	/* Legend text for hollow markers, e.g. "hollow: not steady". */
	const char *open_note;
	struct chart_series series[CHART_MAX_SERIES];
	size_t nseries;
	struct chart_vline vlines[CHART_MAX_VLINES];
	size_t nvlines;
	struct chart_band bands[CHART_MAX_BANDS];
	size_t nbands;
};

/* The colour of palette entry i (wraps), components 0..1. */
void chart_color(int i, double rgb[3]);

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
