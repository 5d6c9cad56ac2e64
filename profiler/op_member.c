/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "profiler/op_member.h"
#include "util/parse.h"
#include "raid/raid_target.h"
#include "results/result_json.h"
#include "device/target.h"

#define MAX_MEMBER_OP 90.0

int op_member_parse(struct op_member_plan *p, const char *arg)
{
	char err[256];
	size_t n;

	if (p->npoints == SWEEP_MAX_POINTS) {
		cli_error("--op-member: at most %d points", SWEEP_MAX_POINTS);
		return EXIT_USAGE;
	}
	if (parse_percent_list("--op-member", arg, 0, MAX_MEMBER_OP, p->op[p->npoints], RAID_MAX_MEMBERS, &n, err,
			       sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	p->nvalues[p->npoints++] = n;
	return 0;
}

int op_member_check(struct op_member_plan *p, const struct target *group)
{
	unsigned members = target_has(group, TARGET_CAP_GROUP) ? raid_target_members(group) : 0;
	uint64_t full;

	if (!members) {
		cli_error("--op-member: gives each member of a RAID group its own OP; add --raid LEVEL and the members");
		return EXIT_USAGE;
	}
	if (!target_has(group, TARGET_CAP_OP_NAMESPACE)) {
		cli_error("--op-member: every member must change its capacity (namespace OP), and %s cannot; "
			  "use --op for one OP on every member", group->info.path);
		return EXIT_USAGE;
	}
	full = raid_target_full_member_bytes(group);
	for (size_t i = 0; i < p->npoints; i++) {
		if (p->nvalues[i] != members) {
			cli_error("--op-member: point %zu gives %zu values for %u members; give one OP percent per member, "
				  "in member order", i + 1, p->nvalues[i], members);
			return EXIT_USAGE;
		}
		p->group_op[i] = 100.0 * (1.0 - (double)raid_target_member_bytes_for(group, p->op[i]) / (double)full);
		for (size_t j = 0; j < i; j++)
			if (fabs(p->group_op[i] - p->group_op[j]) < 0.005) {
				cli_error("--op-member: points %zu and %zu leave the group the same %.4g%% OP: the group "
					  "uses of every member only what its most over-provisioned member leaves, so the "
					  "OP of the others makes no difference", j + 1, i + 1, p->group_op[i]);
				return EXIT_USAGE;
			}
	}
	return 0;
}

const double *op_member_for(const struct op_member_plan *p, double op_percent)
{
	for (size_t i = 0; i < p->npoints; i++)
		if (fabs(p->group_op[i] - op_percent) < 0.005)
			return p->op[i];
	return NULL;
}

struct json_object *op_member_json(const struct op_member_plan *p)
{
	struct json_object *arr = json_object_new_array();

	for (size_t i = 0; i < p->npoints; i++) {
		struct json_object *pt = json_object_new_array();

		for (size_t m = 0; m < p->nvalues[i]; m++)
			json_object_array_add(pt, result_json_number(p->op[i][m], 2));
		json_object_array_add(arr, pt);
	}
	return arr;
}

int op_member_from_json(struct op_member_plan *p, struct json_object *arr)
{
	p->npoints = 0;
	if (!json_object_is_type(arr, json_type_array) || json_object_array_length(arr) > SWEEP_MAX_POINTS)
		return -EINVAL;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *pt = json_object_array_get_idx(arr, i);

		if (!json_object_is_type(pt, json_type_array) || json_object_array_length(pt) > RAID_MAX_MEMBERS)
			return -EINVAL;
		p->nvalues[i] = json_object_array_length(pt);
		for (size_t m = 0; m < p->nvalues[i]; m++)
			p->op[i][m] = json_object_get_double(json_object_array_get_idx(pt, m));
		p->npoints++;
	}
	return p->npoints ? 0 : -EINVAL;
}

void op_member_annotate(struct json_object *point, const struct target *group, const double *ops)
{
	struct json_object *members;
	uint64_t used = raid_target_geom(group)->member_bytes;

	if (!json_object_object_get_ex(point, "members", &members))
		return;
	for (size_t i = 0; i < json_object_array_length(members) && i < raid_target_members(group); i++) {
		struct json_object *m = json_object_array_get_idx(members, i);
		double full = (double)raid_target_member_full(group, (unsigned)i);

		json_object_object_add(m, "op_percent", result_json_number(ops[i], 2));
		json_object_object_add(m, "effective_op_percent", result_json_number(100.0 * (1.0 - (double)used / full), 2));
	}
}
