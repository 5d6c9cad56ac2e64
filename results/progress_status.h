/* SPDX-License-Identifier: MIT */
/*
 * A running command's progress at one moment, as figures: what the status
 * line on a terminal (reports/term_status.h), the --events lines
 * (results/progress_events.h) and --metrics (cli/metrics.c) say.  The
 * command's progress hook (cli/progress.c) fills it from its state and the
 * method's estimate (profiler/eta.h); the three read it from this one place,
 * so they cannot disagree.  A figure not known is NAN (0 for the counts).
 */
#ifndef SSDPROF_PROGRESS_STATUS_H
#define SSDPROF_PROGRESS_STATUS_H

#include <stdbool.h>
#include <stddef.h>

struct progress_status {
	const char *command;      /* "sweep", "slc", ... */
	const char *target;       /* the first target's name: a group reopened is the same group */
	bool virtual_time;        /* a simulated drive: now_s and eta_s are drive seconds */
	bool sweep;               /* the job is a sweep: its points are counted */
	bool run;                 /* the job is a run: its steps are counted ... */
	unsigned steps;           /* ... how many (0 for another job) ... */
	unsigned step;            /* ... and the one running, 1-based */
	const char *phase;        /* the phase running, "" before the first */
	unsigned phase_index;     /* its index (the slc probe's idle and recovery phases) */
	size_t point;             /* the point running, 1-based; 0 between points */
	size_t points;            /* the points planned ... */
	bool points_approx;       /* ... an estimate (a knee search goes on) */
	size_t points_done;       /* the points finished */
	double op;                /* the running point's OP, percent */
	size_t round;             /* the round running, 1-based, in the "rounds" phase; else 0 */
	double mbps, iops;        /* now */
	double fraction;          /* of the whole job, 0..1 (never goes down) */
	double phase_fraction;    /* of the phase running, 0..1 */
	double now_s;             /* since the start: the target's clock */
	double wall_s;            /* since the start: the wall clock */
	double eta_s;             /* left, the target's clock */
	double eta_wall_s;        /* left, wall seconds at the pace so far (a simulated drive; else NAN) */
	bool window_valid;        /* the steady window of the rounds so far: */
	double range_pct, slope_pct;
	double range_limit_pct, slope_limit_pct;
};

#endif
