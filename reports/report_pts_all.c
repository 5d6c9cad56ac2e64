/* SPDX-License-Identifier: MIT */
/*
 * The combined page of a drive's pts results (docs/pts_report.md): the
 * answer first (each test's headline figure), the drive and the settings
 * once, then per test in the spec's order its summary and its sections as
 * its own page draws them (report_pts_sections, every id prefixed by the
 * test); and the same headlines on a terminal.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/compare.h"
#include "reports/html.h"
#include "reports/pts_suite.h"
#include "reports/report.h"
#include "reports/report_parts.h"
#include "reports/report_pts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "util/strbuf.h"
#include "util/text.h"

/* The tests the suite asked for (settings.suite of any document) that have no result here, "a, b"; "" for none. */
static void not_run(const struct pts_suite *s, char *buf, size_t len)
{
	struct json_object *asked = NULL;
	size_t o = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < s->n && !asked; i++)
		asked = jget(jget(s->doc[i], "settings"), "suite");
	for (size_t i = 0; i < jlen(asked) && o < len; i++) {
		const char *t = json_object_get_string(jidx(asked, i));
		bool have = false;

		for (size_t j = 0; j < s->n; j++)
			have |= t && !strcmp(jstr(jget(s->doc[j], "pts"), "test"), t);
		if (t && !have)
			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "", t);
	}
}

/* The answer: the first test's headline, the others under it, then what the figures rest on. */
static void suite_answer(struct html_page *pg, const struct pts_suite *s, const struct pts_headline *h)
{
	struct strbuf head = { 0 }, why = { 0 }, cost = { 0 };
	char missing[160];
	size_t unsteady = 0;

	sb_printf(&head, "%s: %s", h[0].what, h[0].text);
	for (size_t i = 1; i < s->n; i++)
		sb_printf(&why, "%s%s, %s: %s.", i > 1 ? " " : "", h[i].test, h[i].what, h[i].text);
	for (size_t i = 0; i < s->n; i++)
		if (!h[i].steady)
			sb_printf(&cost, "%s%s", unsteady++ ? ", " : "Steady state NOT reached in: ", h[i].test);
	sb_add(&cost, unsteady ? "." : "Every test's steady window held.");
	not_run(s, missing, sizeof(missing));
	if (*missing)
		sb_printf(&cost, " Not run yet: %s.", missing);
	answer_of(pg, &head, &why, &cost);
}

/* The headlines as a table, each test's row linked to its section by its name. */
static void headline_table(struct html_page *pg, const struct pts_headline *h, size_t n)
{
	struct table t;

	table_init(&t, "The headline figure of each test");
	table_cols(&t, "test", TA_LEFT, "figure", TA_LEFT, "value", TA_LEFT, "steady", TA_LEFT, NULL);
	for (size_t i = 0; i < n; i++) {
		table_row(&t);
		table_cell(&t, 0, "%s", h[i].test);
		table_cell(&t, 1, "%s", h[i].what);
		table_cell(&t, 2, "%s", h[i].text);
		table_cell(&t, 3, "%s", h[i].steady ? "yes" : "NO");
	}
	html_table(pg, &t, true);
	table_free(&t);
}

/* Every setting of every test: a row per key, a column per test (empty where a test has no such key). */
static void settings_grid(struct html_page *pg, const struct pts_suite *s)
{
	const char *keys[64];
	size_t nk = 0;
	struct table t;

	table_init(&t, "Settings of each test");
	table_col(&t, "setting", TA_LEFT);
	for (size_t i = 0; i < s->n; i++) {
		table_col(&t, jstr(jget(s->doc[i], "pts"), "test"), TA_LEFT);
		json_object_object_foreach(jget(s->doc[i], "settings"), key, val) {
			bool seen = false;

			(void)val;
			for (size_t k = 0; k < nk; k++)
				seen |= !strcmp(keys[k], key);
			if (!seen && nk < sizeof(keys) / sizeof(keys[0]))
				keys[nk++] = key;
		}
	}
	for (size_t k = 0; k < nk; k++) {
		table_row(&t);
		table_cell(&t, 0, "%s", keys[k]);
		for (size_t i = 0; i < s->n; i++) {
			struct json_object *v;

			if (json_object_object_get_ex(jget(s->doc[i], "settings"), keys[k], &v))
				table_cell(&t, i + 1, "%s", v ? json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN)
							     : "null");
		}
	}
	html_table(pg, &t, false);
	table_free(&t);
}

