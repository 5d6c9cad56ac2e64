/* SPDX-License-Identifier: MIT */
/* Requirements: items and files parsed (and hostile ones refused), verdicts and margins. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "profiler/requirements.h"
#include "results/qualify_json.h"

#include <json-c/json.h>

static void test_items(void **state)
{
	struct requirement_set s = { .n = 0 };
	char err[256], buf[96];

	(void)state;
	assert_int_equal(requirements_add_arg(&s, "steady", err, sizeof(err)), 0);
	assert_int_equal(requirements_add_arg(&s, "steady_iops>=40000", err, sizeof(err)), 0);
	assert_int_equal(requirements_add_arg(&s, "p99_9_write_us<=2500.5", err, sizeof(err)), 0);
	assert_int_equal(requirements_add_arg(&s, "post_cache_mbps>=200", err, sizeof(err)), 0);
	assert_int_equal(requirements_add_arg(&s, "life_years>=5", err, sizeof(err)), 0);
	assert_int_equal(s.n, 5);
	assert_int_equal(s.r[0].figure, REQ_STEADY);
	assert_int_equal(s.r[0].cmp, REQ_TRUE);
	assert_int_equal(s.r[1].figure, REQ_STEADY_IOPS);
	assert_int_equal(s.r[1].cmp, REQ_GE);
	assert_float_equal(s.r[1].limit, 40000, 0);
	assert_int_equal(s.r[2].cmp, REQ_LE);
	assert_float_equal(s.r[2].limit, 2500.5, 0);
	req_format(&s.r[2], buf, sizeof(buf));
	assert_string_equal(buf, "p99_9_write_us<=2500.5");
	req_format(&s.r[0], buf, sizeof(buf));
	assert_string_equal(buf, "steady");
	/* The same figure both ways is a range, not a repeat. */
	assert_int_equal(requirements_add_arg(&s, "steady_iops<=90000", err, sizeof(err)), 0);
	/* Blanks around the comparison, as people write it, say nothing. */
	s.n = 0;
	assert_int_equal(requirements_add_arg(&s, " life_years >= 3\t", err, sizeof(err)), 0);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.r[0].figure, REQ_LIFE_YEARS);
	assert_int_equal(s.r[0].cmp, REQ_GE);
	assert_float_equal(s.r[0].limit, 3, 0);
	req_format(&s.r[0], buf, sizeof(buf));
	assert_string_equal(buf, "life_years>=3");
}

static void refused(const char *arg, const char *needle)
{
	struct requirement_set s = { .n = 0 };
	char err[256] = "";

	print_message("  %s\n", arg);
	assert_true(requirements_add_arg(&s, arg, err, sizeof(err)) < 0);
	assert_int_equal(s.n, 0);
	assert_null(strchr(err, '\n'));
	assert_non_null(strstr(err, needle));
}

static void test_items_refused(void **state)
{
	struct requirement_set s = { .n = 0 };
	char err[256], long_item[200];

	(void)state;
	refused("", "empty");
	refused("nope>=1", "names no figure");
	refused("steady>=1", "steady takes no limit");
	refused("steady_iops", "needs a limit");
	refused("steady_iops>=", "steady_iops");
	refused("steady_iops>=-5", "steady_iops");
	refused("steady_iops>=1e13", "steady_iops");
	refused("steady_iops>=nan", "steady_iops");
	refused("steady_iops>=12abc", "steady_iops");
	refused("steady_iops>=1<=2", "compares twice");
	/* A known figure with a comparison other than >= and <= names the comparison, not the figure. */
	refused("steady_iops=>5", "'=>' is no comparison; use >= or <=, e.g. steady_iops>=5");
	refused("steady_iops>40000", "--require: 'steady_iops>40000': '>' is no comparison; use >= or <=, "
		"e.g. steady_iops>=40000");
	refused("life_years=5", "'=' is no comparison; use >= or <=, e.g. life_years>=5");
	refused("qd1_read_us<100", "'<' is no comparison; use >= or <=, e.g. qd1_read_us<=100");
	refused("qd1_read_us=<99.5", "e.g. qd1_read_us<=99.5");
	refused("read_iops!=5", "'!=' is no comparison");
	refused("post_cache_mbps==300", "'==' is no comparison");
	refused("steady_iops>", "'>' is no comparison; use >= or <=, e.g. steady_iops>=N");
	refused("steady_iops>4x", "e.g. steady_iops>=N");
	refused("steady=1", "steady takes no limit");
	refused("steady_iopz>40000", "names no figure");
	refused("steady_iops>=0.0000000000000000001", "out of range");
	/* Control bytes come back escaped: the message stays one printable line. */
	refused("\x1b[2Jsteady", "\\x1b");
	memset(long_item, 'a', sizeof(long_item) - 1);
	long_item[sizeof(long_item) - 1] = '\0';
	refused(long_item, "too long");
	/* Twice the same, and more than REQ_MAX. */
	assert_int_equal(requirements_add_arg(&s, "life_years>=5", err, sizeof(err)), 0);
	assert_true(requirements_add_arg(&s, "life_years>=6", err, sizeof(err)) < 0);
	assert_non_null(strstr(err, "twice"));
	s.n = REQ_MAX;
	assert_true(requirements_add_arg(&s, "steady", err, sizeof(err)) < 0);
	assert_non_null(strstr(err, "at most"));
}

