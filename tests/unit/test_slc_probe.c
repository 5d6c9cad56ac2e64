/* SPDX-License-Identifier: MIT */
/*
 * The SLC probe: phase segmentation on synthetic curves, and the whole probe
 * on simulated drives whose cache is known from their configuration.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "profiler/slc_probe.h"
#include "device/target.h"
#include "open/open.h"

static void test_segment_three_phases(void **state)
{
	double v[200];
	struct slc_phase ph[8];
	(void)state;

	/* 2000 MB/s for 60 bins, 240 for 80 (a dip of one bin at 100 is noise), then 500. */
	for (int i = 0; i < 200; i++)
		v[i] = i < 60 ? 2000 + (i % 3) * 20 : i < 140 ? 240 : 500;
	v[100] = 120;
	size_t n = slc_segment(v, 200, 1000, ph, 8);
	assert_int_equal(n, 3);
	assert_int_equal(ph[0].from_bytes, 0);
	assert_int_equal(ph[1].from_bytes, 60000);
	assert_int_equal(ph[2].from_bytes, 140000);
	assert_int_equal(ph[2].to_bytes, 200000);
	assert_true(fabs(ph[0].mbps - 2020) < 1);
	assert_true(fabs(ph[2].mbps - 500) < 1e-9);
}

static void test_segment_flat_and_short(void **state)
{
	double v[50];
	struct slc_phase ph[4];
	(void)state;

	/* +-20% wobble is not a phase change. */
	for (int i = 0; i < 50; i++)
		v[i] = i % 2 ? 1200 : 900;
	assert_int_equal(slc_segment(v, 50, 10, ph, 4), 1);
	/* A drop lasting only one bin (0.5% of capacity) is not sustained. */
	for (int i = 0; i < 50; i++)
		v[i] = i == 20 ? 100 : 1000;
	assert_int_equal(slc_segment(v, 50, 10, ph, 4), 1);
	assert_int_equal(slc_segment(v, 0, 10, ph, 4), 0);
}

static struct target *open_sim(const char *spec)
{
	struct target *t;
	char err[256];

	if (target_open(spec, &t, err, sizeof(err)))
		fail_msg("%s: %s", spec, err);
	return t;
}

static struct slc_result probe(const char *spec, double prefill_pct, uint64_t idle_ns)
{
	struct target *t = open_sim(spec);
	struct slc_settings s = {
		.usable_bytes = t->info.capacity_bytes, .prefill_pct = prefill_pct,
		.prefill_idle_ns = 60000000000ull, .bs = 128 * 1024, .qd = 32, .seed = 1,
	};
	struct slc_result r;
	char err[256];

	if (idle_ns) {
		s.idle_ns[0] = idle_ns;
		s.nidle = 1;
	}
	if (slc_probe_run(t, &s, &r, NULL, NULL, err, sizeof(err)))
		fail_msg("probe of %s: %s", spec, err);
	printf("# %s, prefill %.0f%%: cache %.1f MiB, %.1f MB/s, then %.1f MB/s, %zu phases\n", spec, prefill_pct,
	       (double)r.cache_bytes / 1048576, r.in_cache_mbps, r.post_cache_mbps, r.nphases);
	target_close(t);
	return r;
}

/* A static cache of 1 GiB, and direct TLC writes at 16 dies x 32 KiB per 1.5 ms. */
static void test_static_cache(void **state)
{
	const double direct = 16 * 32768 / 1500.0;
	struct slc_result r = probe("sim:sata-tlc,capacity=8G,slc_cache=static:1G,buffer=0", 0, 30000000000ull);
	(void)state;

	assert_true(r.cliff);
	assert_true(fabs((double)r.cache_bytes / (1 << 30) - 1) <= 0.03);
	assert_true(fabs(r.post_cache_mbps / direct - 1) <= 0.05);
	/* 550 MB/s link before the cliff. */
	assert_true(fabs(r.in_cache_mbps / 550 - 1) <= 0.05);
	/* 200 bins, one per 0.5% of the capacity. */
	assert_int_equal(r.nsamples, 200);
	/* Idle folds the static region back: the whole cache recovers. */
	assert_int_equal(r.nrecovery, 1);
	assert_true(fabs((double)r.recovery[0].recovered_bytes / (1 << 30) - 1) <= 0.03);
	slc_result_free(&r);
}

/* The dynamic cache of a half-full drive is smaller than that of an empty one. */
static void test_dynamic_cache_prefill(void **state)
{
	struct slc_result empty = probe("sim:budget-tlc,capacity=4G", 0, 0);
	struct slc_result half = probe("sim:budget-tlc,capacity=4G", 50, 0);
	(void)state;

	assert_true(empty.cliff && half.cliff);
	assert_true(half.cache_bytes < empty.cache_bytes * 0.7);
	assert_int_equal(half.prefill_bytes, 2ull << 30);
	slc_result_free(&empty);
	slc_result_free(&half);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_segment_three_phases),
		cmocka_unit_test(test_segment_flat_and_short),
		cmocka_unit_test(test_static_cache),
		cmocka_unit_test(test_dynamic_cache_prefill),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
