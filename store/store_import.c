// SPDX-License-Identifier: MIT
/*
 * Importing result documents: each file through results/' loader, known by
 * the SHA-256 of its document (so the same result imported twice, from any
 * folder, adds nothing), then its rows, kind by kind from one table.  A new
 * result kind is one entry of kind_rows[] (the build fails until it has
 * one).  Parameters are always bound: documents are input like any other.
 */
#include <errno.h>
#include <fts.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>
#include <nettle/sha2.h>

#include "results/json_get.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "store/store.h"
#include "store/store_priv.h"
#include "util/escape.h"
#include "util/text.h"

/* One file's import: the store, the run's row, where a failure is said, and a refusal's line. */
struct imp {
	struct store *s;
	sqlite3_int64 run_id;
	char *err;
	size_t errlen;
	char *line;
	size_t len;
};

/*
 * Insert one row: sql with one parameter per letter of types, each taking
 * one argument: t text (NULL: null), n number (NAN: null), i integer
 * given as a double (null when not whole), I sqlite3_int64, b bool (an int).
 * 0, or -EIO with err.
 */
static int put(struct imp *im, const char *sql, const char *types, ...)
{
	sqlite3_stmt *st;
	va_list ap;
	int ret;

	if ((ret = store_prepare(im->s, sql, &st, im->err, im->errlen)))
		return ret;
	va_start(ap, types);
	for (int i = 1; types[i - 1]; i++) {
		switch (types[i - 1]) {
		case 't':
			store_bind_text(st, i, va_arg(ap, const char *));
			break;
		case 'n':
			store_bind_num(st, i, va_arg(ap, double));
			break;
		case 'i':
			store_bind_int(st, i, va_arg(ap, double));
			break;
		case 'I':
			sqlite3_bind_int64(st, i, va_arg(ap, sqlite3_int64));
			break;
		default:
			sqlite3_bind_int(st, i, va_arg(ap, int));
			break;
		}
	}
	va_end(ap);
	ret = sqlite3_step(st) == SQLITE_DONE ? 0 : store_fail(im->s, "cannot write the store", im->err, im->errlen);
	sqlite3_finalize(st);
	return ret;
}

/* The id of the row whose key column holds key (sql selects it), or 0 when none; -EIO on failure. */
static sqlite3_int64 row_id(struct imp *im, const char *sql, const char *key)
{
	sqlite3_stmt *st;
	sqlite3_int64 id = 0;
	int rc;

	if (store_prepare(im->s, sql, &st, im->err, im->errlen))
		return -EIO;
	store_bind_text(st, 1, key);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_DONE)
		id = store_fail(im->s, "cannot read the store", im->err, im->errlen);
	sqlite3_finalize(st);
	return id;
}

/* A latency percentile of lat_us under either spelling ("p99.9", and the path-safe "p99_9"). */
static double lat(struct json_object *lat_us, const char *key, const char *alt)
{
	double v = jnum(lat_us, key);

	return isnan(v) && alt ? jnum(lat_us, alt) : v;
}

/* A point (a sweep's, a precondition's, a run's series) as row idx of the run. */
static int put_point(struct imp *im, size_t idx, struct json_object *p, int steady)
{
	struct json_object *l = jget(p, "lat_us");

	return put(im,
		   "INSERT INTO points (run_id, idx, op_percent, qd, iops, mbps, lat_mean_us, lat_p50_us, lat_p99_us,"
		   " lat_p999_us, lat_p9999_us, lat_max_us, waf, life_years, steady)"
		   " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		   "IInnnnnnnnnnnnb", im->run_id, (sqlite3_int64)idx, jnum(p, "op_percent"), jnum(p, "qd"),
		   jnum(p, "iops"), jnum(p, "mbps"), jnum(l, "mean"), jnum(l, "p50"), jnum(l, "p99"),
		   lat(l, "p99.9", "p99_9"), lat(l, "p99.99", "p99_99"), jnum(l, "max"), jnum(p, "waf"),
		   jnum(jget(p, "endurance"), "life_years"), steady);
}

/* steady_state.reached as 1 or 0, -1 (stored as is) where a point has none. */
static int reached(struct json_object *p)
{
	struct json_object *ss = jget(p, "steady_state");

	return ss ? jtrue(ss, "reached") : -1;
}

