/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/chart.h"
#include "reports/html.h"
#include "reports/table.h"
#include "util/escape.h"

void html_escape(struct strbuf *b, const char *s)
{
	for (; s && *s; s++) {
		size_t ctl = escape_ctl_at(s);

		if (ctl) {
			for (size_t i = 0; i < ctl; i++)
				sb_printf(b, "\\x%02x", (unsigned char)s[i]);
			s += ctl - 1;
			continue;
		}
		switch (*s) {
		case '&': sb_add(b, "&amp;"); break;
		case '<': sb_add(b, "&lt;"); break;
		case '>': sb_add(b, "&gt;"); break;
		case '"': sb_add(b, "&quot;"); break;
		default: sb_addn(b, s, 1);
		}
	}
}

/* The formatted text, escaped. */
static void sb_vhtml(struct strbuf *b, const char *fmt, va_list ap)
{
	struct strbuf text = { 0 };

	sb_vprintf(&text, fmt, ap);
	if (text.err)
		b->err = b->err ? b->err : text.err;
	else
		html_escape(b, text.p);
	sb_free(&text);
}

/*
 * Whether href is a relative path of the kind a command writes
 * ("drive-1/sweep/report.html"): names of letters, digits, '.', '_' and '-'
 * between single slashes, none "." or "..", no leading slash.  So no scheme
 * (javascript:, data:), no escape upward, no other host.
 */
