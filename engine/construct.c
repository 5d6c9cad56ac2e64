/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "engine/construct.h"

double construct_victim_validity(double share)
{
	double lo = 1e-12, hi = 1;

	if (!(share > 0 && share < 1))
		return NAN;
	/* (1 - v) / ln(1/v) rises from 0 to 1 as v goes from 0 to 1. */
	for (int i = 0; i < 200; i++) {
		double v = (lo + hi) / 2;

		if ((1 - v) / -log(v) < share)
			lo = v;
		else
			hi = v;
	}
	return (lo + hi) / 2;
}

void construct_init(struct construct_gen *g, uint64_t nblocks, uint64_t total, uint64_t seed)
{
	struct offset_dist uniform = { .kind = OD_UNIFORM };
	double v0;

	*g = (struct construct_gen){ .nblocks = nblocks, .total = total > nblocks ? total : nblocks };
	v0 = construct_victim_validity((double)g->nblocks / (double)g->total);
	g->c = isnan(v0) ? 0 : -log(v0);
	offset_sampler_init(&g->perm, &uniform, nblocks, seed);
	rng_seed(&g->rng, seed ^ 0x5350524e44ull);
}

/*
 * The final writes due among the first x of the writes: the integral of
 * v0^(1-s) over [0, x], scaled so the whole pattern holds nblocks.
 */
static double finals_due(const struct construct_gen *g, uint64_t done)
{
	double x = (double)done / (double)g->total;

	if (g->c <= 0 || done >= g->total)
		return (double)(done < g->nblocks ? done : g->nblocks);
	return expm1(g->c * x) / expm1(g->c) * (double)g->nblocks;
}

/*
 * Whether the write just drawn (the g->i-th) stays valid.  Forced where
 * no write is left to spare, else drawn at the density v0^(1-x), pulled
 * toward the schedule by the finals' gap from it over
 * CONSTRUCT_DRIFT_WRITES (so the gap stays within a few writes).  Drawn, not
 * spaced: uniform random writes leave each unit of a flash page valid
 * independently of its neighbours, and finals spaced evenly put one in
 * nearly every page at low validity, so GC read 0.9 pages per unit it
 * kept against 0.66 at equilibrium (sata-tlc 40% OP: IOPS 2% low, at the
 * right WA, for half a drive-write of rounds).
 */
static bool final_due(struct construct_gen *g)
{
	double due, p;

	if (g->total - g->i < g->nblocks - g->finals)
		return true;
	/* The last block's final is the last write: a write after it would overwrite a final. */
	if (g->finals + 1 >= g->nblocks)
		return false;
	due = finals_due(g, g->i);
	/* v0^(1-x): finals_due's slope, per write. */
	p = g->c > 0 ? exp(-g->c * (1 - (double)g->i / (double)g->total)) : 1;
	p += (due - (double)g->finals) / CONSTRUCT_DRIFT_WRITES;
	return rng_double(&g->rng) < p;
}

uint64_t construct_next(struct construct_gen *g, bool *final)
{
	uint64_t k;

	if (g->i >= g->total) {
		*final = false;
		return rng_below(&g->rng, g->nblocks);
	}
	g->i++;
	*final = final_due(g);
	if (*final)
		return offset_sampler_block(&g->perm, g->finals++);
	*final = false;
	/* A block whose final write is still to come: later overwritten, so invalid at the end. */
	k = g->finals + rng_below(&g->rng, g->nblocks - g->finals);
	return offset_sampler_block(&g->perm, k);
}

int construct_init_chunked(struct construct_gen *g, uint64_t nblocks, uint64_t total, uint32_t chunk, uint64_t seed)
{
	struct offset_dist uniform = { .kind = OD_UNIFORM };

	construct_init(g, nblocks, total, seed);
	if (chunk > CONSTRUCT_CHUNK_MAX)
		chunk = CONSTRUCT_CHUNK_MAX;
	if (chunk <= 1 || g->nblocks / chunk < 2)
		return 0;
	/*
	 * An eighth of the span waiting at most (128 MiB at 1 GiB: past a
	 * drive's write buffer), so runs and rewrites go side by side from
	 * early on and the flash's rate and the command rate overlap.
	 */
	g->ring_cap = g->nblocks / 8;
	if (g->ring_cap > CONSTRUCT_PENDING_MAX)
		g->ring_cap = CONSTRUCT_PENDING_MAX;
	if (g->ring_cap < 4ull * chunk)
		g->ring_cap = 4ull * chunk;
	g->ring_cap += chunk;
	g->pending = malloc(g->ring_cap * sizeof(*g->pending));
	if (!g->pending)
		return -ENOMEM;
	g->chunk = chunk;
	g->nchunks = g->nblocks / chunk;
	offset_sampler_init(&g->chunk_perm, &uniform, g->nchunks, seed ^ 0x52554e53ull);
	/* The tail no run covers: first written alone. */
	for (uint64_t b = g->nchunks * chunk; b < g->nblocks; b++)
		g->pending[g->npending++] = b;
	return 0;
}

void construct_free(struct construct_gen *g)
{
	free(g->pending);
	g->pending = NULL;
}

static void wait_again(struct construct_gen *g, uint64_t block)
{
	g->pending[(g->head + g->npending++) % g->ring_cap] = block;
}

uint64_t construct_next_run(struct construct_gen *g, uint32_t *blocks, uint64_t *final)
{
	uint64_t first;
	bool fin;

	*blocks = 1;
	*final = 0;
	if (!g->chunk) {
		first = construct_next(g, &fin);
		*final = fin;
		return first;
	}
	if (g->i >= g->total)
		return rng_below(&g->rng, g->nblocks);
	if (g->chunks_done < g->nchunks && g->npending < g->ring_cap - g->chunk) {
		first = offset_sampler_block(&g->chunk_perm, g->chunks_done++) * g->chunk;
		*blocks = g->chunk;
		for (uint32_t j = 0; j < g->chunk; j++) {
			g->i++;
			if (final_due(g)) {
				g->finals++;
				*final |= 1ull << j;
			} else {
				wait_again(g, first + j);
			}
		}
		return first;
	}
	if (!g->npending)
		return rng_below(&g->rng, g->nblocks);
	first = g->pending[g->head];
	g->head = (g->head + 1) % g->ring_cap;
	g->npending--;
	g->i++;
	if (final_due(g)) {
		g->finals++;
		*final = 1;
	} else {
		wait_again(g, first);
	}
	return first;
}
