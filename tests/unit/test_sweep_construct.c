// SPDX-License-Identifier: MIT
/*
 * Unit tests for profiler/sweep_construct.c (issue 28): when a fresh sweep
 * point is built by construction and when it falls back to the full
 * method, with the reason it records.  A constructed point whose WA strays
 * from the calibration's by more than its tolerance turns the rest of the
 * run full; one that is not steady is measured again the full way, and so
 * is every point from its OP up, not those below; a prediction that
 * stopped a point is no miss; a skewed workload is never constructed, a
 * RAID group member by member where its writes stay within a chunk; a
 * resumed sweep replays its saved points into the calibration.  The WA
 * model is util/wa_analytic.c's: the figures here are taken from it, 10%
 * and 1% off, not written in.
 */
#include <errno.h>
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

/*
 * A RAID 5 group of three members with their own flash (a mixed group:
 * 1.2, 1.3 and 1.4 GB behind 1 GiB each), chunk 64 KiB.
 */
static struct target members[3];
static const double member_flash[3] = { 1.2e9, 1.3e9, 1.4e9 };

static int member_control(struct target *t, int op, void *arg)
{
	if (op != TARGET_CTL_WA_MODEL)
		return -ENOTTY;
	*(struct target_wa_model *)arg = (struct target_wa_model){ .native_bytes = member_flash[t - members],
								   .line_units = 4096 };
	return 0;
}

static uint64_t chunk = 65536;

static int group_control(struct target *t, int op, void *arg)
{
	(void)t;
	switch (op) {
	case TARGET_CTL_MEMBERS:
		*(unsigned *)arg = 3;
		return 0;
	case TARGET_CTL_MEMBER:
		((struct target_member *)arg)->member = &members[((struct target_member *)arg)->index];
		return 0;
	case TARGET_CTL_GROUP_GEOM:
		*(struct target_group_geom *)arg = (struct target_group_geom){ .level = 5, .members = 3,
			.chunk_bytes = chunk, .member_bytes = 1ull << 30, .full_member_bytes = 1ull << 30 };
		return 0;
	default:
		return -ENOTTY;
	}
}

static const struct target_ops member_ops = { .name = "member", .caps = TARGET_CAP_WRITE, .control = member_control };
static const struct target_ops raid5_ops = { .name = "raid5", .caps = TARGET_CAP_WRITE | TARGET_CAP_GROUP,
					     .control = group_control };

static void group_run(struct sweep_run *r, struct target *t, struct precondition_settings *s)
{
	memset(r, 0, sizeof(*r));
	memset(s, 0, sizeof(*s));
	memset(t, 0, sizeof(*t));
	for (unsigned i = 0; i < 3; i++)
		members[i] = (struct target){ .ops = &member_ops };
	t->ops = &raid5_ops;
	r->t = t;
	r->settings = s;
	s->bs = 4096;
	r->pc = SWEEP_PC_AUTO;
	r->capacity = 2ull << 30;
	chunk = 65536;
	sweep_calib_init(&r->cal, t);
}

/* The WA member i's model gives at span bytes, on flash bytes. */
static double member_model(const struct sweep_calib *c, unsigned i, double flash, double span)
{
	struct sweep_calib v = { .known = true, .native_bytes = flash, .line_units = c->m[i].line_units,
				 .fifo = c->m[i].fifo };

	return sweep_calib_wa(&v, span);
}

/*
 * A RAID 5 group is built member by member: each member from its own
 * flash (the target's, then calibrated on the first full point from its
 * own window WA at its own span), checked member by member; writes that
 * cross its chunks fall back, with the reason.
 */
