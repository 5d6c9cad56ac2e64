/* SPDX-License-Identifier: MIT */
/*
 * The manual and the shell completion, written from what --help prints:
 * the command table (cli.h), each command's usage text, fio's names
 * (fio_names.h), the simulator's presets and keys.  So the man pages and
 * the completion never disagree with --help.  The build runs
 * ssdprof-mangen (mangen.c) to write them; `meson install` installs them.
 */
#ifndef SSDPROF_MANUAL_H
#define SSDPROF_MANUAL_H

#include <stddef.h>
#include <stdio.h>

struct command;
struct option;

/* ssdprof(1): the commands, targets, fio's names, environment, files, exit status. */
void manual_main_page(FILE *f, const char *state_dir);

/* ssdprof-CMD(1), from the command's usage text. */
void manual_command_page(FILE *f, const struct command *cmd);

/* A bash completion script for ssdprof (commands, options, option values, sim presets and keys). */
void manual_bash_completion(FILE *f);

/*
 * Every long option cmd takes, as its handler's getopt sees them (its own
 * entries, the shared ones of its mask, fio's names of those), into out
 * (room for max, terminated); returns the count.
 */
size_t completion_command_options(const struct command *cmd, struct option *out, size_t max);

#endif
