/* SPDX-License-Identifier: MIT */
/*
 * The adaptive sweep plan on synthetic drives: it finds the knee a fine fixed
 * grid finds, within the resolution, with far fewer points.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "profiler/knee.h"
#include "profiler/sweep_plan.h"

/* Run a plan against a curve; returns the number of points measured. */
static size_t simulate(const struct sweep_plan *p, double (*f)(double), struct knee_point *pts)
{
	size_t n = 0;
	double next;

	while (sweep_plan_next(p, pts, n, &next)) {
		assert_true(n < SWEEP_MAX_POINTS);
		pts[n] = (struct knee_point){ next, f(next) };
		n++;
	}
	return n;
}

static double capped(double op) { return fmin(100000, 40000 + op * 3700); }
static double concave(double op) { return 100000 * (1 - exp(-op / 10)); }
static double flat(double op) { return 50000 + op; }

static void check_curve(double (*f)(double), double max_fraction_of_points)
{
	struct sweep_plan adaptive, fixed;
	struct knee_point a[SWEEP_MAX_POINTS], g[SWEEP_MAX_POINTS];
	struct knee_result ka, kg;
	double ops[17];

	for (int i = 0; i < 17; i++)
		ops[i] = i * 2.5;
	sweep_plan_adaptive(&adaptive, 0, 40, 2.5);
	sweep_plan_fixed(&fixed, ops, 17);
	size_t na = simulate(&adaptive, f, a), ng = simulate(&fixed, f, g);
	knee_find(a, na, &ka);
	knee_find(g, ng, &kg);
	assert_int_equal(ng, 17);
	assert_true(fabs(ka.recommended_op_percent - kg.recommended_op_percent) <= 2.5);
	assert_true((double)na <= max_fraction_of_points * (double)ng);
}

/*
 * At most 9 of 17 points: the baseline at the bottom is one of them.  The
 * plan narrows both sides of the knee since the rule is a peak, not a level
 * crossed (issue 25): 7 of 17 before.
 */
static void test_capped(void **state) { (void)state; check_curve(capped, 0.53); }
static void test_concave(void **state) { (void)state; check_curve(concave, 0.53); }

/*
 * A flat curve: IOPS x capacity falls from the bottom, so OP does not help;
 * the plan checks the bottom's side down to the resolution (issue 25: the
 * rule has no level the bottom reaches), in a few points.
 */
static void test_flat_stops_at_the_bottom(void **state)
{
	struct sweep_plan p;
	struct knee_point pts[SWEEP_MAX_POINTS];
	struct knee_result k;
	(void)state;

	sweep_plan_adaptive(&p, 0, 40, 2.5);
	size_t n = simulate(&p, flat, pts);
	assert_true(n <= 7);
	assert_true(pts[0].op_percent == 0 && pts[1].op_percent == 40);
	knee_find(pts, n, &k);
	assert_int_equal(k.kind, KNEE_OP_NO_HELP);
	assert_true(k.recommended_op_percent == 0);
}

static double linear(double op) { return 20000 + 1000 * op; }
/* A RAID 5 group of budget drives: still climbing at 60%. */
static double raid5(double op) { return 18000 + 600 * op + 4 * op * op; }

/*
 * Issue 13: the bottom of the range (at 0% the drive as shipped) is always
 * measured, first, whatever the curve and the range; every recommendation
 * is stated against it.
 */
static void test_bottom_of_the_range_first(void **state)
{
	double (*const curves[])(double) = { capped, concave, flat, linear, raid5 };
	const double ranges[][2] = { { 0, 40 }, { 0, 60 }, { 7, 40 }, { 5, 33 } };
	(void)state;

	for (size_t c = 0; c < sizeof(curves) / sizeof(curves[0]); c++) {
		for (size_t r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++) {
			struct sweep_plan p;
			struct knee_point pts[SWEEP_MAX_POINTS];
			struct knee_result k;

			sweep_plan_adaptive(&p, ranges[r][0], ranges[r][1], 2.5);
			size_t n = simulate(&p, curves[c], pts);
			assert_true(n >= 2);
			assert_true(pts[0].op_percent == ranges[r][0]);
			assert_true(pts[1].op_percent == ranges[r][1]);
			knee_find(pts, n, &k);
			assert_true(k.has_baseline && k.baseline.op_percent == ranges[r][0]);
			assert_true(k.op_percent == k.recommended_op_percent ||
				    (k.kind == KNEE_KEEPS_PAYING && isnan(k.op_percent)));
		}
	}
}

/* Resuming replays: the same measured points always give the same next point. */
static void test_deterministic_and_fixed_order(void **state)
{
	struct sweep_plan p;
	struct knee_point pts[SWEEP_MAX_POINTS];
	double n1, n2;
	const double ops[] = { 20, 5, 5, 10 };
	(void)state;

	sweep_plan_adaptive(&p, 0, 40, 2.5);
	size_t n = simulate(&p, capped, pts);
	assert_false(sweep_plan_next(&p, pts, n, &n1));
	assert_true(sweep_plan_next(&p, pts, 3, &n1));
	assert_true(sweep_plan_next(&p, pts, 3, &n2));
	assert_true(n1 == n2 && n1 == pts[3].op_percent);

	sweep_plan_fixed(&p, ops, 4);
	assert_int_equal(p.ngrid, 3);
	assert_int_equal(simulate(&p, capped, pts), 3);
	assert_true(pts[0].op_percent == 5 && pts[1].op_percent == 10 && pts[2].op_percent == 20);

	/* Points the sweep takes as one (within 0.005%) are one in the plan too: its count is the points run. */
	const double near[] = { 0.001, 0, 10.004, 10 };
	sweep_plan_fixed(&p, near, 4);
	assert_int_equal(p.ngrid, 2);
	assert_int_equal(simulate(&p, capped, pts), 2);
}

