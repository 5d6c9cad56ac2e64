/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "config.h"
#include "results/result_json.h"
#include "results/result_csv.h"
#include "results/result_doc.h"
#include "results/result_kinds.h"
#include "util/atomic_file.h"
#include "util/escape.h"
#include "device/target.h"
#include "engine/workload.h"
#include "util/strbuf.h"
#include "util/text.h"

char *result_format_number(char *buf, size_t len, double v, int decimals)
{
	char *end;

	if (!isfinite(v)) {
		snprintf(buf, len, "%s", TEXT_NOT_MEASURED);
		return buf;
	}
	if (v == 0)
		v = 0;  /* no "-0.0" */
	snprintf(buf, len, "%.*f", decimals, v);
	/* Trim "12.500" to "12.5" and "3.000" to "3.0": still visibly a decimal. */
	if (decimals > 0 && strchr(buf, '.')) {
		end = buf + strlen(buf) - 1;
		while (*end == '0' && end[-1] != '.')
			*end-- = '\0';
	}
	return buf;
}

struct json_object *result_json_number(double v, int decimals)
{
	char buf[64];

	if (!isfinite(v))
		return NULL;
	result_format_number(buf, sizeof(buf), v, decimals);
	/* The value as printed, so a reader's strtod round-trips the text. */
	return json_object_new_double_s(strtod(buf, NULL), buf);
}

/*
 * A little builder: each put frees what it could not attach and reports
 * -ENOMEM, so a caller ORs the results and checks once.  NULL is a legal
 * value (JSON null) only where the input said "unknown".
 */
static int put(struct json_object *o, const char *key, struct json_object *v)
{
	if (json_object_object_add(o, key, v) < 0) {
		json_object_put(v);
		return -ENOMEM;
	}
	return 0;
}

static int put_new(struct json_object *o, const char *key, struct json_object *v)
{
	return v ? put(o, key, v) : -ENOMEM;
}

static int put_str(struct json_object *o, const char *key, const char *s)
{
	if (!s || !*s)
		return put(o, key, NULL);
	return put_new(o, key, json_object_new_string(s));
}

static int put_num(struct json_object *o, const char *key, double v, int decimals)
{
	struct json_object *j = result_json_number(v, decimals);

	if (!j && isfinite(v))
		return -ENOMEM;
	return put(o, key, j);
}

static int put_u64(struct json_object *o, const char *key, uint64_t v)
{
	return put_new(o, key, json_object_new_uint64(v));
}

struct json_object *result_lat_json(double mean, double p50, double p99, double p999, double p9999, double max)
{
	struct json_object *lat = json_object_new_object();
	int rc = 0;

	if (!lat)
		return NULL;
	rc |= put_num(lat, "mean", mean, RP_LAT_US);
	rc |= put_num(lat, "p50", p50, RP_LAT_US);
	rc |= put_num(lat, "p99", p99, RP_LAT_US);
	rc |= put_num(lat, LAT_KEY_P999, p999, RP_LAT_US);
	rc |= put_num(lat, LAT_KEY_P9999, p9999, RP_LAT_US);
	rc |= put_num(lat, "max", max, RP_LAT_US);
	if (rc) {
		json_object_put(lat);
		return NULL;
	}
	return lat;
}

/* 0 means unknown for the identity numbers of struct target_info. */
static int put_u64_known(struct json_object *o, const char *key, uint64_t v)
{
	return v ? put_u64(o, key, v) : put(o, key, NULL);
}

static int append(struct json_object *arr, struct json_object *v)
{
	if (!v)
		return -ENOMEM;
	if (json_object_array_add(arr, v) < 0) {
		json_object_put(v);
		return -ENOMEM;
	}
	return 0;
}

struct json_object *result_target_json(const struct target *t)
{
	const struct target_info *info = &t->info;
	struct json_object *o = json_object_new_object();
	struct json_object *caps = json_object_new_array();
	int rc = 0;

	if (!o || !caps)
		goto err;
	rc |= put_str(o, "kind", info->kind);
	rc |= put_str(o, "path", info->path);
	rc |= put_str(o, "model", info->model);
	rc |= put_str(o, "serial", info->serial);
	rc |= put_str(o, "firmware", info->firmware);
	rc |= put_u64_known(o, "capacity_bytes", info->capacity_bytes);
	rc |= put_u64_known(o, "lba_bytes", info->lba_bytes);
	for (unsigned bit = 0; bit < TARGET_CAP_COUNT; bit++) {
		if (target_drive_caps(t) & (1u << bit))
			rc |= append(caps, json_object_new_string(target_cap_name(bit)));
	}
	rc |= put(o, "capabilities", caps);
	caps = NULL;
	if (rc)
		goto err;
	return o;

err:
	json_object_put(caps);
	json_object_put(o);
	return NULL;
}

