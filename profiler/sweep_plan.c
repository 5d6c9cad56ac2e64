/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Where the straight line between the bracket's ends (lo, hi] crosses the
 * 90% level thr, held to the middle half of the bracket.  IOPS against OP
 * is concave (each % of OP saves less WA than the last), so the line
 * crosses at or above where the curve does; the hold keeps a curve the
 * line describes badly (a knee at a command cap) narrowing at least as
 * fast as halving every other cut.
 */
static double chord_cut(const struct knee_point *done, size_t n, double lo, double hi, double thr)
{
	const struct knee_point *a = measured(done, n, lo), *b = measured(done, n, hi);
	double w = hi - lo, c = lo + w / 2;

	if (a && b && b->iops > a->iops)
		c = lo + w * (thr - a->iops) / (b->iops - a->iops);
	return fmin(fmax(c, lo + w / 4), hi - w / 4);
}

/* The next cut off the grid: at the line's crossing, lands just above the curve's; one a resolution below closes. */
static double interpolated(const struct sweep_plan *p, const struct knee_point *done, size_t n, double lo,
			   double hi, double thr)
{
	double c = chord_cut(done, n, lo, hi, thr);

	if (c > hi - p->resolution)
		return ceil((hi - p->resolution) * 20 - 1e-6) / 20;
	if (c < lo + p->resolution)
		return floor((lo + p->resolution) * 20 + 1e-6) / 20;
	return round(c * 20) / 20;
}

/* The grid point of grid[first..last] nearest the line's crossing. */
static size_t grid_cut(const struct sweep_plan *p, const struct knee_point *done, size_t n, double lo, double hi,
		       double thr, size_t first, size_t last)
{
	double c = chord_cut(done, n, lo, hi, thr);
	size_t best = first;

	for (size_t i = first; i <= last; i++)
		if (fabs(p->grid[i] - c) < fabs(p->grid[best] - c))
			best = i;
	return best;
}

bool sweep_plan_next(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *next)
{
	double top = p->grid[p->ngrid - 1], best = -INFINITY;
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

	/* The 90% crossing: hi is the knee by the rule, lo the measured point just below it. */
	for (size_t i = 0; i < n; i++)
		best = fmax(best, done[i].iops);
	for (size_t i = 0; i < n; i++)
		if (done[i].iops >= KNEE_FRACTION * best && done[i].op_percent < hi)
			hi = done[i].op_percent;
	for (size_t i = 0; i < n; i++)
		if (done[i].op_percent < hi && done[i].op_percent > lo)
			lo = done[i].op_percent;
	/* Unmeasured grid points inside the bracket: bisect them first. */
	size_t first = p->ngrid, last = 0;
	for (size_t i = 0; i < p->ngrid; i++)
		if (p->grid[i] > lo && p->grid[i] < hi && !measured(done, n, p->grid[i])) {
			if (first == p->ngrid)
				first = i;
			last = i;
		}
	if (first < p->ngrid) {
		*next = p->grid[p->interpolate && isfinite(lo) ? grid_cut(p, done, n, lo, hi, KNEE_FRACTION * best, first, last)
							     : (first + last + 1) / 2];
		return true;
	}
	if (lo == -INFINITY)
		return false;   /* the bottom of the range reaches 90%: OP does not help */
	if (hi - lo > p->resolution + 1e-9) {
		/* Midpoints on a 0.05% grid keep the JSON and resume comparisons exact. */
		*next = p->interpolate ? interpolated(p, done, n, lo, hi, KNEE_FRACTION * best)
				       : round((lo + hi) / 2 * 20) / 20;
		return true;
	}
	return false;
}