/* A concave curve flat near its top (a flash-bound drive): the knee far up the range. */
static double late(double op) { return 100000 * (1 - 0.85 * exp(-op / 25)); }

/*
 * --fast's interpolated bracket cut at a 90% level the knee's rule no
 * longer has (issue 25): the setting stays (saved, replayed), the plan is
 * the default one, every cut on the 0.05% grid the JSON and resume compare.
 */
static void test_interpolate(void **state)
{
	double (*curves[])(double) = { capped, concave, late, flat };
	struct sweep_plan bisect, interp;
	struct knee_point a[SWEEP_MAX_POINTS], b[SWEEP_MAX_POINTS];

	(void)state;
	sweep_plan_adaptive(&bisect, 0, 40, 2.5);
	sweep_plan_adaptive(&interp, 0, 40, 2.5);
	interp.interpolate = true;
	for (size_t c = 0; c < sizeof(curves) / sizeof(curves[0]); c++) {
		size_t ni = simulate(&interp, curves[c], a), nb = simulate(&bisect, curves[c], b);

		assert_int_equal(ni, nb);
		for (size_t i = 0; i < ni; i++) {
			assert_true(a[i].op_percent == b[i].op_percent);
			assert_true(fabs(a[i].op_percent * 20 - round(a[i].op_percent * 20)) < 1e-9);
		}
	}
}

/* A drive without a command cap: IOPS = 1 / WA of greedy GC, native spare 7% (budget-tlc, or a RAID 5 of them). */
static double uncapped(double op)
{
	double rho = 1.07 / (1 - op / 100) - 1;

	return 100000 / (1 + 1 / (2 * rho));
}

static double plan_knee(struct sweep_plan *p, double (*f)(double), struct knee_result *k)
{
	struct knee_point pts[SWEEP_MAX_POINTS];
	size_t n = simulate(p, f, pts);

	knee_find(pts, n, k);
	return k->recommended_op_percent;
}

/*
 * Issue 25: one RAID 5 group said 50% on a 0-60 list of 10% steps, 42.5%
 * adaptive over 0-60 and 26% adaptive over 0-40.  Every plan whose range
 * holds the knee gives it within one step of its grid; a range that stops
 * below it says so and claims none.
 */
static void test_plan_free(void **state)
{
	double (*curves[])(double) = { uncapped, capped, concave, late };
	const double list10[] = { 0, 10, 20, 30, 40, 50, 60 };
	double fine[121];
	(void)state;

	for (int i = 0; i <= 120; i++)
		fine[i] = i * 0.5;
	for (size_t c = 0; c < sizeof(curves) / sizeof(curves[0]); c++) {
		struct sweep_plan p;
		struct knee_result k;
		double truth, got;

		/* The truth: the rule over a 0.5% grid from 0 to 60. */
		{
			struct knee_point pts[121];

			for (int i = 0; i <= 120; i++)
				pts[i] = (struct knee_point){ fine[i], curves[c](fine[i]) };
			knee_find(pts, 121, &k);
			truth = k.recommended_op_percent;
		}
		print_message("# curve %zu: knee %.4g%%\n", c, truth);
		sweep_plan_fixed(&p, list10, 7);
		got = plan_knee(&p, curves[c], &k);
		if (truth < 60)
			assert_true(fabs(got - truth) <= 10);
		sweep_plan_adaptive(&p, 0, 60, 2.5);
		got = plan_knee(&p, curves[c], &k);
		if (truth < 60)
			assert_true(fabs(got - truth) <= 2.5);
		sweep_plan_adaptive(&p, 0, 40, 2.5);
		got = plan_knee(&p, curves[c], &k);
		if (truth < 40 - 2.5)
			assert_true(fabs(got - truth) <= 2.5 && k.kind == KNEE_FOUND);
		else if (truth > 40 + 2.5)
			assert_true(k.kind == KNEE_KEEPS_PAYING && isnan(k.op_percent));
	}
	/* The uncapped drive's knee lies above 20%: a 0-20 range claims none. */
	struct sweep_plan p;
	struct knee_result k;

	sweep_plan_adaptive(&p, 0, 20, 2.5);
	plan_knee(&p, uncapped, &k);
	assert_int_equal(k.kind, KNEE_KEEPS_PAYING);
	assert_true(isnan(k.op_percent) && k.recommended_op_percent == 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capped),
		cmocka_unit_test(test_concave),
		cmocka_unit_test(test_interpolate),
		cmocka_unit_test(test_plan_free),
		cmocka_unit_test(test_flat_stops_at_the_bottom),
		cmocka_unit_test(test_bottom_of_the_range_first),
		cmocka_unit_test(test_deterministic_and_fixed_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
