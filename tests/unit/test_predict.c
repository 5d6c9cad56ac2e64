/* SPDX-License-Identifier: MIT */
/*
 * The steady-state prediction (precondition/predict.c) on synthetic
 * transients: the asymptote of a geometric approach is found within its
 * stated half-width, the trough of a first GC pass is left out of the fit,
 * a still-falling curve far from its end is not good enough to stop on.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "precondition/predict.h"

/* A deterministic +-amp noise. */
static double noise(unsigned i, double amp)
{
	uint32_t x = i * 2654435761u;

	return ((double)(x >> 8) / (double)(1u << 24) * 2 - 1) * amp;
}

static void test_geometric_approach(void **state)
{
	double y[12];
	struct steady_fit f;

	(void)state;
	for (unsigned i = 0; i < 12; i++)
		y[i] = 100000 - 30000 * pow(0.6, i) + noise(i, 200);
	assert_true(steady_fit(y, 12, true, &f));
	assert_true(steady_fit_good(&f, y, 12));
	assert_true(fabs(f.value - 100000) <= f.halfwidth);
	assert_true(f.halfwidth <= PREDICT_TOL_PCT / 100 * f.value);
	assert_true(f.rate > 0.4 && f.rate < 0.8);
}

/* IOPS fall to a trough in the first GC pass, then recover: the fit starts after it. */
static void test_trough_left_out(void **state)
{
	double y[14] = { 300000, 200000, 90000 };
	struct steady_fit f;

	(void)state;
	for (unsigned i = 3; i < 14; i++)
		y[i] = 150000 - 40000 * pow(0.5, i - 3);
	assert_true(steady_fit(y, 14, true, &f));
	assert_true(f.first >= 3);
	assert_true(steady_fit_good(&f, y, 14));
	assert_true(fabs(f.value - 150000) <= f.halfwidth);
}

/* WA rising to its asymptote, far from it still: no stop, however well the curve fits. */
static void test_far_from_the_end(void **state)
{
	double y[6];
	struct steady_fit f;

	(void)state;
	for (unsigned i = 0; i < 6; i++)
		y[i] = 4.0 - 3.0 * pow(0.9, i);
	assert_true(steady_fit(y, 6, false, &f));
	assert_false(steady_fit_good(&f, y, 6));
}

/* Past an overshoot the rounds turn back: a prediction above them while they fall is refused. */
static void test_turning_back(void **state)
{
	double y[15] = { 24050, 24782, 25408, 26012, 26541, 27030, 27426, 18181, 16646, 17747, 18776, 19650,
			 20316, 20257, 20132 };
	struct steady_fit f;

	(void)state;
	assert_true(steady_fit(y, 15, true, &f));
	assert_false(steady_fit_good(&f, y, 15));
}

/* Too few rounds, and a constant series (a drive at its command cap). */
static void test_short_and_flat(void **state)
{
	double y[8] = { 5, 5, 5, 5, 5, 5, 5, 5 };
	struct steady_fit f;

	(void)state;
	assert_false(steady_fit(y, PREDICT_MIN_FIT - 1, true, &f));
	assert_true(steady_fit(y, 8, true, &f));
	assert_true(steady_fit_good(&f, y, 8));
	assert_true(fabs(f.value - 5) < 1e-9);
	/* Never stated tighter than the floor. */
	assert_true(f.halfwidth >= PREDICT_FLOOR_PCT / 100 * 5 - 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometric_approach),
		cmocka_unit_test(test_trough_left_out),
		cmocka_unit_test(test_far_from_the_end),
		cmocka_unit_test(test_turning_back),
		cmocka_unit_test(test_short_and_flat),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
