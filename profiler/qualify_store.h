/* SPDX-License-Identifier: MIT */
/*
 * What qualify's method (profiler/qualify_run.h) hands what it measures
 * to: one table of hooks, filled by results/qualify_store.c, which builds
 * each part's document (slc, sweep, the QD curve's two run documents),
 * saves it in the drive's folder and, on --resume, finds what an earlier
 * run kept.  Every hook that fails sets d->error (qualify_fail) and
 * returns the exit code; a kept part is 1, none 0, one measured with
 * other settings QUALIFY_KEPT_OTHER.
 */
#ifndef SSDPROF_QUALIFY_STORE_H
#define SSDPROF_QUALIFY_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/knee.h"
#include "profiler/qualify_run.h"
#include "profiler/run_steps.h"
#include "profiler/slc_probe.h"
#include "profiler/sweep_run.h"

struct raid_rounds;
struct raid_snap;

#define QUALIFY_KEPT_OTHER (-1)

struct qualify_store {
	/* The SLC probe kept in d's folder, measured with s, into d->slc_doc. */
	int (*slc_kept)(struct qualify_drive *d, const struct slc_settings *s);
	/* The probe's r (a group: its members from before to now) as d->slc_doc, saved.  0 or an exit code. */
	int (*slc_save)(struct qualify_drive *d, const struct slc_settings *s, const struct slc_result *r,
			struct raid_snap *before);
	/* A whole sweep kept in dir, into d->sweep_doc. */
	int (*sweep_kept)(struct qualify_drive *d, const char *dir);
	/*
	 * The sweep's document started (a resume's unfinished one replayed into
	 * r->kp[0..r->n)), its state in *doc.  members: a group's per-round
	 * figures, or NULL.  0 or an exit code.
	 */
	int (*sweep_start)(struct qualify_drive *d, const char *dir, struct raid_rounds *members,
			   struct sweep_runner *r, void **doc);
	/* Point pt into the document; its view as kept in *kp.  0 or an exit code. */
	int (*sweep_point)(void *doc, struct qualify_drive *d, const struct sweep_runner *r, double op,
			   const double *member_op, const struct sweep_point *pt, struct knee_point *kp);
	/*
	 * The document saved with the knee of kp[0..n), complete: the sweep
	 * ended (its points in OP order, the end stamped).  0 or an exit code.
	 */
	int (*sweep_save)(void *doc, struct qualify_drive *d, const struct knee_point *kp, size_t n, bool complete);
	void (*sweep_free)(void *doc);
	/* The OP the sweep chose (d->sweep_doc): NAN when none. */
	double (*chosen_op)(const struct qualify_drive *d);
	/*
	 * The steps kept of curve direction dir at op (a cut curve: those that
	 * ended), *nkept of them (the whole list: the document is the
	 * direction's).  *kept: the document, the caller's to release with
	 * curve_free or keep as d->qd_doc[dir].
	 */
	int (*curve_kept)(struct qualify_drive *d, int dir, double op, void **kept, size_t *nkept);
	/* Room for a group's members per step: hooks h filled for run_steps_pass (curve_save frees it).  0 or -ENOMEM. */
	int (*curve_begin)(struct qualify_drive *d, size_t nsteps, struct run_hooks *h);
	/*
	 * Direction dir measured (ret, set: run_steps_pass's) after nkept kept
	 * steps of kept, as d->qd_doc[dir], saved with its CSV; every step's
	 * figures in all[0..*nall).  0 or an exit code.
	 */
	int (*curve_save)(struct qualify_drive *d, int dir, const struct qualify_qd_state *st,
			  const struct workload *w, const struct run_set *set, int ret, const struct run_hooks *h,
			  void *kept, size_t nkept, struct run_result *all, size_t *nall);
	void (*curve_free)(void *kept);
};

#endif
