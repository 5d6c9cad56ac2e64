/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "engine/histogram.h"

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

int lat_hist_subtract(struct lat_hist *dst, const struct lat_hist *earlier)
{
	unsigned lo = UINT32_MAX, hi = 0;

	if (!earlier->count)
		return 0;
	/* Check everything first, so a mismatched pair leaves dst as it was. */
	if (earlier->count > dst->count || earlier->sum_ns > dst->sum_ns || earlier->lo < dst->lo ||
	    earlier->hi > dst->hi)
		return -EINVAL;
	for (unsigned i = earlier->lo; i <= earlier->hi; i++)
		if (earlier->buckets[i] > dst->buckets[i])
			return -EINVAL;
	for (unsigned i = earlier->lo; i <= earlier->hi; i++)
		dst->buckets[i] -= earlier->buckets[i];
	dst->count -= earlier->count;
	dst->sum_ns -= earlier->sum_ns;
	for (unsigned i = dst->lo; dst->count && i <= dst->hi; i++) {
		if (dst->buckets[i]) {
			lo = lo == UINT32_MAX ? i : lo;
			hi = i;
		}
	}
	if (!dst->count) {
		dst->min_ns = UINT64_MAX;
		dst->max_ns = 0;
	} else {
		/* An extreme that moved since earlier was recorded in between: exact.  Else its bucket's bound. */
		uint64_t low = lat_hist_bucket_low(lo), high = lat_hist_bucket_low(hi) + lat_hist_bucket_width(hi) - 1;

		if (dst->min_ns >= earlier->min_ns && low > dst->min_ns)
			dst->min_ns = low;
		if (dst->max_ns <= earlier->max_ns && high < dst->max_ns)
			dst->max_ns = high;
	}
	dst->lo = lo;
	dst->hi = hi;
	return 0;
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
