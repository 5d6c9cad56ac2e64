/* SPDX-License-Identifier: MIT */
/*
 * ssdprof compare: several drives' results of one kind side by side, as a
 * terminal table and, with -o, an HTML page with every drive on the same
 * charts (steady IOPS and WA against OP; MB/s against data written; IOPS
 * against queue depth).
 */
#include <errno.h>
#include <getopt.h>   /* optind, set by report_options */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/chart.h"
#include "cli/commands.h"
#include "reports/html.h"
#include "cli/report.h"
#include "results/result_json.h"
#include "results/json_get.h"
#include "reports/table.h"

const char cmd_compare_usage[] =
	"usage: ssdprof compare RESULT.json RESULT.json... [-o compare.html] [--png DIR]\n"
	"\n"
	"Put several results of one kind (sweeps, slc probes or runs, one schema\n"
	"version) side by side: a table on the terminal, and with -o an HTML page with\n"
	"every drive on the same charts: steady IOPS and WA against OP with each knee,\n"
	"SLC cache size and post-cache speed, IOPS against queue depth.\n"
	"\n"
	"  -o, --out FILE   also write the HTML page\n"
	"  --png DIR        with -o, also write every chart as a PNG into DIR\n"
	"\n"
	"Example: ssdprof compare budget/result.json dc/result.json -o drives.html\n";

#define MAX_DOCS CHART_MAX_SERIES

struct entry {
	const char *file;
	struct json_object *doc;
	char label[160];
};

static bool steady(struct json_object *p)
{
	struct json_object *v = jget(jget(p, "steady_state"), "reached");

	return v && json_object_get_boolean(v);
}

/* The point of a sweep at op, or NULL. */
static struct json_object *point_at(struct json_object *doc, double op)
{
	struct json_object *pts = jget(doc, "points");

	for (size_t i = 0; i < jlen(pts); i++)
		if (fabs(jnum(jidx(pts, i), "op_percent") - op) < 0.005)
			return jidx(pts, i);
	return NULL;
}

static void sweep_table(struct table *t, struct entry *e, size_t n)
{
	table_init(t, "Sweeps");
	table_cols(t, "drive", TA_LEFT, "points", TA_RIGHT, "steady", TA_RIGHT, "best IOPS", TA_RIGHT,
		   "at OP %", TA_RIGHT, "knee OP %", TA_RIGHT, "recommended OP %", TA_RIGHT,
		   "IOPS there", TA_RIGHT, "WA there", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *pts = jget(e[i].doc, "points"), *knee = jget(e[i].doc, "knee"), *rec;
		double best = NAN, best_op = NAN;
		size_t ns = 0;

		for (size_t j = 0; j < jlen(pts); j++) {
			double v = jnum(jidx(pts, j), "iops");

			ns += steady(jidx(pts, j));
			if (isfinite(v) && !(v <= best)) {
				best = v;
				best_op = jnum(jidx(pts, j), "op_percent");
			}
		}
		rec = point_at(e[i].doc, jnum(knee, "recommended_op_percent"));
		table_row(t);
		table_cell(t, 0, "%s", e[i].label);
		table_cell(t, 1, "%zu", jlen(pts));
		table_cell(t, 2, "%zu", ns);
		table_num(t, 3, best, 0);
		table_num(t, 4, best_op, 2);
		table_num(t, 5, jnum(knee, "op_percent"), 2);
		table_num(t, 6, jnum(knee, "recommended_op_percent"), 2);
		table_num(t, 7, jnum(rec, "iops"), 0);
		table_num(t, 8, jnum(rec, "waf"), 2);
	}
}

static void slc_table(struct table *t, struct entry *e, size_t n)
{
	table_init(t, "SLC caches");
	table_cols(t, "drive", TA_LEFT, "capacity GB", TA_RIGHT, "cache GB", TA_RIGHT,
		   "in-cache MB/s", TA_RIGHT, "post-cache MB/s", TA_RIGHT, "phases", TA_RIGHT, "buffer GB", TA_RIGHT,
		   NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *s = jget(e[i].doc, "slc");

		table_row(t);
		table_cell(t, 0, "%s", e[i].label);
		table_num(t, 1, jnum(jget(e[i].doc, "target"), "capacity_bytes") / 1e9, 2);
		if (isfinite(jnum(s, "cache_bytes")))
			table_num(t, 2, jnum(s, "cache_bytes") / 1e9, 2);
		else
			table_cell(t, 2, "no cliff");
		table_num(t, 3, jnum(s, "in_cache_mbps"), 1);
		table_num(t, 4, jnum(s, "post_cache_mbps"), 1);
		table_cell(t, 5, "%zu", jlen(jget(s, "phases")));
		if (isfinite(jnum(s, "write_buffer_bytes")))
			table_num(t, 6, jnum(s, "write_buffer_bytes") / 1e9, 2);
	}
}

