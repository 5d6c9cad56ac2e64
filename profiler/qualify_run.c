/* SPDX-License-Identifier: MIT */
/*
 * One drive of ssdprof qualify (profiler/qualify_run.h), in its own
 * thread: the SLC probe, then the OP sweep (or the fixed OP), then the QD
 * curve at the chosen OP (qualify_qd.c).  Each part goes to the store as
 * it is measured, so `report` reads it and a resumed qualify keeps what
 * was finished.  Failures go back in the drive's rc and error.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/qualify_run.h"
#include "profiler/qualify_store.h"
#include "profiler/raid_members.h"
#include "profiler/raid_rounds.h"
#include "profiler/slc_probe.h"
#include "profiler/sweep.h"
#include "profiler/sweep_run.h"
#include "util/exit_code.h"

int qualify_fail(struct qualify_drive *d, int rc, const char *what, const char *err)
{
	/* A long path or message is cut: the error line stays one line. */
	int n = snprintf(d->error, sizeof(d->error), "%s: ", what);

	if (n >= 0 && (size_t)n < sizeof(d->error))
		snprintf(d->error + n, sizeof(d->error) - (size_t)n, "%s", err);
	d->rc = rc;
	return rc;
}

void qualify_say(const struct qualify_drive *d, const char *fmt, ...)
{
	char line[640];
	va_list ap;

	if (!d->set->say)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	d->set->say(d, line);
}

/* The failure of a part: interrupted, or why it failed. */
static int part_failed(struct qualify_drive *d, int ret, const char *what, const char *err)
{
	return qualify_fail(d, ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED, what,
			    ret == -EINTR ? "interrupted" : err);
}

static int poll_stop(void *arg)
{
	const struct qualify_drive *d = arg;

	return d->set->stop_requested && d->set->stop_requested();
}

static int run_slc(struct qualify_drive *d)
{
	const struct qualify_settings *p = d->set;
	struct slc_settings s = {
		.usable_bytes = d->t->info.capacity_bytes, .bs = QUALIFY_SLC_BS, .qd = QUALIFY_SLC_QD,
		.seed = p->s.seed, .purge_method = p->purge_method,
	};
	struct slc_result r = { 0 };
	struct raid_snap *before = NULL;
	char dir[PATH_MAX + 16], err[TARGET_ERRLEN], summary[256];
	int ret;

	snprintf(dir, sizeof(dir), "%s/slc", d->dir);
	if (s.qd > d->t->ops->max_queue_depth)
		s.qd = d->t->ops->max_queue_depth;
	if (p->resume) {
		ret = p->store->slc_kept(d, &s);
		if (ret == QUALIFY_KEPT_OTHER)
			return qualify_fail(d, EXIT_USAGE, dir, QUALIFY_MISMATCH);
		if (ret)
			return 0;
	}
	if (target_has(d->t, TARGET_CAP_GROUP)) {
		if (!(before = raid_snap_new(d->t)))
			return qualify_fail(d, EXIT_RUN_FAILED, "SLC probe", "out of memory");
		raid_snap_take(before, d->t);
	}
	ret = slc_probe_run(d->t, &s, &r, poll_stop, d, err, sizeof(err));
	if (ret) {
		slc_result_free(&r);
		raid_snap_free(before);
		return part_failed(d, ret, "SLC probe", err);
	}
	ret = p->store->slc_save(d, &s, &r, before);
	if (!ret || d->slc_doc) {
		slc_summary(&r, summary, sizeof(summary));
		qualify_say(d, "%s", summary);
	}
	raid_snap_free(before);
	slc_result_free(&r);
	return ret;
}

/* A drive's sweep being measured: the runner, the store's document, and what the QD curve needs after it. */
struct qsweep {
	struct qualify_drive *d;
	struct sweep_runner r;
	void *doc;
	char dir[PATH_MAX + 16];
	struct raid_rounds *members;      /* a group's member figures per round */
	struct qualify_last last;         /* the point measured last: the drive's state */
};

static int progress(const struct precondition_event *ev, void *arg)
{
	struct qsweep *q = arg;

	if (q->members)
		raid_rounds_event(q->members, ev);
	if (q->d->set->round)
		q->d->set->round(q->d, ev);
	return poll_stop(q->d);
}

static void warn(void *arg, const char *msg)
{
	const struct qualify_drive *d = arg;

	if (d->set->warn)
		d->set->warn(d, msg);
}

/* The files the caller writes beside the sweep's document, after each save.  0 or an exit code. */
static int sweep_saved(struct qsweep *q)
{
	char err[TARGET_ERRLEN];

	if (q->d->set->sweep_saved && q->d->set->sweep_saved(q->d, q->dir, err, sizeof(err)) < 0)
		return qualify_fail(q->d, EXIT_RUN_FAILED, "saving the sweep", err);
	return 0;
}

static void point_start(void *arg, double op, const double *member_op, const char *steps)
{
	struct qsweep *q = arg;

	(void)member_op;
	(void)steps;
	if (q->d->set->point_begin)
		q->d->set->point_begin(q->d, op, sweep_usable_bytes(q->r.run.capacity, op));
}

