/* SPDX-License-Identifier: MIT */
/*
 * The estimates' model of one point from the settings alone (profiler/eta.h):
 * the host rate's shape over OP, the write minimums and the rounds a point
 * of each method takes.  Shared by the live ETA (eta.c) and the plan's
 * estimate before anything runs (eta_plan.c).
 */
#ifndef SSDPROF_ETA_MODEL_H
#define SSDPROF_ETA_MODEL_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "precondition/precondition.h"
#include "profiler/eta.h"
#include "profiler/sweep.h"
#include "profiler/sweep_construct.h"

/*
 * Host random-write MB/s at op_percent per MB/s the drive programs: greedy
 * GC's 1/WA, WA = (1 + s) / 2s with s the spare per usable byte, taking the
 * 7.4% a drive keeps past its decimal capacity (GiB of flash sold as GB).
 * A rough shape: the live estimate scales it by a measured point.
 */
static inline double random_share(double op_percent)
{
	double spare = 1.0737 / (1 - op_percent / 100) - 1;

	return 2 * spare / (1 + spare);
}

/* A fresh point's write minimum, x usable: the host spare comes on top (precondition_min_share). */
static inline double fresh_min_writes(const struct eta_settings *s, double usable)
{
	return precondition_min_share(s->min_writes, usable, fmax(0, (double)s->capacity_bytes - usable));
}

/*
 * The rounds of one point with shortened rounds at a host rate of mbps:
 * min_writes x usable, and at least a window of rounds; `share` of that (a
 * prediction stops at half) or, with share 0, every round the point may
 * take.
 */
static inline double short_rounds_rw_s(const struct eta_settings *s, double rw, double usable, double mbps,
					double min_writes, double share)
{
	double rate = mbps * 1e6;
	double round = fmin(s->round_s, rw * usable / rate);
	double need = min_writes * usable / rate;

	if (share <= 0)
		return s->max_rounds * round + need;
	return fmax(need * share, (STEADY_WINDOW + 1) * round);
}

/* A constructed point's write minimum, x usable: no spare is left unmapped (precondition.c written_enough). */
static inline double constructed_min_writes(const struct eta_settings *s)
{
	return s->min_writes > 0 ? fmin(s->min_writes, sweep_constructed_min_writes(s->constructed_round_writes)) : 0;
}

static inline double short_rounds_s(const struct eta_settings *s, double usable, double mbps, double min_writes,
				    double share)
{
	return short_rounds_rw_s(s, s->round_writes, usable, mbps, min_writes, share);
}

/* A constructed point's rounds, x usable: always sized by writes (sweep.h sweep_constructed_round_writes). */
static inline double constructed_round_writes(const struct eta_settings *s, double usable)
{
	return sweep_constructed_round_writes(s->round_writes, s->constructed_round_writes, s->bs ? s->bs : 4096,
					      usable);
}

/*
 * The runs and the rewrites of a construction overlap, but not wholly:
 * the longer of the flash at the fill's rate and the rewrites at the
 * command cap, and this share of the shorter (16 GiB: dc-tlc 7.3 s
 * against 6.2 and 4.1, sata-tlc 52.4 s against 51.3 and 20.8).
 */
#define ETA_CONSTRUCT_OVERLAP_MISS 0.25

/*
 * The flash bytes of a construction over usable written at write_mbps,
 * the rewrites among them (the flash less the span, in bs-byte writes) at
 * cap_iops where the drive has a command cap: the dry run's and, before a
 * construction ran, the live ETA's.
 */
static inline double construct_write_s(double flash, double usable, double write_mbps, double cap_iops, double bs)
{
	double t = flash / (write_mbps * 1e6), rewrites;

	if (!isfinite(cap_iops) || !(cap_iops > 0) || !(flash > usable))
		return t;
	rewrites = (flash - usable) / fmin(cap_iops * bs, write_mbps * 1e6);
	return fmax(t, rewrites) + ETA_CONSTRUCT_OVERLAP_MISS * fmin(t, rewrites);
}