static int file(struct requirement_set *s, const char *text, char *err, size_t errlen)
{
	return requirements_add_json(s, text, strlen(text), err, errlen);
}

static void test_file(void **state)
{
	struct requirement_set s = { .n = 0 };
	char err[256];

	(void)state;
	assert_int_equal(file(&s, "{\"steady\": true, \"steady_iops\": {\"min\": 40000},\n"
				  " \"p99_9_write_us\": {\"max\": 2000.5}, \"life_years\": {\"min\": 5}}\n", err,
			      sizeof(err)), 0);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.r[1].figure, REQ_STEADY_IOPS);
	assert_int_equal(s.r[1].cmp, REQ_GE);
	assert_float_equal(s.r[2].limit, 2000.5, 0);
	assert_int_equal(s.r[2].cmp, REQ_LE);
	/* A file and --require together: a repeat is refused across both. */
	assert_true(requirements_add_arg(&s, "steady", err, sizeof(err)) < 0);
}

static void file_refused(const char *text, const char *needle)
{
	struct requirement_set s = { .n = 0 };
	char err[256] = "";

	print_message("  %s\n", text);
	assert_true(file(&s, text, err, sizeof(err)) < 0);
	assert_null(strchr(err, '\n'));
	print_message("    -> %s\n", err);
	assert_non_null(strstr(err, needle));
}

static void test_file_refused(void **state)
{
	char *big;
	struct requirement_set s = { .n = 0 };
	char err[256];

	(void)state;
	file_refused("", "not one JSON object");
	/* Each wrong shape: what the file holds, and the shape expected. */
	file_refused("[1,2]", "the file holds an array; expected one object of requirements, e.g. {\"steady\": true");
	file_refused("null", "the file holds null; expected one object of requirements, e.g. {\"steady\": true");
	file_refused("null\n", "the file holds null; expected one object");
	file_refused("true", "the file holds true; expected one object");
	file_refused("\"steady\"", "the file holds \"steady\"; expected one object");
	file_refused("40000", "the file holds 40000; expected one object");
	file_refused("{}", "the object is empty; expected at least one requirement, e.g. {\"steady\": true");
	file_refused("{\"requirements\": null}", "\"requirements\" is not a figure: the file's object holds the "
		     "requirements themselves, e.g. {\"steady\": true");
	file_refused("{\"requirements\": {\"steady\": true}}", "\"requirements\" is not a figure");
	file_refused("{\"steady\": true} x", "not one JSON object (unexpected character at byte 17); expected e.g. {\"steady\"");
	file_refused("{\"steady\": false}", "steady: expected true (or leave it out), got false");
	file_refused("{\"steady\": 1}", "expected true (or leave it out), got 1");
	file_refused("{\"steady\": null}", "expected true (or leave it out), got null");
	file_refused("{\"bogus\": {\"min\": 1}}", "names no figure");
	file_refused("{\"steady_iops\": 40000}", "steady_iops: expected {\"min\": N} or {\"max\": N}, got 40000");
	file_refused("{\"steady_iops\": null}", "expected {\"min\": N} or {\"max\": N}, got null");
	file_refused("{\"steady_iops\": {\"min\": 1, \"max\": 2}}", "got an object with the key(s) 'min' 'max'");
	file_refused("{\"steady_iops\": {}}", "got an empty object");
	file_refused("{\"steady_iops\": {\"least\": 1}}", "expected {\"min\": N} or {\"max\": N}, got an object "
		     "with the key(s) 'least'");
	file_refused("{\"steady_iops\": {\"min\": \"40000\"}}", "must be a number from 0 to 1e+12, got \"40000\"");
	file_refused("{\"steady_iops\": {\"min\": null}}", "must be a number from 0 to 1e+12, got null");
	file_refused("{\"steady_iops\": {\"min\": -1}}", "must be a number");
	file_refused("{\"steady_iops\": {\"min\": 1e300}}", "must be a number");
	file_refused("{\"steady_iops\": {\"min\": [[[[[[[[[[1]]]]]]]]]]}}", "not one JSON object");
	file_refused("{\"\\u001b[2J\": true}", "\\x1b");
	/* One parser's rules (util/json_strict.h): json-c took each of these. */
	file_refused("{\"steady\": true, \"steady\": true}",
		     "the key \"steady\" appears twice (bytes 1 and 17); give each key once");
	file_refused("{\"steady_iops\": {\"min\": 1, \"min\": 2}}", "the key \"min\" appears twice");
	file_refused("{'steady': true}", "single quote");
	file_refused("{\"steady\\u0000x\": true}", "NUL byte");
	assert_true(requirements_add_json(&s, "{\"steady\0x\": true}", 16, err, sizeof(err)) < 0);
	assert_non_null(strstr(err, "NUL byte"));
	big = malloc(REQ_FILE_MAX + 2);
	memset(big, ' ', REQ_FILE_MAX + 1);
	big[0] = '{';
	big[REQ_FILE_MAX] = '}';
	big[REQ_FILE_MAX + 1] = '\0';
	assert_true(file(&s, big, err, sizeof(err)) < 0);
	assert_non_null(strstr(err, "larger than"));
	free(big);
}

