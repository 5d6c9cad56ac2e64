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

static const struct command commands[] = {
	{
		.name = "list",
		.handler = cmd_list,
		.flags = 0,
		.summary = "list NVMe namespaces and SATA disks: identity, purge and OP methods, in use",
		.usage = cmd_list_usage,
	},
	{
		.name = "purge",
		.handler = cmd_purge,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "return a drive to its fresh state: sanitize, format, security erase or TRIM",
		.usage = cmd_purge_usage,
	},
	{
		.name = "op",
		.handler = cmd_op,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "show, set or restore over-provisioning (namespace, HPA or span)",
		.usage = cmd_op_usage,
	},
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
	{
		.name = "precondition",
		.handler = cmd_precondition,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "purge, fill and write to steady state; report each round",
		.usage = cmd_precondition_usage,
	},
	{
		.name = "sweep",
		.handler = cmd_sweep,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "steady-state IOPS, latency and WA per OP level; find the knee and recommend an OP",
		.usage = cmd_sweep_usage,
	},
	{
		.name = "slc",
		.handler = cmd_slc,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "probe the SLC write cache: size, speed before and after the cliff, recovery",
		.usage = cmd_slc_usage,
	},
	{
		.name = "qualify",
		.handler = cmd_qualify,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "profile drives for a pool at once and check its requirements: a verdict per drive",
		.usage = cmd_qualify_usage,
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
		.summary = "turn a result.json into an HTML report with charts, CSV files and PNGs",
		.usage = cmd_report_usage,
	},
	{
		.name = "compare",
		.handler = cmd_compare,
		.summary = "put several drives' results side by side: a table, and charts with -o",
		.usage = cmd_compare_usage,
	},
	{
		.name = "pts",
		.handler = cmd_pts,
		.flags = CMD_NEEDS_TARGET | CMD_DESTRUCTIVE,
		.summary = "SNIA PTS tests: the IOPS matrix, latency and throughput to steady state",
		.usage = cmd_pts_usage,
	},
};

const char cli_usage_about[] = "SSD preconditioning and over-provisioning profiler.\n";

const char cli_usage_notes[] =
	"TARGET is a simulated drive, sim:PRESET[,key=value...] (e.g. sim:budget-tlc),\n"
	"a block device (/dev/nvme0n1, /dev/sdb) or a regular file.  Several TARGETs\n"
	"to sweep, precondition or slc (without --raid) are drives profiled at once,\n"
	"each into DIR/drive-N; the exit code is the worst drive's.\n"
	"Sizes take k/M/G/T (1024) or kB/MB/GB/TB (1000); durations ms/s/m/h.\n"
	"Exit codes: 0 done, 1 run failed, 2 bad usage, 3 refused for safety,\n"
	"130 interrupted.\n";

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
