/* SPDX-License-Identifier: MIT */
/*
 * The SNIA PTS demand intensity / response time histogram test (DIRTH,
 * profiler/pts_dirth.c) and the composite block size workload (CBW,
 * profiler/pts_cbw.c): their plans and runners for the table of tests
 * (profiler/pts.c), and DIRTH's figures beyond the matrix's.
 *
 * DIRTH: purge, fill, then rounds of random 8 KiB writes at the highest
 * demand (32 threads x 32 outstanding I/Os each) until the steady window
 * holds on their IOPS (the preconditioning); then rounds of the grid,
 * thread counts 32, 16, 8, 6, 4, 2, 1 x queue depths 32, 16, 8, 6, 4, 2, 1
 * (49 cells at 65% read, highest demand first) until the highest demand's
 * IOPS holds the window: IOPS against mean response time per thread count
 * (demand intensity), IOPS against thread count per queue depth (demand
 * variation), and the window's response-time histograms of three cells:
 * T1 x Q1 (min), the highest IOPS under a 5 ms mean (max) and the one of
 * those nearest halfway (mid).  The engine keeps one queue per target: T
 * threads of Q outstanding I/Os each run as one queue of T x Q.  A target
 * that keeps fewer in flight (a RAID group: 256) is preconditioned and
 * tracked at the highest T x Q it takes, and the deeper cells are not
 * measured (null).
 */
#ifndef SSDPROF_PTS_DIRTH_H
#define SSDPROF_PTS_DIRTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pts_settings;
struct pts_result;
struct target;

/* Response-time histogram bins: bin 0 is [0, 1) us, bin i [2^(i-1), 2^i) us. */
#define PTS_DIRTH_BINS 36

/* One of DIRTH's three points (max, mid, min) of the demand-intensity grid. */
struct pts_dirth_point {
	size_t cell;                /* index into the grid's cells */
	double iops, lat_mean_us, lat_p99_us, lat_p9999_us, lat_p99999_us, lat_max_us;
	uint64_t ios;
	uint64_t bins[PTS_DIRTH_BINS];
};

struct pts_dirth {
	bool valid;                 /* the grid's rounds measured T1 x Q1 and a max */
	struct pts_dirth_point points[3];
};

/* The points' names, in the order of pts_dirth.points. */
extern const char *const pts_dirth_point_names[3];

/* DIRTH: the preconditioning (one cell) and the demand-intensity grid (49 cells). */
void pts_plan_dirth(const struct pts_settings *s, struct pts_result *r);
int pts_run_dirth(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
double pts_dirth_seconds(const struct pts_settings *s);
/* CBW: one cell, the snia-cbw access specification at the settings' qd, to the steady window on its IOPS. */
void pts_plan_cbw(const struct pts_settings *s, struct pts_result *r);

#endif