/* Point pt kept and saved.  0, or an exit code with d->error set. */
static int sweep_point(void *arg, double op, const double *member_op, const struct sweep_point *pt,
		       struct knee_point *kp)
{
	struct qsweep *q = arg;
	struct qualify_drive *d = q->d;
	int rc = d->set->store->sweep_point(q->doc, d, &q->r, op, member_op, pt, kp);

	if (rc)
		return rc;
	if (d->set->point_end)
		d->set->point_end(d, op, pt);
	q->last = (struct qualify_last){
		.valid = true, .op_percent = op, .usable_bytes = pt->usable_bytes, .reached = pt->pc.reached,
		.rounds = pt->pc.nrounds, .iops = pt->pc.iops, .waf = pt->pc.waf,
	};
	qualify_say(d, "op %.2f%%: %s after %zu rounds: %.0f IOPS, WA %.2f", op,
		    pt->pc.reached ? "steady" : "NOT steady", pt->pc.nrounds, pt->pc.iops, pt->pc.waf);
	return (rc = d->set->store->sweep_save(q->doc, d, q->r.kp, q->r.n + 1, false)) ? rc : sweep_saved(q);
}

/* The sweep stopped in the point at op: the finished points stay saved for a resume.  An exit code. */
static int sweep_stop(void *arg, double op, const double *member_op, const struct sweep_point *pt, int ret,
		      const char *err)
{
	struct qsweep *q = arg;
	char what[64];

	(void)member_op;
	(void)pt;
	snprintf(what, sizeof(what), "sweep at %.2f%% OP", op);
	q->d->set->store->sweep_save(q->doc, q->d, q->r.kp, q->r.n, false);
	return part_failed(q->d, ret, what, err);
}

/* Every point the plan still needs, into d->sweep_doc.  0, or an exit code with d->error set. */
static int measure_sweep(struct qualify_drive *d, struct qsweep *q)
{
	const struct qualify_store *st = d->set->store;
	int rc;

	if (target_has(d->t, TARGET_CAP_GROUP) &&
	    !(q->members = raid_rounds_new(d->t, precondition_max_rounds(q->r.run.settings))))
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory");
	if ((rc = st->sweep_start(d, q->dir, q->members, &q->r, &q->doc)))
		return rc;
	q->r.plan = d->set->plan;
	q->r.hooks = (struct sweep_hooks){ .arg = q, .start = point_start, .point = sweep_point, .stop = sweep_stop };
	if (d->set->sweep_begin)
		d->set->sweep_begin(d, &q->r);
	rc = sweep_runner_run(&q->r);
	if (d->set->sweep_end)
		d->set->sweep_end(d, !rc);
	if (rc)
		return rc;
	return (rc = st->sweep_save(q->doc, d, q->r.kp, q->r.n, true)) ? rc : sweep_saved(q);
}

/* The sweep (or what a resumed drive kept of it), then the QD curve at its chosen OP. */
static int run_sweep(struct qualify_drive *d)
{
	const struct qualify_settings *p = d->set;
	struct precondition_settings s = p->s;   /* each drive its own: the point sets usable_bytes */
	struct qsweep *q = calloc(1, sizeof(*q));
	struct sweep_run *run;
	char err[TARGET_ERRLEN];
	int rc = 0;

	if (!q)
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory");
	q->d = d;
	run = &q->r.run;
	*run = (struct sweep_run){
		.t = d->t, .capacity = d->t->info.capacity_bytes, .requested = p->op_method,
		.method = sweep_resolve_op_method(d->t, p->op_method), .purge_method = p->purge_method,
		.settings = &s, .progress = progress, .poll = poll_stop, .arg = q, .warn = warn, .warn_arg = d,
	};
	snprintf(q->dir, sizeof(q->dir), "%s/sweep", d->dir);
	if (p->resume && (rc = p->store->sweep_kept(d, q->dir)) == QUALIFY_KEPT_OTHER)
		rc = qualify_fail(d, EXIT_USAGE, q->dir, QUALIFY_MISMATCH);
	else
		rc = 0;
	if (!rc && !d->sweep_doc)
		rc = measure_sweep(d, q);
	/* Before the capacity goes back: the curve runs at the chosen OP. */
	if (!rc && p->qd)
		rc = qualify_qd_run(d, run, &q->last, p->store->chosen_op(d));
	if (sweep_restore_capacity(run, err, sizeof(err))) {
		char msg[TARGET_ERRLEN + 64];

		snprintf(msg, sizeof(msg), "restoring the full capacity failed: %s", err);
		warn(d, msg);
	}
	if (q->doc)
		p->store->sweep_free(q->doc);
	raid_rounds_free(q->members);
	free(q);
	return rc;
}

void qualify_drive_measure(struct qualify_drive *d)
{
	d->rc = 0;
	if (d->set->slc && run_slc(d))
		return;
	run_sweep(d);
}
