/* SPDX-License-Identifier: MIT */
/* The results store's answers as tables (reports/term_db.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/table.h"
#include "reports/term.h"
#include "reports/term_db.h"
#include "results/json_get.h"
#include "util/escape.h"
#include "util/text.h"

const struct db_col term_db_drives[] = {
	{ "model", "model", 24, -1 },
	{ "serial", "serial", 16, -1 },
	{ "firmware", "firmware", 8, -1 },
	{ "verdict", "verdict", 7, -1 },
	{ "recommended_op_percent", "OP %", 0, 1 },
	{ "steady_iops", "IOPS", 0, 0 },
	{ NULL, NULL, 0, 0 },
};

const struct db_col term_db_history[] = {
	{ "kind", "kind", 12, -1 },
	{ "serial", "serial", 16, -1 },
	{ "firmware", "firmware", 8, -1 },
	{ "host", "host", 7, -1 },
	{ "op_percent", "OP %", 0, 1 },
	{ "iops", "IOPS", 0, 0 },
	{ "waf", "WA", 0, 2 },
	{ "verdict", "verdict", 7, -1 },
	{ NULL, NULL, 0, 0 },
};

const struct db_col term_db_best_op[] = {
	{ "model", "model", 26, -1 },
	{ "best_op_percent", "OP %", 0, 1 },
	{ "sweeps_recommending", "votes", 0, 0 },
	{ "sweeps", "sweeps", 0, 0 },
	{ "drives", "drives", 0, 0 },
	{ "mean_iops", "IOPS", 0, 0 },
	{ "mean_waf", "WA", 0, 2 },
	{ "mean_life_years", "life y", 0, 1 },
	{ NULL, NULL, 0, 0 },
};

static void table_rows(struct table *t, struct json_object *rows, const struct db_col *cols)
{
	for (size_t c = 0; cols[c].key; c++)
		table_col(t, cols[c].head, cols[c].decimals < 0 ? TA_LEFT : TA_RIGHT);
	for (size_t r = 0; r < jlen(rows); r++) {
		struct json_object *row = jidx(rows, r);

		table_row(t);
		for (size_t c = 0; cols[c].key; c++) {
			const char *s = jstr(row, cols[c].key);
			int w = cols[c].width;

			if (cols[c].decimals >= 0)
				table_num(t, c, jnum(row, cols[c].key), cols[c].decimals);
			else if (!s)
				table_cell(t, c, "-");
			else if ((int)strlen(s) > w)
				table_cell(t, c, "%.*s~", w - 1, s);
			else
				table_cell(t, c, "%s", s);
		}
	}
}

void term_db_rows(FILE *f, struct json_object *rows, const struct db_col *cols)
{
	struct table t;

	table_init(&t, NULL);
	table_rows(&t, rows, cols);
	table_print(&t, f, "");
	table_free(&t);
}

/* The rows of arr whose run is run. */
static void of_run(struct json_object *arr, double run, struct json_object *out)
{
	for (size_t i = 0; i < jlen(arr); i++)
		if (jnum(jidx(arr, i), "run") == run)
			json_object_array_add(out, json_object_get(jidx(arr, i)));
}

/* The IOPS test's stage: a row per mix, a column per size (the spec's 7 x 8), from the cells in order. */
static void pts_matrix(FILE *f, struct json_object *cells, int width)
{
	char heads[TABLE_MAX_COLS][16];
	size_t nsizes = 0;
	struct table t;

	table_init(&t, NULL);
	table_col(&t, "IOPS r/w", TA_LEFT);
	for (size_t c = 0; c < jlen(cells) && nsizes < TABLE_MAX_COLS - 1; c++) {
		if (c && jnum(jidx(cells, c), "read_pct") != jnum(jidx(cells, 0), "read_pct"))
			break;
		snprintf(heads[nsizes], sizeof(heads[nsizes]), "%gk", jnum(jidx(cells, c), "bs") / 1024);
		table_col(&t, heads[nsizes++], TA_RIGHT);
	}
	for (size_t c = 0; nsizes && c < jlen(cells); c++) {
		struct json_object *x = jidx(cells, c);

		if (c % nsizes == 0) {
			table_row(&t);
			table_cell(&t, 0, "%g/%g", jnum(x, "read_pct"), 100 - jnum(x, "read_pct"));
		}
		table_num(&t, c % nsizes + 1, jnum(x, "iops"), 0);
	}
	term_table(f, &t, "  ", width);
}

