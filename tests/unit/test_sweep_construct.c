// SPDX-License-Identifier: MIT
/*
 * Unit tests for profiler/sweep_construct.c (issue 28): when a fresh sweep
 * point is built by construction and when it falls back to the full
 * method, with the reason it records.  A constructed point whose WA strays
 * from the calibration's by more than its tolerance turns the rest of the
 * run full; one that is not steady is measured again the full way, and so
 * is every point from its OP up, not those below; a prediction that
 * stopped a point is no miss; a RAID group and a skewed workload are never
 * constructed.  The WA model is util/wa_analytic.c's: the figures here are
 * taken from it, 10% and 1% off, not written in.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "device/target.h"
#include "engine/workload.h"
#include "profiler/sweep_construct.h"

static const struct target_ops plain_ops = { .name = "plain", .caps = TARGET_CAP_WRITE | TARGET_CAP_TRIM };
static const struct target_ops group_ops = { .name = "group", .caps = TARGET_CAP_WRITE | TARGET_CAP_GROUP };

/* A run under auto after its first point: the flash known, the model's bias 1. */
static void calibrated_run(struct sweep_run *r, struct target *t, struct precondition_settings *s)
{
	memset(r, 0, sizeof(*r));
	memset(s, 0, sizeof(*s));
	t->ops = &plain_ops;
	r->t = t;
	r->settings = s;
	r->pc = SWEEP_PC_AUTO;
	r->capacity = 1ull << 30;
	r->cal = (struct sweep_calib){ .known = true, .native_bytes = 1.15e9, .native_sigma = 0, .source = "calibrated",
				       .line_units = 4096, .wa_bias = 1 };
}

static struct sweep_point point_at(double op, double waf, bool reached, const char *stop)
{
	struct sweep_point pt;

	memset(&pt, 0, sizeof(pt));
	pt.op_percent = op;
	pt.usable_bytes = sweep_usable_bytes(1ull << 30, op);
	pt.pc.media_known = true;
	pt.pc.waf = waf;
	pt.pc.reached = reached;
	pt.pc.stop_reason = stop;
	pt.pc.nrounds = 9;
	pt.constructed = true;
	return pt;
}

static void calibration_disagrees(void **state)
{
	struct sweep_run r;
	struct target t;
	struct precondition_settings s;
	char why[160];
	double want;
	struct sweep_point near, far;

	(void)state;
	calibrated_run(&r, &t, &s);
	want = sweep_calib_wa(&r.cal, (double)sweep_usable_bytes(r.capacity, 20));
	assert_true(want > 1.5 && want < 4);
	near = point_at(20, want * 1.01, true, "steady");
	assert_true(sweep_calib_check(&r.cal, &near));
	assert_false(r.cal.off);
	assert_true(sweep_construct_ok(&r, 28, NULL, why, sizeof(why)));
	/* 10% off, past SWEEP_CONSTRUCT_TOL_PCT: the rest of the run the full way, and why. */
	far = point_at(20, want * 1.10, true, "steady");
	assert_false(sweep_calib_check(&r.cal, &far));
	assert_true(r.cal.off);
	assert_non_null(strstr(r.cal.why, "calibrated"));
	assert_false(sweep_construct_ok(&r, 10, NULL, why, sizeof(why)));
	assert_string_equal(why, r.cal.why);
}

static void not_steady_falls_back_from_its_op_up(void **state)
{
	struct sweep_run r;
	struct target t;
	struct precondition_settings s;
	char why[160];
	struct sweep_point pt;

	(void)state;
	calibrated_run(&r, &t, &s);
	/* Steady, or stopped by a prediction: no miss. */
	pt = point_at(40, 1.4, true, "steady");
	assert_false(sweep_point_missed(&r.cal, &pt, why, sizeof(why)));
	pt = point_at(40, 1.4, false, "predicted");
	assert_false(sweep_point_missed(&r.cal, &pt, why, sizeof(why)));
	assert_false(r.cal.missed);
	/* Out of rounds: a miss, its reason, and from 40% up the full way. */
	pt = point_at(40, 1.4, false, "max-rounds");
	assert_true(sweep_point_missed(&r.cal, &pt, why, sizeof(why)));
	assert_non_null(strstr(why, "not steady"));
	assert_non_null(strstr(why, "max-rounds"));
	assert_true(r.cal.missed);
	assert_false(sweep_construct_ok(&r, 40, NULL, why, sizeof(why)));
	assert_non_null(strstr(why, "40% OP was not steady"));
	assert_true(sweep_construct_ok(&r, 28, NULL, why, sizeof(why)));
	/* A lower miss lowers the bound. */
	pt = point_at(24, 1.8, false, "max-writes");
	assert_true(sweep_point_missed(&r.cal, &pt, why, sizeof(why)));
	assert_false(sweep_construct_ok(&r, 28, NULL, why, sizeof(why)));
	assert_true(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
}

static void never_constructed(void **state)
{
	struct sweep_run r;
	struct target t;
	struct precondition_settings s;
	struct workload skew = { .rw = WL_RANDWRITE, .dist = { .kind = OD_ZIPF, .theta = 1.2 } };
	char why[160];

	(void)state;
	calibrated_run(&r, &t, &s);
	t.ops = &group_ops;
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_non_null(strstr(why, "RAID"));
	t.ops = &plain_ops;
	s.shape = &skew;
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_non_null(strstr(why, "skewed"));
	/* full asked: no reason to give. */
	s.shape = NULL;
	r.pc = SWEEP_PC_FULL;
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(calibration_disagrees),
		cmocka_unit_test(not_steady_falls_back_from_its_op_up),
		cmocka_unit_test(never_constructed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
