/* SPDX-License-Identifier: MIT */
/*
 * ssdprof sweep: steady-state IOPS, latency and WA at each OP level, the
 * knee, and a recommendation.  Results are saved after every point as a
 * complete document, so an interrupted sweep loses at most the point it was
 * in, and --resume replays the finished points into the plan and goes on.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/endurance_opts.h"
#include "cli/interrupt.h"
#include "results/json_get.h"
#include "profiler/knee.h"
#include "profiler/op_member.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "device/md_info.h"
#include "cli/pc_options.h"
#include "cli/sweep_cli.h"
#include "cli/workload_opts.h"
#include "cli/progress.h"
#include "results/raid_json.h"
#include "profiler/raid_rounds.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_identity.h"
#include "results/result_load.h"
#include "profiler/sweep.h"
#include "results/sweep_json.h"
#include "profiler/sweep_plan.h"
#include "profiler/sweep_construct.h"
#include "reports/table.h"
#include "device/target.h"

const char *const sweep_predict_names[3] = { "off", "stop", "check" };

struct json_object *sweep_settings_json(const struct sweep_cli *o)
{
	struct json_object *s = json_object_new_object();

	sweep_plan_json_add(s, &o->plan, o->op_method);
	if (o->member.npoints)
		json_object_object_add(s, "op_member", op_member_json(&o->member));
	/* The keys a precondition shares, saved the same way by both. */
	precondition_settings_json_add(s, &o->pc.s, o->pc.purge_method, o->pc.have_shape ? &o->pc.shape : NULL);
	/* Only when asked: a default sweep's document stays as it was. */
	if (o->carry_over)
		json_object_object_add(s, "carry_over", json_object_new_boolean(true));
	if (o->pc.s.predict != PREDICT_OFF)
		json_object_object_add(s, "predict", json_object_new_string(sweep_predict_names[o->pc.s.predict]));
	if (o->pc.s.round_writes > 0)
		json_object_object_add(s, "round_writes", result_json_number(o->pc.s.round_writes, 3));
	/* Fresh points full, constructed or auto (issue 28): always, as the default changed. */
	json_object_object_add(s, "precondition", json_object_new_string(sweep_pc_names[o->precondition]));
	return s;
}

/*
 * Settings back from a saved sweep, so a resumed sweep measures exactly what
 * the first one did.  The loader (results/result_load.c) has held every
 * field to the command line's limits; what is left are the rules between
 * options.  0, or -EINVAL with the reason in err.
 */
