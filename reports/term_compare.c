/* SPDX-License-Identifier: MIT */
/*
 * compare's table on a terminal (term.h): a drive's label is the target as
 * typed, and the file when two are spelled the same, 70 columns and more
 * for a RAID group or a long path; where the table does not fit, each drive
 * is its number and the labels are a legend under the table.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "reports/compare.h"
#include "reports/report.h"
#include "reports/table.h"
#include "reports/term.h"
#include "util/text.h"

/*
 * The table with each drive's label as its number in set.  A row per drive
 * is the drive of its place (so the same file given twice is numbered
 * twice); the several rows of a run's drive are found by label, from the
 * last row's drive on.
 */
static void numbered(struct table *c, const struct compare_set *set, const struct table *t)
{
	size_t d = 0;

	table_init(c, t->caption);
	for (size_t k = 0; k < t->ncols; k++)
		table_col(c, t->head[k], t->align[k]);
	for (size_t r = 0; r < t->nrows; r++) {
		const char *label = table_get(t, r, 0);
		size_t i = t->nrows == set->n ? r : d;

		while (i < set->n && strcmp(set->e[i].label, label))
			i++;
		table_row(c);
		if (i < set->n) {
			d = i;
			table_cell(c, 0, "%zu", d + 1);
		} else {
			table_cell(c, 0, "%s", label);
		}
		for (size_t k = 1; k < t->ncols; k++)
			table_cell(c, k, "%s", table_get(t, r, k));
	}
}

/* Shorter headings of a sweep's table, each said once under it. */
static bool shorten(struct table *c, int width)
{
	static const char *const shorter[][2] = { { "recommended OP %", "rec OP %" }, { "IOPS there", "rec IOPS" },
						  { "WA there", "rec WA" } };
	bool any = false;
	int k;

	for (size_t i = 0; i < sizeof(shorter) / sizeof(shorter[0]) && table_width(c) > (size_t)width; i++)
		if ((k = table_find(c, shorter[i][0])) >= 0) {
			c->head[k] = shorter[i][1];
			any = true;
		}
	return any;
}

static void term_compare_table(FILE *f, const struct compare_set *set, const struct table *t, int width)
{
	struct table c;
	char line[256];
	bool rec;

	if (width <= 0 || table_width(t) <= (size_t)width || !t->ncols || strcmp(t->head[0], "drive")) {
		table_print(t, f, "");
		return;
	}
	numbered(&c, set, t);
	if (c.failed) {
		table_free(&c);
		table_print(t, f, "");
		return;
	}
	rec = shorten(&c, width);
	term_table(f, &c, "", width);
	if (rec)
		fputs("rec: at the recommended OP\n", f);
	/* The labels come from the documents: text_wrap_print shows their control bytes, never sends them. */
	for (size_t i = 0; i < set->n; i++) {
		/* A pts all folder's tests share their label and the number of its first (compare_pts_folders). */
		if (set->e[i].suite && i && set->e[i - 1].suite == set->e[i].suite)
			continue;
		snprintf(line, sizeof(line), "drive %zu: %s", i + 1, set->e[i].label);
		text_wrap_print(f, line, width, 0, 2);
	}
}

void term_compare(FILE *f, const struct compare_set *set, const struct table *t, int width)
{
	bool pts = set->kind == report_kind_of(RESULT_KIND_PTS);

	/* pts results fit 80 columns to a pipe too; then each test's figures side by side (compare_pts.c). */
	term_compare_table(f, set, t, pts && width <= 0 ? 80 : width);
	if (pts)
		term_compare_pts(f, set, width);
}
