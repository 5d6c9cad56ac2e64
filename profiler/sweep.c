/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "profiler/sweep.h"
#include "profiler/sweep_construct.h"

enum op_method sweep_resolve_op_method(const struct target *t, enum op_method requested)
{
	if (requested != OP_METHOD_AUTO)
		return requested;
	if (target_has(t, TARGET_CAP_OP_NAMESPACE))
		return OP_METHOD_NAMESPACE;
	if (target_has(t, TARGET_CAP_OP_HPA))
		return OP_METHOD_HPA;
	return OP_METHOD_SPAN;
}

static const char *const op_method_names[] = { "auto", "namespace", "hpa", "span" };

const char *op_method_name(enum op_method m)
{
	return op_method_names[m];
}

int op_method_parse(const char *name, enum op_method *m)
{
	for (size_t i = 0; i < sizeof(op_method_names) / sizeof(op_method_names[0]); i++)
		if (!strcmp(name, op_method_names[i])) {
			*m = (enum op_method)i;
			return 0;
		}
	return -EINVAL;
}

uint64_t sweep_usable_bytes(uint64_t capacity, double op_percent)
{
	const uint64_t align = 1024 * 1024;
	uint64_t cap = capacity;

	return (uint64_t)((double)cap * (1.0 - op_percent / 100.0)) / align * align;
}

int sweep_run_point(struct target *t, uint64_t capacity, double op_percent, enum op_method method,
		    const double *member_op, const char *purge_method, struct precondition_settings *settings,
		    struct sweep_point *out, precondition_progress_fn progress,
		    precondition_poll_fn poll, void *arg, char *err, size_t errlen)
{
	uint64_t start = t->ops->now_ns(t);
	int ret;

	memset(out, 0, sizeof(*out));
	out->op_percent = op_percent;
	out->op_method = method;
	out->usable_bytes = sweep_usable_bytes(capacity, op_percent);
	settings->usable_bytes = out->usable_bytes;

	/*
	 * Purge first so the span method starts from an all-unmapped drive: the
	 * LBAs past the span are then spare area the FTL can use, which is what
	 * span OP means.
	 */
	ret = precondition_purge(t, purge_method, out->purge_method, sizeof(out->purge_method), err, errlen);
	if (ret > 0)
		return -EOPNOTSUPP;   /* without a purge the OP levels would not be spare area */
	if (ret)
		return ret;
	if (member_op) {
		struct target_member_op mo = { .op_percent = member_op, .set = true, .err = err, .errlen = errlen };

		ret = target_control(t, TARGET_CTL_MEMBER_OP, &mo);
		if (ret)
			return ret;
		out->usable_bytes = settings->usable_bytes = t->info.capacity_bytes;
	} else if (t->ops->set_op) {
		ret = t->ops->set_op(t, method, out->usable_bytes, err, errlen);
		if (ret)
			return ret;
	} else if (method != OP_METHOD_SPAN) {
		snprintf(err, errlen, "%s cannot change its capacity; use --op-method span", t->info.path);
		return -EOPNOTSUPP;
	}
	settings->host_spare_bytes = capacity > out->usable_bytes ? capacity - out->usable_bytes : 0;
	ret = precondition_run(t, settings, &out->pc, progress, poll, arg, err, errlen);
	out->drive_seconds = (double)(t->ops->now_ns(t) - start) / 1e9;
	return ret;
}

void sweep_point_free(struct sweep_point *p)
{
	precondition_result_free(&p->pc);
}

int sweep_carry_point(struct sweep_run *r, double op_percent, struct sweep_point *out, char *err, size_t errlen)
{
	struct precondition_settings s = *r->settings;
	uint64_t start = r->t->ops->now_ns(r->t);
	int ret;

	memset(out, 0, sizeof(*out));
	out->op_percent = op_percent;
	out->op_method = OP_METHOD_SPAN;
	out->carried_over = true;
	out->usable_bytes = sweep_usable_bytes(r->capacity, op_percent);
	if (!r->last_usable || out->usable_bytes == r->last_usable || !target_has(r->t, TARGET_CAP_TRIM)) {
		snprintf(err, errlen, "%s: a point carries over from another OP of this run, by TRIM", r->t->info.path);
		return -EINVAL;
	}
	s.usable_bytes = out->usable_bytes;
	s.host_spare_bytes = 0;   /* in GC equilibrium already: the step is counted below */
	s.carried_over = true;
	s.fill_passes = 0;
	if (out->usable_bytes < r->last_usable) {
		/* What was the span's tail becomes spare area, as a purge would have left it. */
		ret = r->t->ops->trim(r->t, out->usable_bytes, r->last_usable - out->usable_bytes);
		if (ret) {
			snprintf(err, errlen, "TRIM of %s failed: %s", r->t->info.path, strerror(-ret));
			return ret;
		}
	} else {
		/*
		 * Down in OP: the span grows over LBAs the last point left
		 * unmapped.  Filling just those gives the drive every LBA of the
		 * span mapped, as a full fill would, while the rest keeps its
		 * GC equilibrium.
		 */
		s.fill_passes = 1;
		s.fill_from_bytes = r->last_usable;
	}
	s.rate_hint_mbps = r->last_mbps;
	/*
	 * The larger the step, the larger the transient's swing (it rings with
	 * a period of about a drive-write): each share of the span the step
	 * moves costs as much again in writes before a window counts.
	 */
	if (s.min_writes > 0)
		s.min_writes = SWEEP_CARRIED_MIN_WRITES +
			       fabs((double)out->usable_bytes - (double)r->last_usable) / (double)out->usable_bytes;
	ret = precondition_run(r->t, &s, &out->pc, r->progress, r->poll, r->arg, err, errlen);
	out->drive_seconds = (double)(r->t->ops->now_ns(r->t) - start) / 1e9;
	return ret;
}

