/* SPDX-License-Identifier: MIT */
/*
 * The text of a JSON tree, what `info` prints: "key: value" a line, an
 * object's keys indented two spaces under it (an empty one "none"), an
 * array on one line, null as not measured, numbers exactly as the JSON has
 * them, so the text and the JSON cannot disagree on a number.
 */
#ifndef SSDPROF_TERM_TREE_H
#define SSDPROF_TERM_TREE_H

#include <stdio.h>

struct json_object;

void term_tree(FILE *out, struct json_object *doc);

#endif
