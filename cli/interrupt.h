/* SPDX-License-Identifier: MIT */
/*
 * SIGINT and SIGTERM ask a long command to stop at the next I/O batch, drain
 * the queue, save its results and exit 130 (DESIGN.md 3 and 7).
 */
#ifndef SSDPROF_INTERRUPT_H
#define SSDPROF_INTERRUPT_H

#include <stdbool.h>

void interrupt_install(void);
bool interrupt_requested(void);

#endif