bool html_href_ok(const char *href)
{
	size_t n;

	if (!href || !*href)
		return false;
	for (; *href; href += n + (href[n] == '/')) {
		n = strspn(href, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-");
		if (!n || (href[n] && href[n] != '/') || (href[n] == '/' && !href[n + 1]) ||
		    (n == 1 && href[0] == '.') || (n == 2 && href[0] == '.' && href[1] == '.'))
			return false;
	}
	return true;
}

void html_link(struct html_page *pg, const char *href, const char *text)
{
	if (!html_href_ok(href)) {
		/* Shown, never followed: the document named something this command does not write. */
		sb_add(&pg->b, "<p>");
		html_escape(&pg->b, text);
		sb_add(&pg->b, ": ");
		html_escape(&pg->b, href);
		sb_add(&pg->b, " (not linked: not a relative path of the results)</p>\n");
		return;
	}
	sb_add(&pg->b, "<p><a href=\"");
	html_escape(&pg->b, href);
	sb_add(&pg->b, "\">");
	html_escape(&pg->b, text);
	sb_add(&pg->b, "</a></p>\n");
}

void html_banner(struct html_page *pg, const char *id, const char *head, const char *text)
{
	sb_printf(&pg->b, "<div id=\"%s\" class=\"banner\" role=\"alert\"><strong>", id);
	html_escape(&pg->b, head);
	sb_add(&pg->b, "</strong> ");
	html_escape(&pg->b, text);
	sb_add(&pg->b, "</div>\n");
}

/*
 * The answer's look goes with it (style attributes), so the pages without
 * one keep the style sheet they had.
 */
void html_answer(struct html_page *pg, const char *head, const char *why, const char *cost)
{
	sb_add(&pg->b, "<section id=\"answer\" class=\"answer\" style=\"background:#eef5fb;border:2px solid #1f77b4;"
	       "border-left-width:8px;padding:.3em 1em;margin:1em 0\">\n"
	       "<p class=\"head\" style=\"font-size:1.3em;font-weight:bold;margin:.3em 0\">");
	html_escape(&pg->b, head);
	sb_add(&pg->b, "</p>\n");
	if (why && *why) {
		sb_add(&pg->b, "<p class=\"why\" style=\"margin:.3em 0\">");
		html_escape(&pg->b, why);
		sb_add(&pg->b, "</p>\n");
	}
	if (cost && *cost) {
		sb_add(&pg->b, "<p class=\"cost\" style=\"font-weight:bold;margin:.3em 0\">");
		html_escape(&pg->b, cost);
		sb_add(&pg->b, "</p>\n");
	}
	sb_add(&pg->b, "</section>\n");
}

static const char css[] =
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;color:#1a1a1a;max-width:1100px;margin:1.5em auto;"
	"padding:0 1em;line-height:1.4;overflow-wrap:break-word}\n"
	"h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;margin-top:1.8em;border-bottom:1px solid #ccc}\n"
	"dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2em 1.2em}dt{font-weight:bold}"
	"dd{margin:0;overflow-wrap:anywhere}\n"
	"figure{margin:1em 0}svg{max-width:100%;height:auto;display:block}\n"
	"table{border-collapse:collapse;margin:.6em 0;font-size:.85em;display:block;width:max-content;max-width:100%;"
	"overflow-x:auto}\n"
	"th,td{border:1px solid #ccc;padding:.2em .4em}th{background:#f2f2f2}td.r{text-align:right}\n"
	"caption{text-align:left;font-weight:bold;padding:.3em 0}\n"
	".warn{background:#fff3cd;border-left:4px solid #e0a800;padding:.4em .8em}\n"
	".note{color:#555}\n"
	".banner{background:#fdecea;border:2px solid #c62828;border-left-width:8px;padding:.6em 1em;margin:1em 0}\n"
	".banner strong{color:#b71c1c;display:block;margin-bottom:.2em}\n";

void html_begin(struct html_page *pg, const char *title)
{
	sb_add(&pg->b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
	html_escape(&pg->b, title);
	sb_add(&pg->b, "</title>\n<style>\n");
	sb_add(&pg->b, css);
	sb_add(&pg->b, "</style>\n</head>\n<body>\n<h1>");
	html_escape(&pg->b, title);
	sb_add(&pg->b, "</h1>\n");
}

void html_h2(struct html_page *pg, const char *id, const char *text)
{
	sb_printf(&pg->b, "<h2 id=\"%s\">", id);
	html_escape(&pg->b, text);
	sb_add(&pg->b, "</h2>\n");
}

void html_p(struct html_page *pg, const char *fmt, ...)
{
	va_list ap;

	sb_add(&pg->b, "<p>");
	va_start(ap, fmt);
	sb_vhtml(&pg->b, fmt, ap);
	va_end(ap);
	sb_add(&pg->b, "</p>\n");
}

void html_note(struct html_page *pg, const char *cls, const char *text)
{
	sb_printf(&pg->b, "<p class=\"%s\">", cls);
	html_escape(&pg->b, text);
	sb_add(&pg->b, "</p>\n");
}

void html_dl_begin(struct html_page *pg)
{
	sb_add(&pg->b, "<dl class=\"summary\">\n");
}

void html_dl(struct html_page *pg, const char *key, const char *fmt, ...)
{
	va_list ap;

	sb_add(&pg->b, "<dt>");
	html_escape(&pg->b, key);
	sb_add(&pg->b, "</dt><dd>");
	va_start(ap, fmt);
	sb_vhtml(&pg->b, fmt, ap);
	va_end(ap);
	sb_add(&pg->b, "</dd>\n");
}

void html_dl_end(struct html_page *pg)
{
	sb_add(&pg->b, "</dl>\n");
}

void table_html(const struct table *t, struct strbuf *b)
{
	sb_add(b, "<table>\n");
	if (t->caption) {
		sb_add(b, "<caption>");
		html_escape(b, t->caption);
		sb_add(b, "</caption>\n");
	}
	sb_add(b, "<thead><tr>");
	for (size_t c = 0; c < t->ncols; c++) {
		sb_add(b, "<th>");
		html_escape(b, t->head[c]);
		sb_add(b, "</th>");
	}
	sb_add(b, "</tr></thead>\n<tbody>\n");
	for (size_t r = 0; r < t->nrows; r++) {
		sb_add(b, "<tr>");
		for (size_t c = 0; c < t->ncols; c++) {
			sb_add(b, t->align[c] == TA_RIGHT ? "<td class=\"r\">" : "<td>");
			html_escape(b, table_get(t, r, c));
			sb_add(b, "</td>");
		}
		sb_add(b, "</tr>\n");
	}
	sb_add(b, "</tbody>\n</table>\n");
}

void html_table(struct html_page *pg, const struct table *t, bool open)
{
	if (!open) {
		sb_add(&pg->b, "<details><summary>");
		html_escape(&pg->b, t->caption ? t->caption : "numbers");
		sb_printf(&pg->b, " (%zu rows)</summary>\n", t->nrows);
	}
	table_html(t, &pg->b);
	if (!open)
		sb_add(&pg->b, "</details>\n");
}

/* html_chart with the subtitle settled. */
static void html_chart_drawn(struct html_page *pg, const char *name, const struct chart *c, const struct table *t)
{
	char prefix[32], *svg = NULL;
	size_t len;
	int ret;

	pg->ncharts++;
	snprintf(prefix, sizeof(prefix), "c%u-", pg->ncharts);
	sb_printf(&pg->b, "<figure id=\"chart-%s\" class=\"chart\">\n", name);
	ret = chart_svg(c, HTML_CHART_W, HTML_CHART_H, prefix, &svg, &len);
	if (ret) {
		pg->error = pg->error ? pg->error : ret;
	} else {
		sb_addn(&pg->b, svg, len);
		sb_add(&pg->b, "\n");
	}
	free(svg);
	sb_add(&pg->b, "<figcaption>");
	html_escape(&pg->b, c->title);
	if (c->empty) {
		/* Said in the caption too, for a reader of the page without its charts. */
		sb_add(&pg->b, ": <span class=\"empty\">");
		html_escape(&pg->b, c->empty);
		sb_add(&pg->b, "</span>");
	}
	sb_add(&pg->b, "</figcaption>\n");
	if (t)
		html_table(pg, t, t->nrows <= 30);
	sb_add(&pg->b, "</figure>\n");

	if (pg->want_png) {
		struct png_file *p = realloc(pg->pngs, (pg->npngs + 1) * sizeof(*p));

		if (!p) {
			pg->error = pg->error ? pg->error : -ENOMEM;
			return;
		}
		pg->pngs = p;
		p = &pg->pngs[pg->npngs];
		snprintf(p->name, sizeof(p->name), "%02u-%s.png", pg->ncharts, name);
		ret = chart_png(c, PNG_CHART_W, PNG_CHART_H, &p->data, &p->len);
		if (ret)
			pg->error = pg->error ? pg->error : ret;
		else
			pg->npngs++;
	}
}

void html_chart(struct html_page *pg, const char *name, const struct chart *in, const struct table *t)
{
	struct chart *c = malloc(sizeof(*c));

	if (!c) {
		pg->error = pg->error ? pg->error : -ENOMEM;
		return;
	}
	/* A PNG goes about on its own: its subtitle says which drive it measured. */
	*c = *in;
	if (!c->subtitle && pg->drive[0])
		c->subtitle = pg->drive;
	html_chart_drawn(pg, name, c, t);
	free(c);
}

void html_end(struct html_page *pg)
{
	sb_add(&pg->b, "</body>\n</html>\n");
}

void html_page_free(struct html_page *pg)
{
	sb_free(&pg->b);
	for (size_t i = 0; i < pg->npngs; i++)
		free(pg->pngs[i].data);
	free(pg->pngs);
	pg->pngs = NULL;
	pg->npngs = 0;
}
