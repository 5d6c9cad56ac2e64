/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "precondition/precondition.h"
#include "profiler/eta.h"
#include "profiler/sweep.h"
#include "profiler/sweep_construct.h"
#include "profiler/eta_model.h"

/* The recent MB/s of a written phase follows the last 2% of the capacity. */
#define RECENT_FRACTION 0.02
/* A recovery write goes on this long below the cache threshold (slc_probe.c). */
#define RECOVERY_TAIL_FRACTION SLC_SUSTAIN_FRACTION

void eta_init(struct eta *e, const struct eta_settings *s)
{
	memset(e, 0, sizeof(*e));
	e->s = *s;
	if (!e->s.max_rounds)
		e->s.max_rounds = PRECONDITION_MAX_ROUNDS;
	e->purge_s = e->fill_mbps = e->recent_mbps = NAN;
	e->rounds_start_s = e->round_len_s = e->fresh_rounds_s = e->media_mbps = NAN;
	e->cons_mbps = e->flash_bytes = e->cons_start_s = NAN;
	e->fill_write_mbps = e->cache_s = NAN;
	e->tk.phase = "purge";
	e->tk.mbps = e->tk.iops = NAN;
}

static double rate_so_far(const struct eta *e);

/* The point running (or the next, between points) carries over from the last. */
static bool carried(const struct eta *e)
{
	return e->s.carry_over && e->points_done > 0;
}

/* The rounds' size of the point running, x usable: a constructed point's are always sized by writes. */
static double point_rw(const struct eta *e)
{
	if (e->point_calibrating)
		return calibrating_round_writes(&e->s, (double)e->usable_bytes);
	return e->point_constructed ? constructed_round_writes(&e->s, (double)e->usable_bytes) : e->s.round_writes;
}

/*
 * A carried point at op_percent over usable bytes, after one over last:
 * the fill of what it gains and its rounds at the host rate the measured
 * points say (the drive's rate over the greedy shape).  NAN before a rate
 * is known or without shortened rounds.
 */

static double op_of(const struct eta *e, double usable)
{
	return e->s.capacity_bytes ? (1 - usable / (double)e->s.capacity_bytes) * 100 : 0;
}

/* The drive's rate for the model: the last point's, else the rounds running, else the fill's (the dry run's guess). */
static double media_rate(const struct eta *e)
{
	if (!isnan(e->media_mbps))
		return e->media_mbps;
	if (e->in_point && e->round_len_s < 0.99 * e->s.round_s)
		return point_rw(e) * (double)e->usable_bytes / e->round_len_s / 1e6 /
		       random_share(op_of(e, (double)e->usable_bytes));
	return !isnan(e->fill_mbps) ? e->fill_mbps : rate_so_far(e);
}

/* A carried point's write minimum, x usable: the step's share on top (sweep_carry_point). */
static double carried_min_writes(double usable, double last)
{
	return SWEEP_CARRIED_MIN_WRITES + (usable > 0 && last > 0 ? fabs(usable - last) / usable : 0);
}

/*
 * The drive's command cap, IOPS: the best a round's sample showed, once it
 * is well above the slowest steady rate (a drive whose GC starts at once
 * shows none); INFINITY when none is seen.
 */
static double iops_cap_held(const struct eta *e, bool held)
{
	double low = e->tk.iops;

	/*
	 * Rounds of a set length: a cap only once a point's window held it.
	 * The best sample of a 0% point's rounds need not be one (budget-tlc
	 * 1 GiB, 1 s rounds: 26k IOPS, its GC already running, against a cap
	 * of 55k), and taken for one it made every later point's warm-up
	 * twice as long: the ETA after the first point 63% long.  Shortened
	 * rounds last as long as the rate says: there the best sample stands,
	 * as the greedy shape alone rated them up to 1.7x too fast.
	 */
	for (size_t i = 0; i < e->nkp && !held; i++)
		held = e->kp[i].iops >= ETA_CAP_HELD * e->peak_iops;
	for (size_t i = 0; i < e->nkp; i++)
		low = isnan(low) ? e->kp[i].iops : fmin(low, e->kp[i].iops);
	return held && e->peak_iops > 0 && e->peak_iops >= ETA_CAP_RATIO * low ? e->peak_iops : INFINITY;
}