/*
 * The access specification's name (null without --workload), the random
 * share of a random pattern's I/Os (null for sequential patterns) and the
 * offset distribution of its random I/Os.
 */
int result_workload_shape_json(struct json_object *o, const struct workload *w)
{
	char dist[64];
	int rc = 0;

	if (w->workload)
		rc |= put_str(o, "workload", w->workload);
	else
		rc |= put(o, "workload", NULL);
	if (workload_rw_random(w->rw)) {
		rc |= put_u64(o, "random_pct", 100 - w->seq_pct);
		offset_dist_format(&w->dist, dist, sizeof(dist));
		rc |= put_str(o, "random_dist", dist);
	} else {
		rc |= put(o, "random_pct", NULL);
		rc |= put(o, "random_dist", NULL);
	}
	return rc;
}

/* The series ran at several sizes (run --bs LIST). */
static bool runs_bs_list(const struct run_result *runs, size_t nruns)
{
	for (size_t i = 1; i < nruns; i++)
		if (runs[i].bs != runs[0].bs)
			return true;
	return false;
}

static struct json_object *settings_json(const struct workload *w, uint64_t span_bytes,
					 const struct run_result *runs, size_t nruns)
{
	struct json_object *o = json_object_new_object();
	int rc = 0;

	if (!o)
		return NULL;
	rc |= put_str(o, "rw", workload_rw_name(w->rw));
	if (w->rw == WL_RANDRW)
		rc |= put_u64(o, "read_pct", w->read_pct);
	else
		rc |= put(o, "read_pct", NULL);
	/* With a mix, bs is null and bs_mix lists the sizes; else bs_mix is null. */
	if (w->nbs_mix) {
		struct json_object *mix = json_object_new_array();

		rc |= put(o, "bs", NULL);
		for (unsigned i = 0; mix && i < w->nbs_mix; i++) {
			struct json_object *e = json_object_new_object();

			if (e) {
				rc |= put_u64(e, "bs", w->bs_mix[i].bs);
				rc |= put_u64(e, "weight", w->bs_mix[i].weight);
			}
			rc |= append(mix, e);
		}
		rc |= put_new(o, "bs_mix", mix);
	} else {
		rc |= put_u64(o, "bs", w->bs);
		rc |= put(o, "bs_mix", NULL);
	}
	/* A --bs list: its sizes in order (each series carries its own bs; null: the mix). */
	if (runs_bs_list(runs, nruns)) {
		struct json_object *list = json_object_new_array();

		for (size_t i = 0; list && i < nruns; i++) {
			size_t j = 0;

			while (j < i && runs[j].bs != runs[i].bs)
				j++;
			if (j == i && runs[i].bs)
				rc |= append(list, json_object_new_uint64(runs[i].bs));
		}
		rc |= put_new(o, "bs_list", list);
	}
	/* One depth: qd is it.  A list: qd is null and each series carries its own. */
	if (nruns == 1)
		rc |= put_u64(o, "qd", runs[0].qd);
	else if (nruns == 0)
		rc |= put_u64(o, "qd", w->qd);
	else
		rc |= put(o, "qd", NULL);
	{
		struct json_object *list = json_object_new_array();

		for (size_t i = 0; list && i < nruns; i++)
			rc |= append(list, json_object_new_uint64(runs[i].qd));
		if (list && nruns == 0)
			rc |= append(list, json_object_new_uint64(w->qd));
		rc |= put_new(o, "qd_list", list);
	}
	/* Both keys always present, so readers need not probe for either. */
	if (w->time_ns)
		rc |= put_num(o, "time_s", (double)w->time_ns / 1e9, RP_SECONDS);
	else
		rc |= put(o, "time_s", NULL);
	if (w->bytes)
		rc |= put_u64(o, "bytes", w->bytes);
	else
		rc |= put(o, "bytes", NULL);
	rc |= put_num(o, "interval_s",
		      (double)(w->interval_ns ? w->interval_ns : 1000000000ull) / 1e9, RP_SECONDS);
	rc |= put_u64(o, "span_bytes", span_bytes);
	rc |= put_u64(o, "seed", w->seed);
	rc |= put_new(o, "verify", json_object_new_boolean(w->verify));
	rc |= result_workload_shape_json(o, w);
	if (rc) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

static struct json_object *sample_json(const struct run_sample *s)
{
	struct json_object *o = json_object_new_object();
	int rc = 0;

	if (!o)
		goto err;
	rc |= put_num(o, "t_s", s->t_s, RP_SECONDS);
	rc |= put_num(o, "iops", s->iops, RP_IOPS);
	rc |= put_num(o, "mbps", s->mbps, RP_MBPS);
	rc |= put_new(o, "lat_us", result_lat_json(s->lat_mean_us, s->lat_p50_us, s->lat_p99_us,
							 s->lat_p999_us, s->lat_p9999_us, s->lat_max_us));
	rc |= put_u64(o, "ios", s->ios);
	rc |= put_num(o, "waf", s->waf, RP_WAF);
	if (rc)
		goto err;
	return o;

err:
	json_object_put(o);
	return NULL;
}

/* One direction of a mixed series: fio's read and write objects. */
static struct json_object *dir_json(const struct run_dir *d)
{
	struct json_object *o = json_object_new_object();
	int rc = 0;

	if (!o)
		goto err;
	rc |= put_num(o, "iops", d->iops, RP_IOPS);
	rc |= put_num(o, "mbps", d->mbps, RP_MBPS);
	rc |= put_new(o, "lat_us", result_lat_json(d->lat_mean_us, d->lat_p50_us, d->lat_p99_us,
							 d->lat_p999_us, d->lat_p9999_us, d->lat_max_us));
	rc |= put_u64(o, "ios", d->ios);
	rc |= put_u64(o, "bytes", d->bytes);
	if (rc)
		goto err;
	return o;
err:
	json_object_put(o);
	return NULL;
}

/*
 * The IOPS the single-size series of the same run predict for mix, a
 * series of w's mix: its time per I/O is the share-weighted sum of each
 * size's time per I/O at the same depth (a harmonic, time-weighted mean).
 * NAN when a size of the mix has no measured series.
 */
static double predicted_mix_iops(const struct workload *w, const struct run_result *runs, size_t nruns,
				 const struct run_result *mix)
{
	double total = 0, per_io = 0;

	for (unsigned m = 0; m < w->nbs_mix; m++)
		total += w->bs_mix[m].weight;
	for (unsigned m = 0; m < w->nbs_mix; m++) {
		const struct run_result *one = NULL;

		for (size_t i = 0; i < nruns && !one; i++)
			if (runs[i].bs == w->bs_mix[m].bs && runs[i].qd == mix->qd)
				one = &runs[i];
		if (!one || !(one->iops > 0))
			return NAN;
		per_io += w->bs_mix[m].weight / total / one->iops;
	}
	return per_io > 0 ? 1 / per_io : NAN;
}

/* A --bs list's keys of series r: its size (null: the mix) and, for the mix, its predicted IOPS. */
static int bs_list_json(struct json_object *o, const struct workload *w, const struct run_result *runs,
			size_t nruns, const struct run_result *r)
{
	double want = r->bs ? NAN : predicted_mix_iops(w, runs, nruns, r);
	int rc = 0;

	if (r->bs)
		return put_u64(o, "bs", r->bs);
	rc |= put(o, "bs", NULL);
	rc |= put_num(o, "predicted_iops", want, RP_IOPS);
	rc |= put_num(o, "predicted_error_pct", (r->iops - want) / want * 100, 2);
	return rc;
}

static struct json_object *series_json(const struct run_result *r, bool verify)
{
	struct json_object *o = json_object_new_object();
	struct json_object *ts = json_object_new_array();
	int rc = 0;

	if (!o || !ts)
		goto err;
	rc |= put_u64(o, "qd", r->qd);
	rc |= put_num(o, "iops", r->iops, RP_IOPS);
	rc |= put_num(o, "mbps", r->mbps, RP_MBPS);
	rc |= put_new(o, "lat_us", result_lat_json(r->lat_mean_us, r->lat_p50_us, r->lat_p99_us,
							 r->lat_p999_us, r->lat_p9999_us, r->lat_max_us));
	rc |= put_u64(o, "ios", r->ios);
	rc |= put_u64(o, "bytes", r->bytes);
	rc |= put_u64(o, "read_ios", r->read_ios);
	rc |= put_u64(o, "write_ios", r->write_ios);
	if (r->mixed) {
		rc |= put(o, "read", dir_json(&r->rd));
		rc |= put(o, "write", dir_json(&r->wr));
	}
	rc |= put_u64(o, "span_bytes", r->span_bytes);
	rc |= put_u64(o, "host_bytes_written", r->host_bytes_written);
	if (r->media_known)
		rc |= put_u64(o, "media_bytes_written", r->media_bytes_written);
	else
		rc |= put(o, "media_bytes_written", NULL);
	rc |= put_num(o, "waf", r->waf, RP_WAF);
	rc |= put_num(o, "unwritten_reads", run_unwritten_reads(r), 4);
	rc |= put_num(o, "seconds", (double)r->elapsed_ns / 1e9, RP_SECONDS);
	rc |= put_new(o, "stopped_early", json_object_new_boolean(r->stopped_early));
	if (verify)
		rc |= put_u64(o, "verify_errors", r->verify_errors);
	else
		rc |= put(o, "verify_errors", NULL);
	for (size_t i = 0; i < r->nsamples; i++)
		rc |= append(ts, sample_json(&r->samples[i]));
	rc |= put(o, "timeseries", ts);
	ts = NULL;
	if (rc)
		goto err;
	return o;

err:
	json_object_put(ts);
	json_object_put(o);
	return NULL;
}

struct json_object *result_run_json(const struct result_meta *meta, const struct target *t,
				    const struct workload *w, const struct run_result *runs,
				    size_t nruns)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *tool = json_object_new_object();
	struct json_object *series = json_object_new_array();
	uint64_t span;
	int rc = 0;

	if (!doc || !tool || !series)
		goto err;
	span = nruns ? runs[0].span_bytes :
		w->span_bytes ? w->span_bytes : t->info.capacity_bytes;

	rc |= put_str(doc, "schema", RESULT_SCHEMA);
	/* Every kind says what it is; readers still know a run without it (written before) by its series. */
	rc |= put_str(doc, "kind", result_kind_name(RESULT_KIND_RUN));
	rc |= put_str(tool, "version", SSDPROF_VERSION);
	rc |= put(doc, "tool", tool);
	tool = NULL;
	rc |= put_new(doc, "host", result_host_json());
	rc |= put_str(doc, "started", meta->started);
	rc |= put_str(doc, "finished", meta->finished);
	rc |= put_num(doc, "virtual_seconds", meta->virtual_seconds, RP_SECONDS);
	rc |= put_str(doc, "command", meta->command);
	rc |= put_new(doc, "target", result_target_json(t));
	rc |= put_new(doc, "settings", settings_json(w, span, runs, nruns));
	for (size_t i = 0; i < nruns; i++) {
		struct json_object *one = series_json(&runs[i], w->verify);

		if (one && runs_bs_list(runs, nruns))
			rc |= bs_list_json(one, w, runs, nruns, &runs[i]);
		rc |= append(series, one);
	}
	rc |= put(doc, "series", series);
	series = NULL;
	if (rc)
		goto err;
	return doc;

err:
	json_object_put(series);
	json_object_put(tool);
	json_object_put(doc);
	return NULL;
}

