/* SPDX-License-Identifier: MIT */
/*
 * The document of `ssdprof list`: an array with an entry per NVMe namespace
 * and SATA disk (path, kind, model, serial, capacity_bytes, purge_methods,
 * op_methods, or error; in_use: why a destructive command refuses it, or
 * null), then one per other disk with "kind": null and "skipped": why.
 */
#ifndef SSDPROF_LIST_JSON_H
#define SSDPROF_LIST_JSON_H

struct json_object;

/* Every drive, each opened read-only (listing only reads); NULL only when out of memory. */
struct json_object *list_json(void);

#endif
