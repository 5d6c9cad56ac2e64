/* SPDX-License-Identifier: MIT */
/* Strings the results record: the command line as typed, and UTC time stamps. */
#ifndef SSDPROF_TEXT_H
#define SSDPROF_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * prog and argv[0..argc) joined by spaces, each argument shell-quoted where
 * it needs it ('a b' stays one argument, ' becomes '\''), so the recorded
 * command can be pasted back into a shell.  Malloc'd; NULL when out of memory.
 */
char *shell_join(const char *prog, int argc, char *const *argv);

/*
 * What every table, summary and CSV shows for a figure that was not
 * measured (null in the JSON), and for a name the drive does not report:
 * one word everywhere, so a reader learns it once and a script matches it.
 */
#define TEXT_NOT_MEASURED "n/a"

/* v with that many decimals, or TEXT_NOT_MEASURED when not finite. */
const char *text_num(char *buf, size_t len, int decimals, double v);

/* s, or TEXT_NOT_MEASURED when NULL. */
static inline const char *text_or_na(const char *s)
{
	return s ? s : TEXT_NOT_MEASURED;
}

/* The current UTC time, ISO-8601 (2026-11-30T01:15:00Z) or as a directory name (20261130-011500). */
void utc_stamp(char *buf, size_t len, bool iso);

#endif
