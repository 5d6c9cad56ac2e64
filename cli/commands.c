// SPDX-License-Identifier: MIT
/*
 * The subcommand table, alone: a new command is one line here plus its file;
 * the flags let main() apply the shared checks in one place.  What every
 * command calls (cli_error, cli_make_out_dir, ...) is in cli/cli_util.c, so
 * no call runs from a command back through this table (the commands only
 * read it: command_flags, for the read-only open of what is not destructive).
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/report.h"

static const struct command commands[] = {
	{
		.name = "list",
		.handler = cmd_list,
		.flags = 0,
		.summary = "list NVMe and SATA drives: identity, purge/OP methods, in use",
		.usage = cmd_list_usage,
		.shared = CLI_O(CLI_OPT_JSON),
	},
	{
		.name = "purge",
		.handler = cmd_purge,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "return a drive to fresh: sanitize, format, secure erase or TRIM",
		.usage = cmd_purge_usage,
		.options = cmd_purge_options,
		.shared = CLI_O_CONFIRM,
	},
	{
		.name = "op",
		.handler = cmd_op,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "show, set or restore over-provisioning (namespace, HPA or span)",
		.usage = cmd_op_usage,
		.options = cmd_op_options,
		.shared = CLI_O_CONFIRM | CLI_O(CLI_OPT_JSON),
	},
	{
		.name = "info",
		.handler = cmd_info,
		.flags = CMD_NEEDS_TARGET,
		.summary = "show a target's identity, capacity and capabilities",
		.usage = cmd_info_usage,
		.shared = CLI_O(CLI_OPT_JSON),
	},
	{
		.name = "run",
		.handler = cmd_run,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "run a workload: IOPS, MB/s, latency and write amplification",
		.usage = cmd_run_usage,
		.options = cmd_run_options,
		.shared = CLI_O_RUN,
	},
	{
		.name = "precondition",
		.handler = cmd_precondition,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "purge, fill and write to steady state; report each round",
		.usage = cmd_precondition_usage,
		.options = cmd_precondition_options,
		.shared = CLI_O_ALL,
	},
	{
		.name = "sweep",
		.handler = cmd_sweep,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "steady-state IOPS, latency and WA per OP level; recommend an OP",
		.usage = cmd_sweep_usage,
		.options = sweep_options,
		.shared = CLI_O_ALL,
	},
	{
		.name = "slc",
		.handler = cmd_slc,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "probe the SLC cache: its size, speed past the cliff, recovery",
		.usage = cmd_slc_usage,
		.options = cmd_slc_options,
		.shared = CLI_O_SLC,
	},
	{
		.name = "qualify",
		.handler = cmd_qualify,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "profile a pool's drives at once; check requirements per drive",
		.usage = cmd_qualify_usage,
		.options = cmd_qualify_options,
		.shared = CLI_O_QUALIFY,
	},
	{
		.name = "workloads",
		.handler = cmd_workloads,
		.summary = "list the access specifications --workload takes",
		.usage = cmd_workloads_usage,
	},
	{
		.name = "report",
		.handler = cmd_report,
		.summary = "an HTML report of a result (charts, CSV, PNG), or its summary",
		.usage = cmd_report_usage,
		.options = cmd_report_options,
		.short_options = REPORT_SHORT_OPTIONS,
	},
	{
		.name = "compare",
		.handler = cmd_compare,
		.summary = "put drives' results side by side: a table, and charts with -o",
		.usage = cmd_compare_usage,
		.options = cmd_compare_options,
		.short_options = REPORT_SHORT_OPTIONS,
	},
	{
		.name = "db",
		.handler = cmd_db,
		.summary = "keep results in an SQLite store; list drives, models, best OP",
		.usage = cmd_db_usage,
	},
	{
		.name = "pts",
		.handler = cmd_pts,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "SNIA PTS: IOPS, latency, throughput, WSAT, HIR, XSR, CBW, DIRTH",
		.usage = cmd_pts_usage,
		.options = cmd_pts_options,
		.shared = CLI_O_PTS,
	},
};

const char cli_usage_about[] = "SSD preconditioning and over-provisioning profiler.\n";

const char cli_usage_notes[] =
	"TARGET is a simulated drive, sim:PRESET[,key=value...] (e.g. sim:budget-tlc),\n"
	"a block device (/dev/nvme0n1, /dev/sdb) or a regular file.  Several TARGETs\n"
	"to sweep, precondition or slc (without --raid) are drives profiled at once,\n"
	"each into DIR/drive-N; the exit code is the worst drive's.\n"
	"Sizes take k/M/G/T (1024) or kB/MB/GB/TB (1000); durations ms/s/m/h.\n";

const struct exit_status cli_exit_codes[] = {
	{ EXIT_OK, "done" },
	{ EXIT_RUN_FAILED, "run failed" },
	{ EXIT_USAGE, "bad usage" },
	{ EXIT_REFUSED, "refused for safety" },
	{ EXIT_QUALIFY_FAILED, "a drive failed qualify's requirements" },
	{ EXIT_INTERRUPTED, "interrupted" },
	{ 0, NULL },
};

const struct command *command_find(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

unsigned command_flags(const char *name)
{
	const struct command *c = name ? command_find(name) : NULL;

	return c ? c->flags : 0;
}

const struct command *command_list(size_t *count)
{
	*count = sizeof(commands) / sizeof(commands[0]);
	return commands;
}
