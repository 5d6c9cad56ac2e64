/* SPDX-License-Identifier: MIT */
/*
 * The subcommand table.  main() looks the command up, handles --help, and
 * calls the handler with argv[0] set to the subcommand name.  Handlers return
 * the process exit code (DESIGN.md section 12): 0 done, 1 run failed, 2 bad
 * usage, 3 refused for safety, 4 a drive failed qualify, 130 interrupted.
 */
#ifndef SSDPROF_COMMANDS_H
#define SSDPROF_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "util/exit_code.h"

enum command_flags {
	CMD_NEEDS_TARGET = 1u << 0,  /* takes a TARGET argument */
	CMD_DESTRUCTIVE  = 1u << 1,  /* may destroy data: --yes/--dry-run rules apply */
};

struct command {
	const char *name;
	int (*handler)(int argc, char **argv);
	unsigned flags;
	const char *summary;   /* one line for `ssdprof --help` */
	const char *usage;     /* full text for `ssdprof CMD --help` */
};

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

/* What `ssdprof --help` says around the command list; the man page says it too. */
extern const char cli_usage_about[];
extern const char cli_usage_notes[];

/* Print "ssdprof: <msg>" on stderr; the one-line error every command uses. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * in into out with every control byte but a tab as \xNN: a message stays one
 * line whatever name it quotes (a folder with a newline, say).  Cut short
 * to fit out.
 */
void cli_one_line(char *out, size_t len, const char *in);
/* "results: DIR/result.json" on stderr, the last line of a command that saved a result; one line. */
void cli_results_line(const char *dir);

/*
 * The one-line error for what getopt_long rejected: c is what it returned
 * ('?' or ':'), opt its optopt.  Returns EXIT_USAGE.  Handlers call getopt
 * with opterr = 0 and a leading ':' in the option string.
 */
int cli_getopt_error(const char *cmd, char **argv, int optind_now, int c, int opt);

#define CLI_DEFAULT_OUT_PARENT "ssdprof-results"

/*
 * The results directory: requested (created with its parents), or a new
 * ./ssdprof-results/<UTC timestamp>/ when requested is NULL.  0 or -errno.
 */
int cli_make_out_dir(const char *requested, char *dir, size_t len, char *err, size_t errlen);

#endif
