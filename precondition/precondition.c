/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/histogram.h"
#include "precondition/precondition.h"
#include "device/target.h"
#include "engine/access_spec.h"
#include "engine/workload.h"

#define NS_PER_S 1e9

int precondition_purge(struct target *t, const char *method, char *method_used, size_t used_len,
		       char *err, size_t errlen)
{
	int ret;

	if (target_has(t, TARGET_CAP_PURGE)) {
		ret = t->ops->purge(t, method, err, errlen);
		if (!ret)
			snprintf(method_used, used_len, "%s", method ? method : "auto");
		if (ret == -EOPNOTSUPP && (!method || !strcmp(method, "auto")) &&
		    target_has(t, TARGET_CAP_GENERIC)) {
			/* md RAID 5/6 passes no discards by default: auto goes on with the data in place. */
			snprintf(err, errlen, "%s takes no TRIM, so it was not purged; the results start from the "
				 "data already on it", t->info.path);
			snprintf(method_used, used_len, "none");
			return 1;
		}
		return ret;
	}
	if (method && strcmp(method, "trim") && strcmp(method, "auto")) {
		snprintf(err, errlen, "--purge-method: %s cannot '%s'; use trim", t->info.path, method);
		return -EOPNOTSUPP;
	}
	if (!target_has(t, TARGET_CAP_TRIM)) {
		snprintf(err, errlen, "%s can neither purge nor TRIM; it cannot be preconditioned from a clean state",
			 t->info.path);
		return -EOPNOTSUPP;
	}
	ret = t->ops->trim(t, 0, t->info.capacity_bytes);
	if (ret)
		snprintf(err, errlen, "TRIM of %s failed: %s", t->info.path, strerror(-ret));
	else
		snprintf(method_used, used_len, "trim");
	return ret;
}

struct phase_ctx {
	precondition_poll_fn poll;
	precondition_progress_fn progress;
	void *arg;
	struct phase_tick tick;       /* the phase running */
};

/* Ticks at 1 s of target time at most apart, so a status line moves within a 60 s round. */
#define TICK_INTERVAL_NS 1000000000ull

/* Report where the phase is: its start (s NULL) or a sample of it.  Non-zero stops. */
static int tick(struct phase_ctx *c, const struct run_sample *s)
{
	struct precondition_event ev = { .phase = PHASE_TICK, .tick = &c->tick };

	c->tick.start = !s;
	if (s) {
		c->tick.done_bytes += s->bytes;
		c->tick.done_s = s->t_s;
		c->tick.mbps = s->mbps;
		c->tick.iops = s->iops;
	} else {
		c->tick.done_bytes = 0;
		c->tick.done_s = 0;
		c->tick.mbps = c->tick.iops = NAN;
	}
	return c->progress ? c->progress(&ev, c->arg) : 0;
}

static int poll_sample(const struct run_sample *s, void *arg)
{
	struct phase_ctx *c = arg;

	if (tick(c, s))
		return 1;
	return c->poll ? c->poll(c->arg) : 0;
}

static void round_from_run(const struct run_result *r, double t_s, struct round_result *out)
{
	memset(out, 0, sizeof(*out));
	out->t_s = t_s;
	out->iops = r->iops;
	out->mbps = r->mbps;
	out->lat_mean_us = r->lat_mean_us;
	out->lat_p50_us = r->lat_p50_us;
	out->lat_p99_us = r->lat_p99_us;
	out->lat_p999_us = r->lat_p999_us;
	out->lat_p9999_us = r->lat_p9999_us;
	out->lat_max_us = r->lat_max_us;
	out->host_bytes_written = r->host_bytes_written;
	out->media_bytes_written = r->media_bytes_written;
	out->media_known = r->media_known;
	out->waf = r->waf;
}

/*
 * Window figures: sums of the window's rounds, and latency percentiles from
 * the rounds' histograms merged (hist[i % STEADY_WINDOW] holds round i's),
 * so the window's p99 is the p99 of all its I/Os, not an average of p99s.
 */
static void summarise_window(struct precondition_result *r, size_t first, size_t last,
			     struct lat_hist *const *hist)
{
	size_t n = last - first + 1;
	double sum_iops = 0, sum_mbps = 0, mean = 0, max = 0;
	/* Zeroed first: reset only clears what the counts say is in use. */
	struct lat_hist *merged = calloc(1, sizeof(*merged));

