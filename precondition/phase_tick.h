/* SPDX-License-Identifier: MIT */
/*
 * Where a running phase of a method is, reported as it goes, so the command
 * can show a live status line, an ETA and --events (DESIGN.md 3).  The
 * methods know the phase and its size; the command knows the job.  A tick
 * only describes: returning non-zero from its callback stops the method
 * (an interrupt), as the poll callbacks do.
 */
#ifndef SSDPROF_PHASE_TICK_H
#define SSDPROF_PHASE_TICK_H

#include <stdbool.h>
#include <stdint.h>

struct phase_tick {
	const char *phase;          /* "fill", "rounds", "prefill", "idle", "probe", "recovery" */
	unsigned index;             /* rounds: the round running (0-based); idle, recovery: which --idle */
	bool start;                 /* the phase (or the round) begins: nothing done yet */
	uint64_t done_bytes;        /* a phase that writes a set size: how far */
	uint64_t total_bytes;       /* ... of this many bytes; 0 for a phase of a set length */
	double done_s;              /* target clock since the phase (or the round) began */
	double total_s;             /* a phase of a set length (a round, an idle); 0 otherwise */
	double mbps, iops;          /* the last sample's; NAN at a start */
	/*
	 * fill: the cache write before its writes (precondition.c
	 * exhaust_cache), its bytes and whether a cache's cliff stopped it
	 * (a construction then writes one too; without one, none); its time is
	 * the phase's before done_s began.
	 */
	uint64_t cache_bytes;
	bool cache_cliff;
};

typedef int (*phase_tick_fn)(const struct phase_tick *tk, void *arg);

#endif
