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
#include "util/settings_limits.h"

#define NS_PER_S 1e9

int precondition_purge(struct target *t, const char *method, char *method_used, size_t used_len,
		       char *err, size_t errlen)
{
	int ret;

	if (target_has(t, TARGET_CAP_PURGE)) {
		/* What auto will do, asked before it is done (the drive's state decides): recorded, not "auto". */
		const char *used = method && strcmp(method, "auto") ? method : NULL;

		if (!used && target_control(t, TARGET_CTL_PURGE_AUTO, &used))
			used = NULL;
		ret = t->ops->purge(t, method, err, errlen);
		if (!ret)
			snprintf(method_used, used_len, "%s", used ? used : "auto");
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

/* Halve the entries by merging neighbours, so each covers twice the samples. */
static void intervals_merge(struct precondition_result *r)
{
	size_t n = r->nintervals / 2;

	for (size_t i = 0; i < n; i++) {
		const struct pc_interval *a = &r->intervals[2 * i], *b = &r->intervals[2 * i + 1];

		r->intervals[i] = (struct pc_interval){ .t_s = b->t_s, .dur_s = a->dur_s + b->dur_s,
							.ios = a->ios + b->ios, .written = b->written };
	}
	r->nintervals = n;
	r->interval_stride *= 2;
}

void precondition_intervals_flush(struct precondition_result *r, struct pc_interval_acc *acc)
{
	if (!acc->npending || !r->intervals)
		return;
	if (r->nintervals == PRECONDITION_MAX_INTERVALS)
		intervals_merge(r);
	r->intervals[r->nintervals++] = acc->pending;
	acc->npending = 0;
}

void precondition_intervals_add(struct precondition_result *r, struct pc_interval_acc *acc,
				 const struct run_sample *samples, size_t n, double t0)
{
	for (size_t i = 0; r->intervals && i < n; i++) {
		const struct run_sample *s = &samples[i];
		struct pc_interval *p = &acc->pending;

		acc->written += s->bytes - s->read_bytes;
		if (!acc->npending)
			*p = (struct pc_interval){ 0 };
		p->t_s = t0 + s->t_s;
		p->dur_s += s->dur_s;
		p->ios += s->ios;
		p->written = acc->written;
		if (++acc->npending < r->interval_stride)
			continue;
		/* Full: merge first; the pending entry then waits for the new stride, so all stay even. */
		if (r->nintervals == PRECONDITION_MAX_INTERVALS)
			intervals_merge(r);
		if (acc->npending >= r->interval_stride)
			precondition_intervals_flush(r, acc);
	}
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

/* The write cache's cliff, as the exhaust write sees it: rates over stretches of `stretch` bytes. */
struct cliff_watch {
	struct phase_ctx *ctx;
	uint64_t stretch, bytes;        /* the stretch's length, and what it holds so far */
	unsigned stretches;             /* whole stretches seen */
	double dur_s, best_mbps;
	bool cliff, stopped;            /* a cliff was seen; poll asked to stop */
};

/* A sample into the stretch: true once a whole stretch ran under EXHAUST_CLIFF of the best one. */
static bool cliff_feed(struct cliff_watch *cw, const struct run_sample *smp)
{
	cw->bytes += smp->bytes;
	cw->dur_s += smp->dur_s;
	if (cw->bytes < cw->stretch || !(cw->dur_s > 0))
		return false;
	double mbps = (double)cw->bytes / cw->dur_s / 1e6;

	cw->bytes = 0;
	cw->dur_s = 0;
	cw->best_mbps = fmax(cw->best_mbps, mbps);
	cw->stretches++;
	cw->cliff = mbps < EXHAUST_CLIFF * cw->best_mbps;
	return cw->cliff;
}

static int cliff_sample(const struct run_sample *smp, void *arg)
{
	struct cliff_watch *cw = arg;

	if (cw->ctx->poll && cw->ctx->poll(cw->ctx->arg)) {
		cw->stopped = true;
		return 1;
	}
	return cliff_feed(cw, smp);
}

/*
 * The fill's first pass, watched for a write cache's cliff as the cache
 * write would see it: a pass that fills the whole span after a purge with
 * no cliff shows the drive has no cache a constructed point must use up
 * first (fill_result.cache_seen).
 */
struct fill_watch {
	struct phase_ctx *ctx;
	struct cliff_watch cw;
	uint64_t done, first_pass;
};

static int fill_sample(const struct run_sample *smp, void *arg)
{
	struct fill_watch *fw = arg;

	if (fw->done < fw->first_pass && !fw->cw.cliff)
		cliff_feed(&fw->cw, smp);
	fw->done += smp->bytes;
	return poll_sample(smp, fw->ctx);
}

/*
 * Before a constructed write: a drive's dynamic SLC cache takes the first
 * writes after a purge into SLC lines and folds them later in its own
 * order, so the pattern would not be what the flash holds (budget-tlc
 * 16 GiB at 40% OP: WA 1.12 for the first 0.3 drive-writes of rounds, then
 * 1.44 falling to 1.36 over a drive-write).  Sequential writes over a small
 * region, each pass invalidating the last, use the cache up: they stop at
 * its cliff (a stretch of 1% of the span at under EXHAUST_CLIFF of the best
 * rate), or at s->exhaust_max bytes when none shows.  Its lines then hold
 * nothing valid, GC frees them at no cost, and the pattern lands in native
 * cells (the same point: WA 1.377 from its first round, as the full way's
 * window).  fill->exhaust_bytes: what it wrote; exhaust_cliff: whether a
 * cliff stopped it.
 */
static int exhaust_cache(struct target *t, const struct precondition_settings *s, struct phase_ctx *ctx,
			 struct fill_result *fill, char *err, size_t errlen)
{
	struct cliff_watch cw = { .ctx = ctx, .stretch = s->usable_bytes / 100 };
	struct workload w = {
		.rw = WL_WRITE, .bs = FILL_BS, .qd = FILL_QD,
		.bytes = s->exhaust_max / FILL_BS * FILL_BS,
		.interval_ns = EXHAUST_SAMPLE_NS, .offset_bytes = 0,
		.span_bytes = s->usable_bytes < EXHAUST_REGION ? s->usable_bytes : EXHAUST_REGION,
		.seed = s->seed,
	};
	struct run_result r = { 0 };
	int ret;

	if (!w.bytes || w.span_bytes < FILL_BS)
		return 0;
	ret = workload_run(t, &w, &r, cliff_sample, &cw, err, errlen);
	fill->exhaust_bytes = r.bytes;
	fill->exhaust_cliff = cw.cliff;
	if (!ret && cw.stopped)
		ret = -EINTR;
	run_result_free(&r);
	return ret;
}

static int run_fill(struct target *t, const struct precondition_settings *s, struct phase_ctx *ctx,
		    struct fill_result *fill, char *err, size_t errlen)
{
	uint64_t from = s->fill_from_bytes < s->usable_bytes ? s->fill_from_bytes : 0;
	struct workload w = {
		.rw = WL_WRITE, .bs = FILL_BS, .qd = FILL_QD,
		.bytes = (s->usable_bytes - from) / FILL_BS * FILL_BS * s->fill_passes,
		.interval_ns = FILL_SAMPLE_NS, .offset_bytes = from, .span_bytes = s->usable_bytes - from,
		.seed = s->seed,
		.stop_poll = ctx->poll, .stop_arg = ctx->arg,
	};
	struct run_result r = { 0 };
	uint64_t t0 = t->ops->now_ns(t);
	/* Watched only where no cache write before it tells (and only a fill from the span's start). */
	struct fill_watch fw = { .ctx = ctx, .cw = { .ctx = ctx, .stretch = (s->usable_bytes - from) / 100 },
				 .first_pass = from || s->exhaust_max ? 0 : s->usable_bytes };
	int ret;

	if (s->construct_bytes) {
		/*
		 * The constructed steady state over the whole span, offsets from
		 * construct.h, in the rounds' writes of bs: a flash page then
		 * holds the mix of valid and stale units the rounds leave.  In
		 * 128 KiB (or 16 KiB) writes every page was wholly valid or
		 * stale, so GC read a page per four units it kept and ran faster
		 * than at equilibrium: sata-tlc 16 GiB at 40% OP read IOPS +3.15%
		 * at the right WA until the rounds had broken the runs up, which
		 * 60 s rounds did before their window and short ones do not.
		 * Each block's first write still goes in a FILL_BS run, its
		 * blocks kept or not one by one (construct.h): only the
		 * rewrites pay the drive's write-command rate.
		 */
		uint32_t bs = s->bs ? s->bs : FILL_BS;

		w.rw = WL_RANDWRITE;
		w.bs = bs;
		w.offset_bytes = 0;
		w.span_bytes = s->usable_bytes;
		w.construct_total = s->construct_bytes / bs;
		w.construct_run_bytes = FILL_BS;
		w.bytes = w.construct_total * bs;
		ret = exhaust_cache(t, s, ctx, fill, err, errlen);
		if (ret)
			return ret;
	}
	fill->passes = s->construct_bytes ? 0 : s->fill_passes;
	/* A fill to the progress line and the ETA: a write of a known size before the rounds. */
	ctx->tick = (struct phase_tick){ .phase = "fill", .total_bytes = w.bytes };
	if (tick(ctx, NULL))
		return -EINTR;
	/* A fill's cache write is its own first part (not the purge's, whose length the ETA takes for the next). */
	if (!s->construct_bytes && s->exhaust_max) {
		ret = exhaust_cache(t, s, ctx, fill, err, errlen);
		if (ret)
			return ret;
	}
	/* The estimates tell the cache write's time from the writes' own rate (profiler/eta.c construct_s). */
	ctx->tick.cache_bytes = fill->exhaust_bytes;
	ctx->tick.cache_cliff = fill->exhaust_cliff;
	if (s->construct_bytes)
		ret = s->construct_fn ? s->construct_fn(s->construct_arg, t, s, &r, err, errlen)
				      : workload_run(t, &w, &r, poll_sample, ctx, err, errlen);
	else
		ret = workload_run(t, &w, &r, fill_sample, &fw, err, errlen);
	/*
	 * A cache write (before a construction or the fill) tells by its own
	 * cliff, or by none up to its cap; else a cliff in the fill's first
	 * pass, or that pass whole and seen in enough stretches to tell there
	 * was none.
	 */
	if (s->exhaust_max) {
		fill->cache_seen = fill->exhaust_cliff;
		fill->cache_known = fill->exhaust_cliff || fill->exhaust_bytes >= s->exhaust_max / FILL_BS * FILL_BS;
	} else {
		fill->cache_seen = fw.cw.cliff;
		fill->cache_known = fw.cw.cliff || (fw.first_pass && fw.done >= fw.first_pass &&
						    fw.cw.stretches >= FILL_CLIFF_STRETCHES);
	}
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

/*
 * A shortened round's limit (issue 18): round_writes x usable bytes, so
 * the rounds sample the transient at the same share of the drive whatever
 * its speed; a round the last rate says would outlast round_ns runs for
 * round_ns instead.  rate_mbps is the last round's, or the hint, or the
 * fill's.  false: a round of round_ns.
 */
static bool round_bytes(const struct precondition_settings *s, double rate_mbps, uint64_t *bytes)
{
	double b = s->round_writes * (double)s->usable_bytes;

	if (s->round_writes <= 0 || !(rate_mbps > 0) || b / (rate_mbps * 1e6) * NS_PER_S > (double)s->round_ns)
		return false;
	*bytes = (uint64_t)b / s->bs * s->bs;
	return *bytes > 0;
}

unsigned precondition_max_rounds(const struct precondition_settings *s)
{
	unsigned n = s->max_rounds ? s->max_rounds : PRECONDITION_MAX_ROUNDS;

	/* Shortened rounds: the rounds min_writes takes come on top. */
	if (s->round_writes > 0)
		n += (unsigned)ceil(precondition_min_share(s->min_writes, (double)s->usable_bytes,
							    (double)s->host_spare_bytes) / s->round_writes);
	return n;
}

/* What the rounds keep between them. */
struct rounds_ctx {
	struct phase_ctx *ctx;
	struct lat_hist *hist[STEADY_WINDOW];
	double *iops, *waf;         /* per round */
	uint64_t written;
	uint64_t start_ns;
	double rate_mbps;           /* the last round's, for the next one's length */
	struct pc_interval_acc acc; /* the interval samples being merged */
	size_t cap;                 /* rounds the arrays hold */
	size_t warmup;              /* rounds that ended before min_writes was reached */
};

/* One round into out->rounds[out->nrounds].  0, -EINTR (a cut round is kept), or -errno. */
static int run_round(struct target *t, const struct precondition_settings *s, struct rounds_ctx *rc,
		     struct precondition_result *out, char *err, size_t errlen)
{
	uint64_t bytes = 0;
	bool by_bytes = round_bytes(s, rc->rate_mbps, &bytes);
	uint64_t len = by_bytes ? 0 : s->round_ns, t0 = t->ops->now_ns(t);
	/* Each round its own seed, so rounds are not replays of one another. */
	struct workload w = {
		.rw = WL_RANDWRITE, .bs = s->bs, .qd = s->qd, .time_ns = len, .bytes = bytes,
		.interval_ns = by_bytes || len >= TICK_INTERVAL_NS ? TICK_INTERVAL_NS : len,
		.span_bytes = s->usable_bytes,
		.seed = s->seed + 1 + out->nrounds,
		/* A signal stops the round at the next I/O batch, not at its end. */
		.stop_poll = rc->ctx->poll, .stop_arg = rc->ctx->arg,
		.io_done = s->io_done, .io_arg = s->io_arg,
	};
	struct run_result r = { 0 };
	struct round_result *rr = &out->rounds[out->nrounds];
	double t_start = (double)(t0 - rc->start_ns) / NS_PER_S;
	int ret;

	rc->ctx->tick = (struct phase_tick){ .phase = "rounds", .index = (unsigned)out->nrounds,
					     .total_s = (double)len / NS_PER_S, .total_bytes = bytes };
	if (tick(rc->ctx, NULL))
		return -EINTR;
	if (s->shape)
		workload_copy_shape(&w, s->shape);
	ret = workload_run(t, &w, &r, poll_sample, rc->ctx, err, errlen);
	if (!ret && r.stopped_early)
		ret = -EINTR;
	/* A round cut short by a stop keeps what it measured: its rates over the time it ran. */
	if (ret && !(ret == -EINTR && r.ios)) {
		run_result_free(&r);
		return ret;
	}
	round_from_run(&r, (double)(t->ops->now_ns(t) - rc->start_ns) / NS_PER_S, rr);
	precondition_intervals_add(out, &rc->acc, r.samples, r.nsamples, t_start);
	if (s->lat_all && r.lat_hist)
		lat_hist_merge(s->lat_all, r.lat_hist);
	/* Keep the last window's histograms for its percentiles. */
	free(rc->hist[out->nrounds % STEADY_WINDOW]);
	rc->hist[out->nrounds % STEADY_WINDOW] = r.lat_hist;
	r.lat_hist = NULL;
	run_result_free(&r);
	rc->written += rr->host_bytes_written;
	rc->rate_mbps = rr->mbps;
	out->round_s = (double)(t->ops->now_ns(t) - t0) / NS_PER_S;
	rc->iops[out->nrounds] = rr->iops;
	rc->waf[out->nrounds] = rr->media_known ? rr->waf : NAN;
	out->nrounds++;
	return ret;
}

/* The steady state predicted from the rounds so far is good enough to stop on. */
static bool predict_now(struct precondition_result *out, const struct rounds_ctx *rc)
{
	size_t n = out->nrounds;
	bool media = out->rounds[n - 1].media_known;

	if (!steady_fit(rc->iops, n, true, &out->pred_iops) || !steady_fit_good(&out->pred_iops, rc->iops, n))
		return false;
	if (!media) {
		out->pred_waf.valid = false;
		return true;
	}
	return steady_fit(rc->waf, n, false, &out->pred_waf) && steady_fit_good(&out->pred_waf, rc->waf, n);
}

/* Written enough in rounds for a window to count: share of precondition_min_share x usable (issue 18). */
static bool written_enough(const struct precondition_settings *s, const struct rounds_ctx *rc, double share)
{
	double usable = (double)s->usable_bytes;

	/* A constructed start wrote the flash whole: no spare left unmapped. */
	double spare = s->construct_bytes ? 0 : (double)s->host_spare_bytes;

	return (double)rc->written >= share * precondition_min_share(s->min_writes, usable, spare) * usable;
}

/*
 * With a write minimum, the window never holds the first round of rounds
 * that start from a fill or a purge (issue 25): that round begins with
 * every block holding the fill's data in order and GC not begun, so it runs
 * fast however long it is.  Rounds of a few % of the drive leave it far
 * before the window; one that writes past the minimum by itself (a 60 s
 * round on a 2 GB drive) took the minimum as met and sat in the window,
 * its IOPS 2% high and WA 2% low.  A point carried over starts at GC
 * equilibrium, not from a fill: its first round may count.
 */
static bool fresh_start(const struct precondition_settings *s)
{
	return s->min_writes > 0 && !s->carried_over && !s->construct_bytes;
}

/* The first round is warm-up too: it never counts toward max_rounds, so --max-rounds 5 still has a window. */
static bool window_clear_of_start(const struct precondition_settings *s, const struct precondition_result *out)
{
	return !fresh_start(s) || out->window.first > 0;
}

/*
 * A constructed start is near its equilibrium, not at it where the model
 * misses the drive (a low OP: sata-tlc 0%, WA 7.0 at the start, 7.6 at
 * equilibrium): the window must not trend.  Its IOPS and WA each move by
 * at most CONSTRUCTED_SLOPE_PCT of their mean across it, half the 2% a
 * constructed point must hold to; noise alone rarely trends so far.
 */
#define CONSTRUCTED_SLOPE_PCT (PREDICT_TOL_PCT / 2)

/*
 * Short rounds (a window of a quarter of the span, sweep.h
 * SWEEP_CONSTRUCTED_ROUND_WRITES) see a slow drift as a small slope: a
 * start off its equilibrium relaxes over about a drive-write (a carried
 * point's transient rings with that period), so the slope is held to the
 * share of PREDICT_TOL_PCT the window's writes are of the span.  A drift
 * that passes would move the figures by less than that tolerance over a
 * whole drive-write.  Windows of a drive-write or more keep
 * CONSTRUCTED_SLOPE_PCT.
 */
static double constructed_slope_limit(const struct precondition_settings *s, const struct precondition_result *out)
{
	uint64_t written = 0;

	for (size_t i = out->window.first; i <= out->window.last && i < out->nrounds; i++)
		written += out->rounds[i].host_bytes_written;
	if (!s->usable_bytes)
		return CONSTRUCTED_SLOPE_PCT;
	return fmin(CONSTRUCTED_SLOPE_PCT, PREDICT_TOL_PCT * (double)written / (double)s->usable_bytes);
}

static bool constructed_flat(const struct precondition_settings *s, const struct precondition_result *out,
			     const struct rounds_ctx *rc)
{
	double limit = constructed_slope_limit(s, out);
	struct steady_window ww;

	if (out->window.slope_pct > limit)
		return false;
	return !out->rounds[out->nrounds - 1].media_known ||
	       (steady_check(rc->waf, out->nrounds, &ww) && ww.slope_pct <= limit);
}

/*
 * settle_by_fit (precondition.h): the window may count before min_writes.
 * The minimum guards against a plateau before GC runs, and waits out a
 * transient that rings; with a media counter both show: WA above
 * SETTLE_MIN_WAF is GC running, and a transient still moving leaves the
 * fitted asymptote away from the window's mean or fits badly.  After a
 * two-pass fill the simulated presets settle within about a third of a
 * drive-write of random writes (sata-tlc 16 GiB at 0% OP: 60 s rounds from
 * the third to the 28th within 0.4%), where the minimum waits a drive-write
 * and the spare.  A quarter drive-write past the host's spare is the least.
 */
#define SETTLE_MIN_WAF 1.1

static bool settled_by_fit(const struct precondition_settings *s, const struct precondition_result *out,
			   const struct rounds_ctx *rc)
{
	size_t n = out->nrounds;
	double usable = (double)s->usable_bytes;
	struct steady_fit fi, fw;
	struct steady_window ww;

	if (!s->settle_by_fit || !fresh_start(s) || !n || !out->rounds[n - 1].media_known || !out->window_valid ||
	    (double)rc->written < PRECONDITION_SETTLE_MIN_WRITES * usable + (double)s->host_spare_bytes)
		return false;
	if (!steady_check(rc->waf, n, &ww) || !ww.reached || !(ww.mean >= SETTLE_MIN_WAF) ||
	    ww.range_pct > SHORT_ROUNDS_RANGE_PCT || out->window.range_pct > SHORT_ROUNDS_RANGE_PCT)
		return false;
	/*
	 * The window wholly after the transient's extreme (the fit's first
	 * round), at the level the curve approaches; or, where the transient
	 * has rung out before the fit has rounds enough to describe it (1 GiB:
	 * flat from the third round), a round before the window away from its
	 * IOPS or WA by more than the range allowed: the transient seen, and
	 * the window clear of it, and the window flat as a constructed one
	 * must be (a drift that passes moves the figures < 2% over a
	 * drive-write).
	 */
	if (steady_fit(rc->iops, n, true, &fi) && steady_fit_good(&fi, rc->iops, n) &&
	    steady_fit(rc->waf, n, false, &fw) && steady_fit_good(&fw, rc->waf, n))
		return out->window.first >= fi.first && out->window.first >= fw.first &&
		       fabs(fi.value - out->window.mean) <= PREDICT_TOL_PCT / 100 * out->window.mean &&
		       fabs(fw.value - ww.mean) <= PREDICT_TOL_PCT / 100 * ww.mean;
	if (!constructed_flat(s, out, rc))
		return false;
	for (size_t i = 0; i < out->window.first; i++)
		if (fabs(rc->iops[i] / out->window.mean - 1) > SHORT_ROUNDS_RANGE_PCT / 100 ||
		    fabs(rc->waf[i] / ww.mean - 1) > SHORT_ROUNDS_RANGE_PCT / 100)
			return true;
	return false;
}

/* After a good round: stop (steady, predicted, max-writes) or go on. */
static bool rounds_done(const struct precondition_settings *s, struct precondition_result *out,
			const struct rounds_ctx *rc)
{
	/*
	 * A constructed start (issue 28) is held to the shortened rounds' rule
	 * too: its window's IOPS and WA each within SHORT_ROUNDS_RANGE_PCT, so
	 * a start off its equilibrium shows as a drift, not as steady.
	 */
	bool short_rounds = s->round_writes > 0 || s->construct_bytes;
	bool enough = written_enough(s, rc, 1);
	bool settled = !enough && settled_by_fit(s, out, rc);
	struct steady_window ww;

	if (out->window_valid && out->window.reached && (enough || settled) && window_clear_of_start(s, out) &&
	    (!s->construct_bytes || constructed_flat(s, out, rc)) &&
	    (!short_rounds || out->window.range_pct <= SHORT_ROUNDS_RANGE_PCT) &&
	    (!short_rounds || !out->rounds[out->nrounds - 1].media_known ||
	     (steady_check(rc->waf, out->nrounds, &ww) && ww.reached && ww.range_pct <= SHORT_ROUNDS_RANGE_PCT))) {
		out->reached = true;
		out->settled = settled;
		out->stop_reason = "steady";
		return true;
	}
	/* A prediction extrapolates the rest: it needs half the writes. */
	if (s->predict != PREDICT_OFF && !out->predicted && written_enough(s, rc, 0.5) && predict_now(out, rc)) {
		out->predicted = true;
		out->predicted_rounds = out->nrounds;
		if (s->predict == PREDICT_STOP) {
			out->stop_reason = "predicted";
			return true;
		}
	}
	if (s->max_writes > 0 && (double)rc->written >= s->max_writes * (double)s->usable_bytes) {
		out->stop_reason = "max-writes";
		return true;
	}
	return false;
}

/* Room for one more round: the arrays grow by half when full.  0 or -ENOMEM. */
static int rounds_room(struct precondition_result *out, struct rounds_ctx *rc)
{
	size_t cap = rc->cap + rc->cap / 2 + 1;
	void *p;

	if (out->nrounds < rc->cap)
		return 0;
	if (!(p = realloc(out->rounds, cap * sizeof(*out->rounds))))
		return -ENOMEM;
	out->rounds = p;
	if (!(p = realloc(rc->iops, cap * sizeof(*rc->iops))))
		return -ENOMEM;
	rc->iops = p;
	if (!(p = realloc(rc->waf, cap * sizeof(*rc->waf))))
		return -ENOMEM;
	rc->waf = p;
	memset(out->rounds + rc->cap, 0, (cap - rc->cap) * sizeof(*out->rounds));
	rc->cap = cap;
	return 0;
}

/* Memory for the rounds, the figures unmeasured (null in the result, not 0) until a round ends.  0 or -ENOMEM. */
static int rounds_alloc(struct precondition_result *out, struct rounds_ctx *rc, unsigned max_rounds)
{
	memset(out, 0, sizeof(*out));
	out->iops = out->mbps = out->waf = NAN;
	out->lat_mean_us = out->lat_p50_us = out->lat_p99_us = out->lat_p999_us = out->lat_p9999_us = NAN;
	out->lat_max_us = NAN;
	out->rounds = calloc(max_rounds, sizeof(*out->rounds));
	rc->iops = calloc(max_rounds, sizeof(*rc->iops));
	rc->waf = calloc(max_rounds, sizeof(*rc->waf));
	out->intervals = calloc(PRECONDITION_MAX_INTERVALS, sizeof(*out->intervals));
	out->interval_stride = 1;
	rc->cap = max_rounds;
	return out->rounds && rc->iops && rc->waf && out->intervals ? 0 : -ENOMEM;
}

int precondition_run(struct target *t, const struct precondition_settings *s,
		     struct precondition_result *out, precondition_progress_fn progress,
		     precondition_poll_fn poll, void *arg, char *err, size_t errlen)
{
	struct phase_ctx ctx = { .poll = poll, .progress = progress, .arg = arg };
	struct precondition_event ev = { 0 };
	struct rounds_ctx rc = { .ctx = &ctx };
	uint64_t start = t->ops->now_ns(t);
	unsigned max_rounds = precondition_max_rounds(s);
	int ret = 0;

	if ((ret = rounds_alloc(out, &rc, max_rounds))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (s->fill_passes || s->construct_bytes) {
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

	rc.rate_mbps = s->rate_hint_mbps > 0 ? s->rate_hint_mbps
		       : out->fill.passes || s->construct_bytes ? out->fill.mbps : NAN;
	rc.start_ns = t->ops->now_ns(t);
	ev.phase = PHASE_ROUNDS_START;
	if (progress && progress(&ev, arg)) {
		ret = -EINTR;
		goto out;
	}
	out->stop_reason = "max-rounds";
	/* Warm-up rounds, before min_writes, do not count: a large drive can reach it. */
	while (out->nrounds - rc.warmup < (s->max_rounds ? s->max_rounds : PRECONDITION_MAX_ROUNDS) &&
	       out->nrounds < LIM_MAX_ROUNDS_MAX) {
		size_t before = out->nrounds;

		if ((ret = rounds_room(out, &rc))) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		ret = run_round(t, s, &rc, out, err, errlen);
		if (ret && (ret != -EINTR || out->nrounds == before))
			goto out;
		/* The first round after a fill never opens a window (window_clear_of_start): warm-up too. */
		if (!written_enough(s, &rc, 1) || (out->nrounds == 1 && fresh_start(s)))
			rc.warmup++;
		/* A cut round is reported but never tested for steady state: it is shorter than the others. */
		if (!ret)
			out->window_valid = steady_check(rc.iops, out->nrounds, &out->window);
		ev.phase = PHASE_ROUND;
		ev.round = &out->rounds[out->nrounds - 1];
		ev.round_index = out->nrounds - 1;
		ev.window = out->window_valid && !ret ? &out->window : NULL;
		if ((progress && progress(&ev, arg)) || ret) {
			ret = -EINTR;
			goto out;
		}
		if (rounds_done(s, out, &rc))
			break;
	}
out:
	precondition_intervals_flush(out, &rc.acc);
	/* Stopped or failed too: the rounds so far (not one an I/O error ended), never zeros. */
	if (out->nrounds)
		summarise_window(out, out->nrounds > STEADY_WINDOW ? out->nrounds - STEADY_WINDOW : 0,
				 out->nrounds - 1, rc.hist);
	if (!ret && out->predicted && s->predict == PREDICT_STOP) {
		out->iops = out->pred_iops.value;
		if (out->pred_waf.valid)
			out->waf = out->pred_waf.value;
	}
	if (ret == -EINTR)
		out->stop_reason = "interrupted";
	else if (ret)
		out->stop_reason = "error";
	out->seconds = (double)(t->ops->now_ns(t) - start) / NS_PER_S;
	for (size_t i = 0; i < STEADY_WINDOW; i++)
		free(rc.hist[i]);
	free(rc.iops);
	free(rc.waf);
	return ret;
}

void precondition_result_free(struct precondition_result *r)
{
	free(r->rounds);
	free(r->intervals);
	r->rounds = NULL;
	r->intervals = NULL;
	r->nrounds = r->nintervals = 0;
}