static double iops_cap(const struct eta *e)
{
	return iops_cap_held(e, e->s.round_writes > 0);
}


/*
 * Host random-write MB/s at op_percent: through the measured points' IOPS
 * (the greedy shape beyond them), else the drive's rate over the greedy
 * shape; never past the best IOPS a round's sample showed, as no OP's
 * steady state passes what the drive takes before its GC starts (the
 * greedy shape alone rated a drive at its command cap 3x too fast).
 */
static double host_mbps(const struct eta *e, double op_percent)
{
	double bs = (double)e->s.bs, v = media_rate(e) * random_share(op_percent);

	if (bs > 0 && e->nkp)
		v = eta_model_iops_cap(e->kp, e->nkp, op_percent, iops_cap(e)) * bs / 1e6;
	if (bs > 0 && isfinite(iops_cap(e)))
		v = fmin(v, iops_cap(e) * bs / 1e6);
	return v;
}

static double carried_model(const struct eta *e, double op_percent, double usable, double last)
{
	double fill = usable > last ? (usable - last) / (e->fill_mbps * 1e6) : 0, host = host_mbps(e, op_percent);

	if (e->s.round_writes <= 0 || !(host > 0))
		return NAN;
	return (isfinite(fill) ? fill : 0) +
	       short_rounds_s(&e->s, usable, host, carried_min_writes(usable, last), e->s.predict ? ETA_CARRIED_SHARE : 1);
}

/* What carried points took against what the model said of them: the model's correction. */
static double carried_factor(const struct eta *e)
{
	return e->carried_done && e->carried_model_s > 0 ? e->carried_s / e->carried_model_s : 1;
}

void eta_point_start(struct eta *e, double now_s, uint64_t usable_bytes)
{
	e->now_s = now_s;
	e->in_point = true;
	e->point_start_s = e->phase_start_s = now_s;
	e->usable_bytes = usable_bytes;
	e->rounds = 0;
	e->window_valid = false;
	e->rounds_start_s = e->round_len_s = NAN;
	e->tk = (struct phase_tick){ .phase = "purge", .mbps = NAN, .iops = NAN };
	e->point_constructed = constructed_at(&e->s, e->nkp);
	e->point_calibrating = calibrating_at(&e->s, e->nkp);
	e->cons_start_s = NAN;
	e->point_model_s = carried(e) ? carried_model(e, op_of(e, (double)usable_bytes), (double)usable_bytes,
						    (double)e->last_usable) : NAN;
}

static bool phase_is(const struct eta *e, const char *name)
{
	return !strcmp(e->tk.phase, name);
}

/*
 * The "fill" of a constructed point writes the flash once, not the span
 * fill_passes times (a point that fell back to the full way fills after).
 */
static bool construction_tick(const struct eta *e, const struct phase_tick *tk)
{
	uint64_t fill = e->usable_bytes / FILL_BS * FILL_BS * e->s.fill_passes;

	return e->point_constructed && !strcmp(tk->phase, "fill") && tk->total_bytes != fill;
}

