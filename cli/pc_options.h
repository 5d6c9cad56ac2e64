/* SPDX-License-Identifier: MIT */
/*
 * What the commands that write share once their options are parsed
 * (cli/options.h): opening the TARGET or the group of members, checking the
 * settings against it, and the progress of precondition rounds.
 */
#ifndef SSDPROF_PC_OPTIONS_H
#define SSDPROF_PC_OPTIONS_H

#include <stdbool.h>

#include "cli/options.h"
#include "precondition/precondition.h"

struct progress;
struct raid_rounds;
struct target;

/*
 * Check the settings against the opened target: 0 or an exit code after
 * printing why.  The safety gate is not among them: it comes after every
 * such check, in dev_open_gated (cli/dev_common.h), which every command
 * reaches its TARGET through.
 */
int pc_cli_check_target(struct cli_opts *c, struct target *t, const char *cmd);

/*
 * Whether the usable span left at the highest OP (or outside --span) holds a
 * fill block and one I/O: 0, or EXIT_USAGE after printing why.  what names
 * the setting, e.g. "--op: 50%".
 */
int pc_cli_check_usable(const struct cli_opts *c, const struct target *t, double op_percent, const char *what);

/* What the rounds write, for a dry run: "4096-byte random writes" or the --workload and --random-dist. */
void pc_rounds_describe(const struct cli_opts *c, char *buf, size_t len);

/*
 * Open what argv[first..argc) names: one TARGET, or with --raid the group of
 * those members.  0, or an exit code after printing why.
 */
int pc_cli_open_only(struct cli_opts *c, int argc, char **argv, int first, const char *cmd, struct target **t);
/*
 * The one path (dev_open_gated): pc_cli_open_only, check (NULL:
 * pc_cli_check_target, which a check given calls itself), then, for a
 * writing command (c->open_flags), the safety gate with c's --yes, --force
 * and --dry-run.  0, or an exit code after printing why; *t, once opened,
 * is the caller's to close.
 */
int pc_cli_open_gated(struct cli_opts *c, int argc, char **argv, int first, const char *cmd,
		      int (*check)(void *arg, struct target *t), void *arg, struct target **t);
/* pc_cli_open_gated with pc_cli_check_target; on failure *t is closed. */
int pc_cli_open_target(struct cli_opts *c, int argc, char **argv, int first, const char *cmd, struct target **t);

/* Print a progress line per fill and round (arg: the line prefix). */
int pc_cli_print_progress(const struct precondition_event *ev, void *arg);

/*
 * The progress callback of precondition and sweep (arg: a struct
 * pc_progress): a RAID group's member figures follow every round, lines are
 * printed when asked, and an interrupt stops the rounds.
 */
struct pc_progress {
	const char *prefix;
	bool print;
	struct raid_rounds *members;   /* NULL for a single target */
	struct progress *status;       /* the status line and --events (cli/progress.h), or NULL */
};
int pc_progress_event(const struct precondition_event *ev, void *arg);
/* The interrupt poll for precondition_run. */
int pc_cli_poll(void *arg);

#endif
