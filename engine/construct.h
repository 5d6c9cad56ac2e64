/* SPDX-License-Identifier: MIT */
/*
 * Offsets that leave a drive at greedy GC's steady state in one physical
 * write (issue 28; fio 3.41's SPRandom does the same).  Uniform random
 * writes under greedy GC age every erase block from validity 1 down to the
 * victim's v0 = 1 - 1/WA, each valid unit as likely as any other to be
 * overwritten, so the blocks at validity v go as 1/v on [v0, 1]
 * (Desnoyers).  Its mean, (1 - v0) / ln(1/v0), is the share of the
 * physical space the user span holds: that gives v0 for a total OP.
 *
 * The generator writes total units over a span of nblocks (total >
 * nblocks: the physical capacity in units of the span's block size).  The
 * writes that stay valid ("final") are spaced so that the unit at position
 * x (0 the first written, 1 the last) is valid with the density v0^(1-x):
 * the oldest blocks at v0, the newest at 1, in between as 1/v.  Every
 * block of the span gets exactly one final write, at a keyed permutation
 * of the span, so nothing is left unmapped.  The others ("temporary")
 * write blocks whose final write is still to come, and are invalid when
 * the pattern ends.  Whatever the drive's erase-block size or striping,
 * the blocks it filled in write order end with the validity above.
 */
#ifndef SSDPROF_CONSTRUCT_H
#define SSDPROF_CONSTRUCT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/offset_dist.h"
#include "engine/rng.h"

struct construct_gen {
	uint64_t nblocks, total;
	uint64_t i;                     /* writes drawn so far */
	uint64_t finals;                /* of them, final */
	double c;                       /* ln(1 / v0) */
	struct offset_sampler perm;     /* final write k goes to block perm(k) */
	struct rng rng;
};

/*
 * The validity of greedy GC's victim, v0, for a user span that is share
 * (0 < share < 1) of the physical space: (1 - v0) / ln(1/v0) = share.
 * The WA of uniform random writes there is 1 / (1 - v0).  NAN outside (0, 1).
 */
double construct_victim_validity(double share);

/* Ready to draw total >= nblocks >= 1 writes over nblocks blocks, keyed by seed. */
void construct_init(struct construct_gen *g, uint64_t nblocks, uint64_t total, uint64_t seed);

/*
 * The block of the next write (after total draws: a uniform one, as a
 * random write would be); *final tells whether it stays valid.
 */
uint64_t construct_next(struct construct_gen *g, bool *final);

#endif