void eta_tick(struct eta *e, double now_s, const struct phase_tick *tk)
{
	bool same = !strcmp(e->tk.phase, tk->phase) && e->tk.index == tk->index;

	e->now_s = now_s;
	if (!strcmp(tk->phase, "rounds") && isnan(e->rounds_start_s))
		e->rounds_start_s = now_s - tk->done_s;
	if (phase_is(e, "purge") && strcmp(tk->phase, "purge")) {
		if (e->point_constructed)
			e->cons_start_s = now_s;
		else
			e->purge_s = now_s - e->phase_start_s;
	}
	if ((phase_is(e, "fill") || phase_is(e, "prefill")) && strcmp(tk->phase, e->tk.phase) && e->tk.done_bytes &&
	    now_s > e->phase_start_s) {
		double mbps = (double)e->tk.done_bytes / (now_s - e->phase_start_s) / 1e6;

		/* The flash written once (issue 28): its own rate and size; a fallback's fill is a fill. */
		if (construction_tick(e, &e->tk)) {
			e->cons_mbps = mbps;
			e->flash_bytes = (double)e->tk.total_bytes;
		} else {
			e->fill_mbps = mbps;
			/* The writes began done_s before the last tick: the time before is the cache write's. */
			if (e->tk.done_s > 0 && !strcmp(e->tk.phase, "fill")) {
				e->fill_write_mbps = (double)e->tk.done_bytes / e->tk.done_s / 1e6;
				e->cache_s = fmax(0, now_s - e->phase_start_s - e->tk.done_s);
				e->cache_cliff = e->tk.cache_cliff;
			}
		}
	}
	if (!same || tk->start) {
		e->phase_start_s = now_s - tk->done_s;
		/* A recovery keeps the probe's: its rate after the cliff is what a recovery ends at. */
		if (strcmp(tk->phase, "rounds") && strcmp(tk->phase, "recovery") && strcmp(tk->phase, "idle"))
			e->recent_mbps = NAN;
	}
	if (tk->done_bytes > e->tk.done_bytes && !isnan(tk->mbps) && same && strcmp(tk->phase, "recovery")) {
		/* Weighted by bytes, so the average spans a share of the capacity whatever the sample length. */
		double w = (double)(tk->done_bytes - e->tk.done_bytes) /
			   (RECENT_FRACTION * (double)(e->s.capacity_bytes ? e->s.capacity_bytes : 1));

		e->recent_mbps = isnan(e->recent_mbps) ? tk->mbps : e->recent_mbps + (tk->mbps - e->recent_mbps) * fmin(1, w);
		if (!strcmp(tk->phase, "probe")) {
			if (isnan(e->fast_mbps) || e->fast_mbps == 0 || e->recent_mbps > e->fast_mbps)
				e->fast_mbps = e->recent_mbps;
			if (!e->cliff && e->recent_mbps < 0.75 * e->fast_mbps)
				e->cliff = true;
			if (!e->cliff)
				e->cache_bytes = tk->done_bytes;
		}
	}
	if (!strcmp(tk->phase, "rounds") && isfinite(tk->iops)) {
		if (tk->iops > (1 + ETA_PLATEAU) * e->peak_iops)
			e->peak_samples = 0;
		if (tk->iops >= (1 - ETA_PLATEAU) * fmax(e->peak_iops, tk->iops))
			e->peak_samples++;
		if (tk->iops > e->peak_iops)
			e->peak_iops = tk->iops;
	}

	e->tk = *tk;
}

void eta_round(struct eta *e, double now_s, size_t rounds, const struct steady_window *w)
{
	e->now_s = now_s;
	e->rounds = rounds;
	if (rounds && !isnan(e->rounds_start_s) && now_s > e->rounds_start_s)
		e->round_len_s = (now_s - e->rounds_start_s) / (double)rounds;
	e->window_valid = w != NULL;
	if (w)
		e->window = *w;
}

static double warmup_rounds(const struct eta *e);
static double fresh_model(const struct eta *e, double op_percent, bool calibrating);
static double constructed_model(const struct eta *e, double op_percent);