static void group_members(void **state)
{
	struct sweep_run r;
	struct target t;
	struct precondition_settings s;
	struct sweep_point full, built;
	char why[160];
	double span = 0.8 * (double)(1ull << 30);

	(void)state;
	group_run(&r, &t, &s);
	assert_int_equal(r.cal.members, 3);
	assert_true(r.cal.known);
	assert_true(fabs(r.cal.native_bytes - 3.9e9) < 1);
	assert_string_equal(r.cal.source, "target");
	/* auto: the first point full. */
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "");
	/* Its members' window WA: 5% above each one's own model (the parity rows' skew, say). */
	full = point_at(20, 3.0, true, "steady");
	full.constructed = false;
	full.pc.nrounds = 0;   /* no rounds kept: the spread is the prediction's tolerance */
	for (unsigned i = 0; i < 3; i++) {
		r.cal.m[i].span_bytes = span;
		r.cal.m[i].waf = 1.05 * member_model(&r.cal, i, member_flash[i], span);
	}
	sweep_calib_full(&r.cal, &full);
	for (unsigned i = 0; i < 3; i++) {
		assert_string_equal(r.cal.m[i].source, "calibrated");
		/* Less flash than the target says, each its own. */
		assert_true(r.cal.m[i].native_bytes < member_flash[i]);
		assert_true(i == 0 || r.cal.m[i].native_bytes > r.cal.m[i - 1].native_bytes);
		assert_true(fabs(member_model(&r.cal, i, r.cal.m[i].native_bytes, span) / r.cal.m[i].waf - 1) < 1e-3);
	}
	assert_true(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	/* A constructed point at 40%: members on their calibration hold; member 1 10% off does not. */
	built = point_at(40, 2.0, true, "steady");
	for (unsigned i = 0; i < 3; i++) {
		r.cal.m[i].span_bytes = 0.6 * (double)(1ull << 30);
		r.cal.m[i].waf = member_model(&r.cal, i, r.cal.m[i].native_bytes, r.cal.m[i].span_bytes) * 1.01;
	}
	assert_true(sweep_calib_check(&r.cal, &built));
	r.cal.m[1].waf *= 1.10;
	assert_false(sweep_calib_check(&r.cal, &built));
	assert_true(r.cal.off);
	assert_non_null(strstr(r.cal.why, "member 1 WA"));
	assert_false(sweep_construct_ok(&r, 10, NULL, why, sizeof(why)));
	assert_string_equal(why, r.cal.why);
	/* 8 KiB writes over 4 KiB chunks: partial stripes, not one column a write. */
	group_run(&r, &t, &s);
	r.pc = SWEEP_PC_CONSTRUCTED;
	assert_true(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	chunk = 4096;
	s.bs = 8192;
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "RAID: 8 KiB writes cross its 4 KiB chunks");
}

/*
 * A resumed sweep replays its saved points: the flash from the first full
 * point, the bias from each, the miss and a check's fallback as the run
 * that saved them kept them; the same calibration as that run's.
 */
