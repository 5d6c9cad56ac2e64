/* SPDX-License-Identifier: MIT */
/* The "slc" object of DESIGN.md 4: cache size, speeds, phases, recovery, samples. */
#ifndef SSDPROF_SLC_JSON_H
#define SSDPROF_SLC_JSON_H

struct json_object;
struct slc_result;

struct json_object *slc_json(const struct slc_result *r);

#endif