void eta_point_end(struct eta *e, double now_s, double op_percent, double iops, double waf, size_t rounds)
{
	bool was_carried = carried(e);
	double warm;

	e->now_s = now_s;
	if (was_carried) {
		e->carried_s += now_s - e->point_start_s;
		e->carried_model_s += e->point_model_s;
		e->carried_done++;
	} else if (!e->points_done && !isnan(e->rounds_start_s)) {
		e->fresh_rounds_s = now_s - e->rounds_start_s;
	}
	/* Shortened rounds write a set share of the span: their length gives the host rate. */
	if (point_rw(e) > 0 && e->round_len_s < 0.99 * e->s.round_s)
		e->media_mbps = point_rw(e) * (double)e->usable_bytes / e->round_len_s / 1e6 /
				random_share(op_percent);
	e->last_usable = e->usable_bytes;
	e->points_done++;
	e->points_s += now_s - e->point_start_s;
	if (e->nkp < SWEEP_MAX_POINTS)
		e->kp[e->nkp++] = (struct knee_point){ op_percent, iops, waf };
	/* At its own measured rate: what the point took past its warm-up, and the model's error for fresh ones. */
	warm = warmup_rounds(e);
	if (e->point_constructed) {
		/* Apart from the full points: fewer rounds, and a fallback's full way counted in its time. */
		e->cons_rounds_sum += (size_t)fmax(STEADY_WINDOW, (double)rounds - warm);
		e->cons_done++;
		if (isfinite(constructed_model(e, op_percent))) {
			bool began = !isnan(e->cons_start_s);

			e->cons_s += now_s - (began ? e->cons_start_s : e->point_start_s);
			e->cons_model_s += constructed_model(e, op_percent) - (began && !isnan(e->purge_s) ? e->purge_s : 0);
		}
		e->in_point = false;
		return;
	}
	/* A calibrating point's short rounds are no measure of a full point's 60 s ones. */
	if (!e->point_calibrating) {
		e->rounds_sum += (size_t)fmax(STEADY_WINDOW, (double)rounds - warm);
		e->rounds_points++;
	}
	if (!was_carried && isfinite(fresh_model(e, op_percent, e->point_calibrating))) {
		e->fresh_s += now_s - e->point_start_s;
		e->fresh_model_s += fresh_model(e, op_percent, e->point_calibrating);
	}
	e->in_point = false;
}

void eta_replayed(struct eta *e, double op_percent, double iops, double waf)
{
	e->replayed++;
	if (e->nkp < SWEEP_MAX_POINTS)
		e->kp[e->nkp++] = (struct knee_point){ op_percent, iops, waf };
}

void eta_finish(struct eta *e, double now_s)
{
	e->now_s = now_s;
	e->finished = true;
	e->fraction = 1;
}

/*
 * The plan played on from the measured points, or before any from the
 * first one running at the IOPS of its rounds so far (they say more of the
 * drive than a typical shape; a later point's transient would mislead).
 * Where the plan follows the points' curve, a cap not yet held is the best
 * sample so far where samples stayed at it (ETA_PLATEAU_SAMPLES): before
 * the top of the range is measured it is all that tells a knee inside the
 * range from none (budget-tlc 16 GiB: 3 points expected after the first,
 * 5 taken, the ETA 39% short; its rounds start at its cap, 55,000).
 */
/*
 * The cap held, else the one the drive states (write_iops: a constructed
 * first point starts at its equilibrium and shows none: budget-tlc 16 GiB
 * under --fast, 3 points expected after it, 5 taken, the ETA 44% short),
 * else the best sample where samples stayed at it (ETA_PLATEAU_SAMPLES);
 * INFINITY: none known.
 */
static double plateau_cap(const struct eta *e)
{
	double cap = iops_cap(e);

	if (!isfinite(cap) && e->s.write_iops > 0)
		cap = e->s.write_iops;
	if (!isfinite(cap) && e->peak_iops > 0 && e->peak_samples >= ETA_PLATEAU_SAMPLES)
		cap = e->peak_iops;
	return cap;
}

static size_t job_plan_points(const struct eta *e, double *ops)
{
	struct knee_point kp[SWEEP_MAX_POINTS];
	size_t n = e->nkp;
	double cap = e->s.points_have_wa ? plateau_cap(e) : iops_cap(e);

	memcpy(kp, e->kp, n * sizeof(*kp));
	if (!n && e->in_point && e->rounds && phase_is(e, "rounds") && isfinite(e->tk.iops))
		kp[n++] = (struct knee_point){ op_of(e, (double)e->usable_bytes), e->tk.iops };
	return eta_plan_points_cap(e->s.plan, kp, n, ops, cap, e->s.points_have_wa);
}

size_t eta_points(const struct eta *e, bool *approx)
{
	size_t n = e->nkp + (e->in_point ? 1 : 0);

	*approx = false;
	/* A run's points are its steps (a queue depth each, per chunk). */
	if (e->s.job == ETA_RUN)
		return e->s.steps ? e->s.steps : 1;
	if (e->s.job != ETA_SWEEP || !e->s.plan)
		return 1;
	if (!e->s.plan->fixed) {
		size_t m = job_plan_points(e, NULL);

		*approx = !e->finished;
		return m > n ? m : n;
	}
	return e->s.plan->ngrid > n ? e->s.plan->ngrid : n;
}

