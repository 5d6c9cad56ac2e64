/* SPDX-License-Identifier: MIT */
/*
 * The steady state predicted from the transient so far (issue 18).  Under
 * uniform random writes the GC transient approaches its equilibrium
 * geometrically per round: y_i = A + B r^i with 0 < r < 1, A the steady
 * figure.  The fit takes the rounds after the transient's extreme (the WA
 * spike and IOPS trough of the first GC pass, which no such curve fits),
 * and states A with a half-width: twice its standard error at the best r,
 * widened to every A whose r fits about as well (a profile interval), so a
 * transient the curve does not describe gives a wide interval, not a
 * confident wrong answer.
 */
#ifndef SSDPROF_PREDICT_H
#define SSDPROF_PREDICT_H

#include <stdbool.h>
#include <stddef.h>

/* Fewest rounds after the extreme a fit takes. */
#define PREDICT_MIN_FIT 4
/* A prediction stops a point when its half-width is at most this % of it. */
#define PREDICT_TOL_PCT 2.0
/*
 * No half-width is stated below this %: on a transient that rings, the
 * run-on window's own mean moves by about a percent between windows (1 GiB
 * presets, issue 18), so a prediction claims the tolerance it stopped at.
 */
#define PREDICT_FLOOR_PCT PREDICT_TOL_PCT

struct steady_fit {
	bool valid;
	double value;             /* A: the asymptote */
	double halfwidth;         /* of A, same unit */
	double rate;              /* r per round */
	size_t first;             /* first round fitted */
};

/*
 * Fit y[0..n-1].  falling: the figure falls to its extreme first (IOPS:
 * the trough; pass false for WA, which peaks).  false when there are too
 * few rounds after the extreme or no approach fits.
 */
bool steady_fit(const double *y, size_t n, bool falling, struct steady_fit *f);

/*
 * The fit of y[0..n-1] is tight enough to stop on: its half-width, widened
 * to reach the last round (no long extrapolation) and to half the range of
 * the last PREDICT_MIN_FIT rounds, is within PREDICT_TOL_PCT of it, and
 * the last round does not head away from it (a transient that overshoots).
 */
bool steady_fit_good(struct steady_fit *f, const double *y, size_t n);

#endif
