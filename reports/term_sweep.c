/* SPDX-License-Identifier: MIT */
/*
 * The terminal text of the kinds that compare drives or OP levels (term.h):
 * a sweep (its points, the recommendation and why, endurance, drive time),
 * a qualification (the drives by requirements) and an SLC probe (its
 * phases and recovery).  Tables are the page's (table.c), sentences are
 * wrapped at words.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/report_qualify.h"
#include "reports/table.h"
#include "reports/term.h"
#include "results/endurance_json.h"
#include "results/json_get.h"
#include "util/strbuf.h"
#include "util/text.h"

/*
 * A table of the page's; one wider than width (a qualification with many
 * requirements) as a block per row instead: its first column (after its
 * heading) and its second on a line, then each other column as
 * "heading: cell" under them.
 */
static void table_out(FILE *f, struct table *t, const char *indent, int width)
{
	size_t used = strlen(indent);
	char line[1024];

	if (table_width(t) + used <= (size_t)width || t->ncols < 2) {
		table_print(t, f, indent);
		table_free(t);
		return;
	}
	for (size_t r = 0; r < t->nrows; r++) {
		snprintf(line, sizeof(line), "%s%s %s  %s", indent, t->head[0], table_get(t, r, 0), table_get(t, r, 1));
		text_wrap_print(f, line, width, 0, (int)used + 2);
		for (size_t c = 2; c < t->ncols; c++)
			if (*table_get(t, r, c)) {
				snprintf(line, sizeof(line), "%s  %s: %s", indent, t->head[c], table_get(t, r, c));
				text_wrap_print(f, line, width, 0, (int)used + 4);
			}
	}
	table_free(t);
}

void term_table(FILE *f, struct table *t, const char *indent, int width)
{
	table_out(f, t, indent, width);
}

/*
 * The page's table of points in width columns: shorter headings first, then
 * without what the summary or the page says (MB/s is IOPS times the block
 * size; the drive time is summed below), then without the rounds.
 */
static void narrow(struct table *t, int width)
{
	static const char *const shorter[][2] = { { "usable GB", "GB" }, { "lat mean µs", "lat µs" },
						  { "drive-min", "min" } };
	static const char *const drop[] = { "MB/s", "min", "rounds" };
	int c;

	for (size_t i = 0; i < sizeof(shorter) / sizeof(shorter[0]) && table_width(t) > (size_t)width; i++)
		if ((c = table_find(t, shorter[i][0])) >= 0)
			t->head[c] = shorter[i][1];
	for (size_t i = 0; i < sizeof(drop) / sizeof(drop[0]) && table_width(t) > (size_t)width; i++)
		if ((c = table_find(t, drop[i])) >= 0)
			table_drop(t, (size_t)c);
}

/*
 * The points that did not reach steady state, named under the
 * recommendation (as the report's "points" line does): their figures are
 * the last rounds', which the recommendation's "steady IOPS" includes.
 */
static void not_steady(FILE *f, struct json_object *points, int width)
{
	struct strbuf b = { 0 };
	size_t n = jlen(points), bad = 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i);
		const char *method = jstr(p, "method");

		if (jtrue(jget(p, "steady_state"), "reached") || (method && !strcmp(method, "predicted")))
			continue;
		sb_printf(&b, bad++ ? " %.4g%%" : "not steady (figures of the last rounds): %.4g%%", jnum(p, "op_percent"));
	}
	if (bad) {
		sb_printf(&b, " (%zu of %zu points)", bad, n);
		if (!b.err)
			text_wrap_print(f, b.p, width, 0, 2);
	}
	sb_free(&b);
}

void term_sweep(FILE *f, struct json_object *doc, int width)
{
	struct json_object *knee = jget(doc, "knee"), *points = jget(doc, "points");
	const char *reason = jstr(knee, "reason"), *versus = jstr(knee, "versus_baseline");
	struct table t;
	char endurance[1024];
	double secs = 0;
	size_t n = jlen(points);

	table_sweep_points(&t, doc, false);
	narrow(&t, width);
	fputc('\n', f);
	table_out(f, &t, "", width);
	fprintf(f, "\nrecommended OP: %.4g%%\n", jnum(knee, "recommended_op_percent"));
	if (reason)
		text_wrap_print(f, reason, width, 2, 2);
	/* The comparison opens its own line ("against the drive as shipped ..."). */
	if (versus)
		text_wrap_print(f, versus, width, 0, 2);
	not_steady(f, points, width);
	endurance_json_lines(doc, endurance, sizeof(endurance));
	fputs(endurance, f);
	for (size_t i = 0; i < n; i++)
		if (isfinite(jnum(jidx(points, i), "drive_seconds")))
			secs += jnum(jidx(points, i), "drive_seconds");
	/* In the unit that keeps it readable: a short sweep is not "0.00 hours". */
	if (secs < 120)
		fprintf(f, "drive time: %.1f s over %zu points\n", secs, n);
	else if (secs < 7200)
		fprintf(f, "drive time: %.1f min over %zu points\n", secs / 60, n);
	else
		fprintf(f, "drive time: %.2f hours over %zu points\n", secs / 3600, n);
}

void term_qualify(FILE *f, struct json_object *doc, int width)
{
	struct json_object *drives = jget(doc, "drives");
	struct table t;
	size_t passed = 0, n = jlen(drives);

	for (size_t i = 0; i < n; i++) {
		const char *v = jstr(jidx(drives, i), "verdict");

		passed += v && !strcmp(v, "pass");
	}
	table_qualify(&t, doc);
	fputc('\n', f);
	table_out(f, &t, "", width);
	fprintf(f, "\n%zu of %zu drive(s) pass\n", passed, n);
}

void term_slc(FILE *f, struct json_object *doc, int width)
{
	struct json_object *slc = jget(doc, "slc"), *rec = jget(slc, "recovery");
	const char *summary = jstr(slc, "summary");
	double prefill = jnum(slc, "prefill_bytes");
	struct table t;

	if (!jlen(jget(slc, "phases")))
		return;
	fprintf(f, "phases (MB/s over the bytes written after the purge%s):\n", prefill > 0 ? " and prefill" : "");
	table_slc_phases(&t, slc);
	table_out(f, &t, "  ", width);
	if (summary)
		text_wrap_print(f, summary, width, 0, 2);
	for (size_t i = 0; i < jlen(rec); i++) {
		struct json_object *r = jidx(rec, i);

		fprintf(f, "after %g s idle: %s%.2f GB of SLC cache back\n", jnum(r, "idle_s"),
			jtrue(r, "lower_bound") ? "at least " : "", jnum(r, "recovered_bytes") / 1e9);
	}
}
