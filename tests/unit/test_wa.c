/* SPDX-License-Identifier: MIT */
/*
 * WA fidelity: uniform random 4 KiB writes after a sequential fill, greedy GC,
 * no SLC cache.  The measured steady-state WA must land within 3% of the
 * analytic value for the geometry (DESIGN.md 6).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "sim_test_util.h"

/* The formula itself reproduces DESIGN.md's reference table. */
static void test_formula_matches_design_table(void **state)
{
	const double op[] = { 7, 10, 15, 20, 28, 40, 60 };
	const double fifo[] = { 7.82, 5.68, 4.02, 3.19, 2.48, 1.96, 1.56 };
	const double greedy64[] = { 7.00, 5.24, 3.80, 3.05, 2.40, 1.91, 1.53 };
	(void)state;

	for (int i = 0; i < 7; i++) {
		assert_true(fabs(sim_waf_fifo(op[i] / 100) - fifo[i]) < 0.006);
		assert_true(fabs(sim_waf_greedy(op[i] / 100, 64) - greedy64[i]) < 0.006);
	}
}

/*
 * Steady WA of uniform random single-unit writes on a drive of the given
 * spec; *expected gets the analytic value for its geometry (greedy or FIFO).
 */
static double measure_wa(const char *spec, double *expected)
{
	struct sim_drive *d = open_drive(spec);
	const struct sim_geometry *g = sim_drive_geometry(d);
	uint64_t units = g->user_units, rng = 11, t = 0;
	double op = (double)((uint64_t)g->lines * g->line_slots - units) / (double)units;
	uint64_t h0, m0;

	for (uint64_t lba = 0; lba < units; lba++)
		t = sim_drive_write(d, lba, 1, t, 0);
	/* Warm up until the valid-count distribution settles, then measure. */
	for (uint64_t i = 0; i < 4 * units; i++)
		t = sim_drive_write(d, splitmix64(&rng) % units, 1, t, 0);
	h0 = host_bytes(d);
	m0 = media_bytes(d);
	for (uint64_t i = 0; i < 6 * units; i++)
		t = sim_drive_write(d, splitmix64(&rng) % units, 1, t, 0);
	*expected = sim_drive_config(d)->gc == SIM_GC_FIFO ? sim_waf_fifo(op) : sim_waf_greedy(op, g->line_slots);
	double wa = (double)(media_bytes(d) - m0) / (double)(host_bytes(d) - h0);
	printf("# %s: lines %u, %u units per line, OP %.2f%%: WA %.3f, analytic %.3f (%+.2f%%)\n", spec,
	       g->lines, g->line_slots, op * 100, wa, *expected, (wa / *expected - 1) * 100);
	sim_drive_free(d);
	return wa;
}

static void check_op(double op_percent)
{
	char spec[160];
	double expected, wa;

	snprintf(spec, sizeof(spec), "dc-tlc,capacity=1G,channels=4,dies=2,planes=1,factory_op=%g,slc_cache=none",
		 op_percent);
	wa = measure_wa(spec, &expected);
	assert_true(fabs(wa / expected - 1.0) <= 0.03);
}

static void test_wa_op7(void **state) { (void)state; check_op(7); }
static void test_wa_op20(void **state) { (void)state; check_op(20); }
static void test_wa_op40(void **state) { (void)state; check_op(40); }

/*
 * The preset as shipped is faithful too, and FIFO GC matches the FIFO closed
 * form (with lines this large greedy and FIFO nearly coincide, as Desnoyers
 * shows, so only the FIFO formula can tell them apart).
 */
static void test_wa_preset_and_fifo(void **state)
{
	double expected, greedy, fifo;
	(void)state;

	greedy = measure_wa("dc-tlc,capacity=1G", &expected);
	assert_true(fabs(greedy / expected - 1.0) <= 0.03);
	fifo = measure_wa("dc-tlc,capacity=1G,gc=fifo", &expected);
	assert_true(fabs(fifo / expected - 1.0) <= 0.03);
	assert_true(fifo >= greedy);
}

/*
 * The model the drive states (sim_wa_model: TARGET_CTL_WA_MODEL, what a
 * report draws and a construction writes) holds to the simulator's own
 * steady state closer than 3%: it leaves out the free lines GC keeps,
 * which hold no data.  Over the whole pool the model was 1.4% under at
 * 7% OP (the TLC presets' factory spare).
 */
static void test_stated_model_is_the_pools_gc_fills(void **state)
{
	const char *spec = "budget-tlc,capacity=1G,slc_cache=none";
	struct sim_config cfg;
	struct sim_wa_model m;
	double expected, wa, stated, whole;
	char err[256];
	(void)state;

	assert_int_equal(sim_config_parse(spec, &cfg, err, sizeof(err)), 0);
	assert_int_equal(sim_wa_model(&cfg, &m), 0);
	wa = measure_wa(spec, &expected);
	stated = sim_wa_model_waf(&m, (double)cfg.capacity);
	whole = expected;
	printf("# stated model %.3f (%+.2f%%), whole pool %.3f (%+.2f%%)\n", stated, (wa / stated - 1) * 100, whole,
	       (wa / whole - 1) * 100);
	assert_true(fabs(wa / stated - 1.0) <= 0.005);
	assert_true(fabs(wa / whole - 1.0) > fabs(wa / stated - 1.0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formula_matches_design_table),
		cmocka_unit_test(test_wa_op7),
		cmocka_unit_test(test_wa_op20),
		cmocka_unit_test(test_wa_op40),
		cmocka_unit_test(test_wa_preset_and_fifo),
		cmocka_unit_test(test_stated_model_is_the_pools_gc_fills),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
