/* SPDX-License-Identifier: MIT */
/*
 * The result loader: every document in tests/data loads with its kind, and
 * each damage that crashed or hung report, compare or resume (issue 14) is
 * refused with one line naming the field.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "reports/report.h"
#include "results/result_kinds.h"
#include "results/result_load.h"

#ifndef TEST_DATA_DIR
#error "TEST_DATA_DIR must name tests/data"
#endif

static const struct {
	const char *file;
	enum result_kind kind;
} docs[] = {
	{ "report_precondition_intervals.json", RESULT_KIND_PRECONDITION },
	{ "report_precondition_raid.json", RESULT_KIND_PRECONDITION },
	{ "report_run.json", RESULT_KIND_RUN },
	{ "report_run_mixed.json", RESULT_KIND_RUN },
	{ "report_run_qd.json", RESULT_KIND_RUN },
	{ "report_run_raid.json", RESULT_KIND_RUN },
	{ "report_run_raid_qd.json", RESULT_KIND_RUN },
	{ "report_slc.json", RESULT_KIND_SLC },
	{ "report_sweep_dc.json", RESULT_KIND_SWEEP },
	{ "report_sweep_intervals.json", RESULT_KIND_SWEEP },
	{ "report_sweep_notsteady.json", RESULT_KIND_SWEEP },
	{ "report_sweep_nowaf.json", RESULT_KIND_SWEEP },
	{ "report_sweep_raid.json", RESULT_KIND_SWEEP },
	{ "report_sweep_zipf.json", RESULT_KIND_SWEEP },
	{ "report_sweep_endurance.json", RESULT_KIND_SWEEP },
	{ "report_qualify.json", RESULT_KIND_QUALIFY },
	{ "report_batch.json", RESULT_KIND_BATCH },
	{ "report_qualify_qd.json", RESULT_KIND_QUALIFY },
	{ "report_qualify_raid.json", RESULT_KIND_QUALIFY },
	{ "report_run_qualify_qd.json", RESULT_KIND_RUN },
};

static void data_path(char *buf, size_t len, const char *file)
{
	snprintf(buf, len, "%s/%s", TEST_DATA_DIR, file);
}

static struct json_object *load_data(const char *file)
{
	char path[4096];
	struct json_object *d;

	data_path(path, sizeof(path), file);
	d = json_object_from_file(path);
	assert_non_null(d);
	return d;
}

/* The object at a dotted path with [i] indexes: "points[0].steady_state". */
static struct json_object *at(struct json_object *d, const char *path)
{
	char buf[256], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *part = strtok_r(buf, ".", &save); part; part = strtok_r(NULL, ".", &save)) {
		char *br = strchr(part, '[');

		if (br)
			*br = '\0';
		if (*part)
			assert_true(json_object_object_get_ex(d, part, &d));
		if (br)
			d = json_object_array_get_idx(d, (size_t)atoi(br + 1));
		assert_non_null(d);
	}
	return d;
}

/* Set key of the object at path to v (NULL: JSON null), validate, expect refusal naming want. */
static void expect_refused(const char *file, const char *path, const char *key, struct json_object *v,
			   const char *want)
{
	struct json_object *d = load_data(file);
	char err[512] = "";

	json_object_object_add(path ? at(d, path) : d, key, v);
	if (result_validate(d, NULL, err, sizeof(err)) != -EINVAL)
		fail_msg("%s: %s%s%s was accepted", file, path ? path : "", path ? "." : "", key);
	if (!strstr(err, want) || strchr(err, '\n'))
		fail_msg("%s: '%s' does not hold '%s' on one line", file, err, want);
	printf("# %s\n", err);
	json_object_put(d);
}

/* A point's intervals: t_s, iops and gb_written arrays of these lengths, t_s counting down when back. */
static struct json_object *intervals(size_t nt, size_t ni, size_t ng, bool back)
{
	struct json_object *o = json_object_new_object(), *t = json_object_new_array();
	struct json_object *io = json_object_new_array(), *gb = json_object_new_array();

	for (size_t i = 0; i < nt; i++)
		json_object_array_add(t, json_object_new_double(back ? (double)(nt - i) : (double)i + 1));
	for (size_t i = 0; i < ni; i++)
		json_object_array_add(io, i ? json_object_new_double(1000) : NULL);
	for (size_t i = 0; i < ng; i++)
		json_object_array_add(gb, json_object_new_double(0.004 * (double)(i + 1)));
	json_object_object_add(o, "samples_per_entry", json_object_new_int(1));
	json_object_object_add(o, "t_s", t);
	json_object_object_add(o, "iops", io);
	json_object_object_add(o, "gb_written", gb);
	return o;
}

