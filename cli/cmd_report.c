/* SPDX-License-Identifier: MIT */
/*
 * ssdprof report: the options and the exit codes; the report itself is
 * rendered and written by reports/report.c.
 */
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/db_opts.h"
#include "cli/report.h"
#include "reports/chart.h"
#include "reports/pts_suite.h"
#include "reports/report.h"
#include "reports/term.h"
#include "util/text.h"

const char cmd_report_usage[] =
	"usage: ssdprof report RESULT.json|DIR [-o report.html] [--png DIR] [--text]\n"
	"       ssdprof report --fleet [--db FILE] [-o fleet.html]\n"
	"\n"
	"Turn a result document (sweep, slc, run, precondition, qualify or batch; a\n"
	"folder: its result.json) into one HTML page\n"
	"that needs nothing else to be read: a summary (target, method, purge, OP\n"
	"method, steady state per point, the recommendation and why), charts, and the\n"
	"numbers of every chart in a table.  The CSV files go beside the HTML file,\n"
	"named after it (report.html: report-points.csv, report-timeseries.csv, ...),\n"
	"so they never replace a result's own files.  Every file written is named.\n"
	"A pts all folder (DIR/TEST/result.json), or several pts results of one\n"
	"drive, make one combined page: each test's headline first, then every\n"
	"test's sections in the spec's order (default DIR/report.html, else\n"
	"./pts-report.html); --text prints the headlines.\n"
	"\n"
	"  -o, --out FILE   the HTML file (default: report.html beside a result.json,\n"
	"                   NAME.html beside NAME.json), its folder made when missing;\n"
	"                   an existing file is replaced only when it is a page\n"
	"                   ssdprof wrote; a folder (DIR/) gets DIR/report.html\n"
	"  --png DIR        also write every chart as a PNG (1000x600) into DIR\n"
	"  --fleet          the fleet page instead: every drive of a results store\n"
	"                   (ssdprof db), ranked, with its verdict; -o as above\n"
	"                   (default ./fleet.html)\n"
	"  --db FILE        with --fleet: the store (default: $SSDPROF_DB, else\n"
	"                   ./" DB_DEFAULT_PATH ")\n"
	"  --text           print the summary the command printed when it ended\n"
	"                   (from the document: over ssh, in a script), write nothing\n"
	"\n"
	"Example: ssdprof report results/budget/result.json -o budget.html \\\n"
	"           --png budget-png\n"
	"         ssdprof report --text results/budget\n";

/* report's and compare's options (the command table's); report has no --rank-by. */
const struct option cmd_compare_options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ "png", required_argument, NULL, 'p' },
	{ "rank-by", required_argument, NULL, 'r' },
	{ "db", required_argument, NULL, 'd' },
	{ NULL, 0, NULL, 0 },
};
const struct option cmd_report_options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ "png", required_argument, NULL, 'p' },
	{ "db", required_argument, NULL, 'd' },
	{ "text", no_argument, NULL, 't' },
	{ NULL, 0, NULL, 0 },
};

int report_options(int argc, char **argv, const char *cmd, const char **out, const char **png,
		   const char **rank_by, const char **db, bool *text)
{
	const struct option *longopts = rank_by ? cmd_compare_options : cmd_report_options;
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, REPORT_SHORT_OPTIONS, longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
		case 'p':
			/* As every command: an option that takes a value is given once. */
			if (*(c == 'o' ? out : png)) {
				cli_error("%s: %s is given twice; give it once", cmd, c == 'o' ? "-o/--out" : "--png");
				return EXIT_USAGE;
			}
			/* An empty name would be the current folder's ".", renamed onto. */
			if (!*optarg) {
				cli_error("%s: %s: empty file name; give a file, e.g. %s", cmd,
					  c == 'o' ? "-o" : "--png", c == 'o' ? "-o report.html" : "--png charts");
				return EXIT_USAGE;
			}
			*(c == 'o' ? out : png) = optarg;
			break;
		case 't':
			*text = true;
			break;
		case 'r':
			if (*rank_by) {
				cli_error("%s: --rank-by is given twice; give it once", cmd);
				return EXIT_USAGE;
			}
			*rank_by = optarg;
			break;
		case 'd':
			if (!db)
				return cli_getopt_error(cmd, argv, optind, '?', 0);
			if (db_opt_value(cmd, "--db", db, optarg))
				return EXIT_USAGE;
			break;
		default:
			return cli_getopt_error(cmd, argv, optind, c, optopt);
		}
	}
	return 0;
}

