/* SPDX-License-Identifier: MIT */
/*
 * The document of `precondition` (kind "precondition"): the settings (a
 * sweep's where they share a key, so one reader serves both; then the span
 * and whether it purged), the fill and rounds (results/sweep_json.h
 * point_json) and, for a RAID group, the group and each member's rounds.
 */
#ifndef SSDPROF_PRECONDITION_DOC_H
#define SSDPROF_PRECONDITION_DOC_H

#include <stdbool.h>

#include "precondition/precondition.h"
#include "profiler/raid_rounds.h"
#include "results/sweep_json.h"

struct json_object;
struct target;
struct workload;

/*
 * The settings object of the document into doc: s, the purge method (NULL:
 * no purge) and the shape (NULL: random writes), the span and whether it
 * purged.  0, or -ENOMEM.
 */
int precondition_settings_add(struct json_object *doc, const struct precondition_settings *s,
			      const char *purge_method, const struct workload *shape, double span_pct, bool purge);

/*
 * The document of r on t (command: the command line) into *docp (NULL out
 * of memory: -ENOMEM), finished; members: a group's rounds, else NULL.  0,
 * -ENOMEM, or -errno of the members' figures (*docp holds the rest).
 */
int precondition_json_doc(const char *command, struct target *t, const struct precondition_settings *s,
			  const char *purge_method, const struct workload *shape, double span_pct, bool purge,
			  const struct precondition_result *r, struct point_info *info, struct raid_rounds *members,
			  struct json_object **docp);

#endif
