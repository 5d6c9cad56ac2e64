// SPDX-License-Identifier: MIT
/*
 * Unit tests for engine/construct.c (issue 28): the offsets that leave
 * greedy GC's steady state in one physical write.  Each write is checked
 * against what it claims (a final write is its block's last, a temporary
 * one is overwritten later), every block of the span ends mapped, and the
 * validity along the write order follows v0^(1-x), the 1/v density of
 * Desnoyers' model, whose v0 must agree with the Lambert-W WA formula of
 * util/wa_analytic.c (computed there by another route).
 *
 * Tolerances: a 2% chunk of 20000 writes holds 400 of them; the finals
 * are drawn, but held within a few writes of the density's integral
 * (CONSTRUCT_DRIFT_WRITES), so a chunk's valid share strays by about 1%
 * and 0.025 of validity is ample; v0 by bisection to 1e-9 against Lambert
 * W's series to 1e-6.  The finals of neighbouring writes (a flash page's
 * units) must be independent as random writes leave them: the spread of
 * finals in groups of four writes is the binomial's within 15% (groups of
 * 25,000 to 50,000: the ratio's own noise is about 1%); evenly spaced
 * finals gave a tenth of it.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "device/target.h"
#include "engine/construct.h"
#include "engine/iogen.h"
#include "engine/workload.h"
#include "util/wa_analytic.h"

static void victim_validity_is_the_models(void **state)
{
	(void)state;
	for (double op = 0.05; op < 1.0; op += 0.05) {
		double v0 = construct_victim_validity(1 / (1 + op));

		assert_true(fabs((1 - v0) / -log(v0) - 1 / (1 + op)) < 1e-9);
		/* WA = 1 / (1 - v0): the same figure as A_FIFO's Lambert W. */
		assert_true(fabs(1 / (1 - v0) / wa_fifo(op) - 1) < 1e-6);
	}
	assert_true(isnan(construct_victim_validity(0)));
	assert_true(isnan(construct_victim_validity(1)));
}

/* Draw a whole pattern; per write whether it is its block's last; return the chunks' valid shares. */
static void check_pattern(uint64_t nblocks, uint64_t total, double *first_chunk, double *last_chunk)
{
	struct construct_gen g;
	uint64_t *blk = calloc(total, sizeof(*blk));
	uint64_t *last = calloc(nblocks, sizeof(*last));
	bool *fin = calloc(total, sizeof(*fin));
	uint64_t finals = 0, chunk = total / 50;
	double v0 = construct_victim_validity((double)nblocks / (double)total);

	assert_non_null(blk);
	assert_non_null(last);
	assert_non_null(fin);
	for (uint64_t b = 0; b < nblocks; b++)
		last[b] = UINT64_MAX;
	construct_init(&g, nblocks, total, 42);
	for (uint64_t i = 0; i < total; i++) {
		blk[i] = construct_next(&g, &fin[i]);
		assert_true(blk[i] < nblocks);
		last[blk[i]] = i;
		finals += fin[i];
	}
	assert_int_equal(finals, nblocks);
	for (uint64_t b = 0; b < nblocks; b++)
		assert_true(last[b] != UINT64_MAX);          /* every block mapped */
	for (uint64_t i = 0; i < total; i++)
		assert_int_equal(fin[i], last[blk[i]] == i);   /* final <=> not overwritten later */
	/* Validity along the write order: v0^(1-x) over each 2% of the writes. */
	for (uint64_t c = 0; c + chunk <= total; c += chunk) {
		uint64_t valid = 0;
		double x = ((double)c + chunk / 2.0) / (double)total;

		for (uint64_t i = c; i < c + chunk; i++)
			valid += fin[i];
		assert_true(fabs((double)valid / (double)chunk - (nblocks < total ? pow(v0, 1 - x) : 1)) < 0.025);
		if (c == 0)
			*first_chunk = (double)valid / (double)chunk;
		*last_chunk = (double)valid / (double)chunk;
	}
	free(blk);
	free(last);
	free(fin);
}