bool sweep_point_carries(const struct sweep_run *r, double op_percent, const double *member_op)
{
	return r->carry_over && !member_op && r->method == OP_METHOD_SPAN && r->last_usable &&
	       sweep_usable_bytes(r->capacity, op_percent) != r->last_usable && target_has(r->t, TARGET_CAP_TRIM);
}

/* asked (--round-writes) when given, else share raised to SWEEP_ROUND_MIN_IOS writes of bs, at most the span. */
static double rounds_of(double share, double asked, uint32_t bs, double usable_bytes)
{
	if (asked > 0)
		return asked;
	if (!(usable_bytes > 0))
		return share;
	return fmin(1, fmax(share, (double)SWEEP_ROUND_MIN_IOS * bs / usable_bytes));
}

double sweep_constructed_round_writes(double asked, double share, uint32_t bs, double usable_bytes)
{
	return rounds_of(share > 0 ? share : SWEEP_CONSTRUCTED_ROUND_WRITES, asked, bs, usable_bytes);
}

double sweep_constructed_min_writes(double share)
{
	return SWEEP_CONSTRUCTED_MIN_WRITES / SWEEP_CONSTRUCTED_ROUND_WRITES *
	       (share > 0 ? share : SWEEP_CONSTRUCTED_ROUND_WRITES);
}

double sweep_calibrating_round_writes(double asked, uint32_t bs, double usable_bytes)
{
	return rounds_of(SWEEP_CALIBRATING_ROUND_WRITES, asked, bs, usable_bytes);
}

/*
 * How much a cache write before a fill or a construction may write: none
 * where the drive states it has no cache, half again the size it states,
 * else SWEEP_EXHAUST_MAX_SHARE of `room` (a cliff stops it sooner).  The
 * calibrating point had written half the capacity wherever no cliff
 * showed, a cache folded as it is written included (sata-tlc: 8.6 GB of
 * 16 GiB before its fill, 25 s of its first point's 205).
 */
static uint64_t cache_write_max(const struct sweep_run *r, double room)
{
	if (r->cal.no_cache)
		return 0;
	if (r->cal.cache_bytes > 0)
		return (uint64_t)(1.5 * r->cal.cache_bytes);
	return (uint64_t)(SWEEP_EXHAUST_MAX_SHARE * room);
}

/*
 * A fresh point built by construction (issue 28): the fill's place taken
 * by one write of the flash's size at the offsets of greedy GC's steady
 * state, and a write minimum for rounds that start at equilibrium.
 */
static int construct_point(struct sweep_run *r, double op_percent, const double *member_op, struct sweep_point *out,
			   char *err, size_t errlen)
{
	struct precondition_settings *s = r->settings;
	double min_writes = s->min_writes, round_writes = s->round_writes;
	uint64_t bytes = (uint64_t)r->cal.native_bytes / s->bs * s->bs;
	int ret;

	s->construct_bytes = bytes;
	if (s->min_writes > 0)
		s->min_writes = fmin(s->min_writes, sweep_constructed_min_writes(s->constructed_round_writes));
	s->round_writes = sweep_constructed_round_writes(round_writes, s->constructed_round_writes, s->bs,
							 (double)sweep_usable_bytes(r->capacity, op_percent));
	s->exhaust_max = cache_write_max(r, r->cal.native_bytes);
	ret = sweep_member_point(r, op_percent, member_op, out, err, errlen);
	if (!ret)
		sweep_calib_cache(&r->cal, &out->pc.fill);
	out->round_writes = s->round_writes;
	s->exhaust_max = 0;
	s->construct_bytes = 0;
	s->min_writes = min_writes;
	s->round_writes = round_writes;
	out->constructed = true;
	out->construct_bytes = bytes;
	out->native_bytes = r->cal.native_bytes;
	out->native_sigma = r->cal.native_sigma;
	out->native_source = r->cal.source;
	return ret;
}

/*
 * A point measured the full way; auto's first (sweep_calibrating) in short
 * rounds to a window the settled transient may open before the minimum.
 */
static int calibrating_point(struct sweep_run *r, double op_percent, const double *member_op,
			     struct sweep_point *out, char *err, size_t errlen)
{
	struct precondition_settings *s = r->settings;
	double round_writes = s->round_writes;
	unsigned fill_passes = s->fill_passes;
	int ret;

