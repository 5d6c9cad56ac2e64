/* SPDX-License-Identifier: MIT */
/*
 * The parts the pages of every result kind share (report_*.c): the summary,
 * the settings, chart lines drawn from arrays of a result document, and the
 * RAID sections.  Internal to reports/.
 */
#ifndef SSDPROF_REPORT_PARTS_H
#define SSDPROF_REPORT_PARTS_H

#include <stdbool.h>
#include <stddef.h>

#include "reports/chart.h"

struct json_object;
struct html_page;
struct table;

/* The pages, one per kind (the table of kinds in report.c). */
void report_sweep(struct html_page *pg, struct json_object *doc);
void report_slc(struct html_page *pg, struct json_object *doc);
void report_run(struct html_page *pg, struct json_object *doc);
void report_precondition(struct html_page *pg, struct json_object *doc);

/* ---- summary ---- */

/* "2.00 GB (1.86 GiB)", or "unknown" for NAN. */
void fmt_gb(char *buf, size_t len, double bytes);
/* The target, the command and when it was measured, as summary entries. */
void summary_target(struct html_page *pg, struct json_object *doc);
/* The point of a sweep document at op (to 0.005 points), or NULL. */
struct json_object *sweep_point_at(struct json_object *doc, double op);
/* The drive under every chart's title (pg->drive), for charts drawn before summary_target. */
void page_drive(struct html_page *pg, struct json_object *doc);
/* A sweep's "method" entry: how each method's points were preconditioned and measured, from the points. */
void sweep_method_dl(struct html_page *pg, struct json_object *doc);
/* The document's settings, folded. */
void settings_table(struct html_page *pg, struct json_object *doc);
/* The separator before item i (from 0) of n in "a, b and c". */
const char *list_sep(size_t i, size_t n);
/* "a, b and c" of the distinct string values of key over the array, "none" for none. */
void distinct(struct json_object *arr, const char *key, char *buf, size_t len);
/* A run's series by what set it apart: "64 KiB chunks, QD 32", or "QD 32" without a chunk. */
void series_name(struct json_object *s, char *buf, size_t len);

/* ---- a result that ended short ---- */

struct strbuf;
struct report_kind;
/*
 * Why doc (of kind) is partial, appended to b in
 * sentences: how it ended (its "error", "interrupted", a sweep not
 * "complete" or with an "incomplete_point", a preconditioning whose
 * stop_reason is "error" or "interrupted", a qualified drive's "error") and
 * how far it got.  Nothing when the result is whole.
 */
void partial_reason(struct strbuf *b, struct json_object *doc, const struct report_kind *kind);
/* The page opens with that in a banner when there is anything to say. */
void partial_banner(struct html_page *pg, struct json_object *doc, const struct report_kind *kind);
/* How far a sweep, a preconditioning, a run or an SLC probe that ended short got (the kinds' partial_extent). */
void partial_sweep(struct strbuf *b, struct json_object *doc);
void partial_precondition(struct strbuf *b, struct json_object *doc);
void partial_run(struct strbuf *b, struct json_object *doc);
void partial_slc(struct strbuf *b, struct json_object *doc);

/* ---- numbers from result arrays ---- */

/*
 * o's number at a '/'-separated path ("lat_us/p99", "members/2/iops"; '/'
 * because keys such as "p99.9" hold dots), NAN when absent.
 */
double jat(struct json_object *o, const char *path);
/* The distinct values at path over arr, in order of appearance (NAN one of them); at most max. */
size_t distinct_nums(struct json_object *arr, const char *path, double *out, size_t max);
/* MB/s per IOPS of the last entry that has both: the scale of an IOPS chart's MB/s axis. */
double last_mbps_per_iops(struct json_object *arr);

/* ---- charts and the points they own ---- */

#define PLOT_LABEL 96

/*
 * A chart with the points and labels of the lines it made: lines added with
 * plot_line are owned by the plot and freed with it; lines set in c.series
 * directly borrow their arrays from the caller.
 */
struct plot {
	struct chart c;
	void *own[CHART_MAX_SERIES];
	char label[CHART_MAX_SERIES][PLOT_LABEL];
	char vlabel[CHART_MAX_VLINES][48];   /* the labels of marked positions (compare's knees) */
	int error;   /* -ENOMEM when a line could not be made */
};

/*
 * A new line of p with room for n points in *x and *y (and n flags in *open
 * when open is not NULL), all zero.  NULL when p has CHART_MAX_SERIES lines
 * (counted in p->c.dropped, which the legend shows), or when memory ran out
 * (p->error set).
 */
struct chart_series *plot_line(struct plot *p, size_t n, double **x, double **y, bool **open);
/* The label buffer (PLOT_LABEL bytes) of line s of p. */
char *plot_label(struct plot *p, const struct chart_series *s);
/* The chart on the page (html_chart), then the plot's lines freed. */
void plot_show(struct html_page *pg, const char *name, struct plot *p, const struct table *t);
void plot_free(struct plot *p);

/*
 * A line of p through the entries of arr whose value at match equals v
 * (every entry when match is NULL): x from xpath divided by xdiv, y from
 * ypath.  Unmeasured y stays NAN and breaks the line.  NULL as plot_line.
 */
struct chart_series *line_of(struct plot *p, struct json_object *arr, const char *match, double v, const char *xpath,
			     double xdiv, const char *ypath);

/* What a chart plots from an array: its x, and how its lines are grouped and named. */
struct line_plan {
	const char *xpath;
	double xdiv;
	const char *group;      /* path of the value that splits the entries into lines */
	const char *group_pre;  /* a group's name: group_pre, value / group_div, group_post */
	double group_div;
	const char *group_post;
};

/* One figure per line of each group: what it is called and where its y is. */
struct line_spec {
	const char *what;
	const char *ypath;
};

/*
 * Lines for every group of arr and every spec, with markers.  With one
 * group a line is named by its spec alone and coloured by spec, as a chart
 * without groups; with several, by group (and spec when there are several),
 * coloured by group, the second and later specs dashed.
 */
void add_lines(struct plot *p, struct json_object *arr, const struct line_plan *lp, const struct line_spec *spec,
	       size_t nspec);
/* Unless a line of c has a measured point, c shows what is missing instead of empty axes. */
void empty_unless_measured(struct chart *c, const char *missing);

/*
 * The write-saturation charts (report_steady.c): IOPS of every interval from
 * the first random write against time and against data written, one line per
 * point, each steady window shaded with its least-squares line; the rounds
 * and the windows in tables.  sweep: titles say "every OP level".
 */
void steady_charts(struct html_page *pg, struct json_object *doc, struct json_object *points, bool sweep);
/* MB/s per IOPS of the first point that has both (else bs): the scale of an IOPS chart's MB/s axis. */
double points_mbps_per_iops(struct json_object *doc, struct json_object *points);

/* ---- RAID (report_raid.c): nothing unless doc has a group ---- */

/* RAID sweep: the group, each member's figures per point, and the limiting member per round. */
void raid_sweep_section(struct html_page *pg, struct json_object *doc);
/*
 * RAID precondition or slc probe (owner): the group, each member's figures
 * over the measurement, and, where it ran in rounds, which member limited them.
 */
void raid_single_section(struct html_page *pg, struct json_object *doc, struct json_object *owner,
			 const char *caption);
/* RAID run: the group, the chunk sizes compared, and each member's figures per series. */
void raid_run_section(struct html_page *pg, struct json_object *doc);

#endif
