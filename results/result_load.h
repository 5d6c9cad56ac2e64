/* SPDX-License-Identifier: MIT */
/*
 * Reading a result document back, checked (DESIGN.md 4): report, compare
 * and resume get a document in which every field they read has its type
 * (numbers finite, arrays where arrays are, strings where strings are), null
 * only where the schema means "not measured", and settings within the same
 * limits as the command line (util/settings_limits.h).  Anything else is
 * refused with one line naming the field, e.g.
 * "points[3].steady_state.iops: expected a number, got \"x\"".
 */
#ifndef SSDPROF_RESULT_LOAD_H
#define SSDPROF_RESULT_LOAD_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

#include "results/result_kinds.h"   /* enum result_kind, result_kind_name */

/* The most drives a batch document lists (cli/batch.h: BATCH_MAX_DRIVES). */
#define BATCH_DOC_MAX_DRIVES 64

/* Larger files are refused before they are parsed. */
#define RESULT_LOAD_MAX_BYTES (256ull << 20)
/*
 * So are documents of more values (numbers, strings, arrays, objects):
 * parsed, each takes some 64 bytes, and 256 MiB of "1," was 8 GiB.  The
 * largest result ssdprof writes (a run of a million samples) has some 13
 * million.
 */
#define RESULT_LOAD_MAX_VALUES 20000000ull

/* Whether text is past either limit, refused unparsed: then true with why in err ("larger than ..."). */
bool result_too_large(const char *text, size_t len, char *err, size_t errlen);

/*
 * Read, parse and check the document in path.  On success *doc holds it (the
 * caller puts it) and *kind its kind.  -EINVAL for a document refused (too
 * large, not JSON, something after the JSON, a field wrong), a negative errno
 * when the file cannot be read; err then holds one line, without a newline,
 * that begins with the path.
 */
int result_load(const char *path, struct json_object **doc, enum result_kind *kind, char *err,
		size_t errlen);

/* The same for len bytes of text in memory (no path in the message). */
int result_parse(const char *text, size_t len, struct json_object **doc, enum result_kind *kind,
		 char *err, size_t errlen);

/*
 * Check a parsed document: 0 and *kind (kind may be NULL), or -EINVAL naming
 * the field.  Latency keys of results written before ("p99.9", "p99.99") are
 * renamed in doc to the current spelling first (results/result_json.h
 * LAT_KEY_*), so every reader reads one spelling.
 */
int result_validate(struct json_object *doc, enum result_kind *kind, char *err, size_t errlen);

#endif
