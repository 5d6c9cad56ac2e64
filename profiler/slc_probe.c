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
/*
 * The pause that measures the write buffer: a small write this often keeps
 * the host from ever going quiet (the simulator folds after 10 ms of quiet,
 * real drives after tens of ms or more), and it lasts at most this long.
 */
#define BUSY_STEP_NS 2000000ull
#define BUSY_MAX_NS (30ull * 1000000000)

/* The window over which a step (the cliff) is located: a sample, at most SLC_STEP_BYTES. */
static uint64_t slc_step_window(const struct slc_result *r)
{
	return r->bin_bytes < SLC_STEP_BYTES ? r->bin_bytes : SLC_STEP_BYTES;
}

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

/* Each phase's rate as bytes over time on the fine samples, so rates and boundaries agree. */
static int phase_rates(struct slc_result *out, const struct run_result *fill, char *err, size_t errlen)
{
	struct timeline tl = { 0 };
	int ret = timeline_init(&tl, fill);

	if (ret) {
		timeline_free(&tl);
		snprintf(err, errlen, "out of memory");
		return ret;
	}
	for (size_t i = 0; i < out->nphases; i++) {
		struct slc_phase *p = &out->phases[i];
		double dt = timeline_at(&tl, p->to_bytes) - timeline_at(&tl, p->from_bytes);

		if (dt > 0)
			p->mbps = (double)(p->to_bytes - p->from_bytes) / dt / 1e6;
	}
	timeline_free(&tl);
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
	if ((ret = timeline_init(&tl, fill))) {
		timeline_free(&tl);
		return ret;
	}
	at = locate_step(&tl, 2 * win, head, win, NAN);
	before = span_rate(&tl, 0, at);
	after = span_rate(&tl, at, at + 2 * out->bin_bytes);
	timeline_free(&tl);
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

		if ((ret = timeline_init(&tl, fill))) {
			timeline_free(&tl);
			snprintf(err, errlen, "out of memory");
			return ret;
		}
		at = locate_step(&tl, b > 2 * bin ? b - 2 * bin : 0, b + bin, slc_step_window(out), out->phases[0].mbps * 1e6);
		timeline_free(&tl);
		if (at > 0 && at < out->phases[1].to_bytes)
			out->phases[0].to_bytes = out->phases[1].from_bytes = at;
	}
	if ((ret = phase_rates(out, fill, err, errlen)))
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
	if (!ret && !(ret = timeline_init(&tl, &r))) {
		*no_drop = !r.stopped_early;
		*fast = *no_drop ? r.bytes : locate_step(&tl, 0, r.bytes, slc_step_window(out), out->in_cache_mbps * 1e6);
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	timeline_free(&tl);
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
	return slc_analyse(out, fill, err, errlen);
}

/*
 * The measured fill stopped short (a signal, an I/O error): its curve as
 * far as it went.  No end was reached, so without a cliff nothing is known
 * of the cache; the analysis failing (out of memory) leaves the samples.
 */
static void cut_fill(const struct run_result *fill, struct slc_result *out)
{
	char err[64];

	if (analyse_fill(fill, out, err, sizeof(err)))
		out->nphases = 0;
	out->cache_known = out->cliff;
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

		if ((ret = timeline_init(&tl, &r))) {
			timeline_free(&tl);
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		rec->recovered_bytes = locate_step(&tl, 0, r.bytes, slc_step_window(out), out->in_cache_mbps * 1e6);
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
		cut_fill(&fill, out);
		goto out;
	}
	if ((ret = analyse_fill(&fill, out, err, errlen)))
		goto out;
	for (size_t i = 0; out->cliff && i < s->nidle; i++)
		if ((ret = recover_once(t, s, i, &w, measured, &ctx, out, err, errlen)))
			goto out;
	if (out->cliff && (ret = measure_buffer(t, s, &w, out, &ctx, err, errlen)))
		goto out;
	if (out->buffer_known) {
		slc_settle_buffer(out);
		ret = phase_rates(out, &fill, err, errlen);
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
