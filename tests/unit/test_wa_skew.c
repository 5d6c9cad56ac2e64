/* SPDX-License-Identifier: MIT */
/*
 * WA under skewed traffic: the simulator against Desnoyers' hot/cold model.
 *
 * Random single-unit writes drawn by the engine's offset sampler (hotcold,
 * zipf) after a sequential fill, no SLC cache.  Under FIFO cleaning the
 * measured steady WA must land within 5% of sim_waf_fifo_regions: the
 * model assumes the same single write frontier the simulator has, but a
 * continuous log and exponential survival; the simulator's uniform FIFO WA
 * is within 3% of the closed form on this geometry (test_wa.c), and skewed
 * traffic converges more slowly (cold pages linger), so 5%.
 *
 * What the model says, and the simulator does: with one write frontier
 * (no hot/cold separation) skew RAISES WA.  Cold pages sit in every line
 * and must be copied again and again, while the hot pages' invalidations
 * are spread over the lines as before.  Desnoyers finds the same for LRU
 * and greedy alike; only an FTL that segregates hot from cold data gains
 * from skew.  Greedy has no closed form under skew; it must stay at or
 * below FIFO on the same traffic, and above its own uniform WA.
 *
 * With hot_cold=1 the drive writes hot and cold units to frontiers of
 * their own, which is Desnoyers' separated model: each pool is uniform
 * traffic with its own spare area.  Greedy's global victim choice takes
 * victims equally full from both pools, which holds each pool's spare in
 * proportion to its data, and then the model's WA is the uniform WA:
 * separation takes back all that skew cost.  The measured WA of
 * hotcold:20/80 must be within 5% of that (the classifier learns a unit's
 * temperature from its rewrites and misjudges a few per cent), and at or
 * above the best split of the spare the model allows (a lower bound for
 * any policy with two pools).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "engine/offset_dist.h"
#include "sim/drive.h"
#include "sim/sim.h"

#define GEOMETRY "dc-tlc,capacity=1G,channels=4,dies=2,planes=1,slc_cache=none"

static struct sim_drive *open_drive(const char *spec)
{
	struct sim_config cfg;
	struct sim_drive *d;
	char err[256];

	if (sim_config_parse(spec, &cfg, err, sizeof(err)) || sim_drive_new(&cfg, &d, err, sizeof(err)))
		fail_msg("cannot open %s: %s", spec, err);
	return d;
}

static void counters(const struct sim_drive *d, uint64_t *host, uint64_t *media)
{
	struct sim_counters c;

	sim_drive_counters(d, &c);
	*host = c.host_write_bytes;
	*media = c.media_native_bytes + c.media_slc_bytes;
}

/*
 * Steady WA of dist's writes; *op receives the drive's GC spare fraction:
 * the lines beyond the user capacity less those GC keeps in hand (its
 * threshold) beyond the one a single frontier keeps.
 */
static double measure_ex(const char *gc, const char *extra, double factory_op, const char *dist_spec, double *op,
			 double *line_units)
{
	char spec[192], err[128];
	struct offset_dist dist;
	struct offset_sampler s;
	struct rng r;
	struct sim_drive *d;
	const struct sim_geometry *g;
	uint64_t units, t = 0, h0, m0, h1, m1;

	snprintf(spec, sizeof(spec), GEOMETRY ",factory_op=%g,gc=%s%s", factory_op, gc, extra);
	d = open_drive(spec);
	g = sim_drive_geometry(d);
	units = g->user_units;
	*op = (double)((uint64_t)(g->lines - (g->gc_threshold - 1)) * g->line_slots - units) / (double)units;
	if (line_units)
		*line_units = g->line_slots;
	assert_int_equal(offset_dist_parse("x", dist_spec, &dist, err, sizeof(err)), 0);
	offset_sampler_init(&s, &dist, units, 1);
	rng_seed(&r, 5);
	for (uint64_t lba = 0; lba < units; lba++)
		t = sim_drive_write(d, lba, 1, t, 0);
	for (uint64_t i = 0; i < 4 * units; i++)
		t = sim_drive_write(d, offset_sampler_draw(&s, &r), 1, t, 0);
	counters(d, &h0, &m0);
	for (uint64_t i = 0; i < 5 * units; i++)
		t = sim_drive_write(d, offset_sampler_draw(&s, &r), 1, t, 0);
	counters(d, &h1, &m1);
	sim_drive_free(d);
	return (double)(m1 - m0) / (double)(h1 - h0);
}

static double measure(const char *gc, double factory_op, const char *dist_spec, double *op)
{
	return measure_ex(gc, "", factory_op, dist_spec, op, NULL);
}

