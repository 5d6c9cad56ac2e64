/* SPDX-License-Identifier: MIT */
/*
 * The documents of one qualify drive (profiler/qualify_store.h): its SLC
 * probe and its sweep, each saved in the drive's own folder as the slc and
 * sweep commands save theirs, and on --resume what an earlier run saved
 * there with the same settings.  The QD curve's documents are in
 * qualify_curve.c.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "profiler/qualify_store.h"
#include "profiler/raid_members.h"
#include "results/json_get.h"
#include "results/qualify_json.h"
#include "results/qualify_store.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "results/slc_json.h"
#include "results/sweep_json.h"
#include "util/exit_code.h"

struct json_object *qualify_load_done(const char *dir, enum result_kind want, bool need_complete,
				      struct json_object *settings, bool *mismatch)
{
	char path[PATH_MAX + 32], err[512];
	struct json_object *doc, *c, *saved;
	enum result_kind kind;

	snprintf(path, sizeof(path), "%s/result.json", dir);
	if (result_load(path, &doc, &kind, err, sizeof(err)))
		return NULL;
	if (kind == want && json_object_object_get_ex(doc, "settings", &saved) &&
	    !json_object_equal(saved, settings)) {
		*mismatch = true;
		json_object_put(doc);
		return NULL;
	}
	if (kind != want || (need_complete && !(json_object_object_get_ex(doc, "complete", &c) &&
						json_object_get_boolean(c)))) {
		json_object_put(doc);
		return NULL;
	}
	return doc;
}

/* What dir keeps of kind want (measured with want_settings, taken) into *doc: 1, 0 or QUALIFY_KEPT_OTHER. */
static int kept(const char *dir, enum result_kind kind, bool need_complete, struct json_object *want,
		struct json_object **doc)
{
	bool mismatch = false;

	*doc = qualify_load_done(dir, kind, need_complete, want, &mismatch);
	json_object_put(want);
	return mismatch ? QUALIFY_KEPT_OTHER : *doc != NULL;
}

static struct json_object *slc_settings_json(const struct slc_settings *s)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "bs", json_object_new_int64(s->bs));
	json_object_object_add(o, "qd", json_object_new_int((int)s->qd));
	json_object_object_add(o, "prefill_percent", result_json_number(0, 2));
	json_object_object_add(o, "prefill_idle_s", result_json_number(0, RP_SECONDS));
	json_object_object_add(o, "idle_s", json_object_new_array());
	json_object_object_add(o, "purge_method", s->purge_method ? json_object_new_string(s->purge_method) : NULL);
	json_object_object_add(o, "seed", json_object_new_uint64(s->seed));
	return o;
}

static int slc_kept(struct qualify_drive *d, const struct slc_settings *s)
{
	char dir[PATH_MAX + 16];

	snprintf(dir, sizeof(dir), "%s/slc", d->dir);
	return kept(dir, RESULT_KIND_SLC, false, slc_settings_json(s), &d->slc_doc);
}

/* A group's SLC document: the group, and each member over the whole probe (as slc --raid saves it). */
static int slc_group(struct qualify_drive *d, struct raid_snap *before)
{
	struct raid_snap *after = raid_snap_new(d->t);
	int ret = after ? 0 : -ENOMEM;

	if (!ret) {
		raid_snap_take(after, d->t);
		json_object_object_add(d->slc_doc, "group", raid_group_json(d->t));
		ret = raid_members_json_add(jget(d->slc_doc, "slc"), d->t, before, after, NULL);
	}
	raid_snap_free(after);
	return ret ? qualify_fail(d, EXIT_RUN_FAILED, "the SLC probe's member figures", strerror(-ret)) : 0;
}

static int slc_save(struct qualify_drive *d, const struct slc_settings *s, const struct slc_result *r,
		    struct raid_snap *before)
{
	char dir[PATH_MAX + 16], err[TARGET_ERRLEN];
	int ret;

