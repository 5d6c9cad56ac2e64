/* SPDX-License-Identifier: MIT */
/*
 * The analytic write amplification of greedy GC under uniform random
 * single-unit writes (Desnoyers): A_FIFO(a) = a / (a + W0(-a e^-a)) with
 * a = 1 + OP, and greedy with Np units per GC unit A_FIFO(k a) / k,
 * k = 1 + 1 / (2 Np).  The simulator is checked against it and info shows it.
 */
#include <math.h>

#include "sim/sim.h"

/* Principal branch of Lambert W on (-1/e, 0) by Halley iteration. */
static double lambert_w0(double x)
{
	double w = x < -0.32 ? -1.0 + sqrt(2.0 * (1.0 + M_E * x)) : x;

	for (int i = 0; i < 100; i++) {
		double e = exp(w);
		double f = w * e - x;
		double step = f / (e * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0));

		w -= step;
		if (fabs(step) < 1e-15)
			break;
	}
	return w;
}

double sim_waf_fifo(double op_fraction)
{
	double a = 1.0 + op_fraction;

	return a / (a + lambert_w0(-a * exp(-a)));
}

double sim_waf_greedy(double op_fraction, double units_per_gc_unit)
{
	double k = 1.0 + 1.0 / (2.0 * units_per_gc_unit);

	return sim_waf_fifo(k * (1.0 + op_fraction) - 1.0) / k;
}

/*
 * Skewed traffic under FIFO cleaning (Desnoyers 2012, section 5, the
 * hot/cold model generalised to n regions): a page of region i (a share
 * blocks[i] of the data, writes[i] of the writes) survives the trip through
 * a log of a user capacities, which takes a / A host writes per user page,
 * with probability exp(-writes[i] a / (blocks[i] A)); each host write of
 * region i so enters the log 1 / (1 - that) times, and these sum to A:
 * A = sum_i writes[i] / (1 - exp(-writes[i] a / (blocks[i] A))).  With one
 * region it is the uniform closed form.  Solved by bisection.
 */
double sim_waf_fifo_regions(double op_fraction, const double *blocks, const double *writes, size_t n)
{
	double a = 1.0 + op_fraction, lo = 1.0, hi = 1e4;

	for (int it = 0; it < 200; it++) {
		double mid = 0.5 * (lo + hi), sum = 0;

		for (size_t i = 0; i < n; i++)
			if (writes[i] > 0)
				sum += writes[i] / -expm1(-writes[i] * a / (blocks[i] * mid));
		if (sum > mid)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

double sim_waf_separated(double op_fraction, const double *blocks, const double *writes, const double *spare,
			 size_t n, double units_per_gc_unit)
{
	double wa = 0;

	for (size_t i = 0; i < n; i++)
		if (writes[i] > 0)
			wa += writes[i] * sim_waf_greedy(op_fraction * spare[i] / blocks[i], units_per_gc_unit);
	return wa;
}

/* WA against the hot pool's share of the spare is convex: golden-section search. */
double sim_waf_separated_best(double op_fraction, const double blocks[2], const double writes[2],
			      double units_per_gc_unit, double *hot_spare)
{
	const double g = (sqrt(5.0) - 1) / 2;
	double lo = 1e-6, hi = 1 - 1e-6;

	for (int it = 0; it < 100; it++) {
		double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
		double sa[2] = { a, 1 - a }, sb[2] = { b, 1 - b };

		if (sim_waf_separated(op_fraction, blocks, writes, sa, 2, units_per_gc_unit) <
		    sim_waf_separated(op_fraction, blocks, writes, sb, 2, units_per_gc_unit))
			hi = b;
		else
			lo = a;
	}
	double s[2] = { (lo + hi) / 2, 1 - (lo + hi) / 2 };

	if (hot_spare)
		*hot_spare = s[0];
	return sim_waf_separated(op_fraction, blocks, writes, s, 2, units_per_gc_unit);
}
