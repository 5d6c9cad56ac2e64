/* SPDX-License-Identifier: MIT */
/*
 * A sweep's points on one target (DESIGN.md 5): the plan asks for the next
 * OP given the points so far, each point is measured (fresh, carried over
 * or predicted: profiler/sweep.h) and handed to the caller's hooks, which
 * keep it (results/sweep_json.h builds the document) and print what they
 * print.  Used by `sweep` (one drive, a batch, a RAID group) and by
 * `qualify` (each drive's sweep), so a point is measured one way.
 */
#ifndef SSDPROF_SWEEP_RUN_H
#define SSDPROF_SWEEP_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/knee.h"
#include "profiler/sweep.h"
#include "profiler/sweep_plan.h"

/*
 * What the caller does around each point; arg is passed to each.  Every
 * hook but point may be NULL.  A hook's non-zero return ends the sweep
 * and is what sweep_runner_run returns (the caller's own code).
 */
struct sweep_hooks {
	void *arg;
	/* Point op is about to be measured; steps: what it does, for a line (sweep_point_steps). */
	void (*start)(void *arg, double op, const double *member_op, const char *steps);
	/*
	 * Point pt measured at op: keep it (save after it), and give the
	 * plan its view of the point as kept in *kp (read back as saved, so
	 * a resumed sweep decides as an uninterrupted one).  kp is the
	 * runner's kp[n]: a save in the hook counts n + 1 points.  0 goes on.
	 */
	int (*point)(void *arg, double op, const double *member_op, const struct sweep_point *pt,
		     struct knee_point *kp);
	/*
	 * The sweep stopped in the point at op (pt what it measured of it;
	 * NULL between points, after an interrupt): ret is -EINTR or the
	 * -errno of the failure with err its reason.  Its return is the
	 * runner's.  NULL: the runner returns ret.
	 */
	int (*stop)(void *arg, double op, const double *member_op, const struct sweep_point *pt, int ret,
		    const char *err);
	/* After a whole point: true stops the sweep there (an interrupt came between rounds). */
	bool (*interrupted)(void *arg);
};

struct sweep_runner {
	struct sweep_run run;
	struct sweep_plan plan;
	/* A RAID group's per-member OP for a point (op_member_for); NULL: the same OP on every member. */
	const double *(*member_op)(const void *member_arg, double op);
	const void *member_arg;
	/* The points so far as the plan reads them: replayed ones first (a resume), then measured. */
	struct knee_point kp[SWEEP_MAX_POINTS];
	size_t n;
	struct sweep_hooks hooks;
};

/*
 * Every point r->plan still needs after r->kp[0..n), each measured and
 * given to the hooks.  0 when the plan is done, or the non-zero value a
 * hook returned (or the -errno of a failed point when there is no stop
 * hook).
 */
int sweep_runner_run(struct sweep_runner *r);

/* How pt was reached, as the document names it: "predicted", "carried-over" or "fresh". */
const char *sweep_point_method(const struct sweep_point *pt);

/* What the point about to run at op does, for its first line. */
const char *sweep_point_steps(const struct sweep_run *run, double op, const double *member_op);

#endif
