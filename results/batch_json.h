/* SPDX-License-Identifier: MIT */
/*
 * The document of a batch (kind "batch"): what the drives were, each one's
 * status, error, headline figure and where its own results are, built from
 * the drives as their runs left them (profiler/batch_run.h).
 */
#ifndef SSDPROF_BATCH_JSON_H
#define SSDPROF_BATCH_JSON_H

#include <stdbool.h>

#include "profiler/batch_run.h"

struct json_object;

/* What a batch is, where a result names its target: kind "batch" and the TARGETs as typed, space-separated. */
struct json_object *batch_target_json(const struct batch_drive *d, unsigned n);

/* Whether drive d saved a result of its own (one refused or interrupted before it began did not). */
bool batch_drive_saved(const struct batch_drive *d);

/*
 * The batch's document for the drives d[0..n) of subcommand (command: the
 * command line), finished (result_doc_finish); NULL out of memory.
 */
struct json_object *batch_json_doc(const char *command, const char *subcommand, const struct batch_drive *d,
				   unsigned n);

#endif
