// SPDX-License-Identifier: MIT
/*
 * Unit tests for engine/workload.c and engine/uring_target.c.
 *
 * A fake target records every request and completes it after a fixed
 * virtual latency, so the mix, span and alignment rules can be checked over
 * hundreds of thousands of I/Os in milliseconds.  Then the io_uring backend
 * runs on temporary files the test creates and removes: the file holds
 * exactly what the engine says it wrote.  Fixed buffers are checked where
 * the kernel keeps them, in the ring's /proc/self/fdinfo.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <dirent.h>
#include <sys/uio.h>

#include "engine/histogram.h"
#include "device/target.h"
#include "open/open.h"
#include "engine/uring_target.h"
#include "engine/workload.h"
#include "engine/wrap.h"

#define ERRLEN 256
#define FAKE_QD 256
#define FAKE_LAT_NS 100000ull

/* ---- a fake target in virtual time ---- */

struct fake {
	struct target t;
	uint64_t clock;
	struct io_completion q[FAKE_QD];
	unsigned nq;
	/* What was asked of it. */
	uint64_t n, reads, writes, bad, max_end;
	uint64_t by_size[4];       /* 4k, 16k, 64k, other */
	uint64_t misaligned;
	uint64_t host_written;
	/* The engine's buffer registrations: calls, buffers and bytes of the last one. */
	unsigned registers, unregisters, nbufs;
	size_t buf_bytes;
};

static int fake_submit(struct target *t, const struct io_req *r, unsigned n)
{
	struct fake *f = (struct fake *)t;
	unsigned i;

	for (i = 0; i < n && f->nq < FAKE_QD; i++) {
		struct io_completion *c = &f->q[f->nq++];

		f->n++;
		if (r[i].dir == IO_READ)
			f->reads++;
		else
			f->writes++;
		if (r[i].offset + r[i].len > f->max_end)
			f->max_end = r[i].offset + r[i].len;
		if (r[i].offset % r[i].len)
			f->misaligned++;
		f->by_size[r[i].len == 4096 ? 0 : r[i].len == 16384 ? 1 :
			   r[i].len == 65536 ? 2 : 3]++;
		if (!r[i].buf)
			f->bad++;
		c->cookie = r[i].cookie;
		c->res = (int32_t)r[i].len;
		c->submit_ns = f->clock;
		/* Latency grows with the queue, so percentiles have something to show. */
		c->complete_ns = f->clock + FAKE_LAT_NS + 1000ull * f->nq;
		if (r[i].dir == IO_WRITE)
			f->host_written += r[i].len;
	}
	return (int)i;
}

static int fake_reap(struct target *t, struct io_completion *out, unsigned max, unsigned min)
{
	struct fake *f = (struct fake *)t;
	unsigned n = 0;

	(void)min;
	/* Oldest first: the queue is in submission order and latencies rise with it. */
	while (n < max && f->nq) {
		unsigned best = 0;

		for (unsigned i = 1; i < f->nq; i++)
			if (f->q[i].complete_ns < f->q[best].complete_ns)
				best = i;
		out[n] = f->q[best];
		f->q[best] = f->q[--f->nq];
		if (out[n].complete_ns > f->clock)
			f->clock = out[n].complete_ns;
		n++;
		if (n >= min && (!f->nq || f->q[0].complete_ns > f->clock))
			break;
	}
	return (int)n;
}

static uint64_t fake_now(struct target *t)
{
	return ((struct fake *)t)->clock;
}

static int fake_counters(struct target *t, struct target_counters *c)
{
	memset(c, 0, sizeof(*c));
	c->host_bytes_written = ((struct fake *)t)->host_written;
	return 0;
}

static int fake_register(struct target *t, const struct iovec *iov, unsigned n)
{
	struct fake *f = (struct fake *)t;

	f->registers++;
	f->nbufs = n;
	f->buf_bytes = 0;
	for (unsigned i = 0; i < n; i++)
		f->buf_bytes += iov[i].iov_len;
	return 0;
}

static void fake_unregister(struct target *t)
{
	((struct fake *)t)->unregisters++;
}

static const struct target_ops fake_ops = {
	.name = "fake",
	.caps = TARGET_CAP_READ | TARGET_CAP_WRITE | TARGET_CAP_VIRTUAL_TIME,
	.submit = fake_submit,
	.reap = fake_reap,
	.now_ns = fake_now,
	.counters = fake_counters,
	.register_buffers = fake_register,
	.unregister_buffers = fake_unregister,
	.max_queue_depth = FAKE_QD,
};

