// SPDX-License-Identifier: MIT
/* Which store, opened how, and compare's drives from it (cli/db_opts.h). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/db_opts.h"
#include "cli/report.h"
#include "reports/compare.h"
#include "reports/report.h"
#include "reports/report_fleet.h"
#include "results/json_get.h"
#include "store/store.h"
#include "util/escape.h"

int db_opt_value(const char *cmd, const char *name, const char **slot, const char *arg)
{
	if (*slot) {
		cli_error("%s: %s is given twice; give it once", cmd, name);
		return EXIT_USAGE;
	}
	if (!*arg) {
		cli_error("%s: %s: empty file name; give a file, e.g. %s %s", cmd, name, name,
			  strcmp(name, "--db") ? "fleet.html" : "lab.db");
		return EXIT_USAGE;
	}
	*slot = arg;
	return 0;
}

const char *db_path(const char *given)
{
	const char *env = getenv("SSDPROF_DB");

	if (given)
		return given;
	return env && *env ? env : DB_DEFAULT_PATH;
}

int db_open(const char *cmd, const char *path, bool create, struct store **s)
{
	char err[8192];
	int ret = store_open(path, create, s, err, sizeof(err));

	if (!ret)
		return EXIT_OK;
	cli_error("%s: %s", cmd, err);
	return ret == -EIO ? EXIT_RUN_FAILED : EXIT_USAGE;
}

int db_compare_load(struct compare_set *set, const char *path, char *const *serials, size_t n)
{
	static const char *const kinds[] = { "sweep", "slc", "run", NULL };
	const char *kind = NULL;
	struct store *s;
	char err[8192];
	int rc;

	*set = (struct compare_set){ 0 };
	if ((rc = db_open("compare", path, false, &s)))
		return rc;
	rc = EXIT_OK;
	for (size_t i = 0; i < n && !rc; i++) {
		struct compare_entry *e = &set->e[i];
		const char *p;
		int ret = store_latest_doc(s, serials[i], kinds, &kind, &e->doc, err, sizeof(err));

		if (ret) {
			cli_error("compare: %s", err);
			rc = ret == -EIO ? EXIT_RUN_FAILED : EXIT_USAGE;
			break;
		}
		set->n++;
		set->kind = report_kind_of((enum result_kind)result_kind_find(kind));
		/* The serial stands for the file a comparison of files names. */
		e->file = serials[i];
		p = jstr(jget(e->doc, "target"), "path");
		snprintf(e->label, sizeof(e->label), "%s (%s)", p ? p : "?", serials[i]);
	}
	store_close(s);
	return rc;
}

bool db_fleet_wanted(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--fleet"))
			return true;
	return false;
}

/* --fleet, --db FILE, -o FILE: 0 with *db and *out (NULL when not given), or an exit code. */
static int fleet_options(int argc, char **argv, const char **db, const char **out)
{
	static const struct option opts[] = {
		{ "fleet", no_argument, NULL, 'f' },
		{ "db", required_argument, NULL, 'd' },
		{ "out", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":o:", opts, NULL)) != -1) {
		int rc = c == 'f' ? 0
			 : c == 'd' ? db_opt_value("report", "--db", db, optarg)
			 : c == 'o' ? db_opt_value("report", "-o/--out", out, optarg)
				    : cli_getopt_error("report", argv, optind, c, optopt);

		if (rc)
			return rc;
	}
	if (optind < argc) {
		cli_error("report --fleet takes its drives from the store, no RESULT.json; see ssdprof report --help");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int db_fleet_report(int argc, char **argv)
{
	const char *db = NULL, *out = NULL, *path;
	char err[8192], buf[4200];
	struct json_object *rows = NULL;
	struct store *s;
	ESCAPE_BUF(q);
	int rc, ret;

	if ((rc = fleet_options(argc, argv, &db, &out)))
		return rc;
	path = db_path(db);
	if (!out) {
		out = "fleet.html";
	} else if ((ret = report_out_file(out, "fleet.html", buf, sizeof(buf), err, sizeof(err))) < 0) {
		cli_error("report: %s", err);
		return EXIT_USAGE;
	} else if (ret) {
		out = buf;
	}
	if ((rc = db_open("report", path, false, &s)))
		return rc;
	ret = store_query(s, STORE_Q_DRIVES, NULL, &rows, err, sizeof(err));
	store_close(s);
	if (ret) {
		cli_error("report: %s", err);
		return EXIT_RUN_FAILED;
	}
	ret = report_fleet_make(rows, escape_arg(q, sizeof(q), path), out, err, sizeof(err));
	json_object_put(rows);
	if (ret) {
		cli_error("report: %s", err);
		/* A page that would replace a file that is not one is refused like bad input: nothing was written. */
		return ret == -EEXIST ? EXIT_USAGE : EXIT_RUN_FAILED;
	}
	fprintf(stderr, "report: %s\n", out);
	return EXIT_OK;
}
