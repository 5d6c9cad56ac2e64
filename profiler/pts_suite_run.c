/* SPDX-License-Identifier: MIT */
/*
 * pts's tests one after another, each saved as it goes and continued from
 * what --resume found (profiler/pts_suite_run.h).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profiler/pts_suite_run.h"
#include "util/escape.h"
#include "util/exit_code.h"

/* One line through the error hook. */
static void say(const struct pts_suite_run *su, bool usage, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(const struct pts_suite_run *su, bool usage, const char *fmt, ...)
{
	char msg[16384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	su->hooks.error(su->hooks.arg, usage, msg);
}

int pts_suite_run_init(struct pts_suite_run *su, size_t n)
{
	if (!(su->jobs = calloc(n, sizeof(*su->jobs))))
		return -ENOMEM;
	su->ntests = n;
	return 0;
}

void pts_suite_run_free(struct pts_suite_run *su)
{
	for (size_t i = 0; su->jobs && i < su->ntests; i++) {
		su->store->drop(su->jobs[i].saved);
		su->store->drop(su->jobs[i].doc);
	}
	free(su->jobs);
	su->jobs = NULL;
}

/* What the save callbacks get as their arg: the suite and the test. */
struct pts_save_arg {
	struct pts_suite_run *su;
	struct pts_job *j;
};

/* The document as it stands into the job's folder, atomically, and the files beside it.  0, or -errno with err set. */
static int save_doc(struct pts_suite_run *su, struct pts_job *j, const struct pts_result *r, bool final,
		    const char *failure, bool interrupted, char *err, size_t errlen)
{
	int ret = su->store->save(j, su->command, su->t, r, final, failure, interrupted, err, errlen);

	/* pts_cells.csv, pts_rounds.csv (and pts_samples.csv) beside it, by report's writer. */
	return ret ? ret : su->hooks.beside(su->hooks.arg, j, err, errlen);
}

/* A save while the test runs; a failure stops it (the job says why). */
static int save_now(struct pts_save_arg *a, const struct pts_result *r)
{
	struct pts_job *j = a->j;

	if (save_doc(a->su, j, r, false, NULL, false, j->save_err, sizeof(j->save_err))) {
		j->save_failed = true;
		return 1;
	}
	return j->s.poll ? j->s.poll(j->s.poll_arg) : 0;
}

/* After every round: its line (the hook's), then the save. */
static int round_saved(const struct pts_result *r, size_t si, void *arg)
{
	struct pts_save_arg *a = arg;

	a->su->hooks.round(a->su->hooks.arg, r, si);
	return save_now(a, r);
}

/* After every WSAT round and every HIR or XSR phase: its line, then the save. */
static int series_saved(const struct pts_result *r, const struct pts_progress *pr, void *arg)
{
	struct pts_save_arg *a = arg;

	a->su->hooks.series(a->su->hooks.arg, r, pr);
	return save_now(a, r);
}

static int stage_saved(const struct pts_result *r, void *arg)
{
	return save_now(arg, r);
}

/*
 * A test of the job's: measured, saved as it goes, its summary printed
 * (top: the folder --resume continues).  An exit code after printing why.
 */
static int run_test(struct pts_suite_run *su, struct pts_job *j, const char *top)
{
	struct pts_save_arg a = { su, j };
	struct pts_result r = { 0 };
	char err[TARGET_ERRLEN], serr[TARGET_ERRLEN], q[1024];
	bool kept = j->res.first_stage > 0, measured;
	int ret, rc;

	j->s.round_done = round_saved;
	j->s.series_done = series_saved;
	j->s.stage_done = stage_saved;
	j->s.round_arg = &a;
	j->s.resume = j->saved ? &j->res : NULL;
	ret = pts_run(su->t, &j->s, &r, err, sizeof(err));
	if (j->save_failed) {
		say(su, false, "saving %s/result.json: %s", escape_arg(q, sizeof(q), j->dir), j->save_err);
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	measured = kept || r.nsamples || r.fill.bytes;
	for (size_t i = r.first_stage; i < r.nstages; i++)
		measured |= r.stages[i].nrounds || r.stages[i].fill.bytes;
	if (ret && !measured) {
		say(su, false, ret == -EINTR ? "interrupted before the test began; nothing was measured" : "%s", err);
		rc = ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED;
		goto out;
	}
	if (save_doc(su, j, &r, true, ret && ret != -EINTR ? err : NULL, ret == -EINTR, serr, sizeof(serr))) {
		say(su, false, "%s%s%s", ret && ret != -EINTR ? err : "", ret && ret != -EINTR ? "; saving what "
		    "was measured: " : "", serr);
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	rc = ret == -EINTR ? EXIT_INTERRUPTED : ret ? EXIT_RUN_FAILED : EXIT_OK;
	/* What the terminal shows is the saved document, as report --text shows it again (reports/term.h). */
	su->hooks.show(su->hooks.arg, j->dir, j->doc, !ret);
	if (ret)
		say(su, false, "%s; what was measured is in %s/result.json; continue: the same command with "
		    "--resume %s, without --out", ret == -EINTR ? "interrupted" : err, j->dir, top);
out:
	pts_result_free(&r);
	return rc;
}

/* Whether path is a folder (not a link to one: a --resume DIR is ours to write into). */
static bool is_dir(const char *path)
{
	struct stat sb;

	return !lstat(path, &sb) && S_ISDIR(sb.st_mode);
}

int pts_suite_run_load(struct pts_suite_run *su)
{
	char err[4096], q[1024];
	size_t found = 0;

	if (!su->resume)
		return 0;
	if (strlen(su->resume) > su->resume_max || !is_dir(su->resume)) {
		say(su, true, "--resume: '%s' is not a folder of saved results; give the --out folder of a pts run",
		    escape_arg(q, sizeof(q), su->resume));
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < su->ntests; i++) {
		struct pts_job *j = &su->jobs[i];

		snprintf(j->dir, sizeof(j->dir), su->suite ? "%s/%s" : "%s", su->resume, pts_test_name(j->s.test));
		if (su->store->load(j->dir, su->t, &j->s, su->suite, &j->saved, err, sizeof(err))) {
			su->hooks.error(su->hooks.arg, true, err);
			return EXIT_USAGE;
		}
		found += j->saved != NULL;
	}
	if (!found) {
		say(su, true, "--resume: '%s' holds none of these tests' results; give the --out folder of the suite",
		    escape_arg(q, sizeof(q), su->resume));
		return EXIT_USAGE;
	}
	return 0;
}

/* Test i of the suite (or the one test): into its folder, from what was saved of it.  An exit code. */
static int run_job(struct pts_suite_run *su, struct pts_job *j, const char *top)
{
	char err[TARGET_ERRLEN], want[sizeof(j->dir)];
	const struct pts_test_def *d = pts_test_def(j->s.test);

	/* A saved test that ran to its end: kept as it is, its summary printed again. */
	if (j->saved && su->store->finished(j->saved)) {
		su->hooks.show(su->hooks.arg, j->dir, j->saved, true);
		return EXIT_OK;
	}
	snprintf(want, sizeof(want), "%s", j->dir);
	if (su->suite && su->store->make_dir(su->cmd, want, j->dir, sizeof(j->dir), err, sizeof(err))) {
		su->hooks.error(su->hooks.arg, false, err);
		return EXIT_RUN_FAILED;
	}
	/* A test whose stages each run from their own purge keeps the finished ones; the others start again. */
	if (j->saved && d->stage_units)
		su->store->kept(j->saved, &j->res);
	su->hooks.begin(su->hooks.arg, j, j->saved != NULL);
	return run_test(su, j, top);
}

int pts_suite_run_all(struct pts_suite_run *su, const char *top)
{
	int rc = EXIT_OK;

	for (size_t i = 0; i < su->ntests && rc == EXIT_OK; i++) {
		struct pts_job *j = &su->jobs[i];

		snprintf(j->dir, sizeof(j->dir), su->suite ? "%s/%s" : "%s", top, pts_test_name(j->s.test));
		rc = run_job(su, j, top);
	}
	return rc;
}
