/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "precondition/predict.h"

/* A last step heading away from the prediction by more than this % of it says the transient rings. */
#define PREDICT_STEP_PCT 0.1
/* Rates tried: r = 1 - RATE_STEP x k; a finer step costs time for no better interval. */
#define RATE_STEPS 98
#define RATE_STEP 0.01
/* At most this many of the last rounds are fitted: the old transient says nothing of the end. */
#define FIT_MAX 32
/* About the 95% point of F(1, dof) for the few rounds a fit has. */
#define PROFILE_F 5.0

struct lsq {
	double a, b, sse, var_a;    /* var_a: of a per unit residual variance */
};

/* y = a + b x by least squares, x_i = r^i.  false when x does not vary. */
static bool lsq_fit(const double *y, size_t n, double r, struct lsq *o)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, x = 1, det;

	for (size_t i = 0; i < n; i++, x *= r) {
		sx += x;
		sy += y[i];
		sxx += x * x;
		sxy += x * y[i];
	}
	det = (double)n * sxx - sx * sx;
	if (det <= 1e-12 * (double)n * sxx)
		return false;
	o->b = ((double)n * sxy - sx * sy) / det;
	o->a = (sy - o->b * sx) / (double)n;
	o->var_a = sxx / det;
	o->sse = 0;
	x = 1;
	for (size_t i = 0; i < n; i++, x *= r) {
		double e = y[i] - o->a - o->b * x;

		o->sse += e * e;
	}
	return true;
}

/* The fit of y[0..n-1] with its profile interval.  false when nothing fits. */
static bool fit_tail(const double *y, size_t n, struct steady_fit *f)
{
	struct lsq fits[RATE_STEPS], best = { .sse = INFINITY };
	bool ok[RATE_STEPS];
	double rate = 0, lo = INFINITY, hi = -INFINITY, dof = (double)n - 3, limit;

	for (size_t k = 0; k < RATE_STEPS; k++) {
		double r = 1 - RATE_STEP * (double)(k + 1);

		ok[k] = lsq_fit(y, n, r, &fits[k]);
		if (ok[k] && fits[k].sse < best.sse) {
			best = fits[k];
			rate = r;
		}
	}
	if (!isfinite(best.sse))
		return false;
	/* Every rate fitting about as well as the best: the A it gives is as likely. */
	limit = best.sse * (1 + PROFILE_F / dof);
	for (size_t k = 0; k < RATE_STEPS; k++)
		if (ok[k] && fits[k].sse <= limit) {
			lo = fmin(lo, fits[k].a);
			hi = fmax(hi, fits[k].a);
		}
	f->valid = true;
	f->value = best.a;
	f->rate = rate;
	f->halfwidth = fmax(hi - best.a, best.a - lo) + 2 * sqrt(best.sse / dof * best.var_a);
	return true;
}

bool steady_fit(const double *y, size_t n, bool falling, struct steady_fit *f)
{
	size_t from = n > FIT_MAX ? n - FIT_MAX : 0, ext = from;
	struct steady_fit cand;

	f->valid = false;
	for (size_t i = from; i < n; i++)
		if (!isfinite(y[i]))
			from = ext = i + 1;
	/* The extreme of the first GC pass, and from there on the approach. */
	for (size_t i = from; i < n; i++)
		if (falling ? y[i] < y[ext] : y[i] > y[ext])
			ext = i;
	/*
	 * The extreme is the last round while the figure still heads for it
	 * (a monotone approach from above): then the whole tail is the approach.
	 */
	if (ext + 1 >= n)
		ext = from;
	/* Each start from the extreme on; the tightest interval wins. */
	for (size_t s = ext; s + PREDICT_MIN_FIT <= n; s++) {
		if (!fit_tail(y + s, n - s, &cand))
			continue;
		cand.first = s;
		if (!f->valid || cand.halfwidth < f->halfwidth)
			*f = cand;
	}
	return f->valid;
}

bool steady_fit_good(struct steady_fit *f, const double *y, size_t n)
{
	double lo = INFINITY, hi = -INFINITY, step;

	if (!f->valid || !(f->value > 0) || n < PREDICT_MIN_FIT)
		return false;
	for (size_t i = n - PREDICT_MIN_FIT; i < n; i++) {
		lo = fmin(lo, y[i]);
		hi = fmax(hi, y[i]);
	}
	/*
	 * A simulated drive's rounds fit a curve almost exactly, yet the curve
	 * is a model: the distance still to go counts as uncertain, and so
	 * does the swing of the last rounds (a transient that rings about
	 * its end fits no geometric approach).
	 */
	f->halfwidth = fmax(fmax(f->halfwidth, fabs(y[n - 1] - f->value)), (hi - lo) / 2);
	f->halfwidth = fmax(f->halfwidth, PREDICT_FLOOR_PCT / 100 * f->value);
	/*
	 * The last step heads away from the prediction: the transient rings
	 * (overshoots, then turns back), which no approach foresees.
	 */
	step = y[n - 1] - y[n - 2];
	if ((f->value - y[n - 1]) * step < 0 && fabs(step) > PREDICT_STEP_PCT / 100 * f->value)
		return false;
	return f->halfwidth <= PREDICT_TOL_PCT / 100 * f->value;
}