static void test_check(void **state)
{
	struct requirement_set s = { .n = 0 };
	struct req_outcome o[REQ_MAX];
	struct req_measured m = { .steady = 1, .steady_iops = 50000, .p99_9_write_us = 2500, .post_cache_mbps = NAN,
				  .life_years = 4 };
	char err[256];

	(void)state;
	requirements_add_arg(&s, "steady", err, sizeof(err));
	requirements_add_arg(&s, "steady_iops>=40000", err, sizeof(err));
	requirements_add_arg(&s, "p99_9_write_us<=2000", err, sizeof(err));
	requirements_add_arg(&s, "post_cache_mbps>=100", err, sizeof(err));
	requirements_add_arg(&s, "life_years>=4", err, sizeof(err));
	assert_false(requirements_check(&s, &m, o));
	assert_true(o[0].pass);
	assert_float_equal(o[0].measured, 1, 0);
	assert_true(isnan(o[0].margin));
	/* 50000 against 40000: 25% inside the limit. */
	assert_true(o[1].pass);
	assert_float_equal(o[1].margin, 0.25, 1e-12);
	/* 2500 µs against at most 2000: 25% past it. */
	assert_false(o[2].pass);
	assert_float_equal(o[2].margin, -0.25, 1e-12);
	/* Not measured: not met. */
	assert_false(o[3].pass);
	assert_true(isnan(o[3].measured) && isnan(o[3].margin));
	/* Exactly at the limit passes, with no margin. */
	assert_true(o[4].pass);
	assert_float_equal(o[4].margin, 0, 0);
	/* Everything met. */
	m.p99_9_write_us = 1000;
	m.post_cache_mbps = 150;
	assert_true(requirements_check(&s, &m, o));
	m.steady = 0;
	assert_false(requirements_check(&s, &m, o));
	assert_false(o[0].pass);
	m.steady = -1;
	assert_false(requirements_check(&s, &m, o));
}

/* A sweep document with points at 7, 14 and 28% OP, the knee recommending rec and the life per point. */
static struct json_object *sweep_doc(double rec, double target, double least)
{
	static const double op[] = { 7, 14, 28 }, iops[] = { 30000, 42000, 55000 }, p999[] = { 900, 700, 500 };
	static const double life[] = { 2.2, 3.3, 5.1 };
	struct json_object *d = json_object_new_object(), *pts = json_object_new_array();
	struct json_object *knee = json_object_new_object(), *e = json_object_new_object();

	for (int i = 0; i < 3; i++) {
		struct json_object *p = json_object_new_object(), *ss = json_object_new_object();
		struct json_object *lat = json_object_new_object(), *en = json_object_new_object();

		json_object_object_add(p, "op_percent", json_object_new_double(op[i]));
		json_object_object_add(p, "iops", json_object_new_double(iops[i]));
		json_object_object_add(ss, "reached", json_object_new_boolean(i != 1));
		json_object_object_add(p, "steady_state", ss);
		json_object_object_add(lat, "p99_9", json_object_new_double(p999[i]));
		json_object_object_add(p, "lat_us", lat);
		json_object_object_add(en, "life_years", json_object_new_double(life[i]));
		json_object_object_add(p, "endurance", en);
		json_object_array_add(pts, p);
	}
	json_object_object_add(d, "points", pts);
	json_object_object_add(knee, "recommended_op_percent", json_object_new_double(rec));
	json_object_object_add(d, "knee", knee);
	json_object_object_add(e, "target_life_years", isnan(target) ? NULL : json_object_new_double(target));
	json_object_object_add(e, "least_op_percent", isnan(least) ? NULL : json_object_new_double(least));
	json_object_object_add(d, "endurance", e);
	return d;
}

