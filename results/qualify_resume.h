/* SPDX-License-Identifier: MIT */
/*
 * A qualify's --resume DIR, checked against what it holds before anything
 * runs: a qualify's folder (no result.json yet, or a qualify's), whose
 * drive folders hold the results of the drives given, in their order.
 * Each check returns 0, or -errno with one line in msg naming the problem
 * and the fix (the command prints it and exits 2).
 */
#ifndef SSDPROF_QUALIFY_RESUME_H
#define SSDPROF_QUALIFY_RESUME_H

#include <stddef.h>

#include "profiler/qualify_run.h"
#include "profiler/requirements.h"

/*
 * DIR is there, holding no result.json or a qualify's; anything else (another
 * command's result, which the qualify would write over) is refused.  When
 * reqs is empty (no --require, no --requirements), the qualify's saved
 * requirements go into it, held to the command line's rules.
 */
int qualify_resume_check(const char *dir, struct requirement_set *reqs, char *msg, size_t len);

/*
 * Each drive's folder DIR/drive-N holds results of the drive given as
 * TARGET N (results/result_identity.h), not of another (the TARGETs in
 * another order, /dev names changed, a folder copied in); the line names
 * both drives, and where this one's results are when they are in DIR.
 */
int qualify_resume_drives(const char *dir, const struct qualify_drive *d, unsigned n, char *msg, size_t len);

#endif
