/* SPDX-License-Identifier: MIT */
/* The steps of a run (profiler/run_steps.h): preparation, drain, one step per depth, per chunk. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/target.h"
#include "engine/workload.h"
#include "precondition/precondition.h"
#include "profiler/raid_members.h"
#include "profiler/run_steps.h"
#include "profiler/sweep.h"

struct precondition_settings run_steps_steady_settings(const struct precondition_settings *s,
						       const struct workload *w, uint64_t span)
{
	struct precondition_settings pc = *s;

	pc.usable_bytes = span;
	pc.round_writes = RUN_STEADY_ROUND_WRITES;
	pc.min_writes = fmax(s->min_writes, SWEEP_FRESH_MIN_WRITES);
	pc.fill_from_bytes = 0;
	pc.host_spare_bytes = 0;
	pc.bs = w->nbs_mix ? s->bs : w->bs;
	/* The rounds write as the curve does: its sizes, mix and offset skew. */
	pc.shape = w->nbs_mix || w->workload || w->dist.kind != OD_UNIFORM || w->rw != WL_RANDWRITE ? w : NULL;
	return pc;
}

int run_set_init(struct run_set *set, const struct run_plan *p, const struct target *group)
{
	size_t n = (p->nchunk > 1 ? p->nchunk : 1) * p->nqd;

	set->res = calloc(n, sizeof(*set->res));
	if (!set->res)
		return -ENOMEM;
	if (group && target_has(group, TARGET_CAP_GROUP)) {
		set->before = raid_snap_new(group);
		set->after = raid_snap_new(group);
		if (!set->before || !set->after)
			return -ENOMEM;
	}
	return 0;
}

void run_set_free(struct run_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		run_result_free(&set->res[i]);
	free(set->res);
	raid_snap_free(set->before);
	raid_snap_free(set->after);
	set->res = NULL;
	set->before = set->after = NULL;
	set->n = 0;
}

/*
 * Let the drive program what it acknowledged: the fill's last writes sit
 * in its write buffer, and the first I/O measured would wait behind them
 * (22-95 ms on a simulated drive, shown as the run's max latency).  A
 * target that cannot say (a real drive: every completion is reaped) needs
 * nothing.  0 or -errno.
 */
static int drain(struct target *t)
{
	uint64_t ns = 0;

	if (!t->ops->idle || target_control(t, TARGET_CTL_BUSY_NS, &ns) < 0 || !ns)
		return 0;
	return t->ops->idle(t, ns);
}

int run_steps_drain(struct target *t)
{
	return drain(t);
}

/* The preparation of p on t into set->prep.  0, -EINTR, or -errno with set->error. */
static int prepare(struct target *t, const struct run_plan *p, struct run_set *set, const struct run_hooks *h)
{
	struct run_prep_result *r = &set->prep;
	char err[RUN_STEPS_ERRLEN - 64];
	bool first = !r->how;
	int ret = 0;

	err[0] = '\0';
	r->how = p->prep;
	if (p->prep == RUN_PREP_FILL) {
		ret = precondition_fill(t, p->w.span_bytes, 1, p->w.seed, h->poll, h->arg, &r->fill, err,
					sizeof(err));
		r->seconds = r->fill.seconds;
		r->reached = false;
		r->iops = r->waf = NAN;
	} else if (p->prep == RUN_PREP_STEADY) {
		struct precondition_result pr = { 0 };

		ret = precondition_run(t, &p->pc, &pr, h->pc_progress, h->poll, h->arg, err, sizeof(err));
		r->fill = pr.fill;
		r->reached = pr.reached && (first || r->reached);
		r->rounds = pr.nrounds;
		r->iops = pr.iops;
		r->waf = pr.waf;
		r->seconds = pr.seconds;
		r->stop_reason = pr.stop_reason;
		precondition_result_free(&pr);
	}
	set->prep_s += r->seconds;
	if (!ret)
		ret = drain(t);
	if (ret && ret != -EINTR) {
		set->prep_failed = true;
		snprintf(set->error, sizeof(set->error), "run: the %s: %s",
			 p->prep == RUN_PREP_STEADY ? "preconditioning to steady state" : "fill",
			 err[0] ? err : strerror(-ret));
		return -EIO;
	}
	return ret;
}

/* The end of step i: the members' figures (a group) and the hook.  0 or -errno. */
static int step_end(struct target *t, struct run_set *set, size_t c, size_t i, const struct run_hooks *h,
		    bool failed)
{
	if (set->before)
		raid_snap_take(set->after, t);
	if (!h->step_end)
		return 0;
	return h->step_end(h->arg, c, i, t, &set->res[i], set->before, set->before ? set->after : NULL, failed);
}

int run_steps_pass(struct target *t, struct run_plan *p, size_t chunk, struct run_set *set,
		   const struct run_hooks *h)
{
	char err[RUN_STEPS_ERRLEN - 64];
	int ret;

	for (size_t k = 0; k < p->nqd && !set->interrupted; k++) {
		size_t i = set->n;
		struct run_result *r = &set->res[i];

		struct workload w;

		p->w.qd = (unsigned)p->qds[k];
		/* Fresh offsets per step: stream k of the seed (step 0 the seed's own). */
		p->w.stream = p->first_stream + k;
		w = p->w;
		/* A size of a --bs list: that one size, in the pattern, read share and offsets of w. */
		if (p->bss && p->bss[k]) {
			w.nbs_mix = 0;
			w.bs = (uint32_t)p->bss[k];
		}
		if (set->before)
			raid_snap_take(set->before, t);
		if (h->step_start)
			h->step_start(h->arg, chunk, i, p->w.qd);
		ret = workload_run(t, &w, r, h->sample, h->arg, err, sizeof(err));
		set->n++;
		set->vsec += (double)r->elapsed_ns / 1e9;
		if (ret < 0) {
			/* The series keeps the intervals it measured; the members theirs up to the error. */
			snprintf(set->error, sizeof(set->error), "run failed at qd %u: %s", p->w.qd, err);
			step_end(t, set, chunk, i, h, true);
			return -EIO;
		}
		if (r->stopped_early && p->w.stop_requested && p->w.stop_requested())
			set->interrupted = true;
		if ((ret = step_end(t, set, chunk, i, h, false))) {
			snprintf(set->error, sizeof(set->error), "run: the members' figures at qd %u: %s", p->w.qd,
				 strerror(-ret));
			step_end(t, set, chunk, i, h, true);
			return -EIO;
		}
		if (r->verify_errors) {
			snprintf(set->error, sizeof(set->error),
				 "verify: %llu reads differ from what seed %llu writes; the first at byte offset %llu",
				 (unsigned long long)r->verify_errors, (unsigned long long)p->w.seed,
				 (unsigned long long)r->verify_first_offset);
			return -EIO;
		}
	}
	return 0;
}

int run_steps_all(struct target **t, struct run_plan *p, struct run_set *set, const struct run_hooks *h)
{
	size_t nchunk = p->nchunk > 1 ? p->nchunk : 1;
	int ret;

	for (size_t c = 0; c < nchunk && !set->interrupted; c++) {
		if (c && (ret = h->reopen(h->arg, c, t)))
			return ret;
		if (p->prep != RUN_PREP_NONE) {
			if ((ret = prepare(*t, p, set, h)))
				return ret;
			if (h->prepared)
				h->prepared(h->arg, c, &set->prep);
		}
		if ((ret = run_steps_pass(*t, p, c, set, h)))
			return ret;
	}
	return 0;
}
