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
#include "profiler/run_steps.h"
#include "results/run_json.h"

/* Larger blocks buy nothing for profiling and io_req.len is 32-bit. */
#define MAX_BS (64ull << 20)
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
	/*
	 * --bs LIST: the steps are every size of the list at every depth of
	 * --qd (sizes outer), then, with a mix (--bs-mix, --workload), the
	 * mix at every depth; qds holds each step's depth and step_bs its one
	 * size (0: the mix).  nqd counts the steps.
	 */
	uint64_t step_bs[MAX_QD_STEPS];
	bool bs_list;
	bool have_read_pct;
	bool have_rw, have_bs_mix;
	uint64_t chunks[MAX_CHUNKS];
	size_t nchunk;              /* 0 without --raid */
	/* --fill 1, --no-fill 0, neither -1: a simulated drive is filled for workloads that read. */
	int fill;
	/* --precondition 1, --no-precondition 0, neither -1: a simulated drive's write curve is. */
	int precond;
	bool do_fill;               /* decided once the target is open */
	enum run_prep prep;         /* the same: how the drive is prepared (run_decide_fill) */
	/* The TARGET, or the members: argv[first..argc). */
	int argc, first;
	char **argv;
};

/* What a progress line says (print_progress's arg). */
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

/* A run under way: the method's set, a group's members, the progress, the hooks' context. */
struct run_ctx {
	struct run_opts *o;
	struct run_plan plan;
	struct run_set set;
	struct run_members members;     /* with --raid */
	struct json_object *target0, *group0;   /* with --raid: as first opened */
	struct progress *prog;          /* the status line, --events and ETA (cli/progress.h) */
	struct progress_ctx pctx;
};

/*
 * The command line into o (run_opts.c): the shared options (o->pc, to
 * release with cli_opts_release even on failure) and run's own.  EXIT_OK,
 * or an exit code after printing why.
 */
int run_parse(struct run_opts *o, int argc, char **argv);
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
/* A step of a --bs list: "run bs=4k qd=32:" (the mix: "run mix qd=32:"). */
void print_bs_summary(FILE *out, const struct run_result *r);
/*
 * A step's lines as it ends, among several; chunk (when not 0) and qd name
 * it.  The run's own summary is printed from its document (reports/term.h).
 */
void print_summary(FILE *out, const struct run_result *r, bool show_qd, uint64_t chunk);
/* The preparation's line: the fill, or the rounds to steady state. */
void run_print_prep(FILE *out, const struct run_prep_result *p);
/* A write curve's state under its figures: steady, or fresh-drive figures. */
void run_print_state(FILE *out, const struct run_set *set);
/* o->do_fill and o->prep for the opened t (o->w.span_bytes set).  EXIT_OK, or EXIT_USAGE after printing why. */
int run_decide_fill(struct run_opts *o, const struct target *t);
/* Whether the run writes: its workload, or the fill. */
bool run_writes(const struct run_opts *o);
/* Whether the target must be opened for writing for a fill (before o->do_fill is known). */
bool run_may_fill(const struct run_opts *o);
/* A write curve: more than one step of a workload that writes (its figures depend on the drive's state). */
bool run_curve_writes(const struct run_opts *o);
/* The method's plan of o (profiler/run_steps.h), once o->prep is decided. */
struct run_plan run_plan_of(const struct run_opts *o);
/* The warning when a share of the reads hit blocks never written (measured on simulated drives). */
void run_warn_unwritten(const struct run_set *set);
/* What --dry-run would do. */
void print_dry_run(const struct run_opts *o, const struct target *t);

#endif
