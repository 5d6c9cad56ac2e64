/* SPDX-License-Identifier: MIT */
/*
 * The documents of pts's tests: saved as they go, read back for --resume
 * (results/pts_store.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "results/json_get.h"
#include "results/pts_json.h"
#include "results/pts_store.h"
#include "results/result_dir.h"
#include "results/result_doc.h"
#include "results/result_identity.h"
#include "results/result_json.h"
#include "results/result_kinds.h"
#include "results/result_load.h"
#include "util/escape.h"

/*
 * The document as it stands into the job's folder, atomically: after
 * every round and stage (final false: no end time, no mark),
 * and at the end.  0, or -errno with err set.
 */
static int save_doc(struct pts_job *j, const char *command, const struct target *t, const struct pts_result *r,
		    bool final, const char *failure, bool interrupted, char *err, size_t errlen)
{
	struct json_object *kept = jget(jget(j->saved, "pts"), "stages");

	if (!j->doc && !(j->doc = result_doc_new_kind(RESULT_KIND_PTS, command, t)))
		return snprintf(err, errlen, "out of memory"), -ENOMEM;
	json_object_object_add(j->doc, "settings", pts_settings_json(&j->s));
	json_object_object_add(j->doc, "pts", pts_json(r, kept));
	if (final) {
		result_doc_finish(j->doc, t);
		if (result_doc_mark(j->doc, interrupted, failure))
			return snprintf(err, errlen, "out of memory"), -ENOMEM;
	}
	return result_write_json(j->dir, "result.json", j->doc, err, errlen);
}

/* Whether a saved test ran to its end: nothing left to measure. */
static bool saved_finished(void *saved)
{
	struct json_object *doc = saved;

	return doc && jtrue(jget(doc, "pts"), "complete") && !jget(doc, "interrupted") && !jget(doc, "error");
}

/* The finished stages of a saved test whose stages each run from their own purge, and their time. */
static void saved_kept(void *saved, struct pts_resume *res)
{
	struct json_object *stages = jget(jget(saved, "pts"), "stages");

	/* A stage saved without its time (before resuming existed) is measured again: the sum would be short. */
	while (res->first_stage < jlen(stages) && isfinite(jnum(jidx(stages, res->first_stage), "seconds")))
		res->first_stage++;
	res->kept_us = pts_json_stages_us(stages, res->first_stage);
}

/* Whether the saved stages are the plan's (cells, sizes, mixes), as a resume keeps them.  0 or -EINVAL, err set. */
static int stages_of_plan(struct json_object *stages, const struct pts_result *plan, char *err, size_t errlen)
{
	for (size_t i = 0; i < jlen(stages); i++) {
		struct json_object *cells = jget(jidx(stages, i), "cells");
		const struct pts_stage *st = &plan->stages[i];

		if (jlen(cells) != st->ncells)
			return snprintf(err, errlen, "holds a stage %zu of %zu cells, not %zu: start afresh", i + 1,
					jlen(cells), st->ncells), -EINVAL;
		for (size_t c = 0; c < st->ncells; c++) {
			double bs = jnum(jidx(cells, c), "bs"), rd = jnum(jidx(cells, c), "read_pct");

			if (rd != st->cells[c].read_pct || (st->cells[c].workload ? !isnan(bs) : bs != st->cells[c].bs))
				return snprintf(err, errlen, "holds a stage %zu whose cell %zu is not the test's: "
						"start afresh", i + 1, c + 1), -EINVAL;
		}
	}
	return 0;
}

/*
 * The saved test of dir, for --resume: a pts result of test s->test,
 * measured on the target, with the settings s gives.  0 (*saved NULL when
 * dir holds no result.json and may not: a suite's test not begun), or
 * -errno with the command's one line in msg.
 */
static int load_saved(const char *dir, struct target *t, const struct pts_settings *s, bool absent_ok,
		      void **saved, char *msg, size_t len)
{
	char path[4200], err[1024], why[900], q[1024];
	struct json_object *doc = NULL;
	const char *test;
	enum result_kind kind;
	struct pts_result plan = { 0 };
	int ret;

	*saved = NULL;
	escape_arg(q, sizeof(q), dir);
	snprintf(path, sizeof(path), "%s/result.json", dir);
	ret = result_load(path, &doc, &kind, err, sizeof(err));
	if ((ret == -ENOENT || ret == -ENOTDIR) && absent_ok)
		return 0;
	if (ret == -ENOENT || ret == -ENOTDIR)
		return snprintf(msg, len, "--resume: '%s' holds no pts result (no result.json); give the --out folder "
				"of one", q), ret;
	if (ret)
		return snprintf(msg, len, "--resume: %s; start afresh (without --resume)", err), ret;
	pts_plan(s, &plan);
	test = kind == RESULT_KIND_PTS ? jstr(jget(doc, "pts"), "test") : NULL;
	if (!test || strcmp(test, pts_test_name(s->test)))
		snprintf(err, sizeof(err), "holds a %s%s%s result, not pts %s; give the folder of one",
			 result_kind_name(kind), test ? " " : "", test ? test : "", pts_test_name(s->test));
	else if (jlen(jget(jget(doc, "pts"), "stages")) > plan.nstages)
		snprintf(err, sizeof(err), "holds %zu stages; pts %s has %zu: start afresh",
			 jlen(jget(jget(doc, "pts"), "stages")), pts_test_name(s->test), plan.nstages);
	else if (stages_of_plan(jget(jget(doc, "pts"), "stages"), &plan, err, sizeof(err)))
		;
	else if (result_identity_check(doc, t, why, sizeof(why)))
		snprintf(err, sizeof(err), "holds a test of %s; give that drive", why);
	else
		err[0] = '\0';
	if (!err[0] && pts_settings_check(jget(doc, "settings"), s, why, sizeof(why)))
		snprintf(err, sizeof(err), "was run with other options: %s; give the same", why);
	if (err[0]) {
		snprintf(msg, len, "--resume: '%s' %s", q, err);
		json_object_put(doc);
		return -EINVAL;
	}
	*saved = doc;
	return 0;
}

static void drop(void *doc)
{
	json_object_put(doc);
}

const struct pts_suite_store pts_store = {
	.load = load_saved,
	.finished = saved_finished,
	.kept = saved_kept,
	.save = save_doc,
	.drop = drop,
	.make_dir = result_dir_make,
};
