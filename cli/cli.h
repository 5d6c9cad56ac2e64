/* SPDX-License-Identifier: MIT */
/* Lookup in the subcommand table of commands.c, for main() and --help. */
#ifndef SSDPROF_CLI_H
#define SSDPROF_CLI_H

#include <stddef.h>

#include "cli/commands.h"

/* The command called name, or NULL. */
const struct command *command_find(const char *name);

/*
 * The flags of the command called name (enum command_flags), 0 for no
 * command: what the shared option code reads to open targets read-only
 * unless the command is destructive.  Reads the table only.
 */
unsigned command_flags(const char *name);

/* The whole table, in --help order; *count is set to its length. */
const struct command *command_list(size_t *count);

#endif
