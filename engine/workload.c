/* SPDX-License-Identifier: MIT */
/*
 * The measuring loop.  Intervals are half-open on the left, (start, end], and
 * a completion belongs to the interval its complete_ns falls in, so sample
 * boundaries are exact on the target clock however the reaps are batched.
 * Completions that land after a time limit (the drain) stay in the last
 * interval rather than opening a sliver of a sample.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"
#include "workload.h"

#define NS_PER_S 1000000000ull
/* Buffers are page aligned so a future O_DIRECT backend can use them as is. */
#define BUF_ALIGN 4096
/* Separate streams, so changing --bs does not move the offsets. */
#define SEED_BUFFER_SALT 0x5eed0fb0ffe25ull

static const char *const rw_names[] = {
	[WL_RANDWRITE] = "randwrite",
	[WL_RANDREAD] = "randread",
	[WL_WRITE] = "write",
	[WL_READ] = "read",
};

const char *workload_rw_name(enum workload_rw rw)
{
	if ((unsigned)rw >= sizeof(rw_names) / sizeof(rw_names[0]))
		return NULL;
	return rw_names[rw];
}

int workload_rw_parse(const char *s, enum workload_rw *out)
{
	for (unsigned i = 0; i < sizeof(rw_names) / sizeof(rw_names[0]); i++) {
		if (strcmp(s, rw_names[i]) == 0) {
			*out = (enum workload_rw)i;
			return 0;
		}
	}
	return -EINVAL;
}