/*
 * The drive a target object names: its row, added when new.  0 for no
 * drive (a batch).  A drive is its kind, model and serial, as
 * results/result_identity.c tells it, less what changes over its life: its
 * firmware (the drive's row keeps the last imported; each run keeps its
 * own) and its capacity (an OP by namespace shrinks it; the row keeps the
 * largest).  Without a serial (a file), its path and capacity too.
 */
static sqlite3_int64 drive_id(struct imp *im, struct json_object *t)
{
	const char *kind = jstr(t, "kind"), *serial = jstr(t, "serial");
	char identity[2048];
	int ret;

	if (!kind || !strcmp(kind, "batch"))
		return 0;
	if (serial)
		snprintf(identity, sizeof(identity), "%s\x1f%s\x1f%s", kind, text_or_na(jstr(t, "model")), serial);
	else
		snprintf(identity, sizeof(identity), "%s\x1f%s\x1f\x1f%s\x1f%.0f", kind, text_or_na(jstr(t, "model")),
			 text_or_na(jstr(t, "path")), jnum(t, "capacity_bytes"));
	ret = put(im,
		  "INSERT INTO drives (identity, kind, path, model, serial, firmware, capacity_bytes, lba_bytes)"
		  " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (identity) DO UPDATE SET"
		  " firmware = coalesce(excluded.firmware, firmware),"
		  " capacity_bytes = max(coalesce(capacity_bytes, 0), coalesce(excluded.capacity_bytes, 0))",
		  "ttttttii", identity, kind, jstr(t, "path"), jstr(t, "model"), serial, jstr(t, "firmware"),
		  jnum(t, "capacity_bytes"), jnum(t, "lba_bytes"));
	if (ret)
		return ret;
	return row_id(im, "SELECT id FROM drives WHERE identity = ?", identity);
}

/* The host block a result carries (absent in older results: no host). */
static sqlite3_int64 host_id(struct imp *im, struct json_object *doc)
{
	struct json_object *h = jget(doc, "host");
	const char *name = jstr(h, "hostname") ? jstr(h, "hostname") : jstr(h, "name");
	int ret;

	if (!name)
		return 0;
	ret = put(im, "INSERT OR IGNORE INTO hosts (hostname, os, kernel) VALUES (?,?,?)", "ttt", name,
		  jstr(h, "os"), jstr(h, "kernel"));
	if (ret)
		return ret;
	return row_id(im, "SELECT id FROM hosts WHERE hostname = ?", name);
}

/* -------------------------------------------------------------------------- */
/* The rows of each kind                                                      */

static int rows_run(struct imp *im, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");
	int ret = 0;

	for (size_t i = 0; !ret && i < jlen(series); i++)
		ret = put_point(im, i, jidx(series, i), -1);
	return ret;
}

static int rows_precondition(struct imp *im, struct json_object *doc)
{
	struct json_object *p = jget(doc, "precondition");

	return put_point(im, 0, p, reached(p));
}

static int rows_sweep(struct imp *im, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points");
	double rec = jnum(jget(doc, "knee"), "recommended_op_percent");
	int ret = put(im, "UPDATE runs SET headline_point = NULL WHERE id = ?", "I", im->run_id);

	for (size_t i = 0; !ret && i < jlen(points); i++) {
		struct json_object *p = jidx(points, i);

		ret = put_point(im, i, p, reached(p));
		/* The point that stands for the sweep: the recommended one. */
		if (!ret && jnum(p, "op_percent") == rec)
			ret = put(im, "UPDATE runs SET headline_point = ? WHERE id = ?", "II", (sqlite3_int64)i,
				  im->run_id);
	}
	if (!ret)
		ret = put(im, "UPDATE runs SET recommended_op_percent = ?, complete = ? WHERE id = ?", "nbI", rec,
			  jtrue(doc, "complete"), im->run_id);
	return ret;
}

static int rows_slc(struct imp *im, struct json_object *doc)
{
	struct json_object *slc = jget(doc, "slc");
	struct json_object *cliff = jget(slc, "cliff");

	return put(im,
		   "INSERT INTO slc (run_id, cache_bytes, write_buffer_bytes, in_cache_mbps, post_cache_mbps, cliff,"
		   " prefill_bytes, drive_seconds) VALUES (?,?,?,?,?,?,?,?)",
		   "Iiinnnin", im->run_id, jnum(slc, "cache_bytes"), jnum(slc, "write_buffer_bytes"),
		   jnum(slc, "in_cache_mbps"), jnum(slc, "post_cache_mbps"),
		   cliff ? (double)json_object_get_boolean(cliff) : NAN, jnum(slc, "prefill_bytes"),
		   jnum(slc, "drive_seconds"));
}

