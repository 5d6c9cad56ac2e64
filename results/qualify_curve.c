/* SPDX-License-Identifier: MIT */
/*
 * The QD curve's documents of one qualify drive (results/qualify_store.h):
 * each direction a run result (kind "run") with the state the drive was
 * in ("preconditioned"), a group's members per step, and its CSV; on
 * --resume the steps an earlier run of the same settings saved, a cut
 * curve's first depths spliced before the ones measured now.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "profiler/qualify_store.h"
#include "results/json_get.h"
#include "results/qualify_store.h"
#include "results/raid_json.h"
#include "results/result_csv.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "results/run_json.h"
#include "util/exit_code.h"
#include "util/text.h"

static struct json_object *state_json(const struct qualify_qd_state *st, int dir)
{
	struct json_object *o = json_object_new_object();
	char note[256];

	snprintf(note, sizeof(note), "%s %.2f%% OP point%s, which %s in %zu rounds%s",
		 strcmp(st->how, QUALIFY_QD_AFTER_POINT) ? "after the" : "right after the sweep's", st->op_percent,
		 strcmp(st->how, QUALIFY_QD_AFTER_POINT) ? " was measured again for the curve (purge, OP, fill, rounds)"
							   : "",
		 st->reached ? "reached steady state" : "did NOT reach steady state", st->rounds,
		 dir ? "; the reads follow the random-write curve" : "");
	json_object_object_add(o, "op_percent", result_json_number(st->op_percent, 2));
	json_object_object_add(o, "op_method", json_object_new_string(op_method_name(st->method)));
	json_object_object_add(o, "usable_bytes", json_object_new_uint64(st->usable_bytes));
	json_object_object_add(o, "how", json_object_new_string(st->how));
	json_object_object_add(o, "reached", json_object_new_boolean(st->reached));
	json_object_object_add(o, "rounds", json_object_new_uint64(st->rounds));
	json_object_object_add(o, "iops", result_json_number(st->iops, RP_IOPS));
	json_object_object_add(o, "waf", result_json_number(st->waf, RP_WAF));
	json_object_object_add(o, "note", json_object_new_string(note));
	return o;
}

/*
 * A saved curve a resumed drive keeps: kind run, of these settings at this
 * OP, its depths the first of the list.  *nkept: how many steps ended (all
 * but a cut or failed last one); the whole list when it finished.
 */
int qualify_curve_kept(struct qualify_drive *d, int dir, double op, void **kept, size_t *nkept)
{
	struct workload w = qualify_qd_workload(d, dir, 0);
	struct json_object *doc, *s, *list;
	char path[PATH_MAX + 64], err[512], dist[64];
	enum result_kind kind;
	bool same, cut;

	*kept = NULL;
	*nkept = 0;
	offset_dist_format(&w.dist, dist, sizeof(dist));
	snprintf(path, sizeof(path), "%s/%s/result.json", d->dir, qualify_qd_dirs[dir]);
	if (result_load(path, &doc, &kind, err, sizeof(err)))
		return 0;
	s = jget(doc, "settings");
	list = jget(s, "qd_list");
	same = kind == RESULT_KIND_RUN && jstr(s, "rw") && !strcmp(jstr(s, "rw"), workload_rw_name(w.rw)) &&
	       jnum(s, "bs") == w.bs && fabs(jnum(s, "time_s") - (double)w.time_ns / 1e9) < 1e-6 &&
	       jnum(s, "seed") == (double)w.seed && jlen(list) <= d->set->nqd &&
	       jlen(jget(doc, "series")) == jlen(list) &&
	       jstr(s, "random_dist") && !strcmp(jstr(s, "random_dist"), dist) &&
	       fabs(jnum(jget(doc, "preconditioned"), "op_percent") - op) < 0.005;
	/* A curve cut short saved the depths it reached: the first of the list. */
	for (size_t i = 0; same && i < jlen(list); i++)
		same = json_object_get_int64(jidx(list, i)) == d->set->qd_list[i];
	cut = jget(doc, "interrupted") || jstr(doc, "error");
	if (!same || (cut && jlen(list) <= 1)) {
		json_object_put(doc);
		return kind == RESULT_KIND_RUN && !same ? QUALIFY_KEPT_OTHER : 0;
	}
	*nkept = jlen(list) - cut;
	*kept = doc;
	return 1;
}

