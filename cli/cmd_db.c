// SPDX-License-Identifier: MIT
/*
 * ssdprof db: the results store (docs/store.md).  import fills it from
 * result folders; drives, model, serial and best-op ask it, each printing
 * a table that fits 80 columns or, with --json, the rows store/ answered.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/db_opts.h"
#include "profiler/pts.h"
#include "reports/term_db.h"
#include "results/json_get.h"
#include "store/store.h"
#include "util/escape.h"
#include "util/text.h"

const char cmd_db_usage[] =
	"usage: ssdprof db import [--db FILE] DIR|RESULT.json...\n"
	"       ssdprof db drives [--db FILE] [--json]\n"
	"       ssdprof db model MODEL [--db FILE] [--json]\n"
	"       ssdprof db serial SERIAL [--db FILE] [--json]\n"
	"       ssdprof db best-op [--db FILE] [--json]\n"
	"       ssdprof db pts [--test TEST] [--model MODEL] [--serial SERIAL]\n"
	"                      [--db FILE] [--json]\n"
	"\n"
	"Keep every result of a lab in one SQLite file and ask it what a fleet did.\n"
	"\n"
	"  import    add the results under each folder (every result.json, walked\n"
	"            recursively) or each file named; a result already in the store\n"
	"            adds nothing; a damaged file or an unknown kind is refused with\n"
	"            one line and the rest imported (exit 2 when any was refused)\n"
	"  drives    every drive: its latest verdict, recommended OP, IOPS and WA\n"
	"  model     a model's results across drives, hosts and firmware\n"
	"  serial    a drive's history, oldest first\n"
	"  best-op   per model, the OP its sweeps recommend most often\n"
	"  pts       the latest PTS result of each test on each drive: the IOPS\n"
	"            matrix, or each cell's IOPS, MB/s and response times, with\n"
	"            the steady state, and HIR's, WSAT's and XSR's phases; --test\n"
	"            (iops, latency, ...), --model and --serial narrow it\n"
	"\n"
	"  --db FILE  the store (default: $SSDPROF_DB, else ./" DB_DEFAULT_PATH "); import\n"
	"             makes it when missing\n"
	"  --json     print the rows as JSON instead of a table\n"
	"\n"
	"Example: ssdprof db import --db lab.db results/ && ssdprof db drives --db lab.db\n";

struct db_args {
	const char *db;
	bool json;
	struct store_pts_filter pts;   /* db pts's --test, --model, --serial */
};

/* The answer: JSON, or a table (and a line when it is empty). */
static int print_rows(struct json_object *rows, const struct db_col *cols, const struct db_args *a,
		      const char *none)
{
	if (a->json) {
		puts(json_object_to_json_string_ext(rows, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	} else if (!jlen(rows)) {
		puts(none);
	} else {
		term_db_rows(stdout, rows, cols);
	}
	return fflush(stdout) || ferror(stdout) ? EXIT_RUN_FAILED : EXIT_OK;
}

/* db pts's --test (a PTS test ssdprof has), --model or --serial (any text; exact match), each once. */
static int pts_filter(const char *cmd, int c, const char *arg, struct store_pts_filter *f)
{
	const char **slot = c == 't' ? &f->test : c == 'm' ? &f->model : &f->serial;
	const char *name = c == 't' ? "--test" : c == 'm' ? "--model" : "--serial";
	ESCAPE_BUF(q);

	if (*slot) {
		cli_error("%s: %s is given twice; give it once", cmd, name);
		return EXIT_USAGE;
	}
	*slot = arg;
	if (c != 't')
		return EXIT_OK;
	for (int t = 0; t < PTS_TEST_COUNT; t++)
		if (!strcmp(arg, pts_test_name((enum pts_test)t)))
			return EXIT_OK;
	cli_error("%s: --test: '%s' is not a PTS test; use iops, latency, throughput, wsat, hir, xsr, cbw or dirth",
		  cmd, escape_arg(q, sizeof(q), arg));
	return EXIT_USAGE;
}

/* --db FILE and --json, after the subcommand's name; operands left from optind. */
static int db_options(int argc, char **argv, const char *cmd, struct db_args *a)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "test", required_argument, NULL, 't' },
		{ "model", required_argument, NULL, 'm' },
		{ "serial", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		if (c == 'd') {
			int rc = db_opt_value(cmd, "--db", &a->db, optarg);

			if (rc)
				return rc;
		} else if (c == 'j' && !strcmp(cmd, "db import")) {
			cli_error("db import: --json goes with the questions (db drives --json, ...)");
			return EXIT_USAGE;
		} else if (c == 'j') {
			a->json = true;
		} else if ((c == 't' || c == 'm' || c == 's') && strcmp(cmd, "db pts")) {
			cli_error("%s: --test, --model and --serial go with db pts", cmd);
			return EXIT_USAGE;
		} else if (c == 't' || c == 'm' || c == 's') {
			int rc = pts_filter(cmd, c, optarg, &a->pts);

			if (rc)
				return rc;
		} else {
			return cli_getopt_error(cmd, argv, optind, c, optopt);
		}
	}
	return EXIT_OK;
}

