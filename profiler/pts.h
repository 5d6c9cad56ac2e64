/* SPDX-License-Identifier: MIT */
/*
 * The SNIA Solid State Storage Performance Test Specification's tests
 * (PTS-E 2.0.2, issue 27) that share one shape: purge, the
 * workload-independent fill (2x the span of 128 KiB sequential writes), then
 * rounds, each running every cell of the test's matrix (a read/write mix and
 * a block size) for cell_ns, until the SNIA window (precondition/steady.c)
 * holds on the test's tracking variable, at most max_rounds rounds.  The
 * figures are the window's means per cell.
 *
 *   iops        random, 7 mixes x 8 sizes (56 cells) at qd; tracks 4 KiB
 *               100% write IOPS
 *   latency     random, 3 mixes x 3 sizes at QD 1; tracks 4 KiB 100% write
 *               mean response time; mean, max and five nines per cell
 *   throughput  sequential 100% read and 100% write, one stage per size
 *               (128 KiB, then 1024 KiB, each from its own purge); tracks the
 *               write MB/s
 *
 * Mixes are the outer loop and sizes the inner one, in the spec's order.
 * Every I/O runs through the engine (engine/workload.h), so the test runs on
 * every target kind alike, in virtual time on a simulated drive.
 */
#ifndef SSDPROF_PTS_H
#define SSDPROF_PTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/workload.h"
#include "precondition/precondition.h"
#include "profiler/pts_dirth.h"

struct target;
struct lat_hist;

/*
 * The tests, in the order of the table (pts.c pts_tests): a new test adds
 * its value before PTS_TEST_COUNT and its row to the table.
 */
enum pts_test {
	PTS_IOPS,
	PTS_LATENCY,
	PTS_THROUGHPUT,
	PTS_WSAT,
	PTS_HIR,
	PTS_XSR,
	PTS_CBW,                    /* the composite block size workload (profiler/pts_cbw.c) */
	PTS_DIRTH,                  /* demand intensity / response time histogram (profiler/pts_dirth.c) */
	PTS_TEST_COUNT
};
/* What a test's steady state tracks. */
enum pts_metric { PTS_M_IOPS, PTS_M_MBPS, PTS_M_LAT_MEAN };

#define PTS_MAX_CELLS 56
#define PTS_MAX_STAGES 2
/* The spec's one minute per cell per round. */
#define PTS_CELL_NS_DEFAULT (60ull * 1000000000)
/* The spec's fill: twice the span in 128 KiB sequential writes. */
#define PTS_FILL_PASSES 2
/* WSAT's writes from the purge, x the span (the spec's 4x the user capacity). */
#define PTS_WSAT_WRITES 4.0
#define PTS_WSAT_TIME_CAP_NS (24ull * 3600 * 1000000000)   /* or 24 h, whichever first (TKperf, docs/pts_spec.md) */
/* HIR: the spec's bursts of 5 s, its waits, and the bursts per wait state (and per return to baseline). */
#define PTS_HIR_BURST_NS (5ull * 1000000000)
#define PTS_HIR_REPS 360
#define PTS_HIR_NWAITS 5
/* XSR: each of its three phases writes this many x the span. */
#define PTS_XSR_WRITES 2.0

struct pts_cell_spec {
	enum workload_rw rw;
	unsigned read_pct;          /* share of I/Os that read */
	uint32_t bs;
	/* An access specification (engine/access_spec.h) the cell runs instead of rw, read_pct and bs; NULL: none. */
	const char *workload;
	/* Outstanding I/Os of this cell (DIRTH: threads x queue depth); 0: the stage's qd. */
	unsigned qd;
	unsigned threads;           /* DIRTH: the spec's thread count (qd = threads x its queue depth); else 0 */
};

/* One cell in one round; NAN where nothing completed. */
struct pts_cell {
	double iops, mbps, lat_mean_us, lat_max_us;
	uint64_t ios, read_ios;
};

/* One cell over the steady window (the last five rounds when it was not reached). */
struct pts_total {
	double iops, mbps, lat_mean_us, lat_max_us, lat_p99999_us;
	uint64_t ios, read_ios;
};