static void test_intervals(void **state)
{
	struct json_object *d = load_data("report_sweep_dc.json"), *pi = NULL;
	char err[512] = "";
	(void)state;

	/* Well formed (a null IOPS is an interval with nothing measured): accepted, in both kinds. */
	json_object_object_add(at(d, "points[2]"), "intervals", intervals(3, 3, 3, false));
	if (result_validate(d, NULL, err, sizeof(err)))
		fail_msg("%s", err);
	json_object_put(d);
	d = load_data("report_precondition_raid.json");
	json_object_object_add(at(d, "precondition"), "intervals", intervals(4, 4, 4, false));
	if (result_validate(d, NULL, err, sizeof(err)))
		fail_msg("%s", err);
	json_object_put(d);

	expect_refused("report_sweep_dc.json", "points[1]", "intervals", intervals(3, 2, 3, false),
		       "points[1].intervals: t_s, iops and gb_written must hold as many entries as each other");
	expect_refused("report_sweep_dc.json", "points[0]", "intervals", intervals(3, 3, 3, true),
		       "points[0].intervals: entry 1 goes back in time or in bytes written");
	expect_refused("report_precondition_raid.json", "precondition", "intervals", intervals(2, 2, 1, false),
		       "precondition.intervals: t_s, iops and gb_written must hold");
	expect_refused("report_sweep_dc.json", "points[0]", "intervals", intervals(2049, 2049, 2049, false),
		       "points[0].intervals.t_s: expected an array of 0 to 2048 items, got 2049");
	expect_refused("report_sweep_dc.json", "points[0]", "intervals", json_object_new_array(),
		       "points[0].intervals: expected an object or null, got an array");

	/* The point a sweep was in when it stopped is held to the same. */
	d = load_data("report_sweep_dc.json");
	json_object_deep_copy(at(d, "points[0]"), &pi, NULL);
	json_object_object_add(pi, "incomplete", json_object_new_boolean(1));
	json_object_object_add(pi, "intervals", intervals(3, 3, 2, false));
	json_object_object_add(d, "incomplete_point", pi);
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "incomplete_point.intervals: t_s, iops and gb_written must hold as many entries as "
				 "each other");
	json_object_put(d);
}

static void test_every_data_document_loads(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		char path[4096], err[512] = "";
		struct json_object *d = NULL;
		enum result_kind k = (enum result_kind)-1;

		data_path(path, sizeof(path), docs[i].file);
		if (result_load(path, &d, &k, err, sizeof(err)))
			fail_msg("%s: %s", docs[i].file, err);
		assert_int_equal(k, docs[i].kind);
		assert_string_equal(result_kind_name(k), result_kind_name(docs[i].kind));
		json_object_put(d);
	}
}

static void test_report_crashes_refused(void **state)
{
	struct json_object *caps;
	(void)state;

	/* null in target.capabilities: SEGV in sb_add. */
	caps = json_object_new_array();
	json_object_array_add(caps, json_object_new_string("read"));
	json_object_array_add(caps, NULL);
	expect_refused("report_run.json", "target", "capabilities", caps,
		       "target.capabilities[1]: expected a string, got null");
	/* A non-array phases or recovery in an slc result: json-c assertion. */
	expect_refused("report_slc.json", "slc", "phases", json_object_new_object(),
		       "slc.phases: expected an array, got an object");
	expect_refused("report_slc.json", "slc", "recovery", json_object_new_int(3),
		       "slc.recovery: expected an array, got 3");
	/* -Infinity in a phase's from_bytes: out-of-bounds read in chart.c. */
	expect_refused("report_slc.json", "slc.phases[0]", "from_bytes", json_object_new_double(-INFINITY),
		       "slc.phases[0].from_bytes: expected a number of at least 0, got -Infinity");
	expect_refused("report_slc.json", "slc.phases[0]", "to_bytes", json_object_new_double(NAN),
		       "slc.phases[0].to_bytes: expected a number of at least 0, got NaN");
	/* A figure: null is "not measured", a string is not. */
	expect_refused("report_sweep_dc.json", "points[3].steady_state", "iops", json_object_new_string("x"),
		       "points[3].steady_state.iops: expected a number of at least 0 or null, got \"x\"");
	expect_refused("report_run.json", "series[0]", "timeseries", NULL,
		       "series[0].timeseries: expected an array, got null");
	expect_refused("report_run.json", NULL, "series", json_object_new_string("many"),
		       "series: expected an array, got \"many\"");
}

/*
 * Optional arrays a pts document may leave out (a stage's rounds, the
 * series' phases and its samples' phase) are absent, not a json-c
 * assertion in the index checks (found by fuzz_result_load).
 */
static void test_pts_optional_arrays_absent(void **state)
{
	struct json_object *d = load_data("report_pts_latency.json");
	char err[512] = "";

	(void)state;
	json_object_object_del(at(d, "pts.stages[0]"), "rounds");
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), 0);
	json_object_put(d);
	d = load_data("report_pts_hir.json");
	json_object_object_del(at(d, "pts.series"), "phases");
	assert_true(result_validate(d, NULL, err, sizeof(err)) <= 0);
	json_object_put(d);
}

