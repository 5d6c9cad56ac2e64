/* SPDX-License-Identifier: MIT */
/* Strings the results record: the command line as typed, and UTC time stamps. */
#ifndef SSDPROF_TEXT_H
#define SSDPROF_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * prog and argv[0..argc) joined by spaces, each argument shell-quoted where
 * it needs it ('a b' stays one argument, ' becomes '\''), so the recorded
 * command can be pasted back into a shell.  Malloc'd; NULL when out of memory.
 */
char *shell_join(const char *prog, int argc, char *const *argv);

/*
 * A name as a message shows it, malloc'd: as is, or with control bytes
 * escaped so the message stays one line.  With quote, as it can be pasted
 * back into a shell too (a folder with a space is quoted); an escaped name
 * no shell takes as typed, but the line stays one.  NULL: out of memory.
 */
char *text_shown_name(const char *name, bool quote);

/*
 * What every table, summary and CSV shows for a figure that was not
 * measured (null in the JSON), and for a name the drive does not report:
 * one word everywhere, so a reader learns it once and a script matches it.
 */
#define TEXT_NOT_MEASURED "n/a"

/* v with that many decimals, or TEXT_NOT_MEASURED when not finite. */
const char *text_num(char *buf, size_t len, int decimals, double v);

/* v right-aligned in width with that many decimals, or TEXT_NOT_MEASURED right-aligned when not finite. */
const char *text_fixed(char *buf, size_t len, int width, int decimals, double v);

/* s, or TEXT_NOT_MEASURED when NULL. */
static inline const char *text_or_na(const char *s)
{
	return s ? s : TEXT_NOT_MEASURED;
}

/*
 * The columns a line printed to fd may take: a terminal's width (its
 * TIOCGWINSZ, else $COLUMNS) when fd is a terminal at least 80 wide, else
 * 80, so a pipe, a file or a narrow terminal gets lines that fit 80.
 */
int text_columns(int fd);

/*
 * text appended to buf at *k (kept NUL-terminated), wrapped at spaces to
 * lines of at most width columns, each ended by a newline: the first line
 * indented by first spaces, the rest by rest.  A word longer than a line
 * is cut.  Columns are characters: a UTF-8 sequence counts once.
 */
void text_wrap(const char *text, int width, int first, int rest, char *buf, size_t len, size_t *k);

/* The same, printed to f; text may hold several lines. */
void text_wrap_print(FILE *f, const char *text, int width, int first, int rest);

/*
 * A usage text to f, its lines wider than width wrapped at words, each
 * continuation hanging under where the line's text starts: an option's
 * description (an indented line's first two spaces), after a leading
 * "Word:", past a list item's "- " or "4. ", else two past the line's
 * indent.
 */
void text_help_print(FILE *f, const char *text, int width);

/* The current UTC time, ISO-8601 (2026-11-30T01:15:00Z) or as a directory name (20261130-011500). */
void utc_stamp(char *buf, size_t len, bool iso);

#endif
