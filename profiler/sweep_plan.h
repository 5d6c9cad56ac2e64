/* SPDX-License-Identifier: MIT */
/*
 * Which OP point a sweep measures next.  The plan is a pure function of the
 * points measured so far, so an interrupted sweep resumes exactly where it
 * stopped by replaying its finished points.
 *
 * Adaptive (default): the bottom of the range first (at 0% the drive as
 * shipped, the baseline every recommendation is stated against), then the
 * top (the best IOPS, assuming more OP never hurts).  Then the coarse grid
 * is bisected for the smallest OP reaching 90% of the best, and the bracket
 * around that crossing is halved until it is no wider than the resolution.
 * A binary search, so a fine fixed grid's knee comes out of a third of its
 * points.
 */
#ifndef SSDPROF_SWEEP_PLAN_H
#define SSDPROF_SWEEP_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/knee.h"

#define SWEEP_MAX_POINTS 64

struct sweep_plan {
	bool fixed;                           /* measure exactly grid[], in order */
	double grid[SWEEP_MAX_POINTS];        /* ascending */
	size_t ngrid;
	double resolution;                    /* adaptive: final bracket width, % OP */
	/*
	 * Adaptive (issue 18): past the coarse grid, the bracket is cut where
	 * the straight line between its ends crosses 90% of the best, not in
	 * the middle, then closed one resolution below the new top.
	 */
	bool interpolate;
};

/* The default plan over [lo, hi]: DESIGN.md's grid 0, 7, 14, 20, 28, 40 clipped, plus lo and hi. */
void sweep_plan_adaptive(struct sweep_plan *p, double lo, double hi, double resolution);
/* A fixed list (sorted, duplicates dropped). */
void sweep_plan_fixed(struct sweep_plan *p, const double *ops, size_t n);

/* The next OP to measure given the measured points; false when the sweep is done. */
bool sweep_plan_next(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *next);

#endif
