/* SPDX-License-Identifier: MIT */
/* The renderers of a `pts` result (the kinds' table in reports/report.c). */
#ifndef SSDPROF_REPORT_PTS_H
#define SSDPROF_REPORT_PTS_H

#include <stddef.h>

struct json_object;
struct html_page;
struct csv_file;
struct table;
struct compare_entry;
struct strbuf;

void report_pts(struct html_page *pg, struct json_object *doc);
/*
 * The parts of a test's page the combined page (report_pts_all.c) shares:
 * the method and steady-state entries of its summary list, and its
 * sections (per stage the convergence, the window, the results; then a
 * time-series or DIRTH section), every id and chart name prefixed by pre
 * ("" on a test's own page, "iops-" on the combined one).
 */
void report_pts_summary(struct html_page *pg, struct json_object *doc);
void report_pts_sections(struct html_page *pg, struct json_object *doc, const char *pre);
/* pre and id as one anchor or chart name in buf. */
const char *pts_id(char *buf, size_t len, const char *pre, const char *id);
/* pts_cells.csv (a row per cell over the steady window) and pts_rounds.csv (a row per cell per round). */
size_t csv_pts(struct json_object *doc, struct csv_file *files, size_t max);
void compare_pts_table(struct table *t, const struct compare_entry *e, size_t n);
void partial_pts(struct strbuf *b, struct json_object *doc);
/* The summary lines of the cbw and dirth tests (report_pts_dirth.c): nothing for the others. */
void report_pts_b_summary(struct html_page *pg, struct json_object *doc);
/* DIRTH's demand-intensity pass: its table, the intensity and variation charts, the histograms. */
void report_pts_dirth(struct html_page *pg, struct json_object *doc, struct json_object *pass, const char *pre);

/* A time-series test (WSAT, HIR, XSR; report_pts_series.c): its method in the summary, its section of the page. */
void report_pts_series_method(struct html_page *pg, struct json_object *doc);
void report_pts_series(struct html_page *pg, struct json_object *doc, const char *pre);
/* pts_samples.csv (a row per sample); 0 without a series. */
size_t csv_pts_series(struct json_object *doc, struct csv_file *files, size_t max);

#endif
