// SPDX-License-Identifier: MIT
/*
 * The subcommand table.  A new command is one line here plus its file; the
 * flags let main() apply the shared checks in one place.
 */
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/fio_names.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/text.h"

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

const struct command *command_list(size_t *count)
{
	*count = sizeof(commands) / sizeof(commands[0]);
	return commands;
}

void cli_one_line(char *out, size_t len, const char *in)
{
	size_t n = 0;

	for (; *in && n + 5 < len; in++) {
		unsigned char c = (unsigned char)*in;

		if ((c < 0x20 && c != '\t') || c == 0x7f)
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", c);
		else
			out[n++] = (char)c;
	}
	if (len)
		out[n < len ? n : len - 1] = '\0';
}

void cli_results_line(const char *dir)
{
	char shown[PATH_MAX * 4];

	cli_one_line(shown, sizeof(shown), dir);
	fprintf(stderr, "results: %s/result.json\n", shown);
}

void cli_error(const char *fmt, ...)
{
	char line[4096], shown[4096];
	va_list ap;

	/* One write: lines of drives profiled at once (cli/batch.h) never mix. */
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	cli_one_line(shown, sizeof(shown), line);
	fprintf(stderr, "ssdprof: %s\n", shown);
}

int cli_getopt_error(const char *cmd, char **argv, int optind_now, int c, int opt)
{
	const char *arg = argv[optind_now - 1];
	char ch = (char)opt;
	ESCAPE_BUF(q);

	if (c == ':')
		cli_error("%s: option '%s' needs a value; see ssdprof %s --help", cmd, escape_arg(q, sizeof(q), arg),
			  cmd);
	/* getopt sets optopt to 0 for an unknown long option, else to the option's value. */
	else if (strncmp(arg, "--", 2) != 0)
		cli_error("%s: unknown option '-%s'; see ssdprof %s --help", cmd, escape_bytes(q, sizeof(q), &ch, 1), cmd);
	else if (opt)
		cli_error("%s: option '%s' takes no value; see ssdprof %s --help", cmd,
			  escape_bytes(q, sizeof(q), arg, strcspn(arg, "=")), cmd);
	else if (!fio_hint(cmd, argv, optind_now))
		cli_error("%s: unknown option '%s'; see ssdprof %s --help", cmd, escape_arg(q, sizeof(q), arg), cmd);
	return EXIT_USAGE;
}

/* Bytes the probe writes: a result of a long sweep is about this size. */
#define PROBE_BYTES (64 * 1024)

/*
 * Write and remove a file in dir the way results are written, so a folder
 * that is read-only, full or gone is found before anything touches a
 * drive, not after hours of measuring.
 */
static int probe_dir(const char *dir, char *err, size_t errlen)
{
	char name[64], why[512], q[1024], *path = NULL, *data = malloc(PROBE_BYTES);
	int ret;

	if (!data) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	memset(data, '\n', PROBE_BYTES);
	snprintf(name, sizeof(name), ".ssdprof-probe-%ld", (long)getpid());
	ret = result_write_file(dir, name, data, PROBE_BYTES, why, sizeof(why));
	free(data);
	if (ret) {
		snprintf(err, errlen, "cannot write results into '%s': %s; nothing was run", escape_arg(q, sizeof(q), dir),
			 strerror(-ret));
		return ret;
	}
	if (asprintf(&path, "%s/%s", dir, name) < 0)
		return -ENOMEM;
	unlink(path);
	free(path);
	return 0;
}

/* A fresh ./ssdprof-results/<UTC timestamp>[-N] into dir.  0 or -errno with err set. */
static int fresh_default_dir(char *dir, size_t len, char *err, size_t errlen)
{
	char stamp[32];
	int ret;

	ret = result_mkdir_p(CLI_DEFAULT_OUT_PARENT, err, errlen);
	if (ret < 0)
		return ret;
	utc_stamp(stamp, sizeof(stamp), false);
	/* Two runs in the same second get -2, -3, ... rather than sharing a directory. */
	for (int i = 1; i < 1000; i++) {
		if (i == 1)
			snprintf(dir, len, CLI_DEFAULT_OUT_PARENT "/%s", stamp);
		else
			snprintf(dir, len, CLI_DEFAULT_OUT_PARENT "/%s-%d", stamp, i);
		if (mkdir(dir, 0755) == 0)
			return 0;
		if (errno != EEXIST) {
			ret = -errno;
			snprintf(err, errlen, "cannot create a directory in '" CLI_DEFAULT_OUT_PARENT "': %s",
				 strerror(errno));
			return ret;
		}
	}
	snprintf(err, errlen, "cannot create a fresh directory under '" CLI_DEFAULT_OUT_PARENT "'; use --out DIR");
	return -EEXIST;
}

int cli_make_out_dir(const char *requested, char *dir, size_t len, char *err, size_t errlen)
{
	int ret;

	if (requested) {
		if ((size_t)snprintf(dir, len, "%s", requested) >= len) {
			snprintf(err, errlen, "the directory name is %zu bytes long; at most %zu fit", strlen(requested),
				 len - 1);
			return -ENAMETOOLONG;
		}
		ret = result_mkdir_p(dir, err, errlen);
	} else {
		ret = fresh_default_dir(dir, len, err, errlen);
	}
	if (ret)
		return ret;
	ret = probe_dir(dir, err, errlen);
	/* A fresh default directory that cannot hold results is not left behind. */
	if (ret && !requested)
		rmdir(dir);
	return ret;
}
