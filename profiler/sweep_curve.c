/* SPDX-License-Identifier: MIT */
/* The IOPS(OP) curve the measured points predict (profiler/sweep_curve.h). */
#include <math.h>

#include "profiler/sweep_curve.h"
#include "util/wa_analytic.h"

static bool has_wa(const struct knee_point *p)
{
	return p->waf > 1 && isfinite(p->waf) && p->iops > 0 && isfinite(p->iops) && p->op_percent < 100;
}

bool sweep_curve_fit(const struct knee_point *pts, size_t n, struct sweep_curve *c)
{
	const struct knee_point *least = NULL;

	for (size_t i = 0; i < n; i++)
		if (has_wa(&pts[i]) && (!least || pts[i].op_percent < least->op_percent))
			least = &pts[i];
	if (!least)
		return false;
	/* Per byte of capacity: the usable share at the least OP is 1 - OP. */
	c->native_ratio = wa_model_native_bytes(SWEEP_ASSUMED_LINE_UNITS, false, 1 - least->op_percent / 100,
						least->waf);
	c->k = least->iops * least->waf;
	c->cap = INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (!has_wa(&pts[i]) || !(pts[i].iops < (1 - SWEEP_CURVE_CAPPED) * c->k / pts[i].waf))
			continue;
		c->cap = isfinite(c->cap) ? fmax(c->cap, pts[i].iops) : pts[i].iops;
	}
	return true;
}

double sweep_curve_wa(const struct sweep_curve *c, double op_percent)
{
	return wa_model_waf(c->native_ratio, SWEEP_ASSUMED_LINE_UNITS, false, 1 - op_percent / 100);
}

double sweep_curve_iops(const struct sweep_curve *c, double op_percent)
{
	double wa = sweep_curve_wa(c, op_percent);

	return isnan(wa) ? NAN : fmin(c->k / wa, c->cap);
}

double sweep_curve_knee(const struct sweep_curve *c, double lo, double hi, double step)
{
	double best = NAN, best_product = -INFINITY;

	for (int i = 0;; i++) {
		double op = fmin(lo + i * step, hi), product = sweep_curve_iops(c, op) * (100 - op);

		/* The least OP among equals: no capacity given up for nothing. */
		if (product > best_product) {
			best_product = product;
			best = op;
		}
		if (op >= hi || !(step > 0))
			break;
	}
	return best;
}
