/* SPDX-License-Identifier: MIT */
/*
 * The SLC cache seen from the host: sequential 128 KiB writes at QD32 through
 * the target queue (the path the engine uses), throughput sampled per MiB.
 * A static cache of S bytes takes S bytes at the SLC rate and then the drive
 * falls to the direct-write rate; a dynamic cache shrinks as the drive fills.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define BS (128u * 1024)
#define QD 32
#define SAMPLE_BYTES (1024u * 1024)

struct fill_trace {
	double *mbps;      /* per SAMPLE_BYTES, in order */
	size_t n;
};

/* Write [from, to) sequentially; record MB/s per SAMPLE_BYTES of completions. */
static void seq_write(struct target *t, uint64_t from, uint64_t to, struct fill_trace *tr)
{
	struct io_completion done[QD];
	uint64_t next = from, completed = 0, sample_start = t->ops->now_ns(t);
	unsigned inflight = 0;

	tr->n = 0;
	tr->mbps = calloc((to - from) / SAMPLE_BYTES + 1, sizeof(double));
	assert_non_null(tr->mbps);
	while (next < to || inflight) {
		while (inflight < QD && next < to) {
			struct io_req r = { .offset = next, .len = BS, .dir = IO_WRITE };

			assert_int_equal(t->ops->submit(t, &r, 1), 1);
			next += BS;
			inflight++;
		}
		int n = t->ops->reap(t, done, QD, 1);
		assert_true(n > 0);
		for (int i = 0; i < n; i++) {
			assert_int_equal(done[i].res, BS);
			completed += BS;
			if (completed % SAMPLE_BYTES == 0) {
				uint64_t now = done[i].complete_ns;
				tr->mbps[tr->n++] = (double)SAMPLE_BYTES * 1000.0 / (double)(now - sample_start);
				sample_start = now;
			}
		}
		inflight -= (unsigned)n;
	}
}

static double mean(const double *v, size_t from, size_t to)
{
	double s = 0;

	for (size_t i = from; i < to; i++)
		s += v[i];
	return s / (double)(to - from);
}

/* Bytes written before throughput drops below 75% of the opening rate for 8 MiB in a row. */
static uint64_t cliff_bytes(const struct fill_trace *tr)
{
	double start = mean(tr->mbps, 2, 10);

	for (size_t i = 10; i + 8 < tr->n; i++) {
		if (mean(tr->mbps, i, i + 8) < 0.75 * start) {
			while (i > 0 && tr->mbps[i - 1] < 0.75 * start)
				i--;
			return (uint64_t)i * SAMPLE_BYTES;
		}
	}
	return UINT64_MAX;
}

static struct target *open_target(const char *spec)
{
	struct target *t;
	char err[256];

	if (sim_target_open(spec, &t, err, sizeof(err)))
		fail_msg("%s: %s", spec, err);
	return t;
}

static void test_static_cache_cliff(void **state)
{
	/*
	 * 550 MB/s interface over SLC programs; direct TLC at 2 ms per 32 KiB
	 * over 16 dies = 262 MB/s.  No DRAM buffer, so the cliff is not hidden.
	 */
	struct target *t = open_target("sata-tlc,capacity=4G,slc_cache=static:256M,buffer=0,t_prog_us=2000,jitter=0");
	const double slc_rate = 550, direct_rate = 16 * 32768 / 2000.0;  /* MB/s, 10^6 bytes */
	struct fill_trace tr;
	(void)state;

	seq_write(t, 0, 1024ull << 20, &tr);
	uint64_t cliff = cliff_bytes(&tr);
	double before = mean(tr.mbps, 2, cliff / SAMPLE_BYTES - 2);
	double after = mean(tr.mbps, cliff / SAMPLE_BYTES + 16, tr.n);
	printf("# static 256 MiB: cliff at %.1f MiB, %.0f MB/s before, %.0f MB/s after\n",
	       (double)cliff / 1048576, before, after);
	assert_true(fabs((double)cliff / (256.0 * 1048576) - 1.0) <= 0.02);
	assert_true(fabs(before / slc_rate - 1.0) <= 0.05);
	assert_true(fabs(after / direct_rate - 1.0) <= 0.05);

	/* After an idle minute the region is folded and takes data at SLC speed again. */
	t->ops->idle(t, 60ull * 1000000000);
	free(tr.mbps);
	seq_write(t, 1024ull << 20, 2048ull << 20, &tr);
	cliff = cliff_bytes(&tr);
	assert_true(fabs((double)cliff / (256.0 * 1048576) - 1.0) <= 0.02);
	free(tr.mbps);
	target_close(t);
}

/* Cache bytes on a dynamic-cache drive after prefill_pct of it was written and folded. */
static uint64_t dynamic_cache_bytes(unsigned prefill_pct)
{
	struct target *t = open_target("budget-tlc,capacity=2G,jitter=0");
	uint64_t cap = t->info.capacity_bytes, start = cap / 100 * prefill_pct / BS * BS;
	struct fill_trace tr;

	if (start) {
		seq_write(t, 0, start, &tr);
		free(tr.mbps);
		t->ops->idle(t, 600ull * 1000000000);  /* fold it all to TLC */
	}
	seq_write(t, start, cap, &tr);
	uint64_t cliff = cliff_bytes(&tr);
	double before = mean(tr.mbps, 2, cliff / SAMPLE_BYTES - 2);
	double after = mean(tr.mbps, cliff / SAMPLE_BYTES + 16, tr.n - 2);
	printf("# dynamic, %u%% full: cache %.0f MiB, %.0f MB/s before, %.0f MB/s after\n", prefill_pct,
	       (double)cliff / 1048576, before, after);
	assert_true(after < before * 0.5);
	free(tr.mbps);
	target_close(t);
	return cliff;
}

static void test_dynamic_cache_shrinks_as_drive_fills(void **state)
{
	(void)state;
	uint64_t empty = dynamic_cache_bytes(0);
	uint64_t half = dynamic_cache_bytes(50);
	uint64_t cap = 2048ull << 20, raw = (uint64_t)(cap * 1.07);

	/* Empty: all free flash runs as SLC, about raw / 3. */
	assert_true(fabs((double)empty / (double)(raw / 3) - 1.0) < 0.05);
	/* Half full: free flash is raw - cap/2, so the cache is about a third of that. */
	assert_true(fabs((double)half / (double)((raw - cap / 2) / 3) - 1.0) < 0.05);
	assert_true(half < empty * 0.7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_static_cache_cliff),
		cmocka_unit_test(test_dynamic_cache_shrinks_as_drive_fills),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
