/* SPDX-License-Identifier: MIT */
/*
 * The estimates before and between points (profiler/eta.h): the adaptive
 * plan played over a modelled IOPS(OP) curve, the dry run's total
 * (eta_plan_s) and a sweep's estimate settings.  The live ETA is eta.c.
 */
#include <math.h>
#include <string.h>

#include "profiler/eta_model.h"
#include "profiler/sweep_curve.h"

/*
 * The IOPS(OP) shape the plan is played over beyond the measured points:
 * greedy GC's 1/WA (random_share).  The knee it gives is about 35% over
 * 0-40% (measured: 15-35% on the presets), so before the top is measured
 * the adaptive plan expects as many points as such a drive takes; a shape
 * with its knee near 10% expected seven where --fast takes five or six.
 */
static double shape(double op)
{
	return random_share(op);
}

/*
 * The curve through the measured points: between two, along the shape
 * held at the cap (IOPS of a drive at its command cap, INFINITY: none),
 * and the shape beyond them, at most the cap; before any, the shape at
 * most the cap (then in the shape's units).
 */
double eta_model_iops_cap(const struct knee_point *kp, size_t n, double op, double cap)
{
	const struct knee_point *lo = NULL, *hi = NULL;

	if (!n)
		return fmin(shape(op), cap);
	for (size_t i = 0; i < n; i++) {
		if (kp[i].op_percent <= op && (!lo || kp[i].op_percent > lo->op_percent))
			lo = &kp[i];
		if (kp[i].op_percent >= op && (!hi || kp[i].op_percent < hi->op_percent))
			hi = &kp[i];
	}
	if (lo && hi && hi->op_percent > lo->op_percent) {
		double g0 = fmin(lo->iops, cap), g = fmin(lo->iops * shape(op) / shape(lo->op_percent), cap);
		double g1 = fmin(lo->iops * shape(hi->op_percent) / shape(lo->op_percent), cap);

		if (g1 > g0 * 1.0001)
			return lo->iops + (hi->iops - lo->iops) * (g - g0) / (g1 - g0);
		return lo->iops + (hi->iops - lo->iops) * (op - lo->op_percent) / (hi->op_percent - lo->op_percent);
	}
	if (lo && hi)
		return lo->iops;
	if (hi)
		return fmin(hi->iops * shape(op) / shape(hi->op_percent), fmax(cap, hi->iops));
	return fmin(lo->iops * shape(op) / shape(lo->op_percent), fmax(cap, lo->iops));
}

size_t eta_plan_points_cap(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *ops,
			   double cap, bool with_wa)
{
	struct knee_point kp[SWEEP_MAX_POINTS];
	struct sweep_curve c;
	double next;
	size_t m = n < SWEEP_MAX_POINTS ? n : SWEEP_MAX_POINTS;
	bool curve = with_wa && sweep_curve_fit(done, m, &c);

	if (m)
		memcpy(kp, done, m * sizeof(*kp));
	/* A point without its WA yet (the first, running) takes the shape's, as the ones played after it. */
	for (size_t i = 0; with_wa && !curve && i < m; i++)
		if (!(kp[i].waf > 1))
			kp[i].waf = 1 / shape(kp[i].op_percent);
	while (m < SWEEP_MAX_POINTS && sweep_plan_next(p, kp, m, &next)) {
		if (curve)
			kp[m] = (struct knee_point){ next, fmin(sweep_curve_iops(&c, next), cap), sweep_curve_wa(&c, next) };
		else
			kp[m] = (struct knee_point){ next, eta_model_iops_cap(done, n, next, cap),
						     with_wa ? 1 / shape(next) : NAN };
		m++;
	}
	if (ops)
		for (size_t i = 0; i < m; i++)
			ops[i] = kp[i].op_percent;
	return m;
}

size_t eta_plan_points(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *ops)
{
	return eta_plan_points_cap(p, done, n, ops, INFINITY, false);
}

double eta_run_prep_s(const struct eta_settings *s, double write_mbps, unsigned rounds)
{
	double span = (double)s->capacity_bytes, rate = write_mbps * 1e6, one;

	if (s->prep == ETA_PREP_FILL) {
		one = span / rate;
	} else if (s->prep == ETA_PREP_STEADY) {
		if (!rounds)
			rounds = ETA_FIRST_ROUNDS < s->max_rounds ? ETA_FIRST_ROUNDS : s->max_rounds;
		one = span * s->fill_passes / rate +
		      (s->round_writes > 0 ? short_rounds_s(s, span, write_mbps * random_share(0),
							      fresh_min_writes(s, span), rounds >= s->max_rounds ? 0 : 1)
					   : full_rounds_s(s, span, write_mbps * random_share(0), rounds));
	} else {
		return 0;
	}
	return one * (s->preps ? s->preps : 1);
}

