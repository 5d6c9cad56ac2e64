// SPDX-License-Identifier: MIT
/*
 * A result document from text or a file: one JSON document and nothing
 * after it, within the size cap, parsed by util/json_strict.h's rules, then
 * result_validate (result_load.c).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "results/result_load.h"
#include "util/escape.h"
#include "util/json_strict.h"
#include "util/input_file.h"

/* The values text holds, about: a comma or an opening bracket outside a string starts one. */
static uint64_t count_values(const char *text, size_t len)
{
	uint64_t n = 1;
	bool in_string = false;

	for (size_t i = 0; i < len; i++) {
		char c = text[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == ',' || c == '[' || c == '{') {
			n++;
		}
	}
	return n;
}

bool result_too_large(const char *text, size_t len, char *err, size_t errlen)
{
	if (len > RESULT_LOAD_MAX_BYTES || len > INT32_MAX)
		snprintf(err, errlen, "larger than %llu MiB; not a result of ssdprof",
			 (unsigned long long)(RESULT_LOAD_MAX_BYTES >> 20));
	else if (count_values(text, len) > RESULT_LOAD_MAX_VALUES)
		snprintf(err, errlen, "more than %llu values; not a result of ssdprof",
			 (unsigned long long)RESULT_LOAD_MAX_VALUES);
	else
		return false;
	return true;
}

int result_parse(const char *text, size_t len, struct json_object **doc, enum result_kind *kind,
		 char *err, size_t errlen)
{
	struct json_object *d;
	char why[384];
	int ret;

	*doc = NULL;
	if (result_too_large(text, len, err, errlen))
		return -EINVAL;
	/* One parser's rules for every JSON file read (util/json_strict.h). */
	ret = json_parse_strict(text, len, JSON_TOKENER_DEFAULT_DEPTH, &d, why, sizeof(why));
	if (ret == -ENOMEM) {
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	if (ret) {
		snprintf(err, errlen, ret == -EBADMSG ? "%s" : "not JSON: %s", why);
		return -EINVAL;
	}
	ret = result_validate(d, kind, err, errlen);
	if (ret) {
		json_object_put(d);
		return ret;
	}
	*doc = d;
	return 0;
}

/* The whole file, refused past RESULT_LOAD_MAX_BYTES without reading on. */
static int read_all(FILE *f, char **text, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap), *grown;

	if (!buf)
		return -ENOMEM;
	for (;;) {
		size_t got;

		errno = 0;
		got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n > RESULT_LOAD_MAX_BYTES) {
			free(buf);
			return -EFBIG;
		}
		if (n < cap) {
			if (ferror(f)) {
				/* errno says why: EISDIR for a folder named result.json */
				int ret = errno ? -errno : -EIO;

				free(buf);
				return ret;
			}
			break;
		}
		cap *= 2;
		grown = realloc(buf, cap);
		if (!grown) {
			free(buf);
			return -ENOMEM;
		}
		buf = grown;
	}
	*text = buf;
	*len = n;
	return 0;
}

int result_load(const char *path, struct json_object **doc, enum result_kind *kind, char *err,
		size_t errlen)
{
	char msg[512], *text = NULL;
	struct stat st;
	size_t len = 0;
	ESCAPE_BUF(q);
	FILE *f;
	int ret;

	*doc = NULL;
	escape_arg(q, sizeof(q), path);
	/* Regular files only: a FIFO without a writer would block the command for ever. */
	if ((ret = input_file_open(path, &f, msg, sizeof(msg))) < 0) {
		snprintf(err, errlen, "%s: %s", q, msg);
		return ret;
	}
	/* A regular file says its size: refuse a huge one before reading any of it. */
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && (uint64_t)st.st_size > RESULT_LOAD_MAX_BYTES)
		ret = -EFBIG;
	else
		ret = read_all(f, &text, &len);
	fclose(f);
	if (ret == -EFBIG) {
		snprintf(err, errlen, "%s: larger than %llu MiB; not a result of ssdprof", q,
			 (unsigned long long)(RESULT_LOAD_MAX_BYTES >> 20));
		return -EINVAL;
	}
	if (ret) {
		snprintf(err, errlen, "%s: %s", q, strerror(-ret));
		return ret;
	}
	ret = result_parse(text, len, doc, kind, msg, sizeof(msg));
	free(text);
	if (ret)
		snprintf(err, errlen, "%s: %s", q, msg);
	return ret;
}
