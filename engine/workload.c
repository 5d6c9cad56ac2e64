/* SPDX-License-Identifier: MIT */
/*
 * The measuring loop.  Intervals are half-open on the left, (start, end], and
 * a completion belongs to the interval its complete_ns falls in, so sample
 * boundaries are exact on the target clock however the reaps are batched.
 * Completions that land after a time limit (the drain) stay in the last
 * interval rather than opening a sliver of a sample.
 *
 * Per I/O the loop does no allocation and no system call of its own: slots
 * for in-flight I/Os, the data pattern and read buffers are set up once, and
 * the target batches submission and completion.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "engine/histogram.h"
#include "engine/iogen.h"
#include "engine/rng.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "device/target.h"
#include "engine/workload.h"

#define NS_PER_S 1000000000ull
/* Page aligned, so O_DIRECT accepts any lba-aligned slice of them. */
#define BUF_ALIGN 4096
/* The data pattern repeats with this period (a power of two). */
#define PATTERN_BYTES (4u << 20)
/* Per-slot read buffers up to this much in all; beyond, reads share one. */
#define READ_AREA_MAX (64u << 20)
/* Separate streams, so the data does not depend on the offsets drawn. */
#define SEED_BUFFER_SALT 0x5eed0fb0ffe25ull

static const char *const rw_names[] = {
	[WL_RANDWRITE] = "randwrite",
	[WL_RANDREAD] = "randread",
	[WL_WRITE] = "write",
	[WL_READ] = "read",
	[WL_RANDRW] = "randrw",
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

bool workload_writes(const struct workload *w)
{
	if (w->rw == WL_RANDRW)
		return w->read_pct < 100;
	return workload_rw_writes(w->rw);
}

static bool workload_reads(const struct workload *w)
{
	if (w->rw == WL_RANDRW)
		return w->read_pct > 0;
	return workload_rw_reads(w->rw);
}

uint32_t workload_max_bs(const struct workload *w)
{
	uint32_t m = 0;

	if (!w->nbs_mix)
		return w->construct_total && w->construct_run_bytes > w->bs ? w->construct_run_bytes : w->bs;
	for (unsigned i = 0; i < w->nbs_mix && i < WL_BS_MIX_MAX; i++)
		if (w->bs_mix[i].bs > m)
			m = w->bs_mix[i].bs;
	return m;
}

int workload_bs_mix_parse(const char *what, const char *s, struct workload *w, char *err,
			  size_t errlen)
{
	struct size_weight mix[WL_BS_MIX_MAX];
	size_t n;
	int ret = parse_size_weight_list(what, s, LIM_BS_WEIGHT_MAX, mix, WL_BS_MIX_MAX, &n, err, errlen);

	if (ret)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		if (mix[i].size > UINT32_MAX / 2) {
			snprintf(err, errlen, "%s: block size %llu is out of range", what,
				 (unsigned long long)mix[i].size);
			return -EINVAL;
		}
		w->bs_mix[i].bs = (uint32_t)mix[i].size;
		w->bs_mix[i].weight = (uint32_t)mix[i].weight;
	}
	w->nbs_mix = (unsigned)n;
	return 0;
}

/*
 * Word i of the pattern: a counter-based hash, so any offset's data can be
 * computed directly (tests, verify) and the pool fills in a millisecond.
 */
static inline uint64_t pattern_word(uint64_t key, uint64_t i)
{
	uint64_t x = key + i * 0x9e3779b97f4a7c15ull;

	return splitmix64(&x);
}

static uint64_t pattern_key(uint64_t seed)
{
	uint64_t x = seed ^ SEED_BUFFER_SALT;

	return splitmix64(&x);
}

uint64_t workload_stream_seed(uint64_t seed, uint64_t stream)
{
	uint64_t x = stream * 0xd1b54a32d192ed03ull;

	/* Mixed, so stream k of seed s is not seed s + k's own sequence (rounds use s + 1 + k). */
	return stream ? seed ^ splitmix64(&x) : seed;
}

