// SPDX-License-Identifier: MIT
/*
 * ssdprof: find the command, answer --help and --version, apply the checks
 * every command shares, and hand over to the command's handler.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/fio_names.h"
#include "cli/suggest.h"
#include "util/escape.h"
#include "util/text.h"
#include "config.h"

/* "Exit codes: 0 done, ..." from the table, wrapped before 80 columns. */
static void print_exit_codes(FILE *f)
{
	size_t col = 0;

	col += (size_t)fprintf(f, "Exit codes:");
	for (const struct exit_status *e = cli_exit_codes; e->meaning; e++) {
		char item[128];
		int n = snprintf(item, sizeof(item), " %d %s%s", e->code, e->meaning, e[1].meaning ? "," : ".");

		if (col + (size_t)n > 79) {
			fputc('\n', f);
			col = 0;
			memmove(item, item + 1, strlen(item));
			n--;
		}
		fputs(item, f);
		col += (size_t)n;
	}
	fputc('\n', f);
}

static void print_usage(FILE *f)
{
	const struct command *cmds;
	size_t count, width = 0;

	cmds = command_list(&count);
	for (size_t i = 0; i < count; i++)
		if (strlen(cmds[i].name) > width)
			width = strlen(cmds[i].name);

	fputs("usage: ssdprof COMMAND [ARGS...]\n"
	      "       ssdprof COMMAND --help\n"
	      "       ssdprof --help | --version\n"
	      "\n", f);
	fputs(cli_usage_about, f);
	fputs("\n"
	      "Commands:\n", f);
	for (size_t i = 0; i < count; i++) {
		char line[512];

		snprintf(line, sizeof(line), "  %-*s  %s", (int)width, cmds[i].name, cmds[i].summary);
		text_help_print(f, line, 80);
	}
	fputs("\n", f);
	fputs(cli_usage_notes, f);
	print_exit_codes(f);
}

static bool is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* --help anywhere before a "--" asks for the command's usage instead of running it. */
static bool wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return false;
		if (is_help(argv[i]))
			return true;
	}
	return false;
}

static void print_command_usage(const struct command *cmd)
{
	size_t len = strlen(cmd->usage);

	/* At most 80 columns, whatever the terminal: a usage text is read in a pager or pasted. */
	text_help_print(stdout, cmd->usage, 80);
	if (len == 0)
		fputc('\n', stdout);
	fio_names_usage(stdout, cmd->usage);
}

/* Output lost to a full disk or a closed pipe must not look like success. */
static int finish(int code)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("cannot write output: %s", strerror(errno));
		if (code == EXIT_OK)
			code = EXIT_RUN_FAILED;
	}
	return code;
}

int main(int argc, char **argv)
{
	const struct command *cmd;
	const char *near;
	ESCAPE_BUF(q);

	/* Progress lines reach a pipe as they happen, and before what stderr says after them. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (is_help(argv[1])) {
		print_usage(stdout);
		return finish(EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("ssdprof %s\n", SSDPROF_VERSION);
		return finish(EXIT_OK);
	}
	if (argv[1][0] == '-') {
		if ((near = suggest_option(NULL, argv[1])))
			cli_error("unknown option '%s'; did you mean '--%s'?",
				  escape_arg(q, sizeof(q), argv[1]), near);
		else
			cli_error("unknown option '%s'; see 'ssdprof --help'", escape_arg(q, sizeof(q), argv[1]));
		return EXIT_USAGE;
	}

	cmd = command_find(argv[1]);
	if (!cmd) {
		if ((near = suggest_command(argv[1])))
			cli_error("'%s' is not a command; did you mean '%s'?",
				  escape_arg(q, sizeof(q), argv[1]), near);
		else
			cli_error("'%s' is not a command; see 'ssdprof --help'", escape_arg(q, sizeof(q), argv[1]));
		return EXIT_USAGE;
	}
	if (wants_help(argc - 1, argv + 1)) {
		print_command_usage(cmd);
		return finish(EXIT_OK);
	}
	if ((cmd->flags & CMD_NEEDS_TARGET) && argc < 3) {
		/* op does nothing without its action: the example is one that runs as printed. */
		cli_error("%s needs a TARGET, e.g. 'ssdprof %s %ssim:budget-tlc%s'; "
			  "see 'ssdprof %s --help'", cmd->name, cmd->name, strcmp(cmd->name, "pts") ? "" : "iops ",
			  strcmp(cmd->name, "op") ? "" : " --show", cmd->name);
		return EXIT_USAGE;
	}

	return finish(cmd->handler(argc - 1, argv + 1));
}
