/* SPDX-License-Identifier: MIT */
/*
 * The draws per I/O, in a fixed order (size, then offset, then direction),
 * so a uniform workload without a sequential share draws exactly as the
 * engine always has and old seeds give the same I/Os.
 */
#include <string.h>

#include "device/target.h"
#include "engine/iogen.h"

int iogen_init(struct iogen *g, const struct workload *w, uint64_t span)
{
	memset(g, 0, sizeof(*g));
	g->w = w;
	g->span = span;
	rng_seed(&g->rng, workload_stream_seed(w->seed, w->stream));
	if (w->nbs_mix) {
		uint32_t total = 0, min = UINT32_MAX;

		for (unsigned i = 0; i < w->nbs_mix; i++) {
			total += w->bs_mix[i].weight;
			g->mix_cum[i] = total;
			if (w->bs_mix[i].bs < min)
				min = w->bs_mix[i].bs;
		}
		g->mix_total = total;
		g->gran = min;
	} else {
		g->nblocks = span / w->bs;
		g->gran = w->bs;
	}
	g->skew = w->dist.kind != OD_UNIFORM;
	if (g->skew)
		offset_sampler_init(&g->od, &w->dist, span / g->gran, w->seed);
	if (w->construct_total && g->nblocks)
		return construct_init_chunked(&g->cg, g->nblocks, w->construct_total,
					      w->construct_run_bytes > w->bs ? w->construct_run_bytes / w->bs : 1,
					      workload_stream_seed(w->seed, w->stream));
	return 0;
}

void iogen_free(struct iogen *g)
{
	construct_free(&g->cg);
}

static inline uint32_t pick_bs(struct iogen *g)
{
	const struct workload *w = g->w;
	uint32_t r;
	unsigned i = 0;

	if (!w->nbs_mix)
		return w->bs;
	if (w->nbs_mix == 1)
		return w->bs_mix[0].bs;
	r = (uint32_t)rng_below(&g->rng, g->mix_total);
	while (r >= g->mix_cum[i])
		i++;
	return w->bs_mix[i].bs;
}

/* A skewed offset: the slot the distribution picks, aligned down to bs and kept in the span. */
static uint64_t skewed_offset(struct iogen *g, uint32_t bs)
{
	uint64_t off = offset_sampler_draw(&g->od, &g->rng) * g->gran;

	off -= off % bs;
	if (off + bs > g->span)
		off = g->span / bs * bs - bs;
	return off;
}

void iogen_next(struct iogen *g, struct iogen_io *io)
{
	const struct workload *w = g->w;
	uint32_t bs = pick_bs(g);
	uint64_t off;

	io->sequential = !workload_rw_random(w->rw) ||
			 (w->seq_pct && rng_below(&g->rng, 100) < w->seq_pct);
	if (io->sequential) {
		if (g->next_off + bs > g->span)
			g->next_off = 0;
		off = g->next_off;
	} else if (w->construct_total && g->nblocks) {
		uint32_t blocks;
		uint64_t final;

		off = construct_next_run(&g->cg, &blocks, &final) * bs;
		bs *= blocks;
	} else if (g->skew) {
		off = skewed_offset(g, bs);
	} else {
		uint64_t n = w->nbs_mix ? g->span / bs : g->nblocks;

		off = rng_below(&g->rng, n) * bs;
	}
	g->next_off = off + bs;
	if (w->rw == WL_RANDRW)
		io->dir = rng_below(&g->rng, 100) < w->read_pct ? IO_READ : IO_WRITE;
	else
		io->dir = workload_rw_writes(w->rw) ? IO_WRITE : IO_READ;
	io->offset = off;
	io->len = bs;
}
