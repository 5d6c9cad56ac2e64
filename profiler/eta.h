/* SPDX-License-Identifier: MIT */
/*
 * How far a job is and how long it has left, from its measured rates
 * (DESIGN.md 3: the status line, --events, --dry-run).  A pure model: the
 * command feeds it the phase ticks of the methods and the ends of rounds
 * and points, with the time on the target's clock since the job began; it
 * answers in the same clock (virtual seconds on a simulated drive).
 *
 * - fill: what is left at the fill's MB/s so far (before any, the last fill's)
 * - rounds: at least what a window of STEADY_WINDOW still needs, at most
 *   max_rounds past the warm-up; the guess is the mean of the finished
 *   points' rounds past their warm-up (ETA_FIRST_ROUNDS before one), or
 *   one more round once the window is within twice its limits and the
 *   write minimum is written; shortened rounds last as long as the point's
 *   last one and write their minimum's ETA_PREDICT_SHARE (fresh) or
 *   ETA_CARRIED_SHARE (carried) when a prediction may stop them
 * - host rate at an OP: the measured points' IOPS (between two along the
 *   greedy shape, beyond them by it), held at the drive's command cap once
 *   a round's start showed one (ETA_CAP_RATIO x the slowest steady rate)
 * - carry-over: points after the first by that rate, calibrated on the
 *   carried ones so far, with no purge or fill
 * - sweep: the points the plan still has (adaptive: the plan played on to
 *   its end over the curve measured so far, before any over the first
 *   point's running IOPS or greedy GC's shape; where the points give a WA,
 *   over profiler/sweep_curve.h's curve, as the plan itself, held at a
 *   plateau the rounds ran at until a cap is held); fresh points each by its
 *   OP (purge, fill, warm-up and rounds at its rate), calibrated on the
 *   fresh ones so far
 * - slc: the probe's remaining bytes at its recent MB/s (over the last 2% of
 *   the capacity, so a cliff shows within that), idles as given
 * - run: the remaining steps of a set time, or bytes at the MB/s so far;
 *   before them (eta_plan_s) its fill, or its fill and rounds to steady state
 *
 * Unknown (no rate measured yet) is NAN.
 */
#ifndef SSDPROF_ETA_H
#define SSDPROF_ETA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "precondition/phase_tick.h"
#include "precondition/steady.h"
#include "profiler/knee.h"
#include "profiler/slc_probe.h"
#include "profiler/sweep.h"
#include "profiler/sweep_plan.h"

/*
 * Rounds a point is guessed to take, at least (the write minimum's rounds
 * and one come on top when more): the window, the first round after the
 * fill (never in it) and one.  Measured (1 s rounds, 1 GiB): dc-tlc 6 on
 * every point, budget-tlc 6-7 past 0% OP (twice the window made the dry
 * run 41% long on dc-tlc).
 */
#define ETA_FIRST_ROUNDS (STEADY_WINDOW + 2)
/* A fresh point a prediction may stop writes about this share of its minimum (half, and the fit's last rounds). */
#define ETA_PREDICT_SHARE 0.55
/* ... and a carried one of its minimum (measured 0.65-1.1 on the presets, 16 GiB, --fast). */
#define ETA_CARRIED_SHARE 0.85
/* The flash a drive has per byte of its capacity, before a constructed point shows it: GiB sold as GB. */
#define ETA_FLASH_PER_CAPACITY 1.0737
/* The best IOPS of a round counts as the drive's cap once it is this many times the slowest steady rate. */
#define ETA_CAP_RATIO 1.5
/* ... and, with rounds of a set length, once a measured point's steady IOPS came this close to it. */
#define ETA_CAP_HELD 0.9
/*
 * A best sample is a plateau, a command cap the drive ran at, once
 * ETA_PLATEAU_SAMPLES samples lie within ETA_PLATEAU of it (budget-tlc 16
 * GiB: its first point's rounds start at 55,000 for seconds); a transient
 * passing through shows one (sata-tlc 1 GiB, 1 s rounds: 31,000, its GC
 * already running, where it reaches 58,000 at 40% OP).
 */
#define ETA_PLATEAU 0.01
#define ETA_PLATEAU_SAMPLES 3

enum eta_job { ETA_PRECONDITION, ETA_SWEEP, ETA_SLC, ETA_RUN };

