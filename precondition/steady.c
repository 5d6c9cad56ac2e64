/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "precondition/steady.h"

bool steady_check(const double *y, size_t n, struct steady_window *w)
{
	const double k = STEADY_WINDOW;
	const double *v;
	double sum = 0, lo = INFINITY, hi = -INFINITY, sxy = 0, sxx = 0, xbar, slope;

	if (n < STEADY_WINDOW)
		return false;
	v = y + n - STEADY_WINDOW;
	for (size_t i = 0; i < STEADY_WINDOW; i++) {
		sum += v[i];
		lo = fmin(lo, v[i]);
		hi = fmax(hi, v[i]);
	}
	w->first = n - STEADY_WINDOW;
	w->last = n - 1;
	w->mean = sum / k;
	xbar = (k - 1) / 2;
	for (size_t i = 0; i < STEADY_WINDOW; i++) {
		sxy += ((double)i - xbar) * (v[i] - w->mean);
		sxx += ((double)i - xbar) * ((double)i - xbar);
	}
	slope = sxy / sxx;
	w->slope = slope;
	if (w->mean > 0) {
		w->range_pct = (hi - lo) / w->mean * 100.0;
		w->slope_pct = fabs(slope) * (k - 1) / w->mean * 100.0;
	} else {
		/* A drive doing nothing is not steady: it is broken or stalled. */
		w->range_pct = w->slope_pct = INFINITY;
	}
	/* A tiny tolerance so a window exactly at a limit passes, as the rule says "at most". */
	w->range_ok = w->range_pct <= STEADY_RANGE_LIMIT_PCT + 1e-9;
	w->slope_ok = w->slope_pct <= STEADY_SLOPE_LIMIT_PCT + 1e-9;
	w->reached = w->range_ok && w->slope_ok;
	return true;
}
