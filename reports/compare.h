/* SPDX-License-Identifier: MIT */
/*
 * compare: several results of one kind side by side, as one table and, on
 * a page, every drive on the same charts.
 */
#ifndef SSDPROF_COMPARE_H
#define SSDPROF_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "reports/chart.h"

struct json_object;
struct table;
struct report_kind;
struct html_page;

/* At most one drive per colour of the charts. */
#define COMPARE_MAX 16

struct compare_entry {
	const char *file;
	struct json_object *doc;
	char label[160];    /* the target as typed, and the file when two targets are spelled the same */
	char *owned;        /* file, when compare_load found it in a folder (freed with the set) */
	size_t suite;       /* 1 + the pts all folder it came from (compare_pts_folders); 0: a file */
};

struct compare_set {
	struct compare_entry e[COMPARE_MAX];
	size_t n;
	const struct report_kind *kind;
	const char *rank_by;   /* the figure the drives were ranked by (compare_rank), or NULL */
};

/*
 * Load the n files (at most COMPARE_MAX) into set: results of one schema
 * version and one kind.  0, or -errno with a one-line reason in err;
 * compare_free either way.
 */
int compare_load(struct compare_set *set, char *const *files, size_t n, char *err, size_t errlen);
/* The table of the drives, for the terminal and the page. */
void compare_table(const struct compare_set *set, struct table *t);
/*
 * The page (the table t, then the charts) written to out, with PNGs in
 * png_dir when given, as report_write does (each file then named on say).
 * 0 or -errno with err.
 */
int compare_make(const struct compare_set *set, const struct table *t, const char *out, const char *png_dir,
		 FILE *say, char *err, size_t errlen);
void compare_free(struct compare_set *set);
/*
 * Two results of one drive: the same model and serial when both are known,
 * else the same target (a simulated drive is its whole spec).
 */
bool compare_same_drive(struct json_object *a, struct json_object *b);
struct strbuf;
/* The answer a page opens with (html_answer) from three texts, then freed; -ENOMEM in pg when one failed. */
void answer_of(struct html_page *pg, struct strbuf *head, struct strbuf *why, struct strbuf *cost);
/*
 * A banner naming each of the n results (docs, each called by its name)
 * that ended short, and why (partial_reason); nothing when all are whole.
 */
void partial_results_banner(struct html_page *pg, struct json_object *const *docs, const char *const *names, size_t n,
			    const struct report_kind *kind);

/* The parts of each kind, in the table of kinds (report.c). */
void compare_sweep_table(struct table *t, const struct compare_entry *e, size_t n);
void compare_slc_table(struct table *t, const struct compare_entry *e, size_t n);
void compare_run_table(struct table *t, const struct compare_entry *e, size_t n);
void compare_precondition_table(struct table *t, const struct compare_entry *e, size_t n);
void compare_sweep_charts(struct html_page *pg, const struct compare_entry *e, size_t n);
void compare_slc_charts(struct html_page *pg, const struct compare_entry *e, size_t n);
void compare_run_charts(struct html_page *pg, const struct compare_entry *e, size_t n);

/* pts result files (compare_pts.c) compare one test's: 0, or -EINVAL with err naming both tests. */
/*
 * When every file is a `pts all` folder (reports/pts_suite.h: one drive's,
 * each test once), their results into set, kind pts: 1; 0 when none is
 * such a folder; -errno with err when one is damaged, mixes drives, or
 * folders and files are mixed.
 */
int compare_pts_folders(struct compare_set *set, char *const *files, size_t n, char *err, size_t errlen);
int compare_pts_check(const struct compare_entry *e, size_t n, char *err, size_t errlen);
/* Per test, every figure of the drives side by side (A, B, B/A, ...) with a legend of the letters. */
void term_compare_pts(FILE *f, const struct compare_set *set, int width);
/* The same tables on the page, each test's curves overlaid (a colour per drive). */
void compare_pts_charts(struct html_page *pg, const struct compare_entry *e, size_t n);

#endif
