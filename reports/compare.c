/* SPDX-License-Identifier: MIT */
/*
 * compare: several drives' results of one kind side by side, as a table and,
 * on a page, every drive on the same charts (steady IOPS and WA against OP;
 * MB/s against data written; IOPS against queue depth).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "reports/compare.h"
#include "reports/html.h"
#include "reports/report.h"
#include "reports/report_parts.h"
#include "reports/report_qualify.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/qualify_json.h"
#include "util/escape.h"
#include "util/strbuf.h"
#include "results/result_json.h"

static bool steady(struct json_object *p)
{
	struct json_object *v = jget(jget(p, "steady_state"), "reached");

	return v && json_object_get_boolean(v);
}

/*
 * What a sweep wrote with: its access specification or block size, and its
 * offset skew when not uniform.  true for the plain case, random 4 KiB
 * writes at uniform offsets, the baseline a knee shift is stated against.
 */
static bool sweep_workload(struct json_object *doc, char *buf, size_t len)
{
	struct json_object *s = jget(doc, "settings");
	const char *name = jstr(s, "workload"), *dist = jstr(s, "random_dist");
	double bs = jnum(s, "bs");
	bool skew = dist && strcmp(dist, "uniform");
	int o;

	if (name)
		o = snprintf(buf, len, "%s", name);
	else if (isfinite(bs) && bs >= 1024 && fmod(bs, 1024) == 0)
		o = snprintf(buf, len, "%.0f KiB", bs / 1024);
	else
		o = snprintf(buf, len, isfinite(bs) ? "%.0f B" : "?", bs);
	if (skew && o >= 0 && (size_t)o < len)
		snprintf(buf + o, len - (size_t)o, ", %s", dist);
	return !name && !skew && bs == 4096;
}

/*
 * Two results of one drive: the same model and serial when both are known,
 * else the same target.  A simulated drive is its whole spec: every sim of a
 * preset has the one serial, whatever its keys.
 */
static bool same_drive(struct json_object *a, struct json_object *b)
{
	struct json_object *ta = jget(a, "target"), *tb = jget(b, "target");
	const char *ma = jstr(ta, "model"), *sa = jstr(ta, "serial"), *mb = jstr(tb, "model"), *sb = jstr(tb, "serial");
	const char *pa = jstr(ta, "path"), *pb = jstr(tb, "path"), *ka = jstr(ta, "kind");
	bool sim = ka && !strcmp(ka, "sim");

	if (ma && sa && mb && sb && !sim)
		return !strcmp(ma, mb) && !strcmp(sa, sb);
	return pa && pb && !strcmp(pa, pb);
}

bool compare_same_drive(struct json_object *a, struct json_object *b)
{
	return same_drive(a, b);
}

/*
 * The knee of sweep i against the same drive's uniform 4 KiB sweep in the
 * set, in OP points (+: the workload needs more spare); NAN when there is
 * none, or i is one.  *base receives that sweep's index.
 */
static double knee_shift(const struct compare_entry *e, size_t n, size_t i, size_t *base)
{
	char w[96];

	if (sweep_workload(e[i].doc, w, sizeof(w)))
		return NAN;
	for (size_t j = 0; j < n; j++) {
		if (j == i || !sweep_workload(e[j].doc, w, sizeof(w)) || !same_drive(e[i].doc, e[j].doc))
			continue;
		*base = j;
		return jnum(jget(e[i].doc, "knee"), "op_percent") - jnum(jget(e[j].doc, "knee"), "op_percent");
	}
	return NAN;
}

