/* SPDX-License-Identifier: MIT */
/*
 * The document of an SLC probe (kind "slc"): the probe's settings, what it
 * measured (results/slc_json.h) and, for a RAID group, each member over the
 * whole probe, built from the method's structs (profiler/slc_probe.h).
 */
#ifndef SSDPROF_SLC_DOC_H
#define SSDPROF_SLC_DOC_H

#include "profiler/raid_members.h"
#include "profiler/slc_probe.h"

struct json_object;
struct target;

/* The settings object of the document. */
struct json_object *slc_settings_json(const struct slc_settings *s);

/*
 * The document of the probe r of t with settings s (command: the command
 * line), finished (result_doc_finish), into *docp (NULL out of memory).
 * before, after: the members' counters at the start and the end of the
 * probe for a group, else NULL.  0, or -errno when the members' figures failed (*docp
 * holds the rest).
 */
int slc_json_doc(const char *command, struct target *t, const struct slc_settings *s, const struct slc_result *r,
		 const struct raid_snap *before, const struct raid_snap *after, struct json_object **docp);

#endif
