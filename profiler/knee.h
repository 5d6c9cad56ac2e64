/* SPDX-License-Identifier: MIT */
/*
 * Where more over-provisioning stops paying (DESIGN.md 5).  One rule decides
 * everything a sweep says about its knee (KNEE_RULE), read from the curve's
 * own shape and not from where the range stops (issue 25): a point of OP
 * gives up 1% of the drive's capacity; it pays while it buys more than 1%
 * of steady IOPS.  So the knee is the measured OP where steady IOPS x
 * (100 - OP) is highest: past it, one more point of OP buys less IOPS (in
 * %) than the capacity it costs (in %).  The product rises, peaks and
 * falls on any drive whose IOPS rise with OP ever more slowly (WA falls
 * ever more slowly with OP) or stop at a command cap, so every plan whose
 * range holds the peak finds it within one step of its grid; adding points
 * above it does not move it.
 *
 * The kind describes the curve around it: a knee inside the range; OP
 * does not help (the product already falls from the least OP); no knee in
 * the range (the product still rises at the top: IOPS still gain more per
 * point than a point costs, so the knee lies above; the recommendation is
 * then the top, the best measured, and no knee is claimed); or too few
 * points (a bend takes three: with fewer the recommendation is still the
 * best product measured, and no knee is claimed).  The table markers, the
 * JSON and the report all come from one knee_result.
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

#define KNEE_RULE "the OP where steady IOPS x (100 - OP) peaks: past it one more point of OP buys " \
	"less than 1% more IOPS per 1% of capacity given up"
/* Fewer points than this show no bend: no knee is claimed. */
#define KNEE_MIN_POINTS 3

struct knee_point {
	double op_percent;
	double iops;
	double waf;                     /* NAN or 0: not measured */
	uint64_t usable_bytes;          /* 0: not known */
};

enum knee_kind {
	KNEE_FOUND,           /* a knee inside the range */
	KNEE_OP_NO_HELP,      /* the product already falls from the least OP */
	KNEE_KEEPS_PAYING,    /* no knee in the range: the product still rises at its top */
	KNEE_TOO_FEW,         /* fewer than KNEE_MIN_POINTS points: no knee claimed */
};

struct knee_result {
	enum knee_kind kind;
	double op_percent;              /* by KNEE_RULE; NAN when no knee is claimed (too few, keeps paying) */
	double recommended_op_percent;  /* the best product measured (the knee when there is one); NAN: no points */
	double top_gain_pct;            /* IOPS gained per OP point over the last segment, %; NAN: under 2 points */
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
