/* SPDX-License-Identifier: MIT */
/* The top of a result document (DESIGN.md 4) for precondition, sweep and slc. */
#ifndef SSDPROF_RESULT_DOC_H
#define SSDPROF_RESULT_DOC_H

struct json_object;
struct target;

/*
 * schema, kind, tool, started (null on virtual-time targets, whose results
 * must not depend on the wall clock), finished (null until set), command
 * (the user's command line as recorded by cli_opts_init: quoted, in the
 * order typed) and target.
 */
struct json_object *result_doc_new(const char *kind, const char *command, const struct target *t);
/* Set "finished" to now, unless the target runs on virtual time. */
void result_doc_finish(struct json_object *doc, const struct target *t);

#endif