struct eta_settings {
	enum eta_job job;
	uint64_t capacity_bytes;          /* the drive's; slc: the probe's span */
	/* precondition, sweep */
	unsigned fill_passes;
	double round_s;
	unsigned max_rounds;
	const struct sweep_plan *plan;    /* sweep (NULL: one point) */
	/*
	 * The fast paths (issue 18): rounds of round_writes x usable each
	 * (0: of round_s); a fresh point writes min_writes x usable in rounds
	 * before a window counts, full rounds too (a carried one
	 * SWEEP_CARRIED_MIN_WRITES); with carry_over every point after the first of
	 * the job starts from the last, with no purge and no full fill; with
	 * predict a point may stop at half its writes.
	 */
	double round_writes, min_writes;
	double constructed_round_writes;  /* precondition_settings' (0: the default's) */
	bool carry_over, predict;
	/* sweep: the rounds' block size, to turn IOPS into MB/s (0: unknown, the rates from the fill's) */
	uint32_t bs;
	/*
	 * sweep (issue 28): with construct, fresh points from the
	 * construct_from-th of the sweep on (0 under --precondition
	 * constructed, 1 under auto: its first point calibrates) are built by
	 * construction: the flash written once (ETA_FLASH_PER_CAPACITY x the
	 * capacity until one shows its size) at the rate of the writes before
	 * the rounds, then rounds of constructed_round_writes with a write
	 * minimum of at most sweep_constructed_min_writes and no host spare.
	 */
	bool construct;
	unsigned construct_from;
	/* sweep: its points give a WA (a media counter), so the plan follows their curve (profiler/sweep_plan.h) */
	bool points_have_wa;
	/*
	 * The drive's write command cap, IOPS, where it says one (a simulated
	 * drive: the dry run and the live ETA); 0: unknown.  A constructed
	 * point writes the flash in the rounds' small writes, at most this
	 * fast; the plan's IOPS shape is held at it until one is measured.
	 */
	double write_iops;
	/* precondition: the OP its span leaves (capacity_bytes is the span), for the random-write rate */
	double op_percent;
	/* slc */
	double prefill_pct, prefill_idle_s;
	double idle_s[SLC_MAX_IDLE];
	size_t nidle;
	/* run: steps (one per queue depth), each of step_s seconds or step_bytes */
	unsigned steps;
	double step_s;
	uint64_t step_bytes;
	/* step_bytes: the rate the steps are expected to run at (0: the drive's write rate), and why */
	double step_mbps;
	const char *step_why;
	/*
	 * run: what comes before the steps, over capacity_bytes (the span):
	 * ETA_PREP_FILL one sequential pass (--fill), ETA_PREP_STEADY
	 * fill_passes and rounds to steady state as precondition's
	 * (round_s, max_rounds, round_writes, min_writes above).
	 */
	enum eta_prep { ETA_PREP_NONE, ETA_PREP_FILL, ETA_PREP_STEADY } prep;
	unsigned preps;                   /* how many times (a group opened afresh per --chunk); 0 is 1 */
};