/* A qualified drive's requirements, each a row. */
static int rows_requirements(struct imp *im, size_t v, struct json_object *reqs)
{
	int ret = 0;

	for (size_t i = 0; !ret && i < jlen(reqs); i++) {
		struct json_object *r = jidx(reqs, i), *pass = jget(r, "pass");

		ret = put(im,
			  "INSERT INTO requirements (run_id, verdict_idx, idx, name, cmp, limit_value, measured, pass,"
			  " margin) VALUES (?,?,?,?,?,?,?,?,?)",
			  "IIIttnnnn", im->run_id, (sqlite3_int64)v, (sqlite3_int64)i, jstr(r, "name"), jstr(r, "cmp"),
			  jnum(r, "limit"), jnum(r, "measured"), pass ? (double)json_object_get_boolean(pass) : NAN,
			  jnum(r, "margin"));
	}
	return ret;
}

static int rows_qualify(struct imp *im, struct json_object *doc)
{
	struct json_object *drives = jget(doc, "drives");
	int ret = 0;

	for (size_t i = 0; !ret && i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i);
		sqlite3_int64 id = drive_id(im, jget(d, "target"));

		if (id < 0)
			return (int)id;
		ret = put(im,
			  "INSERT INTO verdicts (run_id, idx, drive_id, firmware, verdict, chosen_op_percent, error,"
			  " results) VALUES (?,?,NULLIF(?,0),?,?,?,?,?)",
			  "IIIttntt", im->run_id, (sqlite3_int64)i, id, jstr(jget(d, "target"), "firmware"),
			  jstr(d, "verdict"), jnum(d, "chosen_op_percent"),
			  jstr(d, "error"), jstr(d, "results"));
		if (!ret)
			ret = rows_requirements(im, i, jget(d, "requirements"));
	}
	return ret;
}

/* A batch's drives are imported from their own folders (drive-N/result.json): nothing more here. */
static int rows_batch(struct imp *im, struct json_object *doc)
{
	(void)im;
	(void)doc;
	return 0;
}

/*
 * A PTS cell's label, as the terminal heads it: "4k 0/100" (block size,
 * read/write), "snia-cbw 40/60" (an access specification), "T32 Q16"
 * (DIRTH's threads x queue depth).
 */
static void pts_label(char *buf, size_t len, struct json_object *c)
{
	double rd = jnum(c, "read_pct");

	if (jstr(c, "workload"))
		snprintf(buf, len, "%s %g/%g", jstr(c, "workload"), rd, 100 - rd);
	else if (jnum(c, "threads") > 0)
		snprintf(buf, len, "T%g Q%g", jnum(c, "threads"), jnum(c, "thread_qd"));
	else
		snprintf(buf, len, "%gk %g/%g", jnum(c, "bs") / 1024, rd, 100 - rd);
}

/* A stage's cells, each a row with the stage's steady state (null for DIRTH's single pass, which has none). */
static int rows_pts_stage(struct imp *im, const char *test, size_t stage, struct json_object *st)
{
	struct json_object *cells = jget(st, "cells"), *ss = jget(st, "steady_state"), *w = jget(ss, "window");
	const char *stop = jstr(ss, "stop_reason");
	bool pass = stop && !strcmp(stop, "single pass");
	double steady = pass ? NAN : jtrue(ss, "reached");
	double window = jlen(w) == 2 ? json_object_get_double(jidx(w, 1)) - json_object_get_double(jidx(w, 0)) + 1 : NAN;
	int ret = 0;

	for (size_t i = 0; !ret && i < jlen(cells); i++) {
		struct json_object *c = jidx(cells, i), *l = jget(c, "lat_us");
		char label[64];

		pts_label(label, sizeof(label), c);
		ret = put(im,
			  "INSERT INTO pts_cells (run_id, stage, idx, test, label, rw, bs, read_pct, workload, threads, qd,"
			  " iops, mbps, lat_mean_us, lat_p99999_us, lat_max_us, ios, read_share_pct, tracked, steady,"
			  " rounds, window_rounds) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
			  "IIItttiitiinnnnninbiii", im->run_id, (sqlite3_int64)stage, (sqlite3_int64)i, test, label,
			  jstr(c, "rw"), jnum(c, "bs"), jnum(c, "read_pct"), jstr(c, "workload"), jnum(c, "threads"),
			  jnum(c, "qd") > 0 ? jnum(c, "qd") : jnum(st, "qd"), jnum(c, "iops"), jnum(c, "mbps"),
			  jnum(l, "mean"), jnum(l, LAT_KEY_P99999), jnum(l, "max"), jnum(c, "ios"),
			  jnum(c, "read_share_pct"), !pass && jnum(ss, "tracked_cell") == (double)i, steady,
			  pass ? NAN : jnum(ss, "rounds"), window);
	}
	return ret;
}

