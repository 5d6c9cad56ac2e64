// SPDX-License-Identifier: MIT
/*
 * The questions a lab asks the store, one SQL query each (docs/store.md
 * shows them with their output).  "Latest" is by the run's start time,
 * then by the order of import (a simulated run has no start time).  A
 * run's headline point is the point that stands for it: a sweep's
 * recommended OP, a precondition's one point, a run's first series.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "results/result_load.h"
#include "store/store.h"
#include "store/store_priv.h"
#include "util/escape.h"

#define SQL_DRIVES \
	"WITH last_verdict AS (" \
	"  SELECT v.drive_id, v.verdict, v.chosen_op_percent, row_number() OVER (" \
	"    PARTITION BY v.drive_id ORDER BY r.started DESC, r.id DESC) AS rn" \
	"  FROM verdicts v JOIN runs r ON r.id = v.run_id WHERE v.drive_id IS NOT NULL)," \
	" last_sweep AS (" \
	"  SELECT r.drive_id, r.recommended_op_percent, p.iops, p.waf, row_number() OVER (" \
	"    PARTITION BY r.drive_id ORDER BY r.started DESC, r.id DESC) AS rn" \
	"  FROM runs r LEFT JOIN points p ON p.run_id = r.id AND p.idx = r.headline_point" \
	"  WHERE r.kind = 'sweep' AND r.complete = 1)," \
	" seen AS (" \
	"  SELECT drive_id, host_id, started, id FROM runs WHERE drive_id IS NOT NULL" \
	"  UNION ALL SELECT v.drive_id, r.host_id, r.started, r.id FROM verdicts v JOIN runs r ON r.id = v.run_id" \
	"  WHERE v.drive_id IS NOT NULL)," \
	" last_host AS (" \
	"  SELECT s.drive_id, h.hostname, row_number() OVER (" \
	"    PARTITION BY s.drive_id ORDER BY s.started DESC, s.id DESC) AS rn" \
	"  FROM seen s JOIN hosts h ON h.id = s.host_id)" \
	" SELECT d.model, d.serial, d.firmware, d.capacity_bytes, d.path, lh.hostname AS host, lv.verdict," \
	"  coalesce(lv.chosen_op_percent, ls.recommended_op_percent) AS recommended_op_percent," \
	"  ls.iops AS steady_iops, ls.waf," \
	"  (SELECT count(*) FROM seen s WHERE s.drive_id = d.id) AS runs" \
	" FROM drives d" \
	" LEFT JOIN last_verdict lv ON lv.drive_id = d.id AND lv.rn = 1" \
	" LEFT JOIN last_sweep ls ON ls.drive_id = d.id AND ls.rn = 1" \
	" LEFT JOIN last_host lh ON lh.drive_id = d.id AND lh.rn = 1" \
	" ORDER BY d.model, d.serial, d.id"

/* The results of the drives WHERE names (a model or a serial): runs, and qualify's verdicts. */
#define SQL_HISTORY(WHERE) \
	"SELECT r.id AS run, r.kind, r.started, h.hostname AS host, d.model, d.serial, r.firmware," \
	"  d.capacity_bytes, r.recommended_op_percent, p.op_percent, p.qd, p.iops, p.mbps, p.lat_p99_us, p.waf," \
	"  p.life_years, s.cache_bytes AS slc_cache_bytes, s.post_cache_mbps, NULL AS verdict, r.complete," \
	"  r.source" \
	" FROM runs r JOIN drives d ON d.id = r.drive_id LEFT JOIN hosts h ON h.id = r.host_id" \
	" LEFT JOIN points p ON p.run_id = r.id AND p.idx = r.headline_point" \
	" LEFT JOIN slc s ON s.run_id = r.id" \
	" WHERE " WHERE \
	" UNION ALL" \
	" SELECT r.id, r.kind, r.started, h.hostname, d.model, d.serial, v.firmware, d.capacity_bytes, NULL," \
	"  v.chosen_op_percent, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, v.verdict, NULL, r.source" \
	" FROM verdicts v JOIN runs r ON r.id = v.run_id JOIN drives d ON d.id = v.drive_id" \
	" LEFT JOIN hosts h ON h.id = r.host_id" \
	" WHERE " WHERE \
	" ORDER BY serial, started, run"