static struct fake *fake_new(uint64_t capacity)
{
	struct fake *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->t.ops = &fake_ops;
	snprintf(f->t.info.kind, sizeof(f->t.info.kind), "fake");
	snprintf(f->t.info.path, sizeof(f->t.info.path), "fake");
	f->t.info.capacity_bytes = capacity;
	f->t.info.lba_bytes = 512;
	return f;
}

static struct workload base_workload(void)
{
	struct workload w = {
		.rw = WL_RANDWRITE, .bs = 4096, .qd = 32, .bytes = 0, .time_ns = 0,
		.interval_ns = 1000000000ull, .seed = 1,
	};
	return w;
}

static void run_ok(struct target *t, const struct workload *w, struct run_result *r)
{
	char err[ERRLEN] = "";

	if (workload_run(t, w, r, NULL, NULL, err, sizeof(err)) != 0)
		fail_msg("workload_run: %s", err);
}

/* --bs-mix 4k:60,64k:40 and 16k: proportions within 2% over 100k+ I/Os. */
static void test_bs_mix(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	char err[ERRLEN];
	double n;

	(void)state;
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k:50,16k:20,64k:30", &w, err,
					       sizeof(err)), 0);
	w.time_ns = 60ull * 1000000000ull;
	w.qd = 16;
	run_ok(&f->t, &w, &r);
	n = (double)f->n;
	assert_true(f->n >= 100000);
	assert_true(fabs(f->by_size[0] / n - 0.50) < 0.02 * 0.50);
	assert_true(fabs(f->by_size[1] / n - 0.20) < 0.02 * 0.20);
	assert_true(fabs(f->by_size[2] / n - 0.30) < 0.02 * 0.30);
	assert_int_equal(f->by_size[3], 0);
	/* Offsets aligned to each I/O's own size, and all within the capacity. */
	assert_int_equal(f->misaligned, 0);
	assert_true(f->max_end <= 1ull << 30);
	assert_int_equal(f->bad, 0);
	assert_int_equal(r.write_ios, r.ios);
	assert_int_equal(r.host_bytes_written, r.bytes);
	run_result_free(&r);
	free(f);

	/* Malformed lists are refused with a message naming the option. */
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k", &w, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--bs-mix"));
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k:0", &w, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k:1,,8k:1", &w, err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4q:1", &w, err, sizeof(err)),
			 -EINVAL);
}

static void test_randrw_and_span(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };

	(void)state;
	w.rw = WL_RANDRW;
	w.read_pct = 70;
	w.bytes = 400ull << 20;   /* 102400 I/Os */
	w.span_bytes = 100ull << 20;
	run_ok(&f->t, &w, &r);
	assert_true(f->n >= 100000);
	assert_true(fabs((double)f->reads / (double)f->n - 0.70) < 0.02 * 0.70);
	assert_int_equal(r.read_ios + r.write_ios, r.ios);
	assert_int_equal(r.read_ios, f->reads);
	assert_true(f->max_end <= 100ull << 20);
	assert_int_equal(r.span_bytes, 100ull << 20);
	/* The byte limit is met exactly with a fixed size that divides it. */
	assert_int_equal(r.bytes, 400ull << 20);
	run_result_free(&r);
	free(f);
}

/* Sequential runs wrap at the span end; the percentiles see the fake's latencies. */
static void test_sequential_and_percentiles(void **state)
{
	struct fake *f = fake_new(64ull << 20);
	struct workload w = base_workload();
	struct run_result r = { 0 };

	(void)state;
	w.rw = WL_WRITE;
	w.qd = 1;
	w.bs = 65536;
	w.span_bytes = 1ull << 20;
	w.bytes = 3ull << 20;
	run_ok(&f->t, &w, &r);
	assert_int_equal(f->max_end, 1ull << 20);
	assert_int_equal(r.ios, 48);
	/* A span that starts further in: offsets shift, the length stays. */
	run_result_free(&r);
	f->max_end = 0;
	w.offset_bytes = 8ull << 20;
	run_ok(&f->t, &w, &r);
	assert_int_equal(f->max_end, 9ull << 20);
	w.offset_bytes = 127ull << 19;  /* a 1 MiB span would pass the end */
	{
		char err[ERRLEN];

		run_result_free(&r);
		assert_int_equal(workload_run(&f->t, &w, &r, NULL, NULL, err, sizeof(err)),
				 -EINVAL);
	}
	w.offset_bytes = 0;
	run_result_free(&r);
	run_ok(&f->t, &w, &r);
	/* QD1: every I/O took FAKE_LAT_NS + 1 us. */
	assert_true(fabs(r.lat_p50_us - 101.0) < 0.01 * 101.0);
	assert_true(fabs(r.lat_p99_us - 101.0) < 0.01 * 101.0);
	assert_true(fabs(r.lat_mean_us - 101.0) < 1e-9);
	assert_non_null(r.lat_hist);
	assert_int_equal(r.lat_hist->count, 48);
	assert_int_equal(r.nsamples, 1);
	assert_true(fabs(r.samples[0].lat_p50_us - 101.0) < 0.01 * 101.0);
	run_result_free(&r);
	free(f);
}