/* The drive once: its target entries from the first result (the command and times are each test's). */
static void drive_summary(struct html_page *pg, struct json_object *doc, size_t n)
{
	struct json_object *view = json_object_new_object();

	if (!view || json_object_object_add(view, "target", json_object_get(jget(doc, "target"))) ||
	    json_object_object_add(view, "tool", json_object_get(jget(doc, "tool"))) ||
	    json_object_object_add(view, "command", json_object_new_string("one per test, under its heading"))) {
		pg->error = pg->error ? pg->error : -ENOMEM;
		json_object_put(view);
		return;
	}
	html_dl_begin(pg);
	summary_target(pg, view);
	html_dl(pg, "tests", "%zu SNIA PTS tests, in the spec's order below", n);
	html_dl_end(pg);
	json_object_put(view);
}

static void render(struct html_page *pg, const struct pts_suite *s)
{
	struct pts_headline h[PTS_SUITE_MAX];
	const char *tests[PTS_SUITE_MAX];
	char pre[32];

	for (size_t i = 0; i < s->n; i++) {
		pts_headline(s->doc[i], &h[i]);
		tests[i] = h[i].test;
	}
	/* Each result that ended short, named by its test. */
	partial_results_banner(pg, s->doc, tests, s->n, report_kind_of(RESULT_KIND_PTS));
	page_drive(pg, s->doc[0]);
	suite_answer(pg, s, h);
	headline_table(pg, h, s->n);
	html_h2(pg, "summary", "The drive and the settings");
	drive_summary(pg, s->doc[0], s->n);
	settings_grid(pg, s);
	for (size_t i = 0; i < s->n; i++) {
		struct json_object *doc = s->doc[i];
		char title[96];

		snprintf(pre, sizeof(pre), "%s-", h[i].test);
		snprintf(title, sizeof(title), "SNIA PTS %s test", h[i].test);
		html_h2(pg, h[i].test, title);
		html_dl_begin(pg);
		html_dl(pg, "command", "%s", text_or_na(jstr(doc, "command")));
		if (jstr(doc, "started"))
			html_dl(pg, "measured", "%s to %s", jstr(doc, "started"), text_or_na(jstr(doc, "finished")));
		html_dl(pg, "headline", "%s: %s", h[i].what, h[i].text);
		report_pts_summary(pg, doc);
		html_dl_end(pg);
		report_pts_sections(pg, doc, pre);
	}
}

int report_pts_suite_make(const struct pts_suite *s, const char *out, const char *png, FILE *say, char *err,
			  size_t errlen)
{
	struct html_page pg = { 0 };
	char title[512];
	int ret;

	snprintf(title, sizeof(title), "ssdprof pts report: %s",
		 text_or_na(jstr(jget(s->doc[0], "target"), "path")));
	pg.want_png = png != NULL;
	html_begin(&pg, title);
	render(&pg, s);
	html_end(&pg);
	/* No document of its own: each test's CSVs are its own page's. */
	ret = report_write(out, &pg, png, NULL, NULL, NULL, err, errlen);
	if (!ret && say) {
		fprintf(say, "report: %s\n", out);
		for (size_t i = 0; png && i < pg.npngs; i++)
			fprintf(say, "report: %s/%s\n", png, pg.pngs[i].name);
	}
	html_page_free(&pg);
	return ret;
}

void term_pts_suite(FILE *f, const struct pts_suite *s, int width)
{
	struct json_object *t = jget(s->doc[0], "target");
	char line[512];

	snprintf(line, sizeof(line), "SNIA PTS of %s (%s, serial %s): %zu tests", text_or_na(jstr(t, "path")),
		 text_or_na(jstr(t, "model")), text_or_na(jstr(t, "serial")), s->n);
	text_wrap_print(f, line, width, 0, 2);
	for (size_t i = 0; i < s->n; i++) {
		struct pts_headline h;

		pts_headline(s->doc[i], &h);
		snprintf(line, sizeof(line), "%-10s %s: %s%s", h.test, h.what, h.text, h.steady ? "" : " (NOT steady)");
		text_wrap_print(f, line, width, 0, 11);
	}
}
