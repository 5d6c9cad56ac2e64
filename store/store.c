// SPDX-License-Identifier: MIT
/*
 * Opening the store: what the file must be before SQLite reads it, the
 * schema a new store gets (docs/store.md documents every table and
 * column), and the statement helpers the other files share.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "store/store.h"
#include "store/store_priv.h"
#include "util/escape.h"
#include "util/input_file.h"

/* Version 1.  A later version adds its changes after these, run on an older store when it opens it. */
static const char schema_v1[] =
	"CREATE TABLE hosts ("
	" id INTEGER PRIMARY KEY,"
	" hostname TEXT NOT NULL UNIQUE,"
	" os TEXT,"
	" kernel TEXT);"
	"CREATE TABLE drives ("
	" id INTEGER PRIMARY KEY,"
	" identity TEXT NOT NULL UNIQUE,"
	" kind TEXT NOT NULL,"
	" path TEXT,"
	" model TEXT,"
	" serial TEXT,"
	" firmware TEXT,"
	" capacity_bytes INTEGER,"
	" lba_bytes INTEGER);"
	"CREATE INDEX drives_model ON drives(model);"
	"CREATE INDEX drives_serial ON drives(serial);"
	"CREATE TABLE runs ("
	" id INTEGER PRIMARY KEY,"
	" sha256 TEXT NOT NULL UNIQUE,"
	" kind TEXT NOT NULL,"
	" command TEXT,"
	" started TEXT,"
	" finished TEXT,"
	" tool_version TEXT,"
	" firmware TEXT,"
	" host_id INTEGER REFERENCES hosts(id),"
	" drive_id INTEGER REFERENCES drives(id),"
	" complete INTEGER,"
	" interrupted INTEGER NOT NULL,"
	" error TEXT,"
	" recommended_op_percent REAL,"
	" headline_point INTEGER,"
	" source TEXT NOT NULL,"
	" imported TEXT NOT NULL,"
	" document TEXT NOT NULL);"
	"CREATE INDEX runs_drive ON runs(drive_id);"
	"CREATE TABLE points ("
	" run_id INTEGER NOT NULL REFERENCES runs(id),"
	" idx INTEGER NOT NULL,"
	" op_percent REAL,"
	" qd INTEGER,"
	" iops REAL,"
	" mbps REAL,"
	" lat_mean_us REAL,"
	" lat_p50_us REAL,"
	" lat_p99_us REAL,"
	" lat_p999_us REAL,"
	" lat_p9999_us REAL,"
	" lat_max_us REAL,"
	" waf REAL,"
	" life_years REAL,"
	" steady INTEGER,"
	" PRIMARY KEY (run_id, idx));"
	"CREATE TABLE slc ("
	" run_id INTEGER PRIMARY KEY REFERENCES runs(id),"
	" cache_bytes INTEGER,"
	" write_buffer_bytes INTEGER,"
	" in_cache_mbps REAL,"
	" post_cache_mbps REAL,"
	" cliff INTEGER,"
	" prefill_bytes INTEGER,"
	" drive_seconds REAL);"
	"CREATE TABLE verdicts ("
	" run_id INTEGER NOT NULL REFERENCES runs(id),"
	" idx INTEGER NOT NULL,"
	" drive_id INTEGER REFERENCES drives(id),"
	" firmware TEXT,"
	" verdict TEXT,"
	" chosen_op_percent REAL,"
	" error TEXT,"
	" results TEXT,"
	" PRIMARY KEY (run_id, idx));"
	"CREATE INDEX verdicts_drive ON verdicts(drive_id);"
	"CREATE TABLE requirements ("
	" run_id INTEGER NOT NULL REFERENCES runs(id),"
	" verdict_idx INTEGER NOT NULL,"
	" idx INTEGER NOT NULL,"
	" name TEXT,"
	" cmp TEXT,"
	" limit_value REAL,"
	" measured REAL,"
	" pass INTEGER,"
	" margin REAL,"
	" PRIMARY KEY (run_id, verdict_idx, idx));";

/*
 * Version 2: the PTS results' own rows (a v1 store kept a pts result as its
 * run alone).  Run on a new store after v1, and on a v1 store that import
 * opens, whose pts runs then get their rows from their stored documents.
 */
