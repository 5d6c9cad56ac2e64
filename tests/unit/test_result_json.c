// SPDX-License-Identifier: MIT
/*
 * Unit tests for reports/result_json.c: the run document's shape, null for
 * what was not measured, the QD list and block-size mix in the settings, the
 * CSV layouts, and result_write_file's temporaries.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "results/result_json.h"
#include "device/target.h"
#include "engine/workload.h"

static const struct target_ops dummy_ops = {
	.name = "file",
	.caps = TARGET_CAP_READ | TARGET_CAP_WRITE | TARGET_CAP_TRIM,
	.max_queue_depth = 8,
};

static struct target dummy_target(void)
{
	struct target t = { .ops = &dummy_ops };

	snprintf(t.info.kind, sizeof(t.info.kind), "file");
	snprintf(t.info.path, sizeof(t.info.path), "/tmp/x.img");
	t.info.capacity_bytes = 1 << 30;
	t.info.lba_bytes = 512;
	return t;
}

static struct run_result one_run(unsigned qd, bool measured)
{
	struct run_result r = { 0 };

	r.qd = qd;
	r.span_bytes = 1 << 30;
	r.ios = measured ? 1000 : 0;
	r.bytes = r.ios * 4096;
	r.elapsed_ns = 1000000000ull;
	r.iops = measured ? 1000.0 * qd : NAN;
	r.mbps = measured ? 4.096 * qd : NAN;
	r.lat_mean_us = measured ? 12.5 : NAN;
	r.lat_p50_us = measured ? 11.0 : NAN;
	r.lat_p99_us = measured ? 40.0 : NAN;
	r.lat_p999_us = measured ? 90.0 : NAN;
	r.lat_p9999_us = measured ? 120.0 : NAN;
	r.lat_max_us = measured ? 130.0 : NAN;
	r.waf = NAN;
	r.host_bytes_written = r.bytes;
	r.write_ios = r.ios;
	return r;
}

static struct json_object *get(struct json_object *o, const char *path)
{
	char buf[128], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *k = strtok_r(buf, ".", &save); k; k = strtok_r(NULL, ".", &save)) {
		struct json_object *v = NULL;

		if (json_object_is_type(o, json_type_array))
			v = json_object_array_get_idx(o, (size_t)atoi(k));
		else if (!json_object_object_get_ex(o, k, &v))
			fail_msg("no key '%s' in path '%s'", k, path);
		o = v;
	}
	return o;
}

static void test_series_and_settings(void **state)
{
	struct target t = dummy_target();
	struct workload w = { .rw = WL_RANDRW, .read_pct = 70, .qd = 1, .time_ns = 5000000000ull,
			      .interval_ns = 1000000000ull, .seed = 3, .nbs_mix = 2,
			      .bs_mix = { { 4096, 60 }, { 65536, 40 } } };
	struct run_result runs[2] = { one_run(1, true), one_run(4, true) };
	struct result_meta meta = { .command = "ssdprof run x", .started = "2026-01-01T00:00:00Z",
				    .finished = "2026-01-01T00:00:10Z", .virtual_seconds = NAN };
	struct json_object *doc = result_run_json(&meta, &t, &w, runs, 2);
	struct json_object *lat;

	(void)state;
	assert_non_null(doc);
	assert_string_equal(json_object_get_string(get(doc, "schema")), "ssdprof.result/1");
	/* Like every kind, a run says what it is (README, DESIGN.md 4). */
	assert_string_equal(json_object_get_string(get(doc, "kind")), "run");
	assert_null(get(doc, "settings.qd"));
	assert_int_equal(json_object_array_length(get(doc, "settings.qd_list")), 2);
	assert_int_equal(json_object_get_int(get(doc, "settings.qd_list.1")), 4);
	assert_null(get(doc, "settings.bs"));
	assert_int_equal(json_object_get_int(get(doc, "settings.bs_mix.1.bs")), 65536);
	assert_int_equal(json_object_get_int(get(doc, "settings.bs_mix.0.weight")), 60);
	assert_int_equal(json_object_get_int(get(doc, "settings.read_pct")), 70);
	assert_int_equal(json_object_get_int(get(doc, "series.1.qd")), 4);
	lat = get(doc, "series.0.lat_us");
	assert_true(json_object_get_double(get(lat, "p50")) == 11.0);
	assert_true(json_object_get_double(get(lat, "p99")) == 40.0);
	/* Keys with dots: looked up directly. */
	assert_true(json_object_get_double(json_object_object_get(lat, "p99_9")) == 90.0);
	assert_true(json_object_get_double(json_object_object_get(lat, "p99_99")) == 120.0);
	/* No media counter: media bytes and WA are null, never 0. */
	assert_null(get(doc, "series.0.media_bytes_written"));
	assert_null(get(doc, "series.0.waf"));
	assert_null(get(doc, "series.0.verify_errors"));
	assert_int_equal(json_object_get_int64(get(doc, "series.0.ios")), 1000);
	assert_null(get(doc, "target.serial"));
	json_object_put(doc);
}

