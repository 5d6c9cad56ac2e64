// SPDX-License-Identifier: MIT
/*
 * Unit tests for engine/histogram.c: the bucket layout is contiguous and
 * fine enough, and percentiles of known distributions come out within 1% of
 * the exact order statistics.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/histogram.h"

#define N_SAMPLES 1000000

static uint64_t rng_state = 42;

/* splitmix64: good enough to draw test distributions, and seeded. */
static uint64_t next_u64(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in (0, 1). */
static double next_unit(void)
{
	return ((double)(next_u64() >> 11) + 0.5) / 9007199254740992.0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static struct lat_hist *new_hist(void)
{
	struct lat_hist *h = calloc(1, sizeof(*h));

	assert_non_null(h);
	lat_hist_reset(h);
	return h;
}

/* The same rank rule as the histogram: the smallest value with pct% at or below it. */
static uint64_t exact_percentile(const uint64_t *sorted, size_t n, double pct)
{
	size_t rank = (size_t)ceil(pct / 100.0 * (double)n);

	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

static void check_distribution(const char *name, uint64_t (*draw)(void))
{
	static const double pcts[] = { 1, 10, 50, 90, 99, 99.9, 99.99 };
	uint64_t *v = malloc(N_SAMPLES * sizeof(*v));
	struct lat_hist *h = new_hist();
	double sum = 0;

	assert_non_null(v);
	for (size_t i = 0; i < N_SAMPLES; i++) {
		v[i] = draw();
		sum += (double)v[i];
		lat_hist_record(h, v[i]);
	}
	qsort(v, N_SAMPLES, sizeof(*v), cmp_u64);
	assert_int_equal(h->count, N_SAMPLES);
	assert_int_equal(h->min_ns, v[0]);
	assert_int_equal(h->max_ns, v[N_SAMPLES - 1]);
	assert_true(fabs(lat_hist_mean_ns(h) - sum / N_SAMPLES) < 1e-6 * sum / N_SAMPLES);
	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		double exact = (double)exact_percentile(v, N_SAMPLES, pcts[i]);
		double got = lat_hist_percentile_ns(h, pcts[i]);

		if (fabs(got - exact) > 0.01 * exact)
			fail_msg("%s p%g: histogram %.1f, exact %.1f (%.3f%% off)", name, pcts[i],
				 got, exact, 100 * (got - exact) / exact);
	}
	assert_true(lat_hist_percentile_ns(h, 100) == (double)v[N_SAMPLES - 1]);
	free(h);
	free(v);
}

static uint64_t draw_uniform(void)
{
	return 1 + next_u64() % 10000000;  /* 1 ns .. 10 ms */
}

static uint64_t draw_exponential(void)
{
	return (uint64_t)(-log(next_unit()) * 100000.0);  /* mean 100 us */
}

static uint64_t draw_lognormal(void)
{
	/* Box-Muller; median 80 us, a long tail as SSD latencies have. */
	double z = sqrt(-2 * log(next_unit())) * cos(2 * M_PI * next_unit());

	return (uint64_t)exp(log(80000.0) + 0.8 * z);
}

/* Mostly fast, a few GC stalls three orders of magnitude slower. */
static uint64_t draw_bimodal(void)
{
	if (next_u64() % 1000 < 3)
		return 5000000 + next_u64() % 20000000;
	return 20000 + next_u64() % 5000;
}

static void test_distributions(void **state)
{
	(void)state;
	check_distribution("uniform", draw_uniform);
	check_distribution("exponential", draw_exponential);
	check_distribution("lognormal", draw_lognormal);
	check_distribution("bimodal", draw_bimodal);
}

/* Every value lands in a bucket that contains it, and buckets are at most 1/256 wide. */
static void test_layout(void **state)
{
	unsigned prev = 0;

	(void)state;
	for (uint64_t v = 0; v < (1ull << 40); v = v < 4096 ? v + 1 : v + v / 1000 + 1) {
		unsigned i = lat_hist_index(v);
		uint64_t lo = lat_hist_bucket_low(i), w = lat_hist_bucket_width(i);

		assert_true(i < LAT_HIST_BUCKETS);
		assert_true(i >= prev);
		prev = i;
		if (v < lo || v >= lo + w)
			fail_msg("value %llu in bucket %u [%llu, %llu)", (unsigned long long)v, i,
				 (unsigned long long)lo, (unsigned long long)(lo + w));
		if (lo >= LAT_HIST_SUB)
			assert_true((double)w / (double)lo <= 1.0 / LAT_HIST_SUB);
	}
	/* Neighbouring buckets tile the line without gaps. */
	for (unsigned i = 0; i + 1 < LAT_HIST_BUCKETS; i++)
		assert_int_equal(lat_hist_bucket_low(i) + lat_hist_bucket_width(i),
				 lat_hist_bucket_low(i + 1));
	/* Beyond the range: clamped into the last bucket, still counted. */
	assert_int_equal(lat_hist_index(UINT64_MAX), LAT_HIST_BUCKETS - 1);
}

static void test_merge_and_reset(void **state)
{
	struct lat_hist *a = new_hist(), *b = new_hist(), *all = new_hist();

	(void)state;
	for (int i = 0; i < 100000; i++) {
		uint64_t v = draw_lognormal();

		lat_hist_record(i % 3 ? a : b, v);
		lat_hist_record(all, v);
	}
	lat_hist_merge(a, b);
	assert_int_equal(a->count, all->count);
	assert_int_equal(a->sum_ns, all->sum_ns);
	assert_int_equal(a->min_ns, all->min_ns);
	assert_int_equal(a->max_ns, all->max_ns);
	assert_memory_equal(a->buckets, all->buckets, sizeof(a->buckets));
	assert_true(lat_hist_percentile_ns(a, 99.9) == lat_hist_percentile_ns(all, 99.9));

	lat_hist_reset(a);
	assert_int_equal(a->count, 0);
	for (unsigned i = 0; i < LAT_HIST_BUCKETS; i++)
		assert_int_equal(a->buckets[i], 0);
	assert_true(isnan(lat_hist_percentile_ns(a, 50)));
	assert_true(isnan(lat_hist_mean_ns(a)));
	/* Merging an empty histogram changes nothing. */
	lat_hist_merge(all, a);
	assert_int_equal(all->count, 100000);
	free(a);
	free(b);
	free(all);
}

/*
 * A cumulative histogram minus an earlier copy of itself is exactly the
 * histogram of what was recorded in between: every bucket, count and sum.
 * min and max are bucket bounds unless the extreme moved in the interval.
 */
static void test_subtract(void **state)
{
	struct lat_hist *cum = new_hist(), *then = new_hist(), *between = new_hist(), *d = new_hist();

	(void)state;
	for (int i = 0; i < 50000; i++)
		lat_hist_record(cum, draw_bimodal());
	*then = *cum;
	/* Inside the range already seen: the extremes cannot move. */
	for (int i = 0; i < 30000; i++) {
		uint64_t v = 21000 + next_u64() % 3000;

		lat_hist_record(cum, v);
		lat_hist_record(between, v);
	}
	*d = *cum;
	assert_int_equal(lat_hist_subtract(d, then), 0);
	assert_int_equal(d->count, between->count);
	assert_int_equal(d->sum_ns, between->sum_ns);
	assert_int_equal(d->lo, between->lo);
	assert_int_equal(d->hi, between->hi);
	assert_memory_equal(d->buckets, between->buckets, sizeof(d->buckets));
	assert_true(lat_hist_mean_ns(d) == lat_hist_mean_ns(between));
	/* Bucket bounds around the true extremes, never outside what cum saw. */
	assert_int_equal(d->min_ns, lat_hist_bucket_low(lat_hist_index(between->min_ns)));
	assert_int_equal(d->max_ns, lat_hist_bucket_low(lat_hist_index(between->max_ns)) +
					    lat_hist_bucket_width(lat_hist_index(between->max_ns)) - 1);
	assert_true(d->min_ns >= cum->min_ns && d->max_ns <= cum->max_ns);
	assert_true(lat_hist_percentile_ns(d, 50) == lat_hist_percentile_ns(between, 50));

	/* A new maximum and minimum in the interval: exact. */
	*then = *cum;
	lat_hist_reset(between);
	lat_hist_record(cum, 1);
	lat_hist_record(between, 1);
	lat_hist_record(cum, 90000000);
	lat_hist_record(between, 90000000);
	*d = *cum;
	assert_int_equal(lat_hist_subtract(d, then), 0);
	assert_int_equal(d->count, 2);
	assert_int_equal(d->min_ns, 1);
	assert_int_equal(d->max_ns, 90000000);
	assert_memory_equal(d->buckets, between->buckets, sizeof(d->buckets));

	/* Nothing in between: empty, like a reset histogram. */
	*d = *cum;
	assert_int_equal(lat_hist_subtract(d, cum), 0);
	assert_int_equal(d->count, 0);
	assert_true(isnan(lat_hist_percentile_ns(d, 50)));
	assert_int_equal(d->min_ns, UINT64_MAX);
	for (unsigned i = 0; i < LAT_HIST_BUCKETS; i++)
		assert_int_equal(d->buckets[i], 0);

	/* Not an earlier state (the later one taken from the earlier): refused, nothing changed. */
	*d = *then;
	assert_int_equal(lat_hist_subtract(d, cum), -EINVAL);
	assert_memory_equal(d, then, sizeof(*d));
	free(cum);
	free(then);
	free(between);
	free(d);
}

/* A single value, and values below the linear range, are exact. */
static void test_exact_small(void **state)
{
	struct lat_hist *h = new_hist();

	(void)state;
	lat_hist_record(h, 123456);
	assert_true(lat_hist_percentile_ns(h, 50) == 123456.0);
	assert_true(lat_hist_percentile_ns(h, 99.99) == 123456.0);
	lat_hist_reset(h);
	for (uint64_t v = 1; v <= 200; v++)
		lat_hist_record(h, v);
	assert_true(lat_hist_percentile_ns(h, 50) == 100.0);
	assert_true(lat_hist_percentile_ns(h, 99) == 198.0);
	free(h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_distributions),
		cmocka_unit_test(test_merge_and_reset),
		cmocka_unit_test(test_exact_small),
		cmocka_unit_test(test_subtract),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
