/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "profiler/op_member.h"
#include "util/parse.h"
#include "device/target.h"

#define MAX_MEMBER_OP 90.0

int op_member_parse(struct op_member_plan *p, const char *arg, char *err, size_t errlen)
{
	size_t n;
	int ret;

	if (p->npoints == SWEEP_MAX_POINTS) {
		snprintf(err, errlen, "--op-member: at most %d points", SWEEP_MAX_POINTS);
		return -E2BIG;
	}
	ret = parse_percent_list("--op-member", arg, 0, MAX_MEMBER_OP, p->op[p->npoints], TARGET_GROUP_MAX_MEMBERS, &n, err,
				 errlen);
	if (ret)
		return ret < 0 ? ret : -EINVAL;
	p->nvalues[p->npoints++] = n;
	return 0;
}

int op_member_check(struct op_member_plan *p, const struct target *group, char *err, size_t errlen)
{
	unsigned members = target_has(group, TARGET_CAP_GROUP) ? target_members(group) : 0;
	struct target_group_geom g;
	uint64_t full;

	if (!members) {
		snprintf(err, errlen, "--op-member: gives each member of a RAID group its own OP; add --raid LEVEL and the members");
		return -EINVAL;
	}
	if (!target_has(group, TARGET_CAP_OP_NAMESPACE)) {
		snprintf(err, errlen, "--op-member: every member must change its capacity (namespace OP), and %s cannot; "
			 "use --op for one OP on every member", group->info.path);
		return -EOPNOTSUPP;
	}
	if (target_group_geom(group, &g) < 0) {
		snprintf(err, errlen, "--op-member: %s does not say its geometry", group->info.path);
		return -EOPNOTSUPP;
	}
	full = g.full_member_bytes;
	for (size_t i = 0; i < p->npoints; i++) {
		if (p->nvalues[i] != members) {
			snprintf(err, errlen, "--op-member: point %zu gives %zu values for %u members; give one OP percent "
				 "per member, in member order", i + 1, p->nvalues[i], members);
			return -EINVAL;
		}
		struct target_member_op mo = { .op_percent = p->op[i] };

		target_control((struct target *)group, TARGET_CTL_MEMBER_OP, &mo);
		p->group_op[i] = 100.0 * (1.0 - (double)mo.member_bytes / (double)full);
		for (size_t j = 0; j < i; j++)
			if (fabs(p->group_op[i] - p->group_op[j]) < 0.005) {
				snprintf(err, errlen, "--op-member: points %zu and %zu leave the group the same %.4g%% OP: "
					 "the group uses of every member only what its most over-provisioned member "
					 "leaves, so the OP of the others makes no difference", j + 1, i + 1, p->group_op[i]);
				return -EINVAL;
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

double op_member_effective(const struct target *group, unsigned i)
{
	struct target_member_stats st = { .index = i };
	struct target_group_geom g;

	if (target_group_geom(group, &g) < 0 || target_member_stats(group, &st) < 0 || !st.full_bytes)
		return NAN;
	return 100.0 * (1.0 - (double)g.member_bytes / (double)st.full_bytes);
}
