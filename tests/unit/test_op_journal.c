/* SPDX-License-Identifier: MIT */
/*
 * device/op_journal: an entry and a note are written through a temporary of
 * the writer's own, so whatever sits at the old fixed name PATH.tmp (another
 * command's temporary, a planted link) is neither followed nor clobbered,
 * and nothing is left behind.
 */
#include <dirent.h>
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

#include "device/op_journal.h"

struct state {
	char dir[64];
};

static int setup(void **st)
{
	struct state *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	snprintf(s->dir, sizeof(s->dir), "/tmp/ssdprof-journal-XXXXXX");
	assert_non_null(mkdtemp(s->dir));
	setenv("SSDPROF_STATE", s->dir, 1);
	*st = s;
	return 0;
}

static int teardown(void **st)
{
	struct state *s = *st;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", s->dir);
	assert_int_equal(system(cmd), 0);
	free(s);
	return 0;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void read_text(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* The names in the folder other than . and .., counted; *dot: how many begin with a dot. */
static int count_files(const char *dir, int *dot)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	*dot = 0;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			n++;
			*dot += e->d_name[0] == '.';
		}
	closedir(d);
	return n;
}

static void test_planted_tmp_link(void **st)
{
	struct state *s = *st;
	struct op_journal_entry e = { .serial = "SER 1", .path = "/dev/loop9", .method = "span",
				      .original_bytes = 1000000, .current_bytes = 800000, .step = "done" };
	struct op_journal_entry got;
	char victim[128], link[128], note_link[128], buf[64], err[512];
	int dot;

	snprintf(victim, sizeof(victim), "%s/victim", s->dir);
	snprintf(link, sizeof(link), "%s/op-SER_1.json.tmp", s->dir);
	snprintf(note_link, sizeof(note_link), "%s/op-SER_1.ns.tmp", s->dir);
	write_text(victim, "keep");
	assert_int_equal(symlink(victim, link), 0);
	assert_int_equal(symlink(victim, note_link), 0);

	assert_int_equal(op_journal_save(&e, err, sizeof(err)), 0);
	assert_int_equal(op_journal_note_set("SER 1", "ns", "refused"), 0);

	/* What the links point at is as it was. */
	read_text(victim, buf, sizeof(buf));
	assert_string_equal(buf, "keep");
	/* The entry and the note are there and read back. */
	assert_int_equal(op_journal_load("SER 1", &got), 0);
	assert_int_equal(got.original_bytes, 1000000);
	assert_string_equal(got.method, "span");
	assert_true(op_journal_note_get("SER 1", "ns", buf, sizeof(buf)));
	assert_string_equal(buf, "refused");
	/* victim, the two links, the entry, the note: no temporary left behind. */
	assert_int_equal(count_files(s->dir, &dot), 5);
	assert_int_equal(dot, 0);
}

/* An entry saved again replaces the old one whole. */
static void test_replace(void **st)
{
	struct op_journal_entry e = { .serial = "S2", .method = "namespace", .original_bytes = 7, .step = "create" };
	struct op_journal_entry got;
	char err[512];
	int dot;

	assert_int_equal(op_journal_save(&e, err, sizeof(err)), 0);
	e.original_bytes = 9;
	snprintf(e.step, sizeof(e.step), "done");
	assert_int_equal(op_journal_save(&e, err, sizeof(err)), 0);
	assert_int_equal(op_journal_load("S2", &got), 0);
	assert_int_equal(got.original_bytes, 9);
	assert_string_equal(got.step, "done");
	assert_int_equal(count_files(((struct state *)*st)->dir, &dot), 1);
	assert_int_equal(op_journal_remove("S2"), 0);
	assert_int_equal(op_journal_load("S2", &got), -ENOENT);
}

/* A damaged entry is -EBADMSG with the file and the problem, never an absent one (-ENOENT). */
static void test_damaged(void **st)
{
	struct state *s = *st;
	struct op_journal_entry e = { .serial = "S3", .method = "hpa", .original_bytes = 4096, .step = "done" };
	struct op_journal_entry got;
	char err[512], why[600], path[128];

	assert_int_equal(op_journal_save(&e, err, sizeof(err)), 0);
	assert_int_equal(op_journal_read("S3", &got, why, sizeof(why)), 0);
	assert_int_equal(got.original_bytes, 4096);
	snprintf(path, sizeof(path), "%s/op-S3.json", s->dir);
	write_text(path, "{\"schema\": \"ssdprof.op-journal/1\", \"original_bytes\": 1, \"original_bytes\": 2}");
	assert_int_equal(op_journal_read("S3", &got, why, sizeof(why)), -EBADMSG);
	assert_non_null(strstr(why, path));
	assert_non_null(strstr(why, "twice"));
	assert_int_equal(got.original_bytes, 0);
	write_text(path, "{\"schema\": \"ssdprof.op-journal/1\", \"serial\": \"S3\"}");
	assert_int_equal(op_journal_read("S3", &got, why, sizeof(why)), -EBADMSG);
	assert_non_null(strstr(why, "damaged"));
	assert_int_equal(op_journal_load("S3", &got), -EBADMSG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_planted_tmp_link, setup, teardown),
		cmocka_unit_test_setup_teardown(test_replace, setup, teardown),
		cmocka_unit_test_setup_teardown(test_damaged, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
