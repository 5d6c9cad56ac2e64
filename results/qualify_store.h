/* SPDX-License-Identifier: MIT */
/*
 * The store of qualify's method (profiler/qualify_store.h): one drive's
 * SLC, sweep and QD-curve documents, built, saved in its folder and found
 * again on --resume.  cli/ hands &qualify_store to the method's settings.
 */
#ifndef SSDPROF_RESULTS_QUALIFY_STORE_H
#define SSDPROF_RESULTS_QUALIFY_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/qualify_store.h"
#include "results/result_load.h"

struct json_object;

extern const struct qualify_store qualify_store;

/*
 * What an earlier run saved in dir: a document of kind want (complete when
 * need_complete) measured with these settings.  NULL when there is none;
 * one with other settings is refused (*mismatch set) rather than mixed
 * with this run's or silently measured over.
 */
struct json_object *qualify_load_done(const char *dir, enum result_kind want, bool need_complete,
				      struct json_object *settings, bool *mismatch);

/* The QD curve's documents (results/qualify_curve.c): the store's curve_* hooks. */
int qualify_curve_kept(struct qualify_drive *d, int dir, double op, void **kept, size_t *nkept);
int qualify_curve_begin(struct qualify_drive *d, size_t nsteps, struct run_hooks *h);
int qualify_curve_save(struct qualify_drive *d, int dir, const struct qualify_qd_state *st, const struct workload *w,
		       const struct run_set *set, int ret, const struct run_hooks *h, void *kept, size_t nkept,
		       struct run_result *all, size_t *nall);
void qualify_curve_free(void *kept);

#endif