static void test_resume_crashes_refused(void **state)
{
	const char *sw = "report_sweep_dc.json";
	(void)state;

	expect_refused(sw, NULL, "schema", NULL, "schema: expected \"ssdprof.result/1\", got null");
	expect_refused(sw, NULL, "kind", NULL, "kind: expected one of run, precondition, sweep, slc, qualify, batch, pts, got null");
	expect_refused(sw, NULL, "kind", json_object_new_string("qualify\x1b[2J"),
		       "got \"qualify\\x1b[2J\"");
	expect_refused(sw, "target", "path", NULL, "target.path: expected a string, got null");
	expect_refused(sw, "settings", "plan", NULL, "settings.plan: expected one of list, adaptive, got null");
	expect_refused(sw, "settings", "op_method", NULL,
		       "settings.op_method: expected one of auto, namespace, hpa, span, got null");
	expect_refused(sw, NULL, "points", json_object_new_object(),
		       "points: expected an array of 0 to 64 items, got an object");
	expect_refused(sw, "settings", "max_rounds", json_object_new_int(-1),
		       "settings.max_rounds: expected a whole number from 5 to 10000, got -1");
	expect_refused(sw, "settings", "round_s", NULL,
		       "settings.round_s: expected a number from 0.001 to 86400, got null");
	expect_refused(sw, "settings", "round_s", json_object_new_string("60"), "settings.round_s: expected");
	expect_refused(sw, "settings", "round_s", json_object_new_double(-1), "got -1");
	expect_refused(sw, "settings", "round_s", json_object_new_double(1e300), "got 1e+300");
	expect_refused(sw, "settings", "fill_passes", json_object_new_int(-1),
		       "settings.fill_passes: expected a whole number from 0 to 16, got -1");
	expect_refused(sw, "settings", "fill_passes", json_object_new_int(1000), "got 1000");
	expect_refused(sw, "settings", "fill_passes", json_object_new_double(1.5), "got 1.5");
	expect_refused(sw, "settings", "op_method", json_object_new_string("x"),
		       "settings.op_method: expected one of auto, namespace, hpa, span, got \"x\"");
	expect_refused(sw, "settings", "purge_method", json_object_new_string("shred"),
		       "settings.purge_method: expected one of auto, sanitize-block");
	expect_refused(sw, "settings", "bs", json_object_new_int(0), "settings.bs: expected a whole number from 1");
	expect_refused(sw, "settings", "qd", json_object_new_int(5000), "settings.qd: expected");
	expect_refused(sw, "settings", "max_writes", json_object_new_double(0), "settings.max_writes: expected");
	expect_refused(sw, "points[1]", "purge_method", json_object_new_string("bogus"),
		       "points[1].purge_method: expected one of auto,");
	expect_refused(sw, "points[0].steady_state", "window", json_object_new_array(),
		       "points[0].steady_state.window: expected an array of 2 items or null, got 0");
	/* The fast paths' settings and a point's method (issue 18). */
	expect_refused(sw, "settings", "round_writes", json_object_new_double(2),
		       "settings.round_writes: expected a number from 0.01 to 1");
	expect_refused(sw, "settings", "constructed_round_writes", json_object_new_double(0.001),
		       "settings.constructed_round_writes: expected a number from 0.01 to 1");
	expect_refused(sw, "settings", "predict", json_object_new_string("maybe"),
		       "settings.predict: expected one of off, stop, check, got \"maybe\"");
	expect_refused(sw, "settings", "carry_over", json_object_new_int(1), "settings.carry_over: expected");
	expect_refused(sw, "points[0]", "method", json_object_new_string("guessed"),
		       "points[0].method: expected one of fresh, carried-over, predicted, constructed, got \"guessed\"");
	expect_refused(sw, "points[0]", "method", NULL, "points[0].method: expected one of fresh");
	expect_refused(sw, "points[0]", "prediction", json_object_new_object(), "points[0].prediction.rounds: missing");
}

/* A fast sweep's point loads: its method, its prediction, the settings that made it. */
static void test_fast_point_loads(void **state)
{
	struct json_object *d = load_data("report_sweep_dc.json"), *p = at(d, "points[0]");
	struct json_object *pr = json_object_new_object();
	char err[512];
	(void)state;

	json_object_object_add(at(d, "settings"), "carry_over", json_object_new_boolean(1));
	json_object_object_add(at(d, "settings"), "predict", json_object_new_string("stop"));
	json_object_object_add(at(d, "settings"), "round_writes", json_object_new_double(0.1));
	json_object_object_add(p, "method", json_object_new_string("predicted"));
	json_object_object_add(pr, "rounds", json_object_new_int(9));
	json_object_object_add(pr, "stopped", json_object_new_boolean(1));
	json_object_object_add(pr, "iops", json_object_new_double(50000));
	json_object_object_add(pr, "iops_halfwidth", json_object_new_double(1000));
	json_object_object_add(pr, "waf", NULL);
	json_object_object_add(pr, "waf_halfwidth", NULL);
	json_object_object_add(p, "prediction", pr);
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), 0);
	json_object_put(d);
}