const char *result_json_text(struct json_object *doc)
{
	return json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY |
					      JSON_C_TO_STRING_SPACED |
					      JSON_C_TO_STRING_NOSLASHESCAPE);
}

int result_mkdir_p(const char *dir, char *err, size_t errlen)
{
	struct stat sb;
	char *path, q[1024];
	int ret = 0;

	if (!dir || !*dir) {
		snprintf(err, errlen, "empty output directory name");
		return -EINVAL;
	}
	path = strdup(dir);
	if (!path) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	/* Each prefix ending before a '/', then the whole path. */
	for (char *p = path + 1; ; p++) {
		bool last = *p == '\0';

		if (*p != '/' && !last)
			continue;
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST) {
			ret = -errno;
			snprintf(err, errlen, "cannot create '%s': %s", escape_arg(q, sizeof(q), path), strerror(-ret));
			goto out;
		}
		if (stat(path, &sb) < 0 || !S_ISDIR(sb.st_mode)) {
			ret = -ENOTDIR;
			snprintf(err, errlen, "cannot create '%s': exists and is not a directory",
				 escape_arg(q, sizeof(q), path));
			goto out;
		}
		if (last)
			break;
		*p = '/';
	}
out:
	free(path);
	return ret;
}

int result_write_file(const char *dir, const char *name, const char *data, size_t len,
		      char *err, size_t errlen)
{
	return atomic_write_file(dir, name, data, len, err, errlen);
}