static void resume_replays(void **state)
{
	struct sweep_run live, resumed;
	struct target t, t2;
	struct precondition_settings s, s2;
	struct sweep_point p0 = point_at(0, 5.2, true, "steady"), p40 = point_at(40, 1.52, true, "steady");
	struct sweep_saved_point sp = { .method = "fresh", .reached = true };
	char why[160];

	(void)state;
	calibrated_run(&live, &t, &s);
	calibrated_run(&resumed, &t2, &s2);
	live.cal = resumed.cal = (struct sweep_calib){ .line_units = 4096, .wa_bias = NAN };
	p0.constructed = p40.constructed = false;
	p0.pc.nrounds = p40.pc.nrounds = 0;   /* the spread: the prediction's tolerance, as sp.spread 0 */
	sweep_calib_full(&live.cal, &p0);
	/* 40% constructed, not steady: measured again the full way, which calibrates the bias anew. */
	p40.constructed = true;
	p40.pc.reached = false;
	p40.pc.stop_reason = "max-rounds";
	assert_true(sweep_point_missed(&live.cal, &p40, why, sizeof(why)));
	p40.pc.reached = true;
	sweep_calib_full(&live.cal, &p40);

	sp.op_percent = 0;
	sp.usable_bytes = (double)p0.usable_bytes;
	sp.waf = p0.pc.waf;
	sweep_calib_replay(&resumed.cal, &t2, &sp);
	sp.op_percent = 40;
	sp.usable_bytes = (double)p40.usable_bytes;
	sp.waf = p40.pc.waf;
	sp.fallback = why;
	sweep_calib_replay(&resumed.cal, &t2, &sp);
	assert_true(resumed.cal.known);
	assert_true(resumed.cal.native_bytes == live.cal.native_bytes);
	assert_true(resumed.cal.native_sigma == live.cal.native_sigma);
	assert_true(resumed.cal.wa_bias == live.cal.wa_bias);
	assert_true(resumed.cal.missed && resumed.cal.miss_op == 40);
	assert_false(sweep_construct_ok(&resumed, 45, NULL, why, sizeof(why)));
	assert_non_null(strstr(why, "40% OP was not steady"));
	assert_true(sweep_construct_ok(&resumed, 20, NULL, why, sizeof(why)));
	/* A point measured again after its WA strayed: the rest full, with its reason. */
	sp.op_percent = 20;
	sp.fallback = "WA 3.10 at 20% OP, calibrated 2.80 +-3.0%";
	sweep_calib_replay(&resumed.cal, &t2, &sp);
	assert_false(sweep_construct_ok(&resumed, 10, NULL, why, sizeof(why)));
	assert_string_equal(why, sp.fallback);
	/* A reason that is the run's setting, not a state, turns nothing off. */
	calibrated_run(&resumed, &t2, &s2);
	sp.fallback = "a skewed or mixed workload, not uniform random writes";
	sweep_calib_replay(&resumed.cal, &t2, &sp);
	assert_false(resumed.cal.off || resumed.cal.missed);
	/* A group's member that strayed. */
	sp.fallback = "member 2 WA 1.04 at 40%, calibrated 1.01 +-3.0%";
	sweep_calib_replay(&resumed.cal, &t2, &sp);
	assert_true(resumed.cal.off);
	assert_string_equal(resumed.cal.why, sp.fallback);
}

static int no_media_counters(struct target *t, struct target_counters *c)
{
	(void)t;
	*c = (struct target_counters){ .host_bytes_written = 1 };
	return 0;
}

/*
 * What keeps auto from calibrating is each point's reason: a target that
 * counts no media writes, or (until one does) no full point steady.
 */
static void nothing_to_calibrate_by(void **state)
{
	static const struct target_ops file_ops = { .name = "file", .caps = TARGET_CAP_WRITE,
						    .counters = no_media_counters };
	struct sweep_run r;
	struct target t;
	struct precondition_settings s;
	struct sweep_point pt = point_at(0, NAN, true, "steady");
	char why[160];

	(void)state;
	calibrated_run(&r, &t, &s);
	t.ops = &file_ops;
	sweep_calib_init(&r.cal, &t);
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "no media write counter to size the flash by");
	pt.constructed = false;
	pt.pc.media_known = false;
	pt.pc.nrounds = 0;
	sweep_calib_full(&r.cal, &pt);
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "no media write counter to size the flash by");
	/* A drive that counts: its first point not steady, then one that is. */
	calibrated_run(&r, &t, &s);
	sweep_calib_init(&r.cal, &t);
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "");
	pt = point_at(0, 5.0, false, "max-rounds");
	pt.pc.nrounds = 0;
	sweep_calib_full(&r.cal, &pt);
	assert_false(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
	assert_string_equal(why, "no full point reached steady state to calibrate by");
	pt.pc.reached = true;
	sweep_calib_full(&r.cal, &pt);
	assert_true(sweep_construct_ok(&r, 20, NULL, why, sizeof(why)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(calibration_disagrees),
		cmocka_unit_test(not_steady_falls_back_from_its_op_up),
		cmocka_unit_test(never_constructed),
		cmocka_unit_test(group_members),
		cmocka_unit_test(resume_replays),
		cmocka_unit_test(nothing_to_calibrate_by),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