/* The OP a verdict reads, and what it reads there. */
static void test_chosen_op_and_measured(void **state)
{
	struct json_object *d, *slc = json_object_new_object(), *so = json_object_new_object();
	struct req_measured m;

	(void)state;
	/* No --target-life: the knee. */
	d = sweep_doc(14, NAN, NAN);
	assert_float_equal(qualify_chosen_op(d), 14, 0);
	qualify_measured(d, 14, NULL, NULL, &m);
	assert_int_equal(m.steady, 0);
	assert_float_equal(m.steady_iops, 42000, 0);
	assert_float_equal(m.p99_9_write_us, 700, 0);
	assert_float_equal(m.life_years, 3.3, 0);
	assert_true(isnan(m.post_cache_mbps));
	json_object_put(d);
	/* The life needs more OP than the knee: raised to it. */
	d = sweep_doc(14, 5, 28);
	assert_float_equal(qualify_chosen_op(d), 28, 0);
	json_object_put(d);
	/* The knee already lasts: the knee. */
	d = sweep_doc(28, 2, 7);
	assert_float_equal(qualify_chosen_op(d), 28, 0);
	json_object_put(d);
	/* No OP lasts: the knee, and the life requirement will say so. */
	d = sweep_doc(14, 9, NAN);
	assert_float_equal(qualify_chosen_op(d), 14, 0);
	/* An OP not measured reads nothing; the SLC figure comes from the slc document. */
	json_object_object_add(so, "post_cache_mbps", json_object_new_double(348.2));
	json_object_object_add(slc, "slc", so);
	qualify_measured(d, 20, slc, NULL, &m);
	assert_int_equal(m.steady, -1);
	assert_true(isnan(m.steady_iops) && isnan(m.life_years) && isnan(m.p99_9_write_us));
	assert_float_equal(m.post_cache_mbps, 348.2, 0);
	qualify_measured(d, 28, NULL, NULL, &m);
	assert_int_equal(m.steady, 1);
	json_object_put(d);
	json_object_put(slc);
}

/* A run document of a QD curve: qd_list, and per QD iops and lat_us mean and p99. */
static struct json_object *curve_doc(const int *qd, const double *iops, const double *mean, size_t n, bool state)
{
	struct json_object *d = json_object_new_object(), *s = json_object_new_object();
	struct json_object *list = json_object_new_array(), *series = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_new_object(), *lat = json_object_new_object();

		json_object_array_add(list, json_object_new_int(qd[i]));
		json_object_object_add(e, "qd", json_object_new_int(qd[i]));
		json_object_object_add(e, "iops", json_object_new_double(iops[i]));
		json_object_object_add(lat, "mean", json_object_new_double(mean[i]));
		json_object_object_add(lat, "p99", json_object_new_double(mean[i] * 2));
		json_object_object_add(e, "lat_us", lat);
		json_object_array_add(series, e);
	}
	json_object_object_add(s, "qd_list", list);
	json_object_object_add(d, "settings", s);
	json_object_object_add(d, "series", series);
	if (state) {
		struct json_object *pc = json_object_new_object();

		json_object_object_add(pc, "op_percent", json_object_new_double(28));
		json_object_object_add(pc, "how", json_object_new_string(QUALIFY_QD_AFTER_POINT));
		json_object_object_add(d, "preconditioned", pc);
	}
	return d;
}