int result_write_json(const char *dir, const char *name, struct json_object *doc,
		      char *err, size_t errlen)
{
	const char *text = result_json_text(doc);
	char *buf;
	size_t len;
	int ret;

	if (!text) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	len = strlen(text);
	buf = malloc(len + 2);
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	memcpy(buf, text, len);
	buf[len] = '\n';
	buf[len + 1] = '\0';
	ret = result_write_file(dir, name, buf, len + 1, err, errlen);
	free(buf);
	return ret;
}

/* CSV text is built in memory, then written atomically like every result file. */
struct memfile {
	FILE *f;
	char *data;
	size_t len;
};

static FILE *memfile_open(struct memfile *m, char *err, size_t errlen)
{
	m->data = NULL;
	m->len = 0;
	m->f = open_memstream(&m->data, &m->len);
	if (!m->f)
		snprintf(err, errlen, "out of memory");
	return m->f;
}

static int memfile_write(struct memfile *m, const char *dir, const char *name, char *err, size_t errlen)
{
	int ferr = ferror(m->f), ret;

	if (fclose(m->f) != 0 || ferr) {
		free(m->data);
		snprintf(err, errlen, "out of memory formatting '%s'", name);
		return -ENOMEM;
	}
	ret = result_write_file(dir, name, m->data, m->len, err, errlen);
	free(m->data);
	return ret;
}

