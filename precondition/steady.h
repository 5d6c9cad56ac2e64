/* SPDX-License-Identifier: MIT */
/*
 * The SNIA PTS steady-state test (DESIGN.md 5): over the last five rounds,
 * with y the per-round average IOPS, max(y) - min(y) <= 20% of mean(y), and
 * the least-squares line through the window changes by at most 10% of mean(y)
 * across it (|slope| x 4 <= 0.10 x mean).
 */
#ifndef SSDPROF_STEADY_H
#define SSDPROF_STEADY_H

#include <stdbool.h>
#include <stddef.h>

#define STEADY_WINDOW 5
#define STEADY_RANGE_LIMIT_PCT 20.0
#define STEADY_SLOPE_LIMIT_PCT 10.0

struct steady_window {
	size_t first, last;       /* round indices of the window, inclusive */
	double mean;              /* of y over the window */
	double range_pct;         /* (max - min) / mean x 100 */
	double slope_pct;         /* |slope| x (WINDOW - 1) / mean x 100 */
	double slope;             /* the least-squares line's, per round (it passes (mid-window, mean)) */
	bool range_ok, slope_ok;
	bool reached;             /* both hold */
};

/*
 * Test the window ending at the last of n rounds.  false (and *w untouched)
 * when there are fewer than STEADY_WINDOW rounds.
 */
bool steady_check(const double *y, size_t n, struct steady_window *w);

#endif
