/* SPDX-License-Identifier: MIT */
/*
 * ssdprof run: the parsed command line, the series it produced, and the
 * terminal output (run_print.c) that cmd_run.c drives.
 */
#ifndef SSDPROF_RUN_H
#define SSDPROF_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/options.h"
#include "engine/workload.h"

/* Steps of a --qd list. */
#define MAX_QD_STEPS 32
/* Entries of a --chunk list. */
#define MAX_CHUNKS 16

struct json_object;
struct progress;
struct raid_snap;
struct target;

struct run_opts {
	/* The shared options; with --raid, pc.raid_level (-1: one TARGET), pc.chunk set per group opened. */
	struct cli_opts pc;
	struct workload w;
	double span_pct;
	const char *target;
	uint64_t qds[MAX_QD_STEPS];
	size_t nqd;
	bool have_read_pct;
	bool have_rw, have_bs_mix;
	uint64_t chunks[MAX_CHUNKS];
	size_t nchunk;              /* 0 without --raid */
	/* --fill 1, --no-fill 0, neither -1: a simulated drive is filled for workloads that read. */
	int fill;
	bool do_fill;               /* decided once the target is open */
	/* The TARGET, or the members: argv[first..argc). */
	int argc, first;
	char **argv;
};

/* The series of a run in run order: one per --qd step, and with --raid that for each chunk. */
struct run_set {
	struct run_result *res;         /* chunks x qd steps */
	size_t n;                       /* how many were started (an interrupt or error stops early) */
	/* RAID: per series its chunk_bytes, members and limiting_member, to add to the series */
	struct json_object **raid;
	int *limiting;
	struct raid_snap *before, *after;
	double vsec;                    /* the series' time on the target clock */
	double fill_s;                  /* the fills' time on the target clock (not in vsec) */
	bool interrupted;
	/* Why a measurement failed (the line printed, saved as "error"), or "": then what it measured is saved. */
	char error[400];
	struct progress *prog;          /* the status line, --events and ETA (cli/progress.h) */
};

/* What a progress line says besides the sample (print_progress's arg). */
struct progress_ctx {
	FILE *out;
	unsigned qd;
	bool show_qd;
	uint64_t chunk;     /* shown when not 0: a --chunk list */
	/* run_progress_sample: the progress (NULL: none), the step running, its bytes so far */
	struct progress *prog;
	bool lines;         /* print_progress's lines too */
	unsigned step;
	uint64_t step_bytes, done_bytes;
};

/* "16k", "1M": a chunk size as the user typed it, for labels and file names. */
const char *chunk_name(char *buf, size_t len, uint64_t bytes);
/* One line per sample (a workload_run callback). */
int print_progress(const struct run_sample *s, void *arg);
/*
 * The progress of a step (run_progress.c): its start, each sample (a
 * workload_run callback: a phase tick "run" and the line of print_progress
 * when p->lines), and its end (a "step" event with the step's figures).
 */
void run_progress_step_start(struct progress_ctx *p, unsigned step);
int run_progress_sample(const struct run_sample *s, void *arg);
void run_progress_step_end(struct progress_ctx *p, const struct run_result *r);
/* One line per series; chunk (when not 0) and qd name it among several. */
void print_summary(FILE *out, const struct run_result *r, bool show_qd, uint64_t chunk);
/* The queue-depth curve, the way controller reviews chart it. */
void print_curve(FILE *out, const struct run_result *r, size_t n);
/* The chunks side by side, what a --chunk list is for. */
void print_chunks(FILE *out, const struct run_opts *o, const struct run_set *set);
/* o->do_fill for the opened t (o->w.span_bytes set).  EXIT_OK, or EXIT_USAGE after printing why. */
int run_decide_fill(struct run_opts *o, const struct target *t);
/* Whether the run writes: its workload, or the fill. */
bool run_writes(const struct run_opts *o);
/* Whether the target must be opened for writing for a fill (before o->do_fill is known). */
bool run_may_fill(const struct run_opts *o);
/* The span written once before the steps (o->do_fill).  EXIT_OK, or an exit code after printing why. */
int run_fill(const struct run_opts *o, struct target *t, struct run_set *set);
/* The warning when a share of the reads hit blocks never written (measured on simulated drives). */
void run_warn_unwritten(const struct run_set *set);
/* What --dry-run would do. */
void print_dry_run(const struct run_opts *o, const struct target *t);

#endif
