// SPDX-License-Identifier: MIT
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"

static size_t escaped_len(unsigned char c)
{
	return c >= 0x20 && c < 0x7f ? 1 : 4;
}

const char *escape_bytes(char *buf, size_t buflen, const char *s, size_t len)
{
	size_t o = 0, total = 0, room;

	if (!buf || buflen < 4)
		return "";
	for (size_t i = 0; i < len; i++)
		total += escaped_len((unsigned char)s[i]);
	/* All of it when it fits, else a prefix with room for "..." after it. */
	room = total < buflen ? total : buflen - 4;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (o + escaped_len(c) > room)
			break;
		if (escaped_len(c) == 1)
			buf[o] = (char)c;
		else
			snprintf(buf + o, 5, "\\x%02x", c);
		o += escaped_len(c);
	}
	if (total < buflen)
		buf[o] = '\0';
	else
		memcpy(buf + o, "...", 4);
	return buf;
}

const char *escape_arg(char *buf, size_t buflen, const char *s)
{
	if (!s)
		s = "(null)";
	return escape_bytes(buf, buflen, s, strlen(s));
}

const char *escape_json(char *buf, size_t len, struct json_object *v)
{
	ESCAPE_BUF(q);
	double d;

	switch (json_object_get_type(v)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return json_object_get_boolean(v) ? "true" : "false";
	case json_type_int:
		snprintf(buf, len, "%" PRId64, json_object_get_int64(v));
		return buf;
	case json_type_double:
		d = json_object_get_double(v);
		if (isnan(d))
			return "NaN";
		if (isinf(d))
			return d > 0 ? "Infinity" : "-Infinity";
		snprintf(buf, len, "%g", d);
		return buf;
	case json_type_string:
		snprintf(buf, len, "\"%s\"",
			 escape_bytes(q, sizeof(q), json_object_get_string(v), (size_t)json_object_get_string_len(v)));
		return buf;
	case json_type_object:
		return "an object";
	case json_type_array:
		return "an array";
	}
	return "something else";
}

size_t escape_ctl_at(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	if (!u[0])
		return 0;
	if (u[0] < 0x20 || u[0] == 0x7f)
		return 1;
	return u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f ? 2 : 0;
}

void escape_ctl_fputs(const char *s, FILE *f)
{
	while (s && *s) {
		size_t n = escape_ctl_at(s), plain = 0;

		for (size_t i = 0; i < n; i++)
			fprintf(f, "\\x%02x", (unsigned char)s[i]);
		s += n;
		/* The run up to the next control character, as is. */
		while (s[plain] && !escape_ctl_at(s + plain))
			plain++;
		fwrite(s, 1, plain, f);
		s += plain;
	}
}