static void run_table(struct table *t, struct entry *e, size_t n, const char *kind)
{
	bool pc = !strcmp(kind, "precondition");

	table_init(t, pc ? "Preconditioning" : "Runs");
	table_col(t, "drive", TA_LEFT);
	table_col(t, pc ? "steady" : "QD", pc ? TA_LEFT : TA_RIGHT);
	table_cols(t, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT, "p99 µs", TA_RIGHT,
		   "WA", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *series = jget(e[i].doc, "series");
		size_t m = pc ? 1 : jlen(series);

		for (size_t j = 0; j < m; j++) {
			struct json_object *r = pc ? jget(e[i].doc, "precondition") : jidx(series, j);

			table_row(t);
			table_cell(t, 0, "%s", e[i].label);
			if (pc)
				table_cell(t, 1, "%s", steady(r) ? "yes" : "NO");
			else
				table_num(t, 1, jnum(r, "qd"), 0);
			table_num(t, 2, jnum(r, "iops"), 0);
			table_num(t, 3, jnum(r, "mbps"), 1);
			table_num(t, 4, jnum(jget(r, "lat_us"), "mean"), 1);
			table_num(t, 5, jnum(jget(r, "lat_us"), "p99"), 1);
			table_num(t, 6, jnum(r, "waf"), 2);
		}
	}
}

/* Arrays of one drive's curve; freed with the page. */
struct curves {
	double *v[4 * MAX_DOCS];
	bool *b[MAX_DOCS];
	size_t nv, nb;
};

static double *curve(struct curves *c, size_t n)
{
	double *p = calloc(n ? n : 1, sizeof(double));

	if (p && c->nv < 4 * MAX_DOCS)
		c->v[c->nv++] = p;
	else {
		free(p);
		p = NULL;
	}
	return p;
}

static void html_compare(struct html_page *pg, struct entry *e, size_t n, const char *kind, const struct table *t,
			 struct curves *cv)
{
	html_h2(pg, "summary", "Drives");
	html_table(pg, t, true);
	if (!strcmp(kind, "sweep")) {
		struct chart a = { .title = "Steady-state IOPS against over-provisioning", .xlabel = "OP (% of capacity held back)",
				   .ylabel = "steady IOPS", .x_from_zero = true, .y_from_zero = true,
				   .open_note = "hollow: steady state not reached" };
		struct chart w = { .title = "Write amplification against over-provisioning",
				   .xlabel = "OP (% of capacity held back)", .ylabel = "WA", .x_from_zero = true,
				   .y_from_zero = true, .open_note = "hollow: steady state not reached" };

		for (size_t i = 0; i < n; i++) {
			struct json_object *pts = jget(e[i].doc, "points");
			size_t m = jlen(pts);
			double *x = curve(cv, m), *y = curve(cv, m), *wa = curve(cv, m);
			bool *open = calloc(m ? m : 1, sizeof(bool)), anywa = false;

			if (!x || !y || !wa || !open || cv->nb == MAX_DOCS) {
				free(open);
				pg->error = -ENOMEM;
				return;
			}
			cv->b[cv->nb++] = open;
			for (size_t j = 0; j < m; j++) {
				x[j] = jnum(jidx(pts, j), "op_percent");
				y[j] = jnum(jidx(pts, j), "iops");
				wa[j] = jnum(jidx(pts, j), "waf");
				open[j] = !steady(jidx(pts, j));
				anywa |= isfinite(wa[j]);
			}
			a.series[a.nseries++] = (struct chart_series){ .label = e[i].label, .x = x, .y = y, .open = open,
								      .n = m, .markers = true, .color = (int)i };
			if (anywa)
				w.series[w.nseries++] = (struct chart_series){ .label = e[i].label, .x = x, .y = wa,
									      .open = open, .n = m, .markers = true,
									      .color = (int)i };
		}
		if (!w.nseries)
			w.empty = "no media-write counter on these drives";
		html_h2(pg, "iops-vs-op", "Steady IOPS against OP");
		html_chart(pg, "compare-iops-vs-op", &a, NULL);
		html_h2(pg, "wa-vs-op", "Write amplification against OP");
		html_chart(pg, "compare-wa-vs-op", &w, NULL);
	} else if (!strcmp(kind, "slc")) {
		struct chart a = { .title = "Sequential write speed against data written", .xlabel = "written (GB)",
				   .ylabel = "MB/s", .x_from_zero = true, .y_from_zero = true };

		for (size_t i = 0; i < n; i++) {
			struct json_object *smp = jget(jget(e[i].doc, "slc"), "samples");
			size_t m = jlen(smp);
			double *x = curve(cv, m), *y = curve(cv, m);

			if (!x || !y) {
				pg->error = -ENOMEM;
				return;
			}
			for (size_t j = 0; j < m; j++) {
				x[j] = jnum(jidx(smp, j), "written_bytes") / 1e9;
				y[j] = jnum(jidx(smp, j), "mbps");
			}
			a.series[a.nseries++] = (struct chart_series){ .label = e[i].label, .x = x, .y = y, .n = m,
								      .color = (int)i };
		}
		html_h2(pg, "slc-speed", "Write speed against data written");
		html_chart(pg, "compare-slc-speed", &a, NULL);
	} else if (!strcmp(kind, "run")) {
		struct chart a = { .title = "IOPS against queue depth", .xlabel = "queue depth", .ylabel = "IOPS",
				   .x_log2 = true, .y_from_zero = true };

		for (size_t i = 0; i < n; i++) {
			struct json_object *s = jget(e[i].doc, "series");
			size_t m = jlen(s);
			double *x = curve(cv, m), *y = curve(cv, m);

			if (!x || !y) {
				pg->error = -ENOMEM;
				return;
			}
			for (size_t j = 0; j < m; j++) {
				x[j] = jnum(jidx(s, j), "qd");
				y[j] = jnum(jidx(s, j), "iops");
			}
			a.series[a.nseries++] = (struct chart_series){ .label = e[i].label, .x = x, .y = y, .n = m,
								      .markers = true, .color = (int)i };
		}
		html_h2(pg, "iops-vs-qd", "IOPS against queue depth");
		html_chart(pg, "compare-iops-vs-qd", &a, NULL);
	}
}

