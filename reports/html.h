/* SPDX-License-Identifier: MIT */
/*
 * The self-contained HTML page of a report:
 * inline CSS, charts as inline SVG, no scripts and nothing fetched, so the
 * file reads the same offline, mailed, or years later.
 */
#ifndef SSDPROF_HTML_H
#define SSDPROF_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

struct chart;
struct table;

/* Chart sizes: the page's SVG (CSS pixels, scaled to the page width) and the PNG for a chat message. */
#define HTML_CHART_W 1000
#define HTML_CHART_H 560
#define PNG_CHART_W 1000
#define PNG_CHART_H 600

struct png_file {
	char name[64];
	char *data;
	size_t len;
};

struct html_page {
	struct strbuf b;
	unsigned ncharts;
	bool want_png;
	struct png_file *pngs;   /* with want_png: one per chart, in page order */
	size_t npngs;
	int error;               /* first -errno from rendering */
	/* The drive measured, under every chart's title that names none (summary_target sets it). */
	char drive[320];
};

/*
 * s appended to b with & < > " escaped for HTML (and SVG) text and attribute
 * values, and control characters a document held shown as \xNN
 * (util/escape.h), never raw.
 */
void html_escape(struct strbuf *b, const char *s);
void html_begin(struct html_page *pg, const char *title);
/* A section heading with an anchor id. */
void html_h2(struct html_page *pg, const char *id, const char *text);
void html_p(struct html_page *pg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A paragraph with a class ("warn", "note") around already-escaped text. */
void html_note(struct html_page *pg, const char *cls, const char *text);
/* A banner that must be read first (role="alert"): head in bold, then text; both escaped. */
void html_banner(struct html_page *pg, const char *id, const char *head, const char *text);
/*
 * The answer a page opens with (id "answer"): head, the recommendation or
 * verdict, in large type; then why, and what it costs.  Each escaped; NULL
 * or empty leaves its line out.
 */
void html_answer(struct html_page *pg, const char *head, const char *why, const char *cost);
/*
 * A paragraph holding a link: text to href, both escaped.  An href that is
 * not a relative path of the kind a command writes (html_href_ok) is shown
 * as text, not linked.
 */
void html_link(struct html_page *pg, const char *href, const char *text);
bool html_href_ok(const char *href);
/* A key/value summary list. */
void html_dl_begin(struct html_page *pg);
void html_dl(struct html_page *pg, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void html_dl_end(struct html_page *pg);
/*
 * A figure: the chart as inline SVG (and, with want_png, as NAME.png in
 * pngs), then the table of the numbers it plots.  t may be NULL.
 */
void html_chart(struct html_page *pg, const char *name, const struct chart *c, const struct table *t);
/* A table on its own; open=false folds it under a <details> summary. */
void html_table(struct html_page *pg, const struct table *t, bool open);
/* The table as an HTML <table> (caption, head, cells escaped) appended to b. */
void table_html(const struct table *t, struct strbuf *b);
void html_end(struct html_page *pg);
void html_page_free(struct html_page *pg);

#endif
