/* SPDX-License-Identifier: MIT */
/*
 * Tables of numbers for the terminal and for HTML, built once from the
 * result document so the sweep and slc commands, report and compare show the
 * same figures with the same units and decimals.
 */
#ifndef SSDPROF_TABLE_H
#define SSDPROF_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct json_object;

#define TABLE_MAX_COLS 20

enum table_align { TA_LEFT, TA_RIGHT };

struct table {
	const char *caption;
	size_t ncols, nrows, cap;
	const char *head[TABLE_MAX_COLS];   /* units in the heading: "IOPS", "MB/s", "lat mean µs" */
	enum table_align align[TABLE_MAX_COLS];
	char **cells;                       /* nrows * ncols, NULL for empty */
	bool failed;
};

void table_init(struct table *t, const char *caption);
void table_col(struct table *t, const char *head, enum table_align align);
/* Several columns at once: pairs of (const char *head, enum table_align), ended by NULL. */
void table_cols(struct table *t, ...);
/* Start a new row; cells are then set with table_cell(). */
void table_row(struct table *t);
void table_cell(struct table *t, size_t col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A number with the given decimals, or "-" for NAN (not measured). */
void table_num(struct table *t, size_t col, double v, int decimals);
/* The text of a cell, "" when empty. */
const char *table_get(const struct table *t, size_t row, size_t col);
/*
 * Columns padded to their widest cell, two spaces apart, each line prefixed
 * with indent and without trailing blanks; laid out by libsmartcols.
 */
void table_print(const struct table *t, FILE *f, const char *indent);
/* The columns table_print takes, indent aside. */
size_t table_width(const struct table *t);
/* The column headed head, or -1. */
int table_find(const struct table *t, const char *head);
/* Column col taken out (a narrow terminal's table leaves out what the page shows). */
void table_drop(struct table *t, size_t col);
void table_free(struct table *t);


/*
 * The per-point table of a sweep document, in point order, with a note on
 * the knee and the recommended point.  detail adds the columns the terminal
 * leaves out (OP and purge method, stop reason, p99, p99.9, WA source).
 */
void table_sweep_points(struct table *t, struct json_object *doc, bool detail);
/* The phases of an slc document (from GB, to GB, MB/s). */
void table_slc_phases(struct table *t, struct json_object *slc);
/* Recovery after idle: idle s, recovered GB, lower bound. */
void table_slc_recovery(struct table *t, struct json_object *slc);

#endif