int cmd_compare(int argc, char **argv)
{
	struct entry e[MAX_DOCS] = { 0 };
	const char *out = NULL, *png = NULL, *kind = NULL, *schema = NULL;
	struct html_page pg = { 0 };
	struct curves cv = { 0 };
	struct table t = { 0 };
	char err[4352];
	size_t n = 0;
	int rc = EXIT_USAGE;

	if ((rc = report_options(argc, argv, "compare", &out, &png)))
		return rc;
	rc = EXIT_USAGE;
	if (argc - optind < 2 || argc - optind > MAX_DOCS) {
		cli_error("compare needs 2 to %d RESULT.json files; see ssdprof compare --help", MAX_DOCS);
		return EXIT_USAGE;
	}
	if (png && !out) {
		cli_error("compare: --png goes with -o FILE");
		return EXIT_USAGE;
	}
	/* Schema versions first: a newer file is refused for its version, not as "not a result". */
	for (int i = optind; i < argc; i++) {
		struct json_object *d = json_object_from_file(argv[i]), *v;
		const char *s = d && json_object_object_get_ex(d, "schema", &v) && json_object_is_type(v, json_type_string)
					? json_object_get_string(v)
					: NULL;

		if (s && !strncmp(s, "ssdprof.result/", 15) && schema && strcmp(s, schema)) {
			cli_error("compare: %s is %s but %s is %s; compare results of one schema version", argv[optind],
				  schema, argv[i], s);
			json_object_put(d);
			goto out;
		}
		if (s && !schema)
			schema = strcmp(s, RESULT_SCHEMA) ? NULL : RESULT_SCHEMA;
		json_object_put(d);
	}
	for (int i = optind; i < argc; i++) {
		const char *k;

		if (report_load(argv[i], &e[n].doc, &k, err, sizeof(err))) {
			cli_error("compare: %s", err);
			goto out;
		}
		e[n].file = argv[i];
		n++;
		if (kind && strcmp(kind, k)) {
			cli_error("compare: %s is a %s result but %s is a %s result; compare results of one kind",
				  e[0].file, kind, argv[i], k);
			goto out;
		}
		kind = k;
	}
	/* Labels: the target as typed, the file too when two targets are spelled the same. */
	for (size_t i = 0; i < n; i++) {
		const char *p = jstr(jget(e[i].doc, "target"), "path");
		bool dup = false;

		for (size_t j = 0; j < n; j++)
			dup |= j != i && p && jstr(jget(e[j].doc, "target"), "path") &&
			       !strcmp(p, jstr(jget(e[j].doc, "target"), "path"));
		snprintf(e[i].label, sizeof(e[i].label), dup ? "%s (%s)" : "%s", p ? p : e[i].file, e[i].file);
	}

	if (!strcmp(kind, "sweep"))
		sweep_table(&t, e, n);
	else if (!strcmp(kind, "slc"))
		slc_table(&t, e, n);
	else
		run_table(&t, e, n, kind);
	table_print(&t, stdout, "");
	rc = EXIT_OK;
	if (out) {
		char title[64];

		snprintf(title, sizeof(title), "ssdprof compare: %zu %s results", n, kind);
		pg.want_png = png != NULL;
		html_begin(&pg, title);
		html_compare(&pg, e, n, kind, &t, &cv);
		html_end(&pg);
		if (report_write(out, &pg, png, NULL, kind, err, sizeof(err))) {
			cli_error("compare: %s", err);
			rc = EXIT_USAGE;
		} else {
			fprintf(stderr, "compare: %s\n", out);
		}
	}
out:
	table_free(&t);
	html_page_free(&pg);
	for (size_t i = 0; i < cv.nv; i++)
		free(cv.v[i]);
	for (size_t i = 0; i < cv.nb; i++)
		free(cv.b[i]);
	for (size_t i = 0; i < MAX_DOCS; i++)
		json_object_put(e[i].doc);
	chart_release_fonts();
	return rc;
}