/* DIRTH's max, mid and min points: marks on the cells of its pass (the last stage), with their 99%. */
static int rows_pts_dirth(struct imp *im, struct json_object *pts)
{
	struct json_object *points = jget(jget(pts, "dirth"), "points");
	size_t last = jlen(jget(pts, "stages"));
	int ret = 0;

	for (size_t i = 0; !ret && last && i < jlen(points); i++) {
		struct json_object *p = jidx(points, i);

		ret = put(im, "UPDATE pts_cells SET dirth_point = ?, lat_p99_us = ? WHERE run_id = ? AND stage = ?"
			  " AND idx = ?", "tnIIi", jstr(p, "point"), jnum(jget(p, "lat_us"), "p99"), im->run_id,
			  (sqlite3_int64)(last - 1), jnum(p, "cell"));
		/* The loader holds the cell within the pass's: this is a second guard, never a partial import. */
		if (!ret && sqlite3_changes(im->s->db) != 1) {
			snprintf(im->line, im->len, "pts.dirth.points[%zu].cell: names no cell of the last stage", i);
			ret = STORE_REFUSED;
		}
	}
	return ret;
}

/* A time-series test's phases (wsat, hir, xsr); HIR's against its steady state's IOPS (what a wait buys back). */
static int rows_pts_phases(struct imp *im, const char *test, struct json_object *pts)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	double base = jnum(jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0), "iops");
	bool hir = !strcmp(test, "hir");
	int ret = 0;

	for (size_t i = 0; !ret && i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i), *l = jget(ph, "lat_us");
		double iops = jnum(ph, "iops");

		ret = put(im,
			  "INSERT INTO pts_phases (run_id, idx, test, name, rw, bs, qd, burst_s, idle_s, reps, iops, mbps,"
			  " lat_mean_us, lat_p99999_us, lat_max_us, ios, bytes, seconds, level_iops, settle_s,"
			  " vs_steady_pct) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
			  "IItttiinninnnnniinnnn", im->run_id, (sqlite3_int64)i, test, jstr(ph, "name"), jstr(ph, "rw"),
			  jnum(ph, "bs"), jnum(ph, "qd"), jnum(ph, "burst_s"), jnum(ph, "idle_s"), jnum(ph, "reps"), iops,
			  jnum(ph, "mbps"), jnum(l, "mean"), jnum(l, LAT_KEY_P99999), jnum(l, "max"), jnum(ph, "ios"),
			  jnum(ph, "bytes"), jnum(ph, "seconds"), jnum(ph, "level_iops"), jnum(ph, "settle_s"),
			  hir && base > 0 ? 100 * (iops / base - 1) : NAN);
	}
	return ret;
}

/*
 * A PTS result (ssdprof pts): its run's summary (pts_runs), every cell of
 * every stage (pts_cells), DIRTH's points as marks on its pass's cells,
 * and a time-series test's phases (pts_phases).
 */
static int rows_pts(struct imp *im, struct json_object *doc)
{
	struct json_object *pts = jget(doc, "pts"), *stages = jget(pts, "stages");
	const char *test = jstr(pts, "test");
	int ret;

	ret = put(im, "INSERT INTO pts_runs (run_id, test, drive_seconds, stages, series_stop) VALUES (?,?,?,?,?)",
		  "Itnit", im->run_id, test, jnum(pts, "drive_seconds"), (double)jlen(stages),
		  jstr(jget(pts, "series"), "stop_reason"));
	for (size_t i = 0; !ret && i < jlen(stages); i++)
		ret = rows_pts_stage(im, test, i, jidx(stages, i));
	if (!ret)
		ret = rows_pts_dirth(im, pts);
	if (!ret)
		ret = rows_pts_phases(im, test, pts);
	return ret;
}

