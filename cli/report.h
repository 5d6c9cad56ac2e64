/* SPDX-License-Identifier: MIT */
/* What `report` and `compare` share: loading a result document and writing the report files. */
#ifndef SSDPROF_REPORT_H
#define SSDPROF_REPORT_H

#include <stddef.h>

struct json_object;
struct html_page;

/*
 * Read path as a result document of RESULT_SCHEMA.  *kind is "sweep",
 * "slc", "run" or "precondition" (a run written before documents carried
 * "kind" is known by its "series").  On failure returns -errno with a
 * one-line reason in err and *doc NULL.
 */
/*
 * The options report and compare share: -o/--out FILE and --png DIR.  0 with
 * optind at the first operand, or an exit code after printing why.
 */
int report_options(int argc, char **argv, const char *cmd, const char **out, const char **png);

int report_load(const char *path, struct json_object **doc, const char **kind, char *err, size_t errlen);

/*
 * Write the page to out (and its PNGs into png_dir when given, the CSVs of
 * doc beside out when doc is given), each file through a temporary and a
 * rename.  When any write fails, the files already written are removed: no
 * partial report is left behind.  0 or -errno with err set.
 */
int report_write(const char *out, struct html_page *pg, const char *png_dir, struct json_object *doc,
		 const char *kind, char *err, size_t errlen);

#endif
