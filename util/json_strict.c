// SPDX-License-Identifier: MIT
/*
 * Strict JSON (util/json_strict.h): json-c parses in its strict mode, then
 * one pass over the text it accepted finds what json-c lets by: a key given
 * twice in one object (json-c keeps the last) and \u0000 in a string (a key
 * is then cut at it: "steady\u0000x" read as "steady").
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "util/json_strict.h"

struct key {
	const char *p;                /* the key's bytes: in the text, or own */
	size_t n, at;                 /* length; where it starts in the text */
	char *own;                    /* decoded copy of a key with escapes */
};

struct level {
	struct key *k;
	size_t n, cap;
	bool obj, want_key;
};

struct scan {
	const char *text;
	struct level *lv;
	size_t depth, nlv;
	char *err;
	size_t errlen;
};

static int key_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c = x->n == y->n ? memcmp(x->p, y->p, x->n) : (x->n < y->n ? -1 : 1);

	return c ? c : (x->at < y->at ? -1 : 1);
}

static void level_clear(struct level *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->k[i].own);
	l->n = 0;
}

/* The string of text[at..end] (quotes included) decoded by json-c into *s, *n: 0, -ENOMEM. */
static int decode(struct scan *s, size_t at, size_t end, struct json_object **v)
{
	struct json_tokener *tok = json_tokener_new();

	if (!tok) {
		snprintf(s->err, s->errlen, "out of memory");
		return -ENOMEM;
	}
	*v = json_tokener_parse_ex(tok, s->text + at, (int)(end - at));
	json_tokener_free(tok);
	if (!*v) {
		/* json-c took it once already: only memory can fail here. */
		snprintf(s->err, s->errlen, "out of memory");
		return -ENOMEM;
	}
	return 0;
}

/* The string from text[at] (its opening quote) to its closing quote at *end; a key is added to l. */
static int string(struct scan *s, size_t at, size_t *end, struct level *l)
{
	const char *t = s->text;
	struct json_object *v = NULL;
	bool escaped = false;
	size_t i = at + 1;
	struct key k;
	int ret;

	for (; t[i] != '"'; i++) {
		if (t[i] == '\\') {
			escaped = true;
			i++;
		}
	}
	*end = i;
	k = (struct key){ t + at + 1, i - at - 1, at, NULL };
	if (escaped) {
		if ((ret = decode(s, at, i + 1, &v)))
			return ret;
		k.n = (size_t)json_object_get_string_len(v);
		if (memchr(json_object_get_string(v), '\0', k.n)) {
			snprintf(s->err, s->errlen, "a string holds a NUL byte (\\u0000) at byte %zu; a NUL cuts "
				 "a key or a value short", at);
			json_object_put(v);
			return -EBADMSG;
		}
	}
	if (!l || !l->want_key) {
		json_object_put(v);
		return 0;
	}
	l->want_key = false;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		struct key *grown = realloc(l->k, cap * sizeof(*grown));

		if (!grown) {
			json_object_put(v);
			snprintf(s->err, s->errlen, "out of memory");
			return -ENOMEM;
		}
		l->k = grown;
		l->cap = cap;
	}
	if (v) {
		k.own = malloc(k.n + 1);
		if (k.own)
			memcpy(k.own, json_object_get_string(v), k.n + 1);
		json_object_put(v);
		if (!k.own) {
			snprintf(s->err, s->errlen, "out of memory");
			return -ENOMEM;
		}
		k.p = k.own;
	}
	l->k[l->n++] = k;
	return 0;
}

/* The object of l closes: a key twice in it is refused, naming the second. */
static int close_object(struct scan *s, struct level *l)
{
	ESCAPE_BUF(q);

	if (l->n < 2) {
		level_clear(l);
		return 0;
	}
	qsort(l->k, l->n, sizeof(*l->k), key_cmp);
	for (size_t i = 1; i < l->n; i++) {
		if (l->k[i].n == l->k[i - 1].n && !memcmp(l->k[i].p, l->k[i - 1].p, l->k[i].n)) {
			snprintf(s->err, s->errlen, "the key \"%s\" appears twice (bytes %zu and %zu); "
				 "give each key once", escape_bytes(q, sizeof(q), l->k[i].p, l->k[i].n),
				 l->k[i - 1].at, l->k[i].at);
			return -EBADMSG;
		}
	}
	level_clear(l);
	return 0;
}

