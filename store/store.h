/* SPDX-License-Identifier: MIT */
/*
 * The results store (issue 29; docs/store.md): one SQLite file that holds
 * the result documents of many runs, hosts and drives, and answers a lab's
 * questions about them.  Documents come in only through results/' loader
 * (result_load, which validates them), so a store holds nothing a report
 * would refuse.  Every statement is prepared with bound parameters; an
 * import is one transaction, each file a savepoint in it.
 */
#ifndef SSDPROF_STORE_H
#define SSDPROF_STORE_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;
struct store;

/* The schema this ssdprof writes (PRAGMA user_version); a store of a higher one is refused. */
#define STORE_SCHEMA_VERSION 2
/* PRAGMA application_id of an ssdprof store: "SSDp". */
#define STORE_APPLICATION_ID 0x53534470

/*
 * Open the store at path.  With create, a missing or empty file becomes a
 * new store (for import); without, it must exist and is opened read-only.
 * Refused, -EINVAL with one line in err beginning with the path: not a
 * regular file (a FIFO, a folder), not an SQLite database, an SQLite
 * database that is not an ssdprof store, a store made by a newer ssdprof.
 * -ENOENT when it does not exist and create is false.
 */
int store_open(const char *path, bool create, struct store **out, char *err, size_t errlen);
void store_close(struct store *s);

/* What became of one result file an import met. */
enum store_outcome {
	STORE_ADDED,       /* a new result: its rows were added */
	STORE_DUPLICATE,   /* the same document is in the store already: nothing added */
	STORE_REFUSED,     /* not imported: why in the line */
};

/*
 * Called for each result file an import meets, with its outcome and, when
 * refused, one line naming the file and why (no newline).  Nothing below
 * cli/ prints: the caller says it.
 */
typedef void (*store_note_fn)(void *ctx, const char *path, enum store_outcome outcome, const char *line);

struct store_import_counts {
	unsigned added, duplicate, refused;
};

/*
 * Import every result file under each of the n paths: a folder is walked
 * (symbolic links not followed) for files named result.json, a file is
 * imported whatever its name.  One transaction: nothing is written unless
 * the whole import commits; each file is added whole or not at all (a
 * savepoint), and a refused file leaves the others to be imported.
 * Returns 0 (refusals are counted, not errors) or -errno when the store
 * itself fails (err says why; nothing was written).
 */
int store_import(struct store *s, char *const *paths, size_t n, store_note_fn note, void *ctx,
		 struct store_import_counts *counts, char *err, size_t errlen);

/* The questions, each one query of store_query.c. */
enum store_question {
	STORE_Q_DRIVES,    /* every drive: its latest verdict and recommended OP */
	STORE_Q_MODEL,     /* a model's results across hosts and firmware (arg: the model) */
	STORE_Q_SERIAL,    /* a serial's history (arg: the serial) */
	STORE_Q_BEST_OP,   /* the best OP per model, from its sweeps' recommendations */
	STORE_Q_COUNTS,    /* the rows of every table (tests, and import's summary) */
	STORE_Q_COUNT
};

/*
 * The answer to question q (arg where it takes one, bound as a parameter)
 * as a json-c array of objects, one per row, keyed by column name: SQL NULL
 * is null ("not measured").  0 with *rows (the caller puts it) or -errno
 * with err.
 */
int store_query(struct store *s, enum store_question q, const char *arg, struct json_object **rows, char *err,
		size_t errlen);

/* What db pts narrows its answer to: each NULL for any. */
struct store_pts_filter {
	const char *test, *model, *serial;
};

/*
 * The PTS results (docs/store.md): the latest run of each test on each
 * drive that f keeps, as a json-c object of three arrays of rows: "runs"
 * (one per run), "cells" (every cell of every stage) and "phases" (a
 * time-series test's), each row with the run's model, serial, path and
 * run id.  0 with *out (the caller puts it), or -errno with err: -EINVAL
 * for a store made before PTS results had tables (import brings it up to
 * date).
 */
int store_query_pts(struct store *s, const struct store_pts_filter *f, struct json_object **out, char *err,
		    size_t errlen);

/*
 * The latest result of the drive with this serial, of the first of the
 * kinds (names, NULL-ended) it has one of, or of *kind when *kind is set:
 * the document as stored, validated again by results/' loader.  0 with
 * *doc and *kind, -ENOENT with err saying there is none.
 */
int store_latest_doc(struct store *s, const char *serial, const char *const *kinds, const char **kind,
		     struct json_object **doc, char *err, size_t errlen);

#endif
