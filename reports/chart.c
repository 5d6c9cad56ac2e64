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
#include "reports/chart_priv.h"
#include "reports/html.h"
#include "util/strbuf.h"

/*
 * A chart drawn for a page keeps its text as text: cairo's SVG surface
 * writes glyph outlines (not selectable, not searchable, and most of a
 * page's bytes), so while chart_svg draws, chart_text_at appends each label
 * as an SVG <text> here instead, at the place and with the font, colour and
 * transformation it would have drawn it with.  One drawing code path for
 * the SVG and the PNG: only where the letters go differs.
 */
static const cairo_user_data_key_t svg_text_key;

static double snap(double v)
{
	return fabs(v) < 1e-9 ? 0 : v;
}

static void svg_text(cairo_t *cr, struct strbuf *b, double x, double y, double ax, const char *s)
{
	static const char *const anchor[] = { "", " text-anchor=\"middle\"", " text-anchor=\"end\"" };
	cairo_matrix_t m, fm;
	double r = 0, g = 0, bl = 0, a = 1;
	bool bold = cairo_toy_font_face_get_weight(cairo_get_font_face(cr)) == CAIRO_FONT_WEIGHT_BOLD;
	bool plain;

	cairo_get_matrix(cr, &m);
	cairo_get_font_matrix(cr, &fm);
	cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &bl, &a);
	plain = m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0;
	if (plain) {
		x += m.x0;
		y += m.y0;
	}
	sb_printf(b, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%g\"%s fill=\"#%02x%02x%02x\"%s", x, y, fm.yy,
		  bold ? " font-weight=\"bold\"" : "", (unsigned)lround(r * 255), (unsigned)lround(g * 255),
		  (unsigned)lround(bl * 255), anchor[ax >= 0.75 ? 2 : ax >= 0.25 ? 1 : 0]);
	/* A quarter turn's cosine is 6e-17, not 0: written as 0. */
	if (!plain)
		sb_printf(b, " transform=\"matrix(%.6g %.6g %.6g %.6g %.2f %.2f)\"", snap(m.xx), snap(m.yx), snap(m.xy),
			  snap(m.yy), m.x0, m.y0);
	sb_add(b, ">");
	html_escape(b, s);
	sb_add(b, "</text>\n");
}

void chart_font(cairo_t *cr, double pt, bool bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, pt);
}

