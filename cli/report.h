/* SPDX-License-Identifier: MIT */
/* The options report and compare share; what they call is reports/report.h and reports/compare.h. */
#ifndef SSDPROF_CLI_REPORT_H
#define SSDPROF_CLI_REPORT_H

#include <stdbool.h>
#include <stddef.h>

/* getopt's optstring of report and compare: -o FILE. */
#define REPORT_SHORT_OPTIONS ":o:"

/*
 * -o/--out FILE and --png DIR, and with rank_by (compare) --rank-by FIGURE,
 * with db (compare) --db FILE (cli/db_opts.h), or else with text (report)
 * --text into *text.  0 with optind at the first operand, or an exit code
 * after printing why.
 */
int report_options(int argc, char **argv, const char *cmd, const char **out, const char **png,
		   const char **rank_by, const char **db, bool *text);

/*
 * -o naming a folder (a trailing slash, or a folder that exists): the file
 * name in it into buf (report_write makes a missing folder).  1 when it was
 * a folder, 0 when out is a file name, -errno with err set.
 */
int report_out_file(const char *out, const char *name, char *buf, size_t len, char *err, size_t errlen);

/*
 * report of several pts results of one drive (reports/pts_suite.h): the n
 * paths, a `pts all` folder or result files, as one combined page to out
 * (default DIR/report.html for a folder, else ./pts-report.html), or with
 * text its summary on stdout.  The exit code.
 */
int cmd_report_pts(char **paths, size_t n, const char *out, const char *png, bool text);

#endif