static void dir_sample_csv(FILE *f, const struct run_sample *s)
{
	double dur = s->dur_s > 0 ? s->dur_s : NAN;
	uint64_t wbytes = s->bytes - s->read_bytes;
	char b[6][64];

	fprintf(f, ",%s,%s,%s,%s,%s,%s",
		result_format_number(b[0], sizeof(b[0]), (double)s->read_ios / dur, RP_IOPS),
		result_format_number(b[1], sizeof(b[1]), (double)s->read_bytes / dur / 1e6, RP_MBPS),
		result_format_number(b[2], sizeof(b[2]), s->read_lat_mean_us, RP_LAT_US),
		result_format_number(b[3], sizeof(b[3]), (double)s->write_ios / dur, RP_IOPS),
		result_format_number(b[4], sizeof(b[4]), (double)wbytes / dur / 1e6, RP_MBPS),
		result_format_number(b[5], sizeof(b[5]), s->write_lat_mean_us, RP_LAT_US));
}

/* drive as one CSV field, in b (sb_free it); "" when out of memory, which the writer then reports. */
static const char *drive_field(struct strbuf *b, const char *drive)
{
	csv_field(b, drive ? drive : "");
	return b->p && !b->err ? b->p : "";
}

int result_write_timeseries_csv(const char *dir, const char *name,
				const struct run_result *run, const char *drive, char *err, size_t errlen)
{
	struct strbuf db = { 0 };
	const char *df = drive_field(&db, drive);
	struct memfile m;
	FILE *f = memfile_open(&m, err, errlen);

	if (!f) {
		sb_free(&db);
		return -ENOMEM;
	}
	/* Numbers, and the drive as an RFC 4180 field. */
	/* New columns go at the end, so readers of the older layout keep working. */
	fputs("t_s,dur_s,ios,iops,mbps,lat_mean_us,lat_max_us,host_bytes_written,"
	      "media_bytes_written,waf,lat_p50_us,lat_p99_us,lat_p999_us,lat_p9999_us", f);
	/* A mixed run adds each direction's rate and mean latency. */
	fputs(run->mixed ? ",read_iops,read_mbps,read_lat_mean_us,write_iops,write_mbps,"
	      "write_lat_mean_us" : "", f);
	fputs("," CSV_DRIVE_COLUMN "\r\n", f);
	for (size_t i = 0; i < run->nsamples; i++) {
		const struct run_sample *s = &run->samples[i];
		char b[6][64];

		fprintf(f, "%s,%s,%llu,%s,%s,%s,%s,%llu,",
			result_format_number(b[0], sizeof(b[0]), s->t_s, RP_SECONDS),
			result_format_number(b[1], sizeof(b[1]), s->dur_s, RP_SECONDS),
			(unsigned long long)s->ios,
			result_format_number(b[2], sizeof(b[2]), s->iops, RP_IOPS),
			result_format_number(b[3], sizeof(b[3]), s->mbps, RP_MBPS),
			result_format_number(b[4], sizeof(b[4]), s->lat_mean_us, RP_LAT_US),
			result_format_number(b[5], sizeof(b[5]), s->lat_max_us, RP_LAT_US),
			(unsigned long long)s->host_bytes_written);
		if (s->media_known)
			fprintf(f, "%llu", (unsigned long long)s->media_bytes_written);
		else
			fputs(TEXT_NOT_MEASURED, f);
		fprintf(f, ",%s,%s,%s,%s,%s",
			result_format_number(b[0], sizeof(b[0]), s->waf, RP_WAF),
			result_format_number(b[1], sizeof(b[1]), s->lat_p50_us, RP_LAT_US),
			result_format_number(b[2], sizeof(b[2]), s->lat_p99_us, RP_LAT_US),
			result_format_number(b[3], sizeof(b[3]), s->lat_p999_us, RP_LAT_US),
			result_format_number(b[4], sizeof(b[4]), s->lat_p9999_us, RP_LAT_US));
		if (run->mixed)
			dir_sample_csv(f, s);
		fprintf(f, ",%s\r\n", df);
	}
	sb_free(&db);
	return memfile_write(&m, dir, name, err, errlen);
}

