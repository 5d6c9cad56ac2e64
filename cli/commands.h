/* SPDX-License-Identifier: MIT */
/*
 * The subcommand table.  main() looks the command up, handles --help, and
 * calls the handler with argv[0] set to the subcommand name.  Handlers return
 * the process exit code (DESIGN.md section 12): 0 done, 1 run failed, 2 bad
 * usage, 3 refused for safety, 4 a drive failed qualify, 130 interrupted.
 */
#ifndef SSDPROF_COMMANDS_H
#define SSDPROF_COMMANDS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/exit_code.h"
/* The helpers every command calls; included here so the commands need one include. */
#include "cli/cli_util.h"

enum command_flags {
	CMD_NEEDS_TARGET = 1u << 0,  /* takes a TARGET argument */
	/*
	 * May destroy data: --yes/--dry-run rules apply, and only such a
	 * command opens its targets for writing (cli_opts_init; run only when
	 * it writes); the others open them read-only.
	 */
	CMD_DESTRUCTIVE  = 1u << 1,
};

struct command {
	const char *name;
	int (*handler)(int argc, char **argv);
	unsigned flags;
	const char *summary;   /* one line for `ssdprof --help` */
	const char *usage;     /* full text for `ssdprof CMD --help` */
	/*
	 * What the command takes, the one list completion, did-you-mean and
	 * the checks read: its own getopt entries (NULL: none), the shared
	 * options of cli/options.h it takes (a mask of CLI_O_*), and its short
	 * options as getopt's optstring (NULL: none).  cli_opts_init refuses a
	 * handler whose entries are not these; report_options parses these same
	 * arrays for report and compare.
	 */
	const struct option *options;
	unsigned shared;
	const char *short_options;
};

/* The own getopt entries of the commands that have some (the table's .options). */
extern const struct option cmd_purge_options[], cmd_op_options[], cmd_run_options[], cmd_precondition_options[],
	sweep_options[], cmd_slc_options[], cmd_qualify_options[], cmd_report_options[], cmd_compare_options[],
	cmd_pts_options[];

int cmd_info(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_purge(int argc, char **argv);
int cmd_op(int argc, char **argv);
extern const char cmd_list_usage[];
extern const char cmd_purge_usage[];
extern const char cmd_op_usage[];
int cmd_run(int argc, char **argv);
int cmd_precondition(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_slc(int argc, char **argv);
int cmd_qualify(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_workloads(int argc, char **argv);
extern const char cmd_workloads_usage[];

extern const char cmd_info_usage[];
extern const char cmd_run_usage[];
extern const char cmd_precondition_usage[];
extern const char cmd_sweep_usage[];
extern const char cmd_slc_usage[];
extern const char cmd_qualify_usage[];
extern const char cmd_report_usage[];
extern const char cmd_compare_usage[];
int cmd_db(int argc, char **argv);
extern const char cmd_db_usage[];
int cmd_pts(int argc, char **argv);
extern const char cmd_pts_usage[];

/* What `ssdprof --help` says around the command list; the man page says it too. */
extern const char cli_usage_about[];
extern const char cli_usage_notes[];

/* Every exit code and what it means (terminated by a NULL meaning): --help and every man page say them. */
struct exit_status {
	int code;
	const char *meaning;
};
extern const struct exit_status cli_exit_codes[];

#endif
