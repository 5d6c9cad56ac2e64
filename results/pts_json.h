/* SPDX-License-Identifier: MIT */
/* The document of a `pts` test (kind "pts"; DESIGN.md 4, docs/pts.md). */
#ifndef SSDPROF_PTS_JSON_H
#define SSDPROF_PTS_JSON_H

#include <stddef.h>
#include <stdint.h>

/* The most a saved stage's "seconds" may say (31 years): the loader's limit, and a resume's sum stays exact. */
#define PTS_STAGE_SECONDS_MAX 1e9

struct json_object;
struct pts_result;
struct pts_settings;

/* The document's "settings" of s. */
struct json_object *pts_settings_json(const struct pts_settings *s);
/*
 * The "pts" body: the test, each stage's fill, steady state, cells over
 * the window and every round; the stage not finished apart as
 * incomplete_stage (docs/pts.md).  A resumed test (r->first_stage > 0)
 * takes its first stages from kept, the saved document's "stages".
 */
struct json_object *pts_json(const struct pts_result *r, struct json_object *kept);
/* The target time of the first n of a saved document's stages (their "seconds"), whole microseconds. */
uint64_t pts_json_stages_us(struct json_object *stages, size_t n);
/*
 * Whether the saved settings of a test (its document's "settings") are
 * those s gives, key by key, numbers as the document spells them: 0, or
 * -EINVAL with err naming the first key that differs and both values.
 */
int pts_settings_check(struct json_object *saved, const struct pts_settings *s, char *err, size_t errlen);

#endif