static void pattern_leaves_steady_validity(void **state)
{
	double lo = 0, hi = 0;

	(void)state;
	/* 7%, 25% and 40% of the flash spare. */
	check_pattern(18600, 20000, &lo, &hi);
	assert_true(hi > 0.98);
	check_pattern(15000, 20000, &lo, &hi);
	assert_true(lo < 0.6 && hi > 0.98);
	check_pattern(12000, 20000, &lo, &hi);
	assert_true(lo < 0.4 && hi > 0.98);
	/* No spare: a plain write of every block once. */
	check_pattern(5000, 5000, &lo, &hi);
	assert_true(lo == 1.0 && hi == 1.0);
}

/* Through the engine's generator: random writes of bs, in the span, the pattern's blocks. */
static void iogen_draws_the_pattern(void **state)
{
	struct workload w = { .rw = WL_RANDWRITE, .bs = 4096, .qd = 1, .seed = 3, .bytes = 1,
			      .construct_total = 3000 };
	struct construct_gen ref;
	struct iogen g;
	bool fin;

	(void)state;
	iogen_init(&g, &w, 2000 * 4096ull);
	construct_init(&ref, 2000, 3000, workload_stream_seed(3, 0));
	for (int i = 0; i < 3000; i++) {
		struct iogen_io io;

		iogen_next(&g, &io);
		assert_int_equal(io.dir, IO_WRITE);
		assert_int_equal(io.len, 4096);
		assert_int_equal(io.offset, construct_next(&ref, &fin) * 4096);
	}
}

/*
 * Chunked: every block's first write in a run of chunk blocks (aligned,
 * each run once), the rest single writes; per block of every write its
 * final bit is true exactly when no later write covers it; every block
 * ends mapped once; the validity along the write order is the unchunked
 * density; the queue keeps a rewrite at least its length away.
 */
static void check_chunked(uint64_t nblocks, uint64_t total, uint32_t chunk)
{
	struct construct_gen g;
	uint64_t *blk = calloc(total, sizeof(*blk)), *last = calloc(nblocks, sizeof(*last));
	uint64_t *prev = calloc(nblocks, sizeof(*prev));
	bool *fin = calloc(total, sizeof(*fin)), *run_seen = calloc(nblocks / chunk + 1, sizeof(*run_seen));
	uint64_t finals = 0, singles = 0, runs = 0, i = 0, slice = total / 50, min_gap = UINT64_MAX;
	double v0 = construct_victim_validity((double)nblocks / (double)total);

	assert_non_null(blk);
	assert_non_null(last);
	assert_non_null(prev);
	assert_non_null(fin);
	assert_non_null(run_seen);
	for (uint64_t b = 0; b < nblocks; b++)
		last[b] = prev[b] = UINT64_MAX;
	assert_int_equal(construct_init_chunked(&g, nblocks, total, chunk, 7), 0);
	while (i < total) {
		uint32_t n;
		uint64_t mask, first = construct_next_run(&g, &n, &mask);

		if (n > 1) {
			assert_int_equal(n, chunk);
			assert_int_equal(first % chunk, 0);
			assert_false(run_seen[first / chunk]);
			run_seen[first / chunk] = true;
			runs++;
		} else {
			singles++;
			/* Not in the last writes, where the queue has drained to the last blocks' finals. */
			if (prev[first] != UINT64_MAX && i - prev[first] < min_gap && i + 64 < total)
				min_gap = i - prev[first];
		}
		for (uint32_t j = 0; j < n; j++, i++) {
			assert_true(first + j < nblocks);
			blk[i] = first + j;
			fin[i] = mask >> j & 1;
			last[first + j] = i;
			prev[first + j] = i;
			finals += fin[i];
		}
	}
	assert_int_equal(i, total);
	assert_int_equal(runs, nblocks / chunk);
	assert_int_equal(singles, total - runs * chunk);
	assert_int_equal(finals, nblocks);
	for (uint64_t b = 0; b < nblocks; b++)
		assert_true(last[b] != UINT64_MAX);
	for (uint64_t k = 0; k < total; k++)
		assert_int_equal(fin[k], last[blk[k]] == k);
	for (uint64_t c = 0; c + slice <= total; c += slice) {
		uint64_t valid = 0;
		double x = ((double)c + slice / 2.0) / (double)total;

		for (uint64_t k = c; k < c + slice; k++)
			valid += fin[k];
		assert_true(fabs((double)valid / (double)slice - pow(v0, 1 - x)) < 0.025);
	}
	/* A block waits behind the whole queue: never rewritten within a few writes of its last. */
	if (min_gap != UINT64_MAX)
		assert_true(min_gap > 64);
	construct_free(&g);
	free(blk);
	free(last);
	free(prev);
	free(fin);
	free(run_seen);
}

