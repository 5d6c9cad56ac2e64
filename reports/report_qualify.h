/* SPDX-License-Identifier: MIT */
/* The qualification's table and page: drives by requirements, verdicts and margins. */
#ifndef SSDPROF_REPORT_QUALIFY_H
#define SSDPROF_REPORT_QUALIFY_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;
struct table;
struct html_page;
struct csv_file;
struct compare_entry;
struct compare_set;

/*
 * One row per drive: its number, TARGET, verdict and chosen OP, then per
 * requirement the figure measured and its margin ("52000 (+30%)"), "-"
 * where not measured.
 */
void table_qualify(struct table *t, struct json_object *doc);
/* The page: the summary, the table, and each drive's requirements with links to its own reports. */
void report_qualify(struct html_page *pg, struct json_object *doc);

/* qualify.csv: one row per drive and requirement. */
size_t csv_qualify(struct json_object *doc, struct csv_file *files, size_t max);
/* compare of qualify results: one row per drive of each. */
void compare_qualify_table(struct table *t, const struct compare_entry *e, size_t n);
/* A sweep's projected life against OP, beside its IOPS against OP; nothing when no point has a life. */
void report_life_chart(struct html_page *pg, struct json_object *doc);
/*
 * compare --rank-by FIGURE: the drives of set best first by steady_iops,
 * p99_9_write_us (lowest first), post_cache_mbps or life_years, from sweep
 * results at their chosen OP or slc results; not measured last.  0, or
 * -EINVAL with the reason in err.
 */
int compare_rank(struct compare_set *set, const char *figure, char *err, size_t errlen);
/*
 * Figure `figure` (a --rank-by name) of one result into *v (NAN when the
 * result has none), *lower true when less is better.  -EINVAL for a name
 * that is no figure.
 */
int compare_figure(struct json_object *doc, const char *figure, double *v, bool *lower);

#endif