/* The model for dist over n blocks: one region per block for zipf, two for hotcold. */
static double model(const char *dist_spec, double op, uint64_t n)
{
	struct offset_dist d;
	char err[128];
	double *f, *w, a;
	size_t k;

	assert_int_equal(offset_dist_parse("x", dist_spec, &d, err, sizeof(err)), 0);
	if (d.kind == OD_HOTCOLD) {
		double hot = (double)llround((double)n * d.hot_pct / 100) / (double)n;
		double fb[2] = { hot, 1 - hot }, wb[2] = { d.traffic_pct / 100, 1 - d.traffic_pct / 100 };

		return sim_waf_fifo_regions(op, fb, wb, 2);
	}
	f = calloc(n, sizeof(*f));
	w = calloc(n, sizeof(*w));
	assert_non_null(f);
	assert_non_null(w);
	for (k = 0; k < n; k++) {
		f[k] = 1.0 / (double)n;
		w[k] = d.kind == OD_ZIPF ? pow((double)(k + 1), -d.theta) : 1.0;
	}
	{
		double sum = 0;

		for (k = 0; k < n; k++)
			sum += w[k];
		for (k = 0; k < n; k++)
			w[k] /= sum;
	}
	a = sim_waf_fifo_regions(op, f, w, n);
	free(f);
	free(w);
	return a;
}

static void test_model_reduces_to_uniform(void **state)
{
	double f = 1, w = 1, fh[2] = { 0.2, 0.8 }, wh[2] = { 0.2, 0.8 };

	(void)state;
	for (double op = 0.07; op < 0.5; op += 0.07) {
		assert_true(fabs(sim_waf_fifo_regions(op, &f, &w, 1) / sim_waf_fifo(op) - 1) < 1e-6);
		/* Two regions written in proportion to their size are uniform traffic. */
		assert_true(fabs(sim_waf_fifo_regions(op, fh, wh, 2) / sim_waf_fifo(op) - 1) < 1e-6);
	}
	/* Skew without separation raises FIFO WA: 80/20 at 7% OP is above uniform's 7.8. */
	wh[0] = 0.8;
	wh[1] = 0.2;
	assert_true(sim_waf_fifo_regions(0.07, fh, wh, 2) > 1.03 * sim_waf_fifo(0.07));
}

static void check_fifo(double factory_op, const char *dist)
{
	double op, wa = measure("fifo", factory_op, dist, &op);
	double want = model(dist, op, (uint64_t)(1ull << 30) / 4096);

	printf("# fifo %s, OP %.2f%%: WA %.3f, model %.3f (%+.2f%%)\n", dist, op * 100, wa, want,
	       (wa / want - 1) * 100);
	assert_true(fabs(wa / want - 1) <= 0.05);
}

static void test_fifo_hotcold_op7(void **state) { (void)state; check_fifo(7, "hotcold:20/80"); }
static void test_fifo_hotcold_op28(void **state) { (void)state; check_fifo(28, "hotcold:20/80"); }
static void test_fifo_zipf_op7(void **state) { (void)state; check_fifo(7, "zipf:0.9"); }

static void test_greedy_under_skew(void **state)
{
	double op, uniform = measure("greedy", 7, "uniform", &op);
	double hc = measure("greedy", 7, "hotcold:20/80", &op);
	double z = measure("greedy", 7, "zipf:1.2", &op);
	double hc_fifo = measure("fifo", 7, "hotcold:20/80", &op);

	(void)state;
	printf("# greedy OP %.2f%%: uniform %.3f, hotcold 20/80 %.3f (fifo %.3f), zipf 1.2 %.3f\n",
	       op * 100, uniform, hc, hc_fifo, z);
	assert_true(hc > uniform);
	assert_true(z > uniform);
	assert_true(hc <= hc_fifo * 1.01);
}

static void test_separated_model(void **state)
{
	double b[2] = { 0.2, 0.8 }, w[2] = { 0.8, 0.2 }, hot_spare;

	(void)state;
	for (double op = 0.07; op < 0.4; op += 0.07) {
		double uni = sim_waf_greedy(op, 256);

		/* Spare in proportion to the data: the uniform WA, whatever the skew. */
		assert_true(fabs(sim_waf_separated(op, b, w, b, 2, 256) / uni - 1) < 1e-9);
		/* Shifting spare to the hot pool pays (Desnoyers: about a third at 7%). */
		assert_true(sim_waf_separated_best(op, b, w, 256, &hot_spare) < 0.9 * uni);
		assert_true(hot_spare > 0.2 && hot_spare < 1);
	}
	/* Written in proportion to size, the best split is the proportional one. */
	sim_waf_separated_best(0.1, b, b, 256, &hot_spare);
	assert_true(fabs(hot_spare - 0.2) < 1e-3);
}

