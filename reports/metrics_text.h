/* SPDX-License-Identifier: MIT */
/*
 * The live state of long commands in the Prometheus text exposition format,
 * as node_exporter's textfile collector reads it (docs/fleet.md lists the
 * metrics).  One family per figure, each with its HELP and TYPE lines, one
 * sample per drive labelled drive, serial, model, host and command; a figure
 * not measured (NAN) has no sample, never a 0.  The phase is an info-style
 * gauge: ssdprof_phase_info{...,phase="rounds"} 1.
 */
#ifndef SSDPROF_METRICS_TEXT_H
#define SSDPROF_METRICS_TEXT_H

#include <stddef.h>

/* The figures of a drive, indexes into metrics_drive.v. */
enum metrics_figure {
	MF_PROGRESS,          /* the whole job done, 0..1 */
	MF_PHASE_PROGRESS,    /* the phase running done, 0..1 */
	MF_ETA,               /* wall seconds left */
	MF_ELAPSED,           /* wall seconds since the start */
	MF_DRIVE_ELAPSED,     /* drive seconds (virtual on a simulated drive) */
	MF_IOPS,              /* now */
	MF_THROUGHPUT,        /* bytes per second now */
	MF_WA,                /* write amplification of the last round */
	MF_POINT,             /* 1-based point (or run's step) running */
	MF_POINTS,            /* points (steps) the plan has */
	MF_POINTS_DONE,       /* points finished */
	MF_OP,                /* the running point's over-provisioning, 0..1 */
	MF_LAST_OP,           /* the last finished point's */
	MF_LAST_IOPS,
	MF_LAST_WA,
	MF_FINISHED,          /* 1 once the command ended (phase done or stopped), else 0 */
	MF_UPDATED,           /* Unix time of the state */
	MF_COUNT
};

struct metrics_drive {
	char drive[256];      /* the TARGET as typed */
	char serial[64];
	char model[64];
	char command[16];
	char phase[16];       /* "starting", "purge", "fill", "rounds", ..., "done", "stopped" */
	double v[MF_COUNT];   /* NAN: not measured */
};

/* NAN in every figure. */
void metrics_drive_clear(struct metrics_drive *d);

/*
 * The text of n drives on host into *text (malloc'd, *len bytes).  0 or
 * -ENOMEM.
 */
int metrics_text_format(const struct metrics_drive *d, size_t n, const char *host, char **text, size_t *len);

#endif
