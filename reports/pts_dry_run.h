/* SPDX-License-Identifier: MIT */
/*
 * The text of `pts --dry-run` (each test's plan and estimate, a suite's
 * total) and of the estimate line a test prints before it starts, written
 * to the FILE the command gives.  Drawn from plain data: the command fills
 * a pts_dry_test per test from its settings and plan (profiler/pts.h).
 */
#ifndef SSDPROF_PTS_DRY_RUN_H
#define SSDPROF_PTS_DRY_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define PTS_DRY_MAX_PHASES 16

/* Which test's steps the plan draws: most run rounds alone; these have their own. */
enum pts_dry_kind { PTS_DRY_ROUNDS, PTS_DRY_WSAT, PTS_DRY_HIR, PTS_DRY_XSR, PTS_DRY_DIRTH };

/* A time-series phase as the plan names it (XSR's). */
struct pts_dry_phase {
	char name[24];
	double bs;                  /* bytes */
	unsigned qd;
};

/* One test's plan and settings, as the dry run says them. */
struct pts_dry_test {
	const char *name;           /* "iops", ... */
	const char *what;           /* the test's line (pts_test_def.what) */
	enum pts_dry_kind kind;
	const char *path;           /* the target as opened */
	const char *purge_method;   /* NULL: auto */
	const char *clock;          /* "virtual" or "drive" */
	bool purge;
	size_t nstages;             /* stages of rounds (DIRTH: its one purge and fill) */
	double cells;               /* cells over those stages */
	size_t pass_cells;          /* DIRTH: the cells of its rounds after the steady stage */
	size_t nphases;
	struct pts_dry_phase phases[PTS_DRY_MAX_PHASES];
	unsigned long long span;    /* bytes */
	unsigned fill_passes, max_rounds, qd, hir_reps;
	double cell_s, min_writes, wsat_writes, xsr_writes;
	bool time_cap;
	double max_s;               /* the stimulus' time at most, seconds; NAN: the drive's rate says */
};

/* A test's plan and estimate (nothing touched). */
void pts_dry_run(FILE *f, const struct pts_dry_test *d);
/* Before a test starts: its estimate, as its dry run gives it, on one line. */
void pts_estimate_line(FILE *f, const struct pts_dry_test *d);
/* The dry run of n tests: each test's; a suite's headed by its place, then the total. */
void pts_dry_suite(FILE *f, const struct pts_dry_test *d, size_t n, bool suite);

#endif