	snprintf(dir, sizeof(dir), "%s/slc", d->dir);
	d->slc_doc = result_doc_new_kind(RESULT_KIND_SLC, d->set->command, d->t);
	json_object_object_add(d->slc_doc, "settings", slc_settings_json(s));
	json_object_object_add(d->slc_doc, "slc", slc_json(r));
	ret = before ? slc_group(d, before) : 0;
	result_doc_finish(d->slc_doc, d->t);
	if (ret)
		return ret;
	if (result_mkdir_p(dir, err, sizeof(err)) || result_write_json(dir, "result.json", d->slc_doc, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "saving the SLC probe", err);
	return 0;
}

static struct json_object *sweep_settings_json(const struct qualify_settings *p)
{
	struct json_object *s = json_object_new_object();

	sweep_plan_json_add(s, &p->plan, p->op_method);
	precondition_settings_json_add(s, &p->s, p->purge_method, p->shape);
	return s;
}

static int sweep_kept(struct qualify_drive *d, const char *dir)
{
	return kept(dir, RESULT_KIND_SWEEP, true, sweep_settings_json(d->set), &d->sweep_doc);
}

/* The sweep's document and where it is saved. */
struct qsweep_doc {
	struct sweep_doc doc;
	char dir[PATH_MAX + 16];
};

static int sweep_start(struct qualify_drive *d, const char *dir, struct raid_rounds *members, struct sweep_runner *r,
		       void **state)
{
	struct qsweep_doc *q = calloc(1, sizeof(*q));
	struct json_object *saved = NULL;
	char err[TARGET_ERRLEN];
	int rc;

	if (!q)
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory");
	*state = q;
	snprintf(q->dir, sizeof(q->dir), "%s", dir);
	if (result_mkdir_p(q->dir, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", err);
	q->doc = (struct sweep_doc){ .endurance = d->ein, .virtual_time = target_has(d->t, TARGET_CAP_VIRTUAL_TIME),
				     .members = members };
	/* The points a resumed drive already has, from an unfinished sweep in its folder. */
	if (d->set->resume)
		kept(q->dir, RESULT_KIND_SWEEP, false, sweep_settings_json(d->set), &saved);
	rc = sweep_doc_start(&q->doc, d->set->command, d->t, sweep_settings_json(d->set), saved, r->kp, &r->n);
	json_object_put(saved);
	d->sweep_doc = q->doc.doc;
	return rc ? qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory") : 0;
}

static int sweep_point(void *state, struct qualify_drive *d, const struct sweep_runner *r, double op,
		       const double *member_op, const struct sweep_point *pt, struct knee_point *kp)
{
	struct qsweep_doc *q = state;
	char what[64];
	int ret;
	struct json_object *pj = sweep_doc_point(&q->doc, d->t, r->run.method, op, member_op, pt, &ret);

	snprintf(what, sizeof(what), "sweep at %.2f%% OP", op);
	if (!pj)
		return qualify_fail(d, EXIT_RUN_FAILED, what, "out of memory");
	/* A group's point carries its members' figures, as sweep --raid saves them. */
	if (ret && d->set->warn) {
		char msg[128];

		snprintf(msg, sizeof(msg), "%s: the members' figures: %s", what, strerror(-ret));
		d->set->warn(d, msg);
	}
	sweep_doc_add(&q->doc, pj, kp);
	return 0;
}

static int sweep_save(void *state, struct qualify_drive *d, const struct knee_point *kp, size_t n, bool complete)
{
	struct qsweep_doc *q = state;
	char err[TARGET_ERRLEN];

	if (complete)
		sweep_doc_finish(&q->doc, d->t);
	if (sweep_doc_save(&q->doc, kp, n, q->dir, complete, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "saving the sweep", err);
	return 0;
}

/* The document itself is d->sweep_doc's (the caller's); only the state goes. */
static void sweep_free(void *state)
{
	free(state);
}

static double chosen_op(const struct qualify_drive *d)
{
	return qualify_chosen_op(d->sweep_doc);
}

const struct qualify_store qualify_store = {
	.slc_kept = slc_kept, .slc_save = slc_save, .sweep_kept = sweep_kept, .sweep_start = sweep_start,
	.sweep_point = sweep_point, .sweep_save = sweep_save, .sweep_free = sweep_free, .chosen_op = chosen_op,
	.curve_kept = qualify_curve_kept, .curve_begin = qualify_curve_begin, .curve_save = qualify_curve_save,
	.curve_free = qualify_curve_free,
};