static void test_unmeasured_is_null(void **state)
{
	struct target t = dummy_target();
	struct workload w = { .rw = WL_RANDWRITE, .bs = 4096, .qd = 8, .bytes = 1 << 20 };
	struct run_result r = one_run(8, false);
	struct result_meta meta = { .command = "x", .virtual_seconds = NAN };
	struct json_object *doc = result_run_json(&meta, &t, &w, &r, 1);

	(void)state;
	assert_non_null(doc);
	assert_int_equal(json_object_get_int(get(doc, "settings.qd")), 8);
	assert_int_equal(json_object_get_int(get(doc, "settings.bs")), 4096);
	assert_null(get(doc, "settings.bs_mix"));
	assert_null(get(doc, "settings.read_pct"));
	assert_null(get(doc, "series.0.iops"));
	assert_null(get(doc, "series.0.lat_us.p99"));
	assert_null(get(doc, "series.0.lat_us.max"));
	assert_null(get(doc, "started"));
	json_object_put(doc);
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	static char buf[300 * 1024];   /* the largest file written here, whole */
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void test_csv(void **state)
{
	char dir[] = "/tmp/ssdprof-rj-XXXXXX";
	char err[256], path[128];
	struct run_result runs[2] = { one_run(1, true), one_run(2, true) };
	struct run_sample s = { .t_s = 1, .dur_s = 1, .ios = 10, .iops = 10, .mbps = 0.04,
				.lat_mean_us = 5, .lat_max_us = 9, .lat_p50_us = 4.5,
				.lat_p99_us = 8, .lat_p999_us = 9, .lat_p9999_us = 9, .waf = NAN };
	const char *text;

	(void)state;
	assert_non_null(mkdtemp(dir));
	runs[0].samples = &s;
	runs[0].nsamples = 1;
	assert_int_equal(result_write_timeseries_csv(dir, "ts.csv", &runs[0], "Model X, rev \"2\" (SN1)", err,
						     sizeof(err)),
			 0);
	snprintf(path, sizeof(path), "%s/ts.csv", dir);
	text = read_text(path);
	assert_non_null(strstr(text, "t_s,dur_s,ios,iops,mbps,lat_mean_us,lat_max_us,"
			       "host_bytes_written,media_bytes_written,waf,lat_p50_us,lat_p99_us,"
			       "lat_p999_us,lat_p9999_us,drive_name\r\n"));
	/* Not measured (no media counter, so no WA either): the one word of every table. */
	/* The drive last on every row, quoted as RFC 4180 says. */
	assert_non_null(strstr(text, "1.0,1.0,10,10.0,0.04,5.0,9.0,0,n/a,n/a,4.5,8.0,9.0,9.0,"
			       "\"Model X, rev \"\"2\"\" (SN1)\"\r\n"));
	unlink(path);
	assert_int_equal(result_write_curve_csv(dir, "curve.csv", runs, 2, "sim:dc-tlc", err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/curve.csv", dir);
	text = read_text(path);
	assert_non_null(strstr(text, "qd,iops,mbps,lat_mean_us,lat_p50_us,lat_p99_us,"));
	assert_non_null(strstr(text, "lat_max_us,drive_name\r\n"));
	assert_non_null(strstr(text, "\r\n2,2000.0,8.192,12.5,11.0,40.0,90.0,120.0,130.0,sim:dc-tlc\r\n"));
	unlink(path);
	rmdir(dir);
}

/* The names in dir other than . and .., sorted, joined by spaces. */
static void dir_names(const char *dir, char *buf, size_t len)
{
	struct dirent **list;
	int n = scandir(dir, &list, NULL, alphasort);
	size_t off = 0;

	assert_true(n >= 0);
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (strcmp(list[i]->d_name, ".") && strcmp(list[i]->d_name, ".."))
			off += (size_t)snprintf(buf + off, len - off, "%s%s", off ? " " : "", list[i]->d_name);
		free(list[i]);
	}
	free(list);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Writes of name in dir by one child process; it exits 0 when every write succeeded and read back whole. */
static pid_t writer(const char *dir, const char *name, char fill, size_t len, int times)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		char *data = malloc(len), err[256];
		int bad = 0;

		memset(data, fill, len);
		for (int i = 0; i < times; i++)
			bad |= result_write_file(dir, name, data, len, err, sizeof(err)) != 0;
		free(data);
		_exit(bad);
	}
	return pid;
}

/*
 * Every write has a temporary of its own in the folder: a leftover or
 * another command's temporary under the old fixed name (NAME.tmp) is no
 * obstacle, two processes writing one name at once both succeed and leave
 * one whole file, and a write that fails at any step leaves the old file
 * byte for byte and no temporary behind.
 */
static void test_write_file(void **state)
{
	char dir[] = "/tmp/ssdprof-wf-XXXXXX";
	char err[256], path[128], names[512];
	const size_t big = 256 * 1024;
	const char *text;
	pid_t a, b;
	int st;

	(void)state;
	assert_non_null(mkdtemp(dir));
	write_text(dir, "result.json", "old\n");
	snprintf(path, sizeof(path), "%s/result.json.tmp", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	assert_int_equal(result_write_file(dir, "result.json", "new\n", 4, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/result.json", dir);
	assert_string_equal(read_text(path), "new\n");
	dir_names(dir, names, sizeof(names));
	assert_string_equal(names, "result.json result.json.tmp");

	/* Two writers at once: each write succeeds, the file is one of them whole. */
	a = writer(dir, "result.json", 'a', big, 40);
	b = writer(dir, "result.json", 'b', big, 40);
	assert_int_equal(waitpid(a, &st, 0), a);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(waitpid(b, &st, 0), b);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	text = read_text(path);
	assert_int_equal(strlen(text), big);
	assert_int_equal(strspn(text, text[0] == 'a' ? "a" : "b"), big);
	dir_names(dir, names, sizeof(names));
	assert_string_equal(names, "result.json result.json.tmp");
	write_text(dir, "result.json", "old\n");

	/* The write fails (the file size limit): the old file stays, no temporary is left. */
	a = fork();
	assert_true(a >= 0);
	if (a == 0) {
		struct rlimit rl = { 2, 2 };

		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &rl);
		_exit(result_write_file(dir, "result.json", "longer\n", 7, err, sizeof(err)) == -EFBIG &&
		      strstr(err, "cannot write") ? 0 : 1);
	}
	assert_int_equal(waitpid(a, &st, 0), a);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_string_equal(read_text(path), "old\n");
	dir_names(dir, names, sizeof(names));
	assert_string_equal(names, "result.json result.json.tmp");

	/* The rename fails (a folder holding a file has the name): nothing else changes. */
	snprintf(path, sizeof(path), "%s/taken", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	write_text(path, "inside", "x");
	assert_int_not_equal(result_write_file(dir, "taken", "new\n", 4, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "cannot rename"));
	dir_names(dir, names, sizeof(names));
	assert_string_equal(names, "result.json result.json.tmp taken");

	/* The temporary cannot be created: said, naming the file meant. */
	snprintf(path, sizeof(path), "%s/gone", dir);
	assert_int_equal(result_write_file(path, "result.json", "new\n", 4, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "cannot create a temporary file for"));
	assert_non_null(strstr(err, "gone/result.json"));

	snprintf(path, sizeof(path), "rm -rf '%s'", dir);
	assert_int_equal(system(path), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_series_and_settings),
		cmocka_unit_test(test_unmeasured_is_null),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_write_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
