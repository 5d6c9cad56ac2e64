/* SPDX-License-Identifier: MIT */
/*
 * qualify's method for one drive (DESIGN.md 5): the SLC probe, then the OP
 * sweep (or the fixed OP) on the one sweep runner (profiler/sweep_run.h),
 * then the QD curve at the chosen OP on run's steps (profiler/run_steps.h,
 * profiler/qualify_qd.c).  Each drive runs in a thread of its own; one
 * failing stops no other.
 *
 * The method keeps no document: what it measured goes to the store (struct
 * qualify_store, results/qualify_store.h), which builds each part's
 * document, saves it in the drive's folder as slc, sweep and run save
 * theirs, and on --resume says what an earlier run kept.  What is said on
 * the way (a line per point and probe, warnings) goes to the settings'
 * hooks: nothing here prints.
 */
#ifndef SSDPROF_QUALIFY_RUN_H
#define SSDPROF_QUALIFY_RUN_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "device/target.h"
#include "engine/workload.h"
#include "precondition/precondition.h"
#include "profiler/sweep.h"
#include "profiler/sweep_plan.h"

struct endurance_input;
struct json_object;
struct qualify_drive;
struct qualify_store;
struct sweep_runner;
struct sweep_point;
struct precondition_event;

/* Steps of a qualify QD curve. */
#define QUALIFY_QD_MAX 16
/* The QD curve's block size: 4k random writes, then reads (the drive's LBA when that is larger). */
#define QUALIFY_QD_BS 4096u
/* The SLC probe's writes. */
#define QUALIFY_SLC_BS (128u * 1024)
#define QUALIFY_SLC_QD 32u

/* What every drive's profile is: the same for all (cli/ fills it from its options). */
struct qualify_settings {
	struct precondition_settings s;   /* the rounds: each drive takes a copy */
	const char *purge_method;         /* NULL: auto */
	const char *command;              /* the command line, for the documents */
	const struct workload *shape;     /* --workload / --random-dist, or NULL */
	struct sweep_plan plan;           /* one point for a fixed OP */
	enum op_method op_method;
	bool slc;                         /* run the SLC probe */
	bool qd;                          /* the QD curve at the chosen OP */
	unsigned qd_list[QUALIFY_QD_MAX];
	size_t nqd;
	uint64_t qd_time_ns;              /* each step's length on the target clock; 0: a round's */
	bool resume;                      /* keep what a drive's folder already holds */
	const struct qualify_store *store;
	/* Hooks (any may be NULL): an interrupt, a line of the drive's progress, a warning. */
	bool (*stop_requested)(void);
	void (*say)(const struct qualify_drive *d, const char *line);
	void (*warn)(const struct qualify_drive *d, const char *msg);
	/*
	 * What a live display follows (--metrics; any may be NULL): the sweep
	 * begun, each point begun, each round's event, each point measured, the
	 * sweep ended; and each save of the sweep's document into dir, for the
	 * files written beside it (0, or -errno with err).  hook_arg: the
	 * caller's, for all of them; d->ui: the caller's per drive.
	 */
	void (*sweep_begin)(struct qualify_drive *d, const struct sweep_runner *r);
	void (*point_begin)(struct qualify_drive *d, double op, uint64_t usable_bytes);
	void (*round)(struct qualify_drive *d, const struct precondition_event *ev);
	void (*point_end)(struct qualify_drive *d, double op, const struct sweep_point *pt);
	void (*sweep_end)(struct qualify_drive *d, bool ok);
	int (*sweep_saved)(struct qualify_drive *d, const char *dir, char *err, size_t len);
	const void *hook_arg;
};

/* One drive: the caller fills the first part, the method the rest. */
struct qualify_drive {
	const struct qualify_settings *set;
	unsigned index;                   /* from 1 */
	const char *spec;                 /* the TARGET as typed */
	struct target *t;
	char dir[PATH_MAX];               /* its own results folder */
	const struct endurance_input *ein;   /* what the sweep's life is figured from */
	void *ui;                         /* the caller's, for the display hooks */
	/* Out. */
	int rc;                           /* enum exit_code of its profile */
	char error[TARGET_ERRLEN + 96];   /* why it failed, when rc: what, then the reason */
	/* The store's documents as saved (opaque here); NULL: not run. */
	struct json_object *sweep_doc;
	struct json_object *slc_doc;
	struct json_object *qd_doc[2];    /* the QD curve: random writes, random reads */
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

/* How the drive came to the chosen OP's steady state before its QD curve, as both documents say it. */
struct qualify_qd_state {
	double op_percent;
	uint64_t usable_bytes;
	const char *how;                  /* QUALIFY_QD_AFTER_POINT or QUALIFY_QD_REESTABLISHED */
	bool reached;
	size_t rounds;
	double iops, waf;
	enum op_method method;
};
#define QUALIFY_QD_AFTER_POINT "after-sweep-point"
#define QUALIFY_QD_REESTABLISHED "re-established"

/* The folders of the QD curve's two documents, under the drive's own. */
extern const char *const qualify_qd_dirs[2];

/*
 * Whether the QD curve can run as shape says (--workload, --random-dist):
 * it takes the offsets of --random-dist, and a --workload only when that is
 * 4k random I/O anyway (its read share is the curve's two directions).
 */
bool qualify_qd_takes(const struct workload *shape);
/* The workload of direction dir (0 writes, 1 reads) of d's QD curve on span bytes, at the list's first depth. */
struct workload qualify_qd_workload(const struct qualify_drive *d, int dir, uint64_t span);

/* The profile of d->t into d->dir: SLC probe, the sweep, the QD curve.  d->rc: 0 or an exit code. */
void qualify_drive_measure(struct qualify_drive *d);
/*
 * The QD curve of d at its chosen OP (op), measured right after the sweep
 * point when last is that point, else at that OP re-established (purge,
 * OP, fill, rounds to steady state) on run.  0, or an exit code with
 * d->error set.
 */
int qualify_qd_run(struct qualify_drive *d, struct sweep_run *run, const struct qualify_last *last, double op);
/* d's fail: what, then why, into d->error; returns rc. */
int qualify_fail(struct qualify_drive *d, int rc, const char *what, const char *err);
/* A line of d's progress through its say hook (printf-like). */
void qualify_say(const struct qualify_drive *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define QUALIFY_MISMATCH "holds results measured with other settings; resume with the options it was started " \
	"with, or give a new --out"

#endif
