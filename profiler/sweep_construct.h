/* SPDX-License-Identifier: MIT */
/*
 * Fresh sweep points by construction (issue 28; DESIGN.md 5): what the
 * flash is (the target's own figure, or calibrated from the first point's
 * WA by inverting the WA model), whether a point may be built by
 * construction, and whether a constructed point's WA held to the model.
 */
#ifndef SSDPROF_SWEEP_CONSTRUCT_H
#define SSDPROF_SWEEP_CONSTRUCT_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/sweep.h"

/*
 * Writes in rounds, x usable, before a constructed point's window counts:
 * the write leaves the point at its equilibrium, the rounds show it holds
 * there (the window's IOPS and WA each within SHORT_ROUNDS_RANGE_PCT).
 * Five rounds of SWEEP_CONSTRUCTED_ROUND_WRITES; shorter rounds, shorter
 * minimum (sweep.h sweep_constructed_min_writes).
 */
#define SWEEP_CONSTRUCTED_MIN_WRITES 0.25

/* The WA a constructed point may stray from the calibration's, at least: the 2% it must hold, and the noise. */
#define SWEEP_CONSTRUCT_TOL_PCT 3.0
/*
 * Before any full point, the model alone: its own error on the simulated
 * presets (budget-qlc 0% OP: 7.36 measured, 7.68 modelled) is within this.
 */
#define SWEEP_CONSTRUCT_MODEL_TOL_PCT 10.0

/* --precondition's values by enum sweep_pc, as typed and as saved. */
extern const char *const sweep_pc_names[3];
/* 0, or -EINVAL for a name not in sweep_pc_names. */
int sweep_pc_parse(const char *name, enum sweep_pc *pc);

/*
 * Whether a sweep on t can build points by construction at all: its writes
 * (every member's, in a group) show on a media counter, by which the first
 * point calibrates.  A file or a drive without one is measured the full
 * way; the estimates ask this before any point ran.
 */
bool sweep_target_can_construct(struct target *t);
/*
 * Whether t states its flash itself (a simulated drive, or a group of
 * them): a construction may then build the first point too, with no full
 * point to calibrate by (--precondition constructed, --fast).
 */
bool sweep_target_states_flash(struct target *t);
/* Uniform random writes of one size: the only rounds a constructed start is the steady state of. */
bool sweep_uniform_writes(const struct workload *w);

/* Before the first point: the target's own figure of its flash, where it gives one (a simulated drive). */
void sweep_calib_init(struct sweep_calib *c, struct target *t);

/*
 * The fresh point of r at op_percent is to be built by construction: true,
 * or false with why set ("" when the method asked for is simply full, or
 * the point is the first, which calibrates).
 */
bool sweep_construct_ok(const struct sweep_run *r, double op_percent, const double *member_op, char *why,
			size_t len);

/*
 * r's next fresh point is auto's first, measured the full way to calibrate
 * by, where a media counter shows its transient: its rounds are short
 * (sweep_constructed_round_writes) and its window may count once the
 * transient has settled (precondition.h settle_by_fit) rather than after
 * the write minimum.  Not for a group, a skewed workload or a target
 * without a media counter.
 */
bool sweep_calibrating(const struct sweep_run *r);

/*
 * A constructed point that did not reach steady state (max-rounds or
 * max-writes; a prediction that stopped it is no miss): true, with why
 * set, and c->missed from its OP up.  It is measured again the full way.
 */
bool sweep_point_missed(struct sweep_calib *c, const struct sweep_point *pt, char *why, size_t len);

/*
 * After a point measured the full way that reached steady state: the flash
 * calibrated from its WA (once), and the model's bias there.
 */
void sweep_calib_full(struct sweep_calib *c, const struct sweep_point *pt);

/*
 * After a constructed point: its WA against the calibration's (bias x
 * model at its usable bytes) within SWEEP_CONSTRUCT_TOL_PCT or the
 * calibration's own uncertainty, whichever is wider.  false: c->off and
 * c->why say why the rest falls back to the full method.
 */
bool sweep_calib_check(struct sweep_calib *c, const struct sweep_point *pt);

/*
 * What f, a point's fill or construction, told of the write cache: none
 * (c->no_cache), or its size where a cache write stopped at its cliff
 * (c->cache_bytes); nothing where it could not tell.
 */
void sweep_calib_cache(struct sweep_calib *c, const struct fill_result *f);

/* A point as an earlier run of the sweep saved it (--resume). */
struct sweep_saved_point {
	double op_percent;
	const char *method;             /* "fresh", "constructed", "carried" */
	bool reached;                   /* steady_state.reached */
	double usable_bytes, waf;
	double spread;                  /* the window's WA spread, relative */
	const char *fallback;           /* construction.fallback, or NULL */
	bool cache_known, cache_seen;   /* fill.cache_cliff: not null, and true */
	double cache_bytes;             /* fill.cache_write_bytes (NAN: null) */
	unsigned members;               /* a group's: each member's window WA */
	double member_waf[TARGET_GROUP_MAX_MEMBERS];
};

/*
 * The saved points of a resumed sweep, in their order, each given to c as
 * the run that saved it gave it: a full point that reached steady state
 * calibrates (the flash once, the bias at each), a point measured again
 * after a constructed one missed or strayed sets the miss or the fallback
 * again, so the resumed run plans and builds its points as the
 * uninterrupted run would have.
 */
void sweep_calib_replay(struct sweep_calib *c, struct target *t, const struct sweep_saved_point *p);

/* A RAID group (sweep_calib_init calls it): each member's flash, from its target where it gives one. */
void sweep_calib_members_init(struct sweep_calib *c, struct target *group);

/*
 * Whether r's group may be built member by member: its writes each within
 * one chunk (one column and its parity); false with why set.
 */
bool sweep_group_construct_ok(const struct sweep_run *r, char *why, size_t len);

/*
 * sweep_run_point for r's point (settings->construct_bytes: by
 * construction).  On a RAID group each member is built for its own flash
 * over its own span, and each member's window WA and span are kept in
 * r->cal.m for sweep_calib_full and sweep_calib_check.
 */
int sweep_member_point(struct sweep_run *r, double op_percent, const double *member_op, struct sweep_point *out,
		       char *err, size_t errlen);

/* The model's WA for usable bytes on the calibrated flash; NAN when unknown. */
double sweep_calib_wa(const struct sweep_calib *c, double usable_bytes);

#endif
