/* SPDX-License-Identifier: MIT */
/*
 * The Prometheus text of --metrics (reports/metrics_text.c): HELP and TYPE
 * once per family, a sample per drive, labels escaped as the format wants
 * (backslash, double quote, newline), a figure not measured absent (never 0),
 * a family no drive has left out.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "reports/metrics_text.h"

static void drive(struct metrics_drive *d, const char *path, const char *phase)
{
	memset(d, 0, sizeof(*d));
	metrics_drive_clear(d);
	snprintf(d->drive, sizeof(d->drive), "%s", path);
	snprintf(d->serial, sizeof(d->serial), "S1");
	snprintf(d->model, sizeof(d->model), "M \"x\"");
	snprintf(d->command, sizeof(d->command), "sweep");
	snprintf(d->phase, sizeof(d->phase), "%s", phase);
}

static size_t count(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static void test_two_drives(void **state)
{
	struct metrics_drive d[2];
	char *text;
	size_t len;

	(void)state;
	drive(&d[0], "/tmp/a\\b\"c\nd.img", "rounds");
	drive(&d[1], "sim:dc-tlc", "fill");
	d[0].v[MF_IOPS] = 41234.5;
	d[0].v[MF_OP] = 0.07;
	d[1].v[MF_OP] = 0.28;
	assert_int_equal(metrics_text_format(d, 2, "lab-a1", &text, &len), 0);
	assert_int_equal(strlen(text), len);
	/* Escaped: the backslash, the quote and the newline of the path, the model's quotes. */
	assert_non_null(strstr(text, "ssdprof_phase_info{drive=\"/tmp/a\\\\b\\\"c\\nd.img\",serial=\"S1\","
				     "model=\"M \\\"x\\\"\",host=\"lab-a1\",command=\"sweep\",phase=\"rounds\"} 1\n"));
	assert_int_equal(count(text, "# HELP ssdprof_op_ratio "), 1);
	assert_int_equal(count(text, "# TYPE ssdprof_op_ratio gauge\n"), 1);
	assert_int_equal(count(text, "\nssdprof_op_ratio{"), 2);
	assert_non_null(strstr(text, "command=\"sweep\"} 0.28\n"));
	/* IOPS measured on one drive only: one sample, the other drive's absent (not 0). */
	assert_int_equal(count(text, "\nssdprof_iops{"), 1);
	assert_non_null(strstr(text, "} 41234.5\n"));
	/* No drive has an ETA: no family at all. */
	assert_null(strstr(text, "ssdprof_eta_seconds"));
	assert_int_equal(text[len - 1], '\n');
	free(text);
}

static void test_no_drive(void **state)
{
	char *text;
	size_t len;

	(void)state;
	assert_int_equal(metrics_text_format(NULL, 0, "h", &text, &len), 0);
	assert_int_equal(len, 0);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_drives),
		cmocka_unit_test(test_no_drive),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