int sweep_settings_from_json(struct json_object *s, struct sweep_cli *o, char *err, size_t errlen)
{
	struct json_object *v, *ops;
	double grid[SWEEP_MAX_POINTS];
	size_t n = 0;
	bool fixed = !strcmp(jstr(s, "plan"), "list");
	const char *purge;

	if (!json_object_object_get_ex(s, fixed ? "op_list" : "op_grid", &ops))
		return -EINVAL;
	for (size_t i = 0; i < json_object_array_length(ops) && n < SWEEP_MAX_POINTS; i++)
		grid[n++] = json_object_get_double(json_object_array_get_idx(ops, i));
	if (fixed) {
		sweep_plan_fixed(&o->plan, grid, n);
	} else {
		/* As --op-range A:B builds it: A and B at least, each above the last. */
		for (size_t i = 1; i < n; i++)
			if (!(grid[i] > grid[i - 1]))
				n = 0;
		if (n < 2) {
			snprintf(err, errlen, "settings.op_grid: expected at least two OPs, each above the last, "
				 "as --op-range builds them");
			return -EINVAL;
		}
		memset(&o->plan, 0, sizeof(o->plan));
		memcpy(o->plan.grid, grid, n * sizeof(double));
		o->plan.ngrid = n;
		o->plan.resolution = jnum(s, "resolution");
		o->plan.interpolate = json_object_object_get_ex(s, "bracket", &v) &&
				      !strcmp(json_object_get_string(v), "interpolate");
	}
	if (op_method_parse(jstr(s, "op_method"), &o->op_method))
		return -EINVAL;
	if (json_object_object_get_ex(s, "op_member", &v)) {
		if (op_member_from_json(&o->member, v)) {
			snprintf(err, errlen, "settings.op_member: expected one list of OPs per point, at most one per member");
			return -EINVAL;
		}
		if (!fixed || (o->op_method != OP_METHOD_AUTO && o->op_method != OP_METHOD_NAMESPACE)) {
			snprintf(err, errlen, "settings.op_member: goes with a list plan and namespace OP, not a%s plan "
				 "with %s OP", fixed ? " list" : "n adaptive", op_method_name(o->op_method));
			return -EINVAL;
		}
	}
	purge = json_object_object_get_ex(s, "purge_method", &v) && v ? json_object_get_string(v) : NULL;
	o->pc.purge_method = purge && strcmp(purge, "auto") ? purge : NULL;
	o->pc.s.fill_passes = (unsigned)jnum(s, "fill_passes");
	o->pc.s.bs = (uint32_t)jnum(s, "bs");
	o->pc.s.qd = (unsigned)jnum(s, "qd");
	o->pc.s.round_ns = (uint64_t)llround(jnum(s, "round_s") * 1e9);
	o->pc.s.max_rounds = (unsigned)jnum(s, "max_rounds");
	o->pc.s.max_writes = isnan(jnum(s, "max_writes")) ? 0 : jnum(s, "max_writes");
	o->pc.s.seed = json_object_object_get_ex(s, "seed", &v) ? (uint64_t)json_object_get_uint64(v) : 1;
	if (cli_workload_from_settings(s, &o->pc.shape, &o->pc.have_shape, err, errlen))
		return -EINVAL;
	o->carry_over = json_object_object_get_ex(s, "carry_over", &v) && json_object_get_boolean(v);
	for (size_t i = 0; json_object_object_get_ex(s, "predict", &v) && i < 3; i++)
		if (!strcmp(json_object_get_string(v), sweep_predict_names[i]))
			o->pc.s.predict = (enum predict_mode)i;
	o->pc.s.round_writes = isnan(jnum(s, "round_writes")) ? 0 : jnum(s, "round_writes");
	/* Saved before issue 28: every fresh point the full way. */
	o->precondition = SWEEP_PC_FULL;
	if (json_object_object_get_ex(s, "precondition", &v))
		sweep_pc_parse(json_object_get_string(v), &o->precondition);
	/* Saved before issue 18's rule: the shortened rounds' minimum, or the SNIA rule alone. */
	o->pc.s.min_writes = !isnan(jnum(s, "min_writes")) ? jnum(s, "min_writes") :
			     o->pc.s.round_writes > 0 ? SWEEP_FRESH_MIN_WRITES : 0;
	if (o->carry_over && o->op_method != OP_METHOD_SPAN) {
		snprintf(err, errlen, "settings.carry_over: goes with span OP, not %s", op_method_name(o->op_method));
		return -EINVAL;
	}
	return 0;
}

/*
 * Every saved point has the OP it was measured at, or the plan cannot tell
 * what is left, and no two have the same (the plan takes OPs within 0.005%
 * as one point; a second would be a second row and a second knee candidate).
 * 0 or -EINVAL.
 */
static int check_points(struct json_object *doc, char *err, size_t errlen)
{
	struct json_object *pts = jget(doc, "points");

	for (size_t i = 0; i < json_object_array_length(pts); i++) {
		double op = jnum(json_object_array_get_idx(pts, i), "op_percent");

		if (!isfinite(op)) {
			snprintf(err, errlen, "points[%zu].op_percent: expected the OP the point was measured at, got null",
				 i);
			return -EINVAL;
		}
		for (size_t j = 0; j < i; j++)
			if (fabs(jnum(json_object_array_get_idx(pts, j), "op_percent") - op) < 0.005) {
				snprintf(err, errlen, "points[%zu].op_percent: %.4g%% is points[%zu]'s OP again; "
					 "a point is measured once", i, op, j);
				return -EINVAL;
			}
	}
	return 0;
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
	if (check_points(doc, err, sizeof(err))) {
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