/* A row of a cell or a phase: its name (under key), IOPS, MB/s, mean and 99.999% response times. */
static void pts_row(struct table *t, struct json_object *x, const char *key)
{
	table_row(t);
	table_cell(t, 0, "%.16s", text_or_na(jstr(x, key)));
	table_num(t, 1, jnum(x, "iops"), 0);
	table_num(t, 2, jnum(x, "mbps"), 1);
	table_num(t, 3, jnum(x, "lat_mean_us"), 1);
	table_num(t, 4, jnum(x, "lat_p99999_us"), 1);
}

/* Any other stage: a row per cell; the tracked cell and DIRTH's points say so. */
static void pts_cells(FILE *f, struct json_object *cells, int width)
{
	struct table t;

	table_init(&t, NULL);
	table_cols(&t, "cell", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "mean us", TA_RIGHT, "99.999% us",
		   TA_RIGHT, "max us", TA_RIGHT, "", TA_LEFT, NULL);
	for (size_t c = 0; c < jlen(cells); c++) {
		struct json_object *x = jidx(cells, c);

		pts_row(&t, x, "label");
		table_num(&t, 5, jnum(x, "lat_max_us"), 1);
		if (jstr(x, "dirth_point"))
			table_cell(&t, 6, "%.3s", jstr(x, "dirth_point"));
		else if (jtrue(x, "tracked"))
			table_cell(&t, 6, "tracked");
	}
	term_table(f, &t, "  ", width);
}

/* A stage's steady state, from its cells' rows (one stage's rows all say the same). */
static void pts_steady(FILE *f, struct json_object *cell, double stage)
{
	if (isnan(jnum(cell, "steady")))
		fprintf(f, "  stage %g: one pass, no steady state by design\n", stage + 1);
	else
		fprintf(f, "  stage %g: steady state %s after %g rounds\n", stage + 1,
			jtrue(cell, "steady") ? "reached" : "NOT reached", jnum(cell, "rounds"));
}

/* A time-series test's phases; HIR's against its steady state, XSR's time to settle. */
static void pts_phases(FILE *f, struct json_object *phases, const char *test, int width)
{
	bool hir = !strcmp(test, "hir"), xsr = !strcmp(test, "xsr");
	struct table t;

	table_init(&t, NULL);
	table_cols(&t, "phase", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "mean us", TA_RIGHT, "99.999% us",
		   TA_RIGHT, hir ? "vs steady" : xsr ? "settle s" : "seconds", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);
		double v = jnum(ph, hir ? "vs_steady_pct" : xsr ? "settle_s" : "seconds");

		pts_row(&t, ph, "name");
		if (hir && isfinite(v))
			table_cell(&t, 5, "%+.1f%%", v);
		else
			table_num(&t, 5, v, 1);
	}
	term_table(f, &t, "  ", width);
}

void term_db_pts(FILE *f, struct json_object *answer, int width)
{
	struct json_object *runs = jget(answer, "runs");

	for (size_t r = 0; r < jlen(runs); r++) {
		struct json_object *run = jidx(runs, r), *cells = json_object_new_array();
		struct json_object *phases = json_object_new_array();
		const char *test = text_or_na(jstr(run, "test"));
		char who[128];

		if (!cells || !phases) {
			json_object_put(cells);
			json_object_put(phases);
			return;
		}
		of_run(jget(answer, "cells"), jnum(run, "run"), cells);
		of_run(jget(answer, "phases"), jnum(run, "run"), phases);
		/* The drive as the document names it: control bytes escaped, as the tables' cells are. */
		snprintf(who, sizeof(who), "%.28s %.20s: pts %.10s", text_or_na(jstr(run, "model")),
			 jstr(run, "serial") ? jstr(run, "serial") : text_or_na(jstr(run, "path")), test);
		fputs(r ? "\n" : "", f);
		escape_ctl_fputs(who, f);
		fprintf(f, " (run %g)\n", jnum(run, "run"));
		for (size_t c = 1, first = 0; c <= jlen(cells); c++) {
			struct json_object *x = jidx(cells, c), *st = jidx(cells, first);
			struct json_object *stage;

			if (c < jlen(cells) && jnum(x, "stage") == jnum(st, "stage"))
				continue;
			/* One stage's rows, [first, c). */
			stage = json_object_new_array();
			for (size_t k = first; stage && k < c; k++)
				json_object_array_add(stage, json_object_get(jidx(cells, k)));
			if (!strcmp(test, "iops"))
				pts_matrix(f, stage, width);
			else
				pts_cells(f, stage, width);
			pts_steady(f, st, jnum(st, "stage"));
			json_object_put(stage);
			first = c;
		}
		if (jlen(phases))
			pts_phases(f, phases, test, width);
		json_object_put(cells);
		json_object_put(phases);
	}
}