/* The write minimum of the point running, x usable: a constructed one's, or a fresh one's. */
static double point_min_writes(const struct eta *e, double usable)
{
	if (e->point_calibrating)
		return calibrating_min_writes(&e->s, usable);
	return e->point_constructed ? constructed_min_writes(&e->s) : fresh_min_writes(&e->s, usable);
}

/* Full rounds that write less than min_writes x usable before a window may count (issue 18). */
static double warmup_rounds(const struct eta *e)
{
	double usable = (double)e->usable_bytes;
	double op = e->s.job == ETA_PRECONDITION ? e->s.op_percent : op_of(e, usable), host = host_mbps(e, op);

	if (point_rw(e) > 0 || !(e->s.min_writes > 0) || !(host > 0) || !(e->s.round_s > 0))
		return 0;
	return ceil(point_min_writes(e, usable) * usable / (e->s.round_s * host * 1e6));
}

/*
 * A constructed point's rounds past its warm-up: what the constructed
 * ones so far took, else the window and two (budget-tlc 1-2 GiB: 5-9).
 */
static double constructed_rounds(const struct eta *e)
{
	return e->cons_done ? (double)e->cons_rounds_sum / (double)e->cons_done : STEADY_WINDOW + 2;
}

/* The rounds the point running is expected to take in all. */
static double rounds_expected(const struct eta *e)
{
	double lo = fmax(STEADY_WINDOW, (double)e->rounds + 1), warm = warmup_rounds(e), need_rounds = 0, top;
	double guess = e->point_constructed ? constructed_rounds(e)
		       : e->rounds_points ? (double)e->rounds_sum / (double)e->rounds_points
						       : ETA_FIRST_ROUNDS;

	/*
	 * Shortened rounds: a point writes its share of the drive, in rounds
	 * of round_writes x usable or what the drive writes in round_s when
	 * that is less (a slow drive's fresh point: QLC at 0% OP).  A window
	 * in limits before that ends nothing.
	 */
	if (point_rw(e) > 0) {
		double usable = (double)e->usable_bytes, host = host_mbps(e, op_of(e, usable));
		double per_round = host > 0 ? fmin(point_rw(e) * usable, host * 1e6 * e->s.round_s)
					    : point_rw(e) * usable;
		double need = carried(e) ? carried_min_writes(usable, (double)e->last_usable) *
						   (e->s.predict ? ETA_CARRIED_SHARE : 1)
					 : point_min_writes(e, usable) * (e->s.predict ? ETA_PREDICT_SHARE : 1);

		need_rounds = ceil(need * usable / per_round) + (e->point_calibrating ? STEADY_WINDOW : 0);
	}

	/* No window counts before the minimum: a flat window in the warm-up says nothing. */
	guess = fmax(guess, warm + 1);
	if (e->window_valid && (double)e->rounds >= warm &&
	    fmax(e->window.range_pct / STEADY_RANGE_LIMIT_PCT, e->window.slope_pct / STEADY_SLOPE_LIMIT_PCT) <= 2)
		guess = (double)e->rounds + 1;
	guess = fmax(guess, need_rounds);
	top = e->s.max_rounds + warm + (point_rw(e) > 0 ? ceil(point_min_writes(e, (double)e->usable_bytes) / point_rw(e))
							   : 0);
	return fmin(fmax(round(guess), lo), top);
}

/* A round's length: shortened rounds last what the last one did, at most round_s. */
static double round_len(const struct eta *e)
{
	double usable = (double)e->usable_bytes, host = host_mbps(e, op_of(e, usable));

	if (point_rw(e) <= 0)
		return e->s.round_s;
	if (!isnan(e->round_len_s))
		return fmin(e->round_len_s, e->s.round_s);
	/* Before a round: what the model says of the OP running. */
	if (host > 0)
		return fmin(e->s.round_s, point_rw(e) * usable / (host * 1e6));
	return e->s.round_s;
}

