/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "histogram.h"

void lat_hist_reset(struct lat_hist *h)
{
	/* Only the used range is dirty: a per-second reset stays cheap. */
	if (h->count && h->lo <= h->hi)
		memset(&h->buckets[h->lo], 0, (h->hi - h->lo + 1) * sizeof(h->buckets[0]));
	else if (h->lo != UINT32_MAX || h->count)
		memset(h->buckets, 0, sizeof(h->buckets));
	h->count = 0;
	h->sum_ns = 0;
	h->min_ns = UINT64_MAX;
	h->max_ns = 0;
	h->lo = UINT32_MAX;
	h->hi = 0;
}

void lat_hist_merge(struct lat_hist *dst, const struct lat_hist *src)
{
	if (!src->count)
		return;
	for (unsigned i = src->lo; i <= src->hi; i++)
		dst->buckets[i] += src->buckets[i];
	dst->count += src->count;
	dst->sum_ns += src->sum_ns;
	if (src->min_ns < dst->min_ns)
		dst->min_ns = src->min_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	if (src->lo < dst->lo)
		dst->lo = src->lo;
	if (src->hi > dst->hi)
		dst->hi = src->hi;
}

uint64_t lat_hist_bucket_low(unsigned i)
{
	unsigned shift;

	if (i < 2 * LAT_HIST_SUB)
		return i;
	shift = (i >> LAT_HIST_SUB_BITS) - 1;
	return (uint64_t)(LAT_HIST_SUB + (i & (LAT_HIST_SUB - 1))) << shift;
}

uint64_t lat_hist_bucket_width(unsigned i)
{
	if (i < 2 * LAT_HIST_SUB)
		return 1;
	return 1ull << ((i >> LAT_HIST_SUB_BITS) - 1);
}

double lat_hist_percentile_ns(const struct lat_hist *h, double pct)
{
	uint64_t rank, seen = 0;
	double v;

	if (!h->count)
		return NAN;
	if (pct <= 0)
		return (double)h->min_ns;
	if (pct >= 100)
		return (double)h->max_ns;
	/* The smallest value with at least pct% of the values at or below it. */
	rank = (uint64_t)ceil(pct / 100.0 * (double)h->count);
	if (rank < 1)
		rank = 1;
	for (unsigned i = h->lo; i <= h->hi; i++) {
		seen += h->buckets[i];
		if (seen >= rank) {
			v = (double)lat_hist_bucket_low(i) +
			    (double)(lat_hist_bucket_width(i) - 1) / 2.0;
			if (v < (double)h->min_ns)
				v = (double)h->min_ns;
			if (v > (double)h->max_ns)
				v = (double)h->max_ns;
			return v;
		}
	}
	return (double)h->max_ns;
}

double lat_hist_mean_ns(const struct lat_hist *h)
{
	if (!h->count)
		return NAN;
	return (double)h->sum_ns / (double)h->count;
}
