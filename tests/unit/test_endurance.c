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
#include "results/endurance_json.h"
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

/*
 * Issue 25: a group wears its members.  A mirror of two 100 TB drives at
 * member WA 4.2263, 10 GB a day: each member receives every host byte once,
 * 100e12 / (10e9 x 4.2263 x 365.25) = 6.478 years, not the 3.24 the
 * group's WA (8.45) charged to one rating gave.  RAID 5 of three: each
 * member takes 2/3 of the host bytes (data and parity), 9.72 years.
 */
static void test_group_life(void **state)
{
	double rated[3] = { 100, 100, 100 }, share[3] = { 1, 1, 1 }, waf[3] = { 4.2263, 4.2263, 4.2263 };
	double life[3], group;

	(void)state;
	assert_int_equal(endurance_group(rated, share, waf, 2, 10e9, life, &group), 0);
	assert_float_equal(group, 100e12 / (10e9 * 4.2263 * 365.25), 1e-9);
	assert_float_equal(life[1], group, 1e-12);
	share[0] = share[1] = share[2] = 2.0 / 3;
	endurance_group(rated, share, waf, 3, 10e9, life, &group);
	assert_float_equal(group, 100e12 / (10e9 * 2.0 / 3 * 4.2263 * 365.25), 1e-9);
	/* The first to wear out limits: member 2 at a higher WA, then member 1 with a smaller rating. */
	waf[2] = 5;
	assert_int_equal(endurance_group(rated, share, waf, 3, 10e9, life, &group), 2);
	assert_float_equal(group, life[2], 0);
	assert_true(life[2] < life[0]);
	rated[1] = 50;
	assert_int_equal(endurance_group(rated, share, waf, 3, 10e9, life, &group), 1);
	/* A member not measured: the group is not known to last. */
	waf[0] = NAN;
	assert_int_equal(endurance_group(rated, share, waf, 3, 10e9, life, &group), -1);
	assert_true(isnan(group) && isnan(life[0]));
	/* No daily writes: no life. */
	waf[0] = 4;
	assert_int_equal(endurance_group(rated, share, waf, 3, NAN, life, &group), -1);
	assert_true(isnan(group));
}

/* A mirror's sweep point as the sweep records it: the group's bytes and WA, and each member's. */
static struct json_object *mirror_doc(double member_waf0, double member_waf1)
{
	struct json_object *doc = json_object_new_object(), *pts = json_object_new_array();
	struct json_object *p = json_object_new_object(), *ms = json_object_new_array();
	struct json_object *knee = json_object_new_object();
	const double wafs[2] = { member_waf0, member_waf1 };

	json_object_object_add(p, "op_percent", json_object_new_double(0));
	json_object_object_add(p, "host_bytes_written", json_object_new_int64(15281770496));
	json_object_object_add(p, "waf", json_object_new_double(member_waf0 + member_waf1));
	for (int i = 0; i < 2; i++) {
		struct json_object *m = json_object_new_object();

		json_object_object_add(m, "host_bytes_written", json_object_new_int64(15281770496));
		json_object_object_add(m, "waf", json_object_new_double(wafs[i]));
		json_object_array_add(ms, m);
	}
	json_object_object_add(p, "members", ms);
	json_object_array_add(pts, p);
	json_object_object_add(doc, "points", pts);
	json_object_object_add(knee, "recommended_op_percent", json_object_new_double(0));
	json_object_object_add(doc, "knee", knee);
	return doc;
}

static double jd(struct json_object *o, const char *path0, const char *key)
{
	struct json_object *v = o;

	if (path0)
		v = json_object_object_get(v, path0);
	v = json_object_object_get(v, key);
	return v ? json_object_get_double(v) : NAN;
}

static void test_group_json(void **state)
{
	struct endurance_input in = { 100, "rated-tbw", 10e9, 7, 2, { 100, 100 }, NULL };
	struct json_object *doc = mirror_doc(4.2263, 4.5), *p, *e;
	char lines[512];

	(void)state;
	endurance_json_annotate(doc, &in);
	p = json_object_array_get_idx(json_object_object_get(doc, "points"), 0);
	e = json_object_object_get(p, "endurance");
	/* Member 1 at WA 4.5 wears out first: 100e12 / (10e9 x 4.5 x 365.25) = 6.084 years. */
	assert_float_equal(jd(e, NULL, "life_years"), 6.084, 1e-9);
	assert_float_equal(jd(e, NULL, "limiting_member"), 1, 0);
	assert_float_equal(jd(json_object_array_get_idx(json_object_object_get(e, "members"), 0), NULL, "life_years"),
			   6.478, 1e-9);
	assert_float_equal(jd(json_object_array_get_idx(json_object_object_get(e, "members"), 1), NULL, "host_share"),
			   1, 0);
	assert_float_equal(jd(doc, "endurance", "recommended_life_years"), 6.084, 1e-9);
	assert_float_equal(jd(doc, "endurance", "limiting_member"), 1, 0);
	endurance_json_lines(doc, lines, sizeof(lines));
	assert_non_null(strstr(lines, "member 1 wears out first"));
	assert_non_null(strstr(lines, "no OP measured reaches 7 years"));
	for (char *l = lines, *nl; (nl = strchr(l, '\n')); l = nl + 1)
		assert_true(nl - l <= 80);
	json_object_put(doc);

	/* No rating for a member: no life, and the summary says why. */
	doc = mirror_doc(4, 4);
	in.member_rated_tbw[1] = NAN;
	in.rated_tbw = NAN;
	in.no_life = "a member has no rated endurance (give --rated-tbw or --rated-dwpd)";
	endurance_json_annotate(doc, &in);
	p = json_object_array_get_idx(json_object_object_get(doc, "points"), 0);
	assert_true(isnan(jd(p, "endurance", "life_years")));
	endurance_json_lines(doc, lines, sizeof(lines));
	assert_non_null(strstr(lines, "endurance: no life: a member has no rated endurance"));
	json_object_put(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_computed),
		cmocka_unit_test(test_unknown_stays_unknown),
		cmocka_unit_test(test_life_grows_with_op),
		cmocka_unit_test(test_least_op),
		cmocka_unit_test(test_sim_rating),
		cmocka_unit_test(test_group_life),
		cmocka_unit_test(test_group_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
