/* SPDX-License-Identifier: MIT */
/*
 * --metrics FILE: the live state of run, sweep, slc and precondition (and of
 * each drive of a batch) for Prometheus, in node_exporter's textfile format
 * (reports/metrics_text.h; docs/fleet.md).  One file per process, every
 * drive's state in it; replaced whole (a temporary in the same folder,
 * fsync, rename: a reader never sees half a file) at most once a second and
 * when a drive's command ends, its final state.
 *
 * The progress (cli/progress.h) feeds it: a slot per struct progress.  A
 * write that fails is said once as a warning and the run goes on: a
 * dashboard's file is not worth a drive-day.
 */
#ifndef SSDPROF_CLI_METRICS_H
#define SSDPROF_CLI_METRICS_H

#include <stdbool.h>

struct metrics;
struct metrics_slot;
struct progress;
struct target;

/*
 * --metrics FILE checked (a *.prom name in an existing, writable folder; not
 * a folder itself) and its state made, nothing written yet.  0, or EXIT_USAGE
 * after printing why.
 */
int metrics_open(const char *path, struct metrics **m);
/* The state let go (NULL: nothing). */
void metrics_close(struct metrics *m);

/* A drive's slot for command on t (m NULL, or out of slots: NULL, and the hooks do nothing). */
struct metrics_slot *metrics_attach(struct metrics *m, const struct target *t, const char *command);

/* The hooks of cli/progress.c (p->metrics NULL: nothing). */
/* The progress changed: the file rewritten if a second has passed since the last write, or at once
 * (force: a point started or ended, a round ended). */
void metrics_update(struct progress *p, bool force);
/* A round's write amplification (NAN: not known). */
void metrics_round(struct progress *p, double waf);
/* A point finished at op (percent) with its steady IOPS and WA. */
void metrics_point(struct progress *p, double op_percent, double iops, double waf);
/* The command ended (done: its job finished; else stopped): the final state written. */
void metrics_finish(struct progress *p, bool done);

#endif
