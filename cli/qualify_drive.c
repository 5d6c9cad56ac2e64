/* SPDX-License-Identifier: MIT */
/*
 * One drive of ssdprof qualify, in its own thread: the SLC probe, then the
 * OP sweep (or the fixed OP), each saved as the slc and sweep commands save
 * theirs, in the drive's own folder, so `report` reads them and a resumed
 * qualify keeps what was finished.  Nothing here prints but a line per
 * point and probe; failures go back in the drive's rc and error.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/pc_options.h"
#include "cli/qualify.h"
#include "profiler/knee.h"
#include "profiler/raid_members.h"
#include "profiler/raid_rounds.h"
#include "profiler/slc_probe.h"
#include "profiler/sweep.h"
#include "profiler/sweep_run.h"
#include "results/endurance_json.h"
#include "results/json_get.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_identity.h"
#include "results/result_load.h"
#include "util/escape.h"
#include "results/slc_json.h"
#include "results/sweep_json.h"

#define SLC_BS (128u * 1024)
#define SLC_QD 32u

int qualify_fail(struct qualify_drive *d, int rc, const char *what, const char *err)
{
	/* A long path or message is cut: the error line stays one line. */
	int n = snprintf(d->error, sizeof(d->error), "%s: ", what);

	if (n >= 0 && (size_t)n < sizeof(d->error))
		snprintf(d->error + n, sizeof(d->error) - (size_t)n, "%s", err);
	d->rc = rc;
	return rc;
}

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