int store_import_pts_runs(struct store *s, char *err, size_t errlen)
{
	static const char sql[] = "SELECT id, document FROM runs WHERE kind = 'pts' ORDER BY id";
	struct imp im = { .s = s, .err = err, .errlen = errlen };
	char why[1024];
	sqlite3_stmt *st;
	int ret, rc;

	im.line = why;
	im.len = sizeof(why);
	if ((ret = store_prepare(s, sql, &st, err, errlen)))
		return ret;
	while (!ret && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct json_object *doc;

		im.run_id = sqlite3_column_int64(st, 0);
		/* Read back through the loader like any file: a store is input too. */
		if (result_parse((const char *)sqlite3_column_text(st, 1), (size_t)sqlite3_column_bytes(st, 1), &doc,
				 NULL, why, sizeof(why))) {
			snprintf(err, errlen, "%s: the pts result of run %lld: %s", s->path, (long long)im.run_id, why);
			ret = -EINVAL;
			break;
		}
		ret = rows_pts(&im, doc);
		json_object_put(doc);
		if (ret == STORE_REFUSED) {
			snprintf(err, errlen, "%s: the pts result of run %lld: %s", s->path, (long long)im.run_id, why);
			ret = -EINVAL;
		}
	}
	if (!ret && rc != SQLITE_DONE)
		ret = store_fail(s, "cannot read the store", err, errlen);
	sqlite3_finalize(st);
	return ret;
}

/* Indexed by enum result_kind: each kind's rows beyond its run. */
static int (*const kind_rows[])(struct imp *im, struct json_object *doc) = {
	[RESULT_KIND_RUN] = rows_run,
	[RESULT_KIND_PRECONDITION] = rows_precondition,
	[RESULT_KIND_SWEEP] = rows_sweep,
	[RESULT_KIND_SLC] = rows_slc,
	[RESULT_KIND_QUALIFY] = rows_qualify,
	[RESULT_KIND_BATCH] = rows_batch,
	[RESULT_KIND_PTS] = rows_pts,
};
_Static_assert(sizeof(kind_rows) / sizeof(kind_rows[0]) == RESULT_KIND_COUNT,
	       "every enum result_kind has its rows in kind_rows[]");

/* -------------------------------------------------------------------------- */
/* One file                                                                   */

/* The document's identity: the SHA-256 of its text as json-c writes it back (layout aside). */
static void doc_hash(const char *text, char hex[2 * SHA256_DIGEST_SIZE + 1])
{
	uint8_t digest[SHA256_DIGEST_SIZE];
	struct sha256_ctx ctx;

	sha256_init(&ctx);
	sha256_update(&ctx, strlen(text), (const uint8_t *)text);
	sha256_digest(&ctx, sizeof(digest), digest);
	for (size_t i = 0; i < sizeof(digest); i++)
		snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}

/* The run's row and its kind's rows, in the savepoint import_file opened. */
static int put_run(struct imp *im, struct json_object *doc, enum result_kind kind, const char *text,
		   const char *hash, const char *source)
{
	sqlite3_int64 host = host_id(im, doc), drive;
	char now[32];
	int ret;

	if (host < 0)
		return (int)host;
	drive = drive_id(im, jget(doc, "target"));
	if (drive < 0)
		return (int)drive;
	utc_stamp(now, sizeof(now), true);
	ret = put(im,
		  "INSERT INTO runs (sha256, kind, command, started, finished, tool_version, firmware, host_id,"
		  " drive_id, interrupted, error, headline_point, source, imported, document)"
		  " VALUES (?,?,?,?,?,?,?,NULLIF(?,0),NULLIF(?,0),?,?,0,?,?,?)",
		  "tttttttIIbtttt", hash, result_kind_name(kind), jstr(doc, "command"), jstr(doc, "started"),
		  jstr(doc, "finished"), jstr(jget(doc, "tool"), "version"), jstr(jget(doc, "target"), "firmware"),
		  host, drive, jtrue(doc, "interrupted"),
		  jstr(doc, "error"), source, now, text);
	if (ret)
		return ret;
	im->run_id = sqlite3_last_insert_rowid(im->s->db);
	return kind_rows[kind](im, doc);
}

/*
 * Import path: its outcome (line says why when refused), or -errno when
 * the store failed (err says why).
 */
