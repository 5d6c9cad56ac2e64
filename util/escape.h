/* SPDX-License-Identifier: MIT */
/*
 * Echoing user input in a message: whatever a user typed (or a file held)
 * goes between quotes with control and non-ASCII bytes written as \xNN, so
 * an error stays one printable line and no terminal escape reaches the
 * terminal.
 */
#ifndef SSDPROF_ESCAPE_H
#define SSDPROF_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

struct json_object;

/* Room for ESCAPE_MAX_INPUT input bytes escaped, plus "..." and the NUL. */
#define ESCAPE_MAX_INPUT 48
#define ESCAPE_BUF_SIZE (ESCAPE_MAX_INPUT * 4 + 4)
#define ESCAPE_BUF(name) char name[ESCAPE_BUF_SIZE]

/*
 * s[0..len) into buf: printable ASCII as is, every other byte as \xNN.  When
 * the escaped text does not fit, as much as fits followed by "...".  buflen
 * must be at least 4.  Returns buf.
 */
const char *escape_bytes(char *buf, size_t buflen, const char *s, size_t len);

/* The same for a string; NULL gives "(null)".  Usage: cli_error("'%s'", escape_arg(q, sizeof(q), arg)). */
const char *escape_arg(char *buf, size_t buflen, const char *s);

/*
 * A JSON value as a message shows what was found: null, true, 12,
 * -Infinity, "text" (escaped as escape_bytes does), an object, an array.
 * Returns buf, or a constant string.
 */
const char *escape_json(char *buf, size_t len, struct json_object *v);

/*
 * Text a document held, shown on a terminal or a page: the bytes of the
 * control character at s (C0, DEL, or C1 written as UTF-8: U+0080 to
 * U+009F), 0 when s starts with none.  Such bytes are shown as \xNN.
 */
size_t escape_ctl_at(const char *s);

/* s to f with each control character's bytes as \xNN (UTF-8 text as is). */
void escape_ctl_fputs(const char *s, FILE *f);

#endif
