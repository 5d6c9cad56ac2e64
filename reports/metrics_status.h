/* SPDX-License-Identifier: MIT */
/*
 * A drive's --metrics figures (reports/metrics_text.h) from its progress
 * status (results/progress_status.h), the same figures the status line and
 * --events show: the phase, the fractions, the estimate (a simulated
 * drive's at the wall's pace), the clocks, the rates while a phase moves
 * data, a sweep's points or a run's steps (the time of the update is the
 * caller's: the wall clock when it fills).
 */
#ifndef SSDPROF_METRICS_STATUS_H
#define SSDPROF_METRICS_STATUS_H

#include "reports/metrics_text.h"
#include "results/progress_status.h"

void metrics_drive_fill(struct metrics_drive *d, const struct progress_status *st);

#endif