/* The QD curve in the qualify result, and the figures its requirements read. */
static void test_qd_curve(void **state)
{
	static const int qd[] = { 1, 4, 32 };
	static const double wi[] = { 150000, 300000, 320000 }, wm[] = { 6.6, 12.5, 100 };
	static const double ri[] = { 13000, 50000, 237000 }, rm[] = { 75.3, 79.8, 134.9 };
	struct json_object *w = curve_doc(qd, wi, wm, 3, true), *r = curve_doc(qd, ri, rm, 3, true), *c, *p;
	struct requirement_set s = { .n = 0 };
	struct req_outcome o[REQ_MAX];
	struct req_measured m;
	char err[256];

	(void)state;
	assert_null(qualify_qd_curve_json(NULL, NULL, "w", "r"));
	c = qualify_qd_curve_json(w, r, "drive-1/qd/randwrite/result.json", "drive-1/qd/randread/result.json");
	assert_string_equal(json_object_get_string(json_object_object_get(c, "how")), QUALIFY_QD_AFTER_POINT);
	assert_string_equal(json_object_get_string(json_object_object_get(c, "randread")),
			    "drive-1/qd/randread/result.json");
	p = json_object_array_get_idx(json_object_object_get(c, "points"), 2);
	assert_int_equal(json_object_get_int(json_object_object_get(p, "qd")), 32);
	assert_float_equal(json_object_get_double(json_object_object_get(p, "read_iops")), 237000, 0);
	assert_float_equal(json_object_get_double(json_object_object_get(p, "write_p99_us")), 200, 1e-9);
	/* QD 1's mean latencies, and the most read IOPS of any QD. */
	qualify_measured(NULL, NAN, NULL, c, &m);
	assert_float_equal(m.qd1_read_us, 75.3, 1e-9);
	assert_float_equal(m.qd1_write_us, 6.6, 1e-9);
	assert_float_equal(m.read_iops, 237000, 0);
	assert_int_equal(requirements_add_arg(&s, "qd1_read_us<=80", err, sizeof(err)), 0);
	assert_int_equal(requirements_add_arg(&s, "read_iops>=250000", err, sizeof(err)), 0);
	assert_int_equal(requirements_add_arg(&s, "qd1_write_us<=5", err, sizeof(err)), 0);
	assert_true(req_figure_needs_qd(s.r[0].figure) && !req_figure_needs_slc(s.r[0].figure));
	assert_false(requirements_check(&s, &m, o));
	assert_true(o[0].pass && !o[1].pass && !o[2].pass);
	json_object_put(c);
	/* Reads only (the writes failed): the write figures are not measured, and fail. */
	c = qualify_qd_curve_json(NULL, r, "w", "r");
	assert_null(json_object_object_get(c, "randwrite"));
	qualify_measured(NULL, NAN, NULL, c, &m);
	assert_true(isnan(m.qd1_write_us));
	assert_float_equal(m.qd1_read_us, 75.3, 1e-9);
	json_object_put(c);
	/* A curve without QD 1: the QD 1 figures are not measured. */
	json_object_put(w);
	w = curve_doc(qd + 1, wi + 1, wm + 1, 2, true);
	c = qualify_qd_curve_json(w, NULL, "w", "r");
	qualify_measured(NULL, NAN, NULL, c, &m);
	assert_true(isnan(m.qd1_write_us) && isnan(m.read_iops));
	json_object_put(c);
	json_object_put(w);
	json_object_put(r);
}

/* Every requirement req_format writes reads back as the same requirement (qualify --resume reads them). */
static void test_format_round_trip(void **state)
{
	static const double limits[] = { 1e-6, 0.000001234, 1e-15, 2.5e-9, 0.1, 0, 1, 2500.5, 40000, 123456.789,
					 999999999999.5, 1e12, 1.0 / 3, 7e-7 };
	char err[256], buf[REQ_ITEM_MAX + 32], again[REQ_ITEM_MAX + 32];

	(void)state;
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
		for (int c = 0; c < 2; c++) {
			struct requirement r = { .figure = REQ_QD1_WRITE_US, .cmp = c ? REQ_LE : REQ_GE,
						 .limit = limits[i] };
			struct requirement_set s = { .n = 0 };

			req_format(&r, buf, sizeof(buf));
			print_message("  %.17g -> %s\n", limits[i], buf);
			assert_true(strlen(buf) <= REQ_ITEM_MAX);
			assert_null(strpbrk(buf + strlen("qd1_write_us>="), "eE"));
			if (requirements_add_arg(&s, buf, err, sizeof(err)))
				fail_msg("'%s' (written for %.17g) is refused: %s", buf, limits[i], err);
			assert_int_equal(s.r[0].cmp, r.cmp);
			assert_true(fabs(s.r[0].limit - r.limit) <= 1e-13 * r.limit);
			/* Read back, it writes the same text. */
			req_format(&s.r[0], again, sizeof(again));
			assert_string_equal(again, buf);
		}
	/* A file's limit too small to write back is refused where it is read. */
	{
		struct requirement_set s = { .n = 0 };
		static const char doc[] = "{\"qd1_read_us\": {\"max\": 1e-20}}";

		assert_int_equal(requirements_add_json(&s, doc, sizeof(doc) - 1, err, sizeof(err)), -ERANGE);
		assert_non_null(strstr(err, "got 1e-20 (above 0: at least 1e-15)"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_items),
		cmocka_unit_test(test_items_refused),
		cmocka_unit_test(test_format_round_trip),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_file_refused),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_chosen_op_and_measured),
		cmocka_unit_test(test_qd_curve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
