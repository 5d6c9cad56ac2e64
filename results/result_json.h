/* SPDX-License-Identifier: MIT */
/*
 * The result document (DESIGN.md section 4, "ssdprof.result/1") built as one
 * json-c tree, and the files it is saved to.  Every number that reaches JSON
 * or CSV goes through result_json_number(), so the same inputs always give
 * byte-identical output, and NAN (not measured) always becomes null.
 */
#ifndef SSDPROF_RESULT_JSON_H
#define SSDPROF_RESULT_JSON_H

#include <stddef.h>

struct json_object;
struct target;
struct workload;
struct run_result;

#define RESULT_SCHEMA "ssdprof.result/1"

/* Decimal places kept per kind of figure. */
enum result_precision {
	RP_SECONDS = 6,   /* t_s, durations: microsecond resolution */
	RP_IOPS = 1,
	RP_MBPS = 3,
	RP_LAT_US = 3,    /* nanosecond resolution */
	RP_WAF = 4,
};

/*
 * A JSON number with a fixed number of decimals (trailing zeros trimmed to
 * one), or NULL (JSON null) for NAN and infinities.
 */
struct json_object *result_json_number(double v, int decimals);

/*
 * The keys of a lat_us object, the one table of their names (DESIGN.md 4).
 * Each is a plain name a JSON path reaches ($.lat_us.p99_9 in SQLite,
 * .lat_us.p99_9 in jq).  Results written before held "p99.9" and "p99.99",
 * which a JSON path cannot reach; the loader still reads them
 * (result_read.c renames them to these on load).
 */
#define LAT_KEY_P999 "p99_9"
#define LAT_KEY_P9999 "p99_99"
#define LAT_KEY_P99999 "p99_999"   /* pts: five nines */
#define LAT_KEY_P999_OLD "p99.9"
#define LAT_KEY_P9999_OLD "p99.99"

/* A lat_us object: mean, p50, p99, p99_9, p99_99, max in µs, each null when not measured.  NULL: out of memory. */
struct json_object *result_lat_json(double mean, double p50, double p99, double p999, double p9999, double max);

/*
 * Format v the same way into buf (TEXT_NOT_MEASURED for NAN, where the
 * JSON has null); returns buf.  For CSV and terminal text that must agree
 * with the JSON.
 */
char *result_format_number(char *buf, size_t len, double v, int decimals);

/*
 * The "target" object: kind, path, model, serial, firmware, capacity_bytes,
 * lba_bytes, capabilities.  Unknown strings are null.  NULL on allocation
 * failure.
 */
struct json_object *result_target_json(const struct target *t);

/* What surrounds the measurement in the document. */
struct result_meta {
	const char *command;     /* the command line as typed */
	/*
	 * ISO-8601 UTC wall-clock times, or NULL for null.  Virtual-time
	 * targets pass NULL: a wall-clock stamp would make two identical
	 * simulated runs differ.
	 */
	const char *started;
	const char *finished;
	/* Run length on a virtual clock, or NAN (null) on a real one. */
	double virtual_seconds;
};

/*
 * The document for `run`: one series per entry of runs (one per queue depth,
 * each carrying its own qd), all with w's other settings.  settings.qd is the
 * depth when there is one run and null for a list; settings.qd_list always
 * lists them.  NULL on allocation failure.
 */
struct json_object *result_run_json(const struct result_meta *meta, const struct target *t,
				    const struct workload *w, const struct run_result *runs,
				    size_t nruns);

/* The JSON text as written to files and stdout: pretty, spaced, no "\/". */
const char *result_json_text(struct json_object *doc);

/* mkdir -p with mode 0755.  0, or -errno naming the failing component in err. */
int result_mkdir_p(const char *dir, char *err, size_t errlen);

/*
 * Write data to DIR/name atomically: a temporary DIR/.name.XXXXXX of this
 * call's own (O_EXCL, so commands sharing a folder never share one), fsync,
 * rename, fsync DIR.  Readers see the old file or the new one, never a torn
 * one; on failure the temporary is removed and DIR/name is as it was.
 */
int result_write_file(const char *dir, const char *name, const char *data, size_t len,
		      char *err, size_t errlen);

struct workload;
/*
 * Add to a settings object the workload's shape: workload (the access
 * specification's name or null), random_pct and random_dist (null for
 * sequential patterns).  0, or non-zero when out of memory.
 */
int result_workload_shape_json(struct json_object *o, const struct workload *w);

/* result_json_text(doc) plus a newline, written with result_write_file(). */
int result_write_json(const char *dir, const char *name, struct json_object *doc,
		      char *err, size_t errlen);

/*
 * The time series of one run as RFC 4180 CSV (CRLF line ends), header
 * t_s,dur_s,ios,iops,mbps,lat_mean_us,lat_max_us,host_bytes_written,
 * media_bytes_written,waf,lat_p50_us,lat_p99_us,lat_p999_us,lat_p9999_us;
 * a mixed run (run->mixed) adds read_iops,read_mbps,read_lat_mean_us,
 * write_iops,write_mbps,write_lat_mean_us.  Unknown values are empty fields.
 * The last column, drive_name, holds drive (results/result_csv.h) on every row.
 */
int result_write_timeseries_csv(const char *dir, const char *name,
				const struct run_result *run, const char *drive, char *err, size_t errlen);

/*
 * One row per run (queue depth): qd,iops,mbps,lat_mean_us,lat_p50_us,
 * lat_p99_us,lat_p999_us,lat_p9999_us,lat_max_us; mixed runs add read_ and
 * write_ iops, mbps, lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us.  The
 * curve of a --qd list.  The last column, drive_name, holds drive.
 */
int result_write_curve_csv(const char *dir, const char *name, const struct run_result *runs,
			   size_t nruns, const char *drive, char *err, size_t errlen);

#endif
