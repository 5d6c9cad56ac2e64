/* SPDX-License-Identifier: MIT */
/*
 * Named access specifications (--workload NAME): transfer sizes with their
 * shares of I/Os, the read share and the random share, as IOmeter's access
 * specifications have them.  Each entry cites where its numbers come from.
 */
#ifndef SSDPROF_ACCESS_SPEC_H
#define SSDPROF_ACCESS_SPEC_H

#include <stddef.h>

#include "engine/workload.h"

struct access_spec {
	const char *name;
	const char *summary;        /* one line for `ssdprof workloads` */
	const char *source;         /* where the numbers come from */
	unsigned read_pct;          /* share of I/Os that read */
	unsigned random_pct;        /* share of I/Os at a random offset; the rest continue sequentially */
	unsigned nsizes;
	struct wl_bs_weight sizes[WL_BS_MIX_MAX];
	/* Where its random I/Os go (the composite workload's access zones); kind OD_UNIFORM: anywhere. */
	struct offset_dist dist;
};

/* The table, in the order `ssdprof workloads` lists it; *n receives its length. */
const struct access_spec *access_spec_table(size_t *n);
/* By name; NULL when unknown. */
const struct access_spec *access_spec_find(const char *name);
/*
 * Make w run spec: randrw with its read share, its sizes as the block-size
 * mix and its sequential share; the name goes to w->workload.  A spec with
 * access zones sets w->dist to them; another leaves the offset skew as it
 * is, as it leaves queue depth, limits, span and seed.
 */
void access_spec_apply(const struct access_spec *spec, struct workload *w);
/*
 * The shape of src into dst: pattern, read share, size mix (bs only when src
 * has a mix; else dst keeps its own), sequential share, skew and name.
 */
void workload_copy_shape(struct workload *dst, const struct workload *src);

/* A saved settings.workload: 0 when name is one `ssdprof workloads` lists, else -EINVAL and what was expected in msg. */
int access_spec_check(const char *name, char *msg, size_t len);

#endif
