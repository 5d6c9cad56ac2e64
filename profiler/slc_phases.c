/* SPDX-License-Identifier: MIT */
/*
 * The SLC probe's phases (profiler/slc_probe.h): the curve segmented, each
 * phase's role (SLC cache, write buffer, native), the buffer told from a
 * small SLC cache by how it refills, and the one-line summary.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/slc_probe.h"
#include "engine/workload.h"
#include "profiler/slc_cliff.h"

static double mean(const double *v, size_t from, size_t to)
{
	double s = 0;

	for (size_t i = from; i < to; i++)
		s += v[i];
	return s / (double)(to - from);
}

size_t slc_segment(const double *mbps, size_t n, uint64_t bin_bytes, struct slc_phase *phases, size_t max)
{
	/* Bins per "1% of capacity" given 0.5% bins: a change must hold this long. */
	const size_t sustain = (size_t)llround(SLC_SUSTAIN_FRACTION / SLC_BIN_FRACTION);
	size_t np = 0, start = 0;

	if (!n || !max)
		return 0;
	/* A phase lasts at least 1% of capacity too, so a bin straddling a cliff is no phase of its own. */
	for (size_t i = sustain; i + sustain <= n; i++) {
		if (i - start < sustain)
			continue;
		double level = mean(mbps, start, i);
		bool down = true, up = true;

		for (size_t j = i; j < i + sustain; j++) {
			down &= mbps[j] < (1 - SLC_CHANGE) * level;
			up &= mbps[j] > (1 + SLC_CHANGE) * level;
		}
		if ((down || up) && np + 1 < max) {
			phases[np++] = (struct slc_phase){ start * bin_bytes, i * bin_bytes, level };
			start = i;
		}
	}
	phases[np++] = (struct slc_phase){ start * bin_bytes, n * bin_bytes, mean(mbps, start, n) };
	return np;
}

const char *slc_role_name(enum slc_role role)
{
	static const char *const names[] = { "sustained", "cache", "buffer", "transition", "recovered" };

	return (size_t)role < sizeof(names) / sizeof(names[0]) ? names[role] : "?";
}

bool slc_classify(struct slc_phase *p, size_t n)
{
	double sustained = NAN;
	bool slow = false;

	for (size_t i = 0; i < n; i++)
		p[i].role = SLC_ROLE_SUSTAINED;
	if (n < 2 || !(p[1].mbps < p[0].mbps))
		return false;
	p[0].role = SLC_ROLE_CACHE;
	/*
	 * What the drive settles at is the last thing it did below cache
	 * speed: a QLC drive folds its cache at 190 MB/s for a while before
	 * writing QLC directly at 97 MB/s, and 97 MB/s is what a buyer gets.
	 */
	for (size_t i = 1; i < n; i++) {
		if (slow && p[i].mbps >= (1 - SLC_CHANGE) * p[0].mbps) {
			p[i].role = SLC_ROLE_RECOVERED;
		} else {
			slow = true;
			sustained = p[i].mbps;
		}
	}
	for (size_t i = 1; i < n; i++)
		if (p[i].role != SLC_ROLE_RECOVERED && fabs(p[i].mbps - sustained) > SLC_CHANGE * sustained)
			p[i].role = SLC_ROLE_TRANSITION;
	return true;
}

double slc_role_mbps(const struct slc_phase *p, size_t n, enum slc_role role)
{
	double bytes = 0, seconds = 0;

	/* Bytes over time, so a long phase counts for what it is and not as one phase of several. */
	for (size_t i = 0; i < n; i++) {
		if (p[i].role != role || !(p[i].mbps > 0))
			continue;
		bytes += (double)(p[i].to_bytes - p[i].from_bytes);
		seconds += (double)(p[i].to_bytes - p[i].from_bytes) / (p[i].mbps * 1e6);
	}
	return seconds > 0 ? bytes / seconds / 1e6 : NAN;
}

