/* SPDX-License-Identifier: MIT */
/*
 * Which OP point a sweep measures next.  The plan is a pure function of the
 * points measured so far, so an interrupted sweep resumes exactly where it
 * stopped by replaying its finished points.
 *
 * Adaptive (default): the bottom of the range first (at 0% the drive as
 * shipped, the baseline every recommendation is stated against), then the
 * top.  Then the knee's rule (profiler/knee.h: the OP where IOPS x
 * capacity peaks) is read from the points so far, and its bracket (its
 * measured neighbours) narrowed until each side is no wider than the
 * resolution.  Where the points give a WA (a media counter), the curve
 * through them (profiler/sweep_curve.h) names the point to measure: the
 * knee it predicts, then a resolution step either side of the measured
 * knee (issue 28: budget-tlc 0, 40, 22.5, 20, 25 where the grid's way
 * took 0, 14, 20, 22, 24, 26, 28, 40).  Without a WA, or where the measured knee
 * strays from the prediction, the coarse grid points inside the bracket
 * are bisected and each side halved.  A recommendation at the top of the
 * range ends the plan: the range stops below the knee, and the sweep says
 * so.
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
	 * --fast (issue 18) asked for the bracket cut where the line between
	 * its ends crossed 90% of the best.  The knee's rule has no level to
	 * cross (issue 25): kept as a setting that results record and resume
	 * compares, the bracket is halved either way.
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
