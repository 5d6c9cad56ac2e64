/* SPDX-License-Identifier: MIT */
/*
 * Whose a saved result is (results/result_identity.c): a simulated drive by
 * its spec's keys in any order, a file by its path and size, a RAID group
 * by its level and its members in order; a mismatch names both drives.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "device/target.h"
#include "open/open.h"
#include "results/raid_json.h"
#include "results/result_identity.h"
#include "results/result_json.h"

static struct target *open_one(const char *spec)
{
	struct target *t = NULL;
	char err[256];

	assert_int_equal(target_open_flags(spec, TARGET_OPEN_WRITE, &t, err, sizeof(err)), 0);
	return t;
}

static struct target *open_group(enum raid_level level, const char *a, const char *b, const char *c)
{
	const char *specs[] = { a, b, c };
	struct target *t = NULL;
	char err[256];

	assert_int_equal(target_open_group(level, 64 * 1024, specs, 3, TARGET_OPEN_WRITE, &t, err, sizeof(err)), 0);
	return t;
}

/* A result document as a command saves it: the target, and a group's group. */
static struct json_object *doc_of(struct target *t)
{
	struct json_object *doc = json_object_new_object();

	json_object_object_add(doc, "target", result_target_json(t));
	if (target_has(t, TARGET_CAP_GROUP))
		json_object_object_add(doc, "group", raid_group_json(t));
	return doc;
}

/* Whether the document saved of spec a is of the drive spec b opens now. */
static int check(const char *a, const char *b, char *err, size_t errlen)
{
	struct target *ta = open_one(a), *tb;
	struct json_object *doc = doc_of(ta);
	int ret;

	target_close(ta);
	tb = open_one(b);
	ret = result_identity_check(doc, tb, err, errlen);
	target_close(tb);
	json_object_put(doc);
	return ret;
}

static void test_sim_spec(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(check("sim:dc-tlc,capacity=1G,seed=2", "sim:dc-tlc,seed=2,capacity=1G", err, sizeof(err)), 0);
	assert_int_equal(check("sim:dc-tlc,capacity=1G", "sim:dc-tlc,capacity=1G,slc_cache=static:32M", err,
			       sizeof(err)), -ESRCH);
	assert_non_null(strstr(err, "sim:dc-tlc,capacity=1G (serial "));
	assert_non_null(strstr(err, ", not of sim:dc-tlc,capacity=1G,slc_cache=static:32M (serial "));
	assert_int_equal(check("sim:dc-tlc,capacity=1G", "sim:budget-tlc,capacity=1G", err, sizeof(err)), -ESRCH);
}

static void test_file_size(void **state)
{
	char path[] = "/tmp/ssdprof-identity-XXXXXX", err[1024];
	int fd = mkstemp(path);
	struct target *t;
	struct json_object *doc;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, 8 << 20), 0);
	t = open_one(path);
	doc = doc_of(t);
	target_close(t);
	t = open_one(path);
	assert_int_equal(result_identity_check(doc, t, err, sizeof(err)), 0);
	target_close(t);
	/* The same path, resized: another drive. */
	assert_int_equal(ftruncate(fd, 9 << 20), 0);
	t = open_one(path);
	assert_int_equal(result_identity_check(doc, t, err, sizeof(err)), -ESRCH);
	assert_non_null(strstr(err, "8388608 bytes), not of "));
	target_close(t);
	json_object_put(doc);
	close(fd);
	unlink(path);
}

static void test_group(void **state)
{
	const char *a = "sim:dc-tlc,capacity=1G,seed=1", *b = "sim:dc-tlc,capacity=1G,seed=2";
	const char *c = "sim:dc-tlc,capacity=1G,seed=3";
	struct target *t = open_group(RAID_5, a, b, c), *single;
	struct json_object *doc = doc_of(t);
	char err[1024];

	(void)state;
	target_close(t);
	t = open_group(RAID_5, a, b, c);
	assert_int_equal(result_identity_check(doc, t, err, sizeof(err)), 0);
	target_close(t);
	/* The members in another order: each member's data is somewhere else. */
	t = open_group(RAID_5, b, a, c);
	assert_int_equal(result_identity_check(doc, t, err, sizeof(err)), -ESRCH);
	target_close(t);
	t = open_group(RAID_0, a, b, c);
	assert_int_equal(result_identity_check(doc, t, err, sizeof(err)), -ESRCH);
	target_close(t);
	/* A group's result is no single drive's, even its first member's. */
	single = open_one(a);
	assert_int_equal(result_identity_check(doc, single, err, sizeof(err)), -ESRCH);
	target_close(single);
	json_object_put(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_spec),
		cmocka_unit_test(test_file_size),
		cmocka_unit_test(test_group),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