#define SQL_BEST_OP \
	"WITH rec AS (" \
	"  SELECT d.model, d.id AS drive, r.recommended_op_percent AS op, p.iops, p.waf, p.life_years" \
	"  FROM runs r JOIN drives d ON d.id = r.drive_id" \
	"  LEFT JOIN points p ON p.run_id = r.id AND p.idx = r.headline_point" \
	"  WHERE r.kind = 'sweep' AND r.complete = 1 AND r.recommended_op_percent IS NOT NULL)," \
	" votes AS (" \
	"  SELECT model, op, count(*) AS n, count(DISTINCT drive) AS drives, avg(iops) AS iops, avg(waf) AS waf," \
	"  avg(life_years) AS life FROM rec GROUP BY model, op)," \
	" ranked AS (" \
	"  SELECT *, row_number() OVER (PARTITION BY model ORDER BY n DESC, op) AS rn," \
	"  sum(n) OVER (PARTITION BY model) AS total, min(op) OVER (PARTITION BY model) AS least," \
	"  max(op) OVER (PARTITION BY model) AS most FROM votes)" \
	" SELECT model, op AS best_op_percent, n AS sweeps_recommending, total AS sweeps, drives," \
	"  least AS least_op_percent, most AS most_op_percent, iops AS mean_iops, waf AS mean_waf," \
	"  life AS mean_life_years" \
	" FROM ranked WHERE rn = 1 ORDER BY model"

#define SQL_COUNTS \
	"SELECT (SELECT count(*) FROM hosts) AS hosts, (SELECT count(*) FROM drives) AS drives," \
	" (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM points) AS points," \
	" (SELECT count(*) FROM slc) AS slc, (SELECT count(*) FROM verdicts) AS verdicts," \
	" (SELECT count(*) FROM requirements) AS requirements"

/* Indexed by enum store_question; the questions that take an argument bind it as ?1. */
static const char *const questions[STORE_Q_COUNT] = {
	[STORE_Q_DRIVES] = SQL_DRIVES,
	[STORE_Q_MODEL] = SQL_HISTORY("d.model = ?1"),
	[STORE_Q_SERIAL] = SQL_HISTORY("d.serial = ?1"),
	[STORE_Q_BEST_OP] = SQL_BEST_OP,
	[STORE_Q_COUNTS] = SQL_COUNTS,
};

int store_query(struct store *s, enum store_question q, const char *arg, struct json_object **rows, char *err,
		size_t errlen)
{
	sqlite3_stmt *st;
	int ret;

	*rows = NULL;
	if ((unsigned)q >= STORE_Q_COUNT || !questions[q]) {
		snprintf(err, errlen, "no such question");
		return -EINVAL;
	}
	if ((ret = store_prepare(s, questions[q], &st, err, errlen)))
		return ret;
	if (sqlite3_bind_parameter_count(st))
		store_bind_text(st, 1, arg);
	*rows = json_object_new_array();
	if (!*rows) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
	} else {
		ret = store_rows_json(s, st, *rows, err, errlen);
	}
	sqlite3_finalize(st);
	if (ret) {
		json_object_put(*rows);
		*rows = NULL;
	}
	return ret;
}

/*
 * The PTS results: the latest run of each test on each drive, as the
 * filter narrows them (?1 test, ?2 model, ?3 serial; NULL: any).
 */
#define SQL_PTS_LATEST \
	"WITH latest AS (" \
	"  SELECT p.run_id, row_number() OVER (" \
	"    PARTITION BY r.drive_id, p.test ORDER BY r.started DESC, r.id DESC) AS rn" \
	"  FROM pts_runs p JOIN runs r ON r.id = p.run_id JOIN drives d ON d.id = r.drive_id" \
	"  WHERE (?1 IS NULL OR p.test = ?1) AND (?2 IS NULL OR d.model = ?2) AND (?3 IS NULL OR d.serial = ?3))" \
	" SELECT d.model, d.serial, d.path, r.id AS run, "

#define SQL_PTS_FROM(TABLE) \
	" FROM latest l JOIN runs r ON r.id = l.run_id JOIN drives d ON d.id = r.drive_id" \
	" JOIN " TABLE " ON x.run_id = r.id WHERE l.rn = 1"