int report_out_file(const char *out, const char *name, char *buf, size_t len, char *err, size_t errlen)
{
	size_t n = strlen(out);
	struct stat st;
	bool slash = n && out[n - 1] == '/';

	if (!slash && (stat(out, &st) || !S_ISDIR(st.st_mode)))
		return 0;
	/* A folder, said by its trailing slash or by being one: the file goes into it. */
	while (n > 1 && out[n - 1] == '/')
		n--;
	if ((size_t)snprintf(buf, len, "%.*s/%s", (int)n, out, name) >= len) {
		snprintf(err, errlen, "-o: the folder name is %zu bytes long; at most %zu fit", n, len - strlen(name) - 2);
		return -ENAMETOOLONG;
	}
	/* A folder that is not there yet is made as the page is written (report_write). */
	return 1;
}

/*
 * --text: what the command that wrote doc printed when it ended, from the
 * document (reports/term.h), with the folder of path in its next steps.
 */
static int report_text(struct json_object *doc, const struct report_kind *kind, const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int ret;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == path ? 1 : (int)(slash - path), path);
	ret = term_render(stdout, doc, (enum result_kind)(kind->info - result_kinds), dir, text_columns(STDOUT_FILENO));
	json_object_put(doc);
	if (ret) {
		cli_error("report: --text: a %s result has no summary of its own; see its drives' results",
			  kind->info->name);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int cmd_report(int argc, char **argv)
{
	const char *out = NULL, *png = NULL, *db = NULL;
	const struct report_kind *kind;
	bool text = false;
	char err[4352], defout[4200], path[PATH_MAX];
	struct json_object *doc;
	struct stat st;
	int ret;

	if (db_fleet_wanted(argc, argv))
		return db_fleet_report(argc, argv);
	if ((ret = report_options(argc, argv, "report", &out, &png, NULL, &db, &text)))
		return ret;
	if (db) {
		cli_error("report: --db goes with --fleet (the fleet page of a store)");
		return EXIT_USAGE;
	}
	if (text && (out || png)) {
		cli_error("report: --text prints the summary and writes nothing; give it without -o and --png");
		return EXIT_USAGE;
	}
	/* Several pts results of one drive, or a pts all folder: their combined page. */
	if (pts_suite_wanted(argv + optind, (size_t)(argc - optind)))
		return cmd_report_pts(argv + optind, (size_t)(argc - optind), out, png, text);
	if (optind != argc - 1) {
		cli_error(optind >= argc ? "report needs a RESULT.json; see ssdprof report --help"
					 : "report takes one RESULT.json (ssdprof compare puts several on the same charts)");
		return EXIT_USAGE;
	}
	/* A results folder (a batch's, say): the document it holds. */
	if (!stat(argv[optind], &st) && S_ISDIR(st.st_mode)) {
		if ((size_t)snprintf(path, sizeof(path), "%s/result.json", argv[optind]) >= sizeof(path)) {
			cli_error("report: the folder name is too long");
			return EXIT_USAGE;
		}
		argv[optind] = path;
	}
	/* A file that is not a result is bad input; a report that cannot be written is a failure. */
	if (report_load(argv[optind], &doc, &kind, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	if (text)
		return report_text(doc, kind, argv[optind]);
	if (!out) {
		report_default_out(argv[optind], defout, sizeof(defout));
		out = defout;
	} else if ((ret = report_out_file(out, "report.html", defout, sizeof(defout), err, sizeof(err))) < 0) {
		cli_error("report: %s", err);
		json_object_put(doc);
		return EXIT_USAGE;
	} else if (ret) {
		out = defout;
	}
	/* Every file written is named on stderr, the page first. */
	ret = report_make(doc, kind, out, png, stderr, err, sizeof(err));
	if (ret)
		cli_error("report: %s", err);
	json_object_put(doc);
	chart_release_fonts();
	/* A page that would replace a file that is not one is refused like bad input: nothing was written. */
	return ret == -EEXIST ? EXIT_USAGE : ret ? EXIT_RUN_FAILED : EXIT_OK;
}