/* One pass over text[0..len), which json-c accepted: duplicate keys, NULs in strings. */
static int scan(struct scan *s, size_t len)
{
	struct level *l = NULL;
	size_t end;
	int ret = 0;

	for (size_t i = 0; i < len && !ret; i++) {
		switch (s->text[i]) {
		case '"':
			ret = string(s, i, &end, l);
			i = end;
			break;
		case '\'':
			/* json-c 0.16 takes 'text' even in strict mode. */
			snprintf(s->err, s->errlen, "a single quote at byte %zu; JSON strings take double quotes", i);
			return -EINVAL;
		case '{':
		case '[':
			if (s->depth == s->nlv) {
				/* json-c kept to the depth: more cannot happen. */
				snprintf(s->err, s->errlen, "nested too deep at byte %zu", i);
				return -EINVAL;
			}
			l = &s->lv[s->depth++];
			l->n = 0;
			l->obj = s->text[i] == '{';
			l->want_key = l->obj;
			break;
		case '}':
		case ']':
			if (l && l->obj)
				ret = close_object(s, l);
			s->depth--;
			l = s->depth ? &s->lv[s->depth - 1] : NULL;
			break;
		case ',':
			if (l)
				l->want_key = l->obj;
			break;
		default:
			break;
		}
	}
	return ret;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int json_parse_strict(const char *text, size_t len, int depth, struct json_object **out, char *err,
		      size_t errlen)
{
	struct scan s = { .text = text, .err = err, .errlen = errlen };
	struct json_tokener *tok;
	enum json_tokener_error e;
	struct json_object *d;
	const char *nul;
	size_t end;
	int ret = 0;

	*out = NULL;
	if (!len || !text) {
		snprintf(err, errlen, "the text is empty");
		return -EINVAL;
	}
	if (len > INT32_MAX) {
		snprintf(err, errlen, "larger than %d bytes", INT32_MAX);
		return -EINVAL;
	}
	/* json-c would stop at a raw NUL as at the end of the text. */
	if ((nul = memchr(text, '\0', len))) {
		snprintf(err, errlen, "a NUL byte at byte %zu; JSON is text", (size_t)(nul - text));
		return -EBADMSG;
	}
	tok = json_tokener_new_ex(depth);
	if (!tok) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	d = json_tokener_parse_ex(tok, text, (int)len);
	/* A bare number or literal may go on: the end of the text ends it. */
	if (!d && json_tokener_get_error(tok) == json_tokener_continue && json_tokener_get_parse_end(tok) == len) {
		d = json_tokener_parse_ex(tok, "", 1);
		e = json_tokener_get_error(tok);
		end = len;
	} else {
		e = json_tokener_get_error(tok);
		end = json_tokener_get_parse_end(tok);
	}
	json_tokener_free(tok);
	if (e != json_tokener_success) {
		snprintf(err, errlen, "%s at byte %zu",
			 e == json_tokener_continue ? "the text ends early" : json_tokener_error_desc(e),
			 end);
		json_object_put(d);
		return -EINVAL;
	}
	while (end < len && blank(text[end]))
		end++;
	if (end < len) {
		snprintf(err, errlen, "something follows the JSON document at byte %zu; the file holds one document",
			 end);
		json_object_put(d);
		return -EINVAL;
	}
	s.nlv = (size_t)depth + 1;
	s.lv = calloc(s.nlv, sizeof(*s.lv));
	if (!s.lv) {
		json_object_put(d);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	ret = scan(&s, len);
	for (size_t i = 0; i < s.nlv; i++) {
		level_clear(&s.lv[i]);
		free(s.lv[i].k);
	}
	free(s.lv);
	if (ret) {
		json_object_put(d);
		return ret;
	}
	*out = d;
	return 0;
}
