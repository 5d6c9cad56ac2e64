/* SPDX-License-Identifier: MIT */
/*
 * What `report` and `compare` call: loading a result document, rendering
 * the page of its kind, and writing the report files.  Each kind of result
 * is one entry of a table (report.c): its name, what a document of it must
 * hold, its page, its CSVs, and its part of a comparison.
 */
#ifndef SSDPROF_REPORT_H
#define SSDPROF_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results/result_kinds.h"

struct json_object;
struct html_page;
struct csv_file;
struct table;
struct compare_entry;

struct strbuf;

/*
 * A kind's renderers, indexed by enum result_kind (report.c); its name,
 * noun and member are the kind's own, in results/result_kinds.h.
 */
struct report_kind {
	const struct result_kind_info *info;   /* &result_kinds[its enum] */
	/* The page's sections after the title; a failure is left in pg->error. */
	void (*render)(struct html_page *pg, struct json_object *doc);
	/* The CSVs beside the page (csv_export.h). */
	size_t (*csv)(struct json_object *doc, struct csv_file *files, size_t max);
	/* compare: one table over the drives, and their charts (NULL: none). */
	void (*compare_table)(struct table *t, const struct compare_entry *e, size_t n);
	void (*compare_charts)(struct html_page *pg, const struct compare_entry *e, size_t n);
	/* How far a result of the kind that ended short got, appended to b (NULL: its drives say). */
	void (*partial_extent)(struct strbuf *b, struct json_object *doc);
};

/* The renderers of kind k; NULL past the last. */
const struct report_kind *report_kind_of(enum result_kind k);

/*
 * Read path as one JSON document by util/json_strict.h's rules (any
 * schema): 0 with *doc, or -errno with a one-line reason naming the file.
 */
int report_read_json(const char *path, struct json_object **doc, char *err, size_t errlen);

/*
 * Read path as a result document of RESULT_SCHEMA.  *kind is its entry in
 * the table of kinds (a run written before documents carried "kind" is
 * known by its "series").  On failure returns -errno with a one-line reason
 * in err and *doc NULL.
 */
int report_load(const char *path, struct json_object **doc, const struct report_kind **kind, char *err,
		size_t errlen);

/*
 * Why doc, a result of kind, is partial (it failed, was interrupted or did
 * not finish; a qualified drive did not finish), in sentences appended to
 * b; nothing when it is whole.  The banner atop its page says the same.
 */
void report_partial(struct strbuf *b, struct json_object *doc, const struct report_kind *kind);

/*
 * The page for the result file path, in its directory: report.html beside
 * a result.json (a command's folder holds one), else NAME.html beside
 * NAME.json, so results kept side by side get a page each.
 */
void report_default_out(const char *path, char *out, size_t len);

/*
 * The report of doc: its page rendered in memory (with its PNGs when
 * png_dir is given), then written as report_write does.  0 or -errno with
 * err set.
 */
int report_make(struct json_object *doc, const struct report_kind *kind, const char *out, const char *png_dir,
		FILE *say, char *err, size_t errlen);

/*
 * The page of dir/result.json as dir/report.html (its CSVs beside it), as
 * `ssdprof report` writes it: what a command that ran several drives
 * writes for each drive and for itself.  0 or -errno with err set.
 */
int report_beside(const char *dir, char *err, size_t errlen);

/*
 * Write the page to out (and its PNGs into png_dir when given, the CSVs of
 * doc beside out when doc is given), each file through a temporary and a
 * rename.  The folders of out and png_dir are made when missing (mkdir -p,
 * as --out of the measuring commands), and removed again if the report
 * fails.  The CSVs are named after the page (report.html: report-series.csv,
 * report-timeseries.csv), so they never take the name of a file a command
 * wrote (a run's own timeseries.csv) nor of another page's CSVs in the same
 * folder.  An existing out is replaced only when it is a page ssdprof wrote
 * (-EEXIST otherwise, with a hint in err).  When any write fails, the files
 * already written are removed: no partial report is left behind.  With say,
 * every file written is then printed there, one "report: PATH" (compare:
 * "compare: PATH") line each.  0 or -errno with err set.
 */
int report_write(const char *out, struct html_page *pg, const char *png_dir, struct json_object *doc,
		 const struct report_kind *kind, FILE *say, char *err, size_t errlen);

#endif
