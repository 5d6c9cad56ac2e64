/* SPDX-License-Identifier: MIT */
/*
 * compare of pts results (docs/pts_report.md): drives' results of one test
 * figure against figure (the 56 cells of the IOPS matrix, each latency
 * cell's mean and five nines, ...), each drive a letter, B/A the ratio of
 * each to the first; test by test when `pts all` folders are compared.  On
 * the terminal in its width, and on the page with each test's curves
 * overlaid, a colour per drive.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
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
#include "reports/term.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/text.h"

/* The most figures of one test: the IOPS matrix's 56 and room for a longer one. */
#define PTS_ROWS 128

/* The drives of a test are letters; B/A is each figure against the first drive's. */
static const char *const letter[COMPARE_MAX] = { "A", "B", "C", "D", "E", "F", "G", "H",
						 "I", "J", "K", "L", "M", "N", "O", "P" };
static const char *const ratio[COMPARE_MAX] = { "", "B/A", "C/A", "D/A", "E/A", "F/A", "G/A", "H/A",
						"I/A", "J/A", "K/A", "L/A", "M/A", "N/A", "O/A", "P/A" };

/* A figure of one document: what it is, its value (NAN: not measured), its decimals. */
struct prow {
	char label[48];
	double v;
	int dec;
	bool no_ratio;   /* a change in points (HIR's gain, %): no ratio */
};

struct prows {
	struct prow r[PTS_ROWS];
	size_t n;
};

static void add(struct prows *p, double v, int dec, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add(struct prows *p, double v, int dec, const char *fmt, ...)
{
	va_list ap;

	if (p->n == PTS_ROWS)
		return;
	va_start(ap, fmt);
	vsnprintf(p->r[p->n].label, sizeof(p->r[p->n].label), fmt, ap);
	va_end(ap);
	p->r[p->n].v = v;
	p->r[p->n++].dec = dec;
}

/* A cell's name: "65/35 4k", "read 1024k" (sequential), "snia-cbw", "T16 Q8". */
static void cell_name(char *buf, size_t len, struct json_object *c)
{
	const char *rw = jstr(c, "rw");

	if (jstr(c, "workload"))
		snprintf(buf, len, "%s", jstr(c, "workload"));
	else if (jnum(c, "threads") > 0)
		snprintf(buf, len, "T%g Q%g", jnum(c, "threads"), jnum(c, "thread_qd"));
	else if (rw && (!strcmp(rw, "read") || !strcmp(rw, "write")))
		snprintf(buf, len, "%s %gk", rw, jnum(c, "bs") / 1024);
	else
		snprintf(buf, len, "%g/%g %gk", jnum(c, "read_pct"), 100 - jnum(c, "read_pct"), jnum(c, "bs") / 1024);
}

/* The figures of the cells of every stage (DIRTH: its steady stage only; the pass is its points). */
static void cell_rows(struct prows *p, struct json_object *pts, const char *test)
{
	struct json_object *stages = jget(pts, "stages");
	bool iops = !strcmp(test, "iops"), lat = !strcmp(test, "latency"), tp = !strcmp(test, "throughput");
	char c[40];

	for (size_t i = 0; i < jlen(stages) && (i == 0 || strcmp(test, "dirth")); i++)
		for (size_t k = 0; k < jlen(jget(jidx(stages, i), "cells")); k++) {
			struct json_object *x = jidx(jget(jidx(stages, i), "cells"), k);

			cell_name(c, sizeof(c), x);
			if (tp) {
				add(p, jnum(x, "mbps"), 1, "%s MB/s", c);
				continue;
			}
			if (!lat)
				add(p, jnum(x, "iops"), 0, iops ? "%s" : "%s IOPS", c);
			if (iops)
				continue;
			add(p, jat(x, "lat_us/mean"), 1, "%s mean µs", c);
			add(p, jat(x, "lat_us/" LAT_KEY_P99999), 1, "%s 99.999%% µs", c);
		}
}

static void series_rows(struct prows *p, struct json_object *pts, const char *test)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	bool xsr = !strcmp(test, "xsr");

	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);
		const char *name = text_or_na(jstr(ph, "name"));

		add(p, jnum(ph, "iops"), 0, "%s IOPS", name);
		if (xsr) {
			add(p, jnum(ph, "level_iops"), 0, "%s end IOPS", name);
			add(p, jnum(ph, "settle_s"), 1, "%s settle s", name);
		} else if (!strcmp(test, "wsat")) {
			add(p, jat(ph, "lat_us/mean"), 1, "%s mean µs", name);
			add(p, jat(ph, "lat_us/" LAT_KEY_P99999), 1, "%s 99.999%% µs", name);
			add(p, jat(ph, "lat_us/max"), 1, "%s max µs", name);
		}
	}
}

