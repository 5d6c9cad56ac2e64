/* SPDX-License-Identifier: MIT */
/* The qualify result (results/qualify_json.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "results/json_get.h"
#include "results/qualify_json.h"
#include "results/raid_json.h"
#include "results/result_json.h"
#include "device/target.h"

#define RP_MARGIN 4

static struct json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

double qualify_chosen_op(struct json_object *sweep_doc)
{
	struct json_object *e = jget(sweep_doc, "endurance");
	double op = jnum(jget(sweep_doc, "knee"), "recommended_op_percent");
	double least = jnum(e, "least_op_percent");

	if (!isnan(jnum(e, "target_life_years")) && (isnan(least) || isnan(op)))
		return isnan(op) ? least : op;
	return isnan(least) || least < op ? op : least;
}

static struct json_object *point_at(struct json_object *sweep_doc, double op)
{
	struct json_object *pts = jget(sweep_doc, "points");

	for (size_t i = 0; pts && i < json_object_array_length(pts); i++) {
		struct json_object *p = json_object_array_get_idx(pts, i);

		if (fabs(jnum(p, "op_percent") - op) < 0.005)
			return p;
	}
	return NULL;
}

/* The step of the curve at queue depth qd, or NULL. */
static struct json_object *qd_point(struct json_object *qd_curve, unsigned qd)
{
	struct json_object *pts = jget(qd_curve, "points");

	for (size_t i = 0; i < jlen(pts); i++)
		if (jnum(jidx(pts, i), "qd") == qd)
			return jidx(pts, i);
	return NULL;
}

static void qd_measured(struct json_object *qd_curve, struct req_measured *m)
{
	struct json_object *pts = jget(qd_curve, "points");

	m->qd1_read_us = jnum(qd_point(qd_curve, 1), "read_mean_us");
	m->qd1_write_us = jnum(qd_point(qd_curve, 1), "write_mean_us");
	for (size_t i = 0; i < jlen(pts); i++) {
		double v = jnum(jidx(pts, i), "read_iops");

		if (!isnan(v) && (isnan(m->read_iops) || v > m->read_iops))
			m->read_iops = v;
	}
}

void qualify_measured(struct json_object *sweep_doc, double op, struct json_object *slc_doc,
		      struct json_object *qd_curve, struct req_measured *m)
{
	struct json_object *p = isnan(op) ? NULL : point_at(sweep_doc, op), *reached, *w;

	*m = (struct req_measured){ -1, NAN, NAN, NAN, NAN, NAN, NAN, NAN };
	if (qd_curve)
		qd_measured(qd_curve, m);
	if (p) {
		reached = jget(jget(p, "steady_state"), "reached");
		m->steady = reached ? json_object_get_boolean(reached) : -1;
		m->steady_iops = jnum(p, "iops");
		/* A mixed workload says its writes apart; random writes are all writes. */
		w = jget(p, "write");
		m->p99_9_write_us = jnum(jget(w ? w : p, "lat_us"), LAT_KEY_P999);
		m->life_years = jnum(jget(p, "endurance"), "life_years");
	}
	if (slc_doc)
		m->post_cache_mbps = jnum(jget(slc_doc, "slc"), "post_cache_mbps");
}

struct json_object *qualify_requirements_json(const struct requirement_set *set)
{
	struct json_object *a = json_object_new_array();
	char buf[96];

	for (size_t i = 0; i < set->n; i++) {
		req_format(&set->r[i], buf, sizeof(buf));
		json_object_array_add(a, json_object_new_string(buf));
	}
	return a;
}

struct json_object *qualify_drive_json(const struct qualify_drive_result *d)
{
	struct json_object *o = json_object_new_object(), *reqs = json_object_new_array();

