/* SPDX-License-Identifier: MIT */
/*
 * Man pages in roff from the usage texts --help prints (cli/manual.c says
 * what each page holds): text escaped for roff, a page's head, and a usage
 * text as its SYNOPSIS, DESCRIPTION, OPTIONS, NOTES and EXAMPLES sections.
 */
#ifndef SSDPROF_MAN_ROFF_H
#define SSDPROF_MAN_ROFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The longest line of a usage text read whole. */
#define ROFF_MAX_LINE 512

/* n bytes of s for roff: backslashes and hyphens escaped, options in bold when bold_opts. */
void roff_put(FILE *f, const char *s, size_t n, bool bold_opts);
/* One source line (a leading dot or quote would be a request). */
void roff_line(FILE *f, const char *s, bool bold_opts);
/* The next line of *p into buf (without its newline); false at the end. */
bool roff_next_line(const char **p, char *buf, size_t len);
/* .TH and NAME: the page's name and its one-line summary. */
void roff_page_head(FILE *f, const char *name, const char *summary);
/*
 * The usage text as SYNOPSIS, DESCRIPTION, OPTIONS and NOTES; then more
 * (may be NULL: the page's own sections, given the usage); then EXAMPLES.
 */
void roff_usage(FILE *f, const char *usage, void (*more)(FILE *f, const char *usage));

#endif
