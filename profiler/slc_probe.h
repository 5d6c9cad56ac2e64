/* SPDX-License-Identifier: MIT */
/*
 * The SLC-cache probe (DESIGN.md 5): from purged, sequential 128 KiB QD32
 * writes over the usable span, throughput per 0.5% of capacity, segmented
 * into phases (a boundary is a change of more than 25% sustained for at
 * least 1% of capacity).  cache_bytes is what went in before the first drop.
 * Recovery: after the cliff, idle, then write again and count the bytes that
 * go in at cache speed.
 */
#ifndef SSDPROF_SLC_PROBE_H
#define SSDPROF_SLC_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "precondition/phase_tick.h"

struct target;

#define SLC_BIN_FRACTION 0.005        /* a sample per 0.5% of capacity */
#define SLC_SUSTAIN_FRACTION 0.01     /* a change must hold for 1% of capacity */
#define SLC_CHANGE 0.25               /* ... and exceed 25% */
#define SLC_MAX_IDLE 16

struct slc_settings {
	uint64_t usable_bytes;
	double prefill_pct;           /* write this % first, then let the drive settle */
	uint64_t prefill_idle_ns;
	uint32_t bs;
	unsigned qd;
	uint64_t idle_ns[SLC_MAX_IDLE];
	size_t nidle;
	uint64_t seed;
	const char *purge_method;
	/* Optional: where the probe is (prefill, idle, probe, recovery), for a live status. */
	phase_tick_fn tick;
	void *tick_arg;
};

struct slc_sample {
	uint64_t written_bytes;       /* at the end of the sample, since the measured fill began */
	double mbps;
};

struct slc_phase {
	uint64_t from_bytes, to_bytes;
	double mbps;
};

struct slc_recovery {
	double idle_s;
	uint64_t recovered_bytes;
	bool lower_bound;             /* no drop seen in what was written: at least this much */
};

struct slc_result {
	char purge_method[32];
	char warning[256];            /* what the caller should say (the purge fell back), or empty */
	uint64_t prefill_bytes;
	uint64_t bin_bytes;
	struct slc_sample *samples;   /* owned */
	size_t nsamples;
	struct slc_phase *phases;     /* owned */
	size_t nphases;
	bool cliff;                   /* a drop was found */
	uint64_t cache_bytes;
	double in_cache_mbps, post_cache_mbps;   /* NAN when unknown */
	struct slc_recovery recovery[SLC_MAX_IDLE];
	size_t nrecovery;
	double seconds;               /* target clock, purge to the end */
};

/*
 * Phases of a throughput curve given as bins of bin_bytes each, boundaries
 * on sustained changes.  Returns the number of phases written (<= max).
 */
size_t slc_segment(const double *mbps, size_t n, uint64_t bin_bytes, struct slc_phase *phases, size_t max);

typedef int (*slc_poll_fn)(void *arg);

/* Run the probe.  0, -EINTR when poll asked to stop, or -errno with err set. */
int slc_probe_run(struct target *t, const struct slc_settings *s, struct slc_result *out, slc_poll_fn poll,
		  void *arg, char *err, size_t errlen);
void slc_result_free(struct slc_result *r);

#endif
