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
 * writes that stay valid ("final") are drawn so that the unit at position
 * x (0 the first written, 1 the last) is valid with the density v0^(1-x),
 * each independently of its neighbours as random writes leave them: the
 * oldest blocks at v0, the newest at 1, in between as 1/v.  Every
 * block of the span gets exactly one final write, at a keyed permutation
 * of the span, so nothing is left unmapped.  The others ("temporary")
 * write blocks whose final write is still to come, and are invalid when
 * the pattern ends.  Whatever the drive's erase-block size or striping,
 * the blocks it filled in write order end with the validity above.
 *
 * Chunked (construct_init_chunked): where the drive's write commands, not
 * its flash, limit small writes (budget-tlc: 55,000 a second, 225 MB/s in
 * 4 KiB against 524 MB/s of programs), every block is first written as
 * part of a run of chunk blocks in one write, runs in a keyed random
 * order.  Whether each block of a run stays valid is the same density's
 * call, block by block, so a flash page still holds valid and stale units
 * side by side as the rounds leave them (runs wholly valid or stale made
 * GC read a page per four units it kept: IOPS +3.15%).  A block that a run
 * wrote but will not keep waits in a queue and is written again alone,
 * oldest first; runs go out while fewer than an eighth of the span (at
 * most CONSTRUCT_PENDING_MAX) wait.
 * The single writes are the physical capacity less the span, whatever the
 * order, so only they pay the command rate.
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
	/* Chunked (chunk > 1): runs of chunk blocks, nchunks of them in the keyed order chunk_perm. */
	uint32_t chunk;
	uint64_t nchunks, chunks_done;
	struct offset_sampler chunk_perm;
	uint64_t *pending;              /* ring of blocks written by a run, to be written again */
	uint64_t ring_cap, head, npending;
};

/*
 * Blocks waiting for their single write, at most: the queue's order keeps
 * a block's next write that many writes away, past a drive's write buffer
 * (a rewrite there would never reach the flash).  8 MiB of queue.
 */
#define CONSTRUCT_PENDING_MAX (1u << 20)
/*
 * How far, in writes, the finals drawn may run ahead of or behind the
 * density's schedule: each draw is pulled toward it by the gap over this.
 */
#define CONSTRUCT_DRIFT_WRITES 64.0
/* A run's blocks at most: the final-mask of construct_next_run is 64 bits. */
#define CONSTRUCT_CHUNK_MAX 64

/*
 * The validity of greedy GC's victim, v0, for a user span that is share
 * (0 < share < 1) of the physical space: (1 - v0) / ln(1/v0) = share.
 * The WA of uniform random writes there is 1 / (1 - v0).  NAN outside (0, 1).
 */
double construct_victim_validity(double share);

/* Ready to draw total >= nblocks >= 1 writes over nblocks blocks, keyed by seed. */
void construct_init(struct construct_gen *g, uint64_t nblocks, uint64_t total, uint64_t seed);

/*
 * The same, the first writes in runs of chunk blocks (at most
 * CONSTRUCT_CHUNK_MAX; 1, or a span of fewer than two runs: block by
 * block).  0 or -ENOMEM; construct_free after.
 */
int construct_init_chunked(struct construct_gen *g, uint64_t nblocks, uint64_t total, uint32_t chunk, uint64_t seed);
void construct_free(struct construct_gen *g);

/*
 * The next write: its first block, *blocks of them (a run or one), and in
 * *final bit j whether block j of it stays valid.  Unchunked it is
 * construct_next's.
 */
uint64_t construct_next_run(struct construct_gen *g, uint32_t *blocks, uint64_t *final);

/*
 * The block of the next write (after total draws: a uniform one, as a
 * random write would be); *final tells whether it stays valid.
 */
uint64_t construct_next(struct construct_gen *g, bool *final);

#endif
