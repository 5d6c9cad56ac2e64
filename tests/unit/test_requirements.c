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
	refused("steady_iops=>5", "names no figure");
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
	assert_non_null(strstr(err, needle));
}

static void test_file_refused(void **state)
{
	char *big;
	struct requirement_set s = { .n = 0 };
	char err[256];

	(void)state;
	file_refused("", "not one JSON object");
	file_refused("[1,2]", "expected an object");
	file_refused("{}", "expected an object");
	file_refused("{\"steady\": true} x", "not one JSON object");
	file_refused("{\"steady\": false}", "expected true");
	file_refused("{\"steady\": 1}", "expected true");
	file_refused("{\"bogus\": {\"min\": 1}}", "names no figure");
	file_refused("{\"steady_iops\": 40000}", "expected {\"min\": N}");
	file_refused("{\"steady_iops\": {\"min\": 1, \"max\": 2}}", "expected {\"min\": N}");
	file_refused("{\"steady_iops\": {\"least\": 1}}", "expected {\"min\": N}");
	file_refused("{\"steady_iops\": {\"min\": \"40000\"}}", "must be a number");
	file_refused("{\"steady_iops\": {\"min\": -1}}", "must be a number");
	file_refused("{\"steady_iops\": {\"min\": 1e300}}", "must be a number");
	file_refused("{\"steady_iops\": {\"min\": [[[[[[[[[[1]]]]]]]]]]}}", "not one JSON object");
	file_refused("{\"\\u001b[2J\": true}", "\\x1b");
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_items),
		cmocka_unit_test(test_items_refused),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_file_refused),
		cmocka_unit_test(test_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
