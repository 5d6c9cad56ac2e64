/* SPDX-License-Identifier: MIT */
/*
 * The parts the PTS tests share (profiler/pts.c) for the files of the
 * tests that are not a plain matrix (pts_series.c: WSAT, HIR, XSR; the
 * composite workload and DIRTH): not for use outside profiler/pts*.c.
 */
#ifndef SSDPROF_PTS_INTERNAL_H
#define SSDPROF_PTS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/pts.h"

struct target;

/* The largest size of any test (the pattern buffer's length). */
#define PTS_MAX_BS (1024u * 1024)

/*
 * Purge (unless s says not to) into purge_method, then fill (s->fill_passes;
 * 0: none) into fill, then let the drive settle.  0, -EINTR or -errno with
 * err set.
 */
int pts_prepare(struct target *t, const struct pts_settings *s, char *purge_method, size_t len,
		struct fill_result *fill, char *err, size_t errlen);
/*
 * Stage si of r as planned: prepare it (prep: false, the drive as the last
 * stage left it), then rounds of its cells to the steady window; its totals
 * over the window.  0, -EINTR, or -errno with err set.
 */
int pts_run_stage(struct target *t, const struct pts_settings *s, struct pts_result *r, size_t si, bool prep,
		  char *err, size_t errlen);
/* After a finished stage or phase: s->stage_done (the caller saves).  0, or -EINTR to stop. */
int pts_stage_saved(const struct pts_settings *s, const struct pts_result *r);
/* The stages of a matrix test one after the other, each from its own purge and fill. */
int pts_run_matrix(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
/* The matrix tests' estimate: max_rounds of every cell of every stage. */
double pts_matrix_seconds(const struct pts_settings *s);

/* The time-series tests (pts_series.c). */
void pts_plan_wsat(const struct pts_settings *s, struct pts_result *r);
int pts_run_wsat(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
void pts_plan_hir(const struct pts_settings *s, struct pts_result *r);
int pts_run_hir(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
double pts_hir_seconds(const struct pts_settings *s);
void pts_plan_xsr(const struct pts_settings *s, struct pts_result *r);
int pts_run_xsr(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen);
/* WSAT and XSR write an amount: the drive's rate decides their time (NAN); a time cap bounds WSAT's. */
double pts_series_seconds(const struct pts_settings *s);

/* Where a workload's I/Os belong in the log (stage, round, cell), for s->io_log. */
struct pts_log_ctx {
	const struct pts_settings *s;
	struct pts_io where;
};
/* A workload's io_done for s->io_log: arg is a struct pts_log_ctx. */
void pts_log_io(void *arg, const struct wl_io_record *io);
/*
 * Run w on t, its every I/O to s->io_log (when set) as lg places it.  0,
 * -EINTR when stopped early (rr keeps what ran), or -errno with err set.
 */
int pts_workload(struct target *t, const struct pts_settings *s, struct workload *w, struct pts_log_ctx *lg,
		 struct run_result *rr, char *err, size_t errlen);

/* Room for one more sample in r.  0 or -ENOMEM. */
int pts_sample_room(struct pts_result *r);

#endif
