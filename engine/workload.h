/* SPDX-License-Identifier: MIT */
/*
 * A minimal workload engine: one access pattern, one block size, one queue
 * depth, measured per interval.  It talks to the drive only through
 * struct target_ops and takes every timestamp from ops->now_ns, so the same
 * loop runs in virtual time on the simulator and in real time on a device.
 */
#ifndef SSDPROF_WORKLOAD_H
#define SSDPROF_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/offset_dist.h"

struct target;
struct lat_hist;

enum workload_rw {
	WL_RANDWRITE = 0,
	WL_RANDREAD,
	WL_WRITE,     /* sequential, wrapping at the span end */
	WL_READ,
	WL_RANDRW,    /* uniform random, each I/O a read with probability read_pct% */
};

/* Most entries in a --bs-mix. */
#define WL_BS_MIX_MAX 16

/* One entry of a weighted block-size mix, like an IOmeter access specification. */
struct wl_bs_weight {
	uint32_t bs;            /* bytes, a multiple of the target's lba_bytes */
	uint32_t weight;        /* relative share of I/Os (not of bytes) */
};

/* One completed I/O, as the engine saw it: what workload.io_done receives. */
struct wl_io_record {
	uint64_t offset;        /* bytes from the start of the target */
	uint32_t len;
	uint8_t dir;            /* IO_READ or IO_WRITE */
	uint64_t submit_ns, complete_ns;   /* target clock */
};

struct workload {
	enum workload_rw rw;
	uint32_t bs;            /* bytes, a multiple of the target's lba_bytes */
	unsigned qd;            /* I/Os kept in flight */
	uint64_t time_ns;       /* stop after this long on the target clock, or 0 */
	uint64_t bytes;         /* stop after this many bytes, or 0 (exactly one limit is set) */
	uint64_t interval_ns;   /* sample period; 0 means one second */
	uint64_t span_bytes;    /* span length; 0 means up to the end of the capacity */
	/*
	 * The span starts here: offsets lie in [offset_bytes, offset_bytes +
	 * span_bytes).  A multiple of the LBA; 0 is the start of the target.
	 */
	uint64_t offset_bytes;
	uint64_t seed;          /* drives offsets and buffer contents */
	/*
	 * The offsets' stream: 0 draws the seed's own offsets; another value
	 * draws a different sequence from the same seed (workload_stream_seed),
	 * so the steps of a curve do not replay one another's offsets while the
	 * data (workload_pattern(seed)) and --random-dist's hot set stay.
	 */
	uint64_t stream;

	/* Added with the full engine; zero keeps the behaviour above. */
	unsigned read_pct;      /* WL_RANDRW: percent of I/Os that read, 0..100 */
	/*
	 * With nbs_mix > 0 each I/O draws its size from bs_mix (weighted by
	 * I/O count) and bs is ignored.  Random offsets are aligned to the
	 * drawn size; sequential runs advance by it.
	 */
	unsigned nbs_mix;
	struct wl_bs_weight bs_mix[WL_BS_MIX_MAX];
	/* Reads compare their data with workload_pattern(seed); see verify_errors. */
	bool verify;
	/*
	 * Polled once per I/O batch when set (e.g. interrupt_requested for
	 * SIGINT): true stops submission, drains the queue and ends the run
	 * with stopped_early, like a progress callback returning non-zero but
	 * without waiting for the interval to end.
	 */
	bool (*stop_requested)(void);
	/*
	 * The same with an argument, for callers that poll through a callback
	 * of their own (precondition_poll_fn): non-zero stops at the next batch.
	 */
	int (*stop_poll)(void *arg);
	void *stop_arg;

	/*
	 * Random patterns: percent of I/Os that continue where the previous
	 * one ended instead of drawing an offset (IOmeter's 100 - random%).
	 */
	unsigned seq_pct;
	/* Which blocks random offsets hit (--random-dist); zero is uniform. */
	struct offset_dist dist;
	/* The access specification's name (--workload), or NULL; for results. */
	const char *workload;
	/*
	 * An I/O log: called for every I/O that completed, in the order the
	 * engine accounts them, with io_arg; NULL for none.  It sees the
	 * stimulus as sent, so tests (and users) measure the realised mix.
	 */
	void (*io_done)(void *arg, const struct wl_io_record *io);
	void *io_arg;
	/*
	 * The data writes take, from workload_pattern_buffer(seed, at least
	 * workload_max_bs), kept by the caller across runs: making it costs
	 * more than a short run (4 MiB).  NULL: each run makes its own.
	 */
	unsigned char *pattern_buf;
	/*
	 * Random writes of bs only: > 0 draws the offsets of a constructed
	 * steady state (engine/construct.h) writing this many blocks of bs,
	 * the physical capacity, over the span.
	 */
	uint64_t construct_total;
	/*
	 * With construct_total: > bs writes each block's first write in runs
	 * of this many bytes (a multiple of bs), so only the rewrites pay the
	 * drive's write-command rate (construct.h construct_init_chunked).
	 */
	uint32_t construct_run_bytes;
};

/* One direction's figures over a run; NAN where nothing completed. */
struct run_dir {
	uint64_t ios, bytes;
	double iops, mbps;
	double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us, lat_p9999_us, lat_max_us;
};

/* One interval.  Figures that could not be measured are NAN. */
struct run_sample {
	double t_s;                     /* interval end, seconds since the run started */
	double dur_s;                   /* interval length */
	uint64_t ios;
	uint64_t bytes;
	double iops;
	double mbps;                    /* 10^6 bytes per second */
	double lat_mean_us;             /* complete_ns - submit_ns; NAN when ios == 0 */
	double lat_max_us;
	uint64_t host_bytes_written;    /* counter deltas over the interval */
	uint64_t media_bytes_written;   /* meaningful only when media_known */
	bool media_known;
	double waf;                     /* media / host delta; NAN when unknown */

