/* SPDX-License-Identifier: MIT */
/* The knee finder on synthetic IOPS(OP) curves whose right answer is known. */
#include <math.h>
#include <stdio.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "profiler/knee.h"

static const double grid[] = { 0, 7, 14, 20, 28, 40 };

static struct knee_result find(double (*f)(double), double noise_amp)
{
	struct knee_point p[6];
	struct knee_result r;

	for (int i = 0; i < 6; i++) {
		/* Deterministic "noise": alternating signs. */
		double noise = noise_amp * ((i % 2) ? 1 : -1);
		p[i] = (struct knee_point){ grid[i], f(grid[i]) * (1 + noise) };
	}
	knee_find(p, 6, &r);
	return r;
}

/* Saturates at 14%: a controller cap reached there. */
static double capped(double op) { return fmin(100000, 40000 + op * 4300); }
static double linear(double op) { return 20000 + 1000 * op; }
static double flat(double op) { return 50000 + 10 * op; }
/* Smooth concave saturating curve: 90% of the plateau at about 23% OP. */
static double concave(double op) { return 100000 * (1 - exp(-op / 10)); }

static void test_capped_curve(void **state)
{
	struct knee_result r = find(capped, 0);
	(void)state;

	assert_int_equal(r.kind, KNEE_FOUND);
	assert_true(r.recommended_op_percent == 14);
	assert_true(r.curvature_op_percent == 14);
	/* The reason names the numbers. */
	assert_non_null(strstr(r.reason, "90%"));
	assert_non_null(strstr(r.reason, "14%"));
	assert_non_null(strstr(r.reason, "100000"));
}

static void test_concave_curve(void **state)
{
	struct knee_result r = find(concave, 0);
	(void)state;

	/* 1 - e^-2.8 = 0.94 at 28%, 1 - e^-2 = 0.86 at 20%. */
	assert_int_equal(r.kind, KNEE_FOUND);
	assert_true(r.recommended_op_percent == 28);
}

static void test_noisy_capped_curve(void **state)
{
	/* 3% noise either way does not move the knee off the cap. */
	struct knee_result r = find(capped, 0.03);
	(void)state;

	assert_int_equal(r.kind, KNEE_FOUND);
	assert_true(r.recommended_op_percent == 14 || r.recommended_op_percent == 20);
}

static void test_linear_keeps_paying(void **state)
{
	struct knee_result r = find(linear, 0);
	(void)state;

	assert_int_equal(r.kind, KNEE_KEEPS_PAYING);
	assert_true(r.recommended_op_percent == 40);
	assert_non_null(strstr(r.reason, "keeps paying"));
}

static void test_flat_op_does_not_help(void **state)
{
	struct knee_result r = find(flat, 0);
	(void)state;

	assert_int_equal(r.kind, KNEE_OP_NO_HELP);
	assert_true(r.recommended_op_percent == 0);
	assert_non_null(strstr(r.reason, "does not help"));
}

static void test_order_and_small_inputs(void **state)
{
	struct knee_point p[] = { { 40, 100 }, { 0, 40 }, { 20, 95 }, { 10, 60 } };
	struct knee_result r;
	(void)state;

	knee_find(p, 4, &r);
	assert_true(r.op_percent == 20);
	assert_true(r.best_op_percent == 40);
	knee_find(p, 1, &r);
	assert_int_equal(r.kind, KNEE_TOO_FEW);
	knee_find(NULL, 0, &r);
	assert_int_equal(r.kind, KNEE_TOO_FEW);
	assert_true(isnan(r.recommended_op_percent));
}

/*
 * Issue 13: on a 0..60 grid the 40% point reaches 91% of the best while IOPS
 * still climb at the top.  The rule says 40%; the knee, the recommendation
 * and the reason must all say 40%, not "take 60%".
 */
static void test_keeps_paying_recommends_the_knee(void **state)
{
	struct knee_point p[] = { { 0, 50000 }, { 10, 60000 }, { 20, 70000 }, { 30, 80000 },
				  { 40, 91000 }, { 50, 95500 }, { 60, 100000 } };
	struct knee_result r;
	char at[32];
	(void)state;

	knee_find(p, 7, &r);
	assert_int_equal(r.kind, KNEE_KEEPS_PAYING);
	assert_true(r.op_percent == 40);
	assert_true(r.recommended_op_percent == r.op_percent);
	assert_non_null(strstr(r.reason, "keeps paying"));
	snprintf(at, sizeof(at), "at %g%% OP", r.recommended_op_percent);
	assert_non_null(strstr(r.reason, at));
	assert_null(strstr(r.reason, "no knee"));
	assert_null(strstr(r.reason, "take 60%"));
}

/* Every kind: the knee the table marks is the OP recommended. */
static void test_knee_is_the_recommendation(void **state)
{
	double (*const curves[])(double) = { capped, concave, linear, flat };
	(void)state;

	for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
		struct knee_result r = find(curves[i], 0);

		assert_true(r.op_percent == r.recommended_op_percent);
	}
}

/* The recommendation against the least OP: IOPS gained, WA saved, capacity given up. */
static void test_against_the_baseline(void **state)
{
	struct knee_point p[] = {
		{ 20, 95000, 1.9, 800000000 }, { 0, 40000, 4.2, 1000000000 }, { 40, 100000, 1.3, 600000000 },
	};
	struct knee_result r;
	(void)state;

	knee_find(p, 3, &r);
	assert_true(r.has_baseline);
	assert_true(r.baseline.op_percent == 0 && r.baseline.iops == 40000 && r.baseline.waf == 4.2);
	assert_true(r.recommended_op_percent == 20);
	assert_true(fabs(r.gain_iops_pct - 137.5) < 1e-9);
	assert_true(fabs(r.waf_saved - 2.3) < 1e-9);
	assert_true(r.capacity_given_up_bytes == 200000000);
	assert_non_null(strstr(r.versus, "as shipped (0% OP)"));
	assert_non_null(strstr(r.versus, "+138% IOPS"));
	assert_non_null(strstr(r.versus, "2.30 saved"));
	assert_non_null(strstr(r.versus, "0.20 GB"));

	/* No WA, no usable bytes: not measured, not zero. */
	struct knee_point q[] = { { 0, 40000 }, { 20, 95000 }, { 40, 100000 } };
	knee_find(q, 3, &r);
	assert_true(isnan(r.baseline.waf) && isnan(r.waf_saved) && isnan(r.capacity_given_up_bytes));
	assert_non_null(strstr(r.versus, "WA not measured"));

	/* A flat curve: the baseline is the recommendation. */
	r = find(flat, 0);
	assert_true(r.gain_iops_pct == 0 && r.recommended_op_percent == r.baseline.op_percent);
	knee_find(NULL, 0, &r);
	assert_false(r.has_baseline);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capped_curve),
		cmocka_unit_test(test_concave_curve),
		cmocka_unit_test(test_noisy_capped_curve),
		cmocka_unit_test(test_linear_keeps_paying),
		cmocka_unit_test(test_flat_op_does_not_help),
		cmocka_unit_test(test_order_and_small_inputs),
		cmocka_unit_test(test_keeps_paying_recommends_the_knee),
		cmocka_unit_test(test_knee_is_the_recommendation),
		cmocka_unit_test(test_against_the_baseline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
