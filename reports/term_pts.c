/* SPDX-License-Identifier: MIT */
/*
 * The terminal text of a `pts` result (term.h), from its document alone:
 * per stage the test's table (the IOPS matrix, a row per mix and a column
 * per size, or a row per cell) and its steady state; for a time-series
 * test (WSAT, HIR, XSR) a row per phase.  A table wider than the terminal
 * goes a block per row (term_table).  A test adds its row to tests[].
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/report_parts.h"
#include "reports/table.h"
#include "reports/term.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/text.h"

/* The most sizes of the IOPS matrix the terminal shows (the spec's 8). */
#define TERM_PTS_MAX_SIZES 8

/* "1024k", "0.5k": the terminal's short block-size heading. */
static void short_bs(char *buf, size_t len, double bs)
{
	snprintf(buf, len, "%gk", bs / 1024);
}

/* The IOPS test: a row per mix (in the document's order), a column per size. */
static void matrix(FILE *f, struct json_object *stage, int width)
{
	struct json_object *cells = jget(stage, "cells");
	char heads[TERM_PTS_MAX_SIZES][16];
	size_t nsizes = 0;
	struct table t;

	table_init(&t, "IOPS");
	table_col(&t, "r/w", TA_LEFT);
	/* The sizes of the first mix, in its order; table_col keeps the pointer: a heading buffer each. */
	for (size_t c = 0; c < jlen(cells) && nsizes < TERM_PTS_MAX_SIZES; c++) {
		if (c && jnum(jidx(cells, c), "read_pct") != jnum(jidx(cells, 0), "read_pct"))
			break;
		short_bs(heads[nsizes], sizeof(heads[nsizes]), jnum(jidx(cells, c), "bs"));
		table_col(&t, heads[nsizes++], TA_RIGHT);
	}
	for (size_t c = 0; nsizes && c < jlen(cells); c++) {
		if (c % nsizes == 0) {
			table_row(&t);
			table_cell(&t, 0, "%g/%g", jnum(jidx(cells, c), "read_pct"), 100 - jnum(jidx(cells, c), "read_pct"));
		}
		table_num(&t, c % nsizes + 1, jnum(jidx(cells, c), "iops"), 0);
	}
	term_table(f, &t, "  ", width);
}

/* Latency, throughput and any other matrix: a row per cell. */
static void cells(FILE *f, struct json_object *stage, int width)
{
	struct json_object *cl = jget(stage, "cells");
	struct table t;
	char h[16];

	table_init(&t, "cells");
	table_cols(&t, "bs", TA_RIGHT, "r/w", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "mean us", TA_RIGHT,
		   "99.999% us", TA_RIGHT, "max us", TA_RIGHT, NULL);
	for (size_t c = 0; c < jlen(cl); c++) {
		struct json_object *x = jidx(cl, c), *lat = jget(x, "lat_us");

		table_row(&t);
		short_bs(h, sizeof(h), jnum(x, "bs"));
		/* A cell of an access specification (cbw) or of threads x depth (dirth) says so. */
		if (jstr(x, "workload"))
			snprintf(h, sizeof(h), "%s", jstr(x, "workload"));
		else if (jnum(x, "threads") > 0)
			snprintf(h, sizeof(h), "T%hu Q%hu", (unsigned short)jnum(x, "threads"),
				 (unsigned short)jnum(x, "thread_qd"));
		table_cell(&t, 0, "%s", h);
		table_cell(&t, 1, "%g/%g", jnum(x, "read_pct"), 100 - jnum(x, "read_pct"));
		table_num(&t, 2, jnum(x, "iops"), 0);
		table_num(&t, 3, jnum(x, "mbps"), 1);
		table_num(&t, 4, jnum(lat, "mean"), 1);
		table_num(&t, 5, jnum(lat, LAT_KEY_P99999), 1);
		table_num(&t, 6, jnum(lat, "max"), 1);
	}
	term_table(f, &t, "  ", width);
}

/* The phase's name, its IOPS, MB/s and response times: the columns every series table opens with. */
static void phase_row(struct table *t, struct json_object *ph)
{
	table_row(t);
	table_cell(t, 0, "%s", text_or_na(jstr(ph, "name")));
	table_num(t, 1, jnum(ph, "iops"), 0);
}