static void dirth_rows(struct prows *p, struct json_object *pts)
{
	struct json_object *points = jget(jget(pts, "dirth"), "points");
	struct json_object *pass = jget(jidx(jget(pts, "stages"), 1), "cells");

	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *pt = jidx(points, i), *cell = jidx(pass, (size_t)jnum(pt, "cell"));
		const char *name = text_or_na(jstr(pt, "point"));

		add(p, jnum(pt, "iops"), 0, "%s point IOPS", name);
		add(p, jat(pt, "lat_us/mean"), 1, "%s point mean µs", name);
		add(p, jat(pt, "lat_us/" LAT_KEY_P99999), 1, "%s point 99.999%% µs", name);
		add(p, jnum(cell, "qd"), 0, "%s point T x Q", name);
	}
}

/* Every figure of doc that compare sets against the other drives', by test. */
static void doc_rows(struct prows *p, struct json_object *doc)
{
	struct json_object *pts = jget(doc, "pts");
	const char *test = text_or_na(jstr(pts, "test"));
	struct pts_headline h;

	p->n = 0;
	pts_headline(doc, &h);
	if (!strcmp(test, "wsat"))
		add(p, h.figure, 0, "end IOPS");
	if (!strcmp(test, "hir"))
		add(p, jnum(jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0), "iops"), 0, "steady IOPS");
	if (jget(pts, "series"))
		series_rows(p, pts, test);
	else
		cell_rows(p, pts, test);
	if (!strcmp(test, "dirth"))
		dirth_rows(p, pts);
}

/* The entries of set whose test is test, in order: their indexes in idx; how many. */
static size_t of_test(const struct compare_entry *e, size_t n, const char *test, size_t *idx)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(text_or_na(jstr(jget(e[i].doc, "pts"), "test")), test))
			idx[m++] = i;
	return m;
}

/* The tests of the set, each once, in the spec's order. */
static size_t tests_of(const struct compare_entry *e, size_t n, const char **tests)
{
	size_t m = 0;

	for (size_t rank = 0; rank <= PTS_SUITE_MAX; rank++)
		for (size_t i = 0; i < n; i++) {
			const char *t = text_or_na(jstr(jget(e[i].doc, "pts"), "test"));
			bool had = false;

			for (size_t k = 0; k < m; k++)
				had |= !strcmp(tests[k], t);
			if (!had && pts_test_rank(t) == rank)
				tests[m++] = t;
		}
	return m;
}

/* The figures of m drives side by side: a row per figure of any of them, A, B, B/A, ... */
static void side_by_side(struct table *t, const char *caption, struct prows *rows, size_t m)
{
	bool ratios = 1 + 2 * m - 1 <= TABLE_MAX_COLS;

	table_init(t, caption);
	table_col(t, "figure", TA_LEFT);
	for (size_t d = 0; d < m; d++) {
		table_col(t, letter[d], TA_RIGHT);
		if (d && ratios)
			table_col(t, ratio[d], TA_RIGHT);
	}
	/* The rows of every drive, each label once, in the order the drives give them. */
	for (size_t d = 0; d < m; d++)
		for (size_t r = 0; r < rows[d].n; r++) {
			const struct prow *pr = &rows[d].r[r];
			bool seen = false;
			double a = NAN;

			for (size_t e = 0; e < d && !seen; e++)
				for (size_t k = 0; k < rows[e].n && !seen; k++)
					seen = !strcmp(rows[e].r[k].label, pr->label);
			if (seen)
				continue;
			table_row(t);
			table_cell(t, 0, "%s", pr->label);
			for (size_t e = 0, col = 1; e < m; e++) {
				double v = NAN;

				for (size_t k = 0; k < rows[e].n; k++)
					if (!strcmp(rows[e].r[k].label, pr->label))
						v = rows[e].r[k].v;
				table_num(t, col++, v, pr->dec);
				if (!e)
					a = v;
				else if (ratios && isfinite(a) && isfinite(v) && a != 0 && !pr->no_ratio)
					table_cell(t, col++, "%.2f", v / a);
				else if (ratios)
					table_num(t, col++, NAN, 2);
			}
		}
}

