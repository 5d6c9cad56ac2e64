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
 * Tolerances: a 2% chunk of 20000 writes holds 400 of them, whose valid
 * share is deterministic up to rounding (the finals are spaced by the
 * integral, not drawn), so 0.02 of validity is ample; v0 by bisection to
 * 1e-9 against Lambert W's series to 1e-6.
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
		assert_true(fabs((double)valid / (double)chunk - (nblocks < total ? pow(v0, 1 - x) : 1)) < 0.02);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(victim_validity_is_the_models),
		cmocka_unit_test(pattern_leaves_steady_validity),
		cmocka_unit_test(iogen_draws_the_pattern),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