static const char schema_v2[] =
	"CREATE TABLE pts_runs ("
	" run_id INTEGER PRIMARY KEY REFERENCES runs(id),"
	" test TEXT NOT NULL,"
	" drive_seconds REAL,"
	" stages INTEGER NOT NULL,"
	" series_stop TEXT);"
	"CREATE INDEX pts_runs_test ON pts_runs(test);"
	"CREATE TABLE pts_cells ("
	" run_id INTEGER NOT NULL REFERENCES runs(id),"
	" stage INTEGER NOT NULL,"
	" idx INTEGER NOT NULL,"
	" test TEXT NOT NULL,"
	" label TEXT NOT NULL,"
	" rw TEXT,"
	" bs INTEGER,"
	" read_pct INTEGER,"
	" workload TEXT,"
	" threads INTEGER,"
	" qd INTEGER,"
	" iops REAL,"
	" mbps REAL,"
	" lat_mean_us REAL,"
	" lat_p99_us REAL,"
	" lat_p99999_us REAL,"
	" lat_max_us REAL,"
	" ios INTEGER,"
	" read_share_pct REAL,"
	" tracked INTEGER NOT NULL,"
	" steady INTEGER,"
	" rounds INTEGER,"
	" window_rounds INTEGER,"
	" dirth_point TEXT,"
	" PRIMARY KEY (run_id, stage, idx));"
	"CREATE TABLE pts_phases ("
	" run_id INTEGER NOT NULL REFERENCES runs(id),"
	" idx INTEGER NOT NULL,"
	" test TEXT NOT NULL,"
	" name TEXT,"
	" rw TEXT,"
	" bs INTEGER,"
	" qd INTEGER,"
	" burst_s REAL,"
	" idle_s REAL,"
	" reps INTEGER,"
	" iops REAL,"
	" mbps REAL,"
	" lat_mean_us REAL,"
	" lat_p99999_us REAL,"
	" lat_max_us REAL,"
	" ios INTEGER,"
	" bytes INTEGER,"
	" seconds REAL,"
	" level_iops REAL,"
	" settle_s REAL,"
	" vs_steady_pct REAL,"
	" PRIMARY KEY (run_id, idx));";

/* Each version's changes, in order: schemas[v - 1] brings a store of version v - 1 to v. */
static const char *const schemas[STORE_SCHEMA_VERSION] = { schema_v1, schema_v2 };

int store_fail(struct store *s, const char *what, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
	return -EIO;
}

int store_prepare(struct store *s, const char *sql, sqlite3_stmt **stmt, char *err, size_t errlen)
{
	if (sqlite3_prepare_v2(s->db, sql, -1, stmt, NULL) != SQLITE_OK)
		return store_fail(s, "cannot read the store", err, errlen);
	return 0;
}

int store_exec(struct store *s, const char *sql, char *err, size_t errlen)
{
	if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_fail(s, "cannot write the store", err, errlen);
	return 0;
}

