/* SPDX-License-Identifier: MIT */
/*
 * One point of an OP sweep (DESIGN.md 5): purge, set the OP, fill, and write
 * to steady state, timed on the target's clock.  The sweep command strings
 * the points together, saves after each and finds the knee.
 */
#ifndef SSDPROF_SWEEP_H
#define SSDPROF_SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "precondition/precondition.h"
#include "device/target.h"

struct sweep_point {
	double op_percent;
	enum op_method op_method;     /* resolved: never AUTO */
	uint64_t usable_bytes;
	char purge_method[32];        /* "" when carried over */
	bool carried_over;            /* reached from the previous point: no purge, no full fill */
	/*
	 * Preconditioned by construction (issue 28): purge, OP, one write of
	 * construct_bytes (the physical capacity) at the offsets of greedy
	 * GC's steady state, then rounds.  construct_why: why a point that
	 * could have been constructed was measured the full way ("" if not).
	 */
	bool constructed;
	uint64_t construct_bytes;
	double native_bytes, native_sigma;   /* the flash it was built for, and its uncertainty */
	const char *native_source;           /* "target" or "calibrated" */
	char construct_why[160];
	double round_writes;                 /* its rounds' size, x usable (0: rounds of round_ns) */
	/* A group's constructed point: each member's write and the flash it was built for (sweep_construct.c). */
	unsigned construct_members;
	struct sweep_member_built {
		uint64_t bytes;
		double native_bytes, native_sigma;
		const char *source;
	} member_built[TARGET_GROUP_MAX_MEMBERS];
	double drive_seconds;
	struct precondition_result pc;
};

/* The method auto resolves to on t: namespace, then HPA, then span. */
enum op_method sweep_resolve_op_method(const struct target *t, enum op_method requested);
const char *op_method_name(enum op_method m);
/* The method named auto, namespace, hpa or span: 0, or -EINVAL for any other name. */
int op_method_parse(const char *name, enum op_method *m);
/* Usable bytes with op_percent of capacity held back, in whole MiB. */
uint64_t sweep_usable_bytes(uint64_t capacity, double op_percent);

/*
 * Measure one point of a drive of the given full capacity (a namespace
 * resize changes t->info.capacity_bytes).  settings->usable_bytes is set here.
 * member_op (a RAID group only; NULL otherwise) gives each member its own
 * OP by namespace instead of op_percent on all (raid_target_set_op_members).  Returns 0, -EINTR
 * when interrupted (nothing of the point is kept), or another -errno.
 */
int sweep_run_point(struct target *t, uint64_t capacity, double op_percent, enum op_method method,
		    const double *member_op, const char *purge_method, struct precondition_settings *settings,
		    struct sweep_point *out, precondition_progress_fn progress,
		    precondition_poll_fn poll, void *arg, char *err, size_t errlen);

void sweep_point_free(struct sweep_point *p);

/*
 * How a sweep preconditions a fresh point (--precondition): auto builds
 * the steady state by construction where that holds (after the first
 * point, which is measured the full way and calibrates), full keeps SNIA's
 * fill and rounds on every point, constructed builds every point it can.
 * Zero is full: a runner that does not ask (qualify's) measures as before.
 */
enum sweep_pc { SWEEP_PC_FULL, SWEEP_PC_AUTO, SWEEP_PC_CONSTRUCTED };

/*
 * One member of a RAID group as a constructed point sees it: its own flash
 * and bias, and what the last point did to it (sweep_construct_group.c).
 */
struct sweep_member_calib {
	bool known;
	double native_bytes, native_sigma, line_units, wa_bias;
	bool fifo;
	const char *source;
	double span_bytes;            /* of it the last point's writes reach */
	double waf;                   /* over the last point's window; NAN: not measured */
	uint64_t construct_bytes;     /* the last constructed point wrote to it */
};

/*
 * What a constructed point is built from, and how the points so far have
 * held to it (profiler/sweep_construct.c).
 */
struct sweep_calib {
	bool known;                   /* native_bytes is known */
	double native_bytes;          /* the flash the span shares with the spare, factory OP included */
	double native_sigma;          /* its uncertainty, bytes (0: the target's own figure) */
	const char *source;           /* "target" (its control hook) or "calibrated" (inverted from a WA) */
	double line_units;            /* mapping units per GC unit, for the WA model */
	bool fifo;
	double wa_bias;               /* measured / model WA at the last full point; NAN before */
	bool off;                     /* fallen back: the rest of the run is full */
	bool warned;                  /* the fallback's reason was given to sweep_run.warn */
	bool missed;                  /* a constructed point at miss_op was not steady: from it up, full */
	double miss_op;
	char why[160];                /* why it fell back, or why it cannot construct */
	/*
	 * The write cache a construction used up first (precondition.h
	 * exhaust_max): its size at the last cliff (0: none seen yet), or
	 * no_cache once a cache write ran to its cap without a cliff (or
	 * either as the target states its cache, sweep_calib_init).
	 */
	double cache_bytes;
	bool no_cache;
	/* A RAID group: each member its own flash (0: one drive, the fields above are its). */
	unsigned members;
	struct sweep_member_calib m[TARGET_GROUP_MAX_MEMBERS];
};

/*
 * The most a construction writes to use a dynamic SLC cache up, x the
 * flash: a TLC drive's cache takes a third of it, an MLC one's a half;
 * once a cliff showed, half as much again as it.
 */
#define SWEEP_EXHAUST_MAX_SHARE 0.5

/*
 * A sweep's points on one target: what every point shares.  method starts
 * as sweep_resolve_op_method(t, requested); auto may fall back to span.
 */
