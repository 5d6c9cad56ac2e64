/* SPDX-License-Identifier: MIT */
#include <math.h>

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
static uint64_t finals_due(const struct construct_gen *g, uint64_t done)
{
	double x = (double)done / (double)g->total, f;

	if (g->c <= 0 || done >= g->total)
		return done < g->nblocks ? done : g->nblocks;
	f = expm1(g->c * x) / expm1(g->c);
	return (uint64_t)llround(f * (double)g->nblocks);
}

uint64_t construct_next(struct construct_gen *g, bool *final)
{
	uint64_t k;

	if (g->i >= g->total) {
		*final = false;
		return rng_below(&g->rng, g->nblocks);
	}
	g->i++;
	/* Final when the density says so, or when no block is left to write again. */
	*final = g->finals < finals_due(g, g->i) || g->finals + 1 >= g->nblocks ||
		 g->total - g->i < g->nblocks - g->finals;
	if (*final && g->finals < g->nblocks)
		return offset_sampler_block(&g->perm, g->finals++);
	*final = false;
	/* A block whose final write is still to come: later overwritten, so invalid at the end. */
	k = g->finals + 1 + rng_below(&g->rng, g->nblocks - g->finals - 1);
	return offset_sampler_block(&g->perm, k);
}
