/* SPDX-License-Identifier: MIT */
/* The page of a batch (reports/report_batch.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/compare.h"
#include "reports/csv_export.h"
#include "reports/html.h"
#include "reports/report_batch.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "util/strbuf.h"
#include "util/text.h"

/* "recommended OP 12.5%", "steady IOPS 41230", "SLC cache 12.3 GB", or "-". */
static void headline_text(struct json_object *d, char *buf, size_t len)
{
	struct json_object *h = jget(d, "headline");
	const char *name = jstr(h, "name");
	double v = jnum(h, "value");

	if (!name || isnan(v))
		snprintf(buf, len, "%s", TEXT_NOT_MEASURED);
	else if (!strcmp(name, "recommended_op_percent"))
		snprintf(buf, len, "recommended OP %.4g%%", v);
	else if (!strcmp(name, "steady_iops"))
		snprintf(buf, len, "steady IOPS %.0f", v);
	else if (!strcmp(name, "slc_cache_bytes"))
		snprintf(buf, len, "SLC cache %.2f GB", v / 1e9);
	else
		snprintf(buf, len, "%s %.4g", name, v);
}

void table_batch(struct table *t, struct json_object *doc)
{
	struct json_object *drives = jget(doc, "drives");
	char h[96];

	table_init(t, "Drives");
	table_cols(t, "drive", TA_RIGHT, "target", TA_LEFT, "status", TA_LEFT, "result", TA_LEFT, "results",
		   TA_LEFT, "error", TA_LEFT, NULL);
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i);

		headline_text(d, h, sizeof(h));
		table_row(t);
		table_num(t, 0, jnum(d, "index"), 0);
		table_cell(t, 1, "%s", text_or_na(jstr(d, "target")));
		table_cell(t, 2, "%s", text_or_na(jstr(d, "status")));
		table_cell(t, 3, "%s", h);
		table_cell(t, 4, "%s", text_or_na(jstr(d, "results")));
		table_cell(t, 5, "%s", jstr(d, "error") ? jstr(d, "error") : "");
	}
}

void report_batch(struct html_page *pg, struct json_object *doc)
{
	struct json_object *drives = jget(doc, "drives");
	char href[64], text[160];
	size_t ok = 0;
	struct table t;

	for (size_t i = 0; i < jlen(drives); i++)
		ok += jstr(jidx(drives, i), "status") && !strcmp(jstr(jidx(drives, i), "status"), "ok");
	html_dl_begin(pg);
	html_dl(pg, "drives", "%zu, %zu ok", jlen(drives), ok);
	html_dl(pg, "each a", "%s", text_or_na(jstr(doc, "subcommand")));
	html_dl(pg, "command", "%s", text_or_na(jstr(doc, "command")));
	html_dl_end(pg);
	table_batch(&t, doc);
	html_table(pg, &t, true);
	table_free(&t);
	html_h2(pg, "drives", "Each drive's own report");
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i);
		const char *dir = jstr(d, "results");

		snprintf(text, sizeof(text), "drive %.0f: %s (%s)", jnum(d, "index"), text_or_na(jstr(d, "target")),
			 text_or_na(jstr(d, "status")));
		/* A drive that saved nothing has no report to link: what it is and why, instead of a dead link. */
		if (!dir) {
			html_p(pg, "%s: no result: %s", text,
			       jstr(d, "error") ? jstr(d, "error") : "it saved nothing");
			continue;
		}
		/* The loader holds results to drive-N: the link stays inside the batch's folder. */
		snprintf(href, sizeof(href), "%s/report.html", dir);
		html_link(pg, href, text);
	}
}

size_t csv_batch(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *drives = jget(doc, "drives");
	struct strbuf *b;

	if (max < 1 || !(b = calloc(1, sizeof(*b))))
		return 0;
	sb_add(b, "drive,target,status,results,headline,value,error," CSV_DRIVE_COLUMN "\r\n");
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i), *h = jget(d, "headline");
		double v = jnum(h, "value");

		sb_printf(b, "%.0f,", jnum(d, "index"));
		csv_field(b, jstr(d, "target"));
		sb_add(b, ",");
		csv_field(b, jstr(d, "status"));
		sb_add(b, ",");
		csv_field(b, jstr(d, "results"));
		sb_add(b, ",");
		csv_field(b, jstr(h, "name"));
		if (isnan(v))
			sb_add(b, ",");
		else
			sb_printf(b, ",%.17g", v);
		sb_add(b, ",");
		csv_field(b, jstr(d, "error"));
		/* A batch keeps no drive's identity: the target as typed. */
		sb_add(b, ",");
		csv_field(b, jstr(d, "target"));
		sb_add(b, "\r\n");
	}
	files[0] = (struct csv_file){ "batch.csv", b };
	return 1;
}

void compare_batch_table(struct table *t, const struct compare_entry *e, size_t n)
{
	char h[96];

	table_init(t, "Batches");
	table_cols(t, "result", TA_LEFT, "drive", TA_LEFT, "status", TA_LEFT, "result", TA_LEFT, NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *drives = jget(e[i].doc, "drives");

		for (size_t k = 0; k < jlen(drives); k++) {
			struct json_object *d = jidx(drives, k);

			headline_text(d, h, sizeof(h));
			table_row(t);
			table_cell(t, 0, "%s", e[i].label);
			table_cell(t, 1, "%s", text_or_na(jstr(d, "target")));
			table_cell(t, 2, "%s", text_or_na(jstr(d, "status")));
			table_cell(t, 3, "%s", h);
		}
	}
}
