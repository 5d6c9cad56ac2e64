/* SPDX-License-Identifier: MIT */
/*
 * --workload NAME and --random-dist SPEC, shared by run, precondition and
 * sweep: they set the shape of a struct workload (pattern, sizes, read and
 * random shares, offset skew).
 */
#ifndef SSDPROF_WORKLOAD_OPTS_H
#define SSDPROF_WORKLOAD_OPTS_H

#include <stdbool.h>

struct target;
struct workload;

#define WORKLOAD_OPTS_USAGE \
	"  --workload NAME    a named access specification: fileserver, webserver, database,\n" \
	"                     workstation, snia-70-30, snia-65-35, nas (ssdprof workloads\n" \
	"                     lists their sizes, read and random shares)\n" \
	"  --random-dist D    which blocks random I/Os hit: uniform (default), zipf:THETA,\n" \
	"                     pareto:H or hotcold:HOT%/TRAFFIC% (e.g. hotcold:20/80)\n"

/* --workload NAME into w.  0, or EXIT_USAGE after printing why. */
int cli_workload_name(const char *arg, struct workload *w);
/* --random-dist SPEC into w->dist.  0, or EXIT_USAGE after printing why. */
int cli_random_dist(const char *arg, struct workload *w);
/*
 * The shape's block sizes against the opened target's LBA (a 512-byte
 * transfer needs a 512-byte LBA).  0, or EXIT_USAGE after printing why.
 */
int cli_workload_check(const struct workload *w, const struct target *t, const char *opt);

struct json_object;
/*
 * A saved sweep's settings back into the shape: its workload and
 * random_dist keys (absent in a sweep without them).  0 with *have set when
 * there was a shape, or -EINVAL for values this build does not know.
 */
int cli_workload_from_settings(struct json_object *settings, struct workload *w, bool *have, char *err,
			       size_t errlen);

#endif
