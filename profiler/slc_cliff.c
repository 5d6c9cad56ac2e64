/* SPDX-License-Identifier: MIT */
/*
 * The SLC probe's curve (profiler/slc_cliff.h): the measured writes binned
 * per 0.5% of capacity, segmented into phases, and the cliff located from
 * its bin to the fine samples, with each phase's rate on those samples.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/slc_probe.h"
#include "engine/workload.h"
#include "profiler/slc_cliff.h"

/* The window over which a step (the cliff) is located: a sample, at most SLC_STEP_BYTES. */
uint64_t slc_step_window(const struct slc_result *r)
{
	return r->bin_bytes < SLC_STEP_BYTES ? r->bin_bytes : SLC_STEP_BYTES;
}


int slc_binner_add(struct binner *b, uint64_t bytes, double dur_s)
{
	if (!bytes) {
		/* A sample with nothing completed is time the current bin waited. */
		b->bin_time_s += dur_s;
		return 0;
	}
	double rate = (double)bytes / dur_s;   /* bytes per second within this sample */

	while (bytes) {
		uint64_t room = b->bin_bytes - b->written % b->bin_bytes;
		uint64_t take = bytes < room ? bytes : room;

		b->bin_time_s += (double)take / rate;
		b->written += take;
		bytes -= take;
		if (b->written % b->bin_bytes == 0) {
			if (b->n == b->cap) {
				size_t cap = b->cap ? b->cap * 2 : 256;
				double *m = realloc(b->mbps, cap * sizeof(*m));
				if (!m)
					return -ENOMEM;
				b->mbps = m;
				b->cap = cap;
			}
			b->mbps[b->n++] = (double)b->bin_bytes / b->bin_time_s / 1e6;
			b->bin_time_s = 0;
		}
	}
	return 0;
}


int slc_timeline_init(struct timeline *tl, const struct run_result *r)
{
	double t = 0;
	uint64_t b = 0;

	tl->r = r;
	tl->t_start = malloc((r->nsamples + 1) * sizeof(double));
	tl->b_start = malloc((r->nsamples + 1) * sizeof(uint64_t));
	if (!tl->t_start || !tl->b_start)
		return -ENOMEM;
	for (size_t i = 0; i <= r->nsamples; i++) {
		tl->t_start[i] = t;
		tl->b_start[i] = b;
		if (i < r->nsamples) {
			t += r->samples[i].dur_s;
			b += r->samples[i].bytes;
		}
	}
	return 0;
}

void slc_timeline_free(struct timeline *tl)
{
	free(tl->t_start);
	free(tl->b_start);
}

static double timeline_at(const struct timeline *tl, uint64_t bytes)
{
	size_t lo = 0, hi = tl->r->nsamples;

	/* The last sample starting at or before bytes. */
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;

		if (tl->b_start[mid] <= bytes)
			lo = mid;
		else
			hi = mid - 1;
	}
	if (lo == tl->r->nsamples || !tl->r->samples[lo].bytes)
		return tl->t_start[lo];
	/* Completions ended the sample: the last byte is at its end. */
	return tl->t_start[lo] + tl->r->samples[lo].dur_s * (double)(bytes - tl->b_start[lo]) /
				       (double)tl->r->samples[lo].bytes;
}

/*
 * Where the speed steps down, to within a fine sample: the position in
 * [from, to] with the largest fall from the rate over the window before it
 * to the rate over the window after it.  A window average alone would place
 * a step early by the part of the window still at the old speed.  At 0,
 * with nothing before, `before0` stands in for the earlier rate.
 */
uint64_t slc_locate_step(const struct timeline *tl, uint64_t from, uint64_t to, uint64_t window, double before0)
{
	uint64_t total = tl->b_start[tl->r->nsamples], best_at = from;
	double best = -INFINITY;

	if (to + window > total)
		to = total > window ? total - window : 0;
	for (size_t i = 0; i < tl->r->nsamples; i++) {
		uint64_t p = tl->b_start[i];

		if (p < from || p > to || (i && p == tl->b_start[i - 1]))
			continue;
		double after = (double)window / (timeline_at(tl, p + window) - timeline_at(tl, p));
		double before = before0;
		if (p) {
			uint64_t a = p > window ? p - window : 0;
			before = (double)(p - a) / (timeline_at(tl, p) - timeline_at(tl, a));
		}
		if (before - after > best) {
			best = before - after;
			best_at = p;
		}
	}
	return best_at;
}