double eta_plan_s(const struct eta_settings *s, double write_mbps, unsigned rounds, size_t *points)
{
	double ops[SWEEP_MAX_POINTS] = { 0 }, total = 0, cap = (double)s->capacity_bytes, last = 0;
	size_t n = 1;

	switch (s->job) {
	case ETA_SLC:
		*points = 1;
		total = cap / (write_mbps * 1e6) + (s->prefill_pct > 0 ? s->prefill_idle_s : 0);
		for (size_t i = 0; i < s->nidle; i++)
			total += s->idle_s[i] + 0.1 * cap / (write_mbps * 1e6);
		return total;
	case ETA_RUN:
		*points = s->steps;
		return (s->step_bytes ? (double)s->step_bytes * s->steps / (write_mbps * 1e6) : s->step_s * s->steps) +
		       eta_run_prep_s(s, write_mbps, rounds);
	default:
		break;
	}
	if (s->job == ETA_SWEEP && s->plan) {
		/* The command cap in the shape's units (host MB/s per MB/s programmed), where the drive says one. */
		double cap_share = s->write_iops > 0 && s->bs ? s->write_iops * s->bs / (write_mbps * 1e6) : INFINITY;

		n = eta_plan_points_cap(s->plan, NULL, 0, ops, cap_share, s->points_have_wa);
	}
	*points = n;
	for (size_t i = 0; i < n; i++) {
		double usable = (double)sweep_usable_bytes(s->capacity_bytes, ops[i]);
		bool carry = s->carry_over && i > 0, cons = constructed_at(s, i);
		/* A carried point fills only what it gains, once; a constructed one writes the flash once. */
		double fill = carry ? fmax(0, usable - last)
			      : cons ? ETA_FLASH_PER_CAPACITY * cap
				     : usable * (calibrating_at(s, i) ? calibrating_fill_passes(s) : s->fill_passes);
		/* rounds: STEADY_WINDOW the least, max_rounds the most, else the guess. */
		double share = rounds >= s->max_rounds ? 0 : rounds <= STEADY_WINDOW && s->predict ? 0.5 : 1;
		double host = write_mbps * random_share(ops[i]);

		last = usable;
		if (cons) {
			/*
			 * The flash written: each block's first write in runs at
			 * the fill's rate, the rewrites (the flash less the span)
			 * alone, at most at the command cap, side by side as the
			 * live ETA times them.  Then short rounds.
			 */
			double cap_iops = s->write_iops > 0 && s->bs ? s->write_iops : INFINITY, bs = s->bs ? s->bs : 4096;

			total += construct_write_s(fill, usable, write_mbps, cap_iops, bs) +
				 constructed_rounds_s(s, usable, fmin(host, cap_iops * bs / 1e6), share);
			continue;
		}
		total += fill / (write_mbps * 1e6);
		if (calibrating_at(s, i))
			total += calibrating_rounds_s(s, usable, host);
		else if (s->round_writes > 0)
			total += short_rounds_s(s, usable, write_mbps * random_share(ops[i]),
						carry ? SWEEP_CARRIED_MIN_WRITES : fresh_min_writes(s, usable), share);
		else
			total += full_rounds_s(s, usable,
					       write_mbps * random_share(s->job == ETA_PRECONDITION ? s->op_percent : ops[i]),
					       rounds);
		last = usable;
	}
	return total;
}

struct eta_settings eta_settings_for_sweep(const struct precondition_settings *s, const struct sweep_plan *plan,
					   uint64_t capacity, bool carry_over, enum sweep_pc pc, bool can_construct)
{
	/* A file, a drive without a media counter, or a skewed workload: every point the full way. */
	bool construct = pc != SWEEP_PC_FULL && can_construct && sweep_uniform_writes(s->shape);

	return (struct eta_settings){ .job = ETA_SWEEP, .capacity_bytes = capacity, .fill_passes = s->fill_passes,
				      .round_s = (double)s->round_ns / 1e9, .max_rounds = s->max_rounds, .plan = plan,
				      .round_writes = s->round_writes, .min_writes = s->min_writes,
				      .constructed_round_writes = s->constructed_round_writes, .carry_over = carry_over, .predict = s->predict == PREDICT_STOP, .bs = s->bs,
				      .construct = construct, .construct_from = pc == SWEEP_PC_AUTO ? 1 : 0,
				      .points_have_wa = can_construct };
}