/* A carried point in all: what the carried ones took, else the first point's rounds. */
static double carried_full(const struct eta *e)
{
	if (!isnan(e->point_model_s))
		return e->point_model_s * carried_factor(e);
	if (e->carried_done)
		return e->carried_s / (double)e->carried_done;
	return e->fresh_rounds_s;
}

/* A sequential write's rate: the phase's so far, else the last fill's. */
static double rate_so_far(const struct eta *e)
{
	double el = e->now_s - e->phase_start_s;

	if (e->tk.done_bytes && el > 0)
		return (double)e->tk.done_bytes / el / 1e6;
	return e->fill_mbps;
}

static double fill_s(const struct eta *e, uint64_t usable, double mbps)
{
	unsigned passes = e->point_calibrating ? calibrating_fill_passes(&e->s) : e->s.fill_passes;

	return passes ? (double)usable * passes / (mbps * 1e6) : 0;
}

/*
 * The flash written once over usable, at the construction's rate once one
 * ran.  Before: the flash at the fill's own write rate beside the rewrites
 * (the flash less the span, in the rounds' writes) at the drive's command
 * cap, and the cache write again where a cliff ended the fill's.  The
 * fill's rate over its whole phase had counted a cache write that found
 * no cache (sata-tlc: half the flash, 233 MB/s against the constructions'
 * 351), so the ETA between the first point and the next was 16% long.
 */
static double construct_s(const struct eta *e, double usable)
{
	double flash = isnan(e->flash_bytes) ? ETA_FLASH_PER_CAPACITY * (double)e->s.capacity_bytes : e->flash_bytes;
	if (!isnan(e->cons_mbps) || !(e->fill_write_mbps > 0))
		return flash / ((isnan(e->cons_mbps) ? e->fill_mbps : e->cons_mbps) * 1e6);
	return construct_write_s(flash, usable, e->fill_write_mbps, plateau_cap(e), e->s.bs ? e->s.bs : 4096) +
	       (e->cache_cliff ? e->cache_s : 0);
}

/* What is left of the point running, by its phase. */
static double point_left(const struct eta *e)
{
	double rounds = rounds_expected(e), round_s = round_len(e);

	if (phase_is(e, "rounds")) {
		double in_round = e->tk.index == e->rounds ? fmax(0, round_s - e->tk.done_s) : 0;
		double after = rounds - (double)e->rounds - (e->tk.index == e->rounds ? 1 : 0);

		return in_round + fmax(0, after) * round_s;
	}
	if (phase_is(e, "fill")) {
		double mbps = rate_so_far(e);

		return (double)(e->tk.total_bytes - e->tk.done_bytes) / (mbps * 1e6) + rounds * round_s;
	}
	/* A carried point has no purge: what carried points take, less what this one took. */
	if (carried(e) && !isnan(carried_full(e)))
		return fmax(carried_full(e) - (e->now_s - e->point_start_s), rounds * round_s);
	/* The purge: as long as the last one, then the fill at the last rate. */
	double purge = isnan(e->purge_s) ? 0 : fmax(0, e->purge_s - (e->now_s - e->phase_start_s));
	return purge + (e->point_constructed ? construct_s(e, (double)e->usable_bytes)
					     : fill_s(e, e->usable_bytes, e->fill_mbps)) +
	       rounds * round_s;
}

/*
 * A fresh point at op_percent: the last purge, the fill at the last rate
 * and the rounds at the host rate the model says there (the warm-up, and
 * the rounds past it the points so far took).  NAN before the rates are
 * known.
 */
static double fresh_model(const struct eta *e, double op_percent, bool calibrating)
{
	double usable = (double)sweep_usable_bytes(e->s.capacity_bytes, op_percent), host = host_mbps(e, op_percent);
	unsigned passes = calibrating ? calibrating_fill_passes(&e->s) : e->s.fill_passes;
	double fill = passes ? usable * passes / (e->fill_mbps * 1e6) : 0;
	/* Before a point ends: the window and two (the presets take 6-7 past the warm-up at 16 GiB). */
	double rounds = e->rounds_points ? round((double)e->rounds_sum / (double)e->rounds_points) : STEADY_WINDOW + 2;

	if (!(host > 0) || !isfinite(fill))
		return NAN;
	fill += isnan(e->purge_s) ? 0 : e->purge_s;
	if (calibrating)
		return fill + calibrating_rounds_s(&e->s, usable, host);
	if (e->s.round_writes > 0)
		return fill + short_rounds_s(&e->s, usable, host, fresh_min_writes(&e->s, usable),
				     e->s.predict ? ETA_PREDICT_SHARE : 1);
	return fill + full_rounds_s(&e->s, usable, host, (unsigned)rounds);
}

