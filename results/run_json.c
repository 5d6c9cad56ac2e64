/* SPDX-License-Identifier: MIT */
/* The run document and its files (results/run_json.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "device/target.h"
#include "engine/workload.h"
#include "profiler/run_steps.h"
#include "results/json_get.h"
#include "results/raid_json.h"
#include "results/result_csv.h"
#include "results/result_json.h"
#include "results/run_json.h"

int run_members_init(struct run_members *m, size_t n)
{
	m->series = calloc(n, sizeof(*m->series));
	m->limiting = calloc(n, sizeof(*m->limiting));
	m->n = n;
	return m->series && m->limiting ? 0 : -ENOMEM;
}

void run_members_free(struct run_members *m)
{
	for (size_t i = 0; m->series && i < m->n; i++)
		json_object_put(m->series[i]);
	free(m->series);
	free(m->limiting);
	m->series = NULL;
	m->limiting = NULL;
	m->n = 0;
}

/* Series i: its chunk and its members' figures between the snapshots.  0 or -errno. */
static int members_one(struct run_members *m, size_t i, uint64_t chunk_bytes, const struct target *t,
		       const struct raid_snap *a, const struct raid_snap *b)
{
	json_object_put(m->series[i]);
	m->limiting[i] = -1;
	m->series[i] = json_object_new_object();
	if (!m->series[i] || json_object_object_add(m->series[i], "chunk_bytes", json_object_new_uint64(chunk_bytes)) < 0)
		return -ENOMEM;
	return raid_members_json_add(m->series[i], t, a, b, &m->limiting[i]);
}

int run_members_add(struct run_members *m, size_t i, uint64_t chunk_bytes, const struct target *t,
		    const struct raid_snap *a, const struct raid_snap *b, bool failed)
{
	int ret;

	if (i >= m->n)
		return -EINVAL;
	ret = members_one(m, i, chunk_bytes, t, a, b);
	if (ret && failed) {
		/* Never a hole in the document: an empty entry. */
		json_object_put(m->series[i]);
		m->series[i] = json_object_new_object();
		m->limiting[i] = -1;
	}
	return failed ? 0 : ret;
}

const char *chunk_name(char *buf, size_t len, uint64_t bytes)
{
	if (bytes % (1024 * 1024) == 0)
		snprintf(buf, len, "%lluM", (unsigned long long)(bytes >> 20));
	else
		snprintf(buf, len, "%lluk", (unsigned long long)(bytes >> 10));
	return buf;
}

/* One entry per series: the figures that tell chunk sizes apart. */
static struct json_object *chunk_comparison_json(const struct run_doc_in *in)
{
	const struct run_set *set = in->set;
	struct json_object *arr = json_object_new_array();

	for (size_t i = 0; arr && i < set->n; i++) {
		const struct run_result *r = &set->res[i];
		struct json_object *e = json_object_new_object(), *lat = json_object_new_object();
		int rc = !e || !lat;
		int lim = in->members->limiting[i];

		if (!rc) {
			rc |= json_object_object_add(e, "chunk_bytes",
						     json_object_new_uint64(in->plan->chunks[i / in->plan->nqd]));
			rc |= json_object_object_add(e, "qd", json_object_new_uint64(r->qd));
			rc |= json_object_object_add(e, "iops", result_json_number(r->iops, RP_IOPS));
			rc |= json_object_object_add(e, "mbps", result_json_number(r->mbps, RP_MBPS));
			rc |= json_object_object_add(lat, "p50", result_json_number(r->lat_p50_us, RP_LAT_US));
			rc |= json_object_object_add(lat, "p99", result_json_number(r->lat_p99_us, RP_LAT_US));
			rc |= json_object_object_add(e, "lat_us", lat);
			lat = NULL;
			rc |= json_object_object_add(e, "waf", result_json_number(r->waf, RP_WAF));
			rc |= json_object_object_add(e, "limiting_member", lim >= 0 ? json_object_new_int(lim) : NULL);
		}
		if (rc || json_object_array_add(arr, e) < 0) {
			json_object_put(lat);
			json_object_put(e);
			json_object_put(arr);
			return NULL;
		}
	}
	return arr;
}

