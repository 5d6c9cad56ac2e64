/* SPDX-License-Identifier: MIT */
/*
 * Preconditioning (DESIGN.md 5): purge, the workload-independent fill (WIPC:
 * sequential 128 KiB writes over the usable span), and the workload-dependent
 * rounds (WDPC) until the SNIA steady-state window holds.  Everything goes
 * through the target interface and the engine, so it runs the same on a
 * simulated drive (virtual time) and a real one.
 */
#ifndef SSDPROF_PRECONDITION_H
#define SSDPROF_PRECONDITION_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "precondition/phase_tick.h"
#include "precondition/predict.h"
#include "precondition/steady.h"

struct wl_io_record;

struct target;
struct workload;
struct lat_hist;
struct run_result;

/*
 * Early prediction of the steady state (predict.h): off; stop the rounds
 * once the prediction is good; or record the first good prediction and
 * run on to the SNIA window (to check the prediction against it).
 */
enum predict_mode { PREDICT_OFF, PREDICT_STOP, PREDICT_RECORD };

#define PRECONDITION_MAX_ROUNDS 25
/* Writes in rounds, x usable, before a window counts (--min-writes): about a drive-write. */
#define PRECONDITION_MIN_WRITES 1.0

/*
 * The writes before a window may count, x usable: min_writes, and at least
 * min(min_writes, 1) after the space the host's OP leaves unmapped after
 * the fill (the LBAs past the span, or what a namespace or HPA shrink took)
 * is used up, as GC cannot start before.  Without it a point at a high OP
 * on a large drive (sata-tlc, 1 TiB, 40%: free space 0.8x the span) ended
 * its window just after GC began, with WA 16% high.  A point carried over
 * is in GC equilibrium already: host_spare 0, its step counted apart.
 */
static inline double precondition_min_share(double min_writes, double usable, double host_spare)
{
	return min_writes > 0 && usable > 0 ? fmax(min_writes, fmin(min_writes, 1) + host_spare / usable) : 0;
}
/* settle_by_fit's least: rounds writing this x usable past the host's spare (precondition.c). */
#define PRECONDITION_SETTLE_MIN_WRITES 0.25
#define FILL_BS (128u * 1024)
#define FILL_QD 32

/*
 * Shortened rounds sample the transient finely enough to show a window
 * that still swings (a point carried over across a large OP step rings by
 * several %): its mean is within the prediction's tolerance of the level it
 * swings about only when its range, IOPS and WA, is within twice that.
 */
#define SHORT_ROUNDS_RANGE_PCT (2 * PREDICT_TOL_PCT)

struct precondition_settings {
	uint64_t usable_bytes;      /* the span the fill and the rounds may touch */
	unsigned fill_passes;       /* WIPC passes over the span; 0 skips the fill */
	/*
	 * The fill covers [fill_from_bytes, usable_bytes): a sweep point
	 * carried down in OP fills only what the last point left unmapped.
	 */
	uint64_t fill_from_bytes;
	uint32_t bs;                /* WDPC: random writes of bs at qd */
	unsigned qd;
	uint64_t round_ns;          /* length of a round on the target clock */
	unsigned max_rounds;        /* at most this many rounds (25) */
	double max_writes;          /* stop after this many x usable written in rounds; 0: no limit */
	uint64_t seed;
	/*
	 * NULL: the rounds are random writes of bs.  Else they take this
	 * workload's pattern, sizes, read and sequential shares and offset
	 * skew (--workload, --random-dist); bs stays when it has no size mix.
	 */
	const struct workload *shape;
	/*
	 * Shorter rounds (issue 18): each round writes round_writes x usable,
	 * or lasts round_ns when the last round's rate (at first
	 * rate_hint_mbps, or the fill's) says that is shorter; the round
	 * When shortened, a window counts only when the per-round WA holds
	 * the same range and slope rule as the IOPS.
	 */
	double round_writes;        /* 0: off */
	/*
	 * A sweep's constructed points (issue 28): their rounds' size, x
	 * usable, and a window of five of them their write minimum (0: the
	 * default's, profiler/sweep.h SWEEP_CONSTRUCTED_ROUND_WRITES; --fast
	 * SWEEP_FAST_CONSTRUCTED_ROUND_WRITES).
	 */
	double constructed_round_writes;
	double rate_hint_mbps;
	/*
	 * A window counts only once the rounds have written min_writes x
	 * usable (0: the SNIA rule alone).  A drive at its command cap shows
	 * flat IOPS at WA 1 until the free space the fill left is used up and
	 * GC's transient has rung out, about a drive-write: on a large drive
	 * that is many 60 s rounds.  The rounds before the minimum is reached
	 * are warm-up and do not count toward max_rounds; max_writes still
	 * caps everything.
	 */
	double min_writes;
	/* unmapped by the host's OP after the fill; see precondition_min_share */
	uint64_t host_spare_bytes;
	/*
	 * The rounds start where another point's left the drive, at GC
	 * equilibrium (a sweep's carry-over), not from a fill or a purge: their
	 * first round may be in a window.  Else, with a write minimum, it never
	 * is (precondition.c, window_clear_of_start).
	 */
	bool carried_over;
	enum predict_mode predict;
	/*
	 * > 0: instead of the fill, one write of this many bytes (the
	 * physical capacity the user span shares with its spare) in random
	 * writes of bs at qd, at the offsets that leave greedy GC's steady
	 * state (engine/construct.h; issue 28).  The rounds then start at the
	 * point's own equilibrium: min_writes counts as for a point carried
	 * over (host_spare_bytes 0, the first round may be in the window).
	 */
	uint64_t construct_bytes;
	/*
	 * A fresh start (a fill) whose window may count before min_writes once
	 * the rounds show the transient over (precondition.c settled_by_fit):
	 * GC running (a media counter, WA above 1), the IOPS and WA each fitted
	 * by the transient's curve (predict.h) with its asymptote within
	 * PREDICT_TOL_PCT of the window's mean, and each within
	 * SHORT_ROUNDS_RANGE_PCT across it.  The figures stay the window's,
	 * measured: only the minimum's wait is cut (sweep auto's calibrating
	 * first point, issue 28).
	 */
	bool settle_by_fit;
	/*
	 * First use a dynamic SLC cache up, writing at most this many bytes
	 * (precondition.c exhaust_cache), before the construction or the fill;
	 * 0: not.
	 */
	uint64_t exhaust_max;
	/*
	 * With construct_bytes: the caller writes the construction itself in
	 * the fill's place (a RAID group: each member its own pattern,
	 * profiler/sweep_construct.c), out->bytes and stopped_early set; NULL:
	 * one pattern over the span.
	 */
	int (*construct_fn)(void *arg, struct target *t, const struct precondition_settings *s,
			    struct run_result *out, char *err, size_t errlen);
	void *construct_arg;
	/* Non-NULL: every round's response times are merged into it too (pts wsat's histogram of the whole run). */
	struct lat_hist *lat_all;
	/* Non-NULL: every I/O of the rounds (not the fill), as workload.io_done (pts wsat's --io-log). */
	void (*io_done)(void *arg, const struct wl_io_record *io);
	void *io_arg;
};

