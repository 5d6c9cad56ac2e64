/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precondition/precondition.h"
#include "profiler/slc_probe.h"
#include "device/target.h"
#include "engine/workload.h"

/* Fine samples for locating the cliff inside a bin: 1 ms on the target's clock. */
#define FINE_INTERVAL_NS 1000000ull

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

/* Turns time samples (bytes per interval) into samples per bin_bytes written. */
struct binner {
	uint64_t bin_bytes;
	uint64_t written;             /* bytes so far */
	double bin_time_s;            /* time spent on the current bin */
	double *mbps;                 /* completed bins */
	size_t n, cap;
};

static int binner_add(struct binner *b, uint64_t bytes, double dur_s)
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

struct recovery_ctx {
	struct binner bins;
	double threshold_mbps;
	size_t sustain;
	slc_poll_fn poll;
	void *arg;
	int error;
	phase_tick_fn tick_fn;
	void *tick_arg;
	struct phase_tick tick;       /* the phase running */
};

/* Begin a phase of the probe (s NULL) or report a sample of it; non-zero stops. */
static int tick(struct recovery_ctx *c, const struct run_sample *s)
{
	c->tick.start = !s;
	if (s) {
		c->tick.done_bytes += s->bytes;
		c->tick.done_s = s->t_s;
		c->tick.mbps = s->mbps;
		c->tick.iops = s->iops;
	} else {
		c->tick.mbps = c->tick.iops = NAN;
	}
	return c->tick_fn ? c->tick_fn(&c->tick, c->tick_arg) : 0;
}

static int begin(struct recovery_ctx *c, const char *phase, unsigned index, uint64_t total_bytes, double total_s)
{
	c->tick = (struct phase_tick){ .phase = phase, .index = index, .total_bytes = total_bytes, .total_s = total_s };
	return tick(c, NULL);
}

/* Stops the recovery writes once speed has stayed under the cache threshold for 1% of capacity. */
static int recovery_sample(const struct run_sample *s, void *arg)
{
	struct recovery_ctx *c = arg;
	size_t n;

	if (tick(c, s) || (c->poll && c->poll(c->arg)))
		return 1;
	if ((c->error = binner_add(&c->bins, s->bytes, s->dur_s)))
		return 1;
	n = c->bins.n;
	if (n < c->sustain)
		return 0;
	for (size_t i = n - c->sustain; i < n; i++)
		if (c->bins.mbps[i] >= c->threshold_mbps)
			return 0;
	return 1;
}

static int poll_only(const struct run_sample *s, void *arg)
{
	struct recovery_ctx *c = arg;

	if (tick(c, s))
		return 1;
	return c->poll ? c->poll(c->arg) : 0;
}

/* Time (seconds since the run began) at which `bytes` had completed, interpolated within a sample. */
struct timeline {
	const struct run_result *r;
	double *t_start;              /* per sample */
	uint64_t *b_start;
};

static int timeline_init(struct timeline *tl, const struct run_result *r)
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

static void timeline_free(struct timeline *tl)
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
static uint64_t locate_step(const struct timeline *tl, uint64_t from, uint64_t to, uint64_t window, double before0)
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

/* The prefill: write the first part and let the drive settle.  0 or -errno with err set. */
static int prefill(struct target *t, const struct slc_settings *s, struct slc_result *out, struct recovery_ctx *ctx,
		   char *err, size_t errlen)
{
	struct workload w = {
		.rw = WL_WRITE, .bs = s->bs, .qd = s->qd, .bytes = out->prefill_bytes,
		.interval_ns = 1000000000ull, .span_bytes = out->prefill_bytes, .seed = s->seed,
	};
	struct run_result r = { 0 };
	int ret;

	if (begin(ctx, "prefill", 0, out->prefill_bytes, 0))
		return -EINTR;
	ret = workload_run(t, &w, &r, poll_only, ctx, err, errlen);
	if (!ret && r.stopped_early)
		ret = -EINTR;
	run_result_free(&r);
	if (ret)
		return ret;
	if (s->prefill_idle_ns && begin(ctx, "idle", 0, 0, (double)s->prefill_idle_ns / 1e9))
		return -EINTR;
	if (s->prefill_idle_ns && (ret = t->ops->idle(t, s->prefill_idle_ns))) {
		snprintf(err, errlen, "idle after the prefill failed: %s", strerror(-ret));
		return ret;
	}
	return 0;
}

/*
 * The curve of the measured fill: bins, phases, and the cliff refined from
 * its bin to the fine samples.  0 or -errno with err set.
 */
static int analyse_fill(const struct run_result *fill, struct slc_result *out, char *err, size_t errlen)
{
	struct binner bins = { .bin_bytes = out->bin_bytes };
	int ret = 0;

	for (size_t i = 0; i < fill->nsamples && !ret; i++)
		ret = binner_add(&bins, fill->samples[i].bytes, fill->samples[i].dur_s);
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
	if (out->nphases)
		out->in_cache_mbps = out->phases[0].mbps;
	if (out->nphases > 1 && out->phases[1].mbps < out->phases[0].mbps) {
		uint64_t b = out->phases[1].from_bytes;
		struct timeline tl;

		out->cliff = true;
		out->post_cache_mbps = out->phases[1].mbps;
		if ((ret = timeline_init(&tl, fill))) {
			timeline_free(&tl);
			snprintf(err, errlen, "out of memory");
			return ret;
		}
		out->cache_bytes = locate_step(&tl, b > 2 * bins.bin_bytes ? b - 2 * bins.bin_bytes : 0,
					       b + bins.bin_bytes, bins.bin_bytes, out->in_cache_mbps * 1e6);
		timeline_free(&tl);
	}
	return 0;
}

