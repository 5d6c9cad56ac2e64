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

struct target;

enum workload_rw {
	WL_RANDWRITE = 0,
	WL_RANDREAD,
	WL_WRITE,     /* sequential, wrapping at the span end */
	WL_READ,
};

struct workload {
	enum workload_rw rw;
	uint32_t bs;            /* bytes, a multiple of the target's lba_bytes */
	unsigned qd;            /* I/Os kept in flight */
	uint64_t time_ns;       /* stop after this long on the target clock, or 0 */
	uint64_t bytes;         /* stop after this many bytes, or 0 (exactly one limit is set) */
	uint64_t interval_ns;   /* sample period; 0 means one second */
	uint64_t span_bytes;    /* offsets stay below this; 0 means the whole capacity */
	uint64_t offset_bytes;  /* the span starts here; 0 is the start of the target */
	uint64_t seed;          /* drives offsets and buffer contents */
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
};

struct run_result {
	struct run_sample *samples;     /* owned; free with run_result_free() */
	size_t nsamples;
	size_t cap;

	unsigned qd;                    /* the queue depth this series ran at */
	uint64_t span_bytes;            /* the span actually used */
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
	bool stopped_early;             /* the progress callback asked to stop */
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
static inline bool workload_rw_writes(enum workload_rw rw)
{
	return rw == WL_RANDWRITE || rw == WL_WRITE;
}

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

#endif