/* How a command ended short: error a string, interrupted a boolean, the cut point a point marked incomplete. */
static void test_cut_short(void **state)
{
	struct json_object *d = load_data("report_sweep_dc.json"), *cut;
	char err[512];
	(void)state;

	json_object_object_add(d, "error", json_object_new_string("sweep at 10.00% OP: x: write error"));
	json_object_object_add(d, "interrupted", json_object_new_boolean(0));
	cut = NULL;
	assert_int_equal(json_object_deep_copy(at(d, "points[1]"), &cut, NULL), 0);
	json_object_object_add(d, "incomplete_point", cut);
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "incomplete_point.incomplete: missing; expected true or false");
	json_object_object_add(cut, "incomplete", json_object_new_boolean(1));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), 0);
	json_object_object_add(cut, "iops", json_object_new_string("fast"));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "incomplete_point.iops: expected a number"));
	json_object_put(d);

	expect_refused("report_run.json", NULL, "error", json_object_new_int(5), "error: expected a string or null, got 5");
	expect_refused("report_slc.json", NULL, "interrupted", json_object_new_string("yes"),
		       "interrupted: expected true or false, got \"yes\"");
	expect_refused("report_precondition_raid.json", NULL, "interrupted", NULL,
		       "interrupted: expected true or false, got null");
}

/* What the table cannot say alone: the plan's list and an adaptive plan's resolution. */
/* A qualification and a sweep's endurance: every field the report and the verdicts read, held to its type. */
static void test_qualify_and_endurance_refused(void **state)
{
	const char *q = "report_qualify.json", *e = "report_sweep_endurance.json";
	(void)state;

	expect_refused(q, NULL, "drives", json_object_new_array(), "drives: expected an array of 1 to 64 items, got 0");
	expect_refused(q, "drives[0]", "verdict", json_object_new_string("maybe"),
		       "drives[0].verdict: expected one of pass, fail, got \"maybe\"");
	expect_refused(q, "drives[1]", "spec", NULL, "drives[1].spec: expected a string, got null");
	expect_refused(q, "drives[1].requirements[2]", "name", json_object_new_string("iops"),
		       "drives[1].requirements[2].name: expected one of steady, steady_iops");
	expect_refused(q, "drives[1].requirements[2]", "cmp", json_object_new_string("<"),
		       "drives[1].requirements[2].cmp: expected one of ==, >=, <=");
	expect_refused(q, "drives[1].requirements[2]", "margin", json_object_new_string("-6%"),
		       "drives[1].requirements[2].margin: expected a number");
	expect_refused(q, "drives[1].requirements[2]", "limit", json_object_new_double(1e13),
		       "drives[1].requirements[2].limit: expected a number from 0 to 1000000000000");
	expect_refused(q, "drives[1].requirements[2]", "pass", NULL, "drives[1].requirements[2].pass: expected true or false");
	expect_refused(q, "settings", "requirements", json_object_new_string("steady"),
		       "settings.requirements: expected an array of 0 to 16 items");
	expect_refused(e, "points[1].endurance", "life_years", json_object_new_double(-1),
		       "points[1].endurance.life_years: expected a number of at least 0 or null, got -1");
	expect_refused(e, "endurance", "least_op_percent", json_object_new_double(101),
		       "endurance.least_op_percent: expected a number from 0 to 100 or null, got 101");
	expect_refused(e, "endurance", "source", json_object_new_int(3), "endurance.source: expected a string or null");
}

/* A batch: each drive's row held to its type, its folder to drive-N (the page links it, a resume reads it). */
static void test_batch_refused(void **state)
{
	const char *b = "report_batch.json";
	(void)state;

	expect_refused(b, NULL, "drives", json_object_new_array(), "drives: expected an array of 1 to 64 items, got 0");
	expect_refused(b, NULL, "subcommand", json_object_new_string("qualify"),
		       "subcommand: expected one of sweep, precondition, slc, got \"qualify\"");
	expect_refused(b, "drives[0]", "results", json_object_new_string("../../etc"),
		       "drives[0].results: expected a drive's folder, drive-1 to drive-64");
	expect_refused(b, "drives[0]", "results", json_object_new_string("drive-65"), "drives[0].results");
	expect_refused(b, "drives[0]", "results", json_object_new_string("drive-01"), "drives[0].results");
	expect_refused(b, "drives[1]", "status", json_object_new_string("done"),
		       "drives[1].status: expected one of ok, failed, interrupted");
	expect_refused(b, "drives[1]", "index", json_object_new_int(0), "drives[1].index: expected");
	expect_refused(b, "drives[1]", "target", NULL, "drives[1].target: expected a string, got null");
	expect_refused(b, "drives[0].headline", "name", json_object_new_string("iops"),
		       "drives[0].headline.name: expected one of recommended_op_percent");
	expect_refused(b, "drives[0].headline", "value", json_object_new_double(-1), "drives[0].headline.value");
	expect_refused(b, "drives[2]", "error", json_object_new_int(3), "drives[2].error: expected a string or null");
}

