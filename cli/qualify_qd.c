/* SPDX-License-Identifier: MIT */
/*
 * The QD curve of one qualify drive (cli/qualify.h): 4k random writes, then
 * 4k random reads, one step per queue depth, at the drive's chosen OP with
 * the drive in that OP's steady state.  The state is either the one the
 * sweep left (its last point was the chosen OP) or one re-established for
 * the curve: purge, OP, fill, rounds to steady state, as a sweep point.
 * Which it was is saved in both documents ("preconditioned"), so no one
 * reads a curve of a fresh or half-settled drive as a steady one.  The
 * writes come first: random writes keep the steady state, reads leave it.
 * Each direction is a run result (kind "run"), so report renders it.
 * Random offsets follow --random-dist, as the sweep's rounds do, and the
 * run results say so (settings.random_dist).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/qualify.h"
#include "engine/workload.h"
#include "profiler/run_steps.h"
#include "profiler/sweep.h"
#include "results/json_get.h"
#include "results/qualify_json.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "results/run_json.h"
#include "util/text.h"

const char *const qualify_qd_dirs[2] = { "qd/randwrite", "qd/randread" };
static const enum workload_rw qd_rw[2] = { WL_RANDWRITE, WL_RANDREAD };

/* How the drive came to the chosen OP's steady state, as both documents say it. */
struct qd_state {
	double op_percent;
	uint64_t usable_bytes;
	const char *how;                  /* QUALIFY_QD_AFTER_POINT or QUALIFY_QD_REESTABLISHED */
	bool reached;
	size_t rounds;
	double iops, waf;
};

static struct json_object *state_json(const struct qd_state *st, const struct sweep_run *run, int dir)
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
	json_object_object_add(o, "op_method", json_object_new_string(op_method_name(run->method)));
	json_object_object_add(o, "usable_bytes", json_object_new_uint64(st->usable_bytes));
	json_object_object_add(o, "how", json_object_new_string(st->how));
	json_object_object_add(o, "reached", json_object_new_boolean(st->reached));
	json_object_object_add(o, "rounds", json_object_new_uint64(st->rounds));
	json_object_object_add(o, "iops", result_json_number(st->iops, RP_IOPS));
	json_object_object_add(o, "waf", result_json_number(st->waf, RP_WAF));
	json_object_object_add(o, "note", json_object_new_string(note));
	return o;
}

bool qualify_qd_takes(const struct workload *shape)
{
	if (!shape->workload)
		return true;
	if (!workload_rw_random(shape->rw) || shape->seq_pct || (!shape->nbs_mix && shape->bs != QUALIFY_QD_BS))
		return false;
	for (unsigned i = 0; i < shape->nbs_mix; i++)
		if (shape->bs_mix[i].bs != QUALIFY_QD_BS)
			return false;
	return true;
}

/* The workload of direction dir at queue depth qd on span bytes: its offsets as --random-dist says. */
static struct workload qd_workload(const struct qualify_drive *d, int dir, uint64_t span)
{
	const struct qualify_profile *p = d->prof;

	return (struct workload){
		.rw = qd_rw[dir], .bs = d->t->info.lba_bytes > QUALIFY_QD_BS ? d->t->info.lba_bytes : QUALIFY_QD_BS,
		.qd = p->qd_list[0], .time_ns = p->qd_time_ns ? p->qd_time_ns : p->pc->s.round_ns,
		.span_bytes = span, .seed = p->pc->s.seed, .stop_requested = interrupt_requested,
		.dist = p->pc->have_shape ? p->pc->shape.dist : (struct offset_dist){ 0 },
	};
}

/*
 * A saved curve a resumed drive keeps: kind run, of these settings at this
 * OP, its depths the first of the list.  *kept: how many steps ended (all
 * but a cut or failed last one); the whole list when it finished.  NULL
 * when there is none; *mismatch when one was measured otherwise.
 */