/* The table of the drives of test (idx, m of them), with its caption in cap. */
static void test_table(struct table *t, char *cap, size_t caplen, const struct compare_entry *e, const size_t *idx,
		       size_t m, const char *test)
{
	struct prows *rows = calloc(m ? m : 1, sizeof(*rows));

	snprintf(cap, caplen, "pts %s: each figure per drive, and against drive A", test);
	if (!rows) {
		table_init(t, cap);
		t->failed = true;
		return;
	}
	for (size_t d = 0; d < m; d++)
		doc_rows(&rows[d], e[idx[d]].doc);
	side_by_side(t, cap, rows, m);
	free(rows);
}

/*
 * pts all folders compared: each test's headline (pts_headline) per folder,
 * a folder being the entries of one suite number; false (t untouched) for one test.
 */
static bool headline_table(struct table *t, const struct compare_entry *e, size_t n)
{
	size_t groups[COMPARE_MAX];
	struct prows *rows;
	size_t m = 0, nt;
	const char *tests[PTS_SUITE_MAX + 1];

	if ((nt = tests_of(e, n, tests)) < 2 || !(rows = calloc(COMPARE_MAX, sizeof(*rows))))
		return false;
	for (size_t i = 0; i < n; i++) {
		struct pts_headline h;
		size_t d = 0;

		while (d < m && groups[d] != e[i].suite)
			d++;
		if (d == m)
			groups[m++] = e[i].suite;
		pts_headline(e[i].doc, &h);
		add(&rows[d], h.figure, !strcmp(h.unit, "IOPS") ? 0 : 1, "%s %s (%s)", h.test, h.what, h.unit);
		if (rows[d].n)
			rows[d].r[rows[d].n - 1].no_ratio = !strcmp(h.unit, "%");
	}
	side_by_side(t, "pts: each test's headline figure per drive, and against drive A", rows, m);
	free(rows);
	return true;
}

int compare_pts_check(const struct compare_entry *e, size_t n, char *err, size_t errlen)
{
	const char *t0 = text_or_na(jstr(jget(e[0].doc, "pts"), "test"));

	for (size_t i = 1; i < n; i++) {
		const char *ti = text_or_na(jstr(jget(e[i].doc, "pts"), "test"));

		if (strcmp(t0, ti)) {
			char q0[1024], qi[1024];

			snprintf(err, errlen, "%s is the pts %s test but %s is the %s test; compare results of one "
				 "test (or pts all folders, test by test)", escape_arg(q0, sizeof(q0), e[0].file), t0,
				 escape_arg(qi, sizeof(qi), e[i].file), ti);
			return -EINVAL;
		}
	}
	return 0;
}

int compare_pts_folders(struct compare_set *set, char *const *files, size_t n, char *err, size_t errlen)
{
	size_t folders = 0;
	char q[1024];
	int ret = 0;

	for (size_t i = 0; i < n; i++)
		folders += pts_suite_wanted(files + i, 1);
	if (!folders)
		return 0;
	if (folders != n) {
		snprintf(err, errlen, "give pts all folders only, or result files only: %s is %s",
			 escape_arg(q, sizeof(q), files[0]), pts_suite_wanted(files, 1) ? "a folder" : "a file");
		return -EINVAL;
	}
	set->kind = report_kind_of(RESULT_KIND_PTS);
	for (size_t i = 0; i < n && !ret; i++) {
		struct pts_suite s;

		ret = pts_suite_load(&s, files + i, 1, err, errlen);
		if (!ret && set->n + s.n > COMPARE_MAX) {
			snprintf(err, errlen, "at most %d results: compare fewer folders, or name one test's results",
				 COMPARE_MAX);
			ret = -E2BIG;
		}
		for (size_t k = 0; !ret && k < s.n; k++) {
			struct compare_entry *e = &set->e[set->n++];

			e->doc = s.doc[k];
			e->owned = s.file[k];
			e->file = e->owned;
			e->suite = i + 1;
			/* The folder as typed and the drive: the tests of one folder share it. */
			snprintf(e->label, sizeof(e->label), "%s: %s", files[i],
				 text_or_na(jstr(jget(e->doc, "target"), "path")));
			s.doc[k] = NULL;
			s.file[k] = NULL;
		}
		pts_suite_free(&s);
	}
	return ret ? ret : 1;
}

