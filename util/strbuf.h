/* SPDX-License-Identifier: MIT */
/*
 * The growable byte buffer: report pages, CSV files, SVG and PNG streams
 * from cairo, a file read whole.  Appends never fail visibly: the first
 * allocation failure sets err to -ENOMEM and later appends do nothing, so a
 * writer appends freely and checks once at the end.
 */
#ifndef SSDPROF_STRBUF_H
#define SSDPROF_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *p;          /* NUL-terminated once anything was added; NULL before */
	size_t len, cap;
	int err;          /* 0, or -ENOMEM after an append failed */
};

void sb_addn(struct strbuf *b, const void *s, size_t n);
void sb_add(struct strbuf *b, const char *s);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/*
 * Hand the text over: *out (malloc'd, NUL-terminated, "" when nothing was
 * added) and its length, and b is empty again.  -ENOMEM, with b freed and
 * *out NULL, when an append failed.
 */
int sb_take(struct strbuf *b, char **out, size_t *len);
void sb_free(struct strbuf *b);

#endif
