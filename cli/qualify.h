/* SPDX-License-Identifier: MIT */
/*
 * ssdprof qualify: what cmd_qualify.c (options, the batch, the verdicts)
 * and qualify_drive.c (one drive's profile, run in its own thread) share.
 */
#ifndef SSDPROF_QUALIFY_H
#define SSDPROF_QUALIFY_H

#include <limits.h>
#include <stdbool.h>

#include "cli/endurance_opts.h"
#include "cli/options.h"
#include "profiler/requirements.h"
#include "profiler/sweep_plan.h"
#include "device/target.h"

struct json_object;

/* What every drive's profile is: the same for all. */
struct qualify_profile {
	const struct cli_opts *pc;        /* the rounds' settings, purge, command line */
	struct sweep_plan plan;           /* one point for a fixed OP */
	enum op_method op_method;
	bool slc;                         /* run the SLC probe */
	bool resume;                      /* keep what a drive's folder already holds */
	struct endurance_opts endurance;
	bool print;                       /* a line per point and probe on stdout */
};

/* One drive of the batch: its thread reads the first part and fills the rest. */
struct qualify_drive {
	const struct qualify_profile *prof;
	unsigned index;                   /* from 1 */
	const char *spec;                 /* the TARGET as typed */
	struct target *t;
	char dir[PATH_MAX];               /* its own results folder */
	/* Out. */
	int rc;                           /* enum exit_code of its profile */
	char error[TARGET_ERRLEN + 96];   /* why it failed, when rc: what, then the reason */
	struct json_object *sweep_doc;    /* as saved; NULL when not run */
	struct json_object *slc_doc;
	char ein_src[32];
};

#define QUALIFY_MAX_DRIVES 64   /* at most cli/batch.h BATCH_MAX_DRIVES: batch_run runs them */

/* The profile of d->t into d->dir: SLC probe, then the sweep.  Thread start routine; returns NULL. */
void *qualify_drive_run(void *arg);

#endif