/* The group as first opened, with chunk_list (and chunk_bytes null and the target's model for several). */
static int group_json(const struct run_doc_in *in)
{
	const struct run_plan *p = in->plan;
	struct json_object *list = json_object_new_array();
	int rc = !list;

	for (size_t i = 0; !rc && i < p->nchunk; i++)
		rc |= json_object_array_add(list, json_object_new_uint64(p->chunks[i]));
	if (rc) {
		json_object_put(list);
		return -ENOMEM;
	}
	rc |= json_object_object_add(in->group0, "chunk_list", list);
	if (p->nchunk > 1) {
		/* The group as first opened names its first chunk; the document covers them all. */
		char model[64];
		struct json_object *level, *members;

		rc |= json_object_object_add(in->group0, "chunk_bytes", NULL);
		if (json_object_object_get_ex(in->group0, "level", &level) &&
		    json_object_object_get_ex(in->group0, "members", &members)) {
			snprintf(model, sizeof(model), "RAID %d of %zu members, %zu chunk sizes",
				 json_object_get_int(level), json_object_array_length(members), p->nchunk);
			rc |= json_object_object_add(in->target0, "model", json_object_new_string(model));
		}
	}
	return rc ? -ENOMEM : 0;
}

/*
 * What a group adds to the document: each series' chunk_bytes, members and
 * limiting_member; the group (after settings); the target as first opened;
 * and with several chunks chunk_comparison.  Returns the new document (doc
 * is released) or NULL.
 */
static struct json_object *add_raid(struct json_object *doc, const struct run_doc_in *in)
{
	struct json_object *out = json_object_new_object(), *series;
	int rc = !out || !json_object_object_get_ex(doc, "series", &series);

	for (size_t i = 0; !rc && i < in->set->n; i++) {
		struct json_object *s = json_object_array_get_idx(series, i);

		json_object_object_foreach(in->members->series[i], key, val)
			rc |= json_object_object_add(s, key, json_object_get(val));
	}
	if (!rc)
		rc = group_json(in);
	/* A new object, to keep the document's order: group after settings, as in a sweep. */
	if (!rc) {
		json_object_object_foreach(doc, key, val) {
			rc |= json_object_object_add(out, key,
						     json_object_get(strcmp(key, "target") ? val : in->target0));
			if (!strcmp(key, "settings"))
				rc |= json_object_object_add(out, "group", json_object_get(in->group0));
		}
	}
	if (!rc && in->plan->nchunk > 1) {
		struct json_object *cmp = chunk_comparison_json(in);

		rc = !cmp || json_object_object_add(out, "chunk_comparison", cmp) < 0;
	}
	json_object_put(doc);
	if (rc) {
		json_object_put(out);
		return NULL;
	}
	return out;
}

/*
 * A write curve's "preconditioned": brought to the SNIA steady state
 * before the first step, or fresh-drive figures.  NULL when out of memory.
 */
static struct json_object *state_json(const struct target *t, const struct run_doc_in *in)
{
	const struct run_prep_result *p = &in->set->prep;
	uint64_t span = in->plan->w.span_bytes, cap = t->info.capacity_bytes;
	bool steady = p->how == RUN_PREP_STEADY;
	struct json_object *o = json_object_new_object();
	char note[200];
	int rc = !o;