static void check_separated(double factory_op)
{
	double op, op1, n, mixed, sep = measure_ex("greedy", ",hot_cold=1", factory_op, "hotcold:20/80", &op, &n);
	double b[2] = { 0.2, 0.8 }, w[2] = { 0.8, 0.2 };
	double model = sim_waf_separated(op, b, w, b, 2, n), best = sim_waf_separated_best(op, b, w, n, NULL);

	mixed = measure("greedy", factory_op, "hotcold:20/80", &op1);
	printf("# greedy hotcold 20/80, OP %.2f%%: one frontier %.3f, hot_cold %.3f; separated model %.3f "
	       "(%+.2f%%), best split %.3f\n", op * 100, mixed, sep, model, (sep / model - 1) * 100, best);
	assert_true(fabs(sep / model - 1) <= 0.05);
	assert_true(sep >= best);
	assert_true(sep < mixed);
}

static void test_separated_op7(void **state) { (void)state; check_separated(7); }
static void test_separated_op28(void **state) { (void)state; check_separated(28); }

/* Separation pays most where skew costs most: zipf 1.2 falls by a third at 7% OP. */
static void test_separated_zipf(void **state)
{
	double op, mixed = measure("greedy", 7, "zipf:1.2", &op);
	double sep = measure_ex("greedy", ",hot_cold=1", 7, "zipf:1.2", &op, NULL);

	(void)state;
	printf("# greedy zipf 1.2, OP 7%%: one frontier %.3f, hot_cold %.3f\n", mixed, sep);
	assert_true(sep < 0.75 * mixed);
}

/*
 * Two frontiers lose nothing: tags written under skew read back after GC,
 * SLC folding and idle work, on a drive with a cache and little spare.
 */
static void test_separated_keeps_data(void **state)
{
	const char *specs[] = { "budget-tlc,capacity=1G,track_data=1,hot_cold=1",
				"sata-tlc,capacity=1G,track_data=1,factory_op=3,hot_cold=1" };
	char err[256];
	(void)state;

	for (size_t k = 0; k < 2; k++) {
		struct sim_drive *d = open_drive(specs[k]);
		uint64_t units = sim_drive_geometry(d)->user_units, t = 0;
		uint32_t *version = calloc(units, sizeof(uint32_t));
		struct offset_dist dist;
		struct offset_sampler s;
		struct sim_counters c;
		struct rng r;

		assert_non_null(version);
		assert_int_equal(offset_dist_parse("x", "hotcold:20/80", &dist, err, sizeof(err)), 0);
		offset_sampler_init(&s, &dist, units, 1);
		rng_seed(&r, 3);
		for (uint64_t lba = 0; lba < units; lba++)
			t = sim_drive_write(d, lba, 1, t, (uint32_t)lba);
		for (uint64_t i = 0; i < 3 * units; i++) {
			uint64_t lba = offset_sampler_draw(&s, &r);

			t = sim_drive_write(d, lba, 1, t, (uint32_t)(lba ^ (++version[lba] << 24)));
			assert_true(t != UINT64_MAX);
			if (i % (units / 2) == 0)
				sim_drive_idle(d, t, t + 5000000000ull);
		}
		sim_drive_counters(d, &c);
		assert_true(c.gc_copy_bytes > units * SIM_UNIT_BYTES);
		for (uint64_t lba = 0; lba < units; lba++)
			if (sim_drive_read_tag(d, lba) != (uint32_t)(lba ^ (version[lba] << 24)))
				fail_msg("%s: unit %llu lost its data", specs[k], (unsigned long long)lba);
		if (sim_drive_check(d, err, sizeof(err)))
			fail_msg("%s: %s", specs[k], err);
		free(version);
		sim_drive_free(d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_reduces_to_uniform),
		cmocka_unit_test(test_fifo_hotcold_op7),
		cmocka_unit_test(test_fifo_hotcold_op28),
		cmocka_unit_test(test_fifo_zipf_op7),
		cmocka_unit_test(test_greedy_under_skew),
		cmocka_unit_test(test_separated_model),
		cmocka_unit_test(test_separated_op7),
		cmocka_unit_test(test_separated_op28),
		cmocka_unit_test(test_separated_zipf),
		cmocka_unit_test(test_separated_keeps_data),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
