/* SPDX-License-Identifier: MIT */
/* The results store's answers as tables (reports/term_db.h). */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/table.h"
#include "reports/term_db.h"
#include "results/json_get.h"

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