static const char *const pts_sql[] = {
	SQL_PTS_LATEST "x.test, r.started, r.firmware, x.drive_seconds, x.stages, x.series_stop" SQL_PTS_FROM("pts_runs x")
	" ORDER BY d.model, d.serial, d.id, x.test, r.id",
	SQL_PTS_LATEST "x.test, x.stage, x.idx AS cell, x.label, x.rw, x.bs, x.read_pct, x.workload, x.threads, x.qd,"
	" x.iops, x.mbps, x.lat_mean_us, x.lat_p99_us, x.lat_p99999_us, x.lat_max_us, x.ios, x.read_share_pct,"
	" x.tracked, x.steady, x.rounds, x.window_rounds, x.dirth_point" SQL_PTS_FROM("pts_cells x")
	" ORDER BY r.id, x.stage, x.idx",
	SQL_PTS_LATEST "x.test, x.idx AS phase, x.name, x.rw, x.bs, x.qd, x.burst_s, x.idle_s, x.reps, x.iops, x.mbps,"
	" x.lat_mean_us, x.lat_p99999_us, x.lat_max_us, x.ios, x.bytes, x.seconds, x.level_iops, x.settle_s,"
	" x.vs_steady_pct" SQL_PTS_FROM("pts_phases x") " ORDER BY r.id, x.idx",
};
static const char *const pts_keys[] = { "runs", "cells", "phases" };

int store_query_pts(struct store *s, const struct store_pts_filter *f, struct json_object **out, char *err,
		    size_t errlen)
{
	int ret = 0;

	*out = NULL;
	if (s->version < 2) {
		snprintf(err, errlen, "%s: a store of schema %d, before PTS results had tables; bring it up to date: "
			 "ssdprof db import --db FILE DIR", s->path, s->version);
		return -EINVAL;
	}
	if (!(*out = json_object_new_object())) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; !ret && i < sizeof(pts_sql) / sizeof(pts_sql[0]); i++) {
		struct json_object *rows = json_object_new_array();
		sqlite3_stmt *st;

		if (!rows || json_object_object_add(*out, pts_keys[i], rows)) {
			json_object_put(rows);
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
			break;
		}
		if ((ret = store_prepare(s, pts_sql[i], &st, err, errlen)))
			break;
		store_bind_text(st, 1, f->test);
		store_bind_text(st, 2, f->model);
		store_bind_text(st, 3, f->serial);
		ret = store_rows_json(s, st, rows, err, errlen);
		sqlite3_finalize(st);
	}
	if (ret) {
		json_object_put(*out);
		*out = NULL;
	}
	return ret;
}

/* The latest document of serial of the kind named kind: 0 with *doc, 1 when it has none. */
static int latest_of(struct store *s, const char *serial, const char *kind, struct json_object **doc, char *err,
		     size_t errlen)
{
	static const char sql[] =
		"SELECT r.document FROM runs r JOIN drives d ON d.id = r.drive_id"
		" WHERE d.serial = ?1 AND r.kind = ?2 ORDER BY coalesce(r.complete, 1) DESC, r.started DESC, r.id DESC"
		" LIMIT 1";
	sqlite3_stmt *st;
	char why[512];
	ESCAPE_BUF(q);
	int ret, rc;

	if ((ret = store_prepare(s, sql, &st, err, errlen)))
		return ret;
	store_bind_text(st, 1, serial);
	store_bind_text(st, 2, kind);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		/* Read back through the loader like any file: a store is input too. */
		ret = result_parse((const char *)sqlite3_column_text(st, 0), (size_t)sqlite3_column_bytes(st, 0), doc,
				   NULL, why, sizeof(why));
		if (ret)
			snprintf(err, errlen, "%s: the %s result of %s: %s", s->path, kind,
				 escape_arg(q, sizeof(q), serial), why);
	} else {
		ret = rc == SQLITE_DONE ? 1 : store_fail(s, "cannot read the store", err, errlen);
	}
	sqlite3_finalize(st);
	return ret;
}

int store_latest_doc(struct store *s, const char *serial, const char *const *kinds, const char **kind,
		     struct json_object **doc, char *err, size_t errlen)
{
	const char *const one[] = { *kind, NULL };
	ESCAPE_BUF(q);
	int ret = 1;

	*doc = NULL;
	if (*kind)
		kinds = one;
	for (size_t i = 0; kinds[i]; i++) {
		ret = latest_of(s, serial, kinds[i], doc, err, errlen);
		if (ret <= 0) {
			*kind = kinds[i];
			return ret;
		}
	}
	snprintf(err, errlen, "%s: no %s result of serial %s; see ssdprof db drives", s->path,
		 *kind ? *kind : "sweep, slc or run", escape_arg(q, sizeof(q), serial));
	return -ENOENT;
}