	json_object_object_add(o, "target", d->t ? result_target_json(d->t) : NULL);
	json_object_object_add(o, "spec", json_object_new_string(d->spec));
	json_object_object_add(o, "verdict", json_object_new_string(d->pass ? "pass" : "fail"));
	json_object_object_add(o, "error", str_or_null(d->error));
	json_object_object_add(o, "chosen_op_percent", result_json_number(d->chosen_op_percent, 2));
	for (size_t i = 0; i < d->set->n; i++) {
		const struct requirement *r = &d->set->r[i];
		const struct req_outcome *x = &d->out[i];
		struct json_object *j = json_object_new_object();

		json_object_object_add(j, "name", json_object_new_string(req_figure_name(r->figure)));
		json_object_object_add(j, "cmp", json_object_new_string(r->cmp == REQ_TRUE ? "==" :
									 r->cmp == REQ_GE ? ">=" : "<="));
		json_object_object_add(j, "limit", result_json_number(r->limit, 6));
		json_object_object_add(j, "measured", result_json_number(x->measured, 6));
		json_object_object_add(j, "pass", json_object_new_boolean(x->pass));
		json_object_object_add(j, "margin", result_json_number(x->margin, RP_MARGIN));
		json_object_array_add(reqs, j);
	}
	json_object_object_add(o, "requirements", reqs);
	json_object_object_add(o, "results", str_or_null(d->results));
	json_object_object_add(o, "sweep", str_or_null(d->sweep));
	json_object_object_add(o, "slc", str_or_null(d->slc));
	json_object_object_add(o, "qd_curve", json_object_get(d->qd_curve));
	if (d->t && target_has(d->t, TARGET_CAP_GROUP))
		json_object_object_add(o, "group", raid_group_json(d->t));
	return o;
}

/* The series of run document doc at queue depth qd, or NULL. */
static struct json_object *series_at(struct json_object *doc, int64_t qd)
{
	struct json_object *series = jget(doc, "series");

	for (size_t i = 0; i < jlen(series); i++)
		if (json_object_get_int64(jget(jidx(series, i), "qd")) == qd)
			return jidx(series, i);
	return NULL;
}

static void add_dir(struct json_object *pt, const char *dir, struct json_object *s)
{
	char key[32];

	snprintf(key, sizeof(key), "%s_iops", dir);
	json_object_object_add(pt, key, result_json_number(jnum(s, "iops"), RP_IOPS));
	snprintf(key, sizeof(key), "%s_mean_us", dir);
	json_object_object_add(pt, key, result_json_number(jnum(jget(s, "lat_us"), "mean"), RP_LAT_US));
	snprintf(key, sizeof(key), "%s_p99_us", dir);
	json_object_object_add(pt, key, result_json_number(jnum(jget(s, "lat_us"), "p99"), RP_LAT_US));
}

struct json_object *qualify_qd_curve_json(struct json_object *wdoc, struct json_object *rdoc, const char *wpath,
					  const char *rpath)
{
	struct json_object *o, *pts, *state = jget(wdoc ? wdoc : rdoc, "preconditioned");
	struct json_object *list = jget(jget(wdoc ? wdoc : rdoc, "settings"), "qd_list");

	if (!wdoc && !rdoc)
		return NULL;
	o = json_object_new_object();
	pts = json_object_new_array();
	json_object_object_add(o, "op_percent", result_json_number(jnum(state, "op_percent"), 2));
	json_object_object_add(o, "how", jstr(state, "how") ? json_object_new_string(jstr(state, "how")) : NULL);
	json_object_object_add(o, "note", jstr(state, "note") ? json_object_new_string(jstr(state, "note")) : NULL);
	json_object_object_add(o, "randwrite", wdoc ? json_object_new_string(wpath) : NULL);
	json_object_object_add(o, "randread", rdoc ? json_object_new_string(rpath) : NULL);
	for (size_t i = 0; i < jlen(list) && i < QUALIFY_QD_MAX; i++) {
		int64_t qd = json_object_get_int64(jidx(list, i));
		struct json_object *pt = json_object_new_object();

		json_object_object_add(pt, "qd", json_object_new_int64(qd));
		add_dir(pt, "write", series_at(wdoc, qd));
		add_dir(pt, "read", series_at(rdoc, qd));
		json_object_array_add(pts, pt);
	}
	json_object_object_add(o, "points", pts);
	return o;
}
