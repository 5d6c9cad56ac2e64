/* SPDX-License-Identifier: MIT */
/*
 * `pts`'s tests run one after another on one target (a suite: all or a
 * list, a folder per test; or one test alone, docs/pts.md): each test
 * measured (profiler/pts.h), saved as it goes, continued from what a
 * --resume folder holds of it.  The documents are built and read through
 * a store (results/pts_store.c fills the table); what the command prints
 * it prints through hooks, so cli/ keeps the printing and never runs the
 * loop.
 */
#ifndef SSDPROF_PTS_SUITE_RUN_H
#define SSDPROF_PTS_SUITE_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "device/target.h"
#include "profiler/pts.h"

/* One test as it runs: its settings, its folder, what it keeps of a saved one, the document as saved. */
struct pts_job {
	struct pts_settings s;
	struct pts_resume res;
	char dir[4096];
	void *saved;                /* the document --resume continues, or NULL */
	void *doc;                  /* as last saved (its head made once: started stays) */
	bool save_failed;
	char save_err[TARGET_ERRLEN];
};

/*
 * The documents of the tests (results/pts_store.h: pts_store).  Each that
 * fails returns -errno with one line in err.
 */
struct pts_suite_store {
	/*
	 * dir's saved test for --resume into *saved: a pts result of s's test,
	 * measured on t, with the settings s gives.  0 (*saved NULL when dir
	 * holds no result.json and absent_ok: a suite's test not begun).
	 */
	int (*load)(const char *dir, struct target *t, const struct pts_settings *s, bool absent_ok, void **saved,
		    char *err, size_t errlen);
	/* Whether a saved test ran to its end: nothing left to measure. */
	bool (*finished)(void *saved);
	/* The stages a resume keeps of saved (each ran from its own purge) and their time, into res. */
	void (*kept)(void *saved, struct pts_resume *res);
	/*
	 * j's document as r stands (its head made once, from command and t),
	 * saved as j->dir/result.json: after every round and stage (final
	 * false: no end time, no mark), and at the end (failure: the error it
	 * ended in, or NULL).
	 */
	int (*save)(struct pts_job *j, const char *command, const struct target *t, const struct pts_result *r,
		    bool final, const char *failure, bool interrupted, char *err, size_t errlen);
	void (*drop)(void *doc);
	/* The results folder (results/result_dir.h). */
	int (*make_dir)(const char *cmd, const char *requested, char *dir, size_t len, char *err, size_t errlen);
};

/* What the command prints and writes around the tests; arg is passed to each.  None may be NULL. */
struct pts_suite_hooks {
	void *arg;
	/* A line on why a test or the suite stops: usage, an error of the command line (exit 2's). */
	void (*error)(void *arg, bool usage, const char *msg);
	/* Test j is about to run (resumed: from what was saved of it). */
	void (*begin)(void *arg, const struct pts_job *j, bool resumed);
	/* After every round of stage si, and after every WSAT round or HIR or XSR phase: its line. */
	void (*round)(void *arg, const struct pts_result *r, size_t si);
	void (*series)(void *arg, const struct pts_result *r, const struct pts_progress *pr);
	/* The files the command writes beside j->dir/result.json, after every save.  0 or -errno with err. */
	int (*beside)(void *arg, const struct pts_job *j, char *err, size_t errlen);
	/* A test's document (saved in dir) shown; then, when it ended well (line), the folder it is in. */
	void (*show)(void *arg, const char *dir, void *doc, bool line);
};

struct pts_suite_run {
	struct target *t;
	struct pts_job *jobs;       /* one per test, in order (pts_suite_run_init); their s the caller's */
	size_t ntests;
	bool suite;                 /* a folder per test (DIR/TEST) */
	const char *resume;         /* --resume DIR, or NULL */
	size_t resume_max;          /* the longest DIR it takes */
	const char *cmd, *command;  /* the subcommand, the command line (the document's) */
	const struct pts_suite_store *store;
	struct pts_suite_hooks hooks;
};

/* Room for n tests' jobs.  0 or -ENOMEM. */
int pts_suite_run_init(struct pts_suite_run *su, size_t n);
/* The jobs' documents and the jobs released. */
void pts_suite_run_free(struct pts_suite_run *su);

/*
 * --resume: every test's saved document loaded and checked before anything
 * is written (a mismatch is one line, exit 2, nothing touched).  0 or
 * EXIT_USAGE.
 */
int pts_suite_run_load(struct pts_suite_run *su);

/* The tests, one after another, each into its folder under top.  The worst test's exit code. */
int pts_suite_run_all(struct pts_suite_run *su, const char *top);

#endif