/* One purge, fill and rounds to steady state. */
struct pts_stage {
	char purge_method[32];      /* what was done: a method, or "none" */
	struct fill_result fill;
	size_t ncells;
	struct pts_cell_spec cells[PTS_MAX_CELLS];
	size_t tracked;             /* the cell whose metric the window tracks */
	enum pts_metric metric;
	unsigned qd;
	struct pts_cell *rounds;    /* nrounds x ncells, owned */
	double *track;              /* the tracked figure per round, owned */
	size_t nrounds, cap;
	struct steady_window window;
	bool window_valid, reached;
	size_t warmup_rounds;       /* rounds before min_writes was met (and the first after the fill) */
	uint64_t *written;          /* host bytes written by the rounds up to each round's end, owned */
	/*
	 * "steady", "max-rounds", "single pass" (DIRTH's pass): finished;
	 * "interrupted", "error", or NULL while running: the stage the test
	 * was in (saved apart, never counted: results/pts_json.c).
	 */
	const char *stop_reason;
	uint64_t us;                /* its time, purge (or start) to end, target clock, whole microseconds */
	struct pts_total totals[PTS_MAX_CELLS];
	/* Per cell, the histograms of the last STEADY_WINDOW rounds (a ring), for the five nines. */
	struct lat_hist *hist[PTS_MAX_CELLS][STEADY_WINDOW];
};

/*
 * A time-series test's sample (wsat, hir, xsr): an interval of its
 * stimulus (a second of WSAT or XSR, a burst of HIR).
 */
struct pts_sample {
	double t_s;                 /* interval end, seconds since the stimulus began (target clock, idle included) */
	double dur_s;               /* the interval's I/O time */
	double iops, mbps, lat_mean_us;
	uint64_t written;           /* host bytes written since the stimulus began, at t_s */
	unsigned phase;             /* index into pts_result.phases */
};

#define PTS_MAX_PHASES 16

/* A phase of a time-series test: one stimulus, its samples, and its figures over them. */
struct pts_phase {
	char name[24];              /* "wsat"; "wait 5s", "baseline"; "seq", "random", "seq again" */
	enum workload_rw rw;
	uint32_t bs;
	unsigned qd;
	double burst_s, idle_s;     /* HIR: each burst and the idle after it; else NAN */
	unsigned reps;              /* HIR: bursts; else 0 */
	size_t first, n;            /* its samples */
	/* Over the phase's I/O (NAN where none): rates over its I/O time, response times of all its I/Os. */
	double iops, mbps, lat_mean_us, lat_p999_us, lat_p9999_us, lat_p99999_us, lat_max_us;
	uint64_t bytes, ios;
	double seconds;             /* target clock, idle included */
	bool done;                  /* ran to its end: a finished phase (else the cut one, or not begun) */
	/* XSR: seconds from the phase's start until its IOPS stay within 10% of its end level; NAN: never. */
	double settle_s;
	double level_iops;          /* XSR: the end level (the mean of its last fifth); else NAN */
};

struct pts_result {
	enum pts_test test;
	size_t nstages;
	struct pts_stage stages[PTS_MAX_STAGES];
	double seconds;             /* target clock, purge to the end */
	unsigned char *pattern;     /* the writes' data, made once for every cell (owned) */
	/* A time-series test's purge and fill (its stages hold their own), phases and samples. */
	char purge_method[32];
	struct fill_result fill;
	size_t nphases;
	struct pts_phase phases[PTS_MAX_PHASES];
	struct pts_sample *samples; /* owned */
	size_t nsamples, samples_cap;
	/* "writes" (wsat: wsat_writes x the span), "time-cap", "done", "interrupted", "error"; NULL: none ran. */
	const char *series_stop;
	struct pts_dirth dirth;     /* DIRTH's points and histograms (profiler/pts_dirth.h) */
	/* Stages before it were kept from a saved test (pts_settings.resume): not run, not in r. */
	size_t first_stage;
	bool complete;              /* the test ran to its end */
};

/*
 * A test resumed from its saved document (cli/, docs/pts.md): the stages
 * before first_stage finished and are kept by the caller; they took kept_us
 * of target time.  first_stage is 0 unless the test's stages each run from
 * their own purge (pts_test_def.stage_units).
 */
struct pts_resume {
	size_t first_stage;
	uint64_t kept_us;
};

/* Where a time-series test is: what pts_settings.series_done receives. */
struct pts_progress {
	size_t phase;               /* index into pts_result.phases */
	size_t step;                /* WSAT: the round; else the samples of the phase so far */
	double t_s;                 /* seconds since the stimulus began */
	double iops;                /* of the last round (WSAT) or the phase (HIR, XSR) */
	uint64_t written;           /* host bytes since the stimulus began */
};

/* Where an I/O of the log belongs: what pts_settings.io_log receives. */
struct pts_io {
	unsigned stage, round, cell;
	const struct wl_io_record *io;
};

