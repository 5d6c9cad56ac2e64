/* SPDX-License-Identifier: MIT */
/*
 * The QD curve of one qualify drive (profiler/qualify_run.h): 4k random
 * writes, then 4k random reads, one step per queue depth, at the drive's
 * chosen OP with the drive in that OP's steady state.  The state is either
 * the one the sweep left (its last point was the chosen OP) or one
 * re-established for the curve: purge, OP, fill, rounds to steady state,
 * as a sweep point.  Which it was goes into both documents
 * ("preconditioned"), so no one reads a curve of a fresh or half-settled
 * drive as a steady one.  The writes come first: random writes keep the
 * steady state, reads leave it.  Each direction is a run result (kind
 * "run", built by the store), so report renders it.  Random offsets follow
 * --random-dist, as the sweep's rounds do.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "profiler/qualify_run.h"
#include "profiler/qualify_store.h"
#include "profiler/run_steps.h"
#include "profiler/sweep.h"
#include "util/exit_code.h"

const char *const qualify_qd_dirs[2] = { "qd/randwrite", "qd/randread" };
static const enum workload_rw qd_rw[2] = { WL_RANDWRITE, WL_RANDREAD };

bool qualify_qd_takes(const struct workload *shape)
{
	if (!shape->workload)
		return true;
	if (!workload_rw_random(shape->rw) || shape->seq_pct || (!shape->nbs_mix && shape->bs != QUALIFY_QD_BS))
		return false;
	for (unsigned i = 0; i < shape->nbs_mix; i++)
		if (shape->bs_mix[i].bs != QUALIFY_QD_BS)
			return false;
	return true;
}

struct workload qualify_qd_workload(const struct qualify_drive *d, int dir, uint64_t span)
{
	const struct qualify_settings *p = d->set;

	return (struct workload){
		.rw = qd_rw[dir], .bs = d->t->info.lba_bytes > QUALIFY_QD_BS ? d->t->info.lba_bytes : QUALIFY_QD_BS,
		.qd = p->qd_list[0], .time_ns = p->qd_time_ns ? p->qd_time_ns : p->s.round_ns,
		.span_bytes = span, .seed = p->s.seed, .stop_requested = p->stop_requested,
		.dist = p->shape ? p->shape->dist : (struct offset_dist){ 0 },
	};
}

/* Every step of direction dir on d (profiler/run_steps.h), saved.  0, or an exit code with d->error set. */
static int measure_direction(struct qualify_drive *d, int dir, const struct qualify_qd_state *st, void *kept,
			     size_t nkept)
{
	const struct qualify_settings *p = d->set;
	uint64_t qds[QUALIFY_QD_MAX];
	struct run_result all[QUALIFY_QD_MAX];
	/* A resumed curve measures the depths its saved part lacks, each with the offsets it would have had. */
	struct run_plan plan = { .w = qualify_qd_workload(d, dir, st->usable_bytes), .qds = qds + nkept,
				 .nqd = p->nqd - nkept, .first_stream = nkept };
	struct run_set set = { 0 };
	struct run_hooks h = { 0 };
	size_t nall = 0;
	int ret, rc;

	for (size_t i = 0; i < p->nqd; i++)
		qds[i] = p->qd_list[i];
	ret = p->store->curve_begin(d, p->nqd, &h) ? -ENOMEM : run_set_init(&set, &plan, d->t);
	if (ret)
		snprintf(set.error, sizeof(set.error), "QD curve: out of memory");
	else
		ret = run_steps_pass(d->t, &plan, 0, &set, &h);
	plan.w.qd = p->qd_list[0];
	plan.w.stream = 0;
	rc = p->store->curve_save(d, dir, st, &plan.w, &set, ret, &h, kept, nkept, all, &nall);
	if (!rc && d->set->say) {
		char line[512];
		size_t l = 0;

		for (size_t i = 0; i < nall && l < sizeof(line); i++)
			l += (size_t)snprintf(line + l, sizeof(line) - l, " qd%u %.0f", all[i].qd, all[i].iops);
		qualify_say(d, "QD curve %s at %.2f%% OP, IOPS:%s", workload_rw_name(plan.w.rw), st->op_percent, line);
	}
	run_set_free(&set);
	return rc;
}

/* The chosen OP's steady state: the last sweep point, or the point measured again.  0 or an exit code. */
static int reach_state(struct qualify_drive *d, struct sweep_run *run, const struct qualify_last *last, double op,
		       struct qualify_qd_state *st)
{
	char err[TARGET_ERRLEN], what[64];
	struct sweep_point pt;
	int ret;

	if (last->valid && fabs(last->op_percent - op) < 0.005) {
		*st = (struct qualify_qd_state){ op, last->usable_bytes, QUALIFY_QD_AFTER_POINT, last->reached,
						 last->rounds, last->iops, last->waf, run->method };
		return 0;
	}
	snprintf(what, sizeof(what), "QD curve: re-establishing %.2f%% OP", op);
	qualify_say(d, "%s: purge, OP, fill, rounds to steady state", what + 10);
	ret = sweep_point_measure(run, op, NULL, &pt, err, sizeof(err));
	if (!ret)
		*st = (struct qualify_qd_state){ op, pt.usable_bytes, QUALIFY_QD_REESTABLISHED, pt.pc.reached,
						 pt.pc.nrounds, pt.pc.iops, pt.pc.waf, run->method };
	sweep_point_free(&pt);
	if (ret)
		return qualify_fail(d, ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED, what,
				    ret == -EINTR ? "interrupted" : err);
	return 0;
}

int qualify_qd_run(struct qualify_drive *d, struct sweep_run *run, const struct qualify_last *last, double op)
{
	const struct qualify_store *store = d->set->store;
	void *kept[2] = { NULL, NULL };
	size_t nkept[2] = { 0, 0 };
	struct qualify_qd_state st;
	int rc = 0;

	if (isnan(op)) {
		if (d->set->warn)
			d->set->warn(d, "the sweep chose no OP; no QD curve");
		return 0;
	}
	if (d->set->resume) {
		bool mismatch = false;

		for (int k = 0; k < 2; k++)
			mismatch |= store->curve_kept(d, k, op, &kept[k], &nkept[k]) == QUALIFY_KEPT_OTHER;
		if (mismatch) {
			rc = qualify_fail(d, EXIT_USAGE, d->dir, QUALIFY_MISMATCH);
			goto out;
		}
		/* A finished direction is kept whole; a cut one keeps its depths done and measures the rest. */
		for (int k = 0; k < 2; k++)
			if (kept[k] && nkept[k] == d->set->nqd) {
				d->qd_doc[k] = kept[k];
				kept[k] = NULL;
			}
		if (d->qd_doc[0] && d->qd_doc[1])
			goto out;
	}
	if ((rc = reach_state(d, run, last, op, &st)))
		goto out;
	for (int k = 0; k < 2 && !rc; k++)
		if (!d->qd_doc[k])
			rc = measure_direction(d, k, &st, kept[k], nkept[k]);
out:
	store->curve_free(kept[0]);
	store->curve_free(kept[1]);
	return rc;
}
