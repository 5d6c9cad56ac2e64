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

	if (target_open_flags(spec, TARGET_OPEN_WRITE, &t, err, sizeof(err)))
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
	printf("# %s, prefill %.0f%%: cache %.1f MiB, %.1f MB/s, then %.1f MB/s, buffer %.1f MiB, %zu phases\n", spec,
	       prefill_pct, (double)r.cache_bytes / 1048576, r.in_cache_mbps, r.post_cache_mbps,
	       (double)r.write_buffer_bytes / 1048576, r.nphases);
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

/* A QLC curve: the cache, a short fold transition, then direct QLC writes until the end. */
static void test_classify_roles(void **state)
{
	struct slc_phase ph[5] = {
		{ 0, 4640, 1455, 0 }, { 4640, 4810, 190, 0 }, { 4810, 17180, 97, 0 },
	};
	(void)state;

	assert_true(slc_classify(ph, 3));
	assert_int_equal(ph[0].role, SLC_ROLE_CACHE);
	assert_int_equal(ph[1].role, SLC_ROLE_TRANSITION);
	assert_int_equal(ph[2].role, SLC_ROLE_SUSTAINED);
	assert_true(fabs(slc_role_mbps(ph, 3, SLC_ROLE_SUSTAINED) - 97) < 1e-9);
	assert_string_equal(slc_role_name(SLC_ROLE_TRANSITION), "transition");
	/* Back at cache speed after the cliff: recovered, and not part of the sustained rate. */
	ph[3] = (struct slc_phase){ 17180, 18180, 1400, 0 };
	ph[4] = (struct slc_phase){ 18180, 20180, 110, 0 };
	assert_true(slc_classify(ph, 5));
	assert_int_equal(ph[3].role, SLC_ROLE_RECOVERED);
	assert_int_equal(ph[4].role, SLC_ROLE_SUSTAINED);
	/* 12370 bytes at 97 and 2000 at 110: bytes over time, not the mean of the two rates. */
	assert_true(fabs(slc_role_mbps(ph, 5, SLC_ROLE_SUSTAINED) - 14370 / (12370 / 97.0 + 2000 / 110.0)) < 1e-9);
	/* Speeding up is no cliff: everything is sustained. */
	ph[0].mbps = 100;
	assert_false(slc_classify(ph, 3));
	assert_int_equal(ph[0].role, SLC_ROLE_SUSTAINED);
}

/* The buffer's share comes off the fast start; all of it means no SLC cache. */
static void test_settle_buffer(void **state)
{
	struct slc_phase ph[4] = { { 0, 250, 550, 0 }, { 250, 3000, 350, 0 } };
	struct slc_result r = { .phases = ph, .nphases = 2, .bin_bytes = 15, .cliff = true, .cache_known = true,
				.cache_bytes = 250, .in_cache_mbps = 550, .buffer_known = true, .write_buffer_bytes = 90,
				.nrecovery = 1 };
	char text[256];
	(void)state;

	r.recovery[0].recovered_bytes = 200;
	slc_classify(ph, 2);
	slc_settle_buffer(&r);
	assert_int_equal(r.cache_bytes, 160);
	assert_int_equal(r.nphases, 3);
	assert_int_equal(ph[0].to_bytes, 160);
	assert_int_equal(ph[0].role, SLC_ROLE_CACHE);
	assert_int_equal(ph[1].from_bytes, 160);
	assert_int_equal(ph[1].to_bytes, 250);
	assert_int_equal(ph[1].role, SLC_ROLE_BUFFER);
	assert_int_equal(ph[2].role, SLC_ROLE_SUSTAINED);
	assert_int_equal(r.recovery[0].recovered_bytes, 110);

	/* A buffer that explains (nearly) all of the fast start: no SLC cache. */
	ph[0] = (struct slc_phase){ 0, 120, 6800, 0 };
	ph[1] = (struct slc_phase){ 120, 17000, 3000, 0 };
	r.nphases = 2;
	r.cache_bytes = 120;
	r.write_buffer_bytes = 115;
	r.in_cache_mbps = 6800;
	r.post_cache_mbps = 3000;
	slc_classify(ph, 2);
	slc_settle_buffer(&r);
	assert_int_equal(r.cache_bytes, 0);
	assert_int_equal(r.write_buffer_bytes, 120);
	assert_int_equal(r.nphases, 2);
	assert_int_equal(ph[0].role, SLC_ROLE_BUFFER);
	assert_true(isnan(r.in_cache_mbps));
	slc_summary(&r, text, sizeof(text));
	assert_non_null(strstr(text, "no SLC cache"));
	assert_non_null(strstr(text, "3000.0 MB/s sustained"));
}

/* Bytes over time of the phases with a role, computed here apart from slc_role_mbps. */
static double weighted(const struct slc_result *r, enum slc_role role)
{
	double b = 0, s = 0;

	for (size_t i = 0; i < r->nphases; i++) {
		if (r->phases[i].role != role)
			continue;
		b += (double)(r->phases[i].to_bytes - r->phases[i].from_bytes);
		s += (double)(r->phases[i].to_bytes - r->phases[i].from_bytes) / r->phases[i].mbps;
	}
	return b / s;
}

/* What every preset's result must agree with itself on. */
static void check_consistent(const struct slc_result *r)
{
	size_t ncache = 0;

	assert_true(r->cliff && r->cache_known && r->buffer_known);
	for (size_t i = 0; i < r->nphases; i++) {
		if (r->phases[i].role != SLC_ROLE_CACHE)
			continue;
		/* One number, one source: the cache is the cache phase's end. */
		assert_int_equal(r->phases[i].from_bytes, 0);
		assert_int_equal(r->phases[i].to_bytes, r->cache_bytes);
		ncache++;
	}
	assert_int_equal(ncache, r->cache_bytes ? 1 : 0);
	assert_true(fabs(r->post_cache_mbps / weighted(r, SLC_ROLE_SUSTAINED) - 1) <= 0.10);
	/* The fill ends sustained: what the drive settles at is in the post-cache rate. */
	assert_int_equal(r->phases[r->nphases - 1].role, SLC_ROLE_SUSTAINED);
}