static int stop_after_two(const struct run_sample *s, void *arg)
{
	int *n = arg;

	(void)s;
	return ++*n >= 2;
}

static void test_progress_stops(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	char err[ERRLEN];
	int calls = 0;

	(void)state;
	w.time_ns = 10ull * 1000000000ull;
	assert_int_equal(workload_run(&f->t, &w, &r, stop_after_two, &calls, err, sizeof(err)),
			 0);
	assert_true(r.stopped_early);
	assert_int_equal(calls, 3);  /* two intervals, then the drain's last one */
	assert_true(r.elapsed_ns < 3ull * 1000000000ull);
	assert_int_equal(f->nq, 0);
	run_result_free(&r);
	free(f);
}

static unsigned polls;

static bool stop_after_polls(void)
{
	return ++polls > 100;
}

/* The per-batch stop hook ends the run without waiting for an interval. */
static void test_stop_hook(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };

	(void)state;
	w.time_ns = 10ull * 1000000000ull;
	w.stop_requested = stop_after_polls;
	run_ok(&f->t, &w, &r);
	assert_true(r.stopped_early);
	assert_true(r.elapsed_ns < 100000000ull);
	assert_int_equal(f->nq, 0);
	assert_int_equal(r.ios, f->n);
	run_result_free(&r);
	free(f);
}

static int stop_poll_after(void *arg)
{
	unsigned *n = arg;

	return ++*n > 100;
}

/* The same with an argument (precondition's poll): stopped at a batch, the queue drained, the rates kept. */
static void test_stop_poll(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	unsigned n = 0;

	(void)state;
	w.time_ns = 10ull * 1000000000ull;
	w.interval_ns = w.time_ns;
	w.stop_poll = stop_poll_after;
	w.stop_arg = &n;
	run_ok(&f->t, &w, &r);
	assert_true(r.stopped_early);
	assert_true(n > 100);
	assert_true(r.elapsed_ns < 100000000ull);
	assert_int_equal(f->nq, 0);
	assert_true(r.ios > 0);
	assert_true(r.iops > 0);
	assert_int_equal(r.nsamples, 1);
	run_result_free(&r);
	free(f);
}

static void test_pattern(void **state)
{
	unsigned char a[8192], b[8192];

	(void)state;
	workload_pattern(7, 4096, a, sizeof(a));
	/* Any slice is the same bytes as the whole. */
	workload_pattern(7, 4096 + 13, b, 100);
	assert_memory_equal(a + 13, b, 100);
	/* Period 4 MiB, seed-dependent, and not zeros. */
	workload_pattern(7, 4096 + (4u << 20), b, sizeof(b));
	assert_memory_equal(a, b, sizeof(a));
	workload_pattern(8, 4096, b, sizeof(b));
	assert_memory_not_equal(a, b, sizeof(a));
	memset(b, 0, sizeof(b));
	assert_memory_not_equal(a, b, sizeof(a));
}

/* What an I/O log hook saw. */
struct io_log {
	uint64_t n, reads, bytes, bad_time;
	uint64_t by_len[2];     /* 4k, 16k */
};

static void log_io(void *arg, const struct wl_io_record *io)
{
	struct io_log *l = arg;

	l->n++;
	l->reads += io->dir == IO_READ;
	l->bytes += io->len;
	l->bad_time += io->complete_ns < io->submit_ns;
	l->by_len[io->len == 16384]++;
}