void qualify_curve_free(void *kept)
{
	json_object_put(kept);
}

/* The figures of a kept step, for the curve's CSV and line (its document entry is kept as saved). */
static void kept_result(struct json_object *series, struct run_result *r)
{
	struct json_object *lat = jget(series, "lat_us");

	memset(r, 0, sizeof(*r));
	r->qd = (unsigned)jnum(series, "qd");
	r->iops = jnum(series, "iops");
	r->mbps = jnum(series, "mbps");
	r->lat_mean_us = jnum(lat, "mean");
	r->lat_p50_us = jnum(lat, "p50");
	r->lat_p99_us = jnum(lat, "p99");
	r->lat_p999_us = jnum(lat, LAT_KEY_P999);
	r->lat_p9999_us = jnum(lat, LAT_KEY_P9999);
	r->lat_max_us = jnum(lat, "max");
	r->waf = jnum(series, "waf");
}

/* The kept steps' series first in doc, and the settings naming every depth.  0 or -ENOMEM. */
static int splice_kept(struct json_object *doc, struct json_object *kept, size_t nkept)
{
	struct json_object *series = jget(doc, "series"), *ks = jget(kept, "series"), *all = json_object_new_array();
	struct json_object *list = json_object_new_array(), *s = jget(doc, "settings");
	int rc = !all || !list || !series || !s;

	for (size_t i = 0; !rc && i < nkept + jlen(series); i++) {
		struct json_object *e = i < nkept ? jidx(ks, i) : jidx(series, i - nkept);

		rc |= json_object_array_add(all, json_object_get(e)) < 0;
		rc |= json_object_array_add(list, json_object_new_uint64((uint64_t)jnum(e, "qd"))) < 0;
	}
	if (!rc && jlen(list) > 1)
		rc |= json_object_object_add(s, "qd", NULL) < 0;
	if (!rc) {
		rc |= json_object_object_add(s, "qd_list", list) < 0;
		list = NULL;
		rc |= json_object_object_add(doc, "series", all) < 0;
		all = NULL;
	}
	json_object_put(list);
	json_object_put(all);
	return rc ? -ENOMEM : 0;
}

/* A direction being measured: when it started, and a group's members per step. */
struct curve_steps {
	char started[32];
	struct run_members members;
};

/* A step of the curve ended: a group's members over it, into the members' series. */
static int hook_step_end(void *arg, size_t c, size_t i, struct target *t, const struct run_result *r,
			 const struct raid_snap *a, const struct raid_snap *b, bool failed)
{
	struct curve_steps *cs = arg;

	(void)c;
	(void)r;
	/* The chunk is the group's (its "group"): not repeated per series. */
	return a ? run_members_add(&cs->members, i, 0, t, a, b, failed) : 0;
}

int qualify_curve_begin(struct qualify_drive *d, size_t nsteps, struct run_hooks *h)
{
	struct curve_steps *cs = calloc(1, sizeof(*cs));

	*h = (struct run_hooks){ .arg = cs, .step_end = hook_step_end };
	if (!cs)
		return -ENOMEM;
	utc_stamp(cs->started, sizeof(cs->started), true);
	return target_has(d->t, TARGET_CAP_GROUP) ? run_members_init(&cs->members, nsteps) : 0;
}

/* The steps measured, as a run document with the state and (a group) the members.  NULL: out of memory. */
static struct json_object *curve_doc(const struct qualify_drive *d, const struct workload *w,
				     const struct run_result *res, size_t n, const struct run_members *members,
				     struct json_object *state, const char *started)
{
	struct result_meta meta = { .command = d->set->command, .virtual_seconds = NAN };
	struct json_object *doc, *series;
	char finished[32];
	double vsec = 0;

