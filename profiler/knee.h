/* SPDX-License-Identifier: MIT */
/*
 * Where more over-provisioning stops paying (DESIGN.md 5).  One rule decides
 * everything a sweep says about its knee (KNEE_RULE): the knee is the
 * smallest OP whose steady IOPS reach 90% of the best point, and it is the
 * recommendation.  The kind describes the curve around it: a knee inside the
 * range; OP does not help (the least OP already reaches 90%); or more OP
 * keeps paying (IOPS still rise steeply at the top of the range, so the best
 * and with it the knee may lie beyond: extend the range).  The table
 * markers, the JSON and the report all come from one knee_result.
 *
 * The recommendation is stated against the least OP measured (the plan
 * always measures the bottom of the range; at 0% that is the drive as
 * shipped): IOPS gained, WA saved, capacity given up.
 */
#ifndef SSDPROF_KNEE_H
#define SSDPROF_KNEE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KNEE_FRACTION 0.90
#define KNEE_RULE "smallest OP whose steady IOPS reach 90% of the best point"

struct knee_point {
	double op_percent;
	double iops;
	double waf;                     /* NAN or 0: not measured */
	uint64_t usable_bytes;          /* 0: not known */
};

enum knee_kind {
	KNEE_FOUND,           /* a knee inside the range */
	KNEE_OP_NO_HELP,      /* the least OP is already within 10% of the best */
	KNEE_KEEPS_PAYING,    /* IOPS still rise steeply at the top of the range */
	KNEE_TOO_FEW,         /* fewer than two points */
};

struct knee_result {
	enum knee_kind kind;
	double op_percent;              /* by KNEE_RULE; NAN with no points */
	double recommended_op_percent;  /* always op_percent: one rule */
	double curvature_op_percent;    /* a cross-check; NAN with fewer than three points */
	double best_iops, best_op_percent;
	bool has_baseline;              /* at least one point */
	struct knee_point baseline;     /* the least OP measured */
	double gain_iops_pct;           /* the recommendation over the baseline; NAN: not measured */
	double waf_saved;               /* baseline WA minus the recommendation's; NAN: not measured */
	double capacity_given_up_bytes; /* NAN: usable bytes not known */
	char reason[512];
	char versus[256];               /* the recommendation against the baseline, one sentence */
};

/* Points in any order (sorted internally); n may be 0. */
void knee_find(const struct knee_point *pts, size_t n, struct knee_result *out);

#endif
