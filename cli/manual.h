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

#include <stdio.h>

struct command;

/* ssdprof(1): the commands, targets, fio's names, environment, files, exit status. */
void manual_main_page(FILE *f, const char *state_dir);

/* ssdprof-CMD(1), from the command's usage text. */
void manual_command_page(FILE *f, const struct command *cmd);

/* A bash completion script for ssdprof (commands, options, option values, sim presets and keys). */
void manual_bash_completion(FILE *f);

/*
 * The options a command takes by its usage text: those of its synopsis and
 * of its option lists (not those its prose mentions), then the fio names
 * it takes, each once, space-separated, into buf.
 */
void manual_command_options(const char *usage, char *buf, size_t len);

#endif