double chart_text_w(cairo_t *cr, const char *s)
{
	cairo_text_extents_t e;

	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

/* Text with its reference point at (x, y): ax 0 left, 0.5 centre, 1 right; y is the baseline. */
void chart_text_at(cairo_t *cr, double x, double y, double ax, const char *s)
{
	struct strbuf *text = cairo_get_user_data(cr, &svg_text_key);

	if (text) {
		svg_text(cr, text, x, y, ax, s);
		return;
	}
	cairo_move_to(cr, x - ax * chart_text_w(cr, s), y);
	cairo_show_text(cr, s);
	/* show_text leaves a current point; the next arc must not join it. */
	cairo_new_path(cr);
}

/* Axes and the plot area for c in w x h: room for the ticks, the legend rows and the marked-position labels. */
static void lay_out(cairo_t *cr, const struct chart *c, double w, double h, struct layout *l, struct vlabel *vl,
		    int *vrows)
{
	double xlo, xhi, ylo, yhi, left, right, bottom, ytw, y2tw = 0;
	int lrows;

	l->have_data = !c->empty && chart_data_range(c, &xlo, &xhi, &ylo, &yhi);
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
		chart_make_axis(&l->y, ylo, yhi, 6, 10);
	else
		chart_make_axis(&l->y, ylo, yhi + (yhi - ylo) * 0.04, 6, 0);
	if (c->y2_scale > 0)
		chart_make_axis(&l->y2, l->y.lo * c->y2_scale, l->y.hi * c->y2_scale, 6, 0);

	chart_font(cr, TICK_PT, false);
	ytw = l->have_data ? chart_widest_tick(cr, &l->y) : 0;
	if (c->y2_scale > 0 && l->have_data)
		y2tw = chart_widest_tick(cr, &l->y2);
	left = 14 + 18 + 10 + ytw + 8;
	right = c->y2_scale > 0 ? 14 + 18 + 10 + y2tw + 8 : 28;
	bottom = 10 + 18 + 12 + TICK_PT + 10;

	l->px0 = left;
	l->px1 = w - right;
	if (c->nx_names)
		bottom += chart_name_axis(cr, c, l);
	else {
		size_t target = (size_t)fmax(3, (l->px1 - l->px0) / 110);

		/* Fewer whole numbers than ticks: a tick on each, none between. */
		if (c->x_whole && !c->x_log2 && (double)target > xhi - xlo)
			target = (size_t)fmax(1, xhi - xlo);
		chart_make_axis(&l->x, xlo, xhi, target, c->x_log2 ? 2 : 0);
	}
	lrows = chart_legend(cr, c, l->px0, l->px1, 0, false);
	*vrows = l->have_data ? chart_place_vlabels(cr, c, l, vl) : 0;
	l->py0 = chart_top_of_legend(c) + 2 + lrows * ROW_H + (*vrows ? 6 + *vrows * (TICK_PT + 6) : 8);
	l->py1 = h - bottom;
}

/* Title, legend and axis titles. */
static void draw_titles(cairo_t *cr, const struct chart *c, const struct layout *l, double w, double h)
{
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	chart_font(cr, TITLE_PT, true);
	chart_text_at(cr, w / 2, 12 + TITLE_PT, 0.5, c->title ? c->title : "");
	if (c->subtitle) {
		char buf[512];

		chart_font(cr, SUBTITLE_PT, false);
		cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
		chart_text_at(cr, w / 2, 12 + TITLE_PT + 8 + SUBTITLE_PT, 0.5, chart_fit_text(cr, c->subtitle, w - 24, buf, sizeof(buf)));
	}
	chart_legend(cr, c, l->px0, l->px1, chart_top_of_legend(c), true);
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	chart_font(cr, LABEL_PT, false);
	if (c->xlabel)
		chart_text_at(cr, (l->px0 + l->px1) / 2, h - 12, 0.5, c->xlabel);
	if (c->ylabel) {
		cairo_save(cr);
		cairo_translate(cr, 14 + LABEL_PT, (l->py0 + l->py1) / 2);
		cairo_rotate(cr, -M_PI / 2);
		chart_text_at(cr, 0, 0, 0.5, c->ylabel);
		cairo_restore(cr);
	}
	if (c->y2_scale > 0 && c->y2label) {
		cairo_save(cr);
		cairo_translate(cr, w - 14, (l->py0 + l->py1) / 2);
		cairo_rotate(cr, -M_PI / 2);
		chart_text_at(cr, 0, 0, 0.5, c->y2label);
		cairo_restore(cr);
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
	chart_draw_bands(cr, c, &l);

	chart_font(cr, TICK_PT, false);
	cairo_set_line_width(cr, 1);
	chart_draw_y_ticks(cr, c, &l);
	if (l.have_data && c->nx_names)
		chart_draw_x_names(cr, c, &l);
	else if (l.have_data)
		chart_draw_x_ticks(cr, &l);

	/* Frame. */
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, round(l.px0) + 0.5, round(l.py0) + 0.5, round(l.px1 - l.px0), round(l.py1 - l.py0));
	cairo_stroke(cr);

	if (!l.have_data) {
		cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
		chart_font(cr, 18, false);
		chart_text_at(cr, (l.px0 + l.px1) / 2, (l.py0 + l.py1) / 2, 0.5, c->empty ? c->empty : "no data");
		cairo_restore(cr);
		return;
	}
	chart_draw_vlines(cr, c, &l, vl, vrows);

	cairo_save(cr);
	cairo_rectangle(cr, l.px0 - 6, l.py0 - 6, l.px1 - l.px0 + 12, l.py1 - l.py0 + 12);
	cairo_clip(cr);
	chart_draw_boxes(cr, c, &l);
	for (size_t i = 0; i < c->nseries; i++)
		chart_draw_series(cr, c, &l, &c->series[i]);
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
	struct strbuf b = { 0 }, svg = { 0 }, text = { 0 };
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(mem_write, &b, w, h);
	cairo_t *cr;
	char *start, *end;
	int ret = 0;

	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	cairo_set_user_data(cr, &svg_text_key, &text, NULL);
	chart_draw(cr, c, w, h);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS || text.err)
		ret = -ENOMEM;
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || b.err || !b.p)
		ret = -ENOMEM;
	cairo_surface_destroy(s);
	end = ret ? NULL : strstr(b.p, "</svg>");
	if (!end) {
		sb_free(&b);
		sb_free(&text);
		return ret ? ret : -EIO;
	}
	/* Inline SVG in HTML takes no XML declaration; the text goes over the drawing, before its end. */
	*end = 0;
	start = strstr(b.p, "<svg");
	prefix_ids(&svg, start ? start : b.p, id_prefix);
	sb_add(&svg, "<g font-family=\"'DejaVu Sans',Verdana,sans-serif\">\n");
	if (text.p)
		sb_add(&svg, text.p);
	sb_add(&svg, "</g>\n");
	/* cairo's end of the SVG, as it wrote it. */
	*end = '<';
	sb_add(&svg, end);
	sb_free(&b);
	sb_free(&text);
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
