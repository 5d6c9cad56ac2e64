/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/csv_export.h"
#include "results/result_json.h"
#include "util/strbuf.h"
#include "util/text.h"

/* A column: its heading, where its value is ("lat_us/p99": '/' between keys), its decimals. */
struct col {
	const char *head;
	const char *path;
	int decimals;
};

static struct json_object *lookup(struct json_object *o, const char *path)
{
	char key[64];

	while (o && *path) {
		size_t n = strcspn(path, "/");

		snprintf(key, sizeof(key), "%.*s", (int)n, path);
		if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, key, &o))
			return NULL;
		path += n + (path[n] == '/');
	}
	return o;
}

static void value(struct strbuf *b, struct json_object *v, int decimals)
{
	char buf[64];

	if (!v) {
		sb_add(b, TEXT_NOT_MEASURED);
		return;
	}
	switch (json_object_get_type(v)) {
	case json_type_int:
		if (json_object_get_int64(v) == INT64_MAX)
			sb_printf(b, "%" PRIu64, json_object_get_uint64(v));
		else
			sb_printf(b, "%" PRId64, json_object_get_int64(v));
		break;
	case json_type_double:
		sb_add(b, result_format_number(buf, sizeof(buf), json_object_get_double(v), decimals));
		break;
	case json_type_boolean:
		sb_add(b, json_object_get_boolean(v) ? "true" : "false");
		break;
	case json_type_string:
		csv_field(b, json_object_get_string(v));
		break;
	default:
		break;
	}
}

/* The heading row; the drive column last (appended, so readers by position keep working). */
static void header(struct strbuf *b, const char *const *lead, size_t nlead, const struct col *cols, size_t n)
{
	for (size_t i = 0; i < nlead; i++) {
		sb_add(b, lead[i]);
		sb_add(b, ",");
	}
	for (size_t i = 0; i < n; i++) {
		sb_add(b, cols[i].head);
		sb_add(b, ",");
	}
	sb_add(b, CSV_DRIVE_COLUMN "\r\n");
}

/* One row of o's values, then drive (a field as csv_field wrote it). */
static void row(struct strbuf *b, struct json_object *o, const struct col *cols, size_t n, const char *drive)
{
	for (size_t i = 0; i < n; i++) {
		value(b, lookup(o, cols[i].path), cols[i].decimals);
		sb_add(b, ",");
	}
	sb_add(b, drive);
	sb_add(b, "\r\n");
}

const char *csv_drive_field(struct json_object *doc, char *buf, size_t len)
{
	struct json_object *target = NULL;
	struct strbuf b = { 0 };
	char name[1200];

	json_object_object_get_ex(doc, "target", &target);
	csv_field(&b, result_drive_name(target, name, sizeof(name)));
	snprintf(buf, len, "%s", b.p && !b.err ? b.p : "");
	sb_free(&b);
	return buf;
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v;

	return o && json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_array) ? v : NULL;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const struct col point_cols[] = {
	{ "op_percent", "op_percent", 2 }, { "op_method", "op_method", 0 }, { "usable_bytes", "usable_bytes", 0 },
	{ "purge_method", "purge_method", 0 }, { "steady", "steady_state/reached", 0 },
	{ "rounds", "steady_state/rounds", 0 }, { "stop_reason", "steady_state/stop_reason", 0 },
	{ "window_range_pct", "steady_state/range_pct", 2 }, { "window_slope_pct", "steady_state/slope_pct", 2 },
	{ "iops", "iops", RP_IOPS }, { "mbps", "mbps", RP_MBPS }, { "lat_mean_us", "lat_us/mean", RP_LAT_US },
	{ "lat_p50_us", "lat_us/p50", RP_LAT_US }, { "lat_p99_us", "lat_us/p99", RP_LAT_US },
	{ "lat_p999_us", "lat_us/" LAT_KEY_P999, RP_LAT_US }, { "lat_p9999_us", "lat_us/" LAT_KEY_P9999, RP_LAT_US },
	{ "lat_max_us", "lat_us/max", RP_LAT_US }, { "host_bytes_written", "host_bytes_written", 0 },
	{ "media_bytes_written", "media_bytes_written", 0 }, { "waf", "waf", RP_WAF },
	{ "waf_source", "waf_source", 0 }, { "drive_seconds", "drive_seconds", RP_SECONDS },
};

static const struct col round_cols[] = {
	{ "t_s", "t_s", RP_SECONDS }, { "iops", "iops", RP_IOPS }, { "mbps", "mbps", RP_MBPS },
	{ "lat_mean_us", "lat_us/mean", RP_LAT_US }, { "lat_p50_us", "lat_us/p50", RP_LAT_US },
	{ "lat_p99_us", "lat_us/p99", RP_LAT_US }, { "lat_p999_us", "lat_us/" LAT_KEY_P999, RP_LAT_US },
	{ "lat_max_us", "lat_us/max", RP_LAT_US }, { "waf", "waf", RP_WAF },
};

