/* SPDX-License-Identifier: MIT */
/* The IOPS(OP) curve the measured points predict (profiler/sweep_curve.h). */
#include <math.h>

#include "profiler/sweep_curve.h"
#include "util/wa_analytic.h"

static bool has_wa(const struct knee_point *p)
{
	return p->waf > 1 && isfinite(p->waf) && p->iops > 0 && isfinite(p->iops) && p->op_percent < 100;
}

/* The model's WA at op_percent over native_ratio x the capacity of flash. */
static double model_wa(double native_ratio, double op_percent)
{
	return wa_model_waf(native_ratio, SWEEP_ASSUMED_LINE_UNITS, false, 1 - op_percent / 100);
}

/*
 * The flash whose model WAs at lo and hi stand in the ratio measured:
 * bisection, the ratio falls toward 1 as the flash grows.  NAN: none (the
 * WA does not fall with the OP).
 */
static double native_for_ratio(const struct knee_point *lo, const struct knee_point *hi)
{
	double want = lo->waf / hi->waf, a = (1 - lo->op_percent / 100) * (1 + 1e-9), b = 20;

	if (!(want > 1 + 1e-6) || !(model_wa(b, lo->op_percent) / model_wa(b, hi->op_percent) < want))
		return NAN;
	for (int i = 0; i < 200; i++) {
		double mid = (a + b) / 2, r = model_wa(mid, lo->op_percent) / model_wa(mid, hi->op_percent);

		if (r > want)
			a = mid;
		else
			b = mid;
	}
	return (a + b) / 2;
}

/*
 * 1 / IOPS = a x WA + b by least squares over the points with a WA: a
 * write's time, its programs (a x WA) and what does not grow with them
 * (b: a RAID 5 group's reads before each write).  false: fewer than two
 * WAs apart, or a slope that does not rise.
 */
static bool fit_linear(const struct knee_point *pts, size_t n, struct sweep_curve *c)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 0, d;

	for (size_t i = 0; i < n; i++) {
		if (!has_wa(&pts[i]))
			continue;
		sx += pts[i].waf;
		sy += 1 / pts[i].iops;
		sxx += pts[i].waf * pts[i].waf;
		sxy += pts[i].waf / pts[i].iops;
		m++;
	}
	d = m * sxx - sx * sx;
	if (m < 2 || !(d > 1e-12 * m * sxx))
		return false;
	c->a = (m * sxy - sx * sy) / d;
	c->b = (sy - c->a * sx) / m;
	if (c->b < 0) {   /* through the origin: IOPS x WA constant */
		c->a = sxy / sxx;
		c->b = 0;
	}
	return c->a > 0;
}

static double iops_at_wa(const struct sweep_curve *c, double wa, bool linear)
{
	return linear ? 1 / (c->a * wa + c->b) : fmin(c->k / wa, c->cap);
}

/* The largest share by which a shape misses a point's IOPS at its measured WA. */
static double worst_error(const struct sweep_curve *c, const struct knee_point *pts, size_t n, bool linear)
{
	double worst = 0;

	for (size_t i = 0; i < n; i++)
		if (has_wa(&pts[i]))
			worst = fmax(worst, fabs(iops_at_wa(c, pts[i].waf, linear) / pts[i].iops - 1));
	return worst;
}

bool sweep_curve_fit(const struct knee_point *pts, size_t n, struct sweep_curve *c)
{
	const struct knee_point *least = NULL, *most = NULL;
	double native = NAN;

	for (size_t i = 0; i < n; i++) {
		if (!has_wa(&pts[i]))
			continue;
		if (!least || pts[i].op_percent < least->op_percent)
			least = &pts[i];
		if (!most || pts[i].op_percent > most->op_percent)
			most = &pts[i];
	}
	if (!least)
		return false;
	/*
	 * Two points: the flash and a scale through both WAs (a RAID group's
	 * WA is its members' times what its level writes per host write, 2 on
	 * RAID 1 and on RAID 5's read-modify-write).  One: the flash its WA
	 * gives, unscaled.
	 */
	if (most->op_percent > least->op_percent + 1e-9)
		native = native_for_ratio(least, most);
	if (isnan(native))
		native = wa_model_native_bytes(SWEEP_ASSUMED_LINE_UNITS, false, 1 - least->op_percent / 100, least->waf);
	c->native_ratio = native;
	c->scale = least->waf / model_wa(native, least->op_percent);
	c->k = least->iops * least->waf;
	c->cap = INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (!has_wa(&pts[i]) || !(pts[i].iops < (1 - SWEEP_CURVE_CAPPED) * c->k / pts[i].waf))
			continue;
		c->cap = isfinite(c->cap) ? fmax(c->cap, pts[i].iops) : pts[i].iops;
	}
	c->linear = false;
	/* The other shape where it fits the points better (never with two: both fit them exactly). */
	if (fit_linear(pts, n, c) && worst_error(c, pts, n, true) < worst_error(c, pts, n, false) - 1e-3)
		c->linear = true;
	return true;
}

double sweep_curve_wa(const struct sweep_curve *c, double op_percent)
{
	return c->scale * model_wa(c->native_ratio, op_percent);
}

double sweep_curve_iops(const struct sweep_curve *c, double op_percent)
{
	double wa = sweep_curve_wa(c, op_percent);

	return isnan(wa) ? NAN : iops_at_wa(c, wa, c->linear);
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