	if (!sweep_calibrating(r))
		return sweep_member_point(r, op_percent, member_op, out, err, errlen);
	s->settle_by_fit = true;
	/*
	 * The write cache used up before the fill, as before a construction:
	 * else the fill's first pass goes through it and the second waits on
	 * its folding (budget-qlc 16 GiB: 376 s for the two passes, 267 s
	 * after a 3 s cache write; the point's figures within 0.2%).  Its cliff
	 * sizes the constructed points' cache writes; none up to its cap
	 * (cache_write_max) tells them there is none to use up.
	 */
	s->exhaust_max = cache_write_max(r, (double)r->capacity);
	/*
	 * One fill pass after it: SNIA's second changes nothing the window
	 * measures once the cache is used up first (every preset at 2 and
	 * 16 GiB within 0.7% of a point run to four drive-writes, one pass or
	 * two; budget-qlc 16 GiB 500 s against 655).  Without the cache write
	 * one pass drifted (sata-tlc 0%: IOPS -4.6% over four drive-writes).
	 */
	s->fill_passes = fill_passes > 1 ? 1 : fill_passes;
	s->round_writes = sweep_calibrating_round_writes(round_writes, s->bs,
							 (double)sweep_usable_bytes(r->capacity, op_percent));
	ret = sweep_member_point(r, op_percent, member_op, out, err, errlen);
	out->round_writes = s->round_writes;
	s->settle_by_fit = false;
	s->exhaust_max = 0;
	s->fill_passes = fill_passes;
	s->round_writes = round_writes;
	return ret;
}

/* A fresh point: by construction where sweep_construct_ok says it holds, else the full way. */
static int fresh_point(struct sweep_run *r, double op_percent, const double *member_op, struct sweep_point *out,
		       char *err, size_t errlen)
{
	char why[sizeof(out->construct_why)];
	double spent = 0;
	bool said = false, refused = false;
	int ret;

	if (!sweep_construct_ok(r, op_percent, member_op, why, sizeof(why))) {
		/* Refused before any attempt (the target, the workload), not a check that failed. */
		refused = !r->cal.off;
	} else {
		ret = construct_point(r, op_percent, member_op, out, err, errlen);
		if (ret)
			return ret;
		if (sweep_point_missed(&r->cal, out, why, sizeof(why))) {
			/* Not steady: this point again the full way (and those above it), said once per point. */
			if (r->warn) {
				char msg[80];

				snprintf(msg, sizeof(msg), "%.4g%% OP not steady when constructed: measured the full way",
					 op_percent);
				r->warn(r->warn_arg, msg);
			}
			said = true;
		} else if (sweep_calib_check(&r->cal, out)) {
			return 0;
		} else {
			/* Its WA strays from the calibration: this point again the full way, and the rest. */
			snprintf(why, sizeof(why), "%s", r->cal.why);
		}
		/* The drive time of the attempt counts in the point's. */
		spent = out->drive_seconds;
		sweep_point_free(out);
	}
	/* Once per run: why fresh points are not constructed (none when full was asked or it is the first). */
	if (why[0] && !said && !r->cal.warned && r->warn && !(refused && r->quiet_fallback)) {
		char msg[sizeof(why) + 64];

		snprintf(msg, sizeof(msg), "full method: %s", why);
		r->warn(r->warn_arg, msg);
		r->cal.warned = true;
	}
	ret = calibrating_point(r, op_percent, member_op, out, err, errlen);
	out->drive_seconds += spent;
	snprintf(out->construct_why, sizeof(out->construct_why), "%s", why);
	if (!ret)
		sweep_calib_full(&r->cal, out);
	return ret;
}

int sweep_point_measure(struct sweep_run *r, double op_percent, const double *member_op, struct sweep_point *out,
			char *err, size_t errlen)
{
	char warning[TARGET_ERRLEN + 80];
	int ret;

	if (sweep_point_carries(r, op_percent, member_op)) {
		ret = sweep_carry_point(r, op_percent, out, err, errlen);
		goto done;
	}
	ret = fresh_point(r, op_percent, member_op, out, err, errlen);
	if (ret == -EOPNOTSUPP && r->requested == OP_METHOD_AUTO && r->method != OP_METHOD_SPAN) {
		snprintf(warning, sizeof(warning), "%s; falling back to span OP for this and the remaining points", err);
		if (r->warn)
			r->warn(r->warn_arg, warning);
		sweep_point_free(out);
		r->method = OP_METHOD_SPAN;
		ret = sweep_run_point(r->t, r->capacity, op_percent, r->method, NULL, r->purge_method, r->settings,
				      out, r->progress, r->poll, r->arg, err, errlen);
	}
done:
	/* Only a finished point leaves the drive in a state the next can start from. */
	r->last_usable = !ret && !member_op ? out->usable_bytes : 0;
	r->last_mbps = !ret ? out->pc.mbps : 0;
	return ret;
}

int sweep_restore_capacity(struct sweep_run *r, char *err, size_t errlen)
{
	if (r->method != OP_METHOD_NAMESPACE && r->method != OP_METHOD_HPA)
		return 0;
	return r->t->ops->set_op(r->t, r->method, r->capacity, err, errlen);
}
