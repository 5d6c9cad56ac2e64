/* SPDX-License-Identifier: MIT */
/*
 * Sweep points on the simulator, SLC cache off, uniform random 4 KiB writes:
 * every point reaches steady state and its WA is within 3% of the analytic
 * value for its total OP (factory OP combined with the host OP of the point),
 * by both OP methods.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "sim/sim.h"
#include "profiler/sweep.h"
#include "device/target.h"
#include "open/open.h"

static struct target *open_sim(const char *spec)
{
	struct target *t;
	char err[256];

	if (target_open_flags(spec, TARGET_OPEN_WRITE, &t, err, sizeof(err)))
		fail_msg("%s: %s", spec, err);
	return t;
}

static double json_num(struct json_object *o, const char *a, const char *b)
{
	struct json_object *x, *y;

	assert_true(json_object_object_get_ex(o, a, &x));
	assert_true(json_object_object_get_ex(x, b, &y));
	return json_object_get_double(y);
}

static void check_points(enum op_method method)
{
	struct target *t = open_sim("sim:dc-tlc,capacity=1G,max_write_iops=0");
	struct json_object *model = json_object_new_object();
	const double ops[] = { 0, 10, 25, 40 };
	uint64_t capacity = t->info.capacity_bytes;

	assert_int_equal(t->ops->describe(t, model), 0);
	double raw = json_num(model, "geometry", "lines") * json_num(model, "geometry", "line_bytes");
	double line_units = json_num(model, "geometry", "line_bytes") / 4096;

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct precondition_settings s = {
			.fill_passes = 1, .bs = 4096, .qd = 32, .round_ns = 2000000000ull, .max_rounds = 25, .seed = 1,
		};
		struct sweep_point p;
		char err[256];

		assert_int_equal(sweep_run_point(t, capacity, ops[i], method, NULL, NULL, &s, &p, NULL, NULL, NULL, err,
						 sizeof(err)), 0);
		double total_op = raw / (double)p.usable_bytes - 1;
		double expected = sim_waf_greedy(total_op, line_units);
		printf("# %s OP %4.1f%%: total OP %5.2f%%, %s after %zu rounds, WA %.3f, analytic %.3f (%+.2f%%)\n",
		       op_method_name(method), ops[i], total_op * 100, p.pc.reached ? "steady" : "NOT steady",
		       p.pc.nrounds, p.pc.waf, expected, (p.pc.waf / expected - 1) * 100);
		assert_true(p.pc.reached);
		assert_true(fabs(p.pc.waf / expected - 1) <= 0.03);
		assert_true(p.usable_bytes <= (uint64_t)((double)capacity * (1 - ops[i] / 100)));
		assert_true(p.drive_seconds > 0);
		sweep_point_free(&p);
	}
	json_object_put(model);
	target_close(t);
}

static void test_namespace_points(void **state) { (void)state; check_points(OP_METHOD_NAMESPACE); }
static void test_span_points(void **state) { (void)state; check_points(OP_METHOD_SPAN); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_namespace_points),
		cmocka_unit_test(test_span_points),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
