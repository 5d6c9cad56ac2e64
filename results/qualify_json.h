/* SPDX-License-Identifier: MIT */
/*
 * The qualify result (DESIGN.md 4, "qualify"): the requirements, and per
 * drive its verdict, each requirement's limit, measured figure, pass and
 * margin, and where its own results are.  Also: the figures a verdict reads
 * from a drive's sweep and SLC documents.
 */
#ifndef SSDPROF_QUALIFY_JSON_H
#define SSDPROF_QUALIFY_JSON_H

#include <stdbool.h>

#include "profiler/qualify_run.h"   /* QUALIFY_QD_MAX, QUALIFY_QD_AFTER_POINT, ... */
#include "profiler/requirements.h"

struct json_object;
struct target;


struct qualify_drive_result {
	const struct target *t;           /* NULL when it could not be opened */
	const char *spec;                 /* the TARGET as typed */
	const char *error;                /* why its profile did not finish; NULL when it did */
	double chosen_op_percent;         /* the OP the requirements were checked at; NAN: none */
	const struct requirement_set *set;
	const struct req_outcome *out;    /* one per set->r */
	bool pass;
	const char *results;              /* the drive's folder, relative to the qualify result */
	const char *sweep, *slc;          /* its sweep and SLC results, relative; NULL: not run */
	struct json_object *qd_curve;     /* qualify_qd_curve_json, or NULL: not run (a reference is taken) */
};

/*
 * The OP a sweep's verdict is taken at: the knee's recommendation, raised
 * to the least OP measured that reaches target_life_years (NAN: none asked).
 */
double qualify_chosen_op(struct json_object *sweep_doc);
/*
 * The figures of the point at op of sweep_doc, post_cache_mbps of slc_doc
 * and the QD curve's of qd_curve (a qualify_qd_curve_json; any may be NULL).
 */
void qualify_measured(struct json_object *sweep_doc, double op, struct json_object *slc_doc,
		      struct json_object *qd_curve, struct req_measured *m);
/*
 * A drive's QD curve in the qualify result, from its two run documents
 * (random writes, random reads; either NULL when not measured) saved at
 * wpath and rpath (relative): op_percent, how and note (how the drive
 * reached the chosen OP's steady state), the paths, and per QD the IOPS,
 * mean and p99 latency of each direction.  NULL when neither was measured.
 */
struct json_object *qualify_qd_curve_json(struct json_object *wdoc, struct json_object *rdoc, const char *wpath,
					  const char *rpath);

struct json_object *qualify_requirements_json(const struct requirement_set *set);
struct json_object *qualify_drive_json(const struct qualify_drive_result *d);

#endif
