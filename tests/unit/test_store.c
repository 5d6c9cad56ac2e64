/* SPDX-License-Identifier: MIT */
/*
 * The results store (store/): an import is one transaction, so a store
 * that fails part-way through (here: a document longer than SQLite will
 * take) leaves the store as it was, the files before the failure included;
 * a refused file leaves the others imported; the same document again adds
 * nothing.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "results/json_get.h"
#include "store/store.h"
#include "store/store_priv.h"

static char dir[] = "/tmp/test_store.XXXXXX";

/* A small valid document: a precondition of a drive of this serial, padded with a command of pad bytes. */
static void write_doc(const char *name, const char *serial, size_t pad)
{
	char path[256];
	char *command = malloc(pad + 1);
	FILE *f;

	assert_non_null(command);
	memset(command, 'x', pad);
	command[pad] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fprintf(f,
		"{\"schema\": \"ssdprof.result/1\", \"kind\": \"precondition\", \"tool\": {\"version\": \"0.1.0\"},"
		" \"started\": null, \"finished\": null, \"command\": \"%s\","
		" \"target\": {\"kind\": \"sim\", \"path\": \"sim:dc-tlc\", \"model\": \"m\", \"serial\": \"%s\","
		" \"firmware\": \"f\", \"capacity_bytes\": 1073741824, \"lba_bytes\": 4096, \"capabilities\": []},"
		" \"precondition\": {\"op_percent\": null, \"op_method\": null, \"usable_bytes\": 1073741824,"
		" \"purge_method\": \"auto\", \"drive_seconds\": 1.0,"
		" \"fill\": {\"passes\": 0, \"bytes\": 0, \"seconds\": null, \"mbps\": null},"
		" \"steady_state\": {\"reached\": true, \"rounds\": 5, \"window\": [0, 4], \"iops\": 100.0,"
		" \"range_pct\": 1.0, \"slope_pct\": 1.0, \"stop_reason\": \"steady\"},"
		" \"iops\": 100.0, \"mbps\": 0.4, \"lat_us\": {\"mean\": 1.0, \"p50\": 1.0, \"p99\": 2.0, \"p99_9\": 3.0,"
		" \"p99_99\": 4.0, \"max\": 5.0}, \"host_bytes_written\": 1, \"media_bytes_written\": 1, \"waf\": 1.0,"
		" \"waf_source\": \"simulator\", \"timeseries\": []}}\n",
		command, serial);
	fclose(f);
	free(command);
}

static long long count(struct store *s, const char *key)
{
	struct json_object *rows;
	char err[512];
	long long n;

	assert_int_equal(store_query(s, STORE_Q_COUNTS, NULL, &rows, err, sizeof(err)), 0);
	n = (long long)jnum(jidx(rows, 0), key);
	json_object_put(rows);
	return n;
}

static int import(struct store *s, const char *name, struct store_import_counts *n)
{
	char path[256], err[512];
	char *paths[] = { path };

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return store_import(s, paths, 1, NULL, NULL, n, err, sizeof(err));
}

static void test_failure_part_way_leaves_the_store(void **state)
{
	struct store_import_counts n;
	struct store *s;
	char db[256], err[512];

	(void)state;
	snprintf(db, sizeof(db), "%s/lab.db", dir);
	assert_int_equal(store_open(db, true, &s, err, sizeof(err)), 0);
	write_doc("a/result.json", "A", 1);
	assert_int_equal(import(s, "a", &n), 0);
	assert_int_equal(n.added, 1);
	/* b/1 is fine, b/2 longer than the store takes: the walk meets b/1 first, then fails. */
	write_doc("b/1/result.json", "B", 1);
	write_doc("b/2/result.json", "C", 20000);
	sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, 10000);
	assert_int_equal(import(s, "b", &n), -EIO);
	assert_int_equal(n.added, 0);
	assert_int_equal(count(s, "runs"), 1);
	assert_int_equal(count(s, "drives"), 1);
	assert_int_equal(count(s, "points"), 1);
	/* Reopened from the file: what was committed, and only that. */
	store_close(s);
	assert_int_equal(store_open(db, false, &s, err, sizeof(err)), 0);
	assert_int_equal(count(s, "runs"), 1);
	store_close(s);
	/* Without the limit the same import goes through, and again adds nothing. */
	assert_int_equal(store_open(db, true, &s, err, sizeof(err)), 0);
	assert_int_equal(import(s, "b", &n), 0);
	assert_int_equal(n.added, 2);
	assert_int_equal(import(s, "b", &n), 0);
	assert_int_equal(n.added, 0);
	assert_int_equal(n.duplicate, 2);
	assert_int_equal(count(s, "runs"), 3);
	store_close(s);
}

/* The path-safe percentile spelling (p99_9) lands in the same column as p99.9. */
static void test_percentile_spellings(void **state)
{
	struct json_object *rows;
	struct store *s;
	char err[512];
	sqlite3_stmt *st;

	(void)state;
	assert_int_equal(store_open(":memory:", true, &s, err, sizeof(err)), 0);
	write_doc("p/result.json", "P", 1);
	{
		struct store_import_counts n;

		assert_int_equal(import(s, "p", &n), 0);
		assert_int_equal(n.added, 1);
	}
	assert_int_equal(store_prepare(s, "SELECT lat_p999_us, lat_p9999_us FROM points", &st, err, sizeof(err)), 0);
	rows = json_object_new_array();
	assert_int_equal(store_rows_json(s, st, rows, err, sizeof(err)), 0);
	sqlite3_finalize(st);
	assert_true(jnum(jidx(rows, 0), "lat_p999_us") == 3.0);
	assert_true(jnum(jidx(rows, 0), "lat_p9999_us") == 4.0);
	json_object_put(rows);
	store_close(s);
}

static int make_dirs(void **state)
{
	char p[256];
	static const char *const sub[] = { "a", "b", "b/1", "b/2", "p" };

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	for (size_t i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, sub[i]);
		if (mkdir(p, 0755))
			return -1;
	}
	return 0;
}

static int remove_dirs(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_failure_part_way_leaves_the_store),
		cmocka_unit_test(test_percentile_spellings),
	};

	return cmocka_run_group_tests(tests, make_dirs, remove_dirs);
}
