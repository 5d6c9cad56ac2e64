/* SPDX-License-Identifier: MIT */
/*
 * ssdprof compare: the options and the exit codes; loading, the table and
 * the page are reports/compare.c.
 */
#include <getopt.h>   /* optind, set by report_options */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/db_opts.h"
#include "cli/report.h"
#include "reports/chart.h"
#include "reports/compare.h"
#include "reports/report.h"
#include "reports/report_qualify.h"
#include "reports/table.h"
#include "reports/term.h"
#include "util/escape.h"
#include "util/strbuf.h"
#include "util/text.h"

const char cmd_compare_usage[] =
	"usage: ssdprof compare RESULT.json RESULT.json... [-o compare.html] [--png DIR] [--rank-by FIGURE]\n"
	"       ssdprof compare --db FILE SERIAL SERIAL... [-o compare.html] ...\n"
	"\n"
	"Put several results of one kind (sweeps, slc probes or runs, one schema\n"
	"version) side by side: a table on the terminal (for sweeps with the life at\n"
	"the recommended OP where the drive's endurance is rated), and with -o an HTML\n"
	"page that opens with the best drive and the drives ranked as bars, then every\n"
	"drive on the same charts: steady IOPS (log scale) and WA against OP with each\n"
	"knee, SLC cache size and post-cache speed, IOPS against queue depth.\n"
	"pts results of one test: every figure (the IOPS matrix's 56 cells, ...)\n"
	"per drive and its ratio to the first (B/A), the curves overlaid; pts all\n"
	"folders (DIR/TEST/result.json) are compared test by test.\n"
	"\n"
	"  -o, --out FILE   also write the HTML page\n"
	"  --png DIR        with -o, also write every chart as a PNG into DIR\n"
	"  --rank-by FIGURE list the drives best first (and rank the page's bars) by\n"
	"                   steady_iops, p99_9_write_us, post_cache_mbps (slc results),\n"
	"                   life_years (sweeps: at the recommended OP), qd1_read_us,\n"
	"                   qd1_write_us or read_iops (the run results of qualify's QD\n"
	"                   curves)\n"
	"  --db FILE        the drives by SERIAL from a store (ssdprof db): each one's\n"
	"                   latest sweep (else slc probe, else run); '-' for $SSDPROF_DB\n"
	"                   or ./" DB_DEFAULT_PATH "\n"
	"\n"
	"Example: ssdprof compare budget/result.json dc/result.json -o drives.html\n";

/* Under the table, a line for each result that is partial: its figures are not the whole measurement. */
static void compare_print_partial(const struct compare_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		struct strbuf why = { 0 };

		report_partial(&why, set->e[i].doc, set->kind);
		/* The label and the why come from the documents: no control byte reaches the terminal. */
		if (why.len) {
			fputs("partial: ", stdout);
			escape_ctl_fputs(set->e[i].label, stdout);
			fputs(": ", stdout);
			escape_ctl_fputs(why.p, stdout);
			putchar('\n');
		}
		sb_free(&why);
	}
}

int cmd_compare(int argc, char **argv)
{
	const char *out = NULL, *png = NULL, *rank_by = NULL, *db = NULL;
	struct compare_set set;
	struct table t = { 0 };
	char err[4352];
	int rc;

	if ((rc = report_options(argc, argv, "compare", &out, &png, &rank_by, &db, NULL)))
		return rc;
	if (argc - optind < 2 || argc - optind > COMPARE_MAX) {
		cli_error("compare needs 2 to %d %s; see ssdprof compare --help", COMPARE_MAX,
			  db ? "SERIALs" : "RESULT.json files");
		return EXIT_USAGE;
	}
	if (png && !out) {
		cli_error("compare: --png goes with -o FILE");
		return EXIT_USAGE;
	}
	/* Files that are not results of one kind are bad input; a page that cannot be written is a failure. */
	if (db && (rc = db_compare_load(&set, db_path(strcmp(db, "-") ? db : NULL), argv + optind,
					  (size_t)(argc - optind))))
		goto out;
	rc = EXIT_USAGE;
	if (!db && compare_load(&set, argv + optind, (size_t)(argc - optind), err, sizeof(err))) {
		cli_error("compare: %s", err);
		goto out;
	}
	if (rank_by && compare_rank(&set, rank_by, err, sizeof(err))) {
		cli_error("compare: %s", err);
		goto out;
	}
	compare_table(&set, &t);
	/* On a terminal, in its width; to a file or a pipe, the page's table as it is. */
	term_compare(stdout, &set, &t, isatty(STDOUT_FILENO) ? text_columns(STDOUT_FILENO) : 0);
	compare_print_partial(&set);
	rc = EXIT_OK;
	if (out) {
		/* Every file written is named on stderr, the page first. */
		if (compare_make(&set, &t, out, png, stderr, err, sizeof(err))) {
			cli_error("compare: %s", err);
			rc = EXIT_RUN_FAILED;
		}
	}
out:
	table_free(&t);
	compare_free(&set);
	chart_release_fonts();
	return rc;
}
