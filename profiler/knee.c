/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/knee.h"

static int by_op(const void *a, const void *b)
{
	const struct knee_point *x = a, *y = b;

	return (x->op_percent > y->op_percent) - (x->op_percent < y->op_percent);
}

/* Curvature of the normalised curve (x over the range, y over the best) at each interior point. */
static double max_curvature_op(const struct knee_point *p, size_t n, double best)
{
	double span = p[n - 1].op_percent - p[0].op_percent, best_k = -INFINITY, at = NAN;

	if (n < 3 || span <= 0 || best <= 0)
		return NAN;
	for (size_t i = 1; i + 1 < n; i++) {
		double x0 = (p[i - 1].op_percent - p[0].op_percent) / span;
		double x1 = (p[i].op_percent - p[0].op_percent) / span;
		double x2 = (p[i + 1].op_percent - p[0].op_percent) / span;
		double y0 = p[i - 1].iops / best, y1 = p[i].iops / best, y2 = p[i + 1].iops / best;
		double d1 = (y2 - y0) / (x2 - x0);
		double d2 = 2.0 * ((y2 - y1) / (x2 - x1) - (y1 - y0) / (x1 - x0)) / (x2 - x0);
		/* Concave bends (d2 < 0) are knees; convex ones are not. */
		double k = -d2 / pow(1.0 + d1 * d1, 1.5);

		if (k > best_k) {
			best_k = k;
			at = p[i].op_percent;
		}
	}
	return best_k > 0 ? at : NAN;
}

/* The least OP measured: at 0% host OP, the drive as shipped. */
static const char *baseline_name(double op)
{
	return op == 0 ? "the drive as shipped" : "the least OP measured";
}

/* The recommendation rec against the least OP measured base: numbers, then one sentence. */
static void against_baseline(const struct knee_point *base, const struct knee_point *rec, struct knee_result *out)
{
	bool wa_known = base->waf > 0 && rec->waf > 0;
	char wa[96] = "WA not measured", cap[64] = "capacity given up not known";

	out->has_baseline = true;
	out->baseline = *base;
	if (!(base->waf > 0))
		out->baseline.waf = NAN;
	out->gain_iops_pct = base->iops > 0 ? (rec->iops / base->iops - 1) * 100 : NAN;
	out->waf_saved = wa_known ? base->waf - rec->waf : NAN;
	out->capacity_given_up_bytes = base->usable_bytes && rec->usable_bytes ?
		(double)base->usable_bytes - (double)rec->usable_bytes : NAN;
	if (rec == base) {
		if (wa_known)
			snprintf(wa, sizeof(wa), "WA %.2f", base->waf);
		snprintf(out->versus, sizeof(out->versus), "the recommendation is %s (%.4g%% OP): %.0f IOPS, %s",
			 baseline_name(base->op_percent), base->op_percent, base->iops, wa);
		return;
	}
	if (wa_known)
		snprintf(wa, sizeof(wa), "WA %.2f -> %.2f (%.2f saved)", base->waf, rec->waf, out->waf_saved);
	if (!isnan(out->capacity_given_up_bytes))
		snprintf(cap, sizeof(cap), "%.2f GB of capacity given up", out->capacity_given_up_bytes / 1e9);
	snprintf(out->versus, sizeof(out->versus), "against %s (%.4g%% OP): %+.0f%% IOPS (%.0f -> %.0f), %s, %s",
		 baseline_name(base->op_percent), base->op_percent, out->gain_iops_pct, base->iops, rec->iops, wa,
		 cap);
}

/* What KNEE_RULE weighs: IOPS times the share of the capacity left to the host. */
static double product(const struct knee_point *p)
{
	return p->iops * (100 - p->op_percent);
}

/* IOPS gained per OP point from a to b, % of a's (NAN when a did none). */
static double gain_pct(const struct knee_point *a, const struct knee_point *b)
{
	return a->iops > 0 && b->op_percent > a->op_percent
		       ? (b->iops / a->iops - 1) * 100 / (b->op_percent - a->op_percent) : NAN;
}

