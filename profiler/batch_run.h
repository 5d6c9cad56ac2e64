/* SPDX-License-Identifier: MIT */
/*
 * Several drives at once (DESIGN.md 3, "Many drives"): what a batch runs
 * (cli/batch.h for the command's side: opening, gating and saving).  One
 * struct per drive, which the caller fills and the drive's run completes,
 * and the runner that takes the drives at most jobs at a time, a thread
 * each.  results/batch_json.h builds the batch's document from the drives.
 */
#ifndef SSDPROF_BATCH_RUN_H
#define SSDPROF_BATCH_RUN_H

#include <limits.h>
#include <stddef.h>

#include "device/target.h"

struct batch_cmd;

/* One drive of a batch: the runner fills the first part, the drive's thread the rest. */
struct batch_drive {
	unsigned index;                 /* from 1, in TARGET order */
	const char *spec;               /* the TARGET as typed */
	struct target *t;
	const char *yes;                /* its own item of a comma-separated --yes */
	char yes_buf[256];
	char dir[PATH_MAX];             /* its own results folder, DIR/drive-N */
	char prefix[24];                /* "drive N: ", before each of its lines */
	void *arg;                      /* the command's state for this drive */
	const struct batch_cmd *cmd;
	void *ctx;
	/* Out. */
	int rc;                         /* enum exit_code of its run */
	char error[TARGET_ERRLEN + 96]; /* the first error it said, when rc */
	const char *figure;             /* the headline's name (a BATCH_FIGURES one), NULL: none */
	double value;                   /* the headline's value, NAN when not measured */
};

/*
 * Call run on each of the n items of size bytes at items, jobs at a time
 * (0: all at once; 1: one after another), each in a thread, the next item
 * from a shared counter.  0, or -errno when no thread could start (the
 * items' own failures are theirs to keep).
 */
int batch_run(void *items, size_t size, unsigned n, unsigned jobs, void *(*run)(void *item));

#endif
