/* SPDX-License-Identifier: MIT */
/*
 * ssdprof list [--json]: every NVMe namespace and SATA disk on this machine.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "ata_target.h"
#include "commands.h"
#include "nvme_target.h"

const char cmd_list_usage[] =
	"usage: ssdprof list [--json]\n"
	"\n"
	"List the NVMe namespaces and SATA disks: model, serial (what --yes wants),\n"
	"capacity, the purge and OP methods each supports, and whether it is in use\n"
	"(mounted, held by md/dm/LVM, swap, root), which refuses destructive commands.\n"
	"Sends only identify and log-page reads, and opens every drive read-only.\n";

static const char *s(struct json_object *o, const char *k)
{
	struct json_object *v;

	return json_object_object_get_ex(o, k, &v) && v ? json_object_get_string(v) : "-";
}

int cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	struct json_object *arr = json_object_new_array();
	bool json = false;
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		if (c == 'j')
			json = true;
		else
			return cli_getopt_error("list", argv, optind, c, optopt);
	}
	if (optind < argc) {
		cli_error("list: unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	nvme_list(arr);
	ata_list(arr);
	if (json) {
		printf("%s\n", json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE));
	} else if (!json_object_array_length(arr)) {
		printf("no NVMe namespaces or SATA disks found\n");
	} else {
		printf("%-14s %-5s %-24s %-20s %9s  %-44s %-16s %s\n", "PATH", "KIND", "MODEL", "SERIAL", "GB",
		       "PURGE", "OP", "IN USE");
		for (size_t i = 0; i < json_object_array_length(arr); i++) {
			struct json_object *o = json_object_array_get_idx(arr, i), *v;
			double gb = json_object_object_get_ex(o, "capacity_bytes", &v) ? (double)json_object_get_uint64(v) / 1e9
				    : 0;

			if (json_object_object_get_ex(o, "error", &v)) {
				printf("%-14s %-5s error: %s\n", s(o, "path"), s(o, "kind"), s(o, "error"));
				continue;
			}
			printf("%-14s %-5s %-24s %-20s %9.1f  %-44s %-16s %s\n", s(o, "path"), s(o, "kind"), s(o, "model"),
			       s(o, "serial"), gb, s(o, "purge_methods"), s(o, "op_methods"),
			       json_object_object_get_ex(o, "in_use", &v) && v ? json_object_get_string(v) : "no");
		}
	}
	json_object_put(arr);
	return EXIT_OK;
}