void compare_sweep_table(struct table *t, const struct compare_entry *e, size_t n)
{
	bool shaped = false;
	char w[96];

	/* Sweeps that all ran random 4 KiB writes keep the table they always had. */
	for (size_t i = 0; i < n; i++)
		shaped |= !sweep_workload(e[i].doc, w, sizeof(w));
	table_init(t, "Sweeps");
	table_cols(t, "drive", TA_LEFT, "points", TA_RIGHT, "steady", TA_RIGHT, "best IOPS", TA_RIGHT,
		   "at OP %", TA_RIGHT, "knee OP %", TA_RIGHT, "recommended OP %", TA_RIGHT,
		   "IOPS there", TA_RIGHT, "WA there", TA_RIGHT, "life years", TA_RIGHT, NULL);
	if (shaped)
		table_cols(t, "workload", TA_LEFT, "knee shift", TA_LEFT, NULL);
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
		rec = sweep_point_at(e[i].doc, jnum(knee, "recommended_op_percent"));
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
		/* The rated endurance over the daily writes times this WA (sweep --daily-writes); n/a unrated. */
		table_num(t, 9, jnum(jget(rec, "endurance"), "life_years"), 2);
		if (shaped) {
			size_t base = 0;
			double shift = knee_shift(e, n, i, &base);

			sweep_workload(e[i].doc, w, sizeof(w));
			table_cell(t, 10, "%s", w);
			/* Against the same drive's uniform 4 KiB sweep, named by its row. */
			if (isfinite(shift))
				table_cell(t, 11, "%+.2f points vs row %zu (uniform 4 KiB)", shift, base + 1);
		}
	}
}

void compare_slc_table(struct table *t, const struct compare_entry *e, size_t n)
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
		/* Not measured (a file or device probe knows no buffer) is n/a, not a blank. */
		table_num(t, 6, jnum(s, "write_buffer_bytes") / 1e9, 2);
	}
}

/* Runs, one row per series; or preconditions, one row per drive. */
static void runs_table(struct table *t, const struct compare_entry *e, size_t n, bool pc)
{
	bool mixed = false;

	table_init(t, pc ? "Preconditioning" : "Runs");
	table_col(t, "drive", TA_LEFT);
	table_col(t, pc ? "steady" : "QD", pc ? TA_LEFT : TA_RIGHT);
	table_cols(t, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT, "p99 µs", TA_RIGHT,
		   "WA", TA_RIGHT, NULL);
	/* Mixed runs add their reads and writes apart; other runs keep the table they had. */
	for (size_t i = 0; !pc && !mixed && i < n; i++)
		for (size_t j = 0; j < jlen(jget(e[i].doc, "series")); j++)
			mixed |= jget(jidx(jget(e[i].doc, "series"), j), "read") != NULL;
	if (mixed)
		table_cols(t, "read IOPS", TA_RIGHT, "read MB/s", TA_RIGHT, "read p99 µs", TA_RIGHT,
			   "write IOPS", TA_RIGHT, "write MB/s", TA_RIGHT, "write p99 µs", TA_RIGHT, NULL);
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
			for (size_t k = 0; mixed && k < 2; k++) {
				struct json_object *d = jget(r, k ? "write" : "read");

				table_num(t, 7 + 3 * k, jnum(d, "iops"), 0);
				table_num(t, 8 + 3 * k, jnum(d, "mbps"), 1);
				table_num(t, 9 + 3 * k, jnum(jget(d, "lat_us"), "p99"), 1);
			}
		}
	}
}

void compare_run_table(struct table *t, const struct compare_entry *e, size_t n)
{
	runs_table(t, e, n, false);
}

void compare_precondition_table(struct table *t, const struct compare_entry *e, size_t n)
{
	runs_table(t, e, n, true);
}

/* Drive i's knee as a marked position in its colour, labelled with its place in the set when there are several. */
static void knee_mark(struct plot *p, struct json_object *doc, int i, size_t n)
{
	double op = jnum(jget(doc, "knee"), "op_percent");

	if (!isfinite(op) || p->c.nvlines >= CHART_MAX_VLINES)
		return;
	if (n > 1)
		snprintf(p->vlabel[p->c.nvlines], sizeof(p->vlabel[0]), "%d: knee %g%%", i + 1, op);
	else
		snprintf(p->vlabel[p->c.nvlines], sizeof(p->vlabel[0]), "knee %g%%", op);
	p->c.vlines[p->c.nvlines] = (struct chart_vline){ op, p->vlabel[p->c.nvlines], true, i };
	p->c.nvlines++;
}

