/* SPDX-License-Identifier: MIT */
/*
 * The one safety gate (device/safety.c): what passes, what is refused and
 * with which errno and reason.  Files for what needs no device; loop
 * devices this test creates over its own files, and removes, for the rest
 * (skipped without root or losetup).  Never touches any other disk.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "device/safety.h"
#include "device/target.h"
#include "open/open.h"

#define ERRLEN 512

struct scratch {
	char dir[64];
	char img[2][128];
	char dev[2][64];        /* /dev/loopN, "" when not set up */
	char name[2][32];       /* loopN */
};

static int sh(const char *fmt, ...)
{
	char cmd[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

static void make_file(const char *path, long long bytes)
{
	FILE *f = fopen(path, "we");

	assert_non_null(f);
	assert_int_equal(ftruncate(fileno(f), bytes), 0);
	fclose(f);
}

static int setup(void **state)
{
	struct scratch *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	snprintf(s->dir, sizeof(s->dir), "/tmp/ssdprof-safety-XXXXXX");
	assert_non_null(mkdtemp(s->dir));
	for (int i = 0; i < 2; i++) {
		snprintf(s->img[i], sizeof(s->img[i]), "%s/m%d.img", s->dir, i);
		make_file(s->img[i], 16 << 20);
	}
	*state = s;
	return 0;
}

static int teardown(void **state)
{
	struct scratch *s = *state;

	for (int i = 0; i < 2; i++)
		if (s->dev[i][0])
			sh("losetup -d %s", s->dev[i]);
	sh("rm -rf '%s'", s->dir);
	free(s);
	return 0;
}

/* Loop devices over the scratch files, or skip. */
static void need_loops(struct scratch *s)
{
	if (geteuid() != 0 || sh("command -v losetup >/dev/null 2>&1"))
		skip();
	for (int i = 0; i < 2; i++) {
		char cmd[256];
		FILE *p;

		if (s->dev[i][0])
			continue;
		snprintf(cmd, sizeof(cmd), "losetup --find --show '%s' 2>/dev/null", s->img[i]);
		p = popen(cmd, "r");
		if (!p || !fgets(s->dev[i], sizeof(s->dev[i]), p) || strncmp(s->dev[i], "/dev/loop", 9)) {
			s->dev[i][0] = '\0';
			if (p)
				pclose(p);
			skip();
		}
		pclose(p);
		s->dev[i][strcspn(s->dev[i], "\n")] = '\0';
		snprintf(s->name[i], sizeof(s->name[i]), "%s", s->dev[i] + 5);
	}
}

static struct target *open_path(const char *path)
{
	char err[ERRLEN] = "";
	struct target *t = NULL;
	int ret = target_open_flags(path, TARGET_OPEN_WRITE, &t, err, sizeof(err));

	if (ret == -ENOSYS)
		skip();         /* no io_uring here */
	if (ret < 0)
		fail_msg("target_open(%s): %s", path, err);
	return t;
}

static int gate(struct target *t, const char *yes, bool force, char *reason)
{
	const struct safety_request rq = { .yes = yes, .force = force };

	return safety_gate(t, &rq, reason, ERRLEN);
}

struct notes {
	unsigned n;
	char last[ERRLEN];
};

static void note(const char *line, void *arg)
{
	struct notes *ns = arg;

	ns->n++;
	snprintf(ns->last, sizeof(ns->last), "%s", line);
}

/* A regular file is no real device: the gate passes without --yes. */
static void test_file_passes(void **state)
{
	struct scratch *s = *state;
	struct target *t = open_path(s->img[0]);
	char reason[ERRLEN] = "x";

	assert_false(target_has(t, TARGET_CAP_REAL_DEVICE));
	assert_int_equal(gate(t, NULL, false, reason), 0);
	assert_string_equal(reason, "");
	target_close(t);
}

/* A writer claims a file: a second one is refused naming this process, and the claim goes with the target. */
static void test_file_claim(void **state)
{
	struct scratch *s = *state;
	const struct safety_request rq = { .cmd = "run" };
	char reason[ERRLEN], state_dir[96], pid[32];
	struct target *a, *b;

	snprintf(state_dir, sizeof(state_dir), "%s/state", s->dir);
	setenv("SSDPROF_STATE", state_dir, 1);
	a = open_path(s->img[0]);
	b = open_path(s->img[0]);
	assert_int_equal(safety_gate(a, &rq, reason, sizeof(reason)), 0);
	assert_non_null(a->claim);
	assert_int_equal(safety_gate(b, &rq, reason, sizeof(reason)), -EBUSY);
	snprintf(pid, sizeof(pid), "(pid %ld, '", (long)getpid());
	assert_non_null(strstr(reason, pid));
	assert_non_null(strstr(reason, "another ssdprof is writing to it"));
	assert_null(b->claim);
	/* A dry run claims nothing; reading needs no claim at all. */
	assert_int_equal(safety_gate(b, &(struct safety_request){ .cmd = "run", .dry_run = true }, reason,
				     sizeof(reason)), 0);
	assert_null(b->claim);
	target_close(a);
	assert_int_equal(safety_gate(b, &rq, reason, sizeof(reason)), 0);
	assert_non_null(b->claim);
	target_close(b);
	unsetenv("SSDPROF_STATE");
}

/* libblkid on files: blank is 0, a swap signature is 1 with its name. */
static void test_signature(void **state)
{
	struct scratch *s = *state;
	char what[128] = "", sw[160];

	assert_int_equal(safety_signature(s->img[1], what, sizeof(what)), 0);
	snprintf(sw, sizeof(sw), "%s/swap.img", s->dir);
	make_file(sw, 1 << 20);
	if (sh("mkswap '%s' >/dev/null 2>&1", sw))
		skip();
	assert_int_equal(safety_signature(sw, what, sizeof(what)), 1);
	assert_string_equal(what, "a swap signature");
	assert_true(safety_signature("/nonexistent/ssdprof", what, sizeof(what)) < 0);
}

/* A blank loop device: refused until --yes names it; a wrong name is explained. */
static void test_loop_confirm(void **state)
{
	struct scratch *s = *state;
	struct target *t;
	char reason[ERRLEN], want[96];

	need_loops(s);
	t = open_path(s->dev[0]);
	assert_true(target_has(t, TARGET_CAP_REAL_DEVICE));
	assert_int_equal(gate(t, NULL, false, reason), -EPERM);
	snprintf(want, sizeof(want), "confirm with --yes %s", s->name[0]);
	assert_non_null(strstr(reason, want));
	assert_int_equal(gate(t, "loop999999", false, reason), -EPERM);
	assert_non_null(strstr(reason, "does not match"));
	assert_int_equal(gate(t, s->name[0], false, reason), 0);
	target_close(t);
}

/* --dry-run needs no confirmation: the gate passes and notes what the real run will need. */
static void test_loop_dry_run(void **state)
{
	struct scratch *s = *state;
	struct notes ns = { 0 };
	struct safety_request rq = { .dry_run = true, .note = note, .note_arg = &ns };
	struct target *t;
	char reason[ERRLEN];

	need_loops(s);
	t = open_path(s->dev[0]);
	assert_int_equal(safety_gate(t, &rq, reason, sizeof(reason)), 0);
	assert_int_equal(ns.n, 1);
	assert_non_null(strstr(ns.last, s->name[0]));
	rq.yes = s->name[0];
	assert_int_equal(safety_gate(t, &rq, reason, sizeof(reason)), 0);
	assert_int_equal(ns.n, 1);
	target_close(t);
}

/* A signature refuses even when confirmed; --force with --yes overrides. */
static void test_loop_signature(void **state)
{
	struct scratch *s = *state;
	struct target *t;
	char reason[ERRLEN];

	need_loops(s);
	if (sh("mkswap %s >/dev/null 2>&1", s->dev[1]))
		skip();
	t = open_path(s->dev[1]);
	assert_int_equal(gate(t, s->name[1], false, reason), -EBUSY);
	assert_non_null(strstr(reason, "it holds a swap signature"));
	assert_non_null(strstr(reason, "nothing written"));
	assert_int_equal(gate(t, NULL, true, reason), -EBUSY);
	assert_int_equal(gate(t, s->name[1], true, reason), 0);
	target_close(t);
	sh("wipefs -a %s >/dev/null 2>&1", s->dev[1]);
}

/* A group checks every member, each confirmed by its own entry of --yes. */
static void test_loop_group(void **state)
{
	struct scratch *s = *state;
	const char *specs[2];
	struct target *g = NULL;
	char err[ERRLEN], reason[ERRLEN], yes[80];

	need_loops(s);
	specs[0] = s->dev[0];
	specs[1] = s->dev[1];
	if (target_open_group(RAID_1, 64 * 1024, specs, 2, TARGET_OPEN_WRITE, &g, err, sizeof(err)) < 0)
		fail_msg("%s", err);
	assert_true(target_has(g, TARGET_CAP_GROUP | TARGET_CAP_REAL_DEVICE));
	assert_int_equal(target_members(g), 2);
	assert_ptr_equal(target_member(g, 2), NULL);
	snprintf(yes, sizeof(yes), "%s", s->name[0]);
	assert_int_equal(gate(g, yes, false, reason), -EPERM);
	assert_non_null(strstr(reason, s->name[1]));
	snprintf(yes, sizeof(yes), "%s,%s", s->name[1], s->name[0]);
	assert_int_equal(gate(g, yes, false, reason), 0);
	target_close(g);
}

/* A member in use refuses the whole group, naming the holder. */
static void test_loop_in_use(void **state)
{
	struct scratch *s = *state;
	char mnt[96], reason[ERRLEN];
	struct target *t;

	need_loops(s);
	snprintf(mnt, sizeof(mnt), "%s/mnt", s->dir);
	if (sh("mkfs.ext4 -q -F %s >/dev/null 2>&1 && mkdir -p '%s' && mount %s '%s' 2>/dev/null", s->dev[0], mnt,
	       s->dev[0], mnt))
		skip();
	t = open_path(s->dev[0]);
	assert_int_equal(gate(t, s->name[0], false, reason), -EBUSY);
	assert_non_null(strstr(reason, "is mounted at"));
	assert_non_null(strstr(reason, "--force --yes SERIAL overrides"));
	target_close(t);
	sh("umount '%s'; wipefs -a %s >/dev/null 2>&1", mnt, s->dev[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_passes),
		cmocka_unit_test(test_file_claim),
		cmocka_unit_test(test_signature),
		cmocka_unit_test(test_loop_confirm),
		cmocka_unit_test(test_loop_dry_run),
		cmocka_unit_test(test_loop_signature),
		cmocka_unit_test(test_loop_group),
		cmocka_unit_test(test_loop_in_use),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