void workload_pattern(uint64_t seed, uint64_t offset, void *buf, size_t len)
{
	uint64_t key = pattern_key(seed);
	unsigned char *out = buf;

	while (len) {
		uint64_t pos = offset % PATTERN_BYTES;
		uint64_t word = pattern_word(key, pos / 8);
		size_t skip = pos % 8, n = 8 - skip;

		if (n > len)
			n = len;
		memcpy(out, (unsigned char *)&word + skip, n);
		out += n;
		offset += n;
		len -= n;
	}
}

unsigned char *workload_pattern_buffer(uint64_t seed, uint32_t max_bs)
{
	uint64_t key = pattern_key(seed);
	unsigned char *pat;
	void *p;

	if (posix_memalign(&p, BUF_ALIGN, (size_t)PATTERN_BYTES + max_bs) != 0)
		return NULL;
	pat = p;
	for (size_t i = 0; i < PATTERN_BYTES / 8; i++) {
		uint64_t word = pattern_word(key, i);

		memcpy(pat + i * 8, &word, 8);
	}
	/* The tail repeats the start, so a write at any offset is one contiguous slice. */
	memcpy(pat + PATTERN_BYTES, pat, max_bs);
	return pat;
}

/* One in-flight I/O; its index is the cookie the target hands back. */
struct wl_slot {
	uint64_t offset;
	uint32_t len;
	uint8_t dir;
	void *buf;
};

struct wl_state {
	struct target *t;
	const struct workload *w;
	struct run_result *out;
	workload_progress_fn progress;
	void *arg;

	struct iogen gen;
	uint64_t span;                  /* offsets + len stay within this */
	struct lat_hist *dir_hist[2];   /* whole run, per direction: [0] reads, [1] writes */

	struct wl_slot *slots;
	unsigned *free_slots;
	unsigned nfree;
	unsigned char *pattern;         /* PATTERN_BYTES + max_bs: a write is one slice */
	bool own_pattern;               /* made here (not w->pattern_buf): freed here */
	unsigned char *read_area;
	size_t read_stride;             /* 0: all reads share one buffer */
	uint64_t pattern_key;

	uint64_t start_ns;
	uint64_t limit_ns;              /* UINT64_MAX without a time limit */
	uint64_t interval_ns;
	bool stop_requested;

	/* The open interval. */
	uint64_t iv_start_ns;
	uint64_t iv_end_ns;
	uint64_t iv_ios, iv_bytes, iv_read_ios, iv_read_bytes;
	uint64_t iv_read_lat_ns, iv_write_lat_ns;
	struct lat_hist *iv_hist;
	struct target_counters iv_counters;