struct sweep_run {
	struct target *t;
	uint64_t capacity;                /* the drive's full capacity, before any OP */
	enum op_method requested;         /* as asked */
	enum op_method method;            /* in use: never AUTO */
	const char *purge_method;         /* NULL: auto */
	struct precondition_settings *settings;
	precondition_progress_fn progress;
	precondition_poll_fn poll;
	void *arg;
	/* Says what went differently than asked (a fallback); warn_arg: whose (a drive of a batch). */
	void (*warn)(void *warn_arg, const char *msg);
	void *warn_arg;
	/*
	 * Carry-over (issue 18): a span-OP point after the first of this run
	 * starts from the last one's state, without purge and full fill: up
	 * in OP by TRIMming the span's tail, down by filling only the LBAs the
	 * span gains.  The rest of the drive stays in its GC equilibrium.
	 */
	bool carry_over;
	/* How fresh points are preconditioned, and what a constructed one is built from (sweep_construct.h). */
	enum sweep_pc pc;
	/*
	 * A refusal to construct (the target, the workload: before any
	 * attempt) is saved but not said: a default run under --quiet, where
	 * nothing asked for was refused (a file or a device without a media
	 * counter is simply measured the full way).  A failed check is said.
	 */
	bool quiet_fallback;
	struct sweep_calib cal;
	uint64_t last_usable;             /* of the last point measured in this run; 0: none (set here) */
	double last_mbps;                 /* its steady MB/s: sizes a carried point's rounds */
};

/*
 * Rounds written before a window counts, x usable, when the rounds are
 * shortened (round_writes); a carried point adds the share of the span its
 * OP step moved (sweep_carry_point).
 */
#define SWEEP_FRESH_MIN_WRITES 2.0
#define SWEEP_CARRIED_MIN_WRITES 1.5

/*
 * A constructed point's rounds (issue 28): each writes this share of the
 * usable span (at most --round long), so its window of five writes the
 * constructed write minimum (sweep_construct.h).  A 60 s round writes most
 * of a 16 GiB drive: five of them were the floor of every point whatever
 * its start (docs/benchmarks.md).  A point that starts at its equilibrium
 * needs no drive-write of rounds to show it; the window rule
 * (precondition.c, constructed_flat) holds a drift across these rounds to
 * what it would grow to over a drive-write.
 */
#define SWEEP_CONSTRUCTED_ROUND_WRITES 0.05
/*
 * --fast's constructed rounds: its window of five writes a tenth of the
 * span.  A start at its equilibrium needs no more to show it; the window
 * rule still holds a drift to what it would grow to over a drive-write
 * (16 GiB: IOPS and WA within 0.2% of the default's rounds, budget-qlc's
 * 0% OP point 284 s against 489 s; docs/benchmarks.md).
 */
#define SWEEP_FAST_CONSTRUCTED_ROUND_WRITES 0.02
/*
 * At least this many I/Os in a round: a round's IOPS reads high by about
 * a fixed number of I/Os (the queue and the drive's write buffer at its
 * start), +1.6% in rounds of 13k 4 KiB writes (sata-tlc 1 GiB at 40% OP,
 * WA the same as 60 s rounds'), +0.2% in rounds of 65k.
 */
#define SWEEP_ROUND_MIN_IOS 65536
/*
 * auto's calibrating first point (sweep_construct.h sweep_calibrating):
 * rounds of this x usable, raised to SWEEP_ROUND_MIN_IOS writes, so the
 * settled transient's window (precondition.h settle_by_fit) follows soon
 * after a quarter drive-write.  At 16 GiB, against the 60 s rounds to the
 * write minimum: IOPS and WA within 0.5% on every preset, the point in
 * 0.03-0.49 of the time (docs/benchmarks.md); rounds of 0.05 took 0.09-0.64.
 */
#define SWEEP_CALIBRATING_ROUND_WRITES 0.02
double sweep_calibrating_round_writes(double asked, uint32_t bs, double usable_bytes);

/*
 * The round size, x usable, of a constructed point over usable_bytes in
 * writes of bs: asked (--round-writes) when given, else share
 * (precondition_settings.constructed_round_writes; 0:
 * SWEEP_CONSTRUCTED_ROUND_WRITES) raised to SWEEP_ROUND_MIN_IOS writes (at
 * most the span; --round caps a round's time).
 */
double sweep_constructed_round_writes(double asked, double share, uint32_t bs, double usable_bytes);
/* A constructed point's write minimum, x usable: a window of rounds of share (0: the default's). */
double sweep_constructed_min_writes(double share);

/*
 * One point, by sweep_run_point.  Drives may claim namespace management or
 * an HPA and then refuse it (QEMU does); auto means "the best that works",
 * so with auto such a refusal makes this and every later point span OP
 * (r->method), and r->warn is told before the point starts again.  0,
 * -EINTR, or -errno with err set.
 */
int sweep_point_measure(struct sweep_run *r, double op_percent, const double *member_op, struct sweep_point *out,
			char *err, size_t errlen);

/*
 * The point at op_percent carried over from the last one of r (no purge;
 * up in OP the tail of the span TRIMmed, down the new tail filled):
 * r->carry_over, span OP and an OP other than the last point's.  0, -EINTR
 * or -errno with err set.
 */
int sweep_carry_point(struct sweep_run *r, double op_percent, struct sweep_point *out, char *err, size_t errlen);
/* sweep_point_measure will carry the point at op_percent over from the last one. */
bool sweep_point_carries(const struct sweep_run *r, double op_percent, const double *member_op);

/* After the last point: give a drive swept by namespace or HPA its full capacity back.  0 or -errno with err set. */
int sweep_restore_capacity(struct sweep_run *r, char *err, size_t errlen);

#endif
