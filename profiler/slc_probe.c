/* SPDX-License-Identifier: MIT */
/*
 * The SLC probe's run (profiler/slc_probe.h): purge, prefill, the measured
 * fill, the recoveries after idle and the write buffer's measurement apart
 * from the SLC cache; the curve is analysed in slc_cliff.c, its phases in
 * slc_phases.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "precondition/precondition.h"
#include "profiler/slc_probe.h"
#include "device/target.h"
#include "engine/workload.h"
#include "profiler/slc_cliff.h"

/* Fine samples for locating the cliff inside a bin: 1 ms on the target's clock. */
#define FINE_INTERVAL_NS 1000000ull
/*
 * The pause that measures the write buffer: a small write this often keeps
 * the host from ever going quiet (the simulator folds after 10 ms of quiet,
 * real drives after tens of ms or more), and it lasts at most this long.
 */
#define BUSY_STEP_NS 2000000ull
#define BUSY_MAX_NS (30ull * 1000000000)

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
	if ((c->error = slc_binner_add(&c->bins, s->bytes, s->dur_s)))
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

/* The prefill: write the first part and let the drive settle.  0 or -errno with err set. */
static int prefill(struct target *t, const struct slc_settings *s, struct slc_result *out, struct recovery_ctx *ctx,
		   char *err, size_t errlen)
{
	struct workload w = {
		.rw = WL_WRITE, .bs = s->bs, .qd = s->qd, .bytes = out->prefill_bytes,
		.interval_ns = 1000000000ull, .span_bytes = out->prefill_bytes, .seed = s->seed,
		.stop_poll = ctx->poll, .stop_arg = ctx->arg,
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
 * A pause in which the host never goes quiet: a 4 KiB write every
 * BUSY_STEP_NS.  The write buffer drains (the drive must store what it has
 * acknowledged), but folding SLC into native cells, which drives do when the
 * host is idle (the simulator after bg_idle_ms), does not start.  On a RAID
 * group the writes go round the members' chunks so that every member stays
 * busy.
 */
static int busy_pause(struct target *t, const struct slc_settings *s, uint64_t ns, slc_poll_fn poll, void *arg,
		      char *err, size_t errlen)
{
	uint32_t len = t->info.lba_bytes > 4096 ? t->info.lba_bytes : 4096;
	uint64_t end = t->ops->now_ns(t) + ns, stride = 0, base;
	unsigned spots = 1;
	void *buf = NULL;
	int ret = 0;

	if (target_has(t, TARGET_CAP_GROUP)) {
		struct target_group_geom g = { .chunk_bytes = 0, .members = 1 };

		target_group_geom(t, &g);
		stride = g.chunk_bytes;
		spots = g.members;
	}
	base = s->usable_bytes > spots * stride + len ? s->usable_bytes - spots * stride - len : 0;
	base -= base % len;
	if (posix_memalign(&buf, 4096, len)) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	/* One write at a time straight through the queue: a whole workload per write costs too much. */
	for (unsigned i = 0; !ret; i++) {
		struct io_req req = { .offset = base + (i % spots) * stride, .len = len, .dir = IO_WRITE, .buf = buf };
		struct io_completion c;
		uint64_t now;

		workload_pattern(s->seed, req.offset, buf, len);
		if (poll && poll(arg)) {
			ret = -EINTR;
			break;
		}
		ret = t->ops->submit(t, &req, 1);
		if (ret == 1)
			ret = t->ops->reap(t, &c, 1, 1);
		if (ret == 1 && c.res < 0)
			ret = c.res;
		if (ret < 0 || (ret = ret == 1 ? 0 : -EIO)) {
			/* Named as the engine names a failed I/O: the target, the offset and the LBA. */
			snprintf(err, errlen, "%s: write error at byte offset %llu (LBA %llu) during the buffer pause: %s",
				 t->info.path, (unsigned long long)req.offset,
				 (unsigned long long)(req.offset / (t->info.lba_bytes ? t->info.lba_bytes : 1)),
				 strerror(-ret));
			break;
		}
		now = t->ops->now_ns(t);
		if (now >= end)
			break;
		if ((ret = t->ops->idle(t, end - now < BUSY_STEP_NS / spots ? end - now : BUSY_STEP_NS / spots)))
			snprintf(err, errlen, "idle failed: %s", strerror(-ret));
	}
	free(buf);
	return ret;
}

/*
 * Write from the start of the measured span at full speed until the speed
 * has stayed below cache speed for 1% of capacity; how much went in fast.
 */
static int write_burst(struct target *t, const struct workload *w, uint64_t limit, const struct slc_result *out,
		       struct recovery_ctx *ctx, uint64_t *fast, bool *no_drop, char *err, size_t errlen)
{
	struct workload bw = *w;
	struct run_result r = { 0 };
	struct timeline tl = { 0 };
	int ret;

	memset(&ctx->bins, 0, sizeof(ctx->bins));
	ctx->bins.bin_bytes = out->bin_bytes;
	ctx->threshold_mbps = (1 - SLC_CHANGE) * out->in_cache_mbps;
	ctx->sustain = (size_t)llround(SLC_SUSTAIN_FRACTION / SLC_BIN_FRACTION);
	bw.bytes = limit / w->bs * w->bs;
	/*
	 * At the end of the span, away from what the cache holds: rewriting
	 * the cache's own data frees whole SLC blocks, which a drive reuses as
	 * SLC at once, and that would pass for a buffer.
	 */
	if (bw.span_bytes > bw.bytes) {
		uint64_t skip = (bw.span_bytes - bw.bytes) / w->bs * w->bs;

		bw.offset_bytes += skip;
		bw.span_bytes -= skip;
	}
	ret = workload_run(t, &bw, &r, recovery_sample, ctx, err, errlen);
	if (!ret && (ctx->error || (ctx->poll && ctx->poll(ctx->arg))))
		ret = ctx->error ? ctx->error : -EINTR;
	free(ctx->bins.mbps);
	ctx->bins.mbps = NULL;
	if (!ret && !(ret = slc_timeline_init(&tl, &r))) {
		*no_drop = !r.stopped_early;
		*fast = *no_drop ? r.bytes : slc_locate_step(&tl, 0, r.bytes, slc_step_window(out), out->in_cache_mbps * 1e6);
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	slc_timeline_free(&tl);
	run_result_free(&r);
	return ret;
}

/*
 * The write buffer apart from the SLC cache.  Right after the cliff both
 * are full.  The buffer empties at the sustained rate whatever the host
 * does; the SLC cache empties only by folding, which waits for the host to
 * go quiet.  So pause busily (busy_pause) for long enough to drain a buffer
 * as large as everything that went in fast, then write at full speed: what
 * goes in fast now is the buffer's share.  A plain idle would not do: the
 * simulated SATA drive folds its whole 150 MiB cache within a second.
 */
static int measure_buffer(struct target *t, const struct slc_settings *s, const struct workload *w,
			  struct slc_result *out, struct recovery_ctx *ctx, char *err, size_t errlen)
{
	double in = out->in_cache_mbps * 1e6, sus = out->post_cache_mbps * 1e6, per_s, pause_s, short_s;
	const uint64_t sustain_bytes = 2 * out->bin_bytes;
	uint64_t limit = out->cache_bytes + 2 * sustain_bytes, fast = 0, fast_short = 0;
	bool no_drop = false, capped;
	int ret;

	if (!(sus > 0 && in > sus))
		return 0;
	/* A buffer drained at sus refills while taking writes at in: burst bytes per second drained. */
	per_s = sus * in / (in - sus);
	/*
	 * First a short pause, a quarter of what would drain a buffer as large
	 * as the fast start.  A buffer gives back what drained from it, at most
	 * its size: after the short pause either about per_s x pause, or less
	 * when the buffer is smaller, and then the long pause gives back no
	 * more.  More after the long one is SLC the drive freed meanwhile (a
	 * full drive's garbage collection folds a small static cache, line by
	 * line), not buffer: the buffer is what the short pause gave back.
	 */
	short_s = 0.25 * (double)out->cache_bytes / per_s;
	if (short_s < (double)BUSY_STEP_NS / 1e9)
		short_s = (double)BUSY_STEP_NS / 1e9;
	if (limit > w->span_bytes)
		limit = w->span_bytes;
	if ((ret = busy_pause(t, s, (uint64_t)(short_s * 1e9), ctx->poll, ctx->arg, err, errlen)))
		return ret;
	if ((ret = write_burst(t, w, limit, out, ctx, &fast_short, &no_drop, err, errlen)))
		return ret;
	pause_s = 1.5 * (double)out->cache_bytes / per_s;
	capped = pause_s * 1e9 > (double)BUSY_MAX_NS;
	pause_s = capped ? (double)BUSY_MAX_NS / 1e9 : pause_s < 0.02 ? 0.02 : pause_s;
	if ((ret = busy_pause(t, s, (uint64_t)(pause_s * 1e9), ctx->poll, ctx->arg, err, errlen)))
		return ret;
	if ((ret = write_burst(t, w, limit, out, ctx, &fast, &no_drop, err, errlen)))
		return ret;
	out->buffer_known = true;
	if ((double)fast_short < 0.5 * per_s * short_s && fast > fast_short + slc_step_window(out)) {
		fast = fast_short;
		no_drop = capped = false;
	}
	out->write_buffer_bytes = fast;
	out->buffer_lower_bound = no_drop || (capped && (double)fast > 0.8 * per_s * pause_s);
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
		struct timeline tl = { 0 };

		if ((ret = slc_timeline_init(&tl, &r))) {
			slc_timeline_free(&tl);
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		rec->recovered_bytes = slc_locate_step(&tl, 0, r.bytes, slc_step_window(out), out->in_cache_mbps * 1e6);
		slc_timeline_free(&tl);
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
		/* A signal stops the probe at the next I/O batch (recoveries and bursts copy w). */
		.stop_poll = poll, .stop_arg = arg,
	};
	if (begin(&ctx, "probe", 0, measured, 0)) {
		ret = -EINTR;
		goto out;
	}
	ret = workload_run(t, &w, &fill, poll_only, &ctx, err, errlen);
	if (!ret && fill.stopped_early)
		ret = -EINTR;
	if (ret) {
		slc_cut_fill(&fill, out);
		goto out;
	}
	if ((ret = slc_analyse_fill(&fill, out, err, errlen)))
		goto out;
	for (size_t i = 0; out->cliff && i < s->nidle; i++)
		if ((ret = recover_once(t, s, i, &w, measured, &ctx, out, err, errlen)))
			goto out;
	if (out->cliff && (ret = measure_buffer(t, s, &w, out, &ctx, err, errlen)))
		goto out;
	if (out->buffer_known) {
		slc_settle_buffer(out);
		ret = slc_phase_rates(out, &fill, err, errlen);
		if (out->cache_bytes)
			out->in_cache_mbps = out->phases[0].mbps;
		slc_buffer_size(out);
	}
out:
	run_result_free(&fill);
	out->seconds = (double)(t->ops->now_ns(t) - start) / 1e9;
	out->cut = ret != 0;
	return ret;
}

void slc_result_free(struct slc_result *r)
{
	free(r->samples);
	free(r->phases);
	r->samples = NULL;
	r->phases = NULL;
}
