/* SPDX-License-Identifier: MIT */
/* The document of a `pts` test (kind "pts"; DESIGN.md 4, docs/pts.md). */
#ifndef SSDPROF_PTS_JSON_H
#define SSDPROF_PTS_JSON_H

struct json_object;
struct pts_result;
struct pts_settings;

/* The document's "settings" of s. */
struct json_object *pts_settings_json(const struct pts_settings *s);
/* The "pts" body: the test, each stage's fill, steady state, cells over the window and every round. */
struct json_object *pts_json(const struct pts_result *r);

#endif
