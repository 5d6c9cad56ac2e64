/* SPDX-License-Identifier: MIT */
/*
 * "Did you mean": the command or option of the command table (cli/commands.c)
 * nearest a mistyped one, by edit distance (a swap of two neighbours counts
 * one), when it is near enough to be what was meant: at most a third of the
 * word's letters changed (one for a short word).  NULL when none is.
 */
#ifndef SSDPROF_CLI_SUGGEST_H
#define SSDPROF_CLI_SUGGEST_H

#include <stddef.h>

/* The edit distance of a[0..an) and b[0..bn) (optimal string alignment). */
size_t suggest_distance(const char *a, size_t an, const char *b, size_t bn);

/* The command nearest word, or NULL. */
const char *suggest_command(const char *word);

/*
 * The long option of command cmd nearest arg ("--name" or "--name=value";
 * the name without its dashes is returned), or NULL.  cmd NULL: the options
 * of ssdprof itself (--help, --version).
 */
const char *suggest_option(const char *cmd, const char *arg);

#endif