/* "A: label" per drive (the entries idx, or with idx NULL each distinct label), wrapped in width. */
static void legend(FILE *f, const struct compare_entry *e, size_t n, const size_t *idx, int width)
{
	char line[256];

	for (size_t i = 0, d = 0; i < n; i++) {
		const char *label = e[idx ? idx[i] : i].label;
		bool seen = false;

		for (size_t j = 0; !idx && j < i; j++)
			seen |= e[j].suite == e[i].suite;
		if (seen)
			continue;
		snprintf(line, sizeof(line), "%s: %s", letter[d++], label);
		text_wrap_print(f, line, width, 0, 3);
	}
}

void term_compare_pts(FILE *f, const struct compare_set *set, int width)
{
	const char *tests[PTS_SUITE_MAX + 1];
	size_t nt = tests_of(set->e, set->n, tests), idx[COMPARE_MAX];
	char cap[96];
	struct table h;

	/* To a pipe too: every line in 80 columns. */
	width = width > 0 ? width : 80;
	if (headline_table(&h, set->e, set->n)) {
		fprintf(f, "\n%s\n", h.caption);
		term_table(f, &h, "", width);
		table_free(&h);
		legend(f, set->e, set->n, NULL, width);
	}
	for (size_t k = 0; k < nt; k++) {
		size_t m = of_test(set->e, set->n, tests[k], idx);
		struct table t;

		test_table(&t, cap, sizeof(cap), set->e, idx, m, tests[k]);
		fprintf(f, "\n%s\n", cap);
		term_table(f, &t, "", width);
		table_free(&t);
		legend(f, set->e, m, idx, width);
	}
}

/* Each drive's line of IOPS (or ykey) against block size for the mix read_pct, in its colour (dashed: reads). */
static void by_size(struct plot *p, const struct compare_entry *e, const size_t *idx, size_t m, double read_pct,
		    const char *ykey)
{
	for (size_t d = 0; d < m; d++) {
		struct json_object *cells = jget(jidx(jget(jget(e[idx[d]].doc, "pts"), "stages"), 0), "cells");
		struct chart_series *s = line_of(p, cells, "read_pct", read_pct, "bs", 1024, ykey);

		if (!s)
			continue;
		snprintf(plot_label(p, s), PLOT_LABEL, "%s %g/%g", letter[d], read_pct, 100 - read_pct);
		s->label = plot_label(p, s);
		s->markers = true;
		s->color = (int)d;
		s->dashed = read_pct > 0;
	}
}

/* Each drive's samples of a time-series test: ykey against xkey / xdiv, one line over its phases. */
static void samples_lines(struct plot *p, const struct compare_entry *e, const size_t *idx, size_t m,
			  const char *xkey, double xdiv, const char *ykey)
{
	for (size_t d = 0; d < m; d++) {
		struct json_object *sm = jget(jget(jget(e[idx[d]].doc, "pts"), "series"), "samples");
		struct json_object *xs = jget(sm, xkey), *ys = jget(sm, ykey);
		size_t n = jlen(xs) < jlen(ys) ? jlen(xs) : jlen(ys);
		struct chart_series *s;
		double *x, *y;

		if (!n || !(s = plot_line(p, n, &x, &y, NULL)))
			continue;
		for (size_t k = 0; k < n; k++) {
			x[k] = jidx(xs, k) && !json_object_is_type(jidx(xs, k), json_type_null)
				       ? json_object_get_double(jidx(xs, k)) / xdiv : NAN;
			y[k] = jidx(ys, k) && !json_object_is_type(jidx(ys, k), json_type_null)
				       ? json_object_get_double(jidx(ys, k)) : NAN;
		}
		snprintf(plot_label(p, s), PLOT_LABEL, "%s: %.80s", letter[d], e[idx[d]].label);
		s->label = plot_label(p, s);
		s->markers = n <= 400;
		s->color = (int)d;
	}
}

