/* SPDX-License-Identifier: MIT */
/*
 * The steps of a run, the method behind `run` and qualify's QD curve: one
 * workload, one step per queue depth of a list, and with a chunk list the
 * whole list once per chunk, each on the group opened afresh (a hook), so
 * every chunk starts from the same state.
 *
 * Before the first step of each pass the drive is prepared: the span filled
 * once (reads then read data), or brought to the SNIA steady state with the
 * precondition/ machinery (a write curve: its figures are then the drive's
 * steady ones, not a fresh drive's), and then the drive's own queue drained,
 * so the first I/O measured does not wait behind the preparation's writes.
 *
 * Each step draws fresh offsets: step k of a pass draws stream k of the
 * seed (workload.stream), so steps of the same depth are not replays of one
 * another and one seed still gives the same run.  Step 0 draws the seed's
 * own offsets, as a run of one step always has.
 */
#ifndef SSDPROF_RUN_STEPS_H
#define SSDPROF_RUN_STEPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/workload.h"
#include "precondition/precondition.h"

struct raid_snap;
struct target;

#define RUN_STEPS_ERRLEN 400
/*
 * The rounds to steady state before a write curve are shortened ones (issue
 * 18, as sweep --fast's): each writes this share of the span, after the
 * fresh drive's minimum of SWEEP_FRESH_MIN_WRITES spans.  60 s rounds took a
 * RAID 1 of two 1G dc-tlc over ten minutes before its first step.
 */
#define RUN_STEADY_ROUND_WRITES 0.1

/* How the drive is prepared before the first step of a pass. */
enum run_prep {
	RUN_PREP_NONE,          /* measured as it is */
	RUN_PREP_FILL,          /* the span written once sequentially (--fill) */
	RUN_PREP_STEADY,        /* fill and rounds to the SNIA steady state */
};

struct run_plan {
	struct workload w;              /* the steps' workload; w.qd and w.stream set per step */
	const uint64_t *qds;
	size_t nqd;
	const uint64_t *chunks;         /* a chunk list (a group opened afresh per chunk), or NULL */
	size_t nchunk;                  /* 0 or 1: one pass */
	/* Step k of a pass draws stream first_stream + k (a resumed curve goes on where it stopped). */
	size_t first_stream;
	enum run_prep prep;
	/*
	 * Per step (nqd entries): the one size the step runs at instead of
	 * w's size or mix, keeping w's pattern, read share and offsets; 0: w
	 * as it is.  NULL: every step runs w.  (run --bs LIST.)
	 */
	const uint64_t *bss;
	/* RUN_PREP_STEADY: the rounds (usable_bytes is the span, run_steps_steady_settings) */
	struct precondition_settings pc;
};

/* What the preparation did (the last pass's; reached only when every pass reached it). */
struct run_prep_result {
	enum run_prep how;
	struct fill_result fill;
	bool reached;                   /* RUN_PREP_STEADY: the window held */
	size_t rounds;
	double iops, waf;               /* over the steady window; NAN when not measured */
	double seconds;                 /* target clock, fill and rounds */
	const char *stop_reason;
};

/* The series of a run in run order: one per step, chunk after chunk. */
struct run_set {
	struct run_result *res;         /* room for every step of the plan */
	size_t n;                       /* how many were started (an interrupt or error stops early) */
	struct raid_snap *before, *after;   /* a group: the members around the step */
	double vsec;                    /* the steps' time on the target clock */
	double prep_s;                  /* the preparations' time on the target clock (not in vsec) */
	bool interrupted;
	bool prep_failed;               /* error is the preparation's: no step ran */
	struct run_prep_result prep;
	/* Why a measurement failed (saved as "error"), or "": then what it measured is saved. */
	char error[RUN_STEPS_ERRLEN];
};

struct run_hooks {
	void *arg;
	/* Step i (in set->res) of chunk c starts at depth qd.  Optional. */
	void (*step_start)(void *arg, size_t c, size_t i, unsigned qd);
	/* workload_run's per-sample callback (arg given).  Optional. */
	workload_progress_fn sample;
	/*
	 * Step i of chunk c ended (failed: it stopped on an error), with the
	 * group's members from a to b (NULL, NULL on a single drive).  0 or
	 * -errno, which ends the run as a failed measurement.  Optional.
	 */
	int (*step_end)(void *arg, size_t c, size_t i, struct target *t, const struct run_result *r,
			const struct raid_snap *a, const struct raid_snap *b, bool failed);
	/* Chunk c > 0: close *t and open the group afresh with chunks[c].  0, or a code returned as is. */
	int (*reopen)(void *arg, size_t c, struct target **t);
	/* The preparation of chunk c is done.  Optional. */
	void (*prepared)(void *arg, size_t c, const struct run_prep_result *p);
	/* Polled during the preparation; non-zero stops it (-EINTR).  Optional. */
	precondition_poll_fn poll;
	precondition_progress_fn pc_progress;
};

/*
 * The steady-state rounds for a write curve of w on span bytes: random
 * writes of w's pattern and sizes at queue depth qd (the shared defaults of
 * s: fill passes, round length, rounds, minimum writes, seed).
 */
struct precondition_settings run_steps_steady_settings(const struct precondition_settings *s,
						       const struct workload *w, uint64_t span);

/* Rooms for every step of p in set (res, and with group the snapshots).  0 or -ENOMEM. */
int run_set_init(struct run_set *set, const struct run_plan *p, const struct target *group);
void run_set_free(struct run_set *set);

/*
 * Every chunk's preparation and steps into set.  0 (set->interrupted when
 * a signal cut a step: what ran is kept); -EIO with set->error when a step
 * or the preparation failed (set->prep_failed) and what was measured is
 * kept; -EINTR when the preparation was interrupted, nothing measured; or
 * what reopen returned.
 */
int run_steps_all(struct target **t, struct run_plan *p, struct run_set *set, const struct run_hooks *h);

/*
 * The steps of one pass on t (no preparation), appended to set: the QD
 * curve of qualify.  Return values as run_steps_all.
 */
int run_steps_pass(struct target *t, struct run_plan *p, size_t chunk, struct run_set *set,
		   const struct run_hooks *h);

/*
 * Let the drive program what it acknowledged before a measurement (a
 * simulated drive's write buffer after a fill); nothing on a target that
 * cannot say.  0 or -errno.
 */
int run_steps_drain(struct target *t);

#endif
