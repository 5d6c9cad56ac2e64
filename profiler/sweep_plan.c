/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/sweep_curve.h"
#include "profiler/sweep_plan.h"

static const double default_grid[] = { 0, 7, 14, 20, 28, 40 };

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Points equal to within a hundredth of a percent are the same point (measured() below). */
#define SAME_POINT 0.005

/* Sorted, and a point the sweep would take as measured already is left out: --op 0,0.001 is one point. */
static void sort_unique(struct sweep_plan *p)
{
	size_t j = 0;

	qsort(p->grid, p->ngrid, sizeof(double), cmp_double);
	for (size_t i = 0; i < p->ngrid; i++)
		if (!j || !(fabs(p->grid[i] - p->grid[j - 1]) < SAME_POINT))
			p->grid[j++] = p->grid[i];
	p->ngrid = j;
}

void sweep_plan_adaptive(struct sweep_plan *p, double lo, double hi, double resolution)
{
	memset(p, 0, sizeof(*p));
	p->resolution = resolution;
	p->grid[p->ngrid++] = lo;
	for (size_t i = 0; i < sizeof(default_grid) / sizeof(default_grid[0]); i++)
		if (default_grid[i] > lo && default_grid[i] < hi)
			p->grid[p->ngrid++] = default_grid[i];
	p->grid[p->ngrid++] = hi;
	sort_unique(p);
}

void sweep_plan_fixed(struct sweep_plan *p, const double *ops, size_t n)
{
	memset(p, 0, sizeof(*p));
	p->fixed = true;
	for (size_t i = 0; i < n && i < SWEEP_MAX_POINTS; i++)
		p->grid[p->ngrid++] = ops[i];
	sort_unique(p);
}

static const struct knee_point *measured(const struct knee_point *done, size_t n, double op)
{
	for (size_t i = 0; i < n; i++)
		if (fabs(done[i].op_percent - op) < SAME_POINT)
			return &done[i];
	return NULL;
}

/* Midpoints on a 0.05% grid keep the JSON and resume comparisons exact. */
static double on_grid(double op)
{
	return round(op * 20) / 20;
}

bool sweep_plan_next(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *next)
{
	double top = p->grid[p->ngrid - 1], rec;
	double hi = INFINITY, lo = -INFINITY;

	if (p->fixed) {
		for (size_t i = 0; i < p->ngrid; i++)
			if (!measured(done, n, p->grid[i])) {
				*next = p->grid[i];
				return true;
			}
		return false;
	}
	/* The bottom first: the baseline every recommendation is stated against. */
	if (!measured(done, n, p->grid[0])) {
		*next = p->grid[0];
		return true;
	}
	if (!measured(done, n, top)) {
		*next = top;
		return true;
	}
	if (n >= SWEEP_MAX_POINTS)
		return false;

	/*
	 * The knee by its rule (profiler/knee.h), and the measured points on
	 * either side: the peak of IOPS x capacity lies between them.  At the
	 * top of the range only the side below is narrowed: if the top still
	 * wins then, the range stops below the knee.
	 */
	struct knee_result k;

	knee_find(done, n, &k);
	rec = k.recommended_op_percent;
	if (isnan(rec))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (done[i].op_percent > rec + SAME_POINT && done[i].op_percent < hi)
			hi = done[i].op_percent;
		if (done[i].op_percent < rec - SAME_POINT && done[i].op_percent > lo)
			lo = done[i].op_percent;
	}
	double up = isfinite(hi) ? hi - rec : 0, down = isfinite(lo) ? rec - lo : 0;
	bool narrow = fmax(up, down) <= p->resolution + 1e-9;
	struct sweep_curve c;

	if (sweep_curve_fit(done, n, &c)) {
		/*
		 * The points give a WA: the knee the curve through them predicts,
		 * on the resolution's steps from the bottom, then a step either
		 * side of the measured knee while it stays where the curve says.
		 * A curve that missed (the knee measured more than a step away)
		 * is left to the halving below.
		 */
		double predicted = sweep_curve_knee(&c, p->grid[0], top, p->resolution);

		if (narrow)
			return false;
		if (predicted > p->grid[0] + SAME_POINT && predicted < top - SAME_POINT)
			predicted = on_grid(predicted);
		if (predicted > lo + SAME_POINT && predicted < hi - SAME_POINT && !measured(done, n, predicted)) {
			*next = predicted;
			return true;
		}
		if (fabs(predicted - rec) <= p->resolution + 1e-9) {
			*next = on_grid(up >= down ? rec + p->resolution : rec - p->resolution);
			return !measured(done, n, *next);
		}
	} else {
		/* Unmeasured grid points inside the bracket: bisect them first. */
		double cand[SWEEP_MAX_POINTS];
		size_t nc = 0;

		for (size_t i = 0; i < p->ngrid; i++)
			if (p->grid[i] > lo && p->grid[i] < hi && !measured(done, n, p->grid[i]))
				cand[nc++] = p->grid[i];
		if (nc) {
			*next = cand[nc / 2];
			return true;
		}
	}
	/* Then the wider side of the bracket is halved until both are within the resolution. */
	if (narrow)
		return false;
	*next = on_grid(up >= down ? (rec + hi) / 2 : (lo + rec) / 2);
	return !measured(done, n, *next);
}
