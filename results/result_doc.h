/* SPDX-License-Identifier: MIT */
/* The top of a result document (DESIGN.md 4) for precondition, sweep and slc. */
#ifndef SSDPROF_RESULT_DOC_H
#define SSDPROF_RESULT_DOC_H

#include <stdbool.h>

#include "results/result_kinds.h"

struct json_object;
struct target;

/*
 * schema, kind, tool, host (result_host_json), started (null on virtual-time targets, whose results
 * must not depend on the wall clock), finished (null until set), command
 * (the user's command line as recorded by cli_opts_init: quoted, in the
 * order typed) and target.  The kind's name comes from the table of kinds
 * (results/result_kinds.h), so no builder spells it.
 */
/*
 * Where a result was measured (DESIGN.md 4, host): hostname, os, kernel
 * (uname's sysname, release, version as kernel_build, machine) and
 * ssdprof_version; each null when not known.  The drive's own model,
 * serial and firmware are in the target.  NULL when out of memory.
 */
struct json_object *result_host_json(void);

struct json_object *result_doc_new_kind(enum result_kind kind, const char *command, const struct target *t);
/* Set "finished" to now, unless the target runs on virtual time. */
void result_doc_finish(struct json_object *doc, const struct target *t);

/*
 * How a command that measured something ended short (DESIGN.md 4):
 * "interrupted": true when a signal stopped it, "error": the one line it
 * failed with (naming the target, the offset, the LBA and the status).  A
 * field is added only when it applies, so a finished result is unchanged.
 * 0, or -ENOMEM.
 */
int result_doc_mark(struct json_object *doc, bool interrupted, const char *error);

#endif
