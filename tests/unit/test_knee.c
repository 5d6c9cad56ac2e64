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
	assert_true(r.recommended_op_percent == 14 && r.op_percent == 14);
	assert_true(r.curvature_op_percent == 14);
	/* The reason names the numbers. */
	assert_non_null(strstr(r.reason, "peaks at 14% OP"));
	assert_non_null(strstr(r.reason, "100000"));
}

static void test_concave_curve(void **state)
{
	struct knee_result r = find(concave, 0);
	(void)state;

	/* IOPS x (100 - OP): 6.48M at 14%, 6.92M at 20%, 6.76M at 28%. */
	assert_int_equal(r.kind, KNEE_FOUND);
	assert_true(r.recommended_op_percent == 20);
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

	/* (20000 + 1000 x OP) x (100 - OP) still rises at 40%: no knee claimed, the top is the best measured. */
	assert_int_equal(r.kind, KNEE_KEEPS_PAYING);
	assert_true(r.recommended_op_percent == 40 && isnan(r.op_percent));
	assert_non_null(strstr(r.reason, "no knee up to 40%: IOPS still rising"));
	assert_non_null(strstr(r.reason, "per OP point at the top of the range"));
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
	/* Two points show no bend: no knee, and no "X at 20% against X at 20%" (issue 25). */
	knee_find(p + 1, 2, &r);
	assert_int_equal(r.kind, KNEE_TOO_FEW);
	assert_true(isnan(r.op_percent) && r.recommended_op_percent == 20);
	assert_non_null(strstr(r.reason, "no knee can be found from 2 OP points"));
	assert_null(strstr(r.reason, "against"));
	knee_find(p, 1, &r);
	assert_int_equal(r.kind, KNEE_TOO_FEW);
	knee_find(NULL, 0, &r);
	assert_int_equal(r.kind, KNEE_TOO_FEW);
	assert_true(isnan(r.recommended_op_percent));
}

/*
 * Issue 25: the recommendation is the drive's, not the plan's.  A drive
 * without a command cap (IOPS = 1 / WA, WA of greedy GC at spare factor
 * rho: 1 + 1 / (2 rho), native spare 7%, as budget-tlc or a RAID 5 of
 * them): the 90%-of-best rule said 50% on a 0-60 list, 26% on 0-40.  The
 * product IOPS x (100 - OP) peaks near 37% whatever the grid.
 */
static double uncapped(double op)
{
	double rho = 1.07 / (1 - op / 100) - 1;

	return 100000 / (1 + 1 / (2 * rho));
}

static double knee_over(double (*f)(double), double lo, double hi, double step)
{
	struct knee_point p[128];
	struct knee_result r;
	size_t n = 0;

	for (double op = lo; op <= hi + 1e-9 && n < 128; op += step)
		p[n++] = (struct knee_point){ op, f(op) };
	knee_find(p, n, &r);
	return r.kind == KNEE_FOUND ? r.op_percent : NAN;
}

static void test_plan_free(void **state)
{
	double truth = knee_over(uncapped, 0, 90, 0.5);
	double (*const curves[])(double) = { uncapped, capped, concave };
	(void)state;

	assert_true(truth > 33 && truth < 42);
	for (size_t c = 0; c < sizeof(curves) / sizeof(curves[0]); c++) {
		double t = knee_over(curves[c], 0, 90, 0.5);

		/* Within one step of each grid, whatever the top of a range that holds it. */
		assert_true(fabs(knee_over(curves[c], 0, 60, 10) - t) <= 10);
		assert_true(fabs(knee_over(curves[c], 0, 70, 10) - t) <= 10);
		assert_true(fabs(knee_over(curves[c], 0, 50, 5) - t) <= 5);
		assert_true(fabs(knee_over(curves[c], 0, 60, 2.5) - t) <= 2.5);
		assert_true(knee_over(curves[c], 0, 60, 2.5) == knee_over(curves[c], 0, 80, 2.5));
	}
}

/* A range that stops below the knee says so and claims none. */
static void test_range_below_the_knee(void **state)
{
	struct knee_point p[] = { { 0, uncapped(0) }, { 10, uncapped(10) }, { 20, uncapped(20) } };
	struct knee_result r;
	(void)state;

	knee_find(p, 3, &r);
	assert_int_equal(r.kind, KNEE_KEEPS_PAYING);
	assert_true(isnan(r.op_percent) && r.recommended_op_percent == 20);
	assert_non_null(strstr(r.reason, "no knee up to 20%"));
	assert_true(r.top_gain_pct > 2);
}

/* Every kind that claims a knee: the knee the table marks is the OP recommended. */
static void test_knee_is_the_recommendation(void **state)
{
	double (*const curves[])(double) = { capped, concave, linear, flat };
	(void)state;

	for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++) {
		struct knee_result r = find(curves[i], 0);

		assert_true(r.op_percent == r.recommended_op_percent || (r.kind == KNEE_KEEPS_PAYING && isnan(r.op_percent)));
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
		cmocka_unit_test(test_plan_free),
		cmocka_unit_test(test_range_below_the_knee),
		cmocka_unit_test(test_knee_is_the_recommendation),
		cmocka_unit_test(test_against_the_baseline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
