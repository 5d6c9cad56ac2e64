/* SPDX-License-Identifier: MIT */
/*
 * Where more over-provisioning stops paying (DESIGN.md 5).  The rule: the
 * knee is the smallest OP whose steady IOPS reach 90% of the best point,
 * cross-checked with the point of maximum curvature of the normalised
 * IOPS(OP) curve.  Two curves have no knee and say so: a flat one (OP does
 * not help: recommend the least OP) and one still rising at the top of the
 * range (more OP keeps paying: recommend the most, and say to look further).
 */
#ifndef SSDPROF_KNEE_H
#define SSDPROF_KNEE_H

#include <stddef.h>

#define KNEE_FRACTION 0.90

struct knee_point {
	double op_percent;
	double iops;
};

enum knee_kind {
	KNEE_FOUND,           /* a knee inside the range */
	KNEE_OP_NO_HELP,      /* the least OP is already within 10% of the best */
	KNEE_KEEPS_PAYING,    /* IOPS still rise steeply at the top of the range */
	KNEE_TOO_FEW,         /* fewer than two points */
};

struct knee_result {
	enum knee_kind kind;
	double op_percent;              /* by the 90% rule */
	double recommended_op_percent;
	double curvature_op_percent;    /* NAN with fewer than three points */
	double best_iops, best_op_percent;
	char reason[384];
};

/* Points in any order (sorted internally); n may be 0. */
void knee_find(const struct knee_point *pts, size_t n, struct knee_result *out);

#endif