/* workload.io_done sees every completed I/O once, as sent: the log agrees with the run's counts. */
static void test_io_log(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	struct io_log l = { 0 };
	char err[ERRLEN];

	(void)state;
	assert_int_equal(workload_bs_mix_parse("--bs-mix", "4k:3,16k:1", &w, err, sizeof(err)), 0);
	w.rw = WL_RANDRW;
	w.read_pct = 35;
	w.time_ns = 5ull * 1000000000ull;
	w.io_done = log_io;
	w.io_arg = &l;
	run_ok(&f->t, &w, &r);
	assert_true(l.n > 10000);
	assert_int_equal(l.n, r.ios);
	assert_int_equal(l.n, f->n);
	assert_int_equal(l.reads, r.read_ios);
	assert_int_equal(l.bytes, r.bytes);
	assert_int_equal(l.bad_time, 0);
	assert_int_equal(l.by_len[0] + l.by_len[1], l.n);
	assert_true(fabs((double)l.by_len[1] / (double)l.n - 0.25) < 0.02);
	run_result_free(&r);
	free(f);
}

/* workload_pattern_buffer holds workload_pattern's bytes, its tail the start again; a run takes it and leaves it. */
static void test_pattern_buffer(void **state)
{
	unsigned char *pat = workload_pattern_buffer(9, 65536), want[8192];
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };

	(void)state;
	assert_non_null(pat);
	workload_pattern(9, 0, want, sizeof(want));
	assert_memory_equal(pat, want, sizeof(want));
	assert_memory_equal(pat + (4u << 20), want, sizeof(want));
	workload_pattern(9, (4u << 20) - 4096, want, 4096);
	assert_memory_equal(pat + (4u << 20) - 4096, want, 4096);
	w.seed = 9;
	w.pattern_buf = pat;
	w.bytes = 64ull << 20;
	run_ok(&f->t, &w, &r);
	assert_int_equal(r.bytes, 64ull << 20);
	run_result_free(&r);
	/* Still the caller's, unchanged: the run did not free it (ASan would say) nor write to it. */
	workload_pattern(9, 0, want, sizeof(want));
	assert_memory_equal(pat, want, sizeof(want));
	free(pat);
	free(f);
}

/* ---- the io_uring backend on temporary files ---- */

static char *make_file(uint64_t size)
{
	char *path = strdup("/tmp/ssdprof-test-XXXXXX");
	int fd;

	assert_non_null(path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)size), 0);
	close(fd);
	return path;
}

static unsigned char *slurp(const char *path, uint64_t size)
{
	unsigned char *buf = malloc(size);
	int fd = open(path, O_RDONLY);
	uint64_t got = 0;

	assert_non_null(buf);
	assert_true(fd >= 0);
	while (got < size) {
		ssize_t n = pread(fd, buf + got, size - got, (off_t)got);

		assert_true(n > 0);
		got += (uint64_t)n;
	}
	close(fd);
	return buf;
}

static struct target *open_file(const char *path)
{
	char err[ERRLEN] = "";
	struct target *t = NULL;
	int ret = target_open_flags(path, TARGET_OPEN_WRITE, &t, err, sizeof(err));

	if (ret == -ENOSYS)
		skip();
	if (ret < 0)
		fail_msg("target_open(%s): %s", path, err);
	return t;
}