static struct json_object *load_kept(const struct qualify_drive *d, int dir, double op, bool *mismatch,
				     size_t *kept)
{
	struct workload w = qd_workload(d, dir, 0);
	struct json_object *doc, *s, *list;
	char path[PATH_MAX + 64], err[512], dist[64];
	enum result_kind kind;
	bool same, cut;

	*kept = 0;
	offset_dist_format(&w.dist, dist, sizeof(dist));
	snprintf(path, sizeof(path), "%s/%s/result.json", d->dir, qualify_qd_dirs[dir]);
	if (result_load(path, &doc, &kind, err, sizeof(err)))
		return NULL;
	s = jget(doc, "settings");
	list = jget(s, "qd_list");
	same = kind == RESULT_KIND_RUN && jstr(s, "rw") && !strcmp(jstr(s, "rw"), workload_rw_name(w.rw)) &&
	       jnum(s, "bs") == w.bs && fabs(jnum(s, "time_s") - (double)w.time_ns / 1e9) < 1e-6 &&
	       jnum(s, "seed") == (double)w.seed && jlen(list) <= d->prof->nqd &&
	       jlen(jget(doc, "series")) == jlen(list) &&
	       jstr(s, "random_dist") && !strcmp(jstr(s, "random_dist"), dist) &&
	       fabs(jnum(jget(doc, "preconditioned"), "op_percent") - op) < 0.005;
	/* A curve cut short saved the depths it reached: the first of the list. */
	for (size_t i = 0; same && i < jlen(list); i++)
		same = json_object_get_int64(jidx(list, i)) == d->prof->qd_list[i];
	if (kind == RESULT_KIND_RUN && !same)
		*mismatch = true;
	cut = jget(doc, "interrupted") || jstr(doc, "error");
	if (!same || (cut && jlen(list) <= 1)) {
		json_object_put(doc);
		return NULL;
	}
	*kept = jlen(list) - cut;
	return doc;
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
	r->lat_p999_us = jnum(lat, "p99.9");
	r->lat_p9999_us = jnum(lat, "p99.99");
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

/* A step of the curve ended: a group's members over it, into the members' series. */
static int hook_step_end(void *arg, size_t c, size_t i, struct target *t, const struct run_result *r,
			 const struct raid_snap *a, const struct raid_snap *b, bool failed)
{
	(void)c;
	(void)r;
	/* The chunk is the group's (its "group"): not repeated per series. */
	return a ? run_members_add(arg, i, 0, t, a, b, failed) : 0;
}

/* The steps measured, as a run document with the state and (a group) the members.  NULL: out of memory. */
static struct json_object *curve_doc(const struct qualify_drive *d, const struct workload *w,
				     const struct run_result *res, size_t n, const struct run_members *members,
				     struct json_object *state, const char *started)
{
	struct result_meta meta = { .command = d->prof->pc->command, .virtual_seconds = NAN };
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

/* Every step of direction dir on d (profiler/run_steps.h), saved.  0, or an exit code with d->error set. */
static int measure_direction(struct qualify_drive *d, int dir, const struct qd_state *st, struct json_object *state,
			     struct json_object *kept, size_t nkept)
{
	const struct qualify_profile *p = d->prof;
	uint64_t qds[QUALIFY_QD_MAX];
	struct run_result all[QUALIFY_QD_MAX];
	/* A resumed curve measures the depths its saved part lacks, each with the offsets it would have had. */
	struct run_plan plan = { .w = qd_workload(d, dir, st->usable_bytes), .qds = qds + nkept, .nqd = p->nqd - nkept,
				 .first_stream = nkept };
	struct run_set set = { 0 };
	struct run_members members = { 0 };
	const struct run_hooks h = { .arg = &members, .step_end = hook_step_end };
	char path[PATH_MAX + 32], err[TARGET_ERRLEN], started[32], what[64];
	int ret, rc;

	for (size_t i = 0; i < p->nqd; i++)
		qds[i] = p->qd_list[i];
	snprintf(path, sizeof(path), "%s/%s", d->dir, qualify_qd_dirs[dir]);
	utc_stamp(started, sizeof(started), true);
	ret = run_set_init(&set, &plan, d->t);
	if (!ret && target_has(d->t, TARGET_CAP_GROUP))
		ret = run_members_init(&members, p->nqd);
	if (ret)
		snprintf(set.error, sizeof(set.error), "QD curve: out of memory");
	else
		ret = run_steps_pass(d->t, &plan, 0, &set, &h);
	plan.w.qd = p->qd_list[0];
	plan.w.stream = 0;
	snprintf(what, sizeof(what), "QD curve %s", workload_rw_name(plan.w.rw));
	d->qd_doc[dir] = curve_doc(d, &plan.w, set.res, set.n, &members, state, started);
	if (d->qd_doc[dir] && nkept && splice_kept(d->qd_doc[dir], kept, nkept)) {
		json_object_put(d->qd_doc[dir]);
		d->qd_doc[dir] = NULL;
	}
	for (size_t i = 0; i < nkept + set.n; i++) {
		if (i < nkept)
			kept_result(jidx(jget(kept, "series"), i), &all[i]);
		else
			all[i] = set.res[i - nkept];
	}
	/* A step's error is the drive's, exit code and all, like any other failed step. */
	rc = !d->qd_doc[dir] ? qualify_fail(d, EXIT_RUN_FAILED, "QD curve", "out of memory")
	     : ret ? qualify_fail(d, EXIT_RUN_FAILED, what, set.error)
	     : set.interrupted ? qualify_fail(d, EXIT_INTERRUPTED, "QD curve", "interrupted") : 0;
	if (d->qd_doc[dir]) {
		result_doc_mark(d->qd_doc[dir], set.interrupted, ret ? d->error : NULL);
		if (result_mkdir_p(path, err, sizeof(err)) ||
		    result_write_json(path, "result.json", d->qd_doc[dir], err, sizeof(err)) ||
		    (nkept + set.n && result_write_curve_csv(path, "qd_curve.csv", all, nkept + set.n, err, sizeof(err))))
			rc = rc ? rc : qualify_fail(d, EXIT_RUN_FAILED, "saving the QD curve", err);
	}
	if (!rc && p->print) {
		char line[512];
		size_t l = 0;

		for (size_t i = 0; i < nkept + set.n && l < sizeof(line); i++)
			l += (size_t)snprintf(line + l, sizeof(line) - l, " qd%u %.0f", all[i].qd, all[i].iops);
		char pre[256];

		snprintf(pre, sizeof(pre), "[%u %s] ", d->index, d->spec);
		cli_say_prefixed(pre, "QD curve %s at %.2f%% OP, IOPS:%s", workload_rw_name(plan.w.rw), st->op_percent,
				 line);
	}
	run_members_free(&members);
	run_set_free(&set);
	return rc;
}

/* The chosen OP's steady state: the last sweep point, or the point measured again.  0 or an exit code. */
static int reach_state(struct qualify_drive *d, struct sweep_run *run, const struct qualify_last *last, double op,
		       struct qd_state *st)
{
	char err[TARGET_ERRLEN], what[64];
	struct sweep_point pt;
	int ret;

	if (last->valid && fabs(last->op_percent - op) < 0.005) {
		*st = (struct qd_state){ op, last->usable_bytes, QUALIFY_QD_AFTER_POINT, last->reached, last->rounds,
					 last->iops, last->waf };
		return 0;
	}
	snprintf(what, sizeof(what), "QD curve: re-establishing %.2f%% OP", op);
	char pre[256];

	snprintf(pre, sizeof(pre), "[%u %s] ", d->index, d->spec);
	if (d->prof->print)
		cli_say_prefixed(pre, "%s: purge, OP, fill, rounds to steady state", what + 10);
	ret = sweep_point_measure(run, op, NULL, &pt, err, sizeof(err));
	if (!ret)
		*st = (struct qd_state){ op, pt.usable_bytes, QUALIFY_QD_REESTABLISHED, pt.pc.reached, pt.pc.nrounds,
					 pt.pc.iops, pt.pc.waf };
	sweep_point_free(&pt);
	if (ret)
		return qualify_fail(d, ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED, what,
				    ret == -EINTR ? "interrupted" : err);
	return 0;
}

int qualify_qd_run(struct qualify_drive *d, struct sweep_run *run, const struct qualify_last *last)
{
	double op = qualify_chosen_op(d->sweep_doc);
	struct json_object *state[2] = { NULL, NULL }, *kept[2] = { NULL, NULL };
	size_t nkept[2] = { 0, 0 };
	struct qd_state st;
	int rc = 0;

	if (isnan(op)) {
		cli_error("warning: %s: the sweep chose no OP; no QD curve", d->spec);
		return 0;
	}
	if (d->prof->resume) {
		bool mismatch = false;

		for (int k = 0; k < 2; k++)
			kept[k] = load_kept(d, k, op, &mismatch, &nkept[k]);
		if (mismatch) {
			json_object_put(kept[0]);
			json_object_put(kept[1]);
			return qualify_fail(d, EXIT_USAGE, d->dir, QUALIFY_MISMATCH);
		}
		/* A finished direction is kept whole; a cut one keeps its depths done and measures the rest. */
		for (int k = 0; k < 2; k++)
			if (nkept[k] == d->prof->nqd) {
				d->qd_doc[k] = kept[k];
				kept[k] = NULL;
			}
		if (d->qd_doc[0] && d->qd_doc[1])
			return 0;
	}
	if ((rc = reach_state(d, run, last, op, &st)))
		goto out;
	for (int k = 0; k < 2 && !rc; k++) {
		if (d->qd_doc[k])
			continue;
		state[k] = state_json(&st, run, k);
		rc = measure_direction(d, k, &st, state[k], kept[k], nkept[k]);
	}
out:
	json_object_put(kept[0]);
	json_object_put(kept[1]);
	json_object_put(state[0]);
	json_object_put(state[1]);
	return rc;
}
