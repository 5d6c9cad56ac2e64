/* SPDX-License-Identifier: MIT */
/* Life per OP: hand-computed cases, and life growing with OP as WA falls. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "profiler/endurance.h"
#include "sim/sim.h"
#include "device/target.h"

#include <json-c/json.h>
#include <string.h>

static void test_hand_computed(void **state)
{
	struct endurance_figures f;

	(void)state;
	/* 1000 TB at WA 2 written at 1 TB a day: 500 days. */
	endurance_project(1000, 1e12, 2, &f);
	assert_float_equal(f.life_years, 500 / 365.25, 1e-12);
	assert_float_equal(f.nand_bytes_per_host_byte, 2, 0);
	assert_float_equal(f.rated_tbw, 1000, 0);
	assert_float_equal(f.daily_writes_bytes, 1e12, 0);
	/* 3.2 TB, 3 DWPD, 5 years: 3 x 3.2 TB x 1826.25 days = 17532 TB. */
	assert_float_equal(endurance_tbw_from_dwpd(3, 5, 3200000000000ull), 17532, 1e-6);
	/* 16 GiB of TLC at 3000 cycles: 51.539607552 TB. */
	assert_float_equal(endurance_tbw_from_pe(16ull << 30, 3000), 51.539607552, 1e-9);
	/* 51.54 TB at WA 3.1, 100 GB a day: 51.539607552e12 / (100e9 x 3.1 x 365.25) = 0.45517... years. */
	endurance_project(51.539607552, 100e9, 3.1, &f);
	assert_float_equal(f.life_years, 51.539607552e12 / (100e9 * 3.1 * 365.25), 1e-12);
}

static void test_unknown_stays_unknown(void **state)
{
	struct endurance_figures f;

	(void)state;
	endurance_project(NAN, 1e12, 2, &f);
	assert_true(isnan(f.life_years) && isnan(f.rated_tbw));
	endurance_project(1000, NAN, 2, &f);
	assert_true(isnan(f.life_years) && isnan(f.daily_writes_bytes));
	endurance_project(1000, 1e12, NAN, &f);
	assert_true(isnan(f.life_years) && isnan(f.nand_bytes_per_host_byte));
	endurance_project(1000, 1e12, 0, &f);
	assert_true(isnan(f.life_years));
	endurance_project(1000, 0, 2, &f);
	assert_true(isnan(f.life_years));
	assert_true(isnan(endurance_tbw_from_dwpd(0, 5, 1ull << 40)));
	assert_true(isnan(endurance_tbw_from_dwpd(1, 5, 0)));
	assert_true(isnan(endurance_tbw_from_pe(1ull << 30, 0)));
}

/* The simulator's analytic WA falls with OP; the life must rise with it, point by point. */
static void test_life_grows_with_op(void **state)
{
	static const double ops[] = { 0, 7, 14, 20, 28, 40 };
	double prev = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		/* 7% factory OP plus the OP held back, as (raw - user) / user. */
		double user = 1 - ops[i] / 100, op_fraction = 1.07 / user - 1;
		struct endurance_figures f;

		endurance_project(51.5, 50e9, sim_waf_greedy(op_fraction, 1024), &f);
		assert_true(f.life_years > prev);
		prev = f.life_years;
	}
}

static void test_least_op(void **state)
{
	/* Measured out of order, as an adaptive plan does. */
	static const double op[] = { 28, 0, 14, 7, 40 };
	static const double life[] = { 5, 1, 3, 2, NAN };

	(void)state;
	assert_float_equal(endurance_least_op(op, life, 5, 2.5), 14, 0);
	assert_float_equal(endurance_least_op(op, life, 5, 2), 7, 0);
	assert_float_equal(endurance_least_op(op, life, 5, 0.5), 0, 0);
	assert_true(isnan(endurance_least_op(op, life, 5, 6)));
	assert_true(isnan(endurance_least_op(op, life, 5, NAN)));
	assert_true(isnan(endurance_least_op(op, life, 0, 1)));
}

/* The simulator rates itself from its raw flash and the P/E cycles of its cells, or of pe_cycles=. */
static double sim_rated(const char *spec, double *raw)
{
	struct target_endurance e = { 0 };
	struct json_object *o = json_object_new_object();
	struct target *t;
	char err[256];

	assert_int_equal(sim_target_open(spec, &t, err, sizeof(err)), 0);
	assert_int_equal(t->ops->describe(t, o), 0);
	*raw = json_object_get_double(json_object_object_get(o, "raw_bytes"));
	assert_int_equal(target_control(t, TARGET_CTL_ENDURANCE, &e), 0);
	assert_string_equal(e.source, "sim-pe-cycles");
	json_object_put(o);
	target_close(t);
	return e.rated_tbw;
}

static void test_sim_rating(void **state)
{
	struct sim_config c;
	char err[256];
	double raw, tbw;

	(void)state;
	tbw = sim_rated("budget-tlc,capacity=1G", &raw);
	assert_float_equal(tbw, raw * 3000 / 1e12, 1e-9);
	tbw = sim_rated("budget-qlc,capacity=1G", &raw);
	assert_float_equal(tbw, raw * 1000 / 1e12, 1e-9);
	tbw = sim_rated("budget-tlc,capacity=1G,pe_cycles=7000", &raw);
	assert_float_equal(tbw, raw * 7000 / 1e12, 1e-9);
	assert_int_equal(sim_config_parse("dc-tlc,cell=mlc", &c, err, sizeof(err)), 0);
	assert_int_equal(sim_pe_cycles(&c), 10000);
	assert_int_equal(sim_config_parse("dc-tlc,cell=slc", &c, err, sizeof(err)), 0);
	assert_int_equal(sim_pe_cycles(&c), 100000);
	assert_true(sim_config_parse("dc-tlc,pe_cycles=0", &c, err, sizeof(err)) < 0);
	assert_non_null(strstr(err, "pe_cycles"));
	assert_true(sim_config_parse("dc-tlc,pe_cycles=1x", &c, err, sizeof(err)) < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_computed),
		cmocka_unit_test(test_unknown_stays_unknown),
		cmocka_unit_test(test_life_grows_with_op),
		cmocka_unit_test(test_least_op),
		cmocka_unit_test(test_sim_rating),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