void store_bind_text(sqlite3_stmt *st, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(st, i, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

void store_bind_num(sqlite3_stmt *st, int i, double v)
{
	if (isfinite(v))
		sqlite3_bind_double(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

void store_bind_int(sqlite3_stmt *st, int i, double v)
{
	/* The loader holds integers to integers; 2^63 and beyond would not convert. */
	if (isfinite(v) && v == floor(v) && fabs(v) < 9.2e18)
		sqlite3_bind_int64(st, i, (sqlite3_int64)v);
	else
		sqlite3_bind_null(st, i);
}

static struct json_object *column_json(sqlite3_stmt *st, int c)
{
	char text[32];

	switch (sqlite3_column_type(st, c)) {
	case SQLITE_INTEGER:
		return json_object_new_int64(sqlite3_column_int64(st, c));
	case SQLITE_FLOAT:
		/* As a document prints it (50384.4), not json-c's 17 digits (50384.400000000001). */
		snprintf(text, sizeof(text), "%.15g", sqlite3_column_double(st, c));
		return json_object_new_double_s(sqlite3_column_double(st, c), text);
	case SQLITE_TEXT:
		return json_object_new_string_len((const char *)sqlite3_column_text(st, c), sqlite3_column_bytes(st, c));
	default:
		return NULL;
	}
}

int store_rows_json(struct store *s, sqlite3_stmt *st, struct json_object *rows, char *err, size_t errlen)
{
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct json_object *row = json_object_new_object();

		if (!row || json_object_array_add(rows, row)) {
			json_object_put(row);
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		for (int c = 0; c < sqlite3_column_count(st); c++)
			json_object_object_add(row, sqlite3_column_name(st, c), column_json(st, c));
	}
	return rc == SQLITE_DONE ? 0 : store_fail(s, "cannot read the store", err, errlen);
}

/* One integer a pragma or a count answers, or -1 when the file cannot answer. */
static long long ask_int(struct store *s, const char *sql)
{
	sqlite3_stmt *st;
	long long v = -1;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * What path is before SQLite opens it: 0 an SQLite file, 1 empty or
 * missing (a new store), -errno refused with why in err.
 */
static int check_file(struct store *s, const char *path, bool create, char *err, size_t errlen)
{
	static const char magic[16] = "SQLite format 3";
	char head[16], why[256];
	struct stat st;
	size_t got;
	FILE *f;
	int ret;

	if (stat(path, &st) && errno == ENOENT) {
		if (create)
			return 1;
		snprintf(err, errlen, "%s: no store there; make one with ssdprof db import --db FILE DIR", s->path);
		return -ENOENT;
	}
	/* Regular files only: a FIFO would block, a device is no store (util/input_file.c). */
	if ((ret = input_file_open(path, &f, why, sizeof(why))) < 0) {
		snprintf(err, errlen, "%s: %s", s->path, why);
		return ret == -ENOENT ? ret : -EINVAL;
	}
	got = fread(head, 1, sizeof(head), f);
	fclose(f);
	if (got == 0 && create)
		return 1;
	if (got == 0) {
		snprintf(err, errlen, "%s: an empty file, not a store; import results first: ssdprof db import --db "
			 "FILE DIR", s->path);
		return -EINVAL;
	}
	if (got < sizeof(head) || memcmp(head, magic, sizeof(magic))) {
		snprintf(err, errlen, "%s: not an ssdprof store (not an SQLite database); give another --db FILE",
			 s->path);
		return -EINVAL;
	}
	return 0;
}

/*
 * The schema from version from (0: a new store) up to this ssdprof's, in
 * one transaction so a crash leaves no half store: each version's changes,
 * then, on a store that had results before version 2, the pts rows of its
 * pts runs from their documents.
 */
static int upgrade_schema(struct store *s, long long from, char *err, size_t errlen)
{
	char pragmas[128];
	int ret;

	snprintf(pragmas, sizeof(pragmas), "PRAGMA application_id = %d; PRAGMA user_version = %d;",
		 STORE_APPLICATION_ID, STORE_SCHEMA_VERSION);
	if ((ret = store_exec(s, "BEGIN IMMEDIATE", err, errlen)))
		return ret;
	for (long long v = from; !ret && v < STORE_SCHEMA_VERSION; v++)
		ret = store_exec(s, schemas[v], err, errlen);
	if (!ret && from >= 1 && from < 2)
		ret = store_import_pts_runs(s, err, errlen);
	if (ret || (ret = store_exec(s, pragmas, err, errlen))) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return ret;
	}
	return store_exec(s, "COMMIT", err, errlen);
}

/* The file is SQLite: is it ours, and of a version this ssdprof reads? */
static int check_schema(struct store *s, bool create, char *err, size_t errlen)
{
	long long app = ask_int(s, "PRAGMA application_id");
	long long version = ask_int(s, "PRAGMA user_version");
	long long tables = ask_int(s, "SELECT count(*) FROM sqlite_master");
	int ret;

	if (app < 0 || version < 0 || tables < 0)
		return store_fail(s, "not an ssdprof store", err, errlen);
	if (app == 0 && version == 0 && tables == 0) {
		if (create && !(ret = upgrade_schema(s, 0, err, errlen)))
			s->version = STORE_SCHEMA_VERSION;
		if (create)
			return ret;
		snprintf(err, errlen, "%s: an empty store; import results first: ssdprof db import --db FILE DIR",
			 s->path);
		return -ENOENT;
	}
	if (app != STORE_APPLICATION_ID) {
		snprintf(err, errlen, "%s: an SQLite database, but not an ssdprof store; give another --db FILE",
			 s->path);
		return -EINVAL;
	}
	if (version > STORE_SCHEMA_VERSION) {
		snprintf(err, errlen, "%s: made by a newer ssdprof (store schema %lld; this one reads %d); use that "
			 "ssdprof or another --db FILE", s->path, version, STORE_SCHEMA_VERSION);
		return -EINVAL;
	}
	if (version < 1) {
		snprintf(err, errlen, "%s: an ssdprof store without a schema version; give another --db FILE", s->path);
		return -EINVAL;
	}
	s->version = (int)version;
	/* An older store: import brings it up to date; a question reads what it has (store_query_pts says). */
	if (version < STORE_SCHEMA_VERSION && create) {
		if ((ret = upgrade_schema(s, version, err, errlen)))
			return ret;
		s->version = STORE_SCHEMA_VERSION;
	}
	return 0;
}

int store_open(const char *path, bool create, struct store **out, char *err, size_t errlen)
{
	struct store *s = calloc(1, sizeof(*s));
	int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
	int ret;

	*out = NULL;
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	escape_arg(s->path, sizeof(s->path), path);
	if ((ret = check_file(s, path, create, err, errlen)) < 0)
		goto fail;
	if (sqlite3_open_v2(path, &s->db, flags, NULL) != SQLITE_OK) {
		ret = store_fail(s, "cannot open the store", err, errlen);
		goto fail;
	}
	/* A store may come from elsewhere: its schema runs no functions, views or triggers of its own. */
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
	sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
	sqlite3_busy_timeout(s->db, 10000);
	if ((ret = check_schema(s, create, err, errlen)))
		goto fail;
	*out = s;
	return 0;
fail:
	store_close(s);
	return ret;
}

void store_close(struct store *s)
{
	if (!s)
		return;
	sqlite3_close(s->db);
	free(s);
}
