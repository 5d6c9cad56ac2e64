/* SPDX-License-Identifier: MIT */
/*
 * One parser's rules for every JSON file ssdprof reads (result documents for
 * report, compare and resume; requirements files): json-c's strict mode
 * (no single quotes, no comments, no trailing commas, no bare words), one
 * document and nothing after it but blanks, no NUL byte (raw, or \u0000 in a
 * string, where json-c would cut a key short), and no key twice in one
 * object (json-c keeps the last without a word).
 */
#ifndef SSDPROF_JSON_STRICT_H
#define SSDPROF_JSON_STRICT_H

#include <stddef.h>

struct json_object;

/*
 * Parse len bytes of text, nested at most depth deep.  0 with *out the value
 * (NULL for a document of JSON null); else the problem in err, one line
 * without the file's name: -EINVAL when the text is not JSON ("unexpected
 * character at byte 1", "a single quote at byte 1; ..."), -EBADMSG when it
 * is JSON that these rules refuse ("the key \"steady\" appears twice (bytes
 * 1 and 17); give each key once", a NUL), -ENOMEM.
 */
int json_parse_strict(const char *text, size_t len, int depth, struct json_object **out, char *err,
		      size_t errlen);

#endif