/* WSAT: its one phase with the response-time histogram's figures, then how far it got. */
static void wsat(FILE *f, struct json_object *pts, int width)
{
	struct json_object *se = jget(pts, "series"), *ph = jidx(jget(se, "phases"), 0), *lat = jget(ph, "lat_us");
	struct table t;

	table_init(&t, "WSAT");
	table_cols(&t, "phase", TA_LEFT, "IOPS", TA_RIGHT, "mean us", TA_RIGHT, "99.9% us", TA_RIGHT, "99.99% us",
		   TA_RIGHT, "99.999% us", TA_RIGHT, "max us", TA_RIGHT, NULL);
	phase_row(&t, ph);
	table_num(&t, 2, jnum(lat, "mean"), 1);
	table_num(&t, 3, jnum(lat, LAT_KEY_P999), 1);
	table_num(&t, 4, jnum(lat, LAT_KEY_P9999), 1);
	table_num(&t, 5, jnum(lat, LAT_KEY_P99999), 1);
	table_num(&t, 6, jnum(lat, "max"), 1);
	term_table(f, &t, "  ", width);
	fprintf(f, "wsat: %.2f GB written in %.1f s (%s)\n", jnum(ph, "bytes") / 1e9, jnum(ph, "seconds"),
		text_or_na(jstr(se, "stop_reason")));
}

/* HIR: per wait state its IOPS and what the wait bought back over the steady state's. */
static void hir(FILE *f, struct json_object *pts, int width)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	struct json_object *steady = jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0);
	double base = jnum(steady, "iops");
	struct table t;

	table_init(&t, "HIR");
	table_cols(&t, "phase", TA_LEFT, "IOPS", TA_RIGHT, "vs steady", TA_RIGHT, "bursts", TA_RIGHT, "mean us",
		   TA_RIGHT, "99.999% us", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);

		phase_row(&t, ph);
		if (isfinite(base) && base > 0 && isfinite(jnum(ph, "iops")))
			table_cell(&t, 2, "%+.1f%%", 100 * (jnum(ph, "iops") / base - 1));
		table_num(&t, 3, jnum(ph, "samples"), 0);
		table_num(&t, 4, jat(ph, "lat_us/mean"), 1);
		table_num(&t, 5, jat(ph, "lat_us/" LAT_KEY_P99999), 1);
	}
	term_table(f, &t, "  ", width);
	fprintf(f, "hir: steady state %.0f IOPS; \"vs steady\": what each wait bought back\n", base);
}

/* XSR: per phase its IOPS, the level it ends at and the time it took to settle there. */
static void xsr(FILE *f, struct json_object *pts, int width)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	struct table t;

	table_init(&t, "XSR");
	table_cols(&t, "phase", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "end IOPS", TA_RIGHT, "settle s",
		   TA_RIGHT, "mean us", TA_RIGHT, "max us", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);

		phase_row(&t, ph);
		table_num(&t, 2, jnum(ph, "mbps"), 1);
		table_num(&t, 3, jnum(ph, "level_iops"), 0);
		table_num(&t, 4, jnum(ph, "settle_s"), 1);
		table_num(&t, 5, jat(ph, "lat_us/mean"), 1);
		table_num(&t, 6, jat(ph, "lat_us/max"), 1);
	}
	term_table(f, &t, "  ", width);
}

/*
 * What the terminal shows, by test: of each stage (NULL: a row per cell)
 * and of a time-series test's phases (NULL: none).  A test not named here
 * gets a row per cell of each stage.
 */
static const struct {
	const char *test;
	void (*stage)(FILE *f, struct json_object *stage, int width);
	void (*series)(FILE *f, struct json_object *pts, int width);
} tests[] = {
	{ "iops", matrix, NULL },
	{ "wsat", NULL, wsat },
	{ "hir", NULL, hir },
	{ "xsr", NULL, xsr },
};

void term_pts(FILE *f, struct json_object *doc, int width)
{
	struct json_object *pts = jget(doc, "pts"), *stages = jget(pts, "stages");
	const char *test = jstr(pts, "test");
	void (*stage)(FILE *, struct json_object *, int) = cells;
	void (*series)(FILE *, struct json_object *, int) = NULL;

	for (size_t i = 0; test && i < sizeof(tests) / sizeof(tests[0]); i++)
		if (!strcmp(tests[i].test, test)) {
			stage = tests[i].stage ? tests[i].stage : cells;
			series = tests[i].series;
		}
	for (size_t i = 0; i < jlen(stages); i++) {
		struct json_object *st = jidx(stages, i), *ss = jget(st, "steady_state");

		stage(f, st, width);
		if (jstr(ss, "stop_reason") && !strcmp(jstr(ss, "stop_reason"), "single pass")) {
			fprintf(f, "stage %zu: one pass of %zu cells, no steady state by design\n", i + 1,
				jlen(jget(st, "cells")));
			continue;
		}
		fprintf(f, "stage %zu: steady state %s after %g rounds (%s)\n", i + 1,
			jtrue(ss, "reached") ? "reached" : "NOT reached", jnum(ss, "rounds"),
			text_or_na(jstr(ss, "stop_reason")));
	}
	if (series && jget(pts, "series"))
		series(f, pts, width);
}
