// SPDX-License-Identifier: MIT
/* The fleet page: the drives of a store, ranked, with their verdicts (reports/report_fleet.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report.h"
#include "reports/report_fleet.h"
#include "reports/table.h"
#include "results/json_get.h"

/* Passed first, then drives without a verdict, then failed. */
static int verdict_rank(struct json_object *row)
{
	const char *v = jstr(row, "verdict");

	return !v ? 1 : !strcmp(v, "pass") ? 0 : 2;
}

static int by_rank(const void *a, const void *b)
{
	struct json_object *x = *(struct json_object *const *)a, *y = *(struct json_object *const *)b;
	double ix = jnum(x, "steady_iops"), iy = jnum(y, "steady_iops");

	if (verdict_rank(x) != verdict_rank(y))
		return verdict_rank(x) - verdict_rank(y);
	if (isnan(ix) != isnan(iy))
		return isnan(ix) ? 1 : -1;
	return ix > iy ? -1 : ix < iy ? 1 : 0;
}

static void fleet_table(struct table *t, struct json_object **rows, size_t n)
{
	static const char *const text[] = { "model", "serial", "firmware", "host", "verdict" };

	table_init(t, "Drives, ranked: passed, not qualified, failed; then by steady IOPS");
	table_cols(t, "rank", TA_RIGHT, "model", TA_LEFT, "serial", TA_LEFT, "firmware", TA_LEFT, "host", TA_LEFT,
		   "verdict", TA_LEFT, "OP %", TA_RIGHT, "steady IOPS", TA_RIGHT, "WA", TA_RIGHT, "results", TA_RIGHT,
		   NULL);
	for (size_t i = 0; i < n; i++) {
		table_row(t);
		table_cell(t, 0, "%zu", i + 1);
		for (size_t c = 0; c < sizeof(text) / sizeof(text[0]); c++)
			table_cell(t, c + 1, "%s", jstr(rows[i], text[c]) ? jstr(rows[i], text[c]) : "-");
		table_num(t, 6, jnum(rows[i], "recommended_op_percent"), 1);
		table_num(t, 7, jnum(rows[i], "steady_iops"), 0);
		table_num(t, 8, jnum(rows[i], "waf"), 2);
		table_num(t, 9, jnum(rows[i], "runs"), 0);
	}
}

/* The answer the page opens with: how many passed, and the first drive of the ranking with the table's figures. */
static void fleet_answer(struct html_page *pg, struct json_object **rows, size_t n, size_t pass, size_t fail)
{
	char head[128], why[512] = "";

	snprintf(head, sizeof(head), "%zu of %zu drives passed qualification", pass, n);
	if (n && isfinite(jnum(rows[0], "steady_iops")))
		snprintf(why, sizeof(why), "First in the ranking: %s (serial %s), %s, steady IOPS %.0f at %.1f%% OP. "
			 "%zu failed, %zu not qualified.", jstr(rows[0], "model") ? jstr(rows[0], "model") : "-",
			 jstr(rows[0], "serial") ? jstr(rows[0], "serial") : "-",
			 jstr(rows[0], "verdict") ? jstr(rows[0], "verdict") : "not qualified",
			 jnum(rows[0], "steady_iops"), jnum(rows[0], "recommended_op_percent"), fail, n - pass - fail);
	html_answer(pg, head, why, NULL);
}

int report_fleet_make(struct json_object *drives, const char *store, const char *out, char *err, size_t errlen)
{
	size_t n = jlen(drives), pass = 0, fail = 0;
	struct json_object **rows = calloc(n ? n : 1, sizeof(*rows));
	struct html_page pg = { 0 };
	struct table t;
	int ret;

	if (!rows) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		rows[i] = jidx(drives, i);
		pass += verdict_rank(rows[i]) == 0;
		fail += verdict_rank(rows[i]) == 2;
	}
	qsort(rows, n, sizeof(*rows), by_rank);
	html_begin(&pg, "ssdprof fleet report");
	fleet_answer(&pg, rows, n, pass, fail);
	html_dl_begin(&pg);
	html_dl(&pg, "store", "%s", store);
	html_dl(&pg, "drives", "%zu: %zu passed, %zu failed, %zu not qualified", n, pass, fail, n - pass - fail);
	html_dl_end(&pg);
	fleet_table(&t, rows, n);
	html_table(&pg, &t, true);
	table_free(&t);
	html_end(&pg);
	ret = report_write(out, &pg, NULL, NULL, NULL, NULL, err, errlen);
	html_page_free(&pg);
	free(rows);
	return ret;
}