static int run_slc(struct qualify_drive *d)
{
	const struct qualify_profile *p = d->prof;
	struct slc_settings s = {
		.usable_bytes = d->t->info.capacity_bytes, .bs = SLC_BS, .qd = SLC_QD, .seed = p->pc->s.seed,
		.purge_method = p->pc->purge_method,
	};
	struct slc_result r = { 0 };
	struct raid_snap *before = NULL;
	char dir[PATH_MAX + 16], err[TARGET_ERRLEN], summary[256];
	int ret;

	snprintf(dir, sizeof(dir), "%s/slc", d->dir);
	if (s.qd > d->t->ops->max_queue_depth)
		s.qd = d->t->ops->max_queue_depth;
	if (p->resume) {
		struct json_object *want = slc_settings_json(&s);
		bool mismatch = false;

		d->slc_doc = qualify_load_done(dir, RESULT_KIND_SLC, false, want, &mismatch);
		json_object_put(want);
		if (mismatch)
			return qualify_fail(d, EXIT_USAGE, dir, QUALIFY_MISMATCH);
		if (d->slc_doc)
			return 0;
	}
	if (target_has(d->t, TARGET_CAP_GROUP)) {
		if (!(before = raid_snap_new(d->t)))
			return qualify_fail(d, EXIT_RUN_FAILED, "SLC probe", "out of memory");
		raid_snap_take(before, d->t);
	}
	ret = slc_probe_run(d->t, &s, &r, pc_cli_poll, NULL, err, sizeof(err));
	if (ret) {
		slc_result_free(&r);
		raid_snap_free(before);
		return qualify_fail(d, ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED, "SLC probe",
				    ret == -EINTR ? "interrupted" : err);
	}
	d->slc_doc = result_doc_new_kind(RESULT_KIND_SLC, p->pc->command, d->t);
	json_object_object_add(d->slc_doc, "settings", slc_settings_json(&s));
	json_object_object_add(d->slc_doc, "slc", slc_json(&r));
	ret = before ? slc_group(d, before) : 0;
	raid_snap_free(before);
	result_doc_finish(d->slc_doc, d->t);
	if (p->print) {
		slc_summary(&r, summary, sizeof(summary));
		char pre[256];

		snprintf(pre, sizeof(pre), "[%u %s] ", d->index, d->spec);
		cli_say_prefixed(pre, "%s", summary);
	}
	slc_result_free(&r);
	if (ret)
		return ret;
	if (result_mkdir_p(dir, err, sizeof(err)) || result_write_json(dir, "result.json", d->slc_doc, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "saving the SLC probe", err);
	return 0;
}

static struct json_object *sweep_settings_json(const struct qualify_profile *p)
{
	struct json_object *s = json_object_new_object();

	sweep_plan_json_add(s, &p->plan, p->op_method);
	precondition_settings_json_add(s, &p->pc->s, p->pc->purge_method, p->pc->have_shape ? &p->pc->shape : NULL);
	return s;
}

/* A drive's sweep being measured: the runner, its document, and what the QD curve needs after it. */
struct qsweep {
	struct qualify_drive *d;
	struct sweep_runner r;
	struct sweep_doc doc;
	struct endurance_input ein;
	char dir[PATH_MAX + 16];
	struct pc_progress pctx;          /* a group's member figures per round */
	struct qualify_last last;         /* the point measured last: the drive's state */
};

/* Which drive, as qualify's other warnings say. */
static void warn(void *drive, const char *msg)
{
	cli_error("warning: %s: %s", ((const struct qualify_drive *)drive)->spec, msg);
}

/* Point pt into the drive's sweep document, saved.  0, or an exit code with d->error set. */
static int sweep_point(void *arg, double op, const double *member_op, const struct sweep_point *pt,
		       struct knee_point *kp)
{
	struct qsweep *q = arg;
	struct qualify_drive *d = q->d;
	char err[TARGET_ERRLEN], what[64];
	int ret;
	struct json_object *pj = sweep_doc_point(&q->doc, d->t, q->r.run.method, op, member_op, pt, &ret);

	snprintf(what, sizeof(what), "sweep at %.2f%% OP", op);
	if (!pj)
		return qualify_fail(d, EXIT_RUN_FAILED, what, "out of memory");
	/* A group's point carries its members' figures, as sweep --raid saves them. */
	if (ret)
		cli_error("warning: %s: %s: the members' figures: %s", d->spec, what, strerror(-ret));
	sweep_doc_add(&q->doc, pj, kp);
	q->last = (struct qualify_last){
		.valid = true, .op_percent = op, .usable_bytes = pt->usable_bytes, .reached = pt->pc.reached,
		.rounds = pt->pc.nrounds, .iops = pt->pc.iops, .waf = pt->pc.waf,
	};
	char pre[256];

	snprintf(pre, sizeof(pre), "[%u %s] ", d->index, d->spec);
	if (d->prof->print)
		cli_say_prefixed(pre, "op %.2f%%: %s after %zu rounds: %.0f IOPS, WA %.2f", op,
				 pt->pc.reached ? "steady" : "NOT steady", pt->pc.nrounds, pt->pc.iops, pt->pc.waf);
	if (sweep_doc_save(&q->doc, q->r.kp, q->r.n + 1, q->dir, false, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "saving the sweep", err);
	return 0;
}

/* The sweep stopped in the point at op: the finished points stay saved for a resume.  An exit code. */
static int sweep_stop(void *arg, double op, const double *member_op, const struct sweep_point *pt, int ret,
		      const char *err)
{
	struct qsweep *q = arg;
	char serr[TARGET_ERRLEN], what[64];

	(void)member_op;
	(void)pt;
	snprintf(what, sizeof(what), "sweep at %.2f%% OP", op);
	sweep_doc_save(&q->doc, q->r.kp, q->r.n, q->dir, false, serr, sizeof(serr));
	return qualify_fail(q->d, ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED, what,
			    ret == -EINTR ? "interrupted" : err);
}

/* Every point the plan still needs, into d->sweep_doc.  0, or an exit code with d->error set. */
static int measure_sweep(struct qualify_drive *d, struct qsweep *q)
{
	const struct qualify_profile *p = d->prof;
	struct json_object *saved = NULL;
	char err[TARGET_ERRLEN];
	bool mismatch = false;
	int rc;

	if (result_mkdir_p(q->dir, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", err);
	endurance_opts_input(&p->endurance, d->t, &q->ein, d->ein_src);
	q->doc = (struct sweep_doc){ .endurance = &q->ein, .virtual_time = target_has(d->t, TARGET_CAP_VIRTUAL_TIME) };
	if (target_has(d->t, TARGET_CAP_GROUP) &&
	    !(q->doc.members = q->pctx.members = raid_rounds_new(d->t, precondition_max_rounds(q->r.run.settings))))
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory");
	/* The points a resumed drive already has, from an unfinished sweep in its folder. */
	if (p->resume) {
		struct json_object *want = sweep_settings_json(p);

		saved = qualify_load_done(q->dir, RESULT_KIND_SWEEP, false, want, &mismatch);
		json_object_put(want);
	}
	rc = sweep_doc_start(&q->doc, p->pc->command, d->t, sweep_settings_json(p), saved, q->r.kp, &q->r.n);
	json_object_put(saved);
	d->sweep_doc = q->doc.doc;
	if (rc)
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory");
	q->r.plan = p->plan;
	q->r.hooks = (struct sweep_hooks){ .arg = q, .point = sweep_point, .stop = sweep_stop };
	if ((rc = sweep_runner_run(&q->r)))
		return rc;
	sweep_doc_finish(&q->doc, d->t);
	if (sweep_doc_save(&q->doc, q->r.kp, q->r.n, q->dir, true, err, sizeof(err)))
		return qualify_fail(d, EXIT_RUN_FAILED, "saving the sweep", err);
	return 0;
}

/* The sweep (or what a resumed drive kept of it), then the QD curve at its chosen OP. */
static int run_sweep(struct qualify_drive *d)
{
	const struct qualify_profile *p = d->prof;
	struct precondition_settings s = p->pc->s;   /* each drive its own: the point sets usable_bytes */
	struct qsweep *q = calloc(1, sizeof(*q));
	struct sweep_run *run;
	char err[TARGET_ERRLEN];
	int rc = 0;

	if (!q)
		return qualify_fail(d, EXIT_RUN_FAILED, "sweep", "out of memory");
	q->d = d;
	run = &q->r.run;
	*run = (struct sweep_run){
		.t = d->t, .capacity = d->t->info.capacity_bytes, .requested = p->op_method,
		.method = sweep_resolve_op_method(d->t, p->op_method), .purge_method = p->pc->purge_method,
		.settings = &s, .progress = pc_progress_event, .poll = pc_cli_poll, .arg = &q->pctx,
		.warn = warn, .warn_arg = d,
	};
	snprintf(q->dir, sizeof(q->dir), "%s/sweep", d->dir);
	if (p->resume) {
		struct json_object *want = sweep_settings_json(p);
		bool mismatch = false;

		d->sweep_doc = qualify_load_done(q->dir, RESULT_KIND_SWEEP, true, want, &mismatch);
		json_object_put(want);
		if (mismatch)
			rc = qualify_fail(d, EXIT_USAGE, q->dir, QUALIFY_MISMATCH);
	}
	if (!rc && !d->sweep_doc)
		rc = measure_sweep(d, q);
	/* Before the capacity goes back: the curve runs at the chosen OP. */
	if (!rc && p->qd)
		rc = qualify_qd_run(d, run, &q->last);
	if (sweep_restore_capacity(run, err, sizeof(err)))
		cli_error("warning: %s: restoring the full capacity failed: %s", d->spec, err);
	raid_rounds_free(q->pctx.members);
	free(q);
	return rc;
}

void *qualify_drive_run(void *arg)
{
	struct qualify_drive *d = arg;

	d->rc = 0;
	if (d->prof->slc && run_slc(d))
		return NULL;
	run_sweep(d);
	return NULL;
}

int qualify_check_resume(const char *dir, struct requirement_set *reqs)
{
	char path[PATH_MAX], err[1024];
	struct json_object *doc;
	enum result_kind kind;
	struct stat st;
	ESCAPE_BUF(q);
	int ret;

	escape_arg(q, sizeof(q), dir);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		cli_error("--resume: '%s' holds no qualify; give the --out directory of one", q);
		return EXIT_USAGE;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/result.json", dir) >= sizeof(path)) {
		cli_error("--resume: the directory name is too long");
		return EXIT_USAGE;
	}
	/* Interrupted before its first drive ended, a qualify has its drives' folders and no result.json yet. */
	ret = result_load(path, &doc, &kind, err, sizeof(err));
	if (ret == -ENOENT)
		return 0;
	if (ret) {
		cli_error("--resume: %s; start a new qualify", err);
		return EXIT_USAGE;
	}
	if (kind != RESULT_KIND_QUALIFY) {
		json_object_put(doc);
		cli_error("--resume: '%s' holds a %s result, not a qualify; give the --out directory of a qualify", q,
			  result_kind_name(kind));
		return EXIT_USAGE;
	}
	/* The saved requirements stand unless new ones are given, held to the command line's rules. */
	if (!reqs->n) {
		struct json_object *saved = jget(jget(doc, "settings"), "requirements");

		for (size_t i = 0; i < json_object_array_length(saved); i++) {
			const char *r = json_object_get_string(json_object_array_get_idx(saved, i));

			if (!json_object_is_type(json_object_array_get_idx(saved, i), json_type_string) ||
			    requirements_add_arg(reqs, r, err, sizeof(err))) {
				cli_error("--resume: %s: settings.requirements[%zu]: %s; give --require", path, i,
					  json_object_is_type(json_object_array_get_idx(saved, i), json_type_string)
					  ? err : "expected a requirement");
				json_object_put(doc);
				return EXIT_USAGE;
			}
		}
	}
	json_object_put(doc);
	return 0;
}

/* The first saved document in a drive's folder that says whose it is; NULL when it holds none. */
static struct json_object *saved_drive_doc(const char *drive_dir)
{
	const char *parts[] = { "sweep", "slc", qualify_qd_dirs[0], qualify_qd_dirs[1] };
	char path[PATH_MAX + 64], err[512];
	struct json_object *doc;
	enum result_kind kind;

	for (size_t k = 0; k < sizeof(parts) / sizeof(parts[0]); k++) {
		snprintf(path, sizeof(path), "%s/%s/result.json", drive_dir, parts[k]);
		if (!result_load(path, &doc, &kind, err, sizeof(err)))
			return doc;
	}
	return NULL;
}

int qualify_check_drives(const char *dir, const struct qualify_drive *d, unsigned n)
{
	char own[PATH_MAX + 16], other[PATH_MAX + 16], err[1024];
	int rc = 0;

	for (unsigned i = 0; i < n && !rc; i++) {
		struct json_object *doc;

		snprintf(own, sizeof(own), "%s/drive-%u", dir, d[i].index);
		if (!(doc = saved_drive_doc(own)) || !result_identity_check(doc, d[i].t, err, sizeof(err))) {
			json_object_put(doc);
			continue;
		}
		json_object_put(doc);
		rc = EXIT_USAGE;
		ESCAPE_BUF(q);
		escape_arg(q, sizeof(q), own);
		/* Never one drive's sweep for another: name where this one's results are, when they are here. */
		for (unsigned j = 0; j < n; j++) {
			char ignored[64];

			snprintf(other, sizeof(other), "%s/drive-%u", dir, d[j].index);
			if (j == i || !(doc = saved_drive_doc(other)))
				continue;
			if (!result_identity_check(doc, d[i].t, ignored, sizeof(ignored))) {
				json_object_put(doc);
				cli_error("--resume: %s holds the results of %s; TARGET %u's are in drive-%u: give the "
					  "TARGETs in the order of the first run", q, err, d[i].index, d[j].index);
				return rc;
			}
			json_object_put(doc);
		}
		cli_error("--resume: %s holds the results of %s; give the TARGETs of the first run, or a new --out",
			  q, err);
	}
	return rc;
}
