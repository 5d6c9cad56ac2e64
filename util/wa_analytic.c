/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "util/wa_analytic.h"

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

double wa_fifo(double op_fraction)
{
	double a = 1.0 + op_fraction;

	return a / (a + lambert_w0(-a * exp(-a)));
}

double wa_greedy(double op_fraction, double units_per_gc_unit)
{
	double k = 1.0 + 1.0 / (2.0 * units_per_gc_unit);

	return wa_fifo(k * (1.0 + op_fraction) - 1.0) / k;
}

double wa_model_waf(double native_bytes, double line_units, bool fifo, double usable_bytes)
{
	double op = native_bytes / usable_bytes - 1;

	if (!(usable_bytes > 0) || !(op > 0))
		return NAN;
	return fifo ? wa_fifo(op) : wa_greedy(op, line_units);
}

/* Bisection: the WA falls as the flash grows. */
double wa_model_native_bytes(double line_units, bool fifo, double usable_bytes, double wa)
{
	double lo = usable_bytes * (1 + 1e-6), hi = usable_bytes * 20;

	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (wa_model_waf(mid, line_units, fifo, usable_bytes) > wa)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}