	if (merged)
		lat_hist_reset(merged);
	r->host_bytes_written = r->media_bytes_written = 0;
	r->media_known = true;
	for (size_t i = first; i <= last; i++) {
		const struct round_result *x = &r->rounds[i];

		sum_iops += x->iops;
		sum_mbps += x->mbps;
		mean += x->lat_mean_us * x->iops;
		max = fmax(max, x->lat_max_us);
		if (merged && hist[i % STEADY_WINDOW])
			lat_hist_merge(merged, hist[i % STEADY_WINDOW]);
		r->host_bytes_written += x->host_bytes_written;
		r->media_bytes_written += x->media_bytes_written;
		r->media_known &= x->media_known;
	}
	r->iops = sum_iops / (double)n;
	r->mbps = sum_mbps / (double)n;
	/* Rounds are equally long, so weighting by IOPS weights by I/O count. */
	r->lat_mean_us = sum_iops > 0 ? mean / sum_iops : NAN;
	r->lat_max_us = max;
	r->lat_p50_us = r->lat_p99_us = r->lat_p999_us = r->lat_p9999_us = NAN;
	if (merged && merged->count) {
		r->lat_p50_us = lat_hist_percentile_ns(merged, 50) / 1e3;
		r->lat_p99_us = lat_hist_percentile_ns(merged, 99) / 1e3;
		r->lat_p999_us = lat_hist_percentile_ns(merged, 99.9) / 1e3;
		r->lat_p9999_us = lat_hist_percentile_ns(merged, 99.99) / 1e3;
	}
	free(merged);
	r->waf = r->media_known && r->host_bytes_written
		 ? (double)r->media_bytes_written / (double)r->host_bytes_written : NAN;
}

static int run_fill(struct target *t, const struct precondition_settings *s, struct phase_ctx *ctx,
		    struct fill_result *fill, char *err, size_t errlen)
{
	struct workload w = {
		.rw = WL_WRITE, .bs = FILL_BS, .qd = FILL_QD,
		.bytes = s->usable_bytes / FILL_BS * FILL_BS * s->fill_passes,
		.interval_ns = 1000000000ull, .span_bytes = s->usable_bytes, .seed = s->seed,
		.stop_poll = ctx->poll, .stop_arg = ctx->arg,
	};
	struct run_result r = { 0 };
	uint64_t t0 = t->ops->now_ns(t);
	int ret;

	fill->passes = s->fill_passes;
	ctx->tick = (struct phase_tick){ .phase = "fill", .total_bytes = w.bytes };
	if (tick(ctx, NULL))
		return -EINTR;
	ret = workload_run(t, &w, &r, poll_sample, ctx, err, errlen);
	fill->bytes = r.bytes;
	fill->seconds = (double)(t->ops->now_ns(t) - t0) / NS_PER_S;
	fill->mbps = fill->seconds > 0 ? (double)r.bytes / fill->seconds / 1e6 : NAN;
	if (!ret && r.stopped_early)
		ret = -EINTR;
	run_result_free(&r);
	return ret;
}

int precondition_fill(struct target *t, uint64_t usable_bytes, unsigned passes, uint64_t seed,
		      precondition_poll_fn poll, void *arg, struct fill_result *fill, char *err, size_t errlen)
{
	const struct precondition_settings s = { .usable_bytes = usable_bytes, .fill_passes = passes, .seed = seed };
	struct phase_ctx ctx = { .poll = poll, .arg = arg };

	return run_fill(t, &s, &ctx, fill, err, errlen);
}

