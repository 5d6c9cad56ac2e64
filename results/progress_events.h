/* SPDX-License-Identifier: MIT */
/*
 * The --events lines (DESIGN.md 3): one JSON object per event, every line
 * with the same fields from the progress status (results/progress_status.h),
 * the event's own figures after them.  The command writes each line as it
 * comes (cli/events.c); the figures are built here, one builder per event.
 * Every builder returns a new object, or NULL out of memory.
 */
#ifndef SSDPROF_PROGRESS_EVENTS_H
#define SSDPROF_PROGRESS_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/progress_status.h"

struct json_object;
struct round_result;
struct run_result;
struct steady_window;

/*
 * The line of event at status s: its common fields, then figures' (taken
 * over, may be NULL).  realtime_s: the wall clock (CLOCK_REALTIME), named
 * on a real drive only.
 */
struct json_object *progress_event_json(const struct progress_status *s, const char *event,
					struct json_object *figures, double realtime_s);

/* "progress": the phase's fraction and the rates now. */
struct json_object *progress_figures_progress(const struct progress_status *s);
/* "phase-end": how long the phase took and, when it moves data, its bytes. */
struct json_object *progress_figures_phase_end(const char *phase, double seconds, uint64_t bytes);
/* "point-end": the point's OP, steady IOPS, WA, whether steady state held and its rounds. */
struct json_object *progress_figures_point_end(double op, double iops, double waf, bool reached, size_t rounds);
/* "fill": the sequential fill's bytes, rate and drive time. */
struct json_object *progress_figures_fill(uint64_t bytes, double mbps, double seconds);
/* "round": the round's figures and the steady window so far (w NULL: none yet). */
struct json_object *progress_figures_round(const struct round_result *r, const struct steady_window *w);
/* "step": a run's step (its QD, and chunk when not 0): its rates, latencies, WA and length. */
struct json_object *progress_figures_step(const struct run_result *r, uint64_t chunk);
/* "stop": whether an interrupt stopped the command. */
struct json_object *progress_figures_stop(bool interrupted);

#endif
