/* SPDX-License-Identifier: MIT */
/*
 * A sweep's settings in its document (DESIGN.md 4, "sweep"): written from
 * the method's settings (profiler/sweep_settings.h), read back by --resume
 * and by a batch's resume, and the saved points checked before a resumed
 * plan replays them.
 */
#ifndef SSDPROF_SWEEP_SETTINGS_JSON_H
#define SSDPROF_SWEEP_SETTINGS_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/sweep_settings.h"

struct json_object;

/* The "settings" object of a sweep measured with set. */
struct json_object *sweep_settings_doc(const struct sweep_settings *set);
/*
 * What reads a saved shape (--workload, --random-dist) into a workload: the
 * caller's, which knows the workloads by name.  0 or -EINVAL with err set.
 */
typedef int (*sweep_shape_read_fn)(struct json_object *settings, struct workload *w, bool *have, char *err,
				   size_t errlen);
/*
 * Saved settings s back into set, as the command line would set them, the
 * shape by read_shape, then the rules between them
 * (profiler/sweep_settings.h).  The loader (results/result_load.c) has held
 * every field to the command line's limits.  0, or -EINVAL with the reason
 * in err.
 */
int sweep_settings_read(struct json_object *s, struct sweep_settings *set, sweep_shape_read_fn read_shape, char *err,
			size_t errlen);
/*
 * Every saved point of doc has the OP it was measured at, or the plan
 * cannot tell what is left, and no two have the same (the plan takes OPs
 * within 0.005% as one point).  0, or -EINVAL with the reason in err.
 */
int sweep_points_check(struct json_object *doc, char *err, size_t errlen);

#endif