/* 97 MB/s after the cache, not the 190 MB/s the first samples after the cliff averaged. */
static void test_preset_budget_qlc(void **state)
{
	struct slc_result r = probe("sim:budget-qlc,capacity=4G", 0, 0);
	(void)state;

	check_consistent(&r);
	assert_true(r.cache_bytes > 1000000000ull);
	assert_true(fabs(r.post_cache_mbps / r.phases[r.nphases - 1].mbps - 1) <= 0.05);
	assert_true(r.post_cache_mbps > 90 && r.post_cache_mbps < 105);
	/* DRAM-less: nothing goes in fast after a busy pause. */
	assert_true(r.write_buffer_bytes < r.bin_bytes);
	slc_result_free(&r);
}

static void test_preset_budget_tlc(void **state)
{
	struct slc_result r = probe("sim:budget-tlc,capacity=6G", 50, 0);
	(void)state;

	check_consistent(&r);
	assert_true(r.post_cache_mbps > 320 && r.post_cache_mbps < 360);
	slc_result_free(&r);
}

/* No SLC cache: the fast start is the 64 MiB DRAM buffer filling at (in - out); its size is reported. */
static void test_preset_dc_tlc(void **state)
{
	struct slc_result r = probe("sim:dc-tlc,capacity=4G", 0, 0);
	(void)state;

	check_consistent(&r);
	assert_int_equal(r.cache_bytes, 0);
	assert_true(fabs((double)r.write_buffer_bytes / (64 << 20) - 1) <= 0.10);
	assert_true(isnan(r.in_cache_mbps));
	assert_true(r.post_cache_mbps > 2800 && r.post_cache_mbps < 3200);
	slc_result_free(&r);
}

/*
 * static:150M holds 150 MiB of user data in SLC mode (sim/ftl.c rounds it up
 * to whole SLC lines, which at this capacity adds nothing); the 32 MiB buffer
 * used to add 57% to it.
 */
static void test_preset_sata_tlc(void **state)
{
	struct slc_result r = probe("sim:sata-tlc,capacity=3G,slc_cache=static:150M", 0, 0);
	(void)state;

	check_consistent(&r);
	assert_true(fabs((double)r.cache_bytes / (150 << 20) - 1) <= 0.10);
	assert_true(fabs((double)r.write_buffer_bytes / (32 << 20) - 1) <= 0.10);
	assert_true(fabs(r.in_cache_mbps / 550 - 1) <= 0.05);
	assert_true(fabs(r.post_cache_mbps / 350 - 1) <= 0.05);
	slc_result_free(&r);
}

/*
 * A DRAM-less drive with a 32 MiB static SLC cache, under one 0.5% sample
 * at 8G: a full drive's GC gives the cache back during the buffer pause, so
 * the burst after it went in fast as a buffer's would.  It is SLC, not a
 * buffer: a buffer refills only as fast as it drains.
 */
static void test_small_static_cache(void **state)
{
	struct slc_result r = probe("sim:budget-tlc,capacity=8G,slc_cache=static:32M", 0, 0);
	(void)state;

	check_consistent(&r);
	assert_true(fabs((double)r.cache_bytes / (32 << 20) - 1) <= 0.10);
	assert_true(r.write_buffer_bytes < (4u << 20));
	assert_true(r.in_cache_mbps > 2000);
	slc_result_free(&r);
}

/*
 * At 64G a 0.5% sample is 343 MB, five times the cache: the start is looked
 * at in 4 MiB windows.  static:48M is whole SLC lines here, 71270400 bytes
 * (ssdprof info: static_bytes).
 */
static void test_small_static_cache_64g(void **state)
{
	struct slc_result r = probe("sim:budget-tlc,capacity=64G,slc_cache=static:48M", 0, 0);
	(void)state;

	check_consistent(&r);
	assert_true(fabs((double)r.cache_bytes / 71270400 - 1) <= 0.10);
	assert_true(r.write_buffer_bytes < (4u << 20));
	assert_true(fabs(r.post_cache_mbps / 524 - 1) <= 0.05);
	slc_result_free(&r);
}

/*
 * The same drive without the cache but with a 32 MiB buffer: a buffer, no
 * cache, and its size (it absorbed 38 MB as it drained at 524 MB/s).
 */
static void test_small_buffer(void **state)
{
	struct slc_result r = probe("sim:budget-tlc,capacity=8G,slc_cache=none,buffer=32M", 0, 0);
	(void)state;

	check_consistent(&r);
	assert_int_equal(r.cache_bytes, 0);
	assert_true(fabs((double)r.write_buffer_bytes / (32 << 20) - 1) <= 0.10);
	slc_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_segment_three_phases),
		cmocka_unit_test(test_segment_flat_and_short),
		cmocka_unit_test(test_static_cache),
		cmocka_unit_test(test_dynamic_cache_prefill),
		cmocka_unit_test(test_classify_roles),
		cmocka_unit_test(test_settle_buffer),
		cmocka_unit_test(test_preset_budget_qlc),
		cmocka_unit_test(test_preset_budget_tlc),
		cmocka_unit_test(test_preset_dc_tlc),
		cmocka_unit_test(test_preset_sata_tlc),
		cmocka_unit_test(test_small_static_cache),
		cmocka_unit_test(test_small_static_cache_64g),
		cmocka_unit_test(test_small_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
