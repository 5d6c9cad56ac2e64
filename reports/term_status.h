/* SPDX-License-Identifier: MIT */
/*
 * The status line of a running command (DESIGN.md 3), from its progress
 * status (results/progress_status.h): the command, the target, the point or
 * step, the phase and how far it is, the rate, the steady window, the time
 * and the estimate.  The command draws it on a terminal (cli/status.c) and
 * prints it once on SIGUSR1.
 */
#ifndef SSDPROF_TERM_STATUS_H
#define SSDPROF_TERM_STATUS_H

#include <stddef.h>

#include "results/progress_status.h"

/*
 * The line into buf (len bytes, no newline), at most width columns: the
 * least useful parts are dropped first (the target's name, then the steady
 * window, then the elapsed time...), so it never wraps on a terminal.
 */
void term_status(const struct progress_status *s, char *buf, size_t len, int width);

#endif
