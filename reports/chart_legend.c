/* SPDX-License-Identifier: MIT */
/* Charts: the legend, laid out in rows under the title. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "reports/chart.h"
#include "reports/chart_priv.h"

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
	if (c->open_note && chart_any_open(c))
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

/* The room an item takes beside its label: the line or box sample, a gap, the space after. */
#define LEGEND_ITEM_PAD (30 + 6 + 22)

static double legend_item_w(cairo_t *cr, const char *label)
{
	return LEGEND_ITEM_PAD + chart_text_w(cr, label);
}

/* Lay the legend out in rows across [x0, x1]; returns the number of rows. With draw, draws it from top y. */
int chart_legend(cairo_t *cr, const struct chart *c, double x0, double x1, double y, bool draw)
{
	struct legend_item it[CHART_MAX_SERIES + 3];
	char dropped[64];
	size_t n = legend_items(c, it, dropped, sizeof(dropped));
	double x = x0;
	int rows = n ? 1 : 0;

	chart_font(cr, LEGEND_PT, false);
	for (size_t i = 0; i < n; i++) {
		char cut[512];
		/* A label longer than the row (a RAID group's members) is cut with an ellipsis, never past the chart. */
		const char *label = chart_fit_text(cr, it[i].label, x1 - x0 - LEGEND_ITEM_PAD, cut, sizeof(cut));
		double w = legend_item_w(cr, label);
		double rgb[3], cy;

		if (x > x0 && x + w - 22 > x1) {
			x = x0;
			rows++;
		}
		if (draw) {
			cy = y + (rows - 1) * ROW_H + ROW_H / 2;
			chart_series_color(c, it[i].color, rgb);
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
			chart_text_at(cr, x + 36, cy + 5, 0, label);
			cairo_new_path(cr);
		}
		x += w;
	}
	return rows;
}

/* Where the legend begins: under the title, and the subtitle when there is one. */
double chart_top_of_legend(const struct chart *c)
{
	return 12 + TITLE_PT + 8 + (c->subtitle ? SUBTITLE_PT + 8 : 0);
}
