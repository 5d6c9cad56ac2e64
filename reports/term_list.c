/* SPDX-License-Identifier: MIT */
/* The drives of this machine as `list` prints them (reports/term_list.h). */
#include <stdio.h>

#include <json-c/json.h>

#include "reports/term_list.h"
#include "util/text.h"

static const char *s(struct json_object *o, const char *k)
{
	struct json_object *v;

	return json_object_object_get_ex(o, k, &v) && v ? json_object_get_string(v) : TEXT_NOT_MEASURED;
}

/* The skipped disks after the table, one line each, and what their paths still do. */
static void print_skipped(FILE *f, struct json_object *arr)
{
	struct json_object *v, *first = NULL;
	size_t n = 0;

	for (size_t i = 0; i < json_object_array_length(arr); i++)
		if (json_object_object_get_ex(json_object_array_get_idx(arr, i), "skipped", NULL) && !n++)
			first = json_object_array_get_idx(arr, i);
	if (!n)
		return;
	fprintf(f, "%zu disk%s skipped (not profiled as NVMe or SATA):\n", n, n == 1 ? "" : "s");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *o = json_object_array_get_idx(arr, i);

		if (json_object_object_get_ex(o, "skipped", &v))
			fprintf(f, "  %s: %s\n", s(o, "path"), json_object_get_string(v));
	}
	fprintf(f, "A skipped disk's path still works as a plain block device\n"
		"(TRIM purge, span OP), e.g. ssdprof info %s\n", s(first, "path"));
}

void term_list(FILE *f, struct json_object *arr)
{
	if (!json_object_array_length(arr) ||
	    json_object_object_get_ex(json_object_array_get_idx(arr, 0), "skipped", NULL)) {
		fprintf(f, "no NVMe namespaces or SATA disks found\n");
		print_skipped(f, arr);
	} else {
		fprintf(f, "%-14s %-5s %-24s %-20s %9s  %-44s %-16s %s\n", "PATH", "KIND", "MODEL", "SERIAL", "GB",
			"PURGE", "OP", "IN USE");
		for (size_t i = 0; i < json_object_array_length(arr); i++) {
			struct json_object *o = json_object_array_get_idx(arr, i), *v;
			double gb = json_object_object_get_ex(o, "capacity_bytes", &v) ? (double)json_object_get_uint64(v) / 1e9
				    : 0;

			if (json_object_object_get_ex(o, "skipped", NULL))
				continue;
			if (json_object_object_get_ex(o, "error", &v)) {
				fprintf(f, "%-14s %-5s error: %s\n", s(o, "path"), s(o, "kind"), s(o, "error"));
				continue;
			}
			fprintf(f, "%-14s %-5s %-24s %-20s %9.1f  %-44s %-16s %s\n", s(o, "path"), s(o, "kind"),
				s(o, "model"), s(o, "serial"), gb, s(o, "purge_methods"), s(o, "op_methods"),
				json_object_object_get_ex(o, "in_use", &v) && v ? json_object_get_string(v) : "no");
		}
		print_skipped(f, arr);
	}
}
