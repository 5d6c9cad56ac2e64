/* SPDX-License-Identifier: MIT */
/*
 * The SLC probe's inside (profiler/slc_probe.h), shared by its files and
 * by nothing else: slc_cliff.c turns the measured writes into the curve,
 * its phases and the cliff located to the fine samples; slc_probe.c runs
 * the writes, the recoveries and the write buffer's measurement.
 */
#ifndef SSDPROF_SLC_CLIFF_H
#define SSDPROF_SLC_CLIFF_H

#include <stdint.h>

#include "engine/workload.h"
#include "profiler/slc_probe.h"

/* Turns time samples (bytes per interval) into samples per bin_bytes written. */
struct binner {
	uint64_t bin_bytes;
	uint64_t written;             /* bytes so far */
	double bin_time_s;            /* time spent on the current bin */
	double *mbps;                 /* completed bins */
	size_t n, cap;
};

int slc_binner_add(struct binner *b, uint64_t bytes, double dur_s);

/* Time (seconds since the run began) at which `bytes` had completed, interpolated within a sample. */
struct timeline {
	const struct run_result *r;
	double *t_start;              /* per sample */
	uint64_t *b_start;
};

/* 0 or -ENOMEM; slc_timeline_free in either case. */
int slc_timeline_init(struct timeline *tl, const struct run_result *r);
void slc_timeline_free(struct timeline *tl);
/*
 * Where in [from, to) of a run the rate fell from before0 (B/s): the
 * step located over windows of window bytes.
 */
uint64_t slc_locate_step(const struct timeline *tl, uint64_t from, uint64_t to, uint64_t window, double before0);
/* The window over which a step (the cliff) is located: a sample, at most SLC_STEP_BYTES. */
uint64_t slc_step_window(const struct slc_result *r);
/* Each phase's rate as bytes over time on the fine samples.  0 or -errno with err set. */
int slc_phase_rates(struct slc_result *out, const struct run_result *fill, char *err, size_t errlen);
/* The curve of the measured fill: bins, phases, the cliff.  0 or -errno with err set. */
int slc_analyse_fill(const struct run_result *fill, struct slc_result *out, char *err, size_t errlen);
/* A fill cut short: its curve as far as it went. */
void slc_cut_fill(const struct run_result *fill, struct slc_result *out);

#endif
