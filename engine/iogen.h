/* SPDX-License-Identifier: MIT */
/*
 * The I/O generator: what the next I/O of a workload is (offset, size,
 * direction), apart from any drive, so the realised mix can be tested by
 * drawing from it.  workload_run takes every I/O from here.
 */
#ifndef SSDPROF_IOGEN_H
#define SSDPROF_IOGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/construct.h"
#include "engine/offset_dist.h"
#include "engine/rng.h"
#include "engine/workload.h"

struct iogen {
	const struct workload *w;
	struct rng rng;
	uint64_t span;                  /* offsets + len stay within this */
	uint64_t nblocks;               /* span / bs, for a fixed block size */
	uint64_t next_off;              /* where a sequential I/O goes next */
	uint32_t mix_cum[WL_BS_MIX_MAX];
	uint32_t mix_total;
	bool skew;                      /* w->dist is not uniform */
	uint32_t gran;                  /* skew: the slot the distribution ranks */
	struct offset_sampler od;       /* skew: over span / gran slots */
	struct construct_gen cg;        /* w->construct_total: over nblocks */
};

struct iogen_io {
	uint64_t offset;                /* from the start of the span */
	uint32_t len;
	uint8_t dir;                    /* IO_READ or IO_WRITE */
	bool sequential;                /* continued from the previous I/O rather than drawn */
};

/*
 * Ready to generate w's I/Os over span bytes (a multiple of every size, or
 * of the LBA with a mix: check_workload's rules).  Seeded from w->seed.
 * 0 or -ENOMEM; iogen_free after either.
 */
int iogen_init(struct iogen *g, const struct workload *w, uint64_t span);
/* What iogen_init took (a constructed pattern's queue). */
void iogen_free(struct iogen *g);
void iogen_next(struct iogen *g, struct iogen_io *io);

#endif
