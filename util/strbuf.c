/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

/* Room for n more bytes and the NUL; false (err set) when there is none. */
static bool grow(struct strbuf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 4096;
	char *p;

	if (b->err)
		return false;
	if (b->len + n + 1 <= b->cap)
		return true;
	while (b->len + n + 1 > cap)
		cap *= 2;
	p = realloc(b->p, cap);
	if (!p) {
		b->err = -ENOMEM;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

void sb_addn(struct strbuf *b, const void *s, size_t n)
{
	if (!grow(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void sb_add(struct strbuf *b, const char *s)
{
	sb_addn(b, s, strlen(s));
}

void sb_vprintf(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, again);
	va_end(again);
	if (n < 0) {
		b->err = b->err ? b->err : -ENOMEM;
		return;
	}
	if (!grow(b, (size_t)n))
		return;
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

int sb_take(struct strbuf *b, char **out, size_t *len)
{
	*out = NULL;
	if (!b->err && !b->p)
		sb_addn(b, "", 0);
	if (b->err) {
		int err = b->err;

		sb_free(b);
		return err;
	}
	*out = b->p;
	if (len)
		*len = b->len;
	*b = (struct strbuf){ 0 };
	return 0;
}

void sb_free(struct strbuf *b)
{
	free(b->p);
	*b = (struct strbuf){ 0 };
}