	for (size_t i = 0; i < n; i++)
		vsec += (double)res[i].elapsed_ns / 1e9;
	utc_stamp(finished, sizeof(finished), true);
	if (target_has(d->t, TARGET_CAP_VIRTUAL_TIME)) {
		meta.virtual_seconds = vsec;
	} else {
		meta.started = started;
		meta.finished = finished;
	}
	if (!(doc = result_run_json(&meta, d->t, w, res, n)))
		return NULL;
	json_object_object_add(jget(doc, "settings"), "fill", json_object_new_boolean(false));
	json_object_object_add(doc, "preconditioned", json_object_get(state));
	series = jget(doc, "series");
	if (target_has(d->t, TARGET_CAP_GROUP)) {
		json_object_object_add(doc, "group", raid_group_json(d->t));
		for (size_t i = 0; i < n && members->series && members->series[i]; i++) {
			json_object_object_foreach(members->series[i], key, val) {
				/* The group's chunk is in "group"; a run's series name theirs only in a chunk list. */
				if (strcmp(key, "chunk_bytes"))
					json_object_object_add(jidx(series, i), key, json_object_get(val));
			}
		}
	}
	return doc;
}

int qualify_curve_save(struct qualify_drive *d, int dir, const struct qualify_qd_state *st, const struct workload *w,
		       const struct run_set *set, int ret, const struct run_hooks *h, void *kept, size_t nkept,
		       struct run_result *all, size_t *nall)
{
	struct curve_steps *cs = h->arg;
	static const struct run_members none;
	struct json_object *state = state_json(st, dir);
	char path[PATH_MAX + 32], err[TARGET_ERRLEN], what[64], drive[1200];
	int rc;

	snprintf(path, sizeof(path), "%s/%s", d->dir, qualify_qd_dirs[dir]);
	snprintf(what, sizeof(what), "QD curve %s", workload_rw_name(w->rw));
	d->qd_doc[dir] = curve_doc(d, w, set->res, set->n, cs ? &cs->members : &none, state, cs ? cs->started : "");
	if (d->qd_doc[dir] && nkept && splice_kept(d->qd_doc[dir], kept, nkept)) {
		json_object_put(d->qd_doc[dir]);
		d->qd_doc[dir] = NULL;
	}
	for (size_t i = 0; i < nkept + set->n; i++) {
		if (i < nkept)
			kept_result(jidx(jget(kept, "series"), i), &all[i]);
		else
			all[i] = set->res[i - nkept];
	}
	*nall = nkept + set->n;
	/* A step's error is the drive's, exit code and all, like any other failed step. */
	rc = !d->qd_doc[dir] ? qualify_fail(d, EXIT_RUN_FAILED, "QD curve", "out of memory")
	     : ret ? qualify_fail(d, EXIT_RUN_FAILED, what, set->error)
	     : set->interrupted ? qualify_fail(d, EXIT_INTERRUPTED, "QD curve", "interrupted") : 0;
	if (d->qd_doc[dir]) {
		result_doc_mark(d->qd_doc[dir], set->interrupted, ret ? d->error : NULL);
		if (result_mkdir_p(path, err, sizeof(err)) ||
		    result_write_json(path, "result.json", d->qd_doc[dir], err, sizeof(err)) ||
		    (*nall && result_write_curve_csv(path, "qd_curve.csv", all, *nall,
						     result_drive_name(jget(d->qd_doc[dir], "target"), drive,
								       sizeof(drive)), err, sizeof(err))))
			rc = rc ? rc : qualify_fail(d, EXIT_RUN_FAILED, "saving the QD curve", err);
	}
	json_object_put(state);
	if (cs)
		run_members_free(&cs->members);
	free(cs);
	return rc;
}
