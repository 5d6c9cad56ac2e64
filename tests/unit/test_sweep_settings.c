/* SPDX-License-Identifier: MIT */
/*
 * A sweep's method settings (profiler/sweep_settings.h) through its
 * document and back (results/sweep_settings_json.h): what --resume reads
 * is what the sweep was measured with, and the rules between settings hold
 * in the saved document's words, in the order the keys are read.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "engine/offset_dist.h"
#include "profiler/sweep_settings.h"
#include "results/sweep_settings_json.h"

/* The shape reader the command line's would be: random_dist only. */
static int read_dist(struct json_object *s, struct workload *w, bool *have, char *err, size_t errlen)
{
	struct json_object *v;

	*have = false;
	if (json_object_object_get_ex(s, "random_dist", &v) && v) {
		if (offset_dist_parse("settings.random_dist", json_object_get_string(v), &w->dist, err, errlen))
			return -EINVAL;
		*have = true;
	}
	return 0;
}

static void base(struct sweep_settings *set)
{
	static const double ops[] = { 7, 28 };
	char err[128];

	memset(set, 0, sizeof(*set));
	sweep_plan_fixed(&set->plan, ops, 2);
	set->op_method = OP_METHOD_SPAN;
	set->s = (struct precondition_settings){ .fill_passes = 2, .bs = 4096, .qd = 32, .round_ns = 1500000000ull,
						 .max_rounds = 9, .seed = 7, .predict = PREDICT_STOP,
						 .round_writes = 0.1, .min_writes = 2,
						 .constructed_round_writes = 0.02 };
	set->purge_method = "trim";
	set->carry_over = true;
	set->precondition = SWEEP_PC_CONSTRUCTED;   /* not the reader's default (full) */
	assert_int_equal(offset_dist_parse("--random-dist", "zipf:1.1", &set->shape.dist, err, sizeof(err)), 0);
	set->have_shape = true;
}

static void test_round_trip(void **state)
{
	struct sweep_settings in, out;
	struct json_object *doc;
	char err[256] = "";

	(void)state;
	base(&in);
	doc = sweep_settings_doc(&in);
	assert_non_null(doc);
	memset(&out, 0, sizeof(out));
	assert_int_equal(sweep_settings_read(doc, &out, read_dist, err, sizeof(err)), 0);
	assert_true(out.plan.fixed);
	assert_int_equal(out.plan.ngrid, 2);
	assert_true(fabs(out.plan.grid[1] - 28) < 1e-9);
	assert_int_equal(out.op_method, OP_METHOD_SPAN);
	assert_string_equal(out.purge_method, "trim");
	assert_int_equal(out.s.fill_passes, 2);
	assert_int_equal(out.s.bs, 4096);
	assert_int_equal(out.s.qd, 32);
	assert_int_equal(out.s.round_ns, 1500000000ull);
	assert_int_equal(out.s.max_rounds, 9);
	assert_int_equal(out.s.seed, 7);
	assert_int_equal(out.s.predict, PREDICT_STOP);
	assert_true(fabs(out.s.round_writes - 0.1) < 1e-9);
	assert_true(fabs(out.s.constructed_round_writes - 0.02) < 1e-9);
	assert_true(out.carry_over);
	assert_int_equal(out.precondition, SWEEP_PC_CONSTRUCTED);
	assert_true(out.have_shape);
	assert_int_equal(out.shape.dist.kind, OD_ZIPF);
	assert_true(fabs(out.shape.dist.theta - 1.1) < 1e-9);
	json_object_put(doc);
	/* auto too: what --resume measures its fresh points by. */
	in.precondition = SWEEP_PC_AUTO;
	doc = sweep_settings_doc(&in);
	assert_non_null(doc);
	memset(&out, 0, sizeof(out));
	assert_int_equal(sweep_settings_read(doc, &out, read_dist, err, sizeof(err)), 0);
	assert_int_equal(out.precondition, SWEEP_PC_AUTO);
	json_object_put(doc);
	/* Not saved when not asked (the default's rounds), and read back as the default. */
	in.s.constructed_round_writes = 0;
	doc = sweep_settings_doc(&in);
	assert_non_null(doc);
	assert_false(json_object_object_get_ex(doc, "constructed_round_writes", NULL));
	memset(&out, 0, sizeof(out));
	out.s.constructed_round_writes = 0.5;
	assert_int_equal(sweep_settings_read(doc, &out, read_dist, err, sizeof(err)), 0);
	assert_true(out.s.constructed_round_writes == 0);
	json_object_put(doc);
}

/* Saved settings that break a rule are refused in the document's words. */
static void test_rules(void **state)
{
	struct sweep_settings in, out;
	struct json_object *doc;
	char err[256] = "";

	(void)state;
	base(&in);
	doc = sweep_settings_doc(&in);
	json_object_object_add(doc, "op_method", json_object_new_string("namespace"));
	assert_int_equal(sweep_settings_read(doc, &out, read_dist, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "settings.carry_over: goes with span OP, not namespace"));
	/* A bad shape is said before the carry-over rule, as the keys are read. */
	json_object_object_add(doc, "random_dist", json_object_new_string("zipf:x"));
	err[0] = 0;
	assert_int_equal(sweep_settings_read(doc, &out, read_dist, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "settings.random_dist"));
	json_object_put(doc);

	/* op_member goes with a list plan: an adaptive one is refused before anything after it. */
	base(&in);
	in.carry_over = false;
	in.op_method = OP_METHOD_NAMESPACE;
	sweep_plan_adaptive(&in.plan, 0, 40, 2.5);
	in.member.npoints = 1;
	in.member.nvalues[0] = 2;
	in.member.op[0][0] = 7;
	in.member.op[0][1] = 14;
	doc = sweep_settings_doc(&in);
	err[0] = 0;
	assert_int_equal(sweep_settings_read(doc, &out, read_dist, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "settings.op_member: goes with a list plan and namespace OP, not an adaptive plan"));
	json_object_put(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