struct pts_settings {
	enum pts_test test;
	uint64_t usable_bytes;      /* the span every I/O stays in */
	bool purge;                 /* false: --no-purge, the drive as it is */
	const char *purge_method;   /* NULL: the target's best */
	unsigned fill_passes;       /* PTS_FILL_PASSES; 0 skips the fill */
	uint64_t cell_ns;           /* each cell's time per round, target clock */
	unsigned max_rounds;        /* at most (25) counted rounds */
	/*
	 * A window counts only once the rounds have written min_writes x
	 * usable_bytes, and never holds the first round after the fill
	 * (DESIGN.md 5: GC has not begun; a scaled-down cell time writes too
	 * little for the spec's window alone to mean steady).  Rounds before
	 * are warm-up, not counted toward max_rounds.  0: the spec's rule alone.
	 */
	double min_writes;
	unsigned qd;                /* iops and throughput; latency runs at 1 */
	uint64_t seed;
	double wsat_writes;         /* WSAT: writes x the span (PTS_WSAT_WRITES) */
	uint64_t time_cap_ns;       /* WSAT: at most this long (target clock), 0: none */
	unsigned hir_reps;          /* HIR: bursts per wait state (PTS_HIR_REPS) */
	double xsr_writes;          /* XSR: writes x the span per phase (PTS_XSR_WRITES) */
	precondition_poll_fn poll;  /* non-zero stops (an interrupt) */
	void *poll_arg;
	/* After every round: non-zero stops as poll does.  NULL: none. */
	int (*round_done)(const struct pts_result *r, size_t stage, void *arg);
	void *round_arg;
	/* After every finished stage (round_arg); non-zero stops as poll does.  NULL: none. */
	int (*stage_done)(const struct pts_result *r, void *arg);
	/* NULL: the test from the start. */
	const struct pts_resume *resume;
	/* A suite (pts all, a list): its tests in order, saved in every test's settings; nsuite 0: one test alone. */
	const enum pts_test *suite;
	size_t nsuite;
	/* A time-series test: after every WSAT round and every HIR or XSR phase; non-zero stops.  NULL: none. */
	int (*series_done)(const struct pts_result *r, const struct pts_progress *p, void *arg);
	/*
	 * Every I/O of the rounds (not the fill), NULL for none; and of HIR's
	 * bursts and XSR's phases (stage: one past the stages, round: the
	 * burst of HIR, else 0, cell: the phase).  WSAT's run in precondition's
	 * rounds: none.
	 */
	void (*io_log)(const struct pts_io *io, void *arg);
	void *io_arg;
};

/*
 * A test's row of the table: its name, a line on what it runs (usage and
 * dry run), the stages and phases it plans (no target needed), its runner
 * (pts_run calls it with r planned and its pattern made), and the most
 * target time its stimulus takes (the estimate; NAN when that is the
 * drive's rate's to say: WSAT and XSR write an amount).
 */
struct pts_test_def {
	const char *name;
	const char *what;
	void (*plan)(const struct pts_settings *s, struct pts_result *r);
	int (*run)(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
	double (*max_seconds)(const struct pts_settings *s);
	/* Each stage runs from its own purge: a resume keeps the finished ones (else it starts again). */
	bool stage_units;
};

/* The row of t; NULL past the last. */
const struct pts_test_def *pts_test_def(enum pts_test t);
/* "iops", "latency", "throughput", ...; NULL past the last. */
const char *pts_test_name(enum pts_test t);
/* 0, or -EINVAL for an unknown name. */
int pts_test_parse(const char *s, enum pts_test *out);
/* Whether st ran to its end (steady, max-rounds, a single pass): else it is the cut or running one. */
bool pts_stage_finished(const struct pts_stage *st);
/* "iops", "mbps", "lat_mean_us": the JSON name of what a stage tracks. */
const char *pts_metric_name(enum pts_metric m);

/* The stages' cells of s's test (no target needed): for dry runs and estimates. */
void pts_plan(const struct pts_settings *s, struct pts_result *r);
/* The stimulus' target time at most, seconds (the table's max_seconds); NAN: the drive's rate decides. */
double pts_max_round_seconds(const struct pts_settings *s);

/*
 * Run s's test on t.  0 (steady or not: each stage's reached), -EINTR when
 * stopped, or another -errno with err set; r holds what was measured either
 * way (stop_reason of the stage it ended in says how) and must be freed.
 */
int pts_run(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
void pts_result_free(struct pts_result *r);

#endif
