/* SPDX-License-Identifier: MIT */
/* The page of a batch (several drives profiled at once): a row per drive, each drive's own report linked. */
#ifndef SSDPROF_REPORT_BATCH_H
#define SSDPROF_REPORT_BATCH_H

#include <stddef.h>

struct json_object;
struct table;
struct html_page;
struct csv_file;
struct compare_entry;

/* One row per drive: its number, TARGET, status, headline figure, and error. */
void table_batch(struct table *t, struct json_object *doc);
/* The page: the table, then a link to each drive's own report. */
void report_batch(struct html_page *pg, struct json_object *doc);
/* batch.csv: the table's rows. */
size_t csv_batch(struct json_object *doc, struct csv_file *files, size_t max);
/* compare of batch results: one row per drive of each. */
void compare_batch_table(struct table *t, const struct compare_entry *e, size_t n);

#endif