/* The kind of curve around the recommendation p[rec], and the reason, in words and numbers. */
static void describe(const struct knee_point *p, size_t n, size_t rec, struct knee_result *out)
{
	char curv[64] = "";

	out->top_gain_pct = gain_pct(&p[n - 2], &p[n - 1]);
	if (n < KNEE_MIN_POINTS) {
		out->kind = KNEE_TOO_FEW;
		snprintf(out->reason, sizeof(out->reason),
			 "no knee can be found from %zu OP points: a bend takes %d; %.4g%% OP gives the most IOPS x "
			 "capacity of those measured", n, KNEE_MIN_POINTS, p[rec].op_percent);
		return;
	}
	if (rec == n - 1) {
		out->kind = KNEE_KEEPS_PAYING;
		snprintf(out->reason, sizeof(out->reason),
			 "no knee up to %.4g%%: IOPS still rising %.2g%% per OP point at the top of the range "
			 "(%.0f -> %.0f IOPS from %.4g%%), more than the %.2g%% of capacity a point costs; measure beyond it",
			 p[n - 1].op_percent, out->top_gain_pct, p[n - 2].iops, p[n - 1].iops, p[n - 2].op_percent,
			 100 / (100 - p[n - 2].op_percent));
		return;
	}
	out->op_percent = p[rec].op_percent;
	if (rec == 0) {
		out->kind = KNEE_OP_NO_HELP;
		snprintf(out->reason, sizeof(out->reason),
			 "OP does not help: from %.4g%% OP (%.0f IOPS) one more point buys %.2g%% IOPS, less than the "
			 "%.2g%% of capacity it costs; take the least OP",
			 p[0].op_percent, p[0].iops, gain_pct(&p[0], &p[1]), 100 / (100 - p[0].op_percent));
		return;
	}
	out->kind = KNEE_FOUND;
	if (!isnan(out->curvature_op_percent))
		snprintf(curv, sizeof(curv), "; maximum curvature at %.4g%%", out->curvature_op_percent);
	snprintf(out->reason, sizeof(out->reason),
		 "IOPS x capacity peaks at %.4g%% OP (%.0f IOPS): below it a point of OP bought %.2g%% IOPS, above "
		 "it %.2g%%, against the %.2g%% of capacity a point costs%s",
		 p[rec].op_percent, p[rec].iops, gain_pct(&p[rec - 1], &p[rec]), gain_pct(&p[rec], &p[rec + 1]),
		 100 / (100 - p[rec].op_percent), curv);
}

void knee_find(const struct knee_point *pts, size_t n, struct knee_result *out)
{
	struct knee_point *p;
	size_t rec = 0, best = 0;

	memset(out, 0, sizeof(*out));
	out->op_percent = out->recommended_op_percent = out->curvature_op_percent = NAN;
	out->best_iops = out->best_op_percent = out->top_gain_pct = NAN;
	out->gain_iops_pct = out->waf_saved = out->capacity_given_up_bytes = NAN;
	out->kind = KNEE_TOO_FEW;
	p = n ? malloc(n * sizeof(*p)) : NULL;
	if (n && !p) {
		snprintf(out->reason, sizeof(out->reason), "out of memory");
		return;
	}
	/* memcpy and qsort take no NULL, even for zero elements. */
	if (n) {
		memcpy(p, pts, n * sizeof(*p));
		qsort(p, n, sizeof(*p), by_op);
	}
	/* The one rule: everything below follows from this point. */
	for (size_t i = 1; i < n; i++) {
		if (p[i].iops > p[best].iops)
			best = i;
		if (product(&p[i]) > product(&p[rec]))
			rec = i;
	}
	if (n) {
		out->best_iops = p[best].iops;
		out->best_op_percent = p[best].op_percent;
		out->recommended_op_percent = p[rec].op_percent;
		against_baseline(&p[0], &p[rec], out);
	}
	if (n < 2)
		snprintf(out->reason, sizeof(out->reason), "no knee can be found from %zu OP point%s: a bend takes %d",
			 n, n == 1 ? "" : "s", KNEE_MIN_POINTS);
	else {
		out->curvature_op_percent = max_curvature_op(p, n, p[best].iops);
		describe(p, n, rec, out);
	}
	free(p);
}
