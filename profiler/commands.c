// SPDX-License-Identifier: MIT
/*
 * The subcommand table.  A new command is one line here plus its file; the
 * flags let main() apply the shared checks in one place.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const struct command commands[] = {
	{
		.name = "info",
		.handler = cmd_info,
		.flags = CMD_NEEDS_TARGET,
		.summary = "show a target's identity, capacity and capabilities",
		.usage = cmd_info_usage,
	},
	{
		.name = "run",
		.handler = cmd_run,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "run a workload; report IOPS, MB/s, latency and write amplification",
		.usage = cmd_run_usage,
	},
};

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

const struct command *command_list(size_t *count)
{
	*count = sizeof(commands) / sizeof(commands[0]);
	return commands;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("ssdprof: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int cli_getopt_error(const char *cmd, char **argv, int optind_now, int c, int opt)
{
	const char *arg = argv[optind_now - 1];

	if (c == ':')
		cli_error("%s: option '%s' needs a value; see ssdprof %s --help", cmd, arg, cmd);
	/* getopt sets optopt to 0 for an unknown long option, else to the option's value. */
	else if (strncmp(arg, "--", 2) != 0)
		cli_error("%s: unknown option '-%c'; see ssdprof %s --help", cmd, opt, cmd);
	else if (opt)
		cli_error("%s: option '%.*s' takes no value; see ssdprof %s --help", cmd,
			  (int)strcspn(arg, "="), arg, cmd);
	else
		cli_error("%s: unknown option '%s'; see ssdprof %s --help", cmd, arg, cmd);
	return EXIT_USAGE;
}