static void chunked_pattern_is_the_same_state(void **state)
{
	(void)state;
	check_chunked(18600, 20000, 32);        /* 7% spare */
	check_chunked(12000, 20000, 32);        /* 40% */
	check_chunked(12003, 20000, 8);         /* a tail no run covers */
}

/*
 * The finals among every four writes in a row (a 16 KiB page of 4 KiB
 * units), against the density's binomial: sum of (k - sum p)^2 over sum of
 * p (1 - p), near 1 where each write's fate is its own.  chunk 0: block
 * by block.
 */
static double page_spread(uint64_t nblocks, uint64_t total, uint32_t chunk)
{
	struct construct_gen g;
	double c = -log(construct_victim_validity((double)nblocks / (double)total));
	double dev = 0, var = 0, mean = 0, pvar = 0;
	uint64_t i = 0;
	unsigned k = 0;

	if (chunk)
		assert_int_equal(construct_init_chunked(&g, nblocks, total, chunk, 11), 0);
	else
		construct_init(&g, nblocks, total, 11);
	while (i < total) {
		uint32_t n = 1;
		uint64_t mask = 0;
		bool fin;

		if (chunk)
			construct_next_run(&g, &n, &mask);
		else
			mask = (construct_next(&g, &fin), fin);
		for (uint32_t j = 0; j < n; j++, i++) {
			double p = exp(-c * (1 - (double)i / (double)total));

			k += mask >> j & 1;
			mean += p;
			pvar += p * (1 - p);
			if (i % 4 == 3) {
				dev += (k - mean) * (k - mean);
				var += pvar;
				k = 0;
				mean = pvar = 0;
			}
		}
	}
	construct_free(&g);
	return dev / var;
}

static void finals_fall_independently(void **state)
{
	(void)state;
	for (uint32_t chunk = 0; chunk <= 32; chunk += 32) {
		double r40 = page_spread(120000, 200000, chunk), r25 = page_spread(150000, 200000, chunk);

		assert_true(r40 > 0.85 && r40 < 1.15);
		assert_true(r25 > 0.85 && r25 < 1.15);
	}
}

/* Through the engine's generator: runs of construct_run_bytes and single writes of bs. */
static void iogen_draws_runs(void **state)
{
	struct workload w = { .rw = WL_RANDWRITE, .bs = 4096, .qd = 1, .seed = 3, .bytes = 1,
			      .construct_total = 30000, .construct_run_bytes = 131072 };
	struct iogen g;
	uint64_t blocks = 0, big = 0;

	(void)state;
	assert_int_equal(workload_max_bs(&w), 131072);
	assert_int_equal(iogen_init(&g, &w, 20000 * 4096ull), 0);
	while (blocks < 30000) {
		struct iogen_io io;

		iogen_next(&g, &io);
		assert_int_equal(io.dir, IO_WRITE);
		assert_true(io.len == 4096 || io.len == 131072);
		assert_true(io.offset % io.len == 0 && io.offset + io.len <= 20000 * 4096ull);
		blocks += io.len / 4096;
		big += io.len == 131072;
	}
	assert_int_equal(blocks, 30000);
	assert_int_equal(big, 20000 / 32);
	iogen_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(victim_validity_is_the_models),
		cmocka_unit_test(pattern_leaves_steady_validity),
		cmocka_unit_test(iogen_draws_the_pattern),
		cmocka_unit_test(chunked_pattern_is_the_same_state),
		cmocka_unit_test(iogen_draws_runs),
		cmocka_unit_test(finals_fall_independently),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
