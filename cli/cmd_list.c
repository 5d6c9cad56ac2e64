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
#include "cli/dev_common.h"
#include "device/disk_skip.h"
#include "device/safety.h"
#include "device/target.h"
#include "open/open.h"
#include "reports/term_list.h"

const char cmd_list_usage[] =
	"usage: ssdprof list [--json]\n"
	"\n"
	"List the NVMe namespaces and SATA disks: model, serial (what --yes wants),\n"
	"capacity, the purge and OP methods each supports, and whether it is in use\n"
	"(mounted, held by md/dm/LVM, swap, root), which refuses destructive commands.\n"
	"Other disks (virtio, SCSI/SAS, USB, MMC) are named after them with why they\n"
	"are skipped; --json lists them with \"kind\": null and \"skipped\": why.\n"
	"Sends only identify and log-page reads, and opens every drive read-only.\n";

static void add_str(struct json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v && *v ? json_object_new_string(v) : NULL);
}

/* One drive's entry: identity and methods from a read-only open, or why it failed; whether in use. */
static struct json_object *drive_entry(const char *path, const char *kind)
{
	char err[TARGET_ERRLEN], reason[TARGET_ERRLEN], purge[160], op[64];
	struct json_object *o = json_object_new_object();
	struct target *t = NULL;

	add_str(o, "path", path);
	add_str(o, "kind", kind);
	/* Listing only reads: a write open's close would have udev re-scan every drive. */
	if (target_open_flags(path, TARGET_OPEN_READONLY, &t, err, sizeof(err)) == 0) {
		add_str(o, "model", t->info.model);
		add_str(o, "serial", t->info.serial);
		json_object_object_add(o, "capacity_bytes", json_object_new_uint64(t->info.capacity_bytes));
		dev_methods(t, purge, sizeof(purge), op, sizeof(op));
		add_str(o, "purge_methods", purge);
		add_str(o, "op_methods", op);
		target_close(t);
	} else {
		add_str(o, "error", err);
	}
	if (safety_check_in_use(path, reason, sizeof(reason)) < 0)
		add_str(o, "in_use", reason);
	else
		json_object_object_add(o, "in_use", NULL);
	return o;
}

static void add_drive(const char *path, const char *kind, void *arr)
{
	json_object_array_add(arr, drive_entry(path, kind));
}

/* A disk not profiled as NVMe or SATA: its path, no kind, and why ("skipped"). */
static void add_skipped(const char *node, const char *why, void *arr)
{
	struct json_object *o = json_object_new_object();
	char path[300];

	snprintf(path, sizeof(path), "/dev/%s", node);
	add_str(o, "path", path);
	json_object_object_add(o, "kind", NULL);
	add_str(o, "skipped", why);
	json_object_array_add(arr, o);
}

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
	arr = json_object_new_array();
	target_list_drives(add_drive, arr);
	disk_list_skipped("/sys/class/block", target_node_listed, add_skipped, arr);
	if (json) {
		printf("%s\n", json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	} else {
		term_list(stdout, arr);
	}
	json_object_put(arr);
	return EXIT_OK;
}
