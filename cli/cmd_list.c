/* SPDX-License-Identifier: MIT */
/*
 * ssdprof list [--json]: every NVMe namespace and SATA disk on this machine.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "util/escape.h"
#include "cli/options.h"
#include "reports/term_list.h"
#include "results/list_json.h"

const char cmd_list_usage[] =
	"usage: ssdprof list [--json]\n"
	"\n"
	"List the NVMe namespaces and SATA disks: model, serial (what --yes wants),\n"
	"capacity, the purge and OP methods each supports, and whether it is in use\n"
	"(mounted, held by md/dm/LVM, swap, root), which refuses destructive commands.\n"
	"Other disks (virtio, SCSI/SAS, USB, MMC) are named after them with why they\n"
	"are skipped; --json lists them with \"kind\": null and \"skipped\": why.\n"
	"Sends only identify and log-page reads, and opens every drive read-only.\n";

int cmd_list(int argc, char **argv)
{
	struct json_object *arr;
	struct cli_opts opts;
	bool json;
	int c, rc;

	if ((rc = cli_opts_init(&opts, argc, argv, CLI_O(CLI_OPT_JSON), NULL)))
		return rc;
	while (!(rc = cli_opts_next(&opts, &c)) && c != -1)
		;
	json = opts.json;
	cli_opts_release(&opts);
	if (rc)
		return rc;
	if (optind < argc) {
		ESCAPE_BUF(q);

		cli_error("list: unexpected argument '%s'", escape_arg(q, sizeof(q), argv[optind]));
		return EXIT_USAGE;
	}
	if (!(arr = list_json())) {
		cli_error("list: out of memory");
		return EXIT_RUN_FAILED;
	}
	if (json) {
		printf("%s\n", json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	} else {
		term_list(stdout, arr);
	}
	json_object_put(arr);
	return EXIT_OK;
}