	if (steady)
		snprintf(note, sizeof(note), "brought to steady state before the first step (fill, %zu rounds), "
			 "which %s", p->rounds, p->reached ? "reached steady state" : "did NOT reach steady state");
	else
		snprintf(note, sizeof(note), "fresh-drive figures: the drive was not brought to steady state "
			 "first (--precondition does)");
	if (!rc) {
		rc |= json_object_object_add(o, "op_percent", result_json_number(cap ? 100.0 * (double)(cap - span) /
										     (double)cap : 0, 2));
		rc |= json_object_object_add(o, "op_method", NULL);
		rc |= json_object_object_add(o, "usable_bytes", json_object_new_uint64(span));
		rc |= json_object_object_add(o, "how", json_object_new_string(steady ? RUN_PREP_HOW_STEADY
										  : RUN_PREP_HOW_FRESH));
		rc |= json_object_object_add(o, "reached", json_object_new_boolean(steady && p->reached));
		rc |= json_object_object_add(o, "rounds", steady ? json_object_new_uint64(p->rounds) : NULL);
		rc |= json_object_object_add(o, "iops", steady ? result_json_number(p->iops, RP_IOPS) : NULL);
		rc |= json_object_object_add(o, "waf", steady ? result_json_number(p->waf, RP_WAF) : NULL);
		rc |= json_object_object_add(o, "note", json_object_new_string(note));
	}
	if (rc) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/* The first chunk's series, then every other chunk's appended.  0 or -ENOMEM. */
static int more_series(struct json_object *doc, const struct result_meta *meta, const struct target *t,
		       const struct run_doc_in *in)
{
	const struct run_plan *p = in->plan;
	const struct run_set *set = in->set;
	struct json_object *series, *more, *ms;

	if (!json_object_object_get_ex(doc, "series", &series))
		return -ENOMEM;
	for (size_t at = p->nqd; at < set->n; at += p->nqd) {
		more = result_run_json(meta, t, &p->w, set->res + at, set->n - at < p->nqd ? set->n - at : p->nqd);
		if (!more || !json_object_object_get_ex(more, "series", &ms)) {
			json_object_put(more);
			return -ENOMEM;
		}
		for (size_t i = 0; i < json_object_array_length(ms); i++)
			json_object_array_add(series, json_object_get(json_object_array_get_idx(ms, i)));
		json_object_put(more);
	}
	return json_object_array_length(series) == set->n ? 0 : -ENOMEM;
}

struct json_object *run_json_doc(const struct result_meta *meta, const struct target *t,
				 const struct run_doc_in *in)
{
	const struct run_plan *p = in->plan;
	const struct run_set *set = in->set;
	struct json_object *doc, *more;
	struct workload w = p->w;

	/* The settings name the first depth: every chunk repeats the same --qd list. */
	w.qd = (unsigned)p->qds[0];
	w.stream = 0;
	doc = result_run_json(meta, t, &w, set->res, in->members && set->n > p->nqd ? p->nqd : set->n);
	if (!doc)
		return NULL;
	if (!json_object_object_get_ex(doc, "settings", &more) ||
	    json_object_object_add(more, "fill", json_object_new_boolean(in->fill)))
		goto fail;
	if (in->curve_state && ((more = state_json(t, in)) == NULL ||
				json_object_object_add(doc, "preconditioned", more) < 0))
		goto fail;
	if (!in->members)
		return doc;
	if (more_series(doc, meta, t, in))
		goto fail;
	return add_raid(doc, in);
fail:
	json_object_put(doc);
	return NULL;
}

/* The CSV name of step i among r[0..n): -qdN, and -qdN-K for the K-th step of a depth repeated. */
static void step_name(char *name, size_t len, const char *tag, const struct run_result *r, size_t i)
{
	unsigned k = 1;

	for (size_t j = 0; j < i; j++)
		k += r[j].qd == r[i].qd;
	if (k > 1)
		snprintf(name, len, "timeseries%s-qd%u-%u.csv", tag, r[i].qd, k);
	else
		snprintf(name, len, "timeseries%s-qd%u.csv", tag, r[i].qd);
}

int run_json_write(const char *dir, const struct run_doc_in *in, struct json_object *doc, char *err,
		   size_t errlen)
{
	const struct run_plan *p = in->plan;
	const struct run_set *set = in->set;
	char drive[1200];
	int ret = 0;

	result_drive_name(jget(doc, "target"), drive, sizeof(drive));
	for (size_t at = 0; !ret && at < set->n; at += p->nqd) {
		const struct run_result *r = set->res + at;
		size_t n = set->n - at < p->nqd ? set->n - at : p->nqd;
		char tag[40] = "", c[24], name[96];

		if (p->nchunk > 1)
			snprintf(tag, sizeof(tag), "-chunk%s", chunk_name(c, sizeof(c), p->chunks[at / p->nqd]));
		if (n == 1) {
			snprintf(name, sizeof(name), "timeseries%s.csv", tag);
			ret = result_write_timeseries_csv(dir, name, r, drive, err, errlen);
			continue;
		}
		for (size_t i = 0; ret == 0 && i < n; i++) {
			step_name(name, sizeof(name), tag, r, i);
			ret = result_write_timeseries_csv(dir, name, &r[i], drive, err, errlen);
		}
		snprintf(name, sizeof(name), "qd_curve%s.csv", tag);
		if (ret == 0)
			ret = result_write_curve_csv(dir, name, r, n, drive, err, errlen);
	}
	if (ret == 0)
		ret = result_write_json(dir, "result.json", doc, err, errlen);
	return ret;
}