void slc_settle_buffer(struct slc_result *r)
{
	uint64_t fast, cache;

	if (!r->cliff || !r->buffer_known || !r->nphases || r->phases[0].role != SLC_ROLE_CACHE)
		return;
	fast = r->phases[0].to_bytes;
	cache = r->write_buffer_bytes < fast ? fast - r->write_buffer_bytes : 0;
	/* Less SLC than the cliff is located within is below what the probe resolves: none. */
	if (cache < slc_step_window(r))
		cache = 0;
	/* The buffer is what it took in this fill, so the phases and the figure agree. */
	r->write_buffer_bytes = fast - cache;
	for (size_t i = 0; i < r->nrecovery; i++)
		r->recovery[i].recovered_bytes -= r->recovery[i].recovered_bytes < r->write_buffer_bytes ?
							  r->recovery[i].recovered_bytes : r->write_buffer_bytes;
	r->cache_bytes = cache;
	if (!cache) {
		r->phases[0].role = SLC_ROLE_BUFFER;
		r->in_cache_mbps = NAN;
		return;
	}
	if (cache == fast)
		return;
	/* The phases array has a slot per sample, more than the phases ever use. */
	memmove(&r->phases[1], &r->phases[0], r->nphases * sizeof(r->phases[0]));
	r->nphases++;
	r->phases[0].to_bytes = r->phases[1].from_bytes = cache;
	r->phases[1].role = SLC_ROLE_BUFFER;
}

void slc_buffer_size(struct slc_result *r)
{
	for (size_t i = 0; i < r->nphases; i++) {
		const struct slc_phase *p = &r->phases[i];

		if (p->role != SLC_ROLE_BUFFER || !(p->mbps > r->post_cache_mbps))
			continue;
		/* It drained at the sustained rate while it took writes at p->mbps. */
		r->write_buffer_bytes = (uint64_t)llround((double)(p->to_bytes - p->from_bytes) *
							  (1 - r->post_cache_mbps / p->mbps));
		return;
	}
}

void slc_summary(const struct slc_result *r, char *buf, size_t len)
{
	double sustained = r->post_cache_mbps, tr_mbps = slc_role_mbps(r->phases, r->nphases, SLC_ROLE_TRANSITION);
	uint64_t written = r->nphases ? r->phases[r->nphases - 1].to_bytes : 0, tr = 0;
	int n;

	if (r->cut && !r->nphases) {
		snprintf(buf, len, "stopped before the measured fill: no phase measured");
		return;
	}
	if (r->cut && !r->cliff) {
		snprintf(buf, len, "stopped after %.2f GB of the measured fill at %.1f MB/s, no cliff so far",
			 (double)written / 1e9, r->phases[0].mbps);
		return;
	}
	for (size_t i = 0; i < r->nphases; i++)
		if (r->phases[i].role == SLC_ROLE_TRANSITION)
			tr += r->phases[i].to_bytes - r->phases[i].from_bytes;
	if (!r->cliff) {
		snprintf(buf, len, "%s%.1f MB/s throughout the %.2f GB written",
			 r->cache_known ? "no SLC cache: " : "no cliff: ", sustained, (double)written / 1e9);
		return;
	}
	if (r->cache_bytes)
		n = snprintf(buf, len, "SLC cache: %.2f GB at %.1f MB/s", (double)r->cache_bytes / 1e9, r->in_cache_mbps);
	else
		n = snprintf(buf, len, "no SLC cache: a %.2f GB write buffer at %.1f MB/s",
			     (double)r->write_buffer_bytes / 1e9, r->phases[0].mbps);
	if (r->cache_bytes && r->write_buffer_bytes && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, ", then a %.2f GB write buffer",
			      (double)r->write_buffer_bytes / 1e9);
	if (tr && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, ", then %.2f GB at %.1f MB/s (transition)", (double)tr / 1e9,
			      tr_mbps);
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", then %.1f MB/s sustained", sustained);
}
