/* SPDX-License-Identifier: MIT */
/* What the files of store/ share: the handle and the statement helpers. */
#ifndef SSDPROF_STORE_PRIV_H
#define SSDPROF_STORE_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

struct json_object;

struct store {
	sqlite3 *db;
	char path[4096];   /* as given, escaped for messages */
	int version;       /* its schema (PRAGMA user_version) once opened */
};

/* stmt prepared from sql, or -EIO with sqlite's reason in err. */
int store_prepare(struct store *s, const char *sql, sqlite3_stmt **stmt, char *err, size_t errlen);
/* Run sql (no parameters, no rows), or -EIO with err. */
int store_exec(struct store *s, const char *sql, char *err, size_t errlen);
/* The failure of the last call on s as -EIO, "PATH: WHAT: sqlite's message" into err. */
int store_fail(struct store *s, const char *what, char *err, size_t errlen);

/* Bind text (NULL: null), a number (NAN, infinities: null), an integer from a number (not whole: null). */
void store_bind_text(sqlite3_stmt *st, int i, const char *v);
void store_bind_num(sqlite3_stmt *st, int i, double v);
void store_bind_int(sqlite3_stmt *st, int i, double v);

/* Each row of a stepped statement as an object keyed by column name, appended to rows. */
int store_rows_json(struct store *s, sqlite3_stmt *st, struct json_object *rows, char *err, size_t errlen);

/*
 * Upgrading a store from before version 2: the pts rows (store_import.c)
 * of every pts run it holds, from the run's stored document read again
 * through results/' loader.  0, or -errno with err (a document the loader
 * now refuses: its path and why).
 */
int store_import_pts_runs(struct store *s, char *err, size_t errlen);

#endif
