/* SPDX-License-Identifier: MIT */
/*
 * The answers of the results store (store/store_query.c: rows of JSON
 * objects) as tables that fit 80 columns, what `ssdprof db` prints: one
 * column list per question.
 */
#ifndef SSDPROF_TERM_DB_H
#define SSDPROF_TERM_DB_H

#include <stdio.h>

struct json_object;

/* A table column from a row's key: text cut to width, or a number with decimals. */
struct db_col {
	const char *key, *head;
	int width;       /* text: at most this many bytes shown, the last as '~' when cut */
	int decimals;    /* numbers; -1 for text */
};

/* The columns of db drives, of db model and db serial (a drive's history), and of db best-op; NULL-terminated. */
extern const struct db_col term_db_drives[], term_db_history[], term_db_best_op[];

/* rows as a table of cols. */
void term_db_rows(FILE *f, struct json_object *rows, const struct db_col *cols);

/*
 * db pts's answer (store_query_pts: runs, cells, phases): per run a line
 * naming the drive and the test, then per stage the IOPS matrix (iops: a
 * row per mix, a column per size) or a row per cell, with its steady
 * state, then a time-series test's phases; in width columns.
 */
void term_db_pts(FILE *f, struct json_object *answer, int width);

#endif
