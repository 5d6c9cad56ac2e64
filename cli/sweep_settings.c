/* SPDX-License-Identifier: MIT */
/*
 * sweep's settings between its options (struct sweep_cli) and the method's
 * (profiler/sweep_settings.h, saved and read by results/sweep_settings_json.h),
 * and the saved sweep --resume goes on from.  Results are saved after every
 * point as a complete document, so an interrupted sweep loses at most the
 * point it was in, and --resume replays the finished points into the plan.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/sweep_cli.h"
#include "cli/workload_opts.h"
#include "profiler/sweep_settings.h"
#include "results/result_identity.h"
#include "results/result_load.h"
#include "results/sweep_settings_json.h"
#include "util/escape.h"

/* o's method settings (profiler/sweep_settings.h), as its options set them. */
static void settings_of(const struct sweep_cli *o, struct sweep_settings *set)
{
	*set = (struct sweep_settings){
		.plan = o->plan, .op_method = o->op_method, .member = o->member, .s = o->pc.s,
		.purge_method = o->pc.purge_method, .shape = o->pc.shape, .have_shape = o->pc.have_shape,
		.carry_over = o->carry_over, .precondition = o->precondition,
	};
}

/* set back into o's options. */
static void settings_to(const struct sweep_settings *set, struct sweep_cli *o)
{
	o->plan = set->plan;
	o->op_method = set->op_method;
	o->member = set->member;
	o->pc.s = set->s;
	o->pc.purge_method = set->purge_method;
	o->pc.shape = set->shape;
	o->pc.have_shape = set->have_shape;
	o->carry_over = set->carry_over;
	o->precondition = set->precondition;
}

struct json_object *sweep_settings_json(const struct sweep_cli *o)
{
	struct sweep_settings *set = malloc(sizeof(*set));
	struct json_object *s;

	if (!set)
		return NULL;
	settings_of(o, set);
	s = sweep_settings_doc(set);
	free(set);
	return s;
}

int sweep_settings_from_json(struct json_object *s, struct sweep_cli *o, char *err, size_t errlen)
{
	struct sweep_settings *set = malloc(sizeof(*set));
	int ret;

	if (!set) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	settings_of(o, set);
	ret = sweep_settings_read(s, set, cli_workload_from_settings, err, errlen);
	settings_to(set, o);
	free(set);
	return ret;
}

/* The saved sweep of dir, checked to be a sweep of t.  NULL after printing why. */
struct json_object *sweep_load_resume(const char *dir, struct target *t)
{
	char path[PATH_MAX], err[1024], q[1024];
	struct json_object *doc;
	enum result_kind kind;
	int ret;

	escape_arg(q, sizeof(q), dir);
	if (strlen(dir) > CLI_MAX_OUT_LEN) {
		cli_error("--resume: the directory name is %zu bytes long; at most %d fit", strlen(dir), CLI_MAX_OUT_LEN);
		return NULL;
	}
	snprintf(path, sizeof(path), "%s/result.json", dir);
	ret = result_load(path, &doc, &kind, err, sizeof(err));
	if (ret == -ENOENT || ret == -ENOTDIR) {
		cli_error("--resume: '%s' holds no sweep (no result.json of a sweep); give the --out directory of one", q);
		return NULL;
	}
	if (ret) {
		cli_error("--resume: %s; start a new sweep", err);
		return NULL;
	}
	if (kind != RESULT_KIND_SWEEP) {
		cli_error("--resume: '%s' holds a %s result, not a sweep; give the --out directory of a sweep", q,
			  result_kind_name(kind));
		goto refuse;
	}
	if (sweep_points_check(doc, err, sizeof(err))) {
		cli_error("--resume: %s/result.json: %s; start a new sweep", q, err);
		goto refuse;
	}
	/* By what the drive is, not by its name: a name changes, and a file at one path can change size. */
	if (result_identity_check(doc, t, err, sizeof(err))) {
		cli_error("--resume: '%s' holds a sweep of %s; give that drive, or start a new sweep", q, err);
		goto refuse;
	}
	return doc;
refuse:
	json_object_put(doc);
	return NULL;
}
