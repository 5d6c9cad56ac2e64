/* SPDX-License-Identifier: MIT */
/*
 * Many drives at once: several TARGETs without --raid are independent
 * drives, each profiled as the command profiles one, in a thread of its own
 * and into a folder of its own (DIR/drive-N/).  The runner opens and checks
 * every drive before anything is written (a refusal of any stops the batch
 * there), runs the command's per-drive function at most --jobs at a time,
 * and saves DIR/result.json of kind "batch": each drive's status, error and
 * headline figure, and where its own results are.  One drive failing stops
 * no other.  qualify runs its drives on the same runner (batch_run).
 */
#ifndef SSDPROF_BATCH_H
#define SSDPROF_BATCH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "cli/options.h"
#include "device/target.h"
#include "profiler/batch_run.h"
#include "results/batch_json.h"
#include "results/result_load.h"

struct json_object;

#define BATCH_MAX_DRIVES BATCH_DOC_MAX_DRIVES

/*
 * A command that profiles drives in a batch: how it checks one (before any
 * is written; it sets d->arg to its own state for the drive, a copy of the
 * options with pc.batch = d), shows one in a dry run, runs one (in the
 * drive's thread: an exit code), and lets go of its state.
 */
struct batch_cmd {
	const char *name;
	int (*check)(struct batch_drive *d, void *ctx);
	void (*dry_run)(struct batch_drive *d, void *ctx);
	int (*run)(struct batch_drive *d, void *ctx);
	void (*release)(struct batch_drive *d, void *ctx);
};

/* A batch_cmd's release when its state for a drive is one malloc'd block. */
void batch_free_arg(struct batch_drive *d, void *ctx);

/*
 * The batch of argv[first..argc) for cmd: every drive opened and checked,
 * then a dry run, or each run into out/drive-N (out: --out, or --resume's
 * DIR) and the batch's document.  An exit code.
 */
int batch_main(struct cli_opts *pc, int argc, char **argv, int first, const char *out, unsigned jobs,
	       const struct batch_cmd *cmd, void *ctx);

/* The headline figures a drive may have, as saved. */
#define BATCH_FIGURES "recommended_op_percent", "steady_iops", "slc_cache_bytes"

/*
 * The usage lines every batch command shares.  BATCH_USAGE_EXIT: how the
 * exit status of a batch is made.
 */
#define BATCH_USAGE \
	"  --jobs N           several TARGETs: profile at most N drives at once (default:\n" \
	"                     all; 1: one after another)\n"
#define BATCH_USAGE_TEXT \
	"Several TARGETs without --raid are independent drives, all profiled at once\n" \
	"(a thread per drive), each as the command profiles one, into DIR/drive-N/;\n" \
	"DIR/result.json lists them (ssdprof report DIR links each drive's report).\n" \
	"Every drive is opened and checked before any is written; --yes takes their\n" \
	"serials comma-separated in TARGET order.  One drive failing stops no other.\n" \
	"Exit status of a batch: 130 when a drive was interrupted, else 1 when a\n" \
	"drive failed, else 0.\n"

/* The --jobs option of the batch commands. */
#define BATCH_OPT_JOBS (CLI_OPT_END + 40)
#define BATCH_LONGOPTS { "jobs", required_argument, NULL, BATCH_OPT_JOBS }
/* --jobs N into *jobs: 0, or EXIT_USAGE after printing why. */
int batch_parse_jobs(const char *arg, unsigned *jobs);
/* The confirmation of drive i of n: its item of a comma-separated --yes, or all of it (in buf or yes). */
const char *batch_yes_for(const char *yes, unsigned i, unsigned n, char *buf, size_t len);
/*
 * --jobs spreads independent TARGETs over threads; with --raid the TARGETs
 * are one group, run as one drive: jobs (0: not given) is refused then.
 * 0, or EXIT_USAGE after printing why.
 */
int batch_check_jobs(const struct cli_opts *pc, unsigned jobs);
/*
 * The one rule of a --yes list, for every command that takes one: at most
 * one item per TARGET (a group's members are its TARGETs), none empty.
 * targets 0: no TARGET yet, nothing to say.  0, or EXIT_USAGE after printing why.
 */
int batch_check_yes(const char *yes, unsigned targets);

/*
 * Open argv[first..argc) as n = argc - first drives into d (zeroed by the
 * caller), refusing a TARGET given twice, and call check on each with its
 * own --yes (d->yes) before the next is opened.  0, or the exit code of the
 * first refusal after printing why (nothing has been written then).
 */
int batch_open(struct cli_opts *pc, int argc, char **argv, int first, const char *cmd, struct batch_drive *d,
	       int (*check)(struct batch_drive *d, void *ctx), void *ctx);
void batch_close(struct batch_drive *d, unsigned n);

/* What a batch is, where a result names its target: kind "batch" and the TARGETs as typed, space-separated. */
struct json_object *batch_target_json(const struct batch_drive *d, unsigned n);

/*
 * The batch folder into dir (out, or a fresh default when NULL) and each
 * drive's DIR/drive-N into d->dir; cmd (the subcommand) may replace only
 * its own results there.  0, or EXIT_USAGE after printing why.
 */
int batch_make_dirs(const char *cmd, const char *out, struct batch_drive *d, unsigned n, char *dir, size_t len);


/*
 * Save DIR/result.json of kind batch for the drives of subcommand cmd,
 * write each drive's report and the batch's page, print the summary table
 * (unless quiet; --json: the document), and return the worst exit code of
 * the drives: interrupted, then failed, then ok.
 */
int batch_finish(const struct cli_opts *pc, const char *cmd, struct batch_drive *d, unsigned n, const char *dir);

/*
 * What a drive of a batch says: a line on stdout after its prefix (wrapped
 * at words to the terminal's width, each continuation after the prefix),
 * in one write so that lines of drives running at once never mix.  Without
 * a batch (pc->batch NULL): no prefix.
 */
void cli_say(const struct cli_opts *pc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same after a prefix of the caller's ("[1 sim:dc-tlc] " as qualify names its drives). */
void cli_say_prefixed(const char *prefix, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * An error of a drive: cli_error, in a batch after its prefix, the first one
 * kept as the drive's error for the batch's document.
 */
void cli_fail(const struct cli_opts *pc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A warning of a drive: cli_error, in a batch after its prefix; never its error. */
void cli_warn(const struct cli_opts *pc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
