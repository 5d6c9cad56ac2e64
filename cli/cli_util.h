/* SPDX-License-Identifier: MIT */
/*
 * What every command calls: the one-line error, getopt's errors, the
 * results line and the results folder.  Kept apart from the command table
 * (cli/commands.h), so no call cycle runs through the table.
 */
#ifndef SSDPROF_CLI_UTIL_H
#define SSDPROF_CLI_UTIL_H

#include <stddef.h>
#include <stdio.h>

#include "results/result_dir.h"

/*
 * Print "ssdprof: <msg>" on stderr; the one-line error every command uses.
 * One line on a pipe or a file (scripts grep it); on a terminal wrapped at
 * words to its width, continuations indented two.
 */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same as "ssdprof: warning: <msg>". */
void cli_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Text for stdout gathered in f between cli_wrap_begin and cli_wrap_end,
 * then printed with its lines wrapped at words to text_columns(stdout),
 * each continuation hanging under its line's text (util/text.h
 * text_help_print): a dry run's plan, whose lines hold paths and lists of
 * any length.
 */
struct cli_wrap {
	FILE *f;
	char *buf;
	size_t len;
};
void cli_wrap_begin(struct cli_wrap *w);
void cli_wrap_end(struct cli_wrap *w);
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

#define CLI_DEFAULT_OUT_PARENT RESULT_DEFAULT_OUT_PARENT

/* The command's results directory: results/result_dir.h, under the name every command calls. */
static inline int cli_make_out_dir(const char *cmd, const char *requested, char *dir, size_t len, char *err,
				   size_t errlen)
{
	return result_dir_make(cmd, requested, dir, len, err, errlen);
}

#endif