/* What fresh points took against what the model said of them: the model's correction. */
static double fresh_factor(const struct eta *e)
{
	return e->fresh_model_s > 0 ? e->fresh_s / e->fresh_model_s : 1;
}

/*
 * A constructed point at op_percent (issue 28): the last purge, the flash
 * written once, rounds at the host rate the model says there (its
 * minimum, at least the rounds the constructed ones so far took).  NAN
 * before the rates are known.
 */
static double constructed_model(const struct eta *e, double op_percent)
{
	double usable = (double)sweep_usable_bytes(e->s.capacity_bytes, op_percent), host = host_mbps(e, op_percent);
	double write = construct_s(e, usable) + (isnan(e->purge_s) ? 0 : e->purge_s);

	if (!(host > 0) || !isfinite(write))
		return NAN;
	return write + constructed_rounds_s(&e->s, usable, host, e->s.predict ? ETA_PREDICT_SHARE : 1);
}

/* ... and constructed ones (a fallback's full way included). */
static double constructed_factor(const struct eta *e)
{
	return e->cons_model_s > 0 ? e->cons_s / e->cons_model_s : 1;
}

/* A point not started yet: the measured mean, else built from its parts. */
static double point_full(const struct eta *e)
{
	double fill_mbps = isnan(e->fill_mbps) && phase_is(e, "fill") ? rate_so_far(e) : e->fill_mbps;
	double rounds = e->rounds_points ? round((double)e->rounds_sum / (double)e->rounds_points) : ETA_FIRST_ROUNDS;

	if (carried(e) && !isnan(carried_full(e)))
		return carried_full(e);
	if (e->points_done)
		return e->points_s / (double)e->points_done;
	return (isnan(e->purge_s) ? 0 : e->purge_s) + fill_s(e, e->usable_bytes, fill_mbps) +
	       fmax(rounds, STEADY_WINDOW) * e->s.round_s;
}

static double points_left(const struct eta *e)
{
	bool approx;
	size_t total = eta_points(e, &approx);
	size_t started = e->nkp + (e->in_point ? 1 : 0);
	double left = e->in_point ? point_left(e) : 0;

	if (total <= started)
		return left;
	/* Carried points after this one: each by the model at its OP, as the plan expects it. */
	if (e->s.carry_over && e->s.plan && total <= SWEEP_MAX_POINTS) {
		double ops[SWEEP_MAX_POINTS], last = (double)(e->in_point ? e->usable_bytes : e->last_usable), more = 0;

		job_plan_points(e, ops);
		for (size_t i = started; i < total && !isnan(more); i++) {
			double usable = (double)sweep_usable_bytes(e->s.capacity_bytes, ops[i]);

			more += carried_model(e, ops[i], usable, last) * carried_factor(e);
			last = usable;
		}
		if (!isnan(more) && last > 0)
			return left + more;
	}
	/*
	 * Fresh points after this one: each by the model at its OP (the 0%
	 * point's slow rounds are no measure of the 40% one's), corrected by
	 * what the fresh ones so far took against it.
	 */
	if (!e->s.carry_over && e->s.plan && e->s.job == ETA_SWEEP) {
		double ops[SWEEP_MAX_POINTS], more = 0;
		size_t m = job_plan_points(e, ops);

		for (size_t i = started; i < m && isfinite(more); i++)
			more += constructed_at(&e->s, i) ? constructed_model(e, ops[i]) * constructed_factor(e)
							 : fresh_model(e, ops[i], calibrating_at(&e->s, i)) * fresh_factor(e);
		if (isfinite(more))
			return left + more;
	}
	return left + (double)(total - started) * point_full(e);
}