/* xoshiro256** seeded through splitmix64 (Blackman & Vigna): fast, and any seed works. */
struct rng {
	uint64_t s[4];
};

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Uniform in [0, n), without modulo bias (Lemire's multiply-and-reject). */
static uint64_t rng_below(struct rng *r, uint64_t n)
{
	unsigned __int128 m = (unsigned __int128)rng_next(r) * n;
	uint64_t low = (uint64_t)m;

	if (low < n) {
		uint64_t threshold = -n % n;

		while (low < threshold) {
			m = (unsigned __int128)rng_next(r) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

struct wl_state {
	struct target *t;
	const struct workload *w;
	struct run_result *out;
	workload_progress_fn progress;
	void *arg;

	struct rng rng;
	uint64_t nblocks;
	uint64_t next_block;            /* sequential position */

	uint64_t start_ns;
	uint64_t limit_ns;              /* UINT64_MAX without a time limit */
	uint64_t interval_ns;
	bool stop_requested;

	/* The open interval. */
	uint64_t iv_start_ns;
	uint64_t iv_end_ns;
	uint64_t iv_ios, iv_bytes, iv_lat_sum_ns, iv_lat_max_ns, iv_written;
	struct target_counters iv_counters;

	/* Whole run. */
	bool have_counters;
	struct target_counters run_counters;
	uint64_t lat_sum_ns, lat_max_ns, written;
	uint64_t last_complete_ns;
	bool any_complete;
};

/*
 * Without a counters hook the engine's own count of written bytes stands in
 * for the host counter, and media stays unknown.
 */
static int read_counters(struct wl_state *st, struct target_counters *c, char *err,
			 size_t errlen)
{
	int ret;

	memset(c, 0, sizeof(*c));
	if (!st->have_counters) {
		c->host_bytes_written = st->written;
		return 0;
	}
	ret = st->t->ops->counters(st->t, c);
	if (ret < 0)
		snprintf(err, errlen, "reading the drive's counters failed: %s", strerror(-ret));
	return ret;
}

static double waf_of(const struct target_counters *from, const struct target_counters *to)
{
	uint64_t host = to->host_bytes_written - from->host_bytes_written;

	if (!to->media_known || !from->media_known || host == 0)
		return NAN;
	return (double)(to->media_bytes_written - from->media_bytes_written) / (double)host;
}

static int push_sample(struct run_result *r, const struct run_sample *s)
{
	if (r->nsamples == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 64;
		struct run_sample *n = realloc(r->samples, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		r->samples = n;
		r->cap = cap;
	}
	r->samples[r->nsamples++] = *s;
	return 0;
}

static int close_interval(struct wl_state *st, uint64_t end_ns, char *err, size_t errlen)
{
	struct run_sample s = { 0 };
	struct target_counters now;
	uint64_t dur_ns = end_ns - st->iv_start_ns;
	int ret;

	ret = read_counters(st, &now, err, errlen);
	if (ret < 0)
		return ret;

	s.t_s = (double)(end_ns - st->start_ns) / NS_PER_S;
	s.dur_s = (double)dur_ns / NS_PER_S;
	s.ios = st->iv_ios;
	s.bytes = st->iv_bytes;
	s.iops = dur_ns ? (double)s.ios / s.dur_s : NAN;
	s.mbps = dur_ns ? (double)s.bytes / s.dur_s / 1e6 : NAN;
	s.lat_mean_us = s.ios ? (double)st->iv_lat_sum_ns / (double)s.ios / 1e3 : NAN;
	s.lat_max_us = s.ios ? (double)st->iv_lat_max_ns / 1e3 : NAN;
	s.host_bytes_written = now.host_bytes_written - st->iv_counters.host_bytes_written;
	s.media_known = now.media_known && st->iv_counters.media_known;
	s.media_bytes_written = s.media_known ?
		now.media_bytes_written - st->iv_counters.media_bytes_written : 0;
	s.waf = waf_of(&st->iv_counters, &now);

	if (push_sample(st->out, &s) < 0) {
		snprintf(err, errlen, "out of memory recording interval %zu", st->out->nsamples + 1);
		return -ENOMEM;
	}

	st->iv_start_ns = end_ns;
	st->iv_end_ns = end_ns + st->interval_ns;
	st->iv_ios = st->iv_bytes = st->iv_lat_sum_ns = st->iv_lat_max_ns = st->iv_written = 0;
	st->iv_counters = now;

	if (st->progress && st->progress(&s, st->arg))
		st->stop_requested = true;
	return 0;
}

static int account(struct wl_state *st, const struct io_completion *c, char *err,
		   size_t errlen)
{
	uint64_t lat;
	int ret;

	if (c->res < 0) {
		uint32_t lba = st->t->info.lba_bytes ? st->t->info.lba_bytes : 1;

		snprintf(err, errlen, "%s error at byte offset %llu (LBA %llu): %s",
			 workload_rw_writes(st->w->rw) ? "write" : "read",
			 (unsigned long long)c->cookie, (unsigned long long)(c->cookie / lba),
			 strerror(-c->res));
		return c->res;
	}

	while (c->complete_ns > st->iv_end_ns && st->iv_end_ns < st->limit_ns) {
		ret = close_interval(st, st->iv_end_ns, err, errlen);
		if (ret < 0)
			return ret;
	}

	lat = c->complete_ns > c->submit_ns ? c->complete_ns - c->submit_ns : 0;
	st->iv_ios++;
	st->iv_bytes += (uint64_t)c->res;
	st->iv_lat_sum_ns += lat;
	if (lat > st->iv_lat_max_ns)
		st->iv_lat_max_ns = lat;
	st->lat_sum_ns += lat;
	if (lat > st->lat_max_ns)
		st->lat_max_ns = lat;
	st->out->ios++;
	st->out->bytes += (uint64_t)c->res;
	if (workload_rw_writes(st->w->rw))
		st->written += (uint64_t)c->res;
	if (!st->any_complete || c->complete_ns > st->last_complete_ns)
		st->last_complete_ns = c->complete_ns;
	st->any_complete = true;
	return 0;
}

static void next_req(struct wl_state *st, struct io_req *req, void *buf)
{
	uint64_t block;

	if (st->w->rw == WL_RANDWRITE || st->w->rw == WL_RANDREAD) {
		block = rng_below(&st->rng, st->nblocks);
	} else {
		block = st->next_block;
		if (++st->next_block == st->nblocks)
			st->next_block = 0;
	}
	req->offset = st->w->offset_bytes + block * st->w->bs;
	req->len = st->w->bs;
	req->dir = workload_rw_writes(st->w->rw) ? IO_WRITE : IO_READ;
	req->buf = buf;
	/* The offset comes back in the completion for error messages. */
	req->cookie = req->offset;
}

static int check_workload(struct target *t, const struct workload *w, uint64_t *span,
			  char *err, size_t errlen)
{
	const struct target_ops *ops = t->ops;
	uint32_t lba = t->info.lba_bytes;

	if (!ops->submit || !ops->reap || !ops->now_ns) {
		snprintf(err, errlen, "target '%s' has no I/O queue", t->info.path);
		return -EOPNOTSUPP;
	}
	if (!target_has(t, workload_rw_writes(w->rw) ? TARGET_CAP_WRITE : TARGET_CAP_READ)) {
		snprintf(err, errlen, "target '%s' cannot %s", t->info.path,
			 workload_rw_writes(w->rw) ? "write" : "read");
		return -EOPNOTSUPP;
	}
	if (!workload_rw_name(w->rw)) {
		snprintf(err, errlen, "unknown access pattern %d", (int)w->rw);
		return -EINVAL;
	}
	if (w->bs == 0 || lba == 0 || w->bs % lba != 0) {
		snprintf(err, errlen, "block size %u is not a multiple of the %u-byte LBA",
			 w->bs, lba);
		return -EINVAL;
	}
	if (w->qd == 0 || w->qd > ops->max_queue_depth) {
		snprintf(err, errlen, "queue depth %u is outside 1..%u", w->qd,
			 ops->max_queue_depth);
		return -EINVAL;
	}
	if ((w->time_ns == 0) == (w->bytes == 0)) {
		snprintf(err, errlen, "exactly one of a time and a byte limit must be set");
		return -EINVAL;
	}
	*span = w->span_bytes ? w->span_bytes : t->info.capacity_bytes;
	if (*span + w->offset_bytes > t->info.capacity_bytes || *span < w->bs) {
		snprintf(err, errlen, "span of %llu bytes does not fit %u-byte blocks within the "
			 "%llu-byte capacity", (unsigned long long)*span, w->bs,
			 (unsigned long long)t->info.capacity_bytes);
		return -EINVAL;
	}
	return 0;
}

int workload_run(struct target *t, const struct workload *w, struct run_result *out,
		 workload_progress_fn progress, void *arg, char *err, size_t errlen)
{
	const struct target_ops *ops = t->ops;
	struct wl_state st = {
		.t = t, .w = w, .out = out, .progress = progress, .arg = arg,
	};
	struct io_req *reqs = NULL;
	struct io_completion *comps = NULL;
	void *buf = NULL;
	unsigned npending = 0, inflight = 0;
	uint64_t span, issued = 0, end_ns;
	bool stopping = false, gen_done = false;
	int io_err = 0;
	int ret;

	memset(out, 0, sizeof(*out));
	out->lat_mean_us = out->lat_max_us = out->waf = NAN;
	out->iops = out->mbps = NAN;

	ret = check_workload(t, w, &span, err, errlen);
	if (ret < 0)
		return ret;
	out->qd = w->qd;
	st.nblocks = span / w->bs;
	out->span_bytes = st.nblocks * w->bs;
	st.interval_ns = w->interval_ns ? w->interval_ns : NS_PER_S;
	rng_seed(&st.rng, w->seed);

	reqs = calloc(w->qd, sizeof(*reqs));
	comps = calloc(w->qd, sizeof(*comps));
	if (!reqs || !comps || posix_memalign(&buf, BUF_ALIGN, w->bs) != 0) {
		buf = NULL;
		snprintf(err, errlen, "out of memory for a queue of %u x %u bytes", w->qd, w->bs);
		ret = -ENOMEM;
		goto out_free;
	}
	/*
	 * Random bytes rather than zeros, so drives that compress or dedupe
	 * cannot shortcut the writes.  Reads share the buffer: their data is
	 * never looked at.
	 */
	{
		struct rng brng;
		uint64_t *words = buf;

		rng_seed(&brng, w->seed ^ SEED_BUFFER_SALT);
		for (size_t i = 0; i < w->bs / sizeof(uint64_t); i++)
			words[i] = rng_next(&brng);
	}

	st.have_counters = ops->counters != NULL;
	ret = read_counters(&st, &st.run_counters, err, errlen);
	if (ret < 0)
		goto out_free;
	st.iv_counters = st.run_counters;

	st.start_ns = ops->now_ns(t);
	st.limit_ns = w->time_ns ? st.start_ns + w->time_ns : UINT64_MAX;
	st.iv_start_ns = st.start_ns;
	st.iv_end_ns = st.start_ns + st.interval_ns;

	for (;;) {
		while (!stopping && !gen_done && inflight + npending < w->qd) {
			next_req(&st, &reqs[npending++], buf);
			issued += w->bs;
			if (w->bytes && issued >= w->bytes)
				gen_done = true;
		}

		if (npending) {
			ret = ops->submit(t, reqs, npending);
			if (ret < 0 || (unsigned)ret > npending) {
				if (ret >= 0)
					ret = -EIO;
				snprintf(err, errlen, "submitting I/O failed: %s", strerror(-ret));
				io_err = ret;
				stopping = true;
				npending = 0;
			} else {
				memmove(reqs, reqs + ret, (npending - (unsigned)ret) * sizeof(*reqs));
				npending -= (unsigned)ret;
				inflight += (unsigned)ret;
			}
		}

		if (inflight == 0) {
			if (npending) {
				snprintf(err, errlen, "the queue accepted no I/O while idle");
				io_err = -EAGAIN;
			}
			break;
		}

		ret = ops->reap(t, comps, inflight, 1);
		if (ret <= 0) {
			if (ret == 0)
				ret = -EIO;
			/* Cannot drain without a working reap: give up on the queue. */
			if (!io_err) {
				snprintf(err, errlen, "reaping completions failed: %s", strerror(-ret));
				io_err = ret;
			}
			goto out_totals;
		}
		inflight -= (unsigned)ret;
		for (int i = 0; i < ret; i++) {
			if (io_err)
				continue;  /* keep the first error; just drain */
			io_err = account(&st, &comps[i], err, errlen);
			if (io_err)
				stopping = true;
		}

		if (st.stop_requested) {
			out->stopped_early = true;
			stopping = true;
		}
		if (w->time_ns && ops->now_ns(t) >= st.limit_ns)
			stopping = true;
		if (stopping)
			npending = 0;
	}

out_totals:
	end_ns = st.any_complete ? st.last_complete_ns : ops->now_ns(t);
	if (end_ns < st.iv_start_ns)
		end_ns = st.iv_start_ns;
	if (!io_err && (st.iv_ios || end_ns > st.iv_start_ns))
		io_err = close_interval(&st, end_ns, err, errlen);
	{
		struct target_counters c;
		char cerr[TARGET_ERRLEN];

		/* A counter failure must not hide the I/O error already in err. */
		ret = read_counters(&st, &c, io_err ? cerr : err, io_err ? sizeof(cerr) : errlen);
		if (ret < 0 && !io_err)
			io_err = ret;
		if (ret == 0) {
			out->host_bytes_written = c.host_bytes_written -
				st.run_counters.host_bytes_written;
			out->media_known = c.media_known && st.run_counters.media_known;
			out->media_bytes_written = out->media_known ?
				c.media_bytes_written - st.run_counters.media_bytes_written : 0;
			out->waf = waf_of(&st.run_counters, &c);
		}
	}
	out->elapsed_ns = end_ns - st.start_ns;
	if (out->elapsed_ns) {
		out->iops = (double)out->ios / ((double)out->elapsed_ns / NS_PER_S);
		out->mbps = (double)out->bytes / ((double)out->elapsed_ns / NS_PER_S) / 1e6;
	}
	if (out->ios) {
		out->lat_mean_us = (double)st.lat_sum_ns / (double)out->ios / 1e3;
		out->lat_max_us = (double)st.lat_max_ns / 1e3;
	}
	ret = io_err;

out_free:
	free(buf);
	free(comps);
	free(reqs);
	return ret;
}

void run_result_free(struct run_result *r)
{
	if (!r)
		return;
	free(r->samples);
	r->samples = NULL;
	r->nsamples = r->cap = 0;
}
