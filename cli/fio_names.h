/* SPDX-License-Identifier: MIT */
/*
 * fio's vocabulary (DESIGN.md 3): people come with fio command lines in
 * their fingers.  A fio option whose meaning is ours is an alias of our
 * option wherever the command takes it (--iodepth is --qd); one whose
 * meaning differs, or that names something ssdprof does not have, is
 * refused with a one-line hint naming what to use (--bssplit is --bs-mix,
 * with the value translated).  The same table answers --help, the man
 * pages and the completion.
 */
#ifndef SSDPROF_FIO_NAMES_H
#define SSDPROF_FIO_NAMES_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct fio_name {
	const char *fio;     /* fio's option name, without the dashes */
	const char *ours;    /* our option of the same meaning (an alias), or NULL */
	const char *hint;    /* what to use instead: always when ours is NULL, else where the command lacks ours */
};

/* The table, in the order --help and the man pages list it. */
const struct fio_name *fio_names(size_t *count);

/*
 * Append to the getopt table longopts (n entries, room for max) an entry
 * per alias whose option is in it, with that option's value, so getopt
 * answers --iodepth as --qd.  Returns the new count.
 */
size_t fio_aliases_add(struct option *longopts, size_t n, size_t max);

/*
 * For an unknown long option argv[optind_now - 1] of command cmd: when it is
 * one of fio's, print the one-line hint and return true.
 */
bool fio_hint(const char *cmd, char **argv, int optind_now);

/*
 * The "fio's names" lines of a command's --help: the aliases whose option
 * the usage text lists, and the names that only get a hint.
 */
void fio_names_usage(FILE *f, const char *usage);

/* Whether usage lists --name (not as part of a longer option name). */
bool fio_usage_has(const char *usage, const char *name);

#endif