struct eta {
	struct eta_settings s;
	double now_s;                     /* target clock since the job began */
	/* points (precondition and sweep) */
	size_t replayed;                  /* points of a resumed sweep measured before */
	size_t points_done;               /* ... and in this job */
	double points_s;                  /* the time of those */
	size_t rounds_sum;                /* their rounds past the warm-up (at least a window) */
	size_t rounds_points;             /* the points counted in rounds_sum (not calibrating ones) */
	struct knee_point kp[SWEEP_MAX_POINTS];
	size_t nkp;
	bool in_point;
	double point_start_s;
	uint64_t usable_bytes;            /* of the point running */
	double purge_s, fill_mbps;        /* the last measured; NAN before */
	double rounds_start_s;            /* the point running's first round began; NAN before */
	double round_len_s;               /* the point running's rounds' mean length; NAN before one ends */
	double fresh_rounds_s;            /* the rounds of this job's first point; NAN before */
	double carried_s;                 /* the time of this job's carried points ... */
	size_t carried_done;              /* ... and how many */
	double carried_model_s;           /* what the model said of them */
	double point_model_s;             /* what it says of the carried point running; NAN: nothing */
	double media_mbps;                /* host MB/s over the greedy shape, from the last point; NAN before */
	double peak_iops;                 /* the best a round's sample showed: no OP's steady state passes it */
	unsigned peak_samples;            /* samples within ETA_PLATEAU of it since it last rose past that */
	double fresh_s, fresh_model_s;    /* this job's fresh points: what they took, what the model said */
	/* constructed points (issue 28): the running one is; what they took, the model said, their rounds */
	bool point_constructed;
	bool point_calibrating;        /* auto's first: short rounds, settled (eta_model.h calibrating_at) */
	double cons_s, cons_model_s;
	/*
	 * When the running constructed point's write began: its purge and
	 * cache write before it are left out of cons_s (the first such point
	 * of a drive without a cache writes half the flash there, the later
	 * ones nothing), and the last full point's purge stands for them.
	 */
	double cons_start_s;
	size_t cons_done, cons_rounds_sum;
	double cons_mbps, flash_bytes;    /* the construction's write rate and size, once one ran; NAN before */
	/*
	 * The last full fill: its writes' own rate, past its cache write, and
	 * that cache write's time, and whether a cliff ended it; before a
	 * construction ran, one is timed by them (NAN before a fill).
	 */
	double fill_write_mbps, cache_s;
	bool cache_cliff;
	uint64_t last_usable;             /* the last finished point's */
	/* the phase running: "purge" until a tick names another */
	struct phase_tick tk;
	double phase_start_s;
	size_t rounds;                    /* finished rounds of the point running */
	bool window_valid;
	struct steady_window window;
	/* slc */
	double recent_mbps;               /* over about the last 2% of the capacity */
	double fast_mbps;                 /* the best recent MB/s of the probe */
	uint64_t cache_bytes;             /* probe bytes before the recent MB/s fell under 75% of the best */
	bool cliff;
	/* the last fraction given: it never goes down */
	double fraction;
	bool finished;
};

void eta_init(struct eta *e, const struct eta_settings *s);
/* A point (or the one job) begins, with its purge, over usable_bytes. */
void eta_point_start(struct eta *e, double now_s, uint64_t usable_bytes);
void eta_tick(struct eta *e, double now_s, const struct phase_tick *tk);
/* A round ended: rounds finished so far in the point, the window when there is one. */
void eta_round(struct eta *e, double now_s, size_t rounds, const struct steady_window *w);
/* A point ended with its steady IOPS and WA (NAN: not measured). */
void eta_point_end(struct eta *e, double now_s, double op_percent, double iops, double waf, size_t rounds);
/* A point of a resumed sweep, measured before this job. */
void eta_replayed(struct eta *e, double op_percent, double iops, double waf);
void eta_finish(struct eta *e, double now_s);

/* Seconds left on the target clock; NAN while no rate is known; 0 when finished. */
double eta_remaining_s(const struct eta *e);
/* Of the whole job, 0..1, never less than the last answer; 1 when finished. */
double eta_fraction(struct eta *e);
/* Of the phase running, 0..1, NAN when it has no measure (a purge). */
double eta_phase_fraction(const struct eta *e);
/* Points of the plan (adaptive: expected, *approx set), at least those measured. */
size_t eta_points(const struct eta *e, bool *approx);

/*
 * The points an adaptive plan is expected to take after the measured ones:
 * the plan played to its end over a curve through them (before any, a
 * greedy GC's 1/WA over OP, its knee near 35%), without a WA (a target
 * without a media counter).  ops receives the OP levels of all of them
 * (measured first), up to SWEEP_MAX_POINTS.
 */
size_t eta_plan_points(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *ops);

/*
 * What the estimates need of a sweep (sweep and qualify fill it alike):
 * its rounds, plan and capacity, whether points carry over, and how fresh
 * points are preconditioned (can_construct: sweep_target_can_construct).
 */
struct eta_settings eta_settings_for_sweep(const struct precondition_settings *s, const struct sweep_plan *plan,
					   uint64_t capacity, bool carry_over, enum sweep_pc pc, bool can_construct);

/*
 * A run's preparation (s->prep) at write_mbps over the span: a fill pass,
 * or the fill passes and rounds to steady state of a 0% OP point (rounds 0:
 * the first guess).  eta_plan_s counts it before a run's steps.
 */
double eta_run_prep_s(const struct eta_settings *s, double write_mbps, unsigned rounds);
/*
 * Drive time of a job before it starts (--dry-run) at write_mbps for the
 * sequential writes, with `rounds` rounds per point: seconds.
 */
double eta_plan_s(const struct eta_settings *s, double write_mbps, unsigned rounds, size_t *points);

#endif
