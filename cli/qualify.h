/* SPDX-License-Identifier: MIT */
/*
 * ssdprof qualify: what cmd_qualify.c (options, the batch, the verdicts)
 * and qualify_drive.c (the method's settings and threads, the --resume
 * checks) share.  The method is profiler/qualify_run.h.
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
#include "profiler/qualify_run.h"
#include "results/qualify_json.h"
#include "results/result_load.h"
#include "device/target.h"

/*
 * The rest of set, what the options give every drive besides the plan and
 * the parts (cmd_qualify.c fills those): the rounds' settings of pc as the
 * checks of the opened drives left them, the store
 * (results/qualify_store.h), the interrupt, a line per point and probe on
 * stdout when print, warnings on stderr.
 */
void qualify_settings_fill(struct qualify_settings *set, const struct cli_opts *pc, bool print);
/*
 * Every drive of d[0..n) profiled (profiler/qualify_run.h), at most jobs
 * at once (0: all), each with what its life is figured from.  0, or -errno
 * when a thread could not be started.
 */
int qualify_drives_run(struct qualify_drive *d, unsigned n, unsigned jobs, const struct endurance_settings *e);
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

#endif
