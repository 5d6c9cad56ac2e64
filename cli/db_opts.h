/* SPDX-License-Identifier: MIT */
/* What `db`, `compare --db` (and later `report --db`) share: which store, opened how. */
#ifndef SSDPROF_CLI_DB_OPTS_H
#define SSDPROF_CLI_DB_OPTS_H

#include <stdbool.h>
#include <stddef.h>

struct store;
struct compare_set;

/* The store used when neither --db nor SSDPROF_DB names one (docs/store.md). */
#define DB_DEFAULT_PATH "ssdprof.db"

/*
 * An option's value arg into *slot for cmd (name "--db", "-o/--out"):
 * refused (one line, EXIT_USAGE) when given twice or empty, else 0.
 */
int db_opt_value(const char *cmd, const char *name, const char **slot, const char *arg);

/* The store's path: given (--db), else $SSDPROF_DB when set and not empty, else DB_DEFAULT_PATH. */
const char *db_path(const char *given);

/*
 * Open the store at path for cmd: create (import) or read-only (the
 * questions).  0, or an exit code after one line: 2 for a file that is
 * not a store of this ssdprof or that is missing, 1 when it cannot be read.
 */
int db_open(const char *cmd, const char *path, bool create, struct store **s);

/*
 * compare --db: the latest result of each serial (a sweep, else an slc
 * probe, else a run; every serial's of the first's kind) into set, as
 * compare_load fills it from files.  0, or an exit code after one line.
 */
int db_compare_load(struct compare_set *set, const char *path, char *const *serials, size_t n);

/* report --fleet: whether argv asks for the fleet page (--fleet before any "--"). */
bool db_fleet_wanted(int argc, char **argv);
/*
 * report --fleet [--db FILE] [-o FILE|DIR]: the page of every drive in the
 * store, ranked, with its verdict (reports/report_fleet.h); fleet.html by
 * default, or in the folder -o names.  An exit code.
 */
int db_fleet_report(int argc, char **argv);

#endif