void compare_sweep_charts(struct html_page *pg, const struct compare_entry *e, size_t n)
{
	/* A log axis: a drive with a tenth of another's IOPS keeps the shape of its curve. */
	struct plot a = { .c = { .title = "Steady-state IOPS against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "steady IOPS (log scale)",
				 .x_from_zero = true, .y_log10 = true, .open_note = "hollow: steady state not reached" } };
	struct plot w = { .c = { .title = "Write amplification against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "WA", .x_from_zero = true,
				 .y_from_zero = true, .open_note = "hollow: steady state not reached" } };

	for (size_t i = 0; i < n; i++) {
		struct json_object *pts = jget(e[i].doc, "points");
		size_t m = jlen(pts);
		struct chart_series *s, *sw = NULL;
		double *x, *y, *wx, *wy;
		bool *open, *wopen, anywa = false;

		for (size_t j = 0; j < m; j++)
			anywa |= isfinite(jnum(jidx(pts, j), "waf"));
		s = plot_line(&a, m, &x, &y, &open);
		if (s && anywa)
			sw = plot_line(&w, m, &wx, &wy, &wopen);
		if (!s || (anywa && !sw)) {
			pg->error = -ENOMEM;
			plot_free(&a);
			plot_free(&w);
			return;
		}
		for (size_t j = 0; j < m; j++) {
			x[j] = jnum(jidx(pts, j), "op_percent");
			y[j] = jnum(jidx(pts, j), "iops");
			open[j] = !steady(jidx(pts, j));
		}
		*s = (struct chart_series){ .label = e[i].label, .x = x, .y = y, .open = open, .n = m,
					    .markers = true, .color = (int)i };
		knee_mark(&a, e[i].doc, (int)i, n);
		if (!sw)
			continue;
		for (size_t j = 0; j < m; j++) {
			wx[j] = x[j];
			wy[j] = jnum(jidx(pts, j), "waf");
			wopen[j] = open[j];
		}
		*sw = (struct chart_series){ .label = e[i].label, .x = wx, .y = wy, .open = wopen, .n = m,
					     .markers = true, .color = (int)i };
	}
	if (!w.c.nseries)
		w.c.empty = "no media-write counter on these drives";
	html_h2(pg, "iops-vs-op", "Steady IOPS against OP");
	html_note(pg, "note", "The IOPS axis is logarithmic: equal ratios are equal heights, so a small drive's "
		  "curve keeps its shape beside a large one's.  Each drive's knee is marked in its colour, numbered by "
		  "its row in the table.");
	plot_show(pg, "compare-iops-vs-op", &a, NULL);
	html_h2(pg, "wa-vs-op", "Write amplification against OP");
	plot_show(pg, "compare-wa-vs-op", &w, NULL);
}

/* One line per drive through arr[i], the array each document plots: x and y at their paths. */
static void drive_lines(struct html_page *pg, struct plot *p, const struct compare_entry *e,
			struct json_object *const *arr, size_t n, const char *xpath, double xdiv, const char *ypath,
			bool markers)
{
	for (size_t i = 0; i < n; i++) {
		struct chart_series *s = line_of(p, arr[i], NULL, NAN, xpath, xdiv, ypath);

		if (!s) {
			pg->error = pg->error ? pg->error : -ENOMEM;
			return;
		}
		s->label = e[i].label;
		s->markers = markers;
		s->color = (int)i;
	}
}

void compare_slc_charts(struct html_page *pg, const struct compare_entry *e, size_t n)
{
	struct plot a = { .c = { .title = "Sequential write speed against data written", .xlabel = "written (GB)",
				 .ylabel = "MB/s", .x_from_zero = true, .y_from_zero = true } };
	struct json_object *arr[COMPARE_MAX];

	for (size_t i = 0; i < n; i++)
		arr[i] = jget(jget(e[i].doc, "slc"), "samples");
	drive_lines(pg, &a, e, arr, n, "written_bytes", 1e9, "mbps", false);
	if (pg->error) {
		plot_free(&a);
		return;
	}
	html_h2(pg, "slc-speed", "Write speed against data written");
	plot_show(pg, "compare-slc-speed", &a, NULL);
}

void compare_run_charts(struct html_page *pg, const struct compare_entry *e, size_t n)
{
	struct plot a = { .c = { .title = "IOPS against queue depth", .xlabel = "queue depth", .ylabel = "IOPS",
				 .x_log2 = true, .y_from_zero = true } };
	struct json_object *arr[COMPARE_MAX];

	for (size_t i = 0; i < n; i++)
		arr[i] = jget(e[i].doc, "series");
	drive_lines(pg, &a, e, arr, n, "qd", 1, "iops", true);
	if (pg->error) {
		plot_free(&a);
		return;
	}
	html_h2(pg, "iops-vs-qd", "IOPS against queue depth");
	plot_show(pg, "compare-iops-vs-qd", &a, NULL);
}

