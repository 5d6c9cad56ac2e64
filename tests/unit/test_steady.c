/* SPDX-License-Identifier: MIT */
/*
 * The steady-state detector against synthetic round series that pass and
 * fail each SNIA criterion separately, at the boundaries.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "precondition/steady.h"

static struct steady_window check(const double *y, size_t n)
{
	struct steady_window w;

	assert_true(steady_check(y, n, &w));
	return w;
}

static void test_needs_five_rounds(void **state)
{
	const double y[] = { 100, 100, 100, 100 };
	struct steady_window w;
	(void)state;

	assert_false(steady_check(y, 4, &w));
	assert_false(steady_check(y, 0, &w));
}

static void test_flat_passes(void **state)
{
	const double y[] = { 900, 400, 100, 100, 100, 100, 100 };
	struct steady_window w = check(y, 7);
	(void)state;

	assert_true(w.reached);
	assert_int_equal(w.first, 2);
	assert_int_equal(w.last, 6);
	assert_true(w.mean == 100);
	assert_true(w.range_pct == 0 && w.slope_pct == 0);
}

/* Range fails alone: a zig-zag with no trend, 22% wide. */
static void test_range_fails_alone(void **state)
{
	const double y[] = { 111, 89, 100, 89, 111 };
	struct steady_window w = check(y, 5);
	(void)state;

	assert_true(fabs(w.range_pct - 22.0) < 1e-9);
	assert_true(w.slope_pct < 1e-9);
	assert_false(w.range_ok);
	assert_true(w.slope_ok);
	assert_false(w.reached);
}

/*
 * Slope fails alone: a steady climb of 2.75% of the mean per round is 11%
 * across the window while the range, 11%, is fine.
 */
static void test_slope_fails_alone(void **state)
{
	const double y[] = { 94.5, 97.25, 100, 102.75, 105.5 };
	struct steady_window w = check(y, 5);
	(void)state;

	assert_true(fabs(w.slope_pct - 11.0) < 1e-9);
	assert_true(fabs(w.range_pct - 11.0) < 1e-9);
	assert_true(w.range_ok);
	assert_false(w.slope_ok);
	assert_false(w.reached);
}

static void test_both_fail(void **state)
{
	const double y[] = { 50, 70, 100, 130, 150 };
	struct steady_window w = check(y, 5);
	(void)state;

	assert_false(w.range_ok);
	assert_false(w.slope_ok);
	assert_false(w.reached);
}

/* Exactly 20% range and exactly 10% slope pass ("at most"); a hair more fails. */
static void test_boundaries(void **state)
{
	const double range_at[] = { 90, 110, 100, 110, 90 };        /* range 20%, slope 0 */
	const double range_over[] = { 89.99, 110, 100, 110, 89.99 };
	const double slope_at[] = { 95, 97.5, 100, 102.5, 105 };     /* slope 10%, range 10% */
	const double slope_over[] = { 94.99, 97.5, 100, 102.5, 105.01 };
	(void)state;

	assert_true(check(range_at, 5).reached);
	assert_false(check(range_over, 5).range_ok);
	assert_true(check(slope_at, 5).reached);
	assert_false(check(slope_over, 5).slope_ok);
	assert_true(check(slope_over, 5).range_ok);
}

/* Only the last five rounds count: an early drop does not spoil a flat tail. */
static void test_window_is_the_last_five(void **state)
{
	const double y[] = { 5000, 100, 101, 99, 100, 100 };
	const double tail_bad[] = { 100, 100, 100, 100, 100, 150 };
	(void)state;

	assert_true(check(y, 6).reached);
	assert_false(check(tail_bad, 6).reached);
	/* A stalled drive (zero IOPS) is never steady. */
	const double zero[] = { 0, 0, 0, 0, 0 };
	assert_false(check(zero, 5).reached);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_needs_five_rounds),
		cmocka_unit_test(test_flat_passes),
		cmocka_unit_test(test_range_fails_alone),
		cmocka_unit_test(test_slope_fails_alone),
		cmocka_unit_test(test_both_fail),
		cmocka_unit_test(test_boundaries),
		cmocka_unit_test(test_window_is_the_last_five),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
