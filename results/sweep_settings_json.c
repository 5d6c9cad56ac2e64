/* SPDX-License-Identifier: MIT */
/* A sweep's settings in its document (results/sweep_settings_json.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "profiler/sweep_construct.h"
#include "results/json_get.h"
#include "results/raid_json.h"
#include "results/result_json.h"
#include "results/sweep_json.h"
#include "results/sweep_settings_json.h"

struct json_object *sweep_settings_doc(const struct sweep_settings *set)
{
	struct json_object *s = json_object_new_object();

	sweep_plan_json_add(s, &set->plan, set->op_method);
	if (set->member.npoints)
		json_object_object_add(s, "op_member", op_member_json(&set->member));
	/* The keys a precondition shares, saved the same way by both. */
	precondition_settings_json_add(s, &set->s, set->purge_method, set->have_shape ? &set->shape : NULL);
	/* Only when asked: a default sweep's document stays as it was. */
	if (set->carry_over)
		json_object_object_add(s, "carry_over", json_object_new_boolean(true));
	if (set->s.predict != PREDICT_OFF)
		json_object_object_add(s, "predict", json_object_new_string(sweep_predict_names[set->s.predict]));
	if (set->s.round_writes > 0)
		json_object_object_add(s, "round_writes", result_json_number(set->s.round_writes, 3));
	if (set->s.constructed_round_writes > 0)
		json_object_object_add(s, "constructed_round_writes",
				       result_json_number(set->s.constructed_round_writes, 3));
	/* Fresh points full, constructed or auto (issue 28): always, as the default changed. */
	json_object_object_add(s, "precondition", json_object_new_string(sweep_pc_names[set->precondition]));
	return s;
}

/* The plan of op_list or op_grid.  0 or -EINVAL with err set. */
static int read_plan(struct json_object *s, struct sweep_plan *plan, char *err, size_t errlen)
{
	struct json_object *v, *ops;
	double grid[SWEEP_MAX_POINTS];
	size_t n = 0;
	bool fixed = !strcmp(jstr(s, "plan"), "list");

	if (!json_object_object_get_ex(s, fixed ? "op_list" : "op_grid", &ops))
		return -EINVAL;
	for (size_t i = 0; i < json_object_array_length(ops) && n < SWEEP_MAX_POINTS; i++)
		grid[n++] = json_object_get_double(json_object_array_get_idx(ops, i));
	if (fixed) {
		sweep_plan_fixed(plan, grid, n);
		return 0;
	}
	/* As --op-range A:B builds it: A and B at least, each above the last. */
	for (size_t i = 1; i < n; i++)
		if (!(grid[i] > grid[i - 1]))
			n = 0;
	if (n < 2) {
		snprintf(err, errlen, "settings.op_grid: expected at least two OPs, each above the last, "
			 "as --op-range builds them");
		return -EINVAL;
	}
	memset(plan, 0, sizeof(*plan));
	memcpy(plan->grid, grid, n * sizeof(double));
	plan->ngrid = n;
	plan->resolution = jnum(s, "resolution");
	plan->interpolate = json_object_object_get_ex(s, "bracket", &v) && !strcmp(json_object_get_string(v), "interpolate");
	return 0;
}

int sweep_settings_read(struct json_object *s, struct sweep_settings *set, sweep_shape_read_fn read_shape, char *err,
			size_t errlen)
{
	struct json_object *v;
	const char *purge;

	if (read_plan(s, &set->plan, err, errlen) || op_method_parse(jstr(s, "op_method"), &set->op_method))
		return -EINVAL;
	if (json_object_object_get_ex(s, "op_member", &v)) {
		if (op_member_from_json(&set->member, v)) {
			snprintf(err, errlen, "settings.op_member: expected one list of OPs per point, at most one per member");
			return -EINVAL;
		}
		if (sweep_settings_member_rule(set, err, errlen))
			return -EINVAL;
	}
	purge = json_object_object_get_ex(s, "purge_method", &v) && v ? json_object_get_string(v) : NULL;
	set->purge_method = purge && strcmp(purge, "auto") ? purge : NULL;
	set->s.fill_passes = (unsigned)jnum(s, "fill_passes");
	set->s.bs = (uint32_t)jnum(s, "bs");
	set->s.qd = (unsigned)jnum(s, "qd");
	set->s.round_ns = (uint64_t)llround(jnum(s, "round_s") * 1e9);
	set->s.max_rounds = (unsigned)jnum(s, "max_rounds");
	set->s.max_writes = isnan(jnum(s, "max_writes")) ? 0 : jnum(s, "max_writes");
	set->s.seed = json_object_object_get_ex(s, "seed", &v) ? (uint64_t)json_object_get_uint64(v) : 1;
	if (read_shape(s, &set->shape, &set->have_shape, err, errlen))
		return -EINVAL;
	set->carry_over = json_object_object_get_ex(s, "carry_over", &v) && json_object_get_boolean(v);
	for (size_t i = 0; json_object_object_get_ex(s, "predict", &v) && i < 3; i++)
		if (!strcmp(json_object_get_string(v), sweep_predict_names[i]))
			set->s.predict = (enum predict_mode)i;
	set->s.round_writes = isnan(jnum(s, "round_writes")) ? 0 : jnum(s, "round_writes");
	/* Saved only by --fast: the default's constructed rounds otherwise. */
	set->s.constructed_round_writes =
		isnan(jnum(s, "constructed_round_writes")) ? 0 : jnum(s, "constructed_round_writes");
	/* Saved before issue 28: every fresh point the full way. */
	set->precondition = SWEEP_PC_FULL;
	if (json_object_object_get_ex(s, "precondition", &v))
		sweep_pc_parse(json_object_get_string(v), &set->precondition);
	/* Saved before issue 18's rule: the shortened rounds' minimum, or the SNIA rule alone. */
	set->s.min_writes = !isnan(jnum(s, "min_writes")) ? jnum(s, "min_writes") :
			    set->s.round_writes > 0 ? SWEEP_FRESH_MIN_WRITES : 0;
	return sweep_settings_carry_rule(set, err, errlen) ? -EINVAL : 0;
}

int sweep_points_check(struct json_object *doc, char *err, size_t errlen)
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
