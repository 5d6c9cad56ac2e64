/* SPDX-License-Identifier: MIT */
/*
 * JSON for preconditioning results and OP sweeps (DESIGN.md 4, "sweep"):
 * one builder for a preconditioned point, used by `precondition` (one point)
 * and `sweep` (one per OP level), and the knee object.
 */
#ifndef SSDPROF_SWEEP_JSON_H
#define SSDPROF_SWEEP_JSON_H

#include <stdint.h>

#include "profiler/knee.h"
#include "profiler/sweep.h"

struct json_object;
struct precondition_result;
struct precondition_settings;
struct sweep_plan;
struct workload;

/* What surrounds a preconditioned measurement at one OP level. */
struct point_info {
	double op_percent;          /* NAN for a plain precondition run */
	const char *op_method;      /* "namespace", "hpa", "span" or NULL */
	uint64_t usable_bytes;
	const char *purge_method;   /* NULL when no purge was done */
	double drive_seconds;       /* purge, OP change, fill and rounds, target clock */
	const char *waf_source;     /* "simulator", "media-counter" or NULL */
	/* A sweep's: how the point was reached (SWEEP_METHOD_*); NULL leaves it out. */
	const char *method;
};

/* How a sweep point was reached (issue 18); "predicted" wins when both others apply. */
#define SWEEP_METHOD_NAMES "fresh", "carried-over", "predicted"

struct json_object *point_json(const struct point_info *info, const struct precondition_result *r);
/*
 * The settings precondition and sweep share, added to s as a sweep saves
 * them: purge_method (null: auto), fill_passes, bs, qd, round_s,
 * max_rounds, max_writes (null: no limit), seed, and with a shape its
 * workload, random_pct and random_dist.  0 or -ENOMEM.
 */
int precondition_settings_json_add(struct json_object *s, const struct precondition_settings *ps,
				   const char *purge_method, const struct workload *shape);
/*
 * A sweep's plan added to s: plan (list or adaptive), op_list or op_grid,
 * resolution (null for a list) and op_method, as sweep and qualify save it.
 * 0 or -ENOMEM.
 */
int sweep_plan_json_add(struct json_object *s, const struct sweep_plan *plan, enum op_method m);
struct json_object *knee_json(const struct knee_result *k);
/*
 * The knee's view of a point as saved (op_percent, iops, waf, usable_bytes):
 * read back from the JSON, so a resumed sweep decides as an uninterrupted one.
 */
struct knee_point knee_point_json(struct json_object *p);

#endif