static int import_file(struct store *s, const char *path, char *line, size_t len, char *err, size_t errlen)
{
	char hash[2 * SHA256_DIGEST_SIZE + 1];
	struct imp im = { .s = s, .err = err, .errlen = errlen, .line = line, .len = len };
	struct json_object *doc;
	enum result_kind kind;
	const char *text;
	sqlite3_int64 dup;
	int ret;

	/* The loader's line names the file and the field: a damaged file or an unknown kind is refused here. */
	if (result_load(path, &doc, &kind, line, len))
		return STORE_REFUSED;
	text = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!text) {
		json_object_put(doc);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	doc_hash(text, hash);
	dup = row_id(&im, "SELECT id FROM runs WHERE sha256 = ?", hash);
	if (dup) {
		json_object_put(doc);
		return dup < 0 ? (int)dup : STORE_DUPLICATE;
	}
	/* The file whole or not at all. */
	if (!(ret = store_exec(s, "SAVEPOINT result", err, errlen))) {
		ret = put_run(&im, doc, kind, text, hash, path);
		if (ret)
			sqlite3_exec(s->db, "ROLLBACK TO result", NULL, NULL, NULL);
		sqlite3_exec(s->db, "RELEASE result", NULL, NULL, NULL);
	}
	json_object_put(doc);
	return ret ? ret : STORE_ADDED;
}

/* -------------------------------------------------------------------------- */
/* Walking the folders                                                        */

static int by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

/* Whether the walk should import e: a file named on the command line, or a result.json under a folder. */
static bool wanted(const FTSENT *e, char *line, size_t len, bool *refused)
{
	char q[1024];

	*refused = false;
	switch (e->fts_info) {
	case FTS_D:
	case FTS_DP:
	case FTS_DOT:
		return false;
	case FTS_DNR:
	case FTS_ERR:
	case FTS_NS:
		snprintf(line, len, "%s: %s", escape_arg(q, sizeof(q), e->fts_path), strerror(e->fts_errno));
		*refused = true;
		return false;
	case FTS_SL:
	case FTS_SLNONE:
		if (strcmp(e->fts_name, "result.json"))
			return false;
		snprintf(line, len, "%s: a symbolic link; import the folder it points into", escape_arg(q, sizeof(q),
			 e->fts_path));
		*refused = true;
		return false;
	default:
		/* FTS_F, and FTS_DEFAULT (a FIFO, a device): the loader refuses what is not a regular file. */
		return e->fts_level == FTS_ROOTLEVEL || !strcmp(e->fts_name, "result.json");
	}
}

static void say(store_note_fn note, void *ctx, const char *path, enum store_outcome o, const char *line,
		struct store_import_counts *counts)
{
	if (o == STORE_ADDED)
		counts->added++;
	else if (o == STORE_DUPLICATE)
		counts->duplicate++;
	else
		counts->refused++;
	if (note)
		note(ctx, path, o, line);
}

/* Walk the paths, importing as wanted() says; 0 or the store's failure. */
static int walk(struct store *s, char *const *paths, store_note_fn note, void *ctx, struct store_import_counts *counts,
		char *err, size_t errlen)
{
	FTS *fts = fts_open(paths, FTS_PHYSICAL | FTS_COMFOLLOW | FTS_NOCHDIR, by_name);
	char line[1024];
	FTSENT *e;
	int ret = 0;

	if (!fts) {
		snprintf(err, errlen, "cannot walk the folders: %s", strerror(errno));
		return -errno;
	}
	while (!ret && (e = fts_read(fts))) {
		bool refused;

		line[0] = '\0';
		if (wanted(e, line, sizeof(line), &refused))
			ret = import_file(s, e->fts_path, line, sizeof(line), err, errlen);
		else if (refused)
			ret = STORE_REFUSED;
		else
			continue;
		if (ret >= 0) {
			say(note, ctx, e->fts_path, (enum store_outcome)ret, line, counts);
			ret = 0;
		}
	}
	fts_close(fts);
	return ret;
}

int store_import(struct store *s, char *const *paths, size_t n, store_note_fn note, void *ctx,
		 struct store_import_counts *counts, char *err, size_t errlen)
{
	char *argv[n + 1];
	int ret;

	*counts = (struct store_import_counts){ 0 };
	memcpy(argv, paths, n * sizeof(*argv));
	argv[n] = NULL;
	/* One transaction: a crash or a failure leaves the store as it was. */
	if ((ret = store_exec(s, "BEGIN IMMEDIATE", err, errlen)))
		return ret;
	ret = walk(s, argv, note, ctx, counts, err, errlen);
	if (!ret)
		ret = store_exec(s, "COMMIT", err, errlen);
	if (ret) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		*counts = (struct store_import_counts){ .refused = counts->refused };
	}
	return ret;
}