static bool all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* A sequential write leaves exactly the pattern in [0, bytes) and zeros after. */
static void test_file_sequential_content(void **state)
{
	const uint64_t size = 32ull << 20, bytes = 12ull << 20;
	char *path = make_file(size);
	struct target *t = open_file(path);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	unsigned char *data, *want;

	(void)state;
	assert_string_equal(t->info.kind, "file");
	assert_int_equal(t->info.capacity_bytes, size);
	w.rw = WL_WRITE;
	w.bs = 131072;
	w.qd = 8;
	w.bytes = bytes;
	w.seed = 99;
	run_ok(t, &w, &r);
	assert_int_equal(r.bytes, bytes);
	assert_int_equal(r.host_bytes_written, bytes);
	assert_false(r.media_known);
	assert_true(isnan(r.waf));
	assert_true(r.lat_p50_us > 0 && r.lat_p99_us >= r.lat_p50_us);

	data = slurp(path, size);
	want = malloc(bytes);
	assert_non_null(want);
	workload_pattern(99, 0, want, bytes);
	assert_memory_equal(data, want, bytes);
	assert_true(all_zero(data + bytes, size - bytes));
	free(want);
	free(data);

	/* Reads of what was written verify clean; another seed does not. */
	w.rw = WL_RANDREAD;
	w.bs = 4096;
	w.qd = 16;
	w.bytes = 4ull << 20;
	w.span_bytes = bytes;
	w.verify = true;
	run_result_free(&r);
	run_ok(t, &w, &r);
	assert_int_equal(r.read_ios, 1024);
	assert_int_equal(r.verify_errors, 0);
	assert_int_equal(r.host_bytes_written, 0);
	w.seed = 100;
	run_result_free(&r);
	run_ok(t, &w, &r);
	assert_int_equal(r.verify_errors, r.read_ios);

	/* purge punches the whole file back to zeros. */
	{
		char err[ERRLEN];

		assert_int_equal(t->ops->purge(t, NULL, err, sizeof(err)), 0);
		data = slurp(path, size);
		assert_true(all_zero(data, size));
		free(data);
		assert_int_equal(t->ops->purge(t, "sanitize-block", err, sizeof(err)),
				 -EOPNOTSUPP);
	}
	run_result_free(&r);
	target_close(t);
	unlink(path);
	free(path);
}

/* Random writes: every changed block is the pattern, nothing past the span changes. */
static void test_file_random_span(void **state)
{
	const uint64_t size = 16ull << 20, span = 4ull << 20;
	char *path = make_file(size);
	struct target *t = open_file(path);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	unsigned char *data, want[4096];
	uint64_t changed = 0;

	(void)state;
	w.rw = WL_RANDWRITE;
	w.qd = 32;
	w.bytes = 8ull << 20;
	w.span_bytes = span;
	w.seed = 5;
	run_ok(t, &w, &r);
	assert_int_equal(r.write_ios, 2048);
	assert_int_equal(r.host_bytes_written, 8ull << 20);
	data = slurp(path, size);
	for (uint64_t off = 0; off < span; off += 4096) {
		if (all_zero(data + off, 4096))
			continue;
		changed++;
		workload_pattern(5, off, want, sizeof(want));
		assert_memory_equal(data + off, want, sizeof(want));
	}
	/* 2048 uniform draws over 1024 blocks leave about 1024 * e^-2 untouched. */
	assert_true(changed > 800 && changed <= 1024);
	assert_true(all_zero(data + span, size - span));
	free(data);
	run_result_free(&r);
	target_close(t);
	unlink(path);
	free(path);
}

/*
 * The backstop of the one gate: a workload that writes to a real device
 * the safety gate did not claim is refused (-EPERM, a reason) before any
 * I/O; reads pass, and once claimed, writes go.
 */
static void test_unclaimed_real_device(void **state)
{
	struct target_ops real_ops = fake_ops;
	struct fake *f = fake_new(64ull << 20);
	struct workload w = base_workload();
	struct run_result r;
	char err[ERRLEN] = "";
	int claim;

	(void)state;
	real_ops.caps |= TARGET_CAP_REAL_DEVICE;
	f->t.ops = &real_ops;
	w.time_ns = 10000000ull;
	w.interval_ns = 10000000ull;
	assert_int_equal(workload_run(&f->t, &w, &r, NULL, NULL, err, sizeof(err)), -EPERM);
	assert_non_null(strstr(err, "safety gate has not claimed it"));
	assert_int_equal(f->n, 0);
	w.rw = WL_RANDREAD;
	run_ok(&f->t, &w, &r);
	run_result_free(&r);
	assert_int_equal(f->writes, 0);
	w.rw = WL_RANDWRITE;
	f->t.claim = (struct device_claim *)&claim;
	run_ok(&f->t, &w, &r);
	run_result_free(&r);
	assert_true(f->writes > 0);
	f->t.claim = NULL;
	free(f);
}

static int nop_identify(struct target *t, struct target_info *info)
{
	*info = t->info;
	return 0;
}

static void nop_close(struct target *t)
{
	(void)t;
}

static int nop_trim(struct target *t, uint64_t offset, uint64_t len)
{
	(void)t;
	(void)offset;
	(void)len;
	return 0;
}

/*
 * Each ops table is checked when opened (as fio's check_engine_ops): a
 * capability bit without its hook, or a missing mandatory hook, is refused
 * with -EINVAL and a reason naming the hook; a whole table passes.
 */
