/* SPDX-License-Identifier: MIT */
/* The document of `ssdprof list` (list_json.h). */
#include <stdio.h>

#include <json-c/json.h>

#include "device/disk_skip.h"
#include "device/safety.h"
#include "device/target.h"
#include "open/open.h"
#include "results/list_json.h"

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
		target_method_names(t, purge, sizeof(purge), op, sizeof(op));
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

struct json_object *list_json(void)
{
	struct json_object *arr = json_object_new_array();

	if (!arr)
		return NULL;
	target_list_drives(add_drive, arr);
	disk_list_skipped("/sys/class/block", target_node_listed, add_skipped, arr);
	return arr;
}