/* A qualify's QD curve, its settings and a group's drive; the run result of a curve and its steady state. */
static void test_qualify_qd_refused(void **state)
{
	const char *q = "report_qualify_qd.json", *r = "report_run_qualify_qd.json", *g = "report_qualify_raid.json";
	(void)state;

	expect_refused(q, "settings", "qd_list", json_object_new_array(),
		       "settings.qd_list: expected an array of 1 to 16 items, got 0");
	expect_refused(q, "settings", "qd_time_s", json_object_new_double(0), "settings.qd_time_s: expected a number from");
	expect_refused(q, "settings", "qd", json_object_new_string("yes"), "settings.qd: expected true or false");
	expect_refused(q, "drives[0].qd_curve", "how", json_object_new_string("guessed"),
		       "drives[0].qd_curve.how: expected one of after-sweep-point, re-established, steady-state, fresh-drive or null, got \"guessed\"");
	expect_refused(q, "drives[0].qd_curve", "points", NULL, "drives[0].qd_curve.points: expected an array");
	expect_refused(q, "drives[1].qd_curve.points[2]", "qd", json_object_new_int(0),
		       "drives[1].qd_curve.points[2].qd: expected a whole number from 1 to 4096");
	expect_refused(q, "drives[1].qd_curve.points[2]", "read_iops", json_object_new_double(-5),
		       "drives[1].qd_curve.points[2].read_iops: expected a number of at least 0 or null, got -5");
	expect_refused(q, "drives[1].qd_curve", "op_percent", json_object_new_double(95),
		       "drives[1].qd_curve.op_percent: expected a number from 0 to 90 or null, got 95");
	expect_refused(q, "drives[0].requirements[1]", "name", json_object_new_string("qd2_read_us"),
		       "drives[0].requirements[1].name: expected one of steady");
	expect_refused(g, "drives[0].group", "level", json_object_new_int(11), "drives[0].group.level: expected");
	expect_refused(g, "drives[0]", "group", json_object_new_array(), "drives[0].group: expected an object");
	expect_refused(r, "preconditioned", "how", NULL, "preconditioned.how: expected one of after-sweep-point");
	expect_refused(r, "preconditioned", "reached", json_object_new_int(1), "preconditioned.reached: expected true or false");
	expect_refused(r, "preconditioned", "op_percent", json_object_new_double(-1),
		       "preconditioned.op_percent: expected a number from 0 to 90, got -1");
	expect_refused(r, "preconditioned", "rounds", json_object_new_int(20000), "preconditioned.rounds: expected");
	expect_refused(r, "preconditioned", "op_method", json_object_new_string("magic"),
		       "preconditioned.op_method: expected one of auto, namespace, hpa, span");
}

static void test_sweep_plan_needs_its_list(void **state)
{
	struct json_object *d = load_data("report_sweep_dc.json"), *s = at(d, "settings");
	char err[512];
	(void)state;

	json_object_array_put_idx(at(d, "settings.op_list"), 2, json_object_new_double(95));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "settings.op_list[2]: expected a number from 0 to 90, got 95");
	json_object_object_del(s, "op_list");
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "settings.op_list: missing; a list plan needs it");

	json_object_object_add(s, "plan", json_object_new_string("adaptive"));
	json_object_object_add(s, "op_grid", json_object_new_array());
	json_object_array_add(at(d, "settings.op_grid"), json_object_new_double(0));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "settings.resolution: expected a number from 0.1 to 50 for an adaptive plan"));
	json_object_object_add(s, "resolution", json_object_new_double(2.5));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), 0);
	json_object_object_del(s, "max_rounds");
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "settings.max_rounds: missing; expected a whole number from 5 to 10000");
	json_object_put(d);
}

/* A run's settings with a workload, and one mixed series with its read and write figures. */
static struct json_object *mixed_run(void)
{
	struct json_object *d = load_data("report_run.json"), *s = at(d, "settings"), *ser = at(d, "series[0]");
	int64_t ios = 2076396, bytes = ios * 4096;
	const char *dir[2] = { "read", "write" };

	json_object_object_add(ser, "ios", json_object_new_int64(ios));
	json_object_object_add(ser, "bytes", json_object_new_int64(bytes));

	json_object_object_add(s, "workload", json_object_new_string("fileserver"));
	json_object_object_add(s, "random_pct", json_object_new_int(100));
	json_object_object_add(s, "random_dist", json_object_new_string("zipf:1.2"));
	for (int i = 0; i < 2; i++) {
		struct json_object *o = json_object_new_object();

		json_object_object_add(o, "iops", json_object_new_double(1000));
		json_object_object_add(o, "mbps", json_object_new_double(10));
		json_object_object_add(o, "lat_us", NULL);
		json_object_object_add(o, "ios", json_object_new_int64(i ? ios - ios / 3 : ios / 3));
		json_object_object_add(o, "bytes", json_object_new_int64(i ? bytes - bytes / 4 : bytes / 4));
		json_object_object_add(ser, dir[i], o);
	}
	return d;
}