	/* Whole run. */
	bool have_counters;
	struct target_counters run_counters;
	uint64_t written;
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

static double us_at(const struct lat_hist *h, double pct)
{
	return lat_hist_percentile_ns(h, pct) / 1e3;
}

static int close_interval(struct wl_state *st, uint64_t end_ns, char *err, size_t errlen)
{
	struct run_sample s = { 0 };
	struct target_counters now;
	const struct lat_hist *h = st->iv_hist;
	uint64_t dur_ns = end_ns - st->iv_start_ns;
	int ret;

	ret = read_counters(st, &now, err, errlen);
	if (ret < 0)
		return ret;

	s.t_s = (double)(end_ns - st->start_ns) / NS_PER_S;
	s.dur_s = (double)dur_ns / NS_PER_S;
	s.ios = st->iv_ios;
	s.bytes = st->iv_bytes;
	s.read_ios = st->iv_read_ios;
	s.write_ios = st->iv_ios - st->iv_read_ios;
	s.read_bytes = st->iv_read_bytes;
	s.read_lat_mean_us = s.read_ios ? (double)st->iv_read_lat_ns / (double)s.read_ios / 1e3 : NAN;
	s.write_lat_mean_us = s.write_ios ?
		(double)st->iv_write_lat_ns / (double)s.write_ios / 1e3 : NAN;
	s.iops = dur_ns ? (double)s.ios / s.dur_s : NAN;
	s.mbps = dur_ns ? (double)s.bytes / s.dur_s / 1e6 : NAN;
	s.lat_mean_us = lat_hist_mean_ns(h) / 1e3;
	s.lat_max_us = s.ios ? (double)h->max_ns / 1e3 : NAN;
	s.lat_p50_us = us_at(h, 50);
	s.lat_p99_us = us_at(h, 99);
	s.lat_p999_us = us_at(h, 99.9);
	s.lat_p9999_us = us_at(h, 99.99);
	s.host_bytes_written = now.host_bytes_written - st->iv_counters.host_bytes_written;
	s.media_known = now.media_known && st->iv_counters.media_known;
	s.media_bytes_written = s.media_known ?
		now.media_bytes_written - st->iv_counters.media_bytes_written : 0;
	s.waf = waf_of(&st->iv_counters, &now);

	if (push_sample(st->out, &s) < 0) {
		snprintf(err, errlen, "out of memory recording interval %zu", st->out->nsamples + 1);
		return -ENOMEM;
	}
	lat_hist_merge(st->out->lat_hist, st->iv_hist);
	lat_hist_reset(st->iv_hist);

	st->iv_start_ns = end_ns;
	st->iv_end_ns = end_ns + st->interval_ns;
	st->iv_ios = st->iv_bytes = st->iv_read_ios = st->iv_read_bytes = 0;
	st->iv_read_lat_ns = st->iv_write_lat_ns = 0;
	st->iv_counters = now;

	if (st->progress && st->progress(&s, st->arg))
		st->stop_requested = true;
	return 0;
}

/* Whether the data read into buf for slot sl is the pattern; no allocation. */
static bool verify_ok(const struct wl_state *st, const struct wl_slot *sl)
{
	const unsigned char *p = sl->buf;

	for (uint64_t off = 0; off < sl->len; off += 8) {
		uint64_t word = pattern_word(st->pattern_key,
					     ((sl->offset + off) % PATTERN_BYTES) / 8);

		if (memcmp(p + off, &word, 8) != 0)
			return false;
	}
	return true;
}

static int account(struct wl_state *st, const struct io_completion *c, char *err,
		   size_t errlen)
{
	struct wl_slot *sl = &st->slots[c->cookie];
	uint64_t lat;
	int ret;

	if (c->res < 0 || (uint32_t)c->res != sl->len)
		return -target_io_error(st->t, sl->dir, sl->offset, sl->len, c->res, err, errlen);

	while (c->complete_ns > st->iv_end_ns && st->iv_end_ns < st->limit_ns) {
		ret = close_interval(st, st->iv_end_ns, err, errlen);
		if (ret < 0)
			return ret;
	}

	lat = c->complete_ns > c->submit_ns ? c->complete_ns - c->submit_ns : 0;
	lat_hist_record(st->iv_hist, lat);
	lat_hist_record(st->dir_hist[sl->dir == IO_WRITE], lat);
	st->iv_ios++;
	st->iv_bytes += sl->len;
	st->out->ios++;
	st->out->bytes += sl->len;
	if (sl->dir == IO_WRITE) {
		st->written += sl->len;
		st->iv_write_lat_ns += lat;
		st->out->write_ios++;
		st->out->write_bytes += sl->len;
	} else {
		st->iv_read_ios++;
		st->iv_read_bytes += sl->len;
		st->iv_read_lat_ns += lat;
		st->out->read_ios++;
		st->out->read_bytes += sl->len;
		if (st->w->verify && !verify_ok(st, sl)) {
			if (!st->out->verify_errors)
				st->out->verify_first_offset = sl->offset;
			st->out->verify_errors++;
		}
	}
	if (st->w->io_done)
		st->w->io_done(st->w->io_arg, &(struct wl_io_record){ sl->offset, sl->len, sl->dir, c->submit_ns,
								       c->complete_ns });
	if (!st->any_complete || c->complete_ns > st->last_complete_ns)
		st->last_complete_ns = c->complete_ns;
	st->any_complete = true;
	return 0;
}

static inline void next_req(struct wl_state *st, struct io_req *req)
{
	unsigned idx = st->free_slots[--st->nfree];
	struct wl_slot *sl = &st->slots[idx];
	struct iogen_io io;
	uint64_t off;

	iogen_next(&st->gen, &io);
	off = io.offset + st->w->offset_bytes;
	sl->offset = off;
	sl->len = io.len;
	sl->dir = io.dir;
	if (io.dir == IO_WRITE)
		sl->buf = st->pattern + off % PATTERN_BYTES;
	else
		sl->buf = st->read_area + (size_t)idx * st->read_stride;
	req->offset = off;
	req->len = io.len;
	req->dir = io.dir;
	req->buf = sl->buf;
	req->cookie = idx;
}

static int check_workload(struct target *t, const struct workload *w, uint64_t *span,
			  char *err, size_t errlen)
{
	const struct target_ops *ops = t->ops;
	uint32_t lba = t->info.lba_bytes;
	uint32_t max_bs = workload_max_bs(w);

	if (!ops->submit || !ops->reap || !ops->now_ns) {
		snprintf(err, errlen, "target '%s' has no I/O queue", t->info.path);
		return -EOPNOTSUPP;
	}
	if (!workload_rw_name(w->rw)) {
		snprintf(err, errlen, "unknown access pattern %d", (int)w->rw);
		return -EINVAL;
	}
	if ((workload_writes(w) && !target_has(t, TARGET_CAP_WRITE)) ||
	    (workload_reads(w) && !target_has(t, TARGET_CAP_READ))) {
		snprintf(err, errlen, "target '%s' cannot %s", t->info.path,
			 workload_writes(w) && !target_has(t, TARGET_CAP_WRITE) ? "write" : "read");
		return -EOPNOTSUPP;
	}
	/* The backstop of the one gate (DESIGN.md 7): no write reaches a real device it did not claim. */
	if (workload_writes(w) && !target_write_claimed(t)) {
		snprintf(err, errlen, "refusing to write to '%s': the safety gate has not claimed it; "
			 "nothing written", t->info.path);
		return -EPERM;
	}
	if (w->rw == WL_RANDRW && w->read_pct > 100) {
		snprintf(err, errlen, "read percentage %u is outside 0..100", w->read_pct);
		return -EINVAL;
	}
	if (w->seq_pct > 100) {
		snprintf(err, errlen, "sequential share %u%% is outside 0..100", w->seq_pct);
		return -EINVAL;
	}
	if (w->nbs_mix > WL_BS_MIX_MAX) {
		snprintf(err, errlen, "more than %d block sizes in the mix", WL_BS_MIX_MAX);
		return -EINVAL;
	}
	for (unsigned i = 0; i < (w->nbs_mix ? w->nbs_mix : 1); i++) {
		uint32_t bs = w->nbs_mix ? w->bs_mix[i].bs : w->bs;

		if (bs == 0 || lba == 0 || bs % lba != 0 || bs % 8 != 0) {
			snprintf(err, errlen, "block size %u is not a multiple of the %u-byte LBA",
				 bs, lba);
			return -EINVAL;
		}
		if (w->nbs_mix && w->bs_mix[i].weight == 0) {
			snprintf(err, errlen, "block size %u has weight 0", bs);
			return -EINVAL;
		}
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
	if (w->offset_bytes % lba || w->offset_bytes >= t->info.capacity_bytes) {
		snprintf(err, errlen, "span start %llu is not an LBA boundary within the "
			 "%llu-byte capacity", (unsigned long long)w->offset_bytes,
			 (unsigned long long)t->info.capacity_bytes);
		return -EINVAL;
	}
	*span = w->span_bytes ? w->span_bytes : t->info.capacity_bytes - w->offset_bytes;
	if (*span > t->info.capacity_bytes - w->offset_bytes || *span < max_bs) {
		snprintf(err, errlen, "span of %llu bytes from byte %llu does not fit %u-byte "
			 "blocks within the %llu-byte capacity", (unsigned long long)*span,
			 (unsigned long long)w->offset_bytes, max_bs,
			 (unsigned long long)t->info.capacity_bytes);
		return -EINVAL;
	}
	if (w->verify && (!workload_reads(w) || (size_t)max_bs * w->qd > READ_AREA_MAX)) {
		snprintf(err, errlen, "verify needs reads and at most %u MiB of read buffers",
			 READ_AREA_MAX >> 20);
		return -EINVAL;
	}
	return 0;
}

/* Buffers and slots, set up once so the loop never allocates. */
static int setup_buffers(struct wl_state *st, char *err, size_t errlen)
{
	const struct workload *w = st->w;
	uint32_t max_bs = workload_max_bs(w);
	size_t pat_len = (size_t)PATTERN_BYTES + max_bs;
	size_t read_len;
	void *p;

	st->slots = calloc(w->qd, sizeof(*st->slots));
	st->free_slots = calloc(w->qd, sizeof(*st->free_slots));
	st->iv_hist = calloc(1, sizeof(*st->iv_hist));
	st->out->lat_hist = calloc(1, sizeof(*st->out->lat_hist));
	st->dir_hist[0] = calloc(1, sizeof(*st->dir_hist[0]));
	st->dir_hist[1] = calloc(1, sizeof(*st->dir_hist[1]));
	if (!st->slots || !st->free_slots || !st->iv_hist || !st->out->lat_hist ||
	    !st->dir_hist[0] || !st->dir_hist[1])
		goto oom;
	lat_hist_reset(st->iv_hist);
	lat_hist_reset(st->out->lat_hist);
	lat_hist_reset(st->dir_hist[0]);
	lat_hist_reset(st->dir_hist[1]);
	/* Handed out from the top: slot 0 first, for readable traces. */
	for (unsigned i = 0; i < w->qd; i++)
		st->free_slots[i] = w->qd - 1 - i;
	st->nfree = w->qd;

	st->pattern_key = pattern_key(w->seed);
	if (w->pattern_buf) {
		/* The caller's, made once for many runs (workload_pattern_buffer). */
		st->pattern = w->pattern_buf;
	} else {
		if (!(st->pattern = workload_pattern_buffer(w->seed, max_bs)))
			goto oom;
		st->own_pattern = true;
	}

	/*
	 * One buffer per slot, like fio's per-io_u buffers, so concurrent
	 * reads do not share cache lines (and verify sees its own data).
	 * Very large queues of very large blocks share one buffer: the data
	 * read is not looked at then.
	 */
	if (!workload_reads(w)) {
		st->read_stride = 0;
		read_len = BUF_ALIGN;
	} else if ((size_t)max_bs * w->qd <= READ_AREA_MAX) {
		st->read_stride = (max_bs + BUF_ALIGN - 1) / BUF_ALIGN * BUF_ALIGN;
		read_len = st->read_stride * w->qd;
	} else {
		st->read_stride = 0;
		read_len = max_bs;
	}
	if (posix_memalign(&p, BUF_ALIGN, read_len) != 0)
		goto oom;
	st->read_area = p;
	memset(st->read_area, 0, read_len);

	/* Registered buffers save the kernel a page walk per I/O where the target can. */
	{
		struct iovec iov[2] = {
			{ .iov_base = st->pattern, .iov_len = pat_len },
			{ .iov_base = st->read_area, .iov_len = read_len },
		};

		target_register_buffers(st->t, iov, 2);
	}
	return 0;

oom:
	snprintf(err, errlen, "out of memory for a queue of %u x %u bytes", w->qd, max_bs);
	return -ENOMEM;
}

static void free_buffers(struct wl_state *st)
{
	target_unregister_buffers(st->t);
	free(st->read_area);
	if (st->own_pattern)
		free(st->pattern);
	free(st->iv_hist);
	free(st->dir_hist[0]);
	free(st->dir_hist[1]);
	free(st->free_slots);
	free(st->slots);
}

/* One direction's rates over the run's time and percentiles of its own histogram. */
static void dir_figures(struct run_dir *d, const struct lat_hist *h, uint64_t ios, uint64_t bytes,
			uint64_t elapsed_ns)
{
	double s = (double)elapsed_ns / NS_PER_S;

	d->ios = ios;
	d->bytes = bytes;
	d->iops = elapsed_ns ? (double)ios / s : NAN;
	d->mbps = elapsed_ns ? (double)bytes / s / 1e6 : NAN;
	d->lat_mean_us = d->lat_p50_us = d->lat_p99_us = NAN;
	d->lat_p999_us = d->lat_p9999_us = d->lat_max_us = NAN;
	if (!h || !h->count)
		return;
	d->lat_mean_us = lat_hist_mean_ns(h) / 1e3;
	d->lat_max_us = (double)h->max_ns / 1e3;
	d->lat_p50_us = us_at(h, 50);
	d->lat_p99_us = us_at(h, 99);
	d->lat_p999_us = us_at(h, 99.9);
	d->lat_p9999_us = us_at(h, 99.99);
}

/*
 * Keep the queue full until the limit, a stop or an error, then drain it.
 * 0, or the first I/O error (-errno) with err set.
 */
static int io_loop(struct wl_state *st, struct io_req *reqs, struct io_completion *comps, char *err, size_t errlen)
{
	const struct workload *w = st->w;
	unsigned npending = 0, inflight = 0;
	uint64_t issued = 0;
	bool stopping = false, gen_done = false;
	int io_err = 0;
	int ret;

	for (;;) {
		while (!stopping && !gen_done && inflight + npending < w->qd) {
			next_req(st, &reqs[npending]);
			issued += reqs[npending].len;
			npending++;
			if (w->bytes && issued >= w->bytes)
				gen_done = true;
		}

		if (npending) {
			ret = st->t->ops->submit(st->t, reqs, npending);
			if (ret < 0 || (unsigned)ret > npending) {
				if (ret >= 0)
					ret = -EIO;
				snprintf(err, errlen, "submitting I/O failed: %s", strerror(-ret));
				io_err = ret;
				stopping = true;
			} else {
				memmove(reqs, reqs + ret, (npending - (unsigned)ret) * sizeof(*reqs));
				npending -= (unsigned)ret;
				inflight += (unsigned)ret;
			}
		}
		if (stopping) {
			/* Unsubmitted requests give their slots back. */
			while (npending)
				st->free_slots[st->nfree++] = (unsigned)reqs[--npending].cookie;
		}

		if (inflight == 0) {
			if (npending) {
				snprintf(err, errlen, "the queue accepted no I/O while idle");
				io_err = -EAGAIN;
			}
			break;
		}

		ret = st->t->ops->reap(st->t, comps, inflight, 1);
		if (ret <= 0) {
			if (ret == 0)
				ret = -EIO;
			/* Cannot drain without a working reap: give up on the queue. */
			if (!io_err) {
				snprintf(err, errlen, "reaping completions failed: %s", strerror(-ret));
				io_err = ret;
			}
			return io_err;
		}
		inflight -= (unsigned)ret;
		for (int i = 0; i < ret; i++) {
			if (comps[i].cookie >= w->qd) {
				if (!io_err) {
					snprintf(err, errlen, "the target returned an unknown "
						 "completion");
					io_err = -EIO;
				}
				stopping = true;
				continue;
			}
			st->free_slots[st->nfree++] = (unsigned)comps[i].cookie;
			if (io_err)
				continue;  /* keep the first error; just drain */
			io_err = account(st, &comps[i], err, errlen);
			if (io_err)
				stopping = true;
		}

		if (st->stop_requested || (w->stop_requested && w->stop_requested()) ||
		    (w->stop_poll && w->stop_poll(w->stop_arg))) {
			st->out->stopped_early = true;
			stopping = true;
		}
		if (w->time_ns && st->t->ops->now_ns(st->t) >= st->limit_ns)
			stopping = true;
		if (stopping) {
			while (npending)
				st->free_slots[st->nfree++] = (unsigned)reqs[--npending].cookie;
		}
	}

	return io_err;
}

/* The run's totals in st->out after the loop: the last interval, counters, rates, percentiles.  io_err, or a later error. */
static int totals(struct wl_state *st, int io_err, char *err, size_t errlen)
{
	struct run_result *out = st->out;
	uint64_t end_ns;
	int ret;

	end_ns = st->any_complete ? st->last_complete_ns : st->t->ops->now_ns(st->t);
	if (end_ns < st->iv_start_ns)
		end_ns = st->iv_start_ns;
	if (!io_err && (st->iv_ios || end_ns > st->iv_start_ns))
		io_err = close_interval(st, end_ns, err, errlen);
	else
		lat_hist_merge(out->lat_hist, st->iv_hist);
	{
		struct target_counters c;
		char cerr[TARGET_ERRLEN];

		/* A counter failure must not hide the I/O error already in err. */
		ret = read_counters(st, &c, io_err ? cerr : err, io_err ? sizeof(cerr) : errlen);
		if (ret < 0 && !io_err)
			io_err = ret;
		if (ret == 0) {
			out->host_bytes_written = c.host_bytes_written -
				st->run_counters.host_bytes_written;
			out->media_known = c.media_known && st->run_counters.media_known;
			out->media_bytes_written = out->media_known ?
				c.media_bytes_written - st->run_counters.media_bytes_written : 0;
			out->waf = waf_of(&st->run_counters, &c);
			out->unmapped_known = c.unmapped_known && st->run_counters.unmapped_known;
			out->counted_bytes_read = c.host_bytes_read - st->run_counters.host_bytes_read;
			out->unmapped_bytes_read = out->unmapped_known ?
				c.unmapped_bytes_read - st->run_counters.unmapped_bytes_read : 0;
		}
	}
	out->elapsed_ns = end_ns - st->start_ns;
	if (out->elapsed_ns) {
		out->iops = (double)out->ios / ((double)out->elapsed_ns / NS_PER_S);
		out->mbps = (double)out->bytes / ((double)out->elapsed_ns / NS_PER_S) / 1e6;
	}
	if (out->lat_hist->count) {
		const struct lat_hist *h = out->lat_hist;

		out->lat_mean_us = lat_hist_mean_ns(h) / 1e3;
		out->lat_max_us = (double)h->max_ns / 1e3;
		out->lat_p50_us = us_at(h, 50);
		out->lat_p99_us = us_at(h, 99);
		out->lat_p999_us = us_at(h, 99.9);
		out->lat_p9999_us = us_at(h, 99.99);
	}
	dir_figures(&out->rd, st->dir_hist[0], out->read_ios, out->read_bytes, out->elapsed_ns);
	dir_figures(&out->wr, st->dir_hist[1], out->write_ios, out->write_bytes, out->elapsed_ns);
	return io_err;
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
	uint64_t span;
	int ret;

	memset(out, 0, sizeof(*out));
	out->lat_mean_us = out->lat_max_us = out->waf = NAN;
	out->iops = out->mbps = NAN;
	out->lat_p50_us = out->lat_p99_us = out->lat_p999_us = out->lat_p9999_us = NAN;

	ret = check_workload(t, w, &span, err, errlen);
	if (ret < 0)
		return ret;
	out->qd = w->qd;
	out->bs = w->nbs_mix ? 0 : w->bs;
	if (w->nbs_mix)
		/* Each size aligns its own offsets; the span is only cut to the LBA. */
		st.span = span - span % t->info.lba_bytes;
	else
		st.span = span / w->bs * w->bs;
	out->span_bytes = st.span;
	out->mixed = workload_writes(w) && workload_reads(w);
	st.interval_ns = w->interval_ns ? w->interval_ns : NS_PER_S;
	reqs = calloc(w->qd, sizeof(*reqs));
	comps = calloc(w->qd, sizeof(*comps));
	if (!reqs || !comps || iogen_init(&st.gen, w, st.span) < 0) {
		snprintf(err, errlen, "out of memory for a queue of %u", w->qd);
		ret = -ENOMEM;
		goto out_free;
	}
	ret = setup_buffers(&st, err, errlen);
	if (ret < 0)
		goto out_free;

	st.have_counters = ops->counters != NULL;
	ret = read_counters(&st, &st.run_counters, err, errlen);
	if (ret < 0)
		goto out_free;
	st.iv_counters = st.run_counters;

	st.start_ns = ops->now_ns(t);
	st.limit_ns = w->time_ns ? st.start_ns + w->time_ns : UINT64_MAX;
	st.iv_start_ns = st.start_ns;
	st.iv_end_ns = st.start_ns + st.interval_ns;

	ret = totals(&st, io_loop(&st, reqs, comps, err, errlen), err, errlen);

out_free:
	iogen_free(&st.gen);
	free_buffers(&st);
	free(comps);
	free(reqs);
	return ret;
}

double run_unwritten_reads(const struct run_result *r)
{
	double f;

	if (!r->unmapped_known || !r->counted_bytes_read)
		return NAN;
	f = (double)r->unmapped_bytes_read / (double)r->counted_bytes_read;
	/* A 512-byte write's read-modify-write can read an unmapped unit the host never asked for. */
	return f > 1 ? 1 : f;
}

void run_result_free(struct run_result *r)
{
	if (!r)
		return;
	free(r->samples);
	r->samples = NULL;
	r->nsamples = r->cap = 0;
	free(r->lat_hist);
	r->lat_hist = NULL;
}
