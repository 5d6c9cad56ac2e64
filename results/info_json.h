/* SPDX-License-Identifier: MIT */
/*
 * What `info` describes of a target: "target" (identity, capacity, the
 * drive's capabilities, whether a write command could write to it),
 * "model" (the backend's describe hook: geometry, timings, block sizes...)
 * and, for an md array, "md" (level, chunk, members, as mdadm shows them).
 */
#ifndef SSDPROF_INFO_JSON_H
#define SSDPROF_INFO_JSON_H

#include <stddef.h>

struct json_object;
struct target;

/* t's description; NULL with a one-line reason in err. */
struct json_object *info_json(struct target *t, char *err, size_t errlen);

#endif
