/* SPDX-License-Identifier: MIT */
/*
 * The adaptive sweep plan on synthetic drives: it finds the knee a fine fixed
 * grid finds, within the resolution, with far fewer points.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

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

/* At most 7 of 17 points: the baseline at the bottom is one of them. */
static void test_capped(void **state) { (void)state; check_curve(capped, 0.42); }
static void test_concave(void **state) { (void)state; check_curve(concave, 0.42); }

/* A flat curve: the bottom reaches 90% of the top, so two points say OP does not help. */
static void test_flat_stops_at_the_bottom(void **state)
{
	struct sweep_plan p;
	struct knee_point pts[SWEEP_MAX_POINTS];
	struct knee_result k;
	(void)state;

	sweep_plan_adaptive(&p, 0, 40, 2.5);
	size_t n = simulate(&p, flat, pts);
	assert_int_equal(n, 2);
	assert_true(pts[0].op_percent == 0 && pts[1].op_percent == 40);
	knee_find(pts, n, &k);
	assert_int_equal(k.kind, KNEE_OP_NO_HELP);
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
			assert_true(k.op_percent == k.recommended_op_percent);
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
 * The interpolated bracket (--fast): the same knee as the fixed grid within
 * the resolution on every curve, at most one point more than halving (a
 * knee at a command cap, where the line overshoots) and fewer on some.
 */
static void test_interpolate(void **state)
{
	double (*curves[])(double) = { capped, concave, late, flat };
	struct sweep_plan bisect, interp, fixed;
	struct knee_point a[SWEEP_MAX_POINTS], b[SWEEP_MAX_POINTS], g[SWEEP_MAX_POINTS];
	struct knee_result ka, kg;
	double ops[17];
	size_t fewer = 0;

	(void)state;
	for (int i = 0; i < 17; i++)
		ops[i] = i * 2.5;
	sweep_plan_fixed(&fixed, ops, 17);
	sweep_plan_adaptive(&bisect, 0, 40, 2.5);
	sweep_plan_adaptive(&interp, 0, 40, 2.5);
	interp.interpolate = true;
	for (size_t c = 0; c < sizeof(curves) / sizeof(curves[0]); c++) {
		size_t ni = simulate(&interp, curves[c], a), nb = simulate(&bisect, curves[c], b);
		size_t ng = simulate(&fixed, curves[c], g);

		knee_find(a, ni, &ka);
		knee_find(g, ng, &kg);
		assert_true(fabs(ka.recommended_op_percent - kg.recommended_op_percent) <= 2.5);
		print_message("# curve %zu: %zu points interpolated, %zu halved\n", c, ni, nb);
		assert_true(ni <= nb + 1);
		fewer += ni < nb;
		/* Every cut lies on the 0.05% grid the JSON and resume compare on. */
		for (size_t i = 0; i < ni; i++)
			assert_true(fabs(a[i].op_percent * 20 - round(a[i].op_percent * 20)) < 1e-9);
	}
	/* It saves a point somewhere, or it is not worth having. */
	assert_true(fewer > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capped),
		cmocka_unit_test(test_concave),
		cmocka_unit_test(test_interpolate),
		cmocka_unit_test(test_flat_stops_at_the_bottom),
		cmocka_unit_test(test_bottom_of_the_range_first),
		cmocka_unit_test(test_deterministic_and_fixed_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