/* Workload settings and per-direction figures: the names and limits the command line has. */
static void test_workload_fields(void **state)
{
	struct json_object *d = mixed_run();
	char err[512];
	(void)state;

	if (result_validate(d, NULL, err, sizeof(err)))
		fail_msg("a mixed run is refused: %s", err);
	json_object_object_add(at(d, "settings"), "workload", NULL);
	json_object_object_add(at(d, "settings"), "random_dist", NULL);
	json_object_object_add(at(d, "settings"), "random_pct", NULL);
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), 0);
	/* Directions that do not add up to the series. */
	json_object_object_add(at(d, "series[0].write"), "ios", json_object_new_int(1));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "series[0].ios: "));
	assert_non_null(strstr(err, "is not read.ios"));
	json_object_put(d);

	expect_refused("report_run.json", "settings", "workload", json_object_new_string("fileserver2"),
		       "settings.workload: expected a workload `ssdprof workloads` lists, got \"fileserver2\"");
	expect_refused("report_run.json", "settings", "workload", json_object_new_int(1),
		       "settings.workload: expected a string or null, got 1");
	expect_refused("report_run.json", "settings", "random_pct", json_object_new_int(101),
		       "settings.random_pct: expected a whole number from 0 to 100 or null, got 101");
	expect_refused("report_run.json", "settings", "random_dist", json_object_new_string("zipf:-1"),
		       "settings.random_dist: expected what --random-dist takes");
	expect_refused("report_run.json", "settings", "random_dist", json_object_new_string_len("zipf:1\0x", 8),
		       "settings.random_dist: expected a string without NUL bytes");
	expect_refused("report_sweep_dc.json", "settings", "random_dist", json_object_new_string("hotcold:90/10x"),
		       "settings.random_dist: expected what --random-dist takes");
	expect_refused("report_sweep_dc.json", "settings", "workload", json_object_new_string(""),
		       "settings.workload: expected a workload");
	expect_refused("report_run.json", "series[0]", "read", json_object_new_string("x"),
		       "series[0].read: expected an object or null");
	d = mixed_run();
	json_object_object_add(at(d, "series[0].read"), "iops", json_object_new_double(-1));
	assert_int_equal(result_validate(d, NULL, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "series[0].read.iops: expected a number of at least 0 or null, got -1");
	json_object_put(d);
}