static void test_check_ops(void **state)
{
	struct target_ops ops = fake_ops;
	struct fake *f = fake_new(64ull << 20);
	char err[ERRLEN] = "";

	(void)state;
	f->t.ops = &ops;
	ops.identify = nop_identify;
	ops.close = nop_close;
	assert_int_equal(target_check_ops(&f->t, err, sizeof(err)), 0);
	ops.caps |= TARGET_CAP_TRIM;
	assert_int_equal(target_check_ops(&f->t, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "'trim' hook"));
	ops.trim = nop_trim;
	assert_int_equal(target_check_ops(&f->t, err, sizeof(err)), 0);
	ops.caps |= TARGET_CAP_GROUP;
	assert_int_equal(target_check_ops(&f->t, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "'control' hook"));
	ops.caps &= ~(unsigned)TARGET_CAP_GROUP;
	ops.reap = NULL;
	assert_int_equal(target_check_ops(&f->t, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "'reap' hook"));
	ops.reap = fake_ops.reap;
	ops.close = NULL;
	assert_int_equal(target_check_ops(&f->t, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "mandatory hook (close)"));
	free(f);
}

static void test_open_errors(void **state)
{
	char err[ERRLEN];
	struct target *t = NULL;
	char *empty = make_file(0);

	(void)state;
	assert_int_equal(target_open("/nonexistent/ssdprof", &t, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/nonexistent/ssdprof"));
	assert_int_equal(target_open("/tmp", &t, err, sizeof(err)), -EISDIR);
	assert_non_null(strstr(err, "directory"));
	assert_int_equal(target_open(empty, &t, err, sizeof(err)), -EINVAL);
	assert_null(t);
	assert_int_equal(target_open("/dev/null", &t, err, sizeof(err)), -EINVAL);
	unlink(empty);
	free(empty);
}

/* A target without the hook (the simulator, a RAID group) has no fixed buffers, and says so. */
static void test_register_other(void **state)
{
	static const struct target_ops bare_ops = { .name = "bare" };
	struct target t = { .ops = &bare_ops };
	struct iovec iov = { .iov_base = &t, .iov_len = sizeof(t) };

	(void)state;
	assert_int_equal(target_register_buffers(&t, &iov, 1), -EOPNOTSUPP);
	target_unregister_buffers(&t);
}

/* The engine registers its pattern and read buffers once per run and drops them at the end. */
static void test_engine_registers(void **state)
{
	struct fake *f = fake_new(1ull << 30);
	struct workload w = base_workload();
	struct run_result r = { 0 };

	(void)state;
	w.rw = WL_RANDRW;
	w.read_pct = 50;
	w.bytes = 4ull << 20;
	run_ok(&f->t, &w, &r);
	assert_int_equal(f->registers, 1);
	assert_int_equal(f->unregisters, 1);
	assert_int_equal(f->nbufs, 2);
	/* The pattern alone is larger than any block; the read area holds one per slot. */
	assert_true(f->buf_bytes >= (size_t)w.qd * w.bs);
	run_result_free(&r);
	free(f);
}

/* Buffers registered on this process's io_uring rings, as the kernel counts them. */
static unsigned ring_buffers(void)
{
	DIR *d = opendir("/proc/self/fdinfo");
	struct dirent *de;
	unsigned total = 0;

	assert_non_null(d);
	while ((de = readdir(d))) {
		char path[300], line[256];
		unsigned n;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/self/fdinfo/%s", de->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "UserBufs: %u", &n) == 1)
				total += n;
		fclose(f);
	}
	closedir(d);
	return total;
}

static int count_ring_buffers(const struct run_sample *s, void *arg)
{
	unsigned *most = arg, n = ring_buffers();

	(void)s;
	if (n > *most)
		*most = n;
	return 0;
}

/*
 * A target that wraps a file target's queue, as the NVMe and SATA targets
 * wrap their block device's: the engine's buffers reach the inner ring.
 */
static void test_wrap_fixed_buffers(void **state)
{
	const uint64_t size = 8ull << 20;
	char *path = make_file(size);
	struct wrap_target wt = { .io = open_file(path) };
	struct workload w = base_workload();
	struct run_result r = { 0 };
	char err[ERRLEN] = "", buf[8192];
	struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	unsigned most = 0;

	(void)state;
	wt.ops = (struct target_ops){
		.name = "wrapped", .caps = wt.io->ops->caps, .submit = wrap_submit,
		.reap = wrap_reap, .now_ns = wrap_now, .idle = wrap_idle,
		.completion_fd = wrap_completion_fd, .register_buffers = wrap_register_buffers,
		.unregister_buffers = wrap_unregister_buffers, .max_queue_depth = URING_MAX_QD,
	};
	wt.t.ops = &wt.ops;
	wt.t.info = wt.io->info;
	assert_int_equal(ring_buffers(), 0);
	assert_int_equal(target_register_buffers(&wt.t, &iov, 1), 0);
	assert_int_equal(ring_buffers(), 1);
	target_unregister_buffers(&wt.t);
	assert_int_equal(ring_buffers(), 0);

	/* Through the engine: both of its buffers are registered while it runs. */
	w.rw = WL_RANDRW;
	w.read_pct = 50;
	w.time_ns = 200000000ull;
	w.interval_ns = 20000000ull;
	w.qd = 8;
	if (workload_run(&wt.t, &w, &r, count_ring_buffers, &most, err, sizeof(err)) != 0)
		fail_msg("workload_run: %s", err);
	assert_int_equal(most, 2);
	assert_int_equal(ring_buffers(), 0);
	run_result_free(&r);
	target_close(wt.io);
	unlink(path);
	free(path);
}

/* A read-only open of a file: a reader's capabilities, and the file still counts as writable. */
static void test_open_readonly(void **state)
{
	char *path = make_file(1 << 20);
	struct workload w = base_workload();
	struct run_result r = { 0 };
	char err[ERRLEN] = "";
	struct target *t = NULL;
	int ret;

	(void)state;
	ret = target_open_flags(path, TARGET_OPEN_READONLY, &t, err, sizeof(err));
	if (ret == -ENOSYS)
		skip();
	if (ret < 0)
		fail_msg("target_open_flags(%s): %s", path, err);
	assert_string_equal(t->info.kind, "file");
	assert_true(target_has(t, TARGET_CAP_READ | TARGET_CAP_OP_SPAN));
	assert_false(t->ops->caps & (TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE));
	assert_true(target_writable(t));
	assert_non_null(t->ops->register_buffers);
	w.bytes = 1 << 20;
	assert_int_equal(workload_run(t, &w, &r, NULL, NULL, err, sizeof(err)), -EOPNOTSUPP);
	assert_non_null(strstr(err, "cannot write"));
	target_close(t);

	/* The write open of the same file (TARGET_OPEN_WRITE, open_file) is a writer's. */
	t = open_file(path);
	assert_true(target_has(t, TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE));
	assert_true(target_writable(t));
	target_close(t);

	/* Without write permission neither open can write (root has it whatever the mode). */
	if (geteuid() != 0) {
		assert_int_equal(chmod(path, 0444), 0);
		t = open_file(path);
		assert_false(target_has(t, TARGET_CAP_WRITE));
		assert_false(target_writable(t));
		target_close(t);
	}
	unlink(path);
	free(path);
}

/*
 * Read-only unless asked (device/target.h): target_open, target_open_flags
 * without TARGET_OPEN_WRITE and a group of such members give no writer,
 * although the file takes writes.
 */
static void test_open_default_readonly(void **state)
{
	char *path = make_file(1 << 20), *path2 = make_file(1 << 20);
	const char *specs[] = { path, path2 };
	char err[ERRLEN] = "";
	struct target *t = NULL;
	int ret;

	(void)state;
	ret = target_open(path, &t, err, sizeof(err));
	if (ret == -ENOSYS)
		skip();
	if (ret < 0)
		fail_msg("target_open(%s): %s", path, err);
	assert_false(t->ops->caps & TARGET_CAPS_WRITING);
	assert_true(target_drive_caps(t) & TARGET_CAP_WRITE);
	assert_true(target_writable(t));
	target_close(t);
	assert_int_equal(target_open_flags(path, 0, &t, err, sizeof(err)), 0);
	assert_false(target_has(t, TARGET_CAP_WRITE));
	target_close(t);
	assert_int_equal(target_open_group(RAID_0, 64 * 1024, specs, 2, 0, &t, err, sizeof(err)), 0);
	assert_false(target_has(t, TARGET_CAP_WRITE));
	target_close(t);
	assert_int_equal(target_open_group(RAID_0, 64 * 1024, specs, 2, TARGET_OPEN_WRITE, &t, err, sizeof(err)),
			 0);
	assert_true(target_has(t, TARGET_CAP_WRITE));
	target_close(t);
	unlink(path);
	unlink(path2);
	free(path);
	free(path2);
}

/*
 * A read-only open of a simulated drive (TARGET_OPEN_READONLY, or no
 * TARGET_OPEN_WRITE) is a reader, as a file's or a group's: no writing
 * capability, the drive's own in target_drive_caps, and a write submitted
 * anyway refused (-EBADF) with the drive untouched.  A group of such members
 * too; TARGET_OPEN_WRITE gives a writer.
 */
static void test_open_sim_readonly(void **state)
{
	const char *spec = "sim:budget-tlc,capacity=1G", *specs[] = { spec, spec };
	const unsigned flags[] = { TARGET_OPEN_READONLY, 0 };
	static char buf[4096];
	struct workload w = base_workload();
	struct run_result r = { 0 };
	struct target_counters c = { 0 };
	struct io_completion done;
	char err[ERRLEN] = "";
	struct target *t = NULL;

	(void)state;
	for (size_t k = 0; k < 2; k++) {
		struct io_req req = { .dir = IO_WRITE, .offset = 0, .len = sizeof(buf), .buf = buf, .cookie = 7 };

		if (target_open_flags(spec, flags[k], &t, err, sizeof(err)) < 0)
			fail_msg("target_open_flags(%s): %s", spec, err);
		assert_false(t->ops->caps & TARGET_CAPS_WRITING);
		assert_true(target_has(t, TARGET_CAP_READ | TARGET_CAP_OP_SPAN | TARGET_CAP_VIRTUAL_TIME));
		assert_true(target_drive_caps(t) & TARGET_CAP_WRITE);
		assert_true(target_drive_caps(t) & TARGET_CAP_PURGE);
		w.bytes = 1 << 20;
		assert_int_equal(workload_run(t, &w, &r, NULL, NULL, err, sizeof(err)), -EOPNOTSUPP);
		assert_non_null(strstr(err, "cannot write"));
		/* Past the capability check, the submit path refuses it too. */
		assert_int_equal(t->ops->submit(t, &req, 1), 1);
		assert_int_equal(t->ops->reap(t, &done, 1, 1), 1);
		assert_int_equal(done.res, -EBADF);
		assert_int_equal(done.cookie, 7);
		assert_int_equal(t->ops->purge(t, NULL, err, sizeof(err)), -EBADF);
		assert_int_equal(t->ops->trim(t, 0, 4096), -EBADF);
		assert_int_equal(t->ops->counters(t, &c), 0);
		assert_int_equal(c.host_bytes_written, 0);
		assert_int_equal(c.media_bytes_written, 0);
		target_close(t);
	}
	assert_int_equal(target_open_group(RAID_1, 64 * 1024, specs, 2, 0, &t, err, sizeof(err)), 0);
	assert_false(t->ops->caps & TARGET_CAPS_WRITING);
	target_close(t);
	assert_int_equal(target_open_flags(spec, TARGET_OPEN_WRITE, &t, err, sizeof(err)), 0);
	assert_true(target_has(t, TARGET_CAP_WRITE | TARGET_CAP_TRIM | TARGET_CAP_PURGE | TARGET_CAP_OP_NAMESPACE));
	assert_int_equal(target_drive_caps(t), t->ops->caps);
	w.bytes = 1 << 20;
	run_ok(t, &w, &r);
	run_result_free(&r);
	target_close(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bs_mix),
		cmocka_unit_test(test_open_sim_readonly),
		cmocka_unit_test(test_io_log),
		cmocka_unit_test(test_pattern_buffer),
		cmocka_unit_test(test_randrw_and_span),
		cmocka_unit_test(test_sequential_and_percentiles),
		cmocka_unit_test(test_progress_stops),
		cmocka_unit_test(test_stop_hook),
		cmocka_unit_test(test_stop_poll),
		cmocka_unit_test(test_pattern),
		cmocka_unit_test(test_file_sequential_content),
		cmocka_unit_test(test_file_random_span),
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_unclaimed_real_device),
		cmocka_unit_test(test_check_ops),
		cmocka_unit_test(test_register_other),
		cmocka_unit_test(test_engine_registers),
		cmocka_unit_test(test_wrap_fixed_buffers),
		cmocka_unit_test(test_open_readonly),
		cmocka_unit_test(test_open_default_readonly),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
