/* SPDX-License-Identifier: MIT */
/*
 * ssdprof qualify: what cmd_qualify.c (options, the batch, the verdicts)
 * and qualify_drive.c (one drive's profile, run in its own thread) share.
 */
#ifndef SSDPROF_QUALIFY_H
#define SSDPROF_QUALIFY_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "cli/endurance_opts.h"
#include "cli/options.h"
#include "profiler/requirements.h"
#include "profiler/sweep_plan.h"
#include "results/qualify_json.h"
#include "results/result_load.h"
#include "device/target.h"

struct json_object;
struct sweep_run;

/* What every drive's profile is: the same for all. */
struct qualify_profile {
	const struct cli_opts *pc;        /* the rounds' settings, purge, command line */
	struct sweep_plan plan;           /* one point for a fixed OP */
	enum op_method op_method;
	bool slc;                         /* run the SLC probe */
	bool qd;                          /* the QD curve at the chosen OP */
	unsigned qd_list[QUALIFY_QD_MAX];
	size_t nqd;
	uint64_t qd_time_ns;              /* each step's length on the target clock */
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
	struct json_object *qd_doc[2];    /* the QD curve: random writes, random reads; NULL: not run */
	char ein_src[32];
};

/* The last sweep point this process measured on a drive: the state the drive is in. */
struct qualify_last {
	bool valid;
	double op_percent;
	uint64_t usable_bytes;
	bool reached;
	size_t rounds;
	double iops, waf;
};

/* The QD curve's block size: 4k random writes, then reads (the drive's LBA when that is larger). */
#define QUALIFY_QD_BS 4096u
/*
 * Whether the QD curve can run as shape says (--workload, --random-dist):
 * it takes the offsets of --random-dist, and a --workload only when that is
 * 4k random I/O anyway (its read share is the curve's two directions).
 */
struct workload;
bool qualify_qd_takes(const struct workload *shape);

/* The folders of the QD curve's two documents, under the drive's own. */
extern const char *const qualify_qd_dirs[2];

/* The profile of d->t into d->dir: SLC probe, the sweep, the QD curve.  Thread start routine; returns NULL. */
void *qualify_drive_run(void *arg);
/*
 * The QD curve of drive d at its chosen OP (from d->sweep_doc), by run's
 * target and settings: measured right after the sweep point when last is
 * that point, else at that OP re-established (purge, OP, fill, rounds to
 * steady state), each direction saved as a run result in d->dir/qd/.
 * 0, or an exit code with d->error set.
 */
int qualify_qd_run(struct qualify_drive *d, struct sweep_run *run, const struct qualify_last *last);
/* d's fail: what, then why, into d->error; returns rc. */
int qualify_fail(struct qualify_drive *d, int rc, const char *what, const char *err);
/*
 * What an earlier run saved in dir: a document of kind want (complete when
 * need_complete) measured with these settings.  NULL when there is none;
 * one with other settings is refused (*mismatch set) rather than mixed
 * with this run's or silently measured over.
 */
struct json_object *qualify_load_done(const char *dir, enum result_kind want, bool need_complete,
				      struct json_object *settings, bool *mismatch);
/*
 * --resume DIR names the folder of an earlier qualify: one that is there,
 * holding no result.json or a qualify's.  Anything else (another command's
 * result, which the qualify would write over) is refused.  When reqs is
 * empty (no --require, no --requirements), the qualify's saved
 * requirements go into it.  0, or EXIT_USAGE after printing why.
 */
int qualify_check_resume(const char *dir, struct requirement_set *reqs);
/*
 * --resume DIR: each drive's folder DIR/drive-N holds results of the drive
 * given as TARGET N (results/result_identity.h), not of another (the
 * TARGETs in another order, /dev names changed, a folder copied in).  0,
 * or EXIT_USAGE after printing one line naming both drives.
 */
int qualify_check_drives(const char *dir, const struct qualify_drive *d, unsigned n);
#define QUALIFY_MISMATCH "holds results measured with other settings; resume with the options it was started " \
	"with, or give a new --out"

#endif