/* A RAID run over several chunk sizes leads each series with its chunk (series_cols - 1 in use). */
static const struct col series_cols[] = {
	{ "chunk_bytes", "chunk_bytes", 0 }, { "qd", "qd", 0 }, { "iops", "iops", RP_IOPS }, { "mbps", "mbps", RP_MBPS },
	{ "lat_mean_us", "lat_us/mean", RP_LAT_US }, { "lat_p50_us", "lat_us/p50", RP_LAT_US },
	{ "lat_p99_us", "lat_us/p99", RP_LAT_US }, { "lat_p999_us", "lat_us/" LAT_KEY_P999, RP_LAT_US },
	{ "lat_p9999_us", "lat_us/" LAT_KEY_P9999, RP_LAT_US }, { "lat_max_us", "lat_us/max", RP_LAT_US },
	{ "host_bytes_written", "host_bytes_written", 0 }, { "media_bytes_written", "media_bytes_written", 0 },
	{ "waf", "waf", RP_WAF }, { "seconds", "seconds", RP_SECONDS },
};

/* A mixed run's series end with each direction's figures (fio's convention). */
static const struct col direction_cols[] = {
	{ "read_iops", "read/iops", RP_IOPS }, { "read_mbps", "read/mbps", RP_MBPS },
	{ "read_lat_mean_us", "read/lat_us/mean", RP_LAT_US }, { "read_lat_p50_us", "read/lat_us/p50", RP_LAT_US },
	{ "read_lat_p99_us", "read/lat_us/p99", RP_LAT_US }, { "read_lat_p999_us", "read/lat_us/" LAT_KEY_P999, RP_LAT_US },
	{ "read_lat_p9999_us", "read/lat_us/" LAT_KEY_P9999, RP_LAT_US }, { "read_lat_max_us", "read/lat_us/max", RP_LAT_US },
	{ "write_iops", "write/iops", RP_IOPS }, { "write_mbps", "write/mbps", RP_MBPS },
	{ "write_lat_mean_us", "write/lat_us/mean", RP_LAT_US }, { "write_lat_p50_us", "write/lat_us/p50", RP_LAT_US },
	{ "write_lat_p99_us", "write/lat_us/p99", RP_LAT_US }, { "write_lat_p999_us", "write/lat_us/" LAT_KEY_P999, RP_LAT_US },
	{ "write_lat_p9999_us", "write/lat_us/" LAT_KEY_P9999, RP_LAT_US }, { "write_lat_max_us", "write/lat_us/max", RP_LAT_US },
};

static const struct col sample_cols[] = { { "written_bytes", "written_bytes", 0 }, { "mbps", "mbps", RP_MBPS } };
static const struct col phase_cols[] = {
	{ "from_bytes", "from_bytes", 0 }, { "to_bytes", "to_bytes", 0 }, { "mbps", "mbps", RP_MBPS },
	/* What the phase is (cache, sustained, ...: DESIGN.md 4, slc), as the document says. */
	{ "role", "role", 0 },
};
static const struct col recovery_cols[] = {
	{ "idle_s", "idle_s", RP_SECONDS }, { "recovered_bytes", "recovered_bytes", 0 },
	{ "lower_bound", "lower_bound", 0 },
};

static struct strbuf *table_of(struct json_object *arr, const struct col *cols, size_t n, const char *drive)
{
	struct strbuf *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	header(b, NULL, 0, cols, n);
	for (size_t i = 0; arr && i < json_object_array_length(arr); i++)
		row(b, json_object_array_get_idx(arr, i), cols, n, drive);
	return b;
}

/* Every entry of outer's inner array, each row led by the outer's nlead lead values and the index. */
static struct strbuf *nested(struct json_object *outer, const struct col *lead, size_t nlead, const char *inner,
			     const char *index_head, const struct col *cols, size_t n, const char *drive)
{
	struct strbuf *b = calloc(1, sizeof(*b));
	const char *heads[3];

	if (!b || nlead > 2) {
		free(b);
		return NULL;
	}
	for (size_t k = 0; k < nlead; k++)
		heads[k] = lead[k].head;
	heads[nlead] = index_head;
	header(b, heads, nlead + 1, cols, n);
	for (size_t i = 0; outer && i < json_object_array_length(outer); i++) {
		struct json_object *o = json_object_array_get_idx(outer, i), *arr = get(o, inner);

		for (size_t j = 0; arr && j < json_object_array_length(arr); j++) {
			for (size_t k = 0; k < nlead; k++) {
				value(b, lookup(o, lead[k].path), lead[k].decimals);
				sb_add(b, ",");
			}
			sb_printf(b, "%zu,", j + 1);
			row(b, json_object_array_get_idx(arr, j), cols, n, drive);
		}
	}
	return b;
}

