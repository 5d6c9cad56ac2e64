/* SPDX-License-Identifier: MIT */
/*
 * The limits and names the loader holds a result document to (issue 24:
 * the loader side of results/ includes nothing from profiler/ or
 * precondition/, whose headers pull in the methods).  Each macro is spelled
 * exactly as its owner's; results/result_limits.c includes both, and a
 * macro defined again with another value fails the build (-Werror), so one
 * changed alone cannot pass.
 */
#ifndef SSDPROF_RESULT_LIMITS_H
#define SSDPROF_RESULT_LIMITS_H

/* profiler/requirements.h */
#define REQ_MAX 16
#define REQ_LIMIT_MAX 1e12
/* precondition/precondition.h */
#define PRECONDITION_MAX_INTERVALS 2048
/* profiler/sweep_plan.h */
#define SWEEP_MAX_POINTS 64
/* results/sweep_json.h */
#define SWEEP_METHOD_NAMES "fresh", "carried-over", "predicted", "constructed"
/* results/qualify_json.h */
#define QUALIFY_QD_MAX 16
#define QUALIFY_QD_AFTER_POINT "after-sweep-point"
#define QUALIFY_QD_REESTABLISHED "re-established"
/* results/run_json.h */
#define RUN_PREP_HOW_STEADY "steady-state"
#define RUN_PREP_HOW_FRESH "fresh-drive"

#endif
