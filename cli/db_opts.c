// SPDX-License-Identifier: MIT
/* Which store, opened how, and compare's drives from it (cli/db_opts.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/db_opts.h"
#include "reports/compare.h"
#include "reports/report.h"
#include "results/json_get.h"
#include "store/store.h"
#include "util/escape.h"

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