/* One round: per-round averages.  Unmeasured figures are NAN. */
struct round_result {
	double t_s;                 /* round end, seconds since the rounds began */
	double iops, mbps;
	double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us, lat_p9999_us, lat_max_us;
	uint64_t host_bytes_written;
	uint64_t media_bytes_written;
	bool media_known;
	double waf;
};

/*
 * Throughput over the rounds as the interval samples saw it (1 s apart,
 * TICK_INTERVAL_NS), from the first random write on: the fall from fresh to
 * steady state that per-round averages hide.  Past PRECONDITION_MAX_INTERVALS
 * entries, neighbours are merged pairwise, so a long run stays bounded and the
 * entries stay evenly spaced (each covers interval_stride samples).
 */
#define PRECONDITION_MAX_INTERVALS 2048

struct pc_interval {
	double t_s;                 /* entry end, seconds since the first random write */
	double dur_s;               /* time the entry covers */
	uint64_t ios;
	uint64_t written;           /* host bytes written since the first random write, at t_s */
};

struct fill_result {
	unsigned passes;
	uint64_t bytes;
	double seconds;             /* on the target clock */
	double mbps;
	uint64_t exhaust_bytes;     /* written to use the write cache up before a construction */
	bool exhaust_cliff;         /* a cliff ended it (else exhaust_max did) */
	/*
	 * The first pass of a fill from the span's start was watched for a
	 * write cache's cliff in at least FILL_CLIFF_STRETCHES stretches of 1%
	 * of the span (cache_known), and whether one showed (cache_seen).
	 */
	bool cache_known, cache_seen;
};
#define FILL_CLIFF_STRETCHES 20
/* The fill's samples: fine enough for 20 stretches of a pass at 3 GB/s over 16 GiB (dc-tlc). */
#define FILL_SAMPLE_NS 100000000ull

/*
 * The cache write before a construction: sequential FILL_BS writes over
 * the first EXHAUST_REGION bytes of the span, sampled every
 * EXHAUST_SAMPLE_NS; a stretch of 1% of the span at under EXHAUST_CLIFF of
 * the best stretch's rate is the cache's cliff.
 */
#define EXHAUST_REGION (64ull << 20)
#define EXHAUST_SAMPLE_NS 10000000ull
#define EXHAUST_CLIFF 0.5