	/* Latency percentiles from the interval's histogram; NAN when ios == 0. */
	double lat_p50_us;
	double lat_p99_us;
	double lat_p999_us;
	double lat_p9999_us;
	uint64_t read_ios;              /* of ios, how many were reads */
	uint64_t write_ios;
	uint64_t read_bytes;            /* of bytes, how many were read */
	double read_lat_mean_us;        /* per direction; NAN when none completed */
	double write_lat_mean_us;
};

struct run_result {
	struct run_sample *samples;     /* owned; free with run_result_free() */
	size_t nsamples;
	size_t cap;

	unsigned qd;                    /* the queue depth this series ran at */
	uint32_t bs;                    /* its one block size; 0: a mix (bs_mix) */
	uint64_t span_bytes;            /* the span actually used (from w->offset_bytes) */
	uint64_t ios;
	uint64_t bytes;
	uint64_t elapsed_ns;            /* first submit to last completion, target clock */
	double iops;
	double mbps;
	double lat_mean_us;             /* NAN when nothing completed */
	double lat_max_us;
	uint64_t host_bytes_written;    /* counter deltas over the whole run */
	uint64_t media_bytes_written;
	bool media_known;
	double waf;                     /* NAN when unknown or nothing was written */
	/*
	 * Of the bytes read (counter deltas), those of blocks never written (or
	 * trimmed): answered without a flash read, so no measurement of the
	 * drive.  Only when unmapped_known (a simulated drive).
	 */
	uint64_t counted_bytes_read, unmapped_bytes_read;
	bool unmapped_known;
	bool stopped_early;             /* the progress callback asked to stop */

	/* Percentiles over the whole run; NAN when nothing completed. */
	double lat_p50_us;
	double lat_p99_us;
	double lat_p999_us;
	double lat_p9999_us;
	/*
	 * The run's latency histogram (owned, freed by run_result_free), so a
	 * caller can merge rounds (lat_hist_merge) for window percentiles.
	 * NULL when the run failed before measuring.
	 */
	struct lat_hist *lat_hist;
	uint64_t read_ios, write_ios;   /* I/Os completed per direction */
	uint64_t read_bytes, write_bytes;
	/*
	 * The workload both reads and writes (randrw with 0 < read_pct < 100,
	 * or an access specification that does): results then show each
	 * direction apart.  rd and wr are filled on every run.
	 */
	bool mixed;
	struct run_dir rd, wr;
	uint64_t verify_errors;         /* reads whose data differed (verify only) */
	uint64_t verify_first_offset;   /* byte offset of the first such read */
};

/*
 * Called after each interval is recorded.  Return non-zero to stop the run:
 * submission stops, the queue drains, and the result covers what was done.
 */
typedef int (*workload_progress_fn)(const struct run_sample *s, void *arg);

/* "randwrite" etc.; NULL for an out-of-range value. */
const char *workload_rw_name(enum workload_rw rw);
/* 0, or -EINVAL for an unknown name. */
int workload_rw_parse(const char *s, enum workload_rw *out);
/* True when the pattern writes at all (randrw writes unless read_pct is 100). */
static inline bool workload_rw_writes(enum workload_rw rw)
{
	return rw == WL_RANDWRITE || rw == WL_WRITE || rw == WL_RANDRW;
}
static inline bool workload_rw_reads(enum workload_rw rw)
{
	return rw == WL_RANDREAD || rw == WL_READ || rw == WL_RANDRW;
}
static inline bool workload_rw_random(enum workload_rw rw)
{
	return rw == WL_RANDWRITE || rw == WL_RANDREAD || rw == WL_RANDRW;
}
/* Whether w, with its read_pct, issues writes. */
bool workload_writes(const struct workload *w);
/* Largest block size w can issue (bs, or the largest of bs_mix). */
uint32_t workload_max_bs(const struct workload *w);

/*
 * Parse "4k:60,64k:40" into w->bs_mix / w->nbs_mix.  -EINVAL with a one-line
 * error naming what (e.g. "--bs-mix") on a bad list.
 */
int workload_bs_mix_parse(const char *what, const char *s, struct workload *w, char *err,
			  size_t errlen);

/*
 * The bytes a run with this seed writes at byte offset offset..offset+len:
 * a pattern of period 4 MiB that depends only on seed and offset.  Tests
 * compare files with it; verify reads use it.
 */
void workload_pattern(uint64_t seed, uint64_t offset, void *buf, size_t len);

/*
 * The buffer writes take their data from (workload_pattern's bytes over
 * 4 MiB, then the first max_bs again), for workload.pattern_buf; free()
 * it.  NULL when out of memory.
 */
unsigned char *workload_pattern_buffer(uint64_t seed, uint32_t max_bs);

/* The seed the offsets of stream (not 0) of seed draw from; stream 0 is seed itself. */
uint64_t workload_stream_seed(uint64_t seed, uint64_t stream);

/*
 * Run w against t, overwriting *out.  The command validates the settings
 * against the target first, for friendlier messages; violations reaching
 * here still give -EINVAL rather than bad I/O.  Returns 0, or a negative
 * errno with a one-line reason in err; either way *out holds what was
 * measured (on error, the samples so far) and must be freed.
 */
int workload_run(struct target *t, const struct workload *w, struct run_result *out,
		 workload_progress_fn progress, void *arg, char *err, size_t errlen);

void run_result_free(struct run_result *r);
/*
 * The share of r's read bytes that hit blocks never written (0..1): NAN
 * when the target cannot tell or nothing was read.
 */
double run_unwritten_reads(const struct run_result *r);

#endif
