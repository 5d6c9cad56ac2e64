/* SPDX-License-Identifier: MIT */
/*
 * The sweep's fast paths (issue 18) on every simulator preset, 1 GiB,
 * shortened rounds: a point carried over from the one below (TRIM of the
 * span's tail, no purge, no fill) and one carried back down (a fill of the
 * span's new tail only) agree with fresh points at the same OPs within 2% in
 * IOPS and WA; a prediction, recorded while the rounds run on
 * to the SNIA window, agrees with the window within its stated half-width.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "device/target.h"
#include "open/open.h"
#include "profiler/sweep.h"
#include "sim/sim.h"

#define LOW_OP 10.0
#define HIGH_OP 20.0

/* Predictions checked against their windows, over all presets. */
struct checked {
	unsigned predictions;
};

/* A recorded prediction against the window the point ran on to. */
static void check_prediction(const char *what, const struct precondition_result *r, struct checked *c)
{
	if (!r->predicted)
		return;
	c->predictions++;
	printf("# %s: predicted IOPS %.0f +- %.0f after %zu rounds, window %.0f after %zu; WA %.4f +- %.4f, "
	       "window %.4f\n", what, r->pred_iops.value, r->pred_iops.halfwidth, r->predicted_rounds, r->iops,
	       r->nrounds, r->pred_waf.value, r->pred_waf.halfwidth, r->waf);
	assert_true(r->reached);
	assert_true(r->predicted_rounds <= r->nrounds);
	assert_true(fabs(r->pred_iops.value - r->iops) <= r->pred_iops.halfwidth);
	assert_true(r->pred_waf.valid);
	assert_true(fabs(r->pred_waf.value - r->waf) <= r->pred_waf.halfwidth);
}

static void check_preset(const char *preset, struct checked *c)
{
	char spec[128], err[TARGET_ERRLEN];
	struct target *t;
	struct precondition_settings s = {
		.fill_passes = 1, .bs = 4096, .qd = 32, .round_ns = 60000000000ull, .max_rounds = 25, .seed = 1,
		.round_writes = 0.1, .min_writes = SWEEP_FRESH_MIN_WRITES, .predict = PREDICT_RECORD,
	};
	struct sweep_point low, carried, fresh, down;

	snprintf(spec, sizeof(spec), "sim:%s,capacity=1G", preset);
	if (target_open_flags(spec, TARGET_OPEN_WRITE, &t, err, sizeof(err)))
		fail_msg("%s: %s", spec, err);
	struct sweep_run r = {
		.t = t, .capacity = t->info.capacity_bytes, .requested = OP_METHOD_SPAN, .method = OP_METHOD_SPAN,
		.settings = &s, .carry_over = true,
	};

	assert_int_equal(sweep_point_measure(&r, LOW_OP, NULL, &low, err, sizeof(err)), 0);
	assert_false(low.carried_over);
	assert_int_equal(sweep_point_measure(&r, HIGH_OP, NULL, &carried, err, sizeof(err)), 0);
	assert_true(carried.carried_over);
	assert_true(carried.pc.fill.passes == 0);
	/* Back down: only what the TRIM unmapped is filled. */
	assert_int_equal(sweep_point_measure(&r, LOW_OP, NULL, &down, err, sizeof(err)), 0);
	assert_true(down.carried_over);
	assert_true(down.pc.fill.passes == 1);
	assert_true(down.pc.fill.bytes == (low.usable_bytes - carried.usable_bytes) / FILL_BS * FILL_BS);
	/* Without carry-over a point is fresh, purged and filled. */
	r.carry_over = false;
	assert_int_equal(sweep_point_measure(&r, HIGH_OP, NULL, &fresh, err, sizeof(err)), 0);
	assert_false(fresh.carried_over);
	assert_true(fresh.pc.fill.passes == 1);

	printf("# %s %.0f%%: carried %.0f IOPS WA %.4f (%zu rounds, %.1f s); fresh %.0f IOPS WA %.4f (%zu rounds, "
	       "%.1f s)\n", preset, HIGH_OP, carried.pc.iops, carried.pc.waf, carried.pc.nrounds, carried.drive_seconds,
	       fresh.pc.iops, fresh.pc.waf, fresh.pc.nrounds, fresh.drive_seconds);
	assert_true(carried.pc.reached && fresh.pc.reached);
	assert_true(fabs(carried.pc.iops / fresh.pc.iops - 1) <= 0.02);
	assert_true(fabs(carried.pc.waf / fresh.pc.waf - 1) <= 0.02);
	/* The point of carrying over: no fill, less drive time. */
	assert_true(carried.drive_seconds < fresh.drive_seconds);
	printf("# %s %.0f%%: carried down %.0f IOPS WA %.4f (%zu rounds, %.1f s); fresh %.0f IOPS WA %.4f (%.1f s)\n",
	       preset, LOW_OP, down.pc.iops, down.pc.waf, down.pc.nrounds, down.drive_seconds, low.pc.iops,
	       low.pc.waf, low.drive_seconds);
	assert_true(down.pc.reached && low.pc.reached);
	assert_true(fabs(down.pc.iops / low.pc.iops - 1) <= 0.02);
	assert_true(fabs(down.pc.waf / low.pc.waf - 1) <= 0.02);
	assert_true(down.drive_seconds < low.drive_seconds);

	snprintf(spec, sizeof(spec), "%s low", preset);
	check_prediction(spec, &low.pc, c);
	snprintf(spec, sizeof(spec), "%s carried", preset);
	check_prediction(spec, &carried.pc, c);
	snprintf(spec, sizeof(spec), "%s fresh", preset);
	check_prediction(spec, &fresh.pc, c);
	snprintf(spec, sizeof(spec), "%s carried down", preset);
	check_prediction(spec, &down.pc, c);
	sweep_point_free(&low);
	sweep_point_free(&down);
	sweep_point_free(&carried);
	sweep_point_free(&fresh);
	target_close(t);
}

static void test_presets(void **state)
{
	struct checked c = { 0 };

	(void)state;
	for (size_t i = 0; sim_preset_names[i]; i++)
		check_preset(sim_preset_names[i], &c);
	/* Something was predicted, or the prediction went untested. */
	printf("# %u predictions checked\n", c.predictions);
	assert_true(c.predictions > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