int result_write_curve_csv(const char *dir, const char *name, const struct run_result *runs,
			   size_t nruns, const char *drive, char *err, size_t errlen)
{
	struct strbuf db = { 0 };
	const char *df = drive_field(&db, drive);
	struct memfile m;
	FILE *f = memfile_open(&m, err, errlen);

	if (!f) {
		sb_free(&db);
		return -ENOMEM;
	}
	bool mixed = nruns && runs[0].mixed;

	fputs("qd,iops,mbps,lat_mean_us,lat_p50_us,lat_p99_us,lat_p999_us,lat_p9999_us,"
	      "lat_max_us", f);
	fputs(mixed ? ",read_iops,read_mbps,read_lat_mean_us,read_lat_p50_us,read_lat_p99_us,"
	      "read_lat_p999_us,write_iops,write_mbps,write_lat_mean_us,write_lat_p50_us,"
	      "write_lat_p99_us,write_lat_p999_us" : "", f);
	fputs("," CSV_DRIVE_COLUMN "\r\n", f);
	for (size_t i = 0; i < nruns; i++) {
		const struct run_result *r = &runs[i];
		char b[8][64];

		fprintf(f, "%u,%s,%s,%s,%s,%s,%s,%s,%s", r->qd,
			result_format_number(b[0], sizeof(b[0]), r->iops, RP_IOPS),
			result_format_number(b[1], sizeof(b[1]), r->mbps, RP_MBPS),
			result_format_number(b[2], sizeof(b[2]), r->lat_mean_us, RP_LAT_US),
			result_format_number(b[3], sizeof(b[3]), r->lat_p50_us, RP_LAT_US),
			result_format_number(b[4], sizeof(b[4]), r->lat_p99_us, RP_LAT_US),
			result_format_number(b[5], sizeof(b[5]), r->lat_p999_us, RP_LAT_US),
			result_format_number(b[6], sizeof(b[6]), r->lat_p9999_us, RP_LAT_US),
			result_format_number(b[7], sizeof(b[7]), r->lat_max_us, RP_LAT_US));
		for (int d = 0; mixed && d < 2; d++) {
			const struct run_dir *x = d ? &r->wr : &r->rd;

			fprintf(f, ",%s,%s,%s,%s,%s,%s",
				result_format_number(b[0], sizeof(b[0]), x->iops, RP_IOPS),
				result_format_number(b[1], sizeof(b[1]), x->mbps, RP_MBPS),
				result_format_number(b[2], sizeof(b[2]), x->lat_mean_us, RP_LAT_US),
				result_format_number(b[3], sizeof(b[3]), x->lat_p50_us, RP_LAT_US),
				result_format_number(b[4], sizeof(b[4]), x->lat_p99_us, RP_LAT_US),
				result_format_number(b[5], sizeof(b[5]), x->lat_p999_us, RP_LAT_US));
		}
		fprintf(f, ",%s\r\n", df);
	}
	sb_free(&db);
	return memfile_write(&m, dir, name, err, errlen);
}