int precondition_run(struct target *t, const struct precondition_settings *s,
		     struct precondition_result *out, precondition_progress_fn progress,
		     precondition_poll_fn poll, void *arg, char *err, size_t errlen)
{
	struct phase_ctx ctx = { .poll = poll, .progress = progress, .arg = arg };
	struct precondition_event ev = { 0 };
	struct lat_hist *hist[STEADY_WINDOW] = { 0 };
	double *iops = NULL;
	uint64_t start = t->ops->now_ns(t), rounds_start, written = 0;
	unsigned max_rounds = s->max_rounds ? s->max_rounds : PRECONDITION_MAX_ROUNDS;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	/* Unmeasured until a round ends: null in the result, not 0. */
	out->iops = out->mbps = out->waf = NAN;
	out->lat_mean_us = out->lat_p50_us = out->lat_p99_us = out->lat_p999_us = out->lat_p9999_us = NAN;
	out->lat_max_us = NAN;
	out->rounds = calloc(max_rounds, sizeof(*out->rounds));
	iops = calloc(max_rounds, sizeof(*iops));
	if (!out->rounds || !iops) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
		goto out;
	}

	if (s->fill_passes) {
		ret = run_fill(t, s, &ctx, &out->fill, err, errlen);
		if (ret)
			goto out;
		ev.phase = PHASE_FILL;
		ev.fill = &out->fill;
		if (progress && progress(&ev, arg)) {
			ret = -EINTR;
			goto out;
		}
	}

	rounds_start = t->ops->now_ns(t);
	ev.phase = PHASE_ROUNDS_START;
	if (progress && progress(&ev, arg)) {
		ret = -EINTR;
		goto out;
	}
	out->stop_reason = "max-rounds";
	while (out->nrounds < max_rounds) {
		/* Each round its own seed, so rounds are not replays of one another. */
		struct workload w = {
			.rw = WL_RANDWRITE, .bs = s->bs, .qd = s->qd, .time_ns = s->round_ns,
			.interval_ns = s->round_ns < TICK_INTERVAL_NS ? s->round_ns : TICK_INTERVAL_NS,
			.span_bytes = s->usable_bytes,
			.seed = s->seed + 1 + out->nrounds,
			/* A signal stops the round at the next I/O batch, not at its end. */
			.stop_poll = ctx.poll, .stop_arg = ctx.arg,
		};
		struct run_result r = { 0 };
		struct round_result *rr = &out->rounds[out->nrounds];

		ctx.tick = (struct phase_tick){ .phase = "rounds", .index = (unsigned)out->nrounds,
						.total_s = (double)s->round_ns / NS_PER_S };
		if (tick(&ctx, NULL)) {
			ret = -EINTR;
			goto out;
		}
		if (s->shape)
			workload_copy_shape(&w, s->shape);
		ret = workload_run(t, &w, &r, poll_sample, &ctx, err, errlen);
		if (!ret && r.stopped_early)
			ret = -EINTR;
		/* A round cut short by a stop keeps what it measured: its rates over the time it ran. */
		if (ret && !(ret == -EINTR && r.ios)) {
			run_result_free(&r);
			goto out;
		}
		round_from_run(&r, (double)(t->ops->now_ns(t) - rounds_start) / NS_PER_S, rr);
		/* Keep the last window's histograms for its percentiles. */
		free(hist[out->nrounds % STEADY_WINDOW]);
		hist[out->nrounds % STEADY_WINDOW] = r.lat_hist;
		r.lat_hist = NULL;
		run_result_free(&r);
		written += rr->host_bytes_written;
		iops[out->nrounds] = rr->iops;
		out->nrounds++;

		/* A cut round is reported but never tested for steady state: it is shorter than the others. */
		if (!ret)
			out->window_valid = steady_check(iops, out->nrounds, &out->window);
		ev.phase = PHASE_ROUND;
		ev.round = rr;
		ev.round_index = out->nrounds - 1;
		ev.window = out->window_valid && !ret ? &out->window : NULL;
		if ((progress && progress(&ev, arg)) || ret) {
			ret = -EINTR;
			goto out;
		}
		if (out->window_valid && out->window.reached) {
			out->reached = true;
			out->stop_reason = "steady";
			break;
		}
		if (s->max_writes > 0 && (double)written >= s->max_writes * (double)s->usable_bytes) {
			out->stop_reason = "max-writes";
			break;
		}
	}
out:
	/* Stopped or failed too: the rounds so far (not one an I/O error ended), never zeros. */
	if (out->nrounds)
		summarise_window(out, out->nrounds > STEADY_WINDOW ? out->nrounds - STEADY_WINDOW : 0,
				 out->nrounds - 1, hist);
	if (ret == -EINTR)
		out->stop_reason = "interrupted";
	else if (ret)
		out->stop_reason = "error";
	out->seconds = (double)(t->ops->now_ns(t) - start) / NS_PER_S;
	for (size_t i = 0; i < STEADY_WINDOW; i++)
		free(hist[i]);
	free(iops);
	return ret;
}

void precondition_result_free(struct precondition_result *r)
{
	free(r->rounds);
	r->rounds = NULL;
	r->nrounds = 0;
}