/* SLC probe: the order of its phases, and what each still takes. */
static double slc_left(const struct eta *e)
{
	double cap = (double)e->s.capacity_bytes, prefill = cap * e->s.prefill_pct / 100;
	double fast = isnan(e->fast_mbps) || !e->fast_mbps ? rate_so_far(e) : e->fast_mbps;
	double slow = isnan(e->recent_mbps) ? rate_so_far(e) : e->recent_mbps;
	double cache = e->cache_bytes ? (double)e->cache_bytes : cap * 0.1;
	double left = 0, recovery;
	/* 0 purge, 1 prefill, 2 idle after it, 3 probe, then idle and recovery per --idle. */
	unsigned at = phase_is(e, "prefill") ? 1 : phase_is(e, "probe") ? 3
		      : phase_is(e, "idle") ? (e->tk.index ? 2 + 2 * e->tk.index : 2)
		      : phase_is(e, "recovery") ? 3 + 2 * e->tk.index : 0;

	/* A recovery writes what came back (at most the cache) at cache speed, then 1% of the capacity slow. */
	recovery = 0.5 * cache / (fast * 1e6) + RECOVERY_TAIL_FRACTION * cap / (slow * 1e6);
	if (at <= 1 && prefill > 0)
		left += (prefill - (at == 1 ? (double)e->tk.done_bytes : 0)) / (rate_so_far(e) * 1e6);
	if (at <= 2 && prefill > 0)
		left += at == 2 ? fmax(0, e->tk.total_s - (e->now_s - e->phase_start_s)) : e->s.prefill_idle_s;
	if (at <= 3) {
		double bytes = cap - prefill - (at == 3 ? (double)e->tk.done_bytes : 0);
		left += bytes / ((at == 3 ? slow : rate_so_far(e)) * 1e6);
	}
	for (size_t i = 0; i < e->s.nidle; i++) {
		unsigned idle_at = 4 + 2 * (unsigned)i, rec_at = idle_at + 1;

		if (at < idle_at)
			left += e->s.idle_s[i] + recovery;
		else if (at == idle_at)
			left += fmax(0, e->tk.total_s - (e->now_s - e->phase_start_s)) + recovery;
		else if (at == rec_at)
			left += fmax(0, recovery - (e->now_s - e->phase_start_s));
	}
	return left;
}

static double run_left(const struct eta *e)
{
	double after = e->s.steps > e->tk.index + 1 ? e->s.steps - e->tk.index - 1 : 0;

	if (e->s.step_bytes) {
		double mbps = rate_so_far(e);
		return ((double)e->s.step_bytes * (after + 1) - (double)e->tk.done_bytes) / (mbps * 1e6);
	}
	return fmax(0, e->s.step_s - e->tk.done_s) + after * e->s.step_s;
}

double eta_remaining_s(const struct eta *e)
{
	double left;

	if (e->finished)
		return 0;
	switch (e->s.job) {
	case ETA_SLC:
		left = slc_left(e);
		break;
	case ETA_RUN:
		left = run_left(e);
		break;
	default:
		left = points_left(e);
		break;
	}
	return isfinite(left) ? fmax(0, left) : NAN;
}

double eta_fraction(struct eta *e)
{
	double left = eta_remaining_s(e);

	if (!e->finished && !isnan(left) && e->now_s + left > 0) {
		/* Short of 1 until the end: only finishing is done. */
		double f = fmin(e->now_s / (e->now_s + left), 0.999);

		if (f > e->fraction)
			e->fraction = f;
	}
	return e->fraction;
}

double eta_phase_fraction(const struct eta *e)
{
	const struct phase_tick *tk = &e->tk;

	if (phase_is(e, "rounds"))
		return fmin(1, ((double)e->rounds + (tk->index == e->rounds ? fmin(1, tk->done_s / tk->total_s) : 0)) /
				       rounds_expected(e));
	if (tk->total_bytes)
		return fmin(1, (double)tk->done_bytes / (double)tk->total_bytes);
	if (tk->total_s > 0)
		return fmin(1, (e->now_s - e->phase_start_s) / tk->total_s);
	if (e->s.job == ETA_RUN && e->s.step_s > 0)
		return fmin(1, tk->done_s / e->s.step_s);
	return NAN;
}
