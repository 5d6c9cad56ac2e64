/* SPDX-License-Identifier: MIT */
/*
 * ssdprof report of several pts results of one drive (a `pts all` folder,
 * or the files given): the combined page, or with --text its summary.  The
 * suite is loaded and checked, and the page drawn, in reports/pts_suite.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/report.h"
#include "reports/chart.h"
#include "reports/pts_suite.h"
#include "util/text.h"

int cmd_report_pts(char **paths, size_t n, const char *out, const char *png, bool text)
{
	char err[4352], defout[PATH_MAX + 32];
	struct pts_suite s;
	struct stat st;
	int ret;

	/* Bad input, each file or the mix of them, is refused before anything is written. */
	if (pts_suite_load(&s, paths, n, err, sizeof(err))) {
		cli_error("report: %s", err);
		pts_suite_free(&s);
		return EXIT_USAGE;
	}
	if (text) {
		term_pts_suite(stdout, &s, text_columns(STDOUT_FILENO));
		pts_suite_free(&s);
		return EXIT_OK;
	}
	/* A pts all folder's page goes into it; files' into the current folder (as --fleet's). */
	if (!out && n == 1 && !stat(paths[0], &st) && S_ISDIR(st.st_mode))
		snprintf(defout, sizeof(defout), "%s/report.html", paths[0]);
	else if (!out)
		snprintf(defout, sizeof(defout), "pts-report.html");
	else if ((ret = report_out_file(out, "report.html", defout, sizeof(defout), err, sizeof(err))) < 0) {
		cli_error("report: %s", err);
		pts_suite_free(&s);
		return EXIT_USAGE;
	} else if (!ret)
		snprintf(defout, sizeof(defout), "%s", out);
	ret = report_pts_suite_make(&s, defout, png, stderr, err, sizeof(err));
	if (ret)
		cli_error("report: %s", err);
	pts_suite_free(&s);
	chart_release_fonts();
	return ret == -EEXIST ? EXIT_USAGE : ret ? EXIT_RUN_FAILED : EXIT_OK;
}
