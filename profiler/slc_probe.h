/* SPDX-License-Identifier: MIT */
/*
 * The SLC-cache probe (DESIGN.md 5): from purged, sequential 128 KiB QD32
 * writes over the usable span, throughput per 0.5% of capacity, segmented
 * into phases (a boundary is a change of more than 25% sustained for at
 * least 1% of capacity).  What goes in fast before the first drop is the SLC
 * cache plus what the DRAM write buffer absorbs while it fills; the buffer's
 * part is measured apart (slc_settle_buffer) and taken out, so cache_bytes is
 * SLC only.  post_cache_mbps is the sustained rate after the cliff, not the
 * transition right after it.  Recovery: after the cliff, idle, then write
 * again and count the SLC cache that comes back.
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
#define SLC_STEP_BYTES (4ull << 20)  /* a cliff is located and looked for at the start within 4 MiB */

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

/* What a phase of the fill is (slc_classify). */
enum slc_role {
	SLC_ROLE_SUSTAINED = 0,       /* the rate the drive settles at after the cliff (or throughout) */
	SLC_ROLE_CACHE,               /* written into the SLC cache */
	SLC_ROLE_BUFFER,              /* absorbed by the DRAM write buffer as it filled, after the cache */
	SLC_ROLE_TRANSITION,          /* between the cliff and the sustained rate: neither */
	SLC_ROLE_RECOVERED,           /* back at cache speed after a slower phase */
};

struct slc_phase {
	uint64_t from_bytes, to_bytes;
	double mbps;                  /* bytes / time over the phase */
	enum slc_role role;
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
	bool cache_known;             /* cache_bytes was measured (a cliff, or none from empty) */
	uint64_t cache_bytes;         /* SLC only: the end of the cache phase, 0 with none */
	double in_cache_mbps, post_cache_mbps;   /* NAN when unknown */
	/*
	 * The write buffer's size: what went in fast after a pause that drained
	 * the buffer but was too busy for the drive to fold SLC, less what
	 * drained meanwhile (slc_buffer_size).  Unknown (buffer_known false)
	 * without a cliff.
	 */
	bool buffer_known;
	bool buffer_lower_bound;      /* the pause may have been too short to drain it all */
	uint64_t write_buffer_bytes;
	struct slc_recovery recovery[SLC_MAX_IDLE];
	size_t nrecovery;
	double seconds;               /* target clock, purge to the end */
	/*
	 * The probe stopped short (interrupted or failed) after the purge:
	 * the phases cover what the measured fill wrote before it stopped (none
	 * when it stopped in the prefill), the recoveries those that finished,
	 * and cache_bytes is known only when a cliff was seen.
	 */
	bool cut;
};

/*
 * Phases of a throughput curve given as bins of bin_bytes each, boundaries
 * on sustained changes.  Returns the number of phases written (<= max).
 */
size_t slc_segment(const double *mbps, size_t n, uint64_t bin_bytes, struct slc_phase *phases, size_t max);

/*
 * Roles of phases from slc_segment: the first is the cache when the second
 * is slower (a cliff); after it, a phase back at cache speed is recovered,
 * one within SLC_CHANGE of the last slower phase's rate is sustained, and
 * anything else is a transition.  Returns whether there was a cliff.
 */
bool slc_classify(struct slc_phase *phases, size_t n);

/* Bytes over time of the phases with this role, MB/s; NAN with none. */
double slc_role_mbps(const struct slc_phase *phases, size_t n, enum slc_role role);

const char *slc_role_name(enum slc_role role);

/*
 * Takes the write buffer (r->write_buffer_bytes, measured) out of the fast
 * start of the fill: the first phase is split into cache and buffer phases,
 * cache_bytes becomes the cache phase's end (0 when the buffer explains all
 * of it), and recovered bytes lose the buffer's share.  Needs r->cliff and
 * r->buffer_known.
 */
void slc_settle_buffer(struct slc_result *r);

/*
 * The write buffer's size from what it absorbed (the buffer phase, after
 * slc_settle_buffer and the phases' rates): it drains at the sustained rate
 * while it fills, so size = absorbed x (1 - sustained / in-buffer rate).
 * r->write_buffer_bytes becomes that size; unchanged without a buffer
 * phase faster than the sustained rate.
 */
void slc_buffer_size(struct slc_result *r);

/* One sentence saying what was seen, e.g. "SLC cache: 4.69 GB at 1455 MB/s, then 97 MB/s sustained". */
void slc_summary(const struct slc_result *r, char *buf, size_t len);

typedef int (*slc_poll_fn)(void *arg);

/*
 * Run the probe; poll is asked at every I/O batch.  0, -EINTR when poll
 * asked to stop, or -errno with err set; stopped or failed after the purge,
 * out->cut is set and out holds what was measured.
 */
int slc_probe_run(struct target *t, const struct slc_settings *s, struct slc_result *out, slc_poll_fn poll,
		  void *arg, char *err, size_t errlen);
void slc_result_free(struct slc_result *r);

#endif