/* Schema versions first: a newer file is refused for its version, not as "not a result". */
static int same_schema(char *const *files, size_t n, char *err, size_t errlen)
{
	const char *schema = NULL;

	for (size_t i = 0; i < n; i++) {
		struct json_object *d = NULL, *v;
		char why[512];
		const char *s;

		/* A file that does not parse is refused by report_load below, with its reason. */
		report_read_json(files[i], &d, why, sizeof(why));
		s = d && json_object_object_get_ex(d, "schema", &v) && json_object_is_type(v, json_type_string)
					? json_object_get_string(v)
					: NULL;

		if (s && !strncmp(s, "ssdprof.result/", 15) && schema && strcmp(s, schema)) {
			char q0[1024], qi[1024], qs[ESCAPE_BUF_SIZE];

			snprintf(err, errlen, "%s is %s but %s is %s; compare results of one schema version",
				 escape_arg(q0, sizeof(q0), files[0]), schema, escape_arg(qi, sizeof(qi), files[i]),
				 escape_arg(qs, sizeof(qs), s));
			json_object_put(d);
			return -EINVAL;
		}
		if (s && !schema)
			schema = strcmp(s, RESULT_SCHEMA) ? NULL : RESULT_SCHEMA;
		json_object_put(d);
	}
	return 0;
}

int compare_load(struct compare_set *set, char *const *files, size_t n, char *err, size_t errlen)
{
	struct compare_entry *e = set->e;
	char *paths[COMPARE_MAX];
	int ret;

	*set = (struct compare_set){ 0 };
	/* pts all folders: their tests' results, compared test by test (compare_pts.c). */
	ret = compare_pts_folders(set, files, n, err, errlen);
	if (ret < 0)
		return ret;
	if (ret > 0)
		return 0;
	if (n > COMPARE_MAX) {
		snprintf(err, errlen, "at most %d results", COMPARE_MAX);
		return -EINVAL;
	}
	/*
	 * A result's folder, as report takes one (a pts all folder's DIR/TEST):
	 * its result.json, when it holds one; else the loader names the folder.
	 */
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		paths[i] = files[i];
		if (stat(files[i], &st) || !S_ISDIR(st.st_mode))
			continue;
		if (asprintf(&e[i].owned, "%s/result.json", files[i]) < 0) {
			e[i].owned = NULL;
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		if (stat(e[i].owned, &st) || !S_ISREG(st.st_mode)) {
			free(e[i].owned);
			e[i].owned = NULL;
			continue;
		}
		paths[i] = e[i].owned;
	}
	files = paths;
	ret = same_schema(files, n, err, errlen);
	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		const struct report_kind *k;

		ret = report_load(files[i], &e[i].doc, &k, err, errlen);
		if (ret)
			return ret;
		e[i].file = files[i];
		set->n++;
		if (set->kind && set->kind != k) {
			char q0[1024], qi[1024];

			snprintf(err, errlen, "%s is a %s result but %s is a %s result; compare results of one kind",
				 escape_arg(q0, sizeof(q0), e[0].file), set->kind->info->name, escape_arg(qi, sizeof(qi), files[i]),
				 k->info->name);
			return -EINVAL;
		}
		set->kind = k;
	}
	if (set->kind == report_kind_of(RESULT_KIND_PTS) && (ret = compare_pts_check(e, n, err, errlen)))
		return ret;
	/* Labels: the target as typed, the file too when two targets are spelled the same. */
	for (size_t i = 0; i < n; i++) {
		const char *p = jstr(jget(e[i].doc, "target"), "path");
		bool dup = false;

		for (size_t j = 0; j < n; j++)
			dup |= j != i && p && jstr(jget(e[j].doc, "target"), "path") &&
			       !strcmp(p, jstr(jget(e[j].doc, "target"), "path"));
		snprintf(e[i].label, sizeof(e[i].label), dup ? "%s (%s)" : "%s", p ? p : e[i].file, e[i].file);
	}
	return 0;
}