/* One recovery: idle, then write again from the start of the measured span (w).  0 or -errno with err set. */
static int recover_once(struct target *t, const struct slc_settings *s, size_t i, const struct workload *w,
			uint64_t measured, struct recovery_ctx *ctx, struct slc_result *out, char *err, size_t errlen)
{
	const size_t sustain = (size_t)llround(SLC_SUSTAIN_FRACTION / SLC_BIN_FRACTION);
	uint64_t limit = 2 * out->cache_bytes + sustain * out->bin_bytes;
	struct run_result r = { 0 };
	struct workload rw = *w;
	struct slc_recovery *rec;
	int ret;

	if (limit > measured)
		limit = measured / s->bs * s->bs;
	if (begin(ctx, "idle", (unsigned)i + 1, 0, (double)s->idle_ns[i] / 1e9))
		return -EINTR;
	if ((ret = t->ops->idle(t, s->idle_ns[i]))) {
		snprintf(err, errlen, "idle failed: %s", strerror(-ret));
		return ret;
	}
	memset(&ctx->bins, 0, sizeof(ctx->bins));
	ctx->bins.bin_bytes = out->bin_bytes;
	ctx->threshold_mbps = (1 - SLC_CHANGE) * out->in_cache_mbps;
	ctx->sustain = sustain;
	rw.bytes = limit;
	if (begin(ctx, "recovery", (unsigned)i + 1, limit, 0))
		return -EINTR;
	ret = workload_run(t, &rw, &r, recovery_sample, ctx, err, errlen);
	if (!ret && (ctx->error || (ctx->poll && ctx->poll(ctx->arg))))
		ret = ctx->error ? ctx->error : -EINTR;
	if (ret)
		goto out;
	rec = &out->recovery[out->nrecovery++];
	rec->idle_s = (double)s->idle_ns[i] / 1e9;
	if (r.stopped_early) {
		struct timeline tl;

		if ((ret = timeline_init(&tl, &r))) {
			timeline_free(&tl);
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		rec->recovered_bytes = locate_step(&tl, 0, r.bytes, out->bin_bytes, out->in_cache_mbps * 1e6);
		timeline_free(&tl);
	} else {
		rec->recovered_bytes = r.bytes;
		rec->lower_bound = true;
	}
out:
	free(ctx->bins.mbps);
	run_result_free(&r);
	return ret;
}

int slc_probe_run(struct target *t, const struct slc_settings *s, struct slc_result *out, slc_poll_fn poll,
		  void *arg, char *err, size_t errlen)
{
	struct recovery_ctx ctx = { .poll = poll, .arg = arg, .tick_fn = s->tick, .tick_arg = s->tick_arg };
	struct run_result fill = { 0 };
	uint64_t start = t->ops->now_ns(t), measured;
	int ret;

	memset(out, 0, sizeof(*out));
	out->in_cache_mbps = out->post_cache_mbps = NAN;
	out->bin_bytes = (uint64_t)((double)s->usable_bytes * SLC_BIN_FRACTION);
	out->prefill_bytes = (uint64_t)((double)s->usable_bytes * s->prefill_pct / 100.0) / s->bs * s->bs;
	if (!out->bin_bytes) {
		snprintf(err, errlen, "the usable span is too small for the SLC probe");
		return -EINVAL;
	}
	ret = precondition_purge(t, s->purge_method, out->purge_method, sizeof(out->purge_method), err, errlen);
	if (ret > 0)
		snprintf(out->warning, sizeof(out->warning), "%s", err);
	else if (ret)
		return ret;
	if (out->prefill_bytes && (ret = prefill(t, s, out, &ctx, err, errlen)))
		goto out;

	/* The measured fill: everything after the prefill, sampled finely in time. */
	measured = (s->usable_bytes - out->prefill_bytes) / s->bs * s->bs;
	struct workload w = {
		.rw = WL_WRITE, .bs = s->bs, .qd = s->qd, .bytes = measured, .interval_ns = FINE_INTERVAL_NS,
		.span_bytes = measured, .offset_bytes = out->prefill_bytes, .seed = s->seed,
	};
	if (begin(&ctx, "probe", 0, measured, 0)) {
		ret = -EINTR;
		goto out;
	}
	ret = workload_run(t, &w, &fill, poll_only, &ctx, err, errlen);
	if (!ret && fill.stopped_early)
		ret = -EINTR;
	if (ret || (ret = analyse_fill(&fill, out, err, errlen)))
		goto out;
	for (size_t i = 0; out->cliff && i < s->nidle; i++)
		if ((ret = recover_once(t, s, i, &w, measured, &ctx, out, err, errlen)))
			goto out;
out:
	run_result_free(&fill);
	out->seconds = (double)(t->ops->now_ns(t) - start) / 1e9;
	return ret;
}

void slc_result_free(struct slc_result *r)
{
	free(r->samples);
	free(r->phases);
	r->samples = NULL;
	r->phases = NULL;
}
