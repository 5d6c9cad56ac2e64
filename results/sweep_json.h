/* SPDX-License-Identifier: MIT */
/*
 * JSON for preconditioning results and OP sweeps (DESIGN.md 4, "sweep"):
 * one builder for a preconditioned point, used by `precondition` (one point)
 * and `sweep` (one per OP level), and the knee object.
 */
#ifndef SSDPROF_SWEEP_JSON_H
#define SSDPROF_SWEEP_JSON_H

#include <stdbool.h>
#include <stdint.h>

#include "profiler/knee.h"
#include "profiler/sweep.h"

struct json_object;
struct precondition_result;
struct precondition_settings;
struct sweep_plan;
struct target;
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

/*
 * How a sweep point was reached (issue 18): fresh (purge, fill, rounds:
 * SNIA's full procedure), carried over, predicted (wins when another
 * applies too) or constructed (issue 28: purge, one write of the flash at
 * greedy GC's steady state, rounds).
 */
#define SWEEP_METHOD_NAMES "fresh", "carried-over", "predicted", "constructed"

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

/*
 * A sweep's document being filled, by `sweep` and `qualify` alike, from
 * the runner's points (profiler/sweep_run.h): saved after every point as
 * a whole document, so a cut sweep keeps every finished point.
 */
struct endurance_input;
struct raid_rounds;
struct sweep_doc {
	struct json_object *doc, *points;
	const struct endurance_input *endurance;   /* what the points' life is figured from */
	bool virtual_time;          /* the target runs on virtual time: the document gives its seconds */
	bool point_method;          /* each point says how it was reached (sweep's; qualify's leave it out) */
	struct raid_rounds *members;   /* a group's per-round member figures, or NULL */
};

/*
 * The document of a sweep of t by command, with its settings (taken),
 * for a group the group, and the analytic WA reference its backend
 * answers (TARGET_CTL_WA_MODEL; null when none); the points of saved (a resumed sweep's, those
 * with an OP) go into it and into kp[*n..] as the knee reads them.  0 or
 * -ENOMEM.
 */
int sweep_doc_start(struct sweep_doc *d, const char *command, struct target *t, struct json_object *settings,
		    struct json_object *saved, struct knee_point *kp, size_t *n);
/*
 * A resumed sweep's calibration for constructed points (issue 28): every
 * saved point given to sweep_calib_replay in its order (the full points'
 * WA, a group's per member, a miss or a fallback), as the run that saved
 * it kept them, so the resumed points are built as they would have been.
 */
void sweep_doc_calib(const struct sweep_doc *d, struct sweep_calib *c, struct target *t);
/*
 * Point pt, measured at op by the OP method m on t (member_op: a group's
 * OP per member, or NULL), as the document keeps it.  *members_ret: 0, or
 * the -errno of the group members' figures (the point is built without
 * them).  NULL when out of memory.
 */
struct json_object *sweep_doc_point(const struct sweep_doc *d, const struct target *t, enum op_method m, double op,
				    const double *member_op, const struct sweep_point *pt, int *members_ret);
/* pj (taken) into the points; its knee view, as saved, in *kp. */
void sweep_doc_add(struct sweep_doc *d, struct json_object *pj, struct knee_point *kp);
/* The sum of the points' drive_seconds. */
double sweep_doc_seconds(const struct sweep_doc *d);
/*
 * The knee of kp[0..n), the endurance, complete and virtual_seconds set,
 * then the document written to dir/result.json.  0 or -errno with err set.
 */
int sweep_doc_save(struct sweep_doc *d, const struct knee_point *kp, size_t n, const char *dir, bool complete,
		   char *err, size_t errlen);
/* The sweep ended: its points in OP order, whatever order the plan measured them in, and the end stamped. */
void sweep_doc_finish(struct sweep_doc *d, const struct target *t);
void sweep_doc_free(struct sweep_doc *d);

#endif