/* The rounds of a constructed point over usable at a host rate of mbps: its minimum and a window and one. */
static inline double constructed_rounds_s(const struct eta_settings *s, double usable, double mbps, double share)
{
	return short_rounds_rw_s(s, constructed_round_writes(s, usable), usable, mbps, constructed_min_writes(s),
				 share);
}


/* The sweep's i-th point (those of a resumed run's earlier jobs counted) is built by construction. */
static inline bool constructed_at(const struct eta_settings *s, size_t i)
{
	return s->job == ETA_SWEEP && s->construct && i >= s->construct_from && !(s->carry_over && i > 0);
}

/*
 * The sweep's i-th point is auto's first, measured the full way to
 * calibrate by (sweep_construct.h sweep_calibrating): in short rounds, its
 * window counting once the transient settles.
 */
static inline bool calibrating_at(const struct eta_settings *s, size_t i)
{
	return s->job == ETA_SWEEP && s->construct && s->construct_from == 1 && i == 0;
}

/* Its fill's passes: at most one, after its cache write (sweep.c calibrating_point). */
static inline unsigned calibrating_fill_passes(const struct eta_settings *s)
{
	return s->fill_passes > 1 ? 1 : s->fill_passes;
}

static inline double calibrating_round_writes(const struct eta_settings *s, double usable)
{
	return sweep_calibrating_round_writes(s->round_writes, s->bs ? s->bs : 4096, usable);
}

/* Its least written, x usable: settle_by_fit's quarter past the host's spare, or the minimum when less. */
static inline double calibrating_min_writes(const struct eta_settings *s, double usable)
{
	double min = fresh_min_writes(s, usable);

	if (!(usable > 0))
		return min;
	return fmin(min, PRECONDITION_SETTLE_MIN_WRITES + fmax(0, (double)s->capacity_bytes - usable) / usable);
}

/*
 * Its rounds at a host rate of mbps: the least written, then a window past
 * it (the 16 GiB presets took 17-18 rounds of 0.02, 34 on dc-tlc's 65k
 * writes at its command cap).
 */
static inline double calibrating_rounds_s(const struct eta_settings *s, double usable, double mbps)
{
	double rate = mbps * 1e6, round = fmin(s->round_s, calibrating_round_writes(s, usable) * usable / rate);

	return calibrating_min_writes(s, usable) * usable / rate + STEADY_WINDOW * round;
}

/*
 * Full rounds of one point at a host rate of mbps: `rounds` of round_s, but
 * no window counts before min_share x usable is written (whole rounds);
 * with max_rounds, the warm-up rounds come on top.
 */
static inline double rounds_with_min_s(const struct eta_settings *s, double usable, double mbps, unsigned rounds,
				double min_share)
{
	double need = min_share * usable / (mbps * 1e6);
	double warm = s->round_s > 0 && isfinite(need) ? ceil(need / s->round_s) * s->round_s : 0;

	if (rounds >= s->max_rounds)
		return warm + (double)rounds * s->round_s;
	return fmax((double)rounds * s->round_s, warm + s->round_s);
}

static inline double full_rounds_s(const struct eta_settings *s, double usable, double mbps, unsigned rounds)
{
	return rounds_with_min_s(s, usable, mbps, rounds, fresh_min_writes(s, usable));
}

/*
 * The IOPS at op through the measured points kp (the greedy shape beyond
 * them), at most cap (INFINITY: none); before any, the shape at most cap
 * (then in the shape's units).
 */
double eta_model_iops_cap(const struct knee_point *kp, size_t n, double op, double cap);
/*
 * The adaptive plan played on from done over that curve: its points (their
 * OPs in ops, when not NULL).  with_wa: the points will give a WA (a media
 * counter), so the plan follows the curve of profiler/sweep_curve.h
 * through them, and before two are measured the shape's.
 */
size_t eta_plan_points_cap(const struct sweep_plan *p, const struct knee_point *done, size_t n, double *ops,
			   double cap, bool with_wa);

#endif