void compare_table(const struct compare_set *set, struct table *t)
{
	set->kind->compare_table(t, set->e, set->n);
}

void partial_results_banner(struct html_page *pg, struct json_object *const *docs, const char *const *names, size_t n,
			    const struct report_kind *kind)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < n; i++) {
		struct strbuf why = { 0 };

		partial_reason(&why, docs[i], kind);
		if (why.len)
			sb_printf(&b, "%s%s: %s", b.len ? " " : "", names[i], why.p);
		b.err = b.err ? b.err : why.err;
		sb_free(&why);
	}
	if (b.err)
		pg->error = pg->error ? pg->error : b.err;
	else if (b.len)
		html_banner(pg, "partial", "Partial results: some figures below are not the whole measurement.", b.p);
	sb_free(&b);
}

/* The page opens with a banner naming each result that is partial, and why. */
static void compare_partial_banner(struct html_page *pg, const struct compare_set *set)
{
	struct json_object *docs[COMPARE_MAX];
	const char *names[COMPARE_MAX];

	for (size_t i = 0; i < set->n; i++) {
		docs[i] = set->e[i].doc;
		names[i] = set->e[i].label;
	}
	partial_results_banner(pg, docs, names, set->n, set->kind);
}

/* What each figure --rank-by knows is, for the page. */
static const struct {
	const char *name, *what;
	int decimals;
} figures[] = {
	{ "steady_iops", "steady IOPS at each drive's chosen OP", 0 },
	{ "p99_9_write_us", "p99.9 write latency (µs) at each drive's chosen OP, lower is better", 1 },
	{ "post_cache_mbps", "MB/s once the SLC cache is full", 1 },
	{ "life_years", "projected life (years) at each drive's chosen OP", 2 },
	{ "qd1_read_us", "QD1 mean read latency (µs), lower is better", 1 },
	{ "qd1_write_us", "QD1 mean write latency (µs), lower is better", 1 },
	{ "read_iops", "the best random-read IOPS of the QD curve", 0 },
};

/* The drives ranked by one figure: best first, the not measured left out. */
struct ranking {
	const char *name, *what;
	int decimals;
	size_t order[COMPARE_MAX], n;
	double v[COMPARE_MAX];
	bool lower;
};

/* --rank-by's figure, else the kind's own (sweeps: steady IOPS; slc: post-cache MB/s); false when none is measured. */
static bool rank_drives(const struct compare_set *set, struct ranking *r)
{
	const char *kind = set->kind->info->name, *name = set->rank_by;

	if (!name)
		name = !strcmp(kind, "sweep") ? "steady_iops" : !strcmp(kind, "slc") ? "post_cache_mbps"
			: !strcmp(kind, "run") ? "read_iops" : NULL;
	*r = (struct ranking){ .name = name };
	for (size_t k = 0; name && k < sizeof(figures) / sizeof(figures[0]); k++)
		if (!strcmp(figures[k].name, name)) {
			r->what = figures[k].what;
			r->decimals = figures[k].decimals;
		}
	for (size_t i = 0; r->what && i < set->n; i++) {
		double v;
		size_t j;

		if (compare_figure(set->e[i].doc, name, &v, &r->lower) || isnan(v))
			continue;
		/* Insertion, stable: ties keep the order given. */
		for (j = r->n; j > 0 && (r->lower ? v < r->v[j - 1] : v > r->v[j - 1]); j--) {
			r->v[j] = r->v[j - 1];
			r->order[j] = r->order[j - 1];
		}
		r->v[j] = v;
		r->order[j] = i;
		r->n++;
	}
	return r->n > 0;
}

void answer_of(struct html_page *pg, struct strbuf *head, struct strbuf *why, struct strbuf *cost)
{
	if (head->err || why->err || cost->err)
		pg->error = pg->error ? pg->error : -ENOMEM;
	else
		html_answer(pg, head->p, why->p, cost->p);
	sb_free(head);
	sb_free(why);
	sb_free(cost);
}

