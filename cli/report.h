/* SPDX-License-Identifier: MIT */
/* The options report and compare share; what they call is reports/report.h and reports/compare.h. */
#ifndef SSDPROF_CLI_REPORT_H
#define SSDPROF_CLI_REPORT_H

/*
 * -o/--out FILE and --png DIR, and with rank_by (compare) --rank-by FIGURE.
 * 0 with optind at the first operand, or an exit code after printing why.
 */
int report_options(int argc, char **argv, const char *cmd, const char **out, const char **png,
		   const char **rank_by);

#endif