/* Each phase's rate as bytes over time on the fine samples, so rates and boundaries agree. */
int slc_phase_rates(struct slc_result *out, const struct run_result *fill, char *err, size_t errlen)
{
	struct timeline tl = { 0 };
	int ret = slc_timeline_init(&tl, fill);

	if (ret) {
		slc_timeline_free(&tl);
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	for (size_t i = 0; i < out->nphases; i++) {
		struct slc_phase *p = &out->phases[i];
		double dt = timeline_at(&tl, p->to_bytes) - timeline_at(&tl, p->from_bytes);

		if (dt > 0)
			p->mbps = (double)(p->to_bytes - p->from_bytes) / dt / 1e6;
	}
	slc_timeline_free(&tl);
	return 0;
}

/* Bytes over time between two points of the fill, B/s. */
static double span_rate(const struct timeline *tl, uint64_t from, uint64_t to)
{
	double dt = timeline_at(tl, to) - timeline_at(tl, from);

	return dt > 0 ? (double)(to - from) / dt : NAN;
}

/*
 * A cache smaller than two samples (0.5% of capacity each) makes no phase
 * of its own: look at the start in windows of slc_step_window for a drop
 * that holds for two samples, and make it the first phase's end.  0 or
 * -ENOMEM.
 */
static int head_cliff(struct slc_result *out, const struct run_result *fill)
{
	uint64_t win = slc_step_window(out), end = out->phases[0].to_bytes, head = 3 * out->bin_bytes, at;
	struct timeline tl = { 0 };
	double before, after;
	int ret;

	if (win >= out->bin_bytes || out->nphases >= out->nsamples || end < head + 2 * out->bin_bytes)
		return 0;
	if ((ret = slc_timeline_init(&tl, fill))) {
		slc_timeline_free(&tl);
		return ret;
	}
	at = slc_locate_step(&tl, 2 * win, head, win, NAN);
	before = span_rate(&tl, 0, at);
	after = span_rate(&tl, at, at + 2 * out->bin_bytes);
	slc_timeline_free(&tl);
	if (!(after < (1 - SLC_CHANGE) * before))
		return 0;
	memmove(&out->phases[1], &out->phases[0], out->nphases * sizeof(out->phases[0]));
	out->nphases++;
	out->phases[0].to_bytes = out->phases[1].from_bytes = at;
	out->cliff = true;
	return 0;
}

/*
 * The cliff, to within a fine sample, made the phase boundary (so the table
 * and cache_bytes are one number); rates, roles, and the speeds either side.
 * post_cache_mbps is bytes over time of everything after the cliff that is
 * sustained: a transition (a QLC drive folding, a dynamic cache being given
 * back) is over after a few hundred MB and says nothing of what the drive
 * writes at once the cache is spent; recovered phases are cache speed again.
 */
static int slc_analyse(struct slc_result *out, const struct run_result *fill, char *err, size_t errlen)
{
	struct timeline tl = { 0 };
	int ret;

	if (!out->nphases)
		return 0;
	out->cliff = out->nphases > 1 && out->phases[1].mbps < out->phases[0].mbps;
	if (!out->cliff && (ret = head_cliff(out, fill))) {
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	if (out->cliff && out->phases[0].to_bytes >= 2 * out->bin_bytes) {
		uint64_t b = out->phases[1].from_bytes, bin = out->bin_bytes, at;

		if ((ret = slc_timeline_init(&tl, fill))) {
			slc_timeline_free(&tl);
			snprintf(err, errlen, "out of memory");
			return ret;
		}
		at = slc_locate_step(&tl, b > 2 * bin ? b - 2 * bin : 0, b + bin, slc_step_window(out), out->phases[0].mbps * 1e6);
		slc_timeline_free(&tl);
		if (at > 0 && at < out->phases[1].to_bytes)
			out->phases[0].to_bytes = out->phases[1].from_bytes = at;
	}
	if ((ret = slc_phase_rates(out, fill, err, errlen)))
		return ret;
	slc_classify(out->phases, out->nphases);
	out->post_cache_mbps = slc_role_mbps(out->phases, out->nphases, SLC_ROLE_SUSTAINED);
	if (out->cliff) {
		out->cache_known = true;
		out->cache_bytes = out->phases[0].to_bytes;
		out->in_cache_mbps = out->phases[0].mbps;
	} else {
		/* One speed end to end from empty: no cache.  After a prefill the cache may outsize the rest. */
		out->cache_known = !out->prefill_bytes;
	}
	return 0;
}

/*
 * The curve of the measured fill: bins, phases, and the cliff refined from
 * its bin to the fine samples.  0 or -errno with err set.
 */
int slc_analyse_fill(const struct run_result *fill, struct slc_result *out, char *err, size_t errlen)
{
	struct binner bins = { .bin_bytes = out->bin_bytes };
	int ret = 0;

	for (size_t i = 0; i < fill->nsamples && !ret; i++)
		ret = slc_binner_add(&bins, fill->samples[i].bytes, fill->samples[i].dur_s);
	if (!ret) {
		out->samples = calloc(bins.n ? bins.n : 1, sizeof(*out->samples));
		out->phases = calloc(bins.n ? bins.n : 1, sizeof(*out->phases));
		ret = out->samples && out->phases ? 0 : -ENOMEM;
	}
	if (ret) {
		free(bins.mbps);
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	for (size_t i = 0; i < bins.n; i++)
		out->samples[i] = (struct slc_sample){ (i + 1) * bins.bin_bytes, bins.mbps[i] };
	out->nsamples = bins.n;
	out->nphases = slc_segment(bins.mbps, bins.n, bins.bin_bytes, out->phases, bins.n ? bins.n : 1);
	free(bins.mbps);
	return slc_analyse(out, fill, err, errlen);
}

/*
 * The measured fill stopped short (a signal, an I/O error): its curve as
 * far as it went.  No end was reached, so without a cliff nothing is known
 * of the cache; the analysis failing (out of memory) leaves the samples.
 */
void slc_cut_fill(const struct run_result *fill, struct slc_result *out)
{
	char err[64];

	if (slc_analyse_fill(fill, out, err, sizeof(err)))
		out->nphases = 0;
	out->cache_known = out->cliff;
}