/* The answer the page opens with: the best drive by the figure, against the next; what the sweeps held back for it. */
static void compare_answer(struct html_page *pg, const struct compare_set *set, const struct ranking *r)
{
	struct strbuf head = { 0 }, why = { 0 }, cost = { 0 };
	bool sweep = !strcmp(set->kind->info->name, "sweep");

	sb_printf(&head, "Best by %s: %s, %.*f", r->name, set->e[r->order[0]].label, r->decimals, r->v[0]);
	if (r->n > 1 && r->v[1] != 0)
		sb_printf(&head, " (%.2f× the next, %s, %.*f)", r->v[0] / r->v[1], set->e[r->order[1]].label,
			  r->decimals, r->v[1]);
	sb_printf(&why, "Ranked by %s:", r->what);
	for (size_t k = 0; k < r->n; k++)
		sb_printf(&why, "%s %zu. %s %.*f", k ? ";" : "", k + 1, set->e[r->order[k]].label, r->decimals, r->v[k]);
	if (r->n < set->n)
		sb_printf(&why, "; %zu not measured", set->n - r->n);
	sb_add(&why, ".");
	for (size_t k = 0; sweep && k < r->n; k++) {
		struct json_object *doc = set->e[r->order[k]].doc;

		sb_printf(&cost, "%s%s %g%%", k ? ", " : "Capacity held back for it (each drive's chosen OP): ",
			  set->e[r->order[k]].label, qualify_chosen_op(doc));
	}
	if (cost.len)
		sb_add(&cost, ".");
	answer_of(pg, &head, &why, &cost);
}

/* The ranking as bars, best first, each in its drive's colour on the other charts. */
static void compare_rank_chart(struct html_page *pg, const struct compare_set *set, const struct ranking *r)
{
	struct plot *p = calloc(1, sizeof(*p));
	const char *names[COMPARE_MAX];
	double x[COMPARE_MAX];
	int colors[COMPARE_MAX];
	char title[160];

	if (!p) {
		pg->error = pg->error ? pg->error : -ENOMEM;
		return;
	}
	snprintf(title, sizeof(title), "Drives ranked by %s%s", r->name, r->lower ? " (lower is better)" : "");
	p->c = (struct chart){ .title = title, .ylabel = r->name, .y_from_zero = true, .x_names = names,
			       .nx_names = r->n };
	for (size_t k = 0; k < r->n; k++) {
		names[k] = set->e[r->order[k]].label;
		x[k] = (double)k + 1;
		colors[k] = (int)r->order[k];
	}
	p->c.series[p->c.nseries++] = (struct chart_series){ .x = x, .y = r->v, .n = r->n, .bars = true,
							      .decimals = r->decimals, .bar_colors = colors };
	/* The legend names each bar's drive in full: a long name is cut under its bar. */
	for (size_t k = 0; k < r->n; k++)
		p->c.series[p->c.nseries++] = (struct chart_series){ .label = names[k], .x = x, .y = r->v,
								      .color = colors[k] };
	html_h2(pg, "ranked", "Ranked");
	plot_show(pg, "compare-ranked", p, NULL);
	free(p);
}

int compare_make(const struct compare_set *set, const struct table *t, const char *out, const char *png_dir,
		 FILE *say, char *err, size_t errlen)
{
	struct html_page pg = { 0 };
	struct ranking r;
	char title[64];
	int ret;

	snprintf(title, sizeof(title), "ssdprof compare: %zu %s results", set->n, set->kind->info->name);
	pg.want_png = png_dir != NULL;
	html_begin(&pg, title);
	compare_partial_banner(&pg, set);
	/* The answer first, then the ranking it rests on, then the details. */
	if (rank_drives(set, &r)) {
		compare_answer(&pg, set, &r);
		compare_rank_chart(&pg, set, &r);
	}
	html_h2(&pg, "summary", "Drives");
	html_table(&pg, t, true);
	if (set->kind->compare_charts)
		set->kind->compare_charts(&pg, set->e, set->n);
	html_end(&pg);
	ret = report_write(out, &pg, png_dir, NULL, set->kind, say, err, errlen);
	html_page_free(&pg);
	return ret;
}

void compare_free(struct compare_set *set)
{
	for (size_t i = 0; i < COMPARE_MAX; i++) {
		json_object_put(set->e[i].doc);
		free(set->e[i].owned);
	}
	*set = (struct compare_set){ 0 };
}
