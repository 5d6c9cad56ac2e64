/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/histogram.h"
#include "profiler/raid_members.h"
#include "device/target.h"

struct member_snap {
	uint64_t ios, bytes_read, bytes_written, lat_sum_ns;
	uint64_t media;
	bool media_known;
	struct lat_hist lat;     /* cumulative since the group was opened */
};

struct raid_snap {
	unsigned members;
	uint64_t now_ns;         /* the group's clock: the interval's length for IOPS */
	struct member_snap m[];
};

struct raid_snap *raid_snap_new(const struct target *group)
{
	unsigned n = target_members(group);
	struct raid_snap *s = calloc(1, sizeof(*s) + (size_t)n * sizeof(s->m[0]));

	if (s)
		s->members = n;
	return s;
}

void raid_snap_free(struct raid_snap *s)
{
	free(s);
}

void raid_snap_take(struct raid_snap *s, struct target *group)
{
	s->now_ns = group->ops->now_ns(group);
	for (unsigned i = 0; i < s->members; i++) {
		struct target_member_stats st = { .index = i };
		struct target *m = target_member(group, i);
		struct target_counters mc = { 0 };
		struct member_snap *ms = &s->m[i];

		if (target_member_stats(group, &st) < 0 || !st.lat)
			continue;
		if (m->ops->counters(m, &mc))
			mc.media_known = false;
		ms->ios = st.ios;
		ms->bytes_read = st.bytes_read;
		ms->bytes_written = st.bytes_written;
		ms->lat_sum_ns = st.lat_sum_ns;
		ms->media = mc.media_bytes_written;
		ms->media_known = mc.media_known;
		ms->lat = *st.lat;
	}
}

/* Mean latency of member i between a and b in ns; NAN when it completed nothing. */
static double mean_ns(const struct raid_snap *a, const struct raid_snap *b, unsigned i)
{
	uint64_t ios = b->m[i].ios - a->m[i].ios;

	return ios ? (double)(b->m[i].lat_sum_ns - a->m[i].lat_sum_ns) / (double)ios : NAN;
}

int raid_members_limiting(const struct raid_snap *a, const struct raid_snap *b)
{
	double worst = -1;
	int limiting = -1;

	for (unsigned i = 0; i < a->members && i < b->members; i++) {
		double mean = mean_ns(a, b, i);

		/* NAN compares false: a member that did nothing never limits. */
		if (mean > worst) {
			worst = mean;
			limiting = (int)i;
		}
	}
	return limiting;
}

unsigned raid_snap_members(const struct raid_snap *s)
{
	return s->members;
}

int raid_members_figures(const struct raid_snap *a, const struct raid_snap *b, unsigned i,
			 struct raid_member_figures *f)
{
	const struct member_snap *x = &a->m[i], *y = &b->m[i];
	double secs = (double)(b->now_ns - a->now_ns) / 1e9;
	struct lat_hist *h;

	/* Counters only grow: a later snapshot below an earlier one means a different group. */
	if (i >= a->members || i >= b->members || b->now_ns < a->now_ns || y->ios < x->ios ||
	    y->bytes_written < x->bytes_written || y->bytes_read < x->bytes_read || y->lat_sum_ns < x->lat_sum_ns)
		return -EINVAL;
	h = malloc(sizeof(*h));
	if (!h)
		return -ENOMEM;
	*h = y->lat;
	if (lat_hist_subtract(h, &x->lat)) {
		free(h);
		return -EINVAL;
	}
	memset(f, 0, sizeof(*f));
	f->host_bytes_written = y->bytes_written - x->bytes_written;
	f->host_bytes_read = y->bytes_read - x->bytes_read;
	f->media_known = x->media_known && y->media_known && y->media >= x->media;
	f->media_bytes_written = f->media_known ? y->media - x->media : 0;
	f->waf = f->media_known && f->host_bytes_written ?
		 (double)f->media_bytes_written / (double)f->host_bytes_written : NAN;
	f->iops = secs > 0 ? (double)(y->ios - x->ios) / secs : NAN;
	f->lat_mean_us = lat_hist_mean_ns(h) / 1e3;
	f->lat_p50_us = lat_hist_percentile_ns(h, 50) / 1e3;
	f->lat_p99_us = lat_hist_percentile_ns(h, 99) / 1e3;
	f->lat_p999_us = lat_hist_percentile_ns(h, 99.9) / 1e3;
	f->lat_p9999_us = lat_hist_percentile_ns(h, 99.99) / 1e3;
	f->lat_max_us = h->count ? (double)h->max_ns / 1e3 : NAN;
	free(h);
	return 0;
}
