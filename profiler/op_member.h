/* SPDX-License-Identifier: MIT */
/*
 * sweep --op-member: each point of a RAID group's sweep gives every member
 * its own OP (one --op-member LIST per point, one percent per member, in
 * member order), set by namespace on each member.  The group, like md, uses
 * of every member only what its smallest member has left, so the group's OP
 * for a point is what the most over-provisioned member leaves: two points
 * that leave the same are the same point, and are refused as such.
 */
#ifndef SSDPROF_OP_MEMBER_H
#define SSDPROF_OP_MEMBER_H

#include <stdbool.h>
#include <stddef.h>

#include "device/target.h"
#include "profiler/sweep_plan.h"

struct target;

struct op_member_plan {
	size_t npoints;
	size_t nvalues[SWEEP_MAX_POINTS];
	double op[SWEEP_MAX_POINTS][TARGET_GROUP_MAX_MEMBERS];
	double group_op[SWEEP_MAX_POINTS];   /* filled by op_member_check */
};

/* One --op-member LIST: 0, or -errno with the reason in err. */
int op_member_parse(struct op_member_plan *p, const char *arg, char *err, size_t errlen);

/*
 * Check the points against the opened group (a value per member, namespace
 * OP on every member, distinct group OPs) and work out each point's group
 * OP.  0, or -errno with the reason in err.
 */
int op_member_check(struct op_member_plan *p, const struct target *group, char *err, size_t errlen);

/* The per-member OPs of the point whose group OP is op_percent, or NULL. */
const double *op_member_for(const struct op_member_plan *p, double op_percent);

/* The OP member i of group had in effect: the share of it the group left unwritten, in percent. */
double op_member_effective(const struct target *group, unsigned i);

#endif
