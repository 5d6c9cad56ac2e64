/* SPDX-License-Identifier: MIT */
/*
 * A bare functional page-mapped FTL for bench/sim_speed: the same geometry
 * as a simulated drive's native pool, greedy GC from valid-count buckets, no
 * timing, no SLC cache.  What is left when everything but the mapping is
 * taken away: the practical limit of the simulator's write rate.
 */
#ifndef SSDPROF_BENCH_FUNC_FTL_H
#define SSDPROF_BENCH_FUNC_FTL_H

#include <stdint.h>

struct func_ftl;

/* NULL when out of memory or when lines * line_slots leaves no spare. */
struct func_ftl *func_ftl_new(uint64_t user_units, uint32_t line_slots, uint32_t lines);
void func_ftl_free(struct func_ftl *f);
void func_ftl_prefetch(const struct func_ftl *f, uint32_t lba);
/* Write one unit; GC runs whole lines when the free pool runs out. */
void func_ftl_write(struct func_ftl *f, uint32_t lba);
/* Units programmed (host and GC) so far, for the WA. */
uint64_t func_ftl_programmed(const struct func_ftl *f);
uint64_t func_ftl_memory_bytes(const struct func_ftl *f);

#endif
