/* SPDX-License-Identifier: MIT */
/*
 * A log-linear latency histogram (the HdrHistogram layout): values below
 * 2^LAT_HIST_SUB_BITS nanoseconds have a bucket each, and every power-of-two
 * range above is split into 2^LAT_HIST_SUB_BITS equal buckets.  A bucket is
 * at most 1/256 of its lower bound wide and percentiles report its midpoint,
 * so the relative error is under 0.2%.  Recording is one count increment
 * into a fixed array: no allocation, no branches on the distribution.
 *
 * Histograms of the same layout merge by adding counts, so intervals fold
 * into a run and steady-state rounds into a window.
 */
#ifndef SSDPROF_HISTOGRAM_H
#define SSDPROF_HISTOGRAM_H

#include <stdint.h>

#define LAT_HIST_SUB_BITS 8
#define LAT_HIST_SUB (1u << LAT_HIST_SUB_BITS)
/* Values up to 2^44 ns (about 4.9 hours) have their own bucket; larger ones are clamped. */
#define LAT_HIST_MAX_BITS 44
#define LAT_HIST_BUCKETS ((LAT_HIST_MAX_BITS - LAT_HIST_SUB_BITS + 1) * LAT_HIST_SUB)

struct lat_hist {
	uint64_t count;
	uint64_t sum_ns;            /* exact, for the mean */
	uint64_t min_ns, max_ns;    /* exact; min is UINT64_MAX while empty */
	unsigned lo, hi;            /* lowest and highest bucket used, for quick scans */
	uint64_t buckets[LAT_HIST_BUCKETS];
};

void lat_hist_reset(struct lat_hist *h);

static inline unsigned lat_hist_index(uint64_t v)
{
	unsigned msb, shift;

	if (v < LAT_HIST_SUB)
		return (unsigned)v;
	if (v >= (1ull << LAT_HIST_MAX_BITS))
		v = (1ull << LAT_HIST_MAX_BITS) - 1;
	msb = 63u - (unsigned)__builtin_clzll(v);
	shift = msb - LAT_HIST_SUB_BITS;
	return ((shift + 1) << LAT_HIST_SUB_BITS) + (unsigned)(v >> shift) - LAT_HIST_SUB;
}

static inline void lat_hist_record(struct lat_hist *h, uint64_t ns)
{
	unsigned i = lat_hist_index(ns);

	h->buckets[i]++;
	h->count++;
	h->sum_ns += ns;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	if (i < h->lo)
		h->lo = i;
	if (i > h->hi)
		h->hi = i;
}

/* Add src's counts into dst. */
void lat_hist_merge(struct lat_hist *dst, const struct lat_hist *src);

/*
 * dst -= earlier, where earlier is a copy of the same cumulative histogram
 * taken before dst (so every bucket of earlier is at most dst's): what was
 * recorded between the two.  Counts, sum and so the mean are exact, as are
 * the percentiles' buckets.  min and max of a difference cannot be known
 * exactly in general: they are the lower bound of the lowest non-empty
 * bucket and the upper bound of the highest, clamped to dst's own min and
 * max, and exact when the extreme was recorded after earlier was taken (it
 * moved).  -EINVAL, dst unchanged, when earlier is not an earlier state of
 * dst (a count would go negative).
 */
int lat_hist_subtract(struct lat_hist *dst, const struct lat_hist *earlier);

/*
 * The value (ns) at or below which pct percent of the recorded values lie:
 * the midpoint of the bucket holding that rank, clamped to [min, max].
 * NAN when empty.
 */
double lat_hist_percentile_ns(const struct lat_hist *h, double pct);

/* Mean in ns; NAN when empty. */
double lat_hist_mean_ns(const struct lat_hist *h);

/* Lowest value and width of bucket i (for tests and exports). */
uint64_t lat_hist_bucket_low(unsigned i);
uint64_t lat_hist_bucket_width(unsigned i);

#endif
