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
#include "profiler/sweep_curve.h"
#include "profiler/sweep_plan.h"
#include "util/wa_analytic.h"

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

/*
 * Issue 28: drives that give a WA (a media counter).  Steady IOPS x WA is
 * the flash's program rate (k), up to a command cap; WA is greedy GC's over
 * native x the capacity, as on the simulator's presets (budget-tlc: native
 * 1.074, cap 55,000 of k 114,000; dc-tlc a cap near 18%; sata-tlc and
 * budget-qlc none below 40%).  An error term bends IOPS away from k / WA,
 * so the curve the plan fits is not the drive's.  A RAID group reports its
 * members' WA times its level's writes per host write (scale: 2 on RAID 1
 * and RAID 5's read-modify-write; 0 is 1), and a RAID 5 group's writes
 * also wait on reads the WA does not scale (read_s: seconds per write, so
 * 1 / IOPS = WA / k + read_s).
 */
struct wa_drive {
	double native, k, cap, bend, scale, read_s;
};

static double wa_drive_wa(const struct wa_drive *d, double op)
{
	return wa_model_waf(d->native, SWEEP_ASSUMED_LINE_UNITS, false, 1 - op / 100);
}

static double wa_drive_iops(const struct wa_drive *d, double op)
{
	return fmin(1 / (wa_drive_wa(d, op) / d->k / (1 + d->bend * op / 40) + d->read_s), d->cap);
}

static size_t simulate_wa(const struct sweep_plan *p, const struct wa_drive *d, struct knee_point *pts)
{
	size_t n = 0;
	double next;

	while (sweep_plan_next(p, pts, n, &next)) {
		assert_true(n < SWEEP_MAX_POINTS);
		pts[n] = (struct knee_point){ next, wa_drive_iops(d, next), (d->scale ? d->scale : 1) * wa_drive_wa(d, next) };
		n++;
	}
	return n;
}

static const struct wa_drive wa_drives[] = {
	{ 1.074, 114000, 55000, 0 },      /* budget-tlc */
	{ 1.074, 28500, INFINITY, 0 },    /* budget-qlc: no cap below 40% */
	{ 1.12, 627000, 320000, 0 },      /* dc-tlc */
	{ 1.074, 114000, 40000, 0 },      /* a cap near 12% */
	{ 1.074, 114000, 75000, 0 },      /* a cap near 30% */
	{ 1.02, 80000, 60000, 0 },        /* little factory spare */
	{ 1.2, 80000, INFINITY, 0 },      /* much spare: the knee near 31% without a cap */
	{ 1.074, 114000, 55000, 0.15 },   /* the drive gains 15% more than k / WA by 40%: the curve misses */
	{ 1.074, 114000, 55000, -0.15 },
	{ 1.074, 28500, INFINITY, -0.3 },
	{ 1.074, 114000, 55000, 0, 2 },   /* RAID 5 of budget-tlc */
	{ 1.12, 627000, 320000, 0, 2 },   /* RAID 1 of dc-tlc */
	{ 1.074, 114000, 40000, 0, 3 },   /* RAID 6 */
	{ 1.074, 177000, INFINITY, 0, 2, 2.56e-5 },   /* RAID 5 of sata-tlc: the knee near 17.5% */
	{ 1.074, 258000, INFINITY, 0, 2, 1.5e-5 },    /* RAID 5 of budget-tlc */
	{ 1.074, 258000, 35000, 0, 2, 1.5e-5 },       /* and a cap */
};

/* The knee's rule on a 0.5% grid: the truth a plan must come within a step of. */
static double wa_truth(const struct wa_drive *d, double lo, double hi)
{
	struct knee_point pts[SWEEP_MAX_POINTS * 4];
	struct knee_result k;
	size_t n = 0;

	for (double op = lo; op <= hi + 1e-9 && n < SWEEP_MAX_POINTS * 4; op += 0.5)
		pts[n++] = (struct knee_point){ op, wa_drive_iops(d, op), wa_drive_wa(d, op) };
	knee_find(pts, n, &k);
	return k.recommended_op_percent;
}

/*
 * The plan follows the curve: the knee within one step of the truth, and
 * at most five points where the curve is the drive's (the bottom, the top,
 * the predicted knee and a step either side; six where the writes also
 * wait on reads: the third point tells the shapes apart; seven with reads
 * and a cap, which neither shape is).  The grid's way (the same
 * IOPS, no WA) takes more on every capped drive, and where the curve
 * misses the drive (bent) it takes no fewer: 9-10 against 5-9.
 */
