/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/knee.h"

/*
 * "Still paying" at the top: the last segment gains at least half as much
 * IOPS per point of OP as the curve does on average.  A concave curve with a
 * knee gains far less there; a straight one gains exactly the average.
 */
#define KEEPS_PAYING_RATIO 0.5

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

/* The kind of curve around the knee p[knee], and the reason, in words and numbers. */
static void describe(const struct knee_point *p, size_t n, size_t knee, size_t best, struct knee_result *out)
{
	double avg_gain = (p[n - 1].iops - p[0].iops) / (p[n - 1].op_percent - p[0].op_percent);
	double last_gain = (p[n - 1].iops - p[n - 2].iops) / (p[n - 1].op_percent - p[n - 2].op_percent);
	char rule[192], curv[64] = "";

	if (knee == 0) {
		out->kind = KNEE_OP_NO_HELP;
		snprintf(out->reason, sizeof(out->reason),
			 "OP does not help: at %.4g%% OP the drive already sustains %.0f IOPS, within %.0f%% of the best "
			 "(%.0f IOPS at %.4g%%); take the least OP",
			 p[0].op_percent, p[0].iops, (1 - KNEE_FRACTION) * 100, p[best].iops, p[best].op_percent);
		return;
	}
	snprintf(rule, sizeof(rule),
		 "smallest OP reaching %.0f%% of the best steady IOPS: %.0f IOPS at %.4g%% OP against %.0f at %.4g%%"
		 " (%.0f IOPS at %.4g%% just below)",
		 KNEE_FRACTION * 100, p[knee].iops, p[knee].op_percent, p[best].iops, p[best].op_percent,
		 p[knee - 1].iops, p[knee - 1].op_percent);
	if (n >= 3 && avg_gain > 0 && last_gain >= KEEPS_PAYING_RATIO * avg_gain) {
		out->kind = KNEE_KEEPS_PAYING;
		snprintf(out->reason, sizeof(out->reason),
			       "%s; more OP keeps paying (IOPS still rise %.0f per 1%% OP at the top, %.0f on average "
			       "from %.4g%%): the best, and with it the knee, may lie above %.4g%%; measure beyond it",
			       rule, last_gain, avg_gain, p[0].op_percent, p[n - 1].op_percent);
	} else {
		out->kind = KNEE_FOUND;
		if (!isnan(out->curvature_op_percent))
			snprintf(curv, sizeof(curv), "; maximum curvature at %.4g%%", out->curvature_op_percent);
		snprintf(out->reason, sizeof(out->reason), "%s%s", rule, curv);
	}
}

void knee_find(const struct knee_point *pts, size_t n, struct knee_result *out)
{
	struct knee_point *p;
	size_t knee = 0, best = 0;

	memset(out, 0, sizeof(*out));
	out->op_percent = out->recommended_op_percent = out->curvature_op_percent = NAN;
	out->best_iops = out->best_op_percent = NAN;
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
	for (size_t i = 1; i < n; i++)
		if (p[i].iops > p[best].iops)
			best = i;
	/* The one rule: everything below follows from this point. */
	while (knee < n && p[knee].iops < KNEE_FRACTION * p[best].iops)
		knee++;
	if (n) {
		out->best_iops = p[best].iops;
		out->best_op_percent = p[best].op_percent;
		out->op_percent = out->recommended_op_percent = p[knee].op_percent;
		against_baseline(&p[0], &p[knee], out);
	}
	if (n < 2)
		snprintf(out->reason, sizeof(out->reason), "a knee needs at least two OP points; %zu measured", n);
	else {
		out->curvature_op_percent = max_curvature_op(p, n, p[best].iops);
		describe(p, n, knee, best, out);
	}
	free(p);
}