/* How many chunk sizes a RAID run measured (group.chunk_list), 0 for anything else. */
static size_t chunk_list_len(struct json_object *doc)
{
	struct json_object *group, *list;

	if (!json_object_object_get_ex(doc, "group", &group) || !(list = get(group, "chunk_list")))
		return 0;
	return json_object_array_length(list);
}

size_t csv_sweep(struct json_object *doc, struct csv_file *files, size_t max)
{
	char drive[2600];

	if (max < 2)
		return 0;
	csv_drive_field(doc, drive, sizeof(drive));
	files[0] = (struct csv_file){ "points.csv", table_of(get(doc, "points"), point_cols, N(point_cols), drive) };
	files[1] = (struct csv_file){ "timeseries.csv", nested(get(doc, "points"), &point_cols[0], 1, "timeseries",
							      "round", round_cols, N(round_cols), drive) };
	return 2;
}

size_t csv_precondition(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *pc = NULL, *one = json_object_new_array();
	char drive[2600];

	csv_drive_field(doc, drive, sizeof(drive));
	if (max < 2 || !one) {
		json_object_put(one);
		return 0;
	}
	/* The one point as a list of one, so it takes the sweep's columns and rows. */
	if (json_object_object_get_ex(doc, "precondition", &pc) && pc)
		json_object_array_add(one, json_object_get(pc));
	files[0] = (struct csv_file){ "precondition.csv", table_of(one, point_cols, N(point_cols), drive) };
	files[1] = (struct csv_file){ "timeseries.csv", nested(one, NULL, 0, "timeseries", "round", round_cols,
							      N(round_cols), drive) };
	json_object_put(one);
	return 2;
}

size_t csv_slc(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *slc = NULL;
	char drive[2600];

	if (max < 3)
		return 0;
	csv_drive_field(doc, drive, sizeof(drive));
	json_object_object_get_ex(doc, "slc", &slc);
	files[0] = (struct csv_file){ "slc_samples.csv", table_of(get(slc, "samples"), sample_cols, N(sample_cols),
								  drive) };
	files[1] = (struct csv_file){ "slc_phases.csv", table_of(get(slc, "phases"), phase_cols, N(phase_cols),
								 drive) };
	files[2] = (struct csv_file){ "slc_recovery.csv", table_of(get(slc, "recovery"), recovery_cols,
								   N(recovery_cols), drive) };
	return 3;
}

/* Whether any series of a run has its reads and writes apart (a mixed run). */
static bool run_mixed(struct json_object *series)
{
	for (size_t i = 0; series && i < json_object_array_length(series); i++) {
		struct json_object *rd = lookup(json_object_array_get_idx(series, i), "read");

		if (rd && json_object_is_type(rd, json_type_object))
			return true;
	}
	return false;
}

size_t csv_run(struct json_object *doc, struct csv_file *files, size_t max)
{
	struct json_object *series = get(doc, "series"), *chunk;
	struct col all[N(series_cols) + N(direction_cols)];
	/* Only when the chunk varies does it name a series; other runs keep their columns. */
	bool chunked = series && json_object_array_length(series) &&
		       json_object_object_get_ex(json_object_array_get_idx(series, 0), "chunk_bytes", &chunk) && chunk &&
		       chunk_list_len(doc) > 1;
	const struct col *cols = chunked ? series_cols : series_cols + 1;
	size_t ncols = N(series_cols) - !chunked;
	char drive[2600];

	if (max < 2)
		return 0;
	csv_drive_field(doc, drive, sizeof(drive));
	/* Other runs keep their columns; a mixed one adds its directions at the end. */
	memcpy(all, cols, ncols * sizeof(*cols));
	if (run_mixed(series)) {
		memcpy(all + ncols, direction_cols, sizeof(direction_cols));
		ncols += N(direction_cols);
	}
	files[0] = (struct csv_file){ "series.csv", table_of(series, all, ncols, drive) };
	files[1] = (struct csv_file){ "timeseries.csv", nested(series, cols, 1 + chunked, "timeseries", "interval",
							      round_cols, N(round_cols), drive) };
	return 2;
}

void csv_files_free(struct csv_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (files[i].text)
			sb_free(files[i].text);
		free(files[i].text);
		files[i].text = NULL;
	}
}

int csv_write(const char *dir, csv_kind_fn *kind, struct json_object *doc, char *err, size_t errlen)
{
	struct csv_file csv[8];
	size_t n = kind(doc, csv, 8);
	int ret = n ? 0 : -ENOMEM;

	if (ret)
		snprintf(err, errlen, "out of memory");
	for (size_t i = 0; i < n && !ret; i++) {
		if (!csv[i].text || csv[i].text->err) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
			break;
		}
		ret = result_write_file(dir, csv[i].name, csv[i].text->p ? csv[i].text->p : "", csv[i].text->len, err,
					errlen);
	}
	csv_files_free(csv, n);
	return ret;
}