/* DIRTH: each drive's demand intensity at the thread count of its max IOPS point (mean response time against IOPS). */
static void dirth_lines(struct plot *p, const struct compare_entry *e, const size_t *idx, size_t m)
{
	for (size_t d = 0; d < m; d++) {
		struct json_object *pts = jget(e[idx[d]].doc, "pts"), *pass = jget(jidx(jget(pts, "stages"), 1), "cells");
		struct json_object *points = jget(jget(pts, "dirth"), "points"), *max = NULL;
		struct chart_series *s;
		double threads = NAN;

		for (size_t i = 0; i < jlen(points) && !max; i++)
			if (jstr(jidx(points, i), "point") && !strcmp(jstr(jidx(points, i), "point"), "max"))
				max = jidx(points, i);
		if (max)
			threads = jnum(jidx(pass, (size_t)jnum(max, "cell")), "threads");
		if (!isfinite(threads) || !(s = line_of(p, pass, "threads", threads, "iops", 1, "lat_us/mean")))
			continue;
		snprintf(plot_label(p, s), PLOT_LABEL, "%s: %.64s, %g threads", letter[d], e[idx[d]].label, threads);
		s->label = plot_label(p, s);
		s->markers = true;
		s->color = (int)d;
	}
}

/* The overlaid charts of test (none for throughput and cbw: their table says it all). */
static void test_charts(struct html_page *pg, const struct compare_entry *e, const size_t *idx, size_t m,
			const char *test)
{
	struct plot p = { .c = { .y_from_zero = true } };
	char name[64];

	snprintf(name, sizeof(name), "compare-pts-%s", test);
	if (!strcmp(test, "iops") || !strcmp(test, "latency")) {
		bool iops = !strcmp(test, "iops");

		p.c.title = iops ? "IOPS by block size: 0/100 solid, 100/0 dashed, a colour per drive"
				 : "Mean response time by block size: 0/100 solid, 100/0 dashed, a colour per drive";
		p.c.xlabel = "block size (KiB)";
		p.c.ylabel = iops ? "IOPS" : "mean response time (µs)";
		p.c.x_log2 = true;
		by_size(&p, e, idx, m, 0, iops ? "iops" : "lat_us/mean");
		by_size(&p, e, idx, m, 100, iops ? "iops" : "lat_us/mean");
	} else if (!strcmp(test, "dirth")) {
		p.c.title = "Demand intensity at each drive's max-IOPS thread count";
		p.c.xlabel = "IOPS";
		p.c.ylabel = "mean response time (µs)";
		dirth_lines(&p, e, idx, m);
	} else if (!strcmp(test, "wsat") || !strcmp(test, "hir") || !strcmp(test, "xsr")) {
		bool wsat = !strcmp(test, "wsat"), xsr = !strcmp(test, "xsr");

		p.c.title = wsat ? "IOPS against the data written" : xsr ? "Throughput against time"
			    : "IOPS of every burst against time";
		p.c.xlabel = wsat ? "GB written since the purge" : "seconds since the stimulus began";
		p.c.ylabel = xsr ? "MB/s" : "IOPS";
		p.c.x_from_zero = true;
		samples_lines(&p, e, idx, m, wsat ? "written_bytes" : "t_s", wsat ? 1e9 : 1, xsr ? "mbps" : "iops");
	} else {
		return;
	}
	empty_unless_measured(&p.c, "nothing measured");
	plot_show(pg, name, &p, NULL);
}

void compare_pts_charts(struct html_page *pg, const struct compare_entry *e, size_t n)
{
	const char *tests[PTS_SUITE_MAX + 1];
	size_t nt = tests_of(e, n, tests), idx[COMPARE_MAX];
	char cap[96], id[48];
	struct table h;

	if (headline_table(&h, e, n)) {
		html_h2(pg, "pts-headlines", "Each test's headline figure");
		for (size_t i = 0, d = 0; i < n; i++) {
			bool seen = false;

			for (size_t j = 0; j < i; j++)
				seen |= e[j].suite == e[i].suite;
			if (!seen)
				html_p(pg, "%s: %s", letter[d++], e[i].label);
		}
		html_table(pg, &h, true);
		table_free(&h);
	}
	for (size_t k = 0; k < nt; k++) {
		size_t m = of_test(e, n, tests[k], idx);
		struct table t;

		snprintf(id, sizeof(id), "pts-%s", tests[k]);
		snprintf(cap, sizeof(cap), "pts %s", tests[k]);
		html_h2(pg, id, cap);
		for (size_t d = 0; d < m; d++)
			html_p(pg, "%s: %s", letter[d], e[idx[d]].label);
		test_table(&t, cap, sizeof(cap), e, idx, m, tests[k]);
		if (t.failed)
			pg->error = pg->error ? pg->error : -ENOMEM;
		test_charts(pg, e, idx, m, tests[k]);
		html_table(pg, &t, true);
		table_free(&t);
	}
}