/* import's line for each file refused, on stderr as it goes. */
static void import_note(void *ctx, const char *path, enum store_outcome o, const char *line)
{
	(void)ctx;
	(void)path;
	if (o == STORE_REFUSED)
		cli_error("db import: refused %s", line);
}

static int db_import(int argc, char **argv, const struct db_args *a)
{
	struct store_import_counts n;
	struct store *s;
	char err[8192];
	int rc, ret;

	if (optind >= argc) {
		cli_error("db import needs a folder or RESULT.json; see ssdprof db --help");
		return EXIT_USAGE;
	}
	if ((rc = db_open("db import", db_path(a->db), true, &s)))
		return rc;
	ret = store_import(s, argv + optind, (size_t)(argc - optind), import_note, NULL, &n, err, sizeof(err));
	store_close(s);
	if (ret) {
		cli_error("db import: %s; nothing imported", err);
		return EXIT_RUN_FAILED;
	}
	fprintf(stderr, "db import: %u added, %u already in the store, %u refused\n", n.added, n.duplicate,
		n.refused);
	return n.refused ? EXIT_USAGE : EXIT_OK;
}

static int db_ask(const char *cmd, const struct db_args *a, enum store_question q, const char *arg,
		  const struct db_col *cols, const char *none)
{
	struct json_object *rows;
	struct store *s;
	char err[8192];
	int rc;

	if ((rc = db_open(cmd, db_path(a->db), false, &s)))
		return rc;
	if (store_query(s, q, arg, &rows, err, sizeof(err))) {
		cli_error("%s: %s", cmd, err);
		store_close(s);
		return EXIT_RUN_FAILED;
	}
	rc = print_rows(rows, cols, a, none);
	json_object_put(rows);
	store_close(s);
	return rc;
}

/* db pts: the latest PTS result of each test on each drive the filter keeps. */
static int db_pts(const struct db_args *a)
{
	struct json_object *ans;
	struct store *s;
	char err[8192];
	int rc, ret;

	if ((rc = db_open("db pts", db_path(a->db), false, &s)))
		return rc;
	ret = store_query_pts(s, &a->pts, &ans, err, sizeof(err));
	store_close(s);
	if (ret) {
		cli_error("db pts: %s", err);
		return ret == -EINVAL ? EXIT_USAGE : EXIT_RUN_FAILED;
	}
	if (a->json)
		puts(json_object_to_json_string_ext(ans, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	else if (!jlen(jget(ans, "runs")))
		puts("no PTS results in the store that match");
	else
		term_db_pts(stdout, ans, text_columns(STDOUT_FILENO));
	json_object_put(ans);
	return fflush(stdout) || ferror(stdout) ? EXIT_RUN_FAILED : EXIT_OK;
}

int cmd_db(int argc, char **argv)
{
	static const struct {
		const char *name;
		enum store_question q;
		int operands;          /* -1: import's one or more */
		const struct db_col *cols;
		const char *none;
	} subs[] = {
		{ "import", STORE_Q_COUNT, -1, NULL, NULL },
		{ "drives", STORE_Q_DRIVES, 0, term_db_drives, "no drives in the store" },
		{ "model", STORE_Q_MODEL, 1, term_db_history, "no results of that model in the store" },
		{ "serial", STORE_Q_SERIAL, 1, term_db_history, "no results of that serial in the store" },
		{ "best-op", STORE_Q_BEST_OP, 0, term_db_best_op, "no complete sweeps with a recommendation in the store" },
		{ "pts", STORE_Q_COUNT, 0, NULL, NULL },
	};
	struct db_args a = { 0 };
	char cmd[32];
	ESCAPE_BUF(q);
	size_t i;
	int rc;

	if (argc < 2) {
		cli_error("db needs a subcommand: import, drives, model, serial, best-op or pts; see ssdprof db --help");
		return EXIT_USAGE;
	}
	for (i = 0; i < sizeof(subs) / sizeof(subs[0]) && strcmp(subs[i].name, argv[1]); i++)
		;
	if (i == sizeof(subs) / sizeof(subs[0])) {
		cli_error("db: '%s' is not a subcommand: import, drives, model, serial, best-op or pts",
			  escape_arg(q, sizeof(q), argv[1]));
		return EXIT_USAGE;
	}
	snprintf(cmd, sizeof(cmd), "db %s", subs[i].name);
	if ((rc = db_options(argc - 1, argv + 1, cmd, &a)))
		return rc;
	/* optind counts in argv + 1. */
	if (subs[i].operands < 0)
		return db_import(argc - 1, argv + 1, &a);
	if (argc - 1 - optind != subs[i].operands) {
		cli_error(subs[i].operands ? "%s takes one %s; see ssdprof db --help"
					   : "%s takes no operand%s; see ssdprof db --help", cmd,
			  subs[i].operands ? (i == 2 ? "MODEL" : "SERIAL") : "");
		return EXIT_USAGE;
	}
	if (!strcmp(subs[i].name, "pts"))
		return db_pts(&a);
	return db_ask(cmd, &a, subs[i].q, subs[i].operands ? argv[1 + optind] : NULL, subs[i].cols, subs[i].none);
}