static void test_wa_curve_plan(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(wa_drives) / sizeof(wa_drives[0]); i++) {
		const struct wa_drive *d = &wa_drives[i];
		struct sweep_plan p;
		struct knee_point pts[SWEEP_MAX_POINTS], grid_pts[SWEEP_MAX_POINTS];
		struct knee_result k;
		double truth = wa_truth(d, 0, 40), next;

		sweep_plan_adaptive(&p, 0, 40, 2.5);
		size_t n = simulate_wa(&p, d, pts);
		knee_find(pts, n, &k);
		print_message("# drive %zu: knee %.4g%% in %zu points (truth %.4g%%)\n", i, k.recommended_op_percent, n,
			      truth);
		assert_true(fabs(k.recommended_op_percent - truth) <= 2.5);
		if (d->bend == 0)
			assert_true(n <= (d->read_s > 0 ? isfinite(d->cap) ? 7u : 6u : 5u));
		assert_true(pts[0].op_percent == 0 && pts[1].op_percent == 40);
		/* Resumed after any point: the same next point. */
		for (size_t m = 2; m < n; m++)
			assert_true(sweep_plan_next(&p, pts, m, &next) && next == pts[m].op_percent);
		assert_false(sweep_plan_next(&p, pts, n, &next));

		size_t ng = 0;

		while (sweep_plan_next(&p, grid_pts, ng, &next)) {
			grid_pts[ng] = (struct knee_point){ next, wa_drive_iops(d, next), NAN };
			ng++;
		}
		assert_true(n <= ng);
		if (isfinite(d->cap) && d->bend == 0)
			assert_true(n < ng);
	}
}

/* Over another range and resolution the plan still finds the knee within a step. */
static void test_wa_curve_ranges(void **state)
{
	const double ranges[][3] = { { 0, 60, 2.5 }, { 5, 33, 2.5 }, { 0, 40, 1 }, { 7, 40, 5 } };
	(void)state;

	for (size_t r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++)
		for (size_t i = 0; i < sizeof(wa_drives) / sizeof(wa_drives[0]); i++) {
			const struct wa_drive *d = &wa_drives[i];
			struct sweep_plan p;
			struct knee_point pts[SWEEP_MAX_POINTS];
			struct knee_result k;
			double truth = wa_truth(d, ranges[r][0], ranges[r][1]);

			sweep_plan_adaptive(&p, ranges[r][0], ranges[r][1], ranges[r][2]);
			size_t n = simulate_wa(&p, d, pts);
			knee_find(pts, n, &k);
			assert_true(pts[0].op_percent == ranges[r][0]);
			assert_true(fabs(k.recommended_op_percent - truth) <= ranges[r][2] + 1e-9);
			for (size_t j = 0; j < n; j++)
				assert_true(fabs(pts[j].op_percent * 20 - round(pts[j].op_percent * 20)) < 1e-9);
		}
}

/* The curve from two points of a drive it models: its flash, k and cap back; none without a WA. */
static void test_curve_fit(void **state)
{
	const struct wa_drive d = { 1.074, 114000, 55000, 0 };
	struct knee_point two[2] = { { 0, wa_drive_iops(&d, 0), wa_drive_wa(&d, 0) },
				     { 40, wa_drive_iops(&d, 40), wa_drive_wa(&d, 40) } };
	struct knee_point none[2] = { { 0, 1000, NAN }, { 40, 2000, 0 } };
	struct sweep_curve c;
	(void)state;

	assert_true(sweep_curve_fit(two, 2, &c));
	assert_true(fabs(c.native_ratio - 1.074) < 1e-6);
	assert_true(fabs(c.k - 114000) < 1e-3 * 114000);
	assert_true(c.cap == 55000);
	for (double op = 0; op <= 40; op += 2.5)
		assert_true(fabs(sweep_curve_iops(&c, op) / wa_drive_iops(&d, op) - 1) < 1e-3);
	assert_false(sweep_curve_fit(none, 2, &c));
	/* Without a cap seen, none assumed. */
	two[1].iops = 114000 / two[1].waf;
	assert_true(sweep_curve_fit(two, 2, &c) && isinf(c.cap));
	assert_true(sweep_curve_knee(&c, 0, 40, 2.5) == 40);
	/* A group's WA, twice its members': the same flash, scale 2, the same IOPS. */
	two[0].waf *= 2;
	two[1].waf *= 2;
	two[1].iops = wa_drive_iops(&d, 40);
	assert_true(sweep_curve_fit(two, 2, &c));
	assert_true(fabs(c.native_ratio - 1.074) < 1e-6 && fabs(c.scale - 2) < 1e-6);
	for (double op = 0; op <= 40; op += 2.5)
		assert_true(fabs(sweep_curve_iops(&c, op) / wa_drive_iops(&d, op) - 1) < 1e-3);
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
		cmocka_unit_test(test_wa_curve_plan),
		cmocka_unit_test(test_wa_curve_ranges),
		cmocka_unit_test(test_curve_fit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
