/* SPDX-License-Identifier: MIT */
/*
 * The options precondition, sweep and slc share: the workload of the rounds,
 * the purge, where results go, and the safety confirmations.  Each command
 * puts PC_LONGOPTS in its getopt table and hands those options here.
 */
#ifndef SSDPROF_PC_OPTIONS_H
#define SSDPROF_PC_OPTIONS_H

#include <stdbool.h>

#include "precondition/precondition.h"

struct progress;
struct raid_rounds;
struct target;

enum pc_option_id {
	PC_OPT_BS = 1000, PC_OPT_QD, PC_OPT_ROUND, PC_OPT_MAX_WRITES, PC_OPT_MAX_ROUNDS,
	PC_OPT_FILL_PASSES, PC_OPT_PURGE_METHOD, PC_OPT_SEED, PC_OPT_OUT, PC_OPT_JSON, PC_OPT_QUIET,
	PC_OPT_DRY_RUN, PC_OPT_YES, PC_OPT_FORCE, PC_OPT_RAID, PC_OPT_CHUNK, PC_OPT_EVENTS,
	PC_OPT_END,   /* commands number their own options from here */
};

#define PC_LONGOPTS \
	{ "bs", required_argument, NULL, PC_OPT_BS }, \
	{ "qd", required_argument, NULL, PC_OPT_QD }, \
	{ "round", required_argument, NULL, PC_OPT_ROUND }, \
	{ "max-writes", required_argument, NULL, PC_OPT_MAX_WRITES }, \
	{ "max-rounds", required_argument, NULL, PC_OPT_MAX_ROUNDS }, \
	{ "fill-passes", required_argument, NULL, PC_OPT_FILL_PASSES }, \
	{ "purge-method", required_argument, NULL, PC_OPT_PURGE_METHOD }, \
	{ "seed", required_argument, NULL, PC_OPT_SEED }, \
	{ "out", required_argument, NULL, PC_OPT_OUT }, \
	{ "json", no_argument, NULL, PC_OPT_JSON }, \
	{ "quiet", no_argument, NULL, PC_OPT_QUIET }, \
	{ "dry-run", no_argument, NULL, PC_OPT_DRY_RUN }, \
	{ "yes", required_argument, NULL, PC_OPT_YES }, \
	{ "force", no_argument, NULL, PC_OPT_FORCE }, \
	{ "raid", required_argument, NULL, PC_OPT_RAID }, \
	{ "chunk", required_argument, NULL, PC_OPT_CHUNK }, \
	{ "events", required_argument, NULL, PC_OPT_EVENTS }

#define PC_USAGE \
	"  --bs SIZE          block size of the steady-state writes (default 4k)\n" \
	"  --qd N             queue depth (default 32)\n" \
	"  --round DUR        length of a round (default 60s; virtual time on sim:)\n" \
	"  --max-writes N[x]  stop after N x the usable capacity written in rounds\n" \
	"  --max-rounds N     stop after N rounds (default 25, at least 5)\n" \
	"  --fill-passes N    sequential 128k fill passes before the rounds (default 1; 0 skips)\n" \
	"  --purge-method M   how to purge: auto, sanitize-block, sanitize-crypto,\n" \
	"                     sanitize-overwrite, format, format-crypto, ata-erase,\n" \
	"                     ata-erase-enhanced or trim (default auto)\n" \
	"  --seed N           random seed (default 1)\n" \
	"  --out DIR          results directory (default ./ssdprof-results/<UTC timestamp>/)\n" \
	"  --json             print the result document on stdout\n" \
	"  --quiet            no progress lines, no status line\n" \
	"  --events FILE      progress as JSON lines, one per event, into FILE (-: standard\n" \
	"                     output, and nothing else there)\n" \
	"  --dry-run          print every destructive step and touch nothing\n" \
	"  --yes SERIAL       confirm a real device by its serial (or kernel name, e.g. loop3);\n" \
	"                     a group of drives: every member's, comma-separated\n" \
	"  --raid LEVEL       treat the TARGETs as members of a RAID 0, 1, 5, 6 or 10 group\n" \
	"                     (all simulated, or all files and block devices)\n" \
	"  --chunk SIZE       the group's chunk (stripe unit), a power of two (default 64k)\n"

struct pc_cli {
	struct precondition_settings s;
	const char *purge_method;   /* NULL: auto */
	const char *out;
	const char *yes;
	const char *events;         /* --events FILE, "-" for stdout */
	bool json, quiet, dry_run, force;
	int raid_level;             /* -1: not a group */
	uint64_t chunk;
	bool chunk_given;
	unsigned open_flags;        /* target_open_flags: TARGET_OPEN_READONLY for a command that only reads */
	bool parsing;               /* pc_cli_getopt has started on argv */
	unsigned given;             /* how many round/purge settings were given explicitly */
};

void pc_cli_defaults(struct pc_cli *c);
/*
 * One RAID chunk size for option opt (e.g. "--chunk"): a power of two from
 * 4k to 64M.  0, or EXIT_USAGE after printing the one-line reason.
 */
int pc_parse_chunk(const char *opt, const char *arg, uint64_t *out);
/* 1 if opt was one of PC_LONGOPTS (handled), 0 if not, or EXIT_USAGE after printing why. */
int pc_cli_option(struct pc_cli *c, int opt, const char *arg);
struct option;
/*
 * The command's next own option from argv, taking the shared ones
 * (PC_LONGOPTS in longopts) on the way; the first call after
 * pc_cli_defaults starts at argv[1].  -1 at the end of the options (then
 * optind is the first operand), or -1 with *rc set to an exit code after
 * printing why.  An option the command does not know is the command's to
 * report (cli_getopt_error), as getopt_long returns it.
 */
int pc_cli_getopt(struct pc_cli *c, int argc, char **argv, const struct option *longopts, int *rc);

/* Check the settings against the opened target: 0 or an exit code after printing why. */
int pc_cli_check_target(struct pc_cli *c, struct target *t, const char *cmd);

/*
 * Open what argv[first..argc) names: one TARGET, or with --raid the group of
 * those members.  0, or an exit code after printing why.
 */
int pc_cli_open_only(struct pc_cli *c, int argc, char **argv, int first, const char *cmd, struct target **t);
/* pc_cli_open_only, then pc_cli_check_target. */
int pc_cli_open_target(struct pc_cli *c, int argc, char **argv, int first, const char *cmd, struct target **t);

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
