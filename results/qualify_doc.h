/* SPDX-License-Identifier: MIT */
/*
 * The document of a qualification (kind "qualify"): the pool's settings
 * (the plan, the parts, the QD curve, the endurance figures given, the
 * requirements) and each drive's verdict at its chosen OP, built from the
 * method's structs (profiler/qualify_run.h) and the drives' saved documents
 * (results/qualify_json.h for the parts).
 */
#ifndef SSDPROF_QUALIFY_DOC_H
#define SSDPROF_QUALIFY_DOC_H

#include <stdbool.h>
#include <stdint.h>

#include "profiler/batch_run.h"
#include "profiler/endurance_settings.h"
#include "profiler/qualify_run.h"
#include "profiler/requirements.h"

struct json_object;

/* The settings object: round_ns is the rounds' length (the QD curve's steps when qd_time_ns is 0). */
struct json_object *qualify_settings_json(const struct qualify_settings *prof, const struct requirement_set *reqs,
					  uint64_t round_ns, const struct endurance_settings *e);

/* Drive d's verdict appended to the array drives; whether it passed (a drive whose profile failed does not). */
bool qualify_verdict_add(struct json_object *drives, const struct requirement_set *reqs, const struct qualify_drive *d);

/*
 * The document of the drives d[0..n) (bd: the same drives as the batch
 * opened them, for the target), with settings (taken over), finished
 * (result_doc_finish); how many passed into *passed.  NULL out of memory.
 */
struct json_object *qualify_json_doc(const char *command, const struct batch_drive *bd, const struct qualify_drive *d,
				     unsigned n, const struct requirement_set *reqs, struct json_object *settings,
				     unsigned *passed);

#endif
