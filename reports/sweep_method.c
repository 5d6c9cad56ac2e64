/* SPDX-License-Identifier: MIT */
/*
 * How a sweep's points were preconditioned, said from the points
 * themselves (each point's "method", its fill and its construction): the
 * summary's "method" entry.  One sentence of SNIA's fill and rounds had
 * said so of every point, while a default sweep uses its first point's
 * write cache up, fills once and counts its window once the transient
 * settles, and builds the points after it by construction.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "results/json_get.h"
#include "util/strbuf.h"

/* The methods in the order a sweep takes them; a point without one (an older result) is fresh. */
static const char *const methods[] = { "fresh", "constructed", "carried-over", "predicted" };

static const char *method_of(struct json_object *p)
{
	const char *m = jstr(p, "method");

	return m ? m : "fresh";
}

/* What the points of one method share, gathered over them. */
struct method_points {
	struct strbuf ops;                /* "0%, 20% and 40%" */
	size_t n;
	double passes_lo, passes_hi;      /* fill passes */
	double cache_bytes;               /* the largest cache write before a fill or construction */
	double flash_bytes;               /* the largest construction */
	double rounds_lo, rounds_hi;      /* a construction's rounds, x the span */
	bool settled;                     /* a window counted once the transient's fit settled */
	double round_s_sum;               /* the rounds' lengths, from their end times */
	size_t nrounds;
};

/* The rounds' lengths of a point (its timeseries' t_s is each round's end), added to g. */
static void round_lengths(struct method_points *g, struct json_object *p)
{
	struct json_object *ts = jget(p, "timeseries");
	double last = 0;

	for (size_t i = 0; i < jlen(ts); i++) {
		double t = jnum(jidx(ts, i), "t_s");

		if (!isfinite(t) || t < last)
			return;
		g->round_s_sum += t - last;
		g->nrounds++;
		last = t;
	}
}

static void gather(struct method_points *g, struct json_object *points, const char *method)
{
	size_t total = 0;

	*g = (struct method_points){ .passes_lo = INFINITY, .passes_hi = -INFINITY, .cache_bytes = 0,
				     .flash_bytes = 0, .rounds_lo = INFINITY, .rounds_hi = -INFINITY };
	for (size_t i = 0; i < jlen(points); i++)
		total += !strcmp(method_of(jidx(points, i)), method);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *p = jidx(points, i), *fill = jget(p, "fill"), *c = jget(p, "construction");
		double passes = jnum(fill, "passes"), cw = jnum(fill, "cache_write_bytes");

		if (strcmp(method_of(p), method))
			continue;
		sb_printf(&g->ops, "%s%g%%", list_sep(g->n++, total), jnum(p, "op_percent"));
		if (isfinite(passes) && passes > 0) {
			g->passes_lo = fmin(g->passes_lo, passes);
			g->passes_hi = fmax(g->passes_hi, passes);
		}
		if (c && isfinite(jnum(c, "cache_write_bytes")))
			cw = jnum(c, "cache_write_bytes");
		if (isfinite(cw))
			g->cache_bytes = fmax(g->cache_bytes, cw);
		if (c && isfinite(jnum(c, "bytes_written")))
			g->flash_bytes = fmax(g->flash_bytes, jnum(c, "bytes_written"));
		if (c && isfinite(jnum(c, "round_writes"))) {
			g->rounds_lo = fmin(g->rounds_lo, jnum(c, "round_writes"));
			g->rounds_hi = fmax(g->rounds_hi, jnum(c, "round_writes"));
		}
		if (jtrue(jget(p, "steady_state"), "settled"))
			g->settled = true;
		round_lengths(g, p);
	}
}

static void range(struct strbuf *b, double lo, double hi)
{
	if (lo == hi)
		sb_printf(b, "%.3g", lo);
	else
		sb_printf(b, "%.3g-%.3g", lo, hi);
}

/* The rounds every method ends with, as the settings set them. */
static void rounds(struct strbuf *b, struct json_object *s, const struct method_points *g)
{
	if (isfinite(g->rounds_lo)) {
		sb_add(b, "rounds of ");
		range(b, g->rounds_lo, g->rounds_hi);
		sb_printf(b, " x the span's writes (at most %g s)", jnum(s, "round_s"));
	} else if (isfinite(jnum(s, "round_writes"))) {
		sb_printf(b, "rounds of %g x the span's writes (at most %g s)", jnum(s, "round_writes"),
			  jnum(s, "round_s"));
	} else if (g->nrounds && g->round_s_sum / (double)g->nrounds < 0.9 * jnum(s, "round_s")) {
		/* Rounds sized by writes the result does not record (auto's first point): their length. */
		sb_printf(b, "rounds of %.2g s on average (at most %g s)", g->round_s_sum / (double)g->nrounds,
			  jnum(s, "round_s"));
	} else {
		sb_printf(b, "rounds of %g s", jnum(s, "round_s"));
	}
	sb_printf(b, " until the SNIA steady-state window holds (at most %g rounds)", jnum(s, "max_rounds"));
	if (g->settled)
		sb_add(b, ", the window counted once the transient's fit settled");
}

/* label: which points, by method (not where every point was measured fresh, as SNIA's procedure). */
static void describe(struct strbuf *b, struct json_object *s, const char *method, const struct method_points *g,
		     bool label)
{
	if (label)
		sb_printf(b, "%s (%s): ", g->ops.p ? g->ops.p : "", method);
	if (!strcmp(method, "carried-over")) {
		sb_add(b, "no purge: the drive as the point before left it, the span it gains filled once, then ");
	} else {
		sb_add(b, "purge, set the OP, ");
		if (g->cache_bytes > 0)
			sb_printf(b, "use the write cache up (%.2f GB written), ", g->cache_bytes / 1e9);
		if (!strcmp(method, "constructed") && g->flash_bytes > 0) {
			sb_printf(b, "write the flash once (%.2f GB) at the validity greedy GC's steady state leaves, ",
				  g->flash_bytes / 1e9);
		} else if (isfinite(g->passes_lo)) {
			sb_add(b, "fill sequentially (");
			range(b, g->passes_lo, g->passes_hi);
			sb_printf(b, " pass%s), ", g->passes_hi > 1 ? "es" : "");
		}
		sb_add(b, "then ");
	}
	sb_printf(b, "%g-byte random writes at QD %g in ", jnum(s, "bs"), jnum(s, "qd"));
	rounds(b, s, g);
	if (!strcmp(method, "predicted"))
		sb_add(b, " or the transient's fit predicts it (the window's figures are the prediction)");
}

void sweep_method_dl(struct html_page *pg, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points"), *s = jget(doc, "settings");
	struct strbuf b = { 0 };
	size_t groups = 0, fresh = 0;

	for (size_t i = 0; i < jlen(points); i++)
		fresh += !strcmp(method_of(jidx(points, i)), "fresh");
	for (size_t m = 0; m < sizeof(methods) / sizeof(methods[0]); m++) {
		struct method_points g;

		gather(&g, points, methods[m]);
		if (g.n) {
			sb_add(&b, groups++ ? "; " : "");
			describe(&b, s, methods[m], &g, fresh < jlen(points));
		}
		sb_free(&g.ops);
	}
	if (!groups)
		sb_add(&b, "no point measured");
	if (b.err)
		pg->error = b.err;
	html_dl(pg, "method", "per OP level: %s", b.p ? b.p : "");
	sb_free(&b);
}
