/* SPDX-License-Identifier: MIT */
/*
 * ssdprof info TARGET [--json]
 *
 * Both renderings walk one json-c tree (results/info_json.h), so the text
 * (reports/term_tree.h) and the JSON can never disagree on a number.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "util/escape.h"
#include "cli/options.h"
#include "reports/term_tree.h"
#include "results/info_json.h"
#include "results/result_json.h"
#include "device/target.h"
#include "open/open.h"
#include "util/text.h"

const char cmd_info_usage[] =
	"usage: ssdprof info TARGET [--json]\n"
	"\n"
	"Describe TARGET: identity, capacity, capabilities and, for a simulated\n"
	"drive, its model (geometry, factory OP, SLC cache, timings); for a block\n"
	"device its kernel name, block sizes, discard support and whether it is\n"
	"in use (mounted, held, swap), which would refuse destructive commands.\n"
	"Reads nothing from the device's data and writes nothing: the device is\n"
	"opened read-only.  The capabilities are the drive's; \"writable\" says\n"
	"whether a write command could write to it (permissions, read-only flag).\n"
	"\n"
	"  --json    print the description as JSON on stdout\n"
	"\n"
	"TARGET is sim:PRESET[,key=value...] (presets: budget-tlc, budget-qlc,\n"
	"dc-tlc, sata-tlc), a regular file or a block device.  Simulator keys:\n"
	TARGET_SIM_KEYS_HELP
	"Examples: ssdprof info sim:dc-tlc,capacity=64G\n"
	"          ssdprof info /dev/nvme1n1\n";

int cmd_info(int argc, char **argv)
{
	char err[TARGET_ERRLEN];
	struct target *t = NULL;
	struct json_object *doc = NULL;
	struct cli_opts o;
	bool json;
	int c, ret;

	if ((ret = cli_opts_init(&o, argc, argv, CLI_O(CLI_OPT_JSON), NULL)))
		return ret;
	while (!(ret = cli_opts_next(&o, &c)) && c != -1)
		;
	json = o.json;
	cli_opts_release(&o);
	if (ret)
		return ret;
	if (optind >= argc) {
		cli_error("info: missing TARGET; try ssdprof info sim:budget-tlc");
		return EXIT_USAGE;
	}
	if (argc - optind > 1) {
		ESCAPE_BUF(q);

		cli_error("info: unexpected argument '%s'; info takes one TARGET",
			  escape_arg(q, sizeof(q), argv[optind + 1]));
		return EXIT_USAGE;
	}

	/* info only reads: a write open's close would have udev re-scan the device. */
	if (target_open_flags(argv[optind], TARGET_OPEN_READONLY, &t, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	doc = info_json(t, err, sizeof(err));
	if (!doc) {
		cli_error("%s", err);
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	if (json)
		printf("%s\n", result_json_text(doc));
	else
		term_tree(stdout, doc);
	ret = EXIT_OK;
out:
	json_object_put(doc);
	target_close(t);
	return ret;
}