struct precondition_result {
	struct fill_result fill;
	struct round_result *rounds;    /* owned */
	size_t nrounds;
	struct steady_window window;    /* the last window tested */
	bool window_valid;              /* at least STEADY_WINDOW rounds ran */
	bool reached;
	const char *stop_reason;        /* "steady", "predicted", "max-rounds", "max-writes", "interrupted", "error" */
	double round_s;                 /* the last round's length, target clock */
	/*
	 * The first prediction good enough to stop on (predict.h), after
	 * predicted_rounds rounds; pred_waf is invalid without a media
	 * counter.  With PREDICT_STOP it stopped the rounds and the point's
	 * iops and waf are its values (latencies stay the last rounds').
	 */
	bool predicted;
	size_t predicted_rounds;
	/* steady before min_writes, by settle_by_fit's evidence */
	bool settled;
	struct steady_fit pred_iops, pred_waf;

	/* Over the steady window (or the last five rounds when not reached). */
	double iops, mbps;
	double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us, lat_p9999_us, lat_max_us;
	uint64_t host_bytes_written;
	uint64_t media_bytes_written;
	bool media_known;
	double waf;                     /* NAN when the target has no media counter */
	double seconds;                 /* fill and rounds, target clock */

	struct pc_interval *intervals;  /* owned; nintervals of them */
	size_t nintervals;
	unsigned interval_stride;       /* samples per entry: 1, 2, 4, ... */
};

/*
 * PHASE_ROUNDS_START comes once, just before the first round: a baseline for
 * callers' own counters.  PHASE_TICK comes at the start of the fill and of
 * every round and after every sample within them (at least once a second
 * of target time): where the phase is, for a live status.
 */
enum precondition_phase { PHASE_FILL, PHASE_ROUNDS_START, PHASE_ROUND, PHASE_TICK };

/* Progress after the fill and after every round; return non-zero to stop (interrupt). */
struct precondition_event {
	enum precondition_phase phase;
	const struct fill_result *fill;         /* PHASE_FILL */
	const struct round_result *round;       /* PHASE_ROUND */
	size_t round_index;
	const struct steady_window *window;     /* NULL before STEADY_WINDOW rounds */
	const struct phase_tick *tick;          /* PHASE_TICK */
};
typedef int (*precondition_progress_fn)(const struct precondition_event *ev, void *arg);
/* Called while a phase runs, so a signal can stop it mid-round; non-zero stops. */
typedef int (*precondition_poll_fn)(void *arg);

/*
 * Purge the target with method (NULL: its best; a target without purge gets a
 * full-span TRIM).  method_used receives what was done.  0 or -errno; 1 when
 * method was auto and a file or plain block device turned out to take no
 * TRIM (an md RAID 5 array): nothing was done, method_used is "none" and err
 * says so, for the caller to warn or refuse.
 */
int precondition_purge(struct target *t, const char *method, char *method_used, size_t used_len,
		       char *err, size_t errlen);

/*
 * Fill and run rounds to steady state.  Returns 0 (steady or not: see
 * out->reached), -EINTR when progress or poll asked to stop, or another
 * -errno with err set.  Stopped or failed, out holds what was measured:
 * the fill so far, the finished rounds summarised (an interrupt keeps the
 * round it cut short; an I/O error drops the round it ended), stop_reason
 * "interrupted" or "error".  out must be freed with precondition_result_free().
 */
int precondition_run(struct target *t, const struct precondition_settings *s,
		     struct precondition_result *out, precondition_progress_fn progress,
		     precondition_poll_fn poll, void *arg, char *err, size_t errlen);

/*
 * The rounds s is expected to run at most: max_rounds (0: 25), plus
 * min_writes / round_writes with shortened rounds.  Full rounds that reach
 * min_writes late add warm-up rounds on top (at most LIM_MAX_ROUNDS_MAX in
 * all): a sizing hint, not a bound.
 */
unsigned precondition_max_rounds(const struct precondition_settings *s);

void precondition_result_free(struct precondition_result *r);

/* Interval entries being gathered: the samples not yet a whole entry. */
struct pc_interval_acc {
	struct pc_interval pending;
	unsigned npending;
	uint64_t written;             /* host bytes written since the first random write */
};
struct run_sample;

/*
 * Add n samples of a round that began t0 s after the first random write to
 * r->intervals (room for PRECONDITION_MAX_INTERVALS, interval_stride >= 1),
 * merging pairwise when full; flush adds the partial entry left at the end.
 */
void precondition_intervals_add(struct precondition_result *r, struct pc_interval_acc *acc,
				const struct run_sample *samples, size_t n, double t0);
void precondition_intervals_flush(struct precondition_result *r, struct pc_interval_acc *acc);

/*
 * The fill alone (WIPC): passes sequential FILL_BS writes at FILL_QD over
 * the first usable_bytes, as precondition_run starts.  run --fill uses it so
 * reads find written blocks.  0, -EINTR when poll asked to stop, or another
 * -errno with err set.
 */
int precondition_fill(struct target *t, uint64_t usable_bytes, unsigned passes, uint64_t seed,
		      precondition_poll_fn poll, void *arg, struct fill_result *fill, char *err, size_t errlen);

#endif