/* A run from before results had a kind is known by its series; anything else needs a kind. */
static void test_kind(void **state)
{
	struct json_object *d = load_data("report_slc.json");
	enum result_kind k;
	char err[512];
	(void)state;

	assert_int_equal(result_validate(d, &k, err, sizeof(err)), 0);
	assert_int_equal(k, RESULT_KIND_SLC);
	json_object_object_del(d, "kind");
	assert_int_equal(result_validate(d, &k, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "kind: missing"));
	json_object_put(d);

	/* A run written with its kind, and the same run from before there was one. */
	d = load_data("report_run.json");
	json_object_object_add(d, "kind", json_object_new_string("run"));
	assert_int_equal(result_validate(d, &k, err, sizeof(err)), 0);
	assert_int_equal(k, RESULT_KIND_RUN);
	json_object_object_del(d, "kind");
	k = RESULT_KIND_SLC;
	assert_int_equal(result_validate(d, &k, err, sizeof(err)), 0);
	assert_int_equal(k, RESULT_KIND_RUN);
	json_object_put(d);

	/* A precondition's settings are held to the command line's limits; older ones have none. */
	d = load_data("report_precondition_raid.json");
	json_object_object_del(d, "settings");
	assert_int_equal(result_validate(d, &k, err, sizeof(err)), 0);
	assert_int_equal(k, RESULT_KIND_PRECONDITION);
	{
		struct json_object *s = json_object_new_object();

		json_object_object_add(s, "fill_passes", json_object_new_int(1));
		json_object_object_add(s, "round_s", json_object_new_double(0));
		json_object_object_add(d, "settings", s);
	}
	assert_int_equal(result_validate(d, &k, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "settings.round_s: expected a number from"));
	json_object_put(d);

	d = json_object_new_array();
	assert_int_equal(result_validate(d, &k, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "(document): expected a result document (an object), got an array");
	json_object_put(d);
}

static char *read_text(const char *file, size_t *len)
{
	char path[4096], *text;
	FILE *f;

	data_path(path, sizeof(path), file);
	f = fopen(path, "rb");
	assert_non_null(f);
	text = calloc(1, 1 << 22);
	assert_non_null(text);
	*len = fread(text, 1, (1 << 22) - 64, f);
	fclose(f);
	return text;
}

/* One table of kinds (results/result_kinds.h) and the renderers of each (reports/report.c) cover every kind. */
static void test_kind_table(void **state)
{
	char list[128];
	(void)state;

	for (int k = 0; k < RESULT_KIND_COUNT; k++) {
		const struct report_kind *rk = report_kind_of((enum result_kind)k);

		assert_non_null(result_kinds[k].name);
		assert_non_null(result_kinds[k].noun);
		assert_non_null(result_kinds[k].member);
		assert_string_equal(result_kind_names[k], result_kinds[k].name);
		assert_int_equal(result_kind_find(result_kinds[k].name), k);
		assert_string_equal(result_kind_name((enum result_kind)k), result_kinds[k].name);
		assert_non_null(rk);
		assert_ptr_equal(rk->info, &result_kinds[k]);
		assert_non_null(rk->render);
		assert_non_null(rk->csv);
		assert_non_null(rk->compare_table);
	}
	assert_null(result_kind_names[RESULT_KIND_COUNT]);
	assert_int_equal(result_kind_find("bogus"), -1);
	assert_int_equal(result_kind_find(NULL), -1);
	assert_null(report_kind_of(RESULT_KIND_COUNT));
	result_kind_list(list, sizeof(list), " and ");
	assert_string_equal(list, "run, precondition, sweep, slc, qualify, batch and pts");
	assert_string_equal(result_kinds[RESULT_KIND_SLC].noun, "SLC probe");
	assert_true(result_kinds[RESULT_KIND_QUALIFY].verdicts && !result_kinds[RESULT_KIND_BATCH].verdicts);
}

/* text with the first `from` replaced by `to`: parsed, refused with -EINVAL and `needle` in the reason. */
static void strict_refused_n(const char *from, const char *to, size_t tlen, const char *needle)
{
	size_t len, flen = strlen(from);
	char *text = read_text("report_slc.json", &len), err[512] = "", *p = strstr(text, from);
	struct json_object *d;
	enum result_kind k;

	assert_non_null(p);
	memmove(p + tlen, p + flen, len - (size_t)(p + flen - text));
	memcpy(p, to, tlen);
	len = len + tlen - flen;
	assert_int_equal(result_parse(text, len, &d, &k, err, sizeof(err)), -EINVAL);
	assert_null(d);
	printf("# %s -> %s\n", to, err);
	assert_null(strchr(err, '\n'));
	assert_non_null(strstr(err, needle));
	free(text);
}

static void strict_refused(const char *from, const char *to, const char *needle)
{
	strict_refused_n(from, to, strlen(to), needle);
}

/*
 * One parser's rules (util/json_strict.h): json-c kept the last of two keys,
 * took 'text' and cut a key at \u0000; each is refused now.
 */
static void test_strict(void **state)
{
	(void)state;
	strict_refused("\"kind\": \"slc\",", "\"kind\": \"slc\", \"kind\": \"slc\",", "the key \"kind\" appears twice");
	strict_refused("\"serial\":", "\"model\": \"x\", \"serial\":", "the key \"model\" appears twice");
	strict_refused("\"serial\":", "\"mod\\u0065l\": \"x\", \"serial\":", "the key \"model\" appears twice");
	strict_refused("\"kind\": \"slc\"", "'kind': \"slc\"", "single quote");
	strict_refused("\"tool\":", "\"tool\\u0000x\":", "NUL byte");
	strict_refused("\"path\": \"", "\"path\": \"\\u0000", "NUL byte");
	/* A raw NUL in a string: json-c stopped there. */
	strict_refused_n("\"path\": \"sim", "\"path\": \"s\0im", 13, "a NUL byte at byte");
}

/* The text: one JSON document and nothing after it but blanks; non-finite numbers refused. */
static void test_text(void **state)
{
	struct json_object *d;
	size_t len;
	char *text = read_text("report_slc.json", &len), err[512];
	enum result_kind k;
	(void)state;

	assert_int_equal(result_parse(text, len, &d, &k, err, sizeof(err)), 0);
	json_object_put(d);
	memcpy(text + len, " \n\t", 3);
	assert_int_equal(result_parse(text, len + 3, &d, &k, err, sizeof(err)), 0);
	json_object_put(d);

	memcpy(text + len, "\n{}", 3);
	assert_int_equal(result_parse(text, len + 3, &d, &k, err, sizeof(err)), -EINVAL);
	assert_null(d);
	/* json-c's strict mode stops at the '{'; the loader's own check catches what it lets by. */
	assert_non_null(strstr(err, "unexpected character") ? err : strstr(err, "something follows"));
	printf("# trailing document: %s\n", err);
	memcpy(text + len, "x", 1);
	assert_int_equal(result_parse(text, len + 1, &d, &k, err, sizeof(err)), -EINVAL);
	memcpy(text + len, "\0", 1);
	assert_int_equal(result_parse(text, len + 1, &d, &k, err, sizeof(err)), -EINVAL);
	assert_int_equal(result_parse(text, len / 2, &d, &k, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "not JSON"));

	/* The literal -Infinity json-c would read as a number. */
	char *p = strstr(text, "\"from_bytes\": 0");
	assert_non_null(p);
	/* Replace the 0 after '"from_bytes": ' by -Infinity, 8 bytes longer. */
	memmove(p + 23, p + 15, len - (size_t)(p + 15 - text));
	memcpy(p + 14, "-Infinity", 9);
	assert_int_equal(result_parse(text, len + 8, &d, &k, err, sizeof(err)), -EINVAL);
	printf("# -Infinity: %s\n", err);
	assert_string_equal(err, "slc.phases[0].from_bytes: expected a number of at least 0, got -Infinity");
	free(text);
}

/* Files: an unreadable one gives its errno, a huge one is refused before it is read. */
static void test_files(void **state)
{
	char path[] = "/tmp/ssdprof-result-load-XXXXXX", err[512];
	struct json_object *d;
	enum result_kind k;
	int fd;
	(void)state;

	assert_int_equal(result_load("/nonexistent/result.json", &d, &k, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/nonexistent/result.json: "));
	fd = mkstemp(path);
	assert_true(fd >= 0);
	/* Sparse: no disk is used. */
	assert_int_equal(ftruncate(fd, (off_t)RESULT_LOAD_MAX_BYTES + 1), 0);
	close(fd);
	assert_int_equal(result_load(path, &d, &k, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "larger than 256 MiB"));
	assert_int_equal(truncate(path, 0), 0);
	assert_int_equal(result_load(path, &d, &k, err, sizeof(err)), -EINVAL);
	unlink(path);

	/* Within the size, too many values is refused unparsed: 256 MiB of "0," took gigabytes. */
	size_t n = RESULT_LOAD_MAX_VALUES + 1, len = 2 * n + 1;
	char *text = malloc(len + 1);

	assert_non_null(text);
	text[0] = '[';
	for (size_t i = 0; i < n; i++)
		memcpy(text + 1 + 2 * i, i + 1 < n ? "0," : "0]", 2);
	text[len] = '\0';
	assert_true(result_too_large(text, len, err, sizeof(err)));
	assert_non_null(strstr(err, "more than 20000000 values"));
	assert_int_equal(result_parse(text, len, &d, &k, err, sizeof(err)), -EINVAL);
	assert_null(d);
	/* Commas in strings are no values. */
	assert_false(result_too_large("[\",,,,\\\",,,\"]", 13, err, sizeof(err)));
	free(text);
}

/*
 * Results written before spelled two latency keys "p99.9" and "p99.99"
 * (no JSON path reaches them): they load as p99_9 and p99_99, in their
 * place, with their values, in every lat_us (points, rounds, a mixed run's
 * directions); and the loader holds the new keys to a number.
 */
static void check_respelled(struct json_object *old, struct json_object *now)
{
	static const char *const order[] = { "mean", "p50", "p99", "p99_9", "p99_99", "max" };
	size_t i = 0;

	if (json_object_is_type(old, json_type_array)) {
		for (size_t k = 0; k < json_object_array_length(old); k++)
			check_respelled(json_object_array_get_idx(old, k), json_object_array_get_idx(now, k));
		return;
	}
	if (!json_object_is_type(old, json_type_object))
		return;
	json_object_object_foreach(old, key, val) {
		struct json_object *v;

		if (!strcmp(key, "p99.9") || !strcmp(key, "p99.99")) {
			const char *want = key[5] ? "p99_99" : "p99_9";

			assert_false(json_object_object_get_ex(now, key, NULL));
			assert_true(json_object_object_get_ex(now, want, &v));
			assert_true(json_object_equal(v, val));
			i++;
			continue;
		}
		assert_true(json_object_object_get_ex(now, key, &v));
		check_respelled(val, v);
	}
	if (!i)
		return;
	/* In place: the keys keep the order written. */
	i = 0;
	json_object_object_foreach(now, k2, v2) {
		(void)v2;
		while (i < 6 && strcmp(order[i], k2))
			i++;
		assert_true(i < 6);
	}
}

static void test_old_latency_keys(void **state)
{
	static const char *const files[] = { "report_sweep_dc.json", "report_run_mixed.json", "report_slc.json",
					     "report_precondition_raid.json", "report_run_raid.json" };
	size_t found = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct json_object *old = load_data(files[i]), *d = NULL;
		char path[4096], err[512] = "";
		enum result_kind k;

		data_path(path, sizeof(path), files[i]);
		found += strstr(json_object_to_json_string(old), "\"p99.9\"") != NULL;
		if (result_load(path, &d, &k, err, sizeof(err)))
			fail_msg("%s: %s", files[i], err);
		assert_null(strstr(json_object_to_json_string(d), "\"p99.9"));
		check_respelled(old, d);
		json_object_put(old);
		json_object_put(d);
	}
	assert_true(found >= 3);   /* the fixtures are of the old spelling */
	expect_refused("report_sweep_dc.json", "points[0].lat_us", "p99_9", json_object_new_string("x"),
		       "points[0].lat_us.p99_9: expected a number");
	expect_refused("report_run_mixed.json", "series[0].read.lat_us", "p99_99", json_object_new_boolean(1),
		       "p99_99: expected a number");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_data_document_loads),
		cmocka_unit_test(test_report_crashes_refused),
		cmocka_unit_test(test_resume_crashes_refused),
		cmocka_unit_test(test_pts_optional_arrays_absent),
		cmocka_unit_test(test_qualify_and_endurance_refused),
		cmocka_unit_test(test_batch_refused),
		cmocka_unit_test(test_qualify_qd_refused),
		cmocka_unit_test(test_fast_point_loads),
		cmocka_unit_test(test_sweep_plan_needs_its_list),
		cmocka_unit_test(test_workload_fields),
		cmocka_unit_test(test_cut_short),
		cmocka_unit_test(test_kind),
		cmocka_unit_test(test_intervals),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_kind_table),
		cmocka_unit_test(test_files),
		cmocka_unit_test(test_old_latency_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
