// SPDX-License-Identifier: MIT
/*
 * Unit tests for engine/iogen.c, engine/offset_dist.c and
 * engine/access_spec.c: draw from the generator without a drive and check
 * that what comes out is what the specification and the distribution say.
 *
 * Tolerances: shares of I/Os within 1 percentage point over 100k draws (the
 * standard error of a 50% share over 100k draws is 0.16 points, so a
 * correct generator misses by chance less than once in 10^9); the hottest
 * 20% of blocks within 2 points of the model over 200k draws on 1000
 * blocks (about 200 draws a block, so ranking blocks by their counts
 * barely reorders them).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "device/target.h"
#include "engine/access_spec.h"
#include "engine/iogen.h"
#include "engine/offset_dist.h"
#include "engine/workload.h"

#define DRAWS 100000
#define SPAN (1ull << 30)

static void check_spec(const struct access_spec *spec)
{
	struct workload w = { .qd = 1, .seed = 7, .time_ns = 1 };
	uint64_t count[WL_BS_MIX_MAX] = { 0 }, reads = 0, random = 0, total_w = 0;
	struct iogen g;

	access_spec_apply(spec, &w);
	assert_string_equal(w.workload, spec->name);
	iogen_init(&g, &w, SPAN);
	for (int i = 0; i < DRAWS; i++) {
		struct iogen_io io;
		unsigned k;

		iogen_next(&g, &io);
		for (k = 0; k < spec->nsizes && spec->sizes[k].bs != io.len; k++)
			;
		assert_true(k < spec->nsizes);
		count[k]++;
		assert_true(io.offset + io.len <= SPAN);
		assert_int_equal(io.offset % 512, 0);
		if (!io.sequential)
			assert_int_equal(io.offset % io.len, 0);
		reads += io.dir == IO_READ;
		random += !io.sequential;
	}
	for (unsigned k = 0; k < spec->nsizes; k++)
		total_w += spec->sizes[k].weight;
	for (unsigned k = 0; k < spec->nsizes; k++) {
		double want = (double)spec->sizes[k].weight / (double)total_w;
		double got = (double)count[k] / DRAWS;

		if (fabs(got - want) > 0.01)
			fail_msg("%s: %u bytes %.4f of I/Os, want %.4f", spec->name, spec->sizes[k].bs,
				 got, want);
	}
	if (fabs((double)reads / DRAWS - spec->read_pct / 100.0) > 0.01)
		fail_msg("%s: read share %.4f, want %u%%", spec->name, (double)reads / DRAWS,
			 spec->read_pct);
	if (fabs((double)random / DRAWS - spec->random_pct / 100.0) > 0.01)
		fail_msg("%s: random share %.4f, want %u%%", spec->name, (double)random / DRAWS,
			 spec->random_pct);
}

static void test_specs_realised(void **state)
{
	size_t n;
	const struct access_spec *t = access_spec_table(&n);

	(void)state;
	assert_true(n >= 6);
	for (const char *const *name = (const char *const[]){ "fileserver", "webserver", "database",
			"workstation", "snia-70-30", "nas", NULL }; *name; name++)
		assert_non_null(access_spec_find(*name));
	assert_null(access_spec_find("nope"));
	for (size_t i = 0; i < n; i++)
		check_spec(&t[i]);
}

/* The published numbers, so a typo in the table fails here. */
static void test_spec_definitions(void **state)
{
	const struct access_spec *fs = access_spec_find("fileserver");
	const struct access_spec *ws = access_spec_find("workstation");
	const struct access_spec *db = access_spec_find("database");

	(void)state;
	assert_int_equal(fs->read_pct, 80);
	assert_int_equal(fs->random_pct, 100);
	assert_int_equal(fs->sizes[0].bs, 512);
	assert_int_equal(fs->sizes[0].weight, 10);
	assert_int_equal(fs->sizes[3].bs, 4096);
	assert_int_equal(fs->sizes[3].weight, 60);
	assert_int_equal(ws->random_pct, 80);
	assert_int_equal(ws->sizes[0].bs, 8192);
	assert_int_equal(db->read_pct, 67);
	assert_int_equal(access_spec_find("webserver")->read_pct, 100);
	assert_int_equal(access_spec_find("webserver")->sizes[9].bs, 512 * 1024);
}

static int cmp_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

/* The hottest 20% of 1000 blocks, ranked by what they got, against the model. */
static void check_hot_share(const char *spec, double model_want)
{
	enum { NB = 1000, N = 200000 };
	struct workload w = { .rw = WL_RANDWRITE, .bs = 4096, .qd = 1, .seed = 3, .time_ns = 1 };
	uint64_t *hits = calloc(NB, sizeof(*hits));
	uint64_t hot = 0, hot_in_front = 0;
	char err[128];
	struct iogen g;
	double share, want;

	assert_non_null(hits);
	assert_int_equal(offset_dist_parse("--random-dist", spec, &w.dist, err, sizeof(err)), 0);
	want = offset_dist_hot_share(&w.dist, NB, 0.2);
	if (!isnan(model_want))
		assert_true(fabs(want - model_want) < 1e-3);
	iogen_init(&g, &w, NB * 4096ull);
	for (int i = 0; i < N; i++) {
		struct iogen_io io;

		iogen_next(&g, &io);
		hits[io.offset / 4096]++;
	}
	/* Scattered: the first fifth of the span is not where the hot blocks are. */
	for (int b = 0; b < NB / 5; b++)
		hot_in_front += hits[b];
	qsort(hits, NB, sizeof(*hits), cmp_desc);
	for (int b = 0; b < NB / 5; b++)
		hot += hits[b];
	share = (double)hot / N;
	if (fabs(share - want) > 0.02)
		fail_msg("%s: hottest 20%% got %.4f of I/Os, the model %.4f", spec, share, want);
	assert_true((double)hot_in_front / N < want - 0.1);
	free(hits);
}

static void test_skew_realised(void **state)
{
	(void)state;
	check_hot_share("zipf:0.9", NAN);
	check_hot_share("zipf:1.2", NAN);
	check_hot_share("hotcold:20/80", 0.8);
	check_hot_share("pareto:0.2", 0.8);
	check_hot_share("hotcold:10%/90%", 0.9 + 0.1 * 0.1 / 0.9);
}

/* zipf over 2^40 blocks: no table, and the head still gets the model's share. */
static void test_zipf_huge(void **state)
{
	struct offset_dist d;
	struct offset_sampler s;
	struct rng r;
	uint64_t n = 1ull << 40, head = 0, tail = 0;
	char err[128];
	double want;

	(void)state;
	assert_int_equal(offset_dist_parse("x", "zipf:1.2", &d, err, sizeof(err)), 0);
	offset_sampler_init(&s, &d, n, 1);
	rng_seed(&r, 9);
	want = offset_dist_hot_share(&d, n, 0.2);
	for (int i = 0; i < DRAWS; i++) {
		uint64_t k = offset_sampler_rank(&s, &r);

		assert_true(k < n);
		head += k < n / 5;
		tail += offset_sampler_block(&s, k) < n;
	}
	assert_int_equal(tail, DRAWS);
	assert_true(fabs((double)head / DRAWS - want) < 0.02);
	/* The model's sum: ranks 1 and 2 alone hold 1/zeta(1.2) ~ 18% and 8%. */
	assert_true(want > 0.9 && want < 1.0);
}

static void test_permutation(void **state)
{
	const uint64_t sizes[] = { 1, 2, 3, 1000, 4097, 65536 };

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		struct offset_dist d = { .kind = OD_ZIPF, .theta = 1 };
		struct offset_sampler s;
		uint64_t n = sizes[i];
		unsigned char *seen = calloc(n, 1);

		assert_non_null(seen);
		offset_sampler_init(&s, &d, n, 42);
		for (uint64_t k = 0; k < n; k++) {
			uint64_t b = offset_sampler_block(&s, k);

			assert_true(b < n);
			assert_false(seen[b]);
			seen[b] = 1;
		}
		free(seen);
	}
}

static void test_parse(void **state)
{
	struct offset_dist d;
	char err[128], buf[64];

	(void)state;
	assert_int_equal(offset_dist_parse("--random-dist", "zipf:0.9", &d, err, sizeof(err)), 0);
	assert_int_equal(d.kind, OD_ZIPF);
	offset_dist_format(&d, buf, sizeof(buf));
	assert_string_equal(buf, "zipf:0.9");
	assert_int_equal(offset_dist_parse("--random-dist", "hotcold:20%/80%", &d, err, sizeof(err)), 0);
	offset_dist_format(&d, buf, sizeof(buf));
	assert_string_equal(buf, "hotcold:20/80");
	assert_int_equal(offset_dist_parse("--random-dist", "uniform", &d, err, sizeof(err)), 0);
	assert_int_equal(d.kind, OD_UNIFORM);
	const char *bad[] = { "zipf:", "zipf:0", "zipf:x", "pareto:1", "pareto:0", "hotcold:20",
			      "hotcold:0/80", "hotcold:20/100", "zipf:0.9x", "normal:1", "" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		if (offset_dist_parse("--random-dist", bad[i], &d, err, sizeof(err)) != -22)
			fail_msg("'%s' accepted", bad[i]);
		assert_non_null(strstr(err, "--random-dist"));
	}
}

/* The same seed gives the same I/Os; a skewed run is not the uniform one. */
static void test_deterministic(void **state)
{
	struct workload w = { .rw = WL_RANDRW, .read_pct = 50, .bs = 4096, .qd = 1, .seed = 5,
			      .time_ns = 1, .seq_pct = 10 };
	struct workload u = w;
	struct iogen a, b, c;
	char err[64];
	int same = 0;

	(void)state;
	assert_int_equal(offset_dist_parse("x", "zipf:1.1", &w.dist, err, sizeof(err)), 0);
	iogen_init(&a, &w, SPAN);
	iogen_init(&b, &w, SPAN);
	iogen_init(&c, &u, SPAN);
	for (int i = 0; i < 1000; i++) {
		struct iogen_io x, y, z;

		iogen_next(&a, &x);
		iogen_next(&b, &y);
		iogen_next(&c, &z);
		assert_true(x.offset == y.offset && x.len == y.len && x.dir == y.dir);
		same += x.offset == z.offset;
	}
	assert_true(same < 200);
}

/*
 * Offset streams (run's steps, profiler/run_steps.c): stream 0 draws the
 * seed's own offsets, as every run of one step has; other streams draw
 * other offsets from the same seed, each the same every time, and never
 * the sequence of a neighbouring seed (the precondition rounds use seed + k).
 */
static void test_streams(void **state)
{
	struct workload w = { .rw = WL_RANDWRITE, .bs = 4096, .qd = 1, .seed = 3, .time_ns = 1 };
	uint64_t first[4][64];
	struct iogen g;

	(void)state;
	assert_int_equal(workload_stream_seed(3, 0), 3);
	for (int k = 0; k < 4; k++) {
		/* k 0..2: streams 0..2 of seed 3; k 3: seed 4's own offsets. */
		w.stream = k < 3 ? (uint64_t)k : 0;
		w.seed = k < 3 ? 3 : 4;
		iogen_init(&g, &w, SPAN);
		for (int i = 0; i < 64; i++) {
			struct iogen_io io;

			iogen_next(&g, &io);
			first[k][i] = io.offset;
			assert_true(io.offset + io.len <= SPAN);
		}
	}
	assert_memory_not_equal(first[0], first[1], sizeof(first[0]));
	assert_memory_not_equal(first[1], first[2], sizeof(first[0]));
	assert_memory_not_equal(first[1], first[3], sizeof(first[0]));
	/* The same stream again: the same offsets. */
	w.seed = 3;
	w.stream = 1;
	iogen_init(&g, &w, SPAN);
	for (int i = 0; i < 64; i++) {
		struct iogen_io io;

		iogen_next(&g, &io);
		assert_int_equal(io.offset, first[1][i]);
	}
}

/*
 * Access zones: the composite workload's 50/30/20% of I/Os fall in the first
 * 5%, the next 15% and the last 80% of the span, within 1 point over 100k
 * draws, each zone uniform inside (its halves within 1 point of even), with
 * the spec's sizes still drawn (check_spec covers those) and every I/O
 * aligned to its size and inside the span.
 */
static void test_zones_realised(void **state)
{
	const struct access_spec *cbw = access_spec_find("snia-cbw");
	struct workload w = { .qd = 1, .seed = 11, .time_ns = 1 };
	const double edge[] = { 0, 0.05, 0.20, 1.0 }, want[] = { 0.50, 0.30, 0.20 };
	uint64_t zone[3] = { 0 }, low_half[3] = { 0 };
	uint64_t span = SPAN - 3 * 512;      /* not a multiple of any zone's share */
	struct iogen g;

	(void)state;
	assert_non_null(cbw);
	access_spec_apply(cbw, &w);
	assert_int_equal(w.dist.kind, OD_ZONED);
	iogen_init(&g, &w, span);
	for (int i = 0; i < DRAWS; i++) {
		struct iogen_io io;
		double at;
		int z = 0;

		iogen_next(&g, &io);
		assert_true(io.offset + io.len <= span);
		assert_int_equal(io.offset % io.len, 0);
		at = (double)io.offset / (double)span;
		while (z < 2 && at >= edge[z + 1])
			z++;
		zone[z]++;
		low_half[z] += at < (edge[z] + edge[z + 1]) / 2;
	}
	for (int z = 0; z < 3; z++) {
		double got = (double)zone[z] / DRAWS;

		if (fabs(got - want[z]) > 0.01)
			fail_msg("zone %d: %.4f of I/Os, want %.2f", z, got, want[z]);
		if (fabs((double)low_half[z] / (double)zone[z] - 0.5) > 0.01 * 0.5 / want[z] + 0.01)
			fail_msg("zone %d: %.4f of its I/Os in its lower half", z,
				 (double)low_half[z] / (double)zone[z]);
	}
	/* The spec's definition, so a typo in the table fails here. */
	assert_int_equal(cbw->read_pct, 40);
	assert_int_equal(cbw->random_pct, 100);
	assert_int_equal(cbw->nsizes, 12);
	assert_int_equal(cbw->sizes[0].bs, 512);
	assert_int_equal(cbw->sizes[0].weight, 4);
	assert_int_equal(cbw->sizes[7].bs, 4096);
	assert_int_equal(cbw->sizes[7].weight, 67);
	assert_int_equal(cbw->sizes[11].bs, 65536);
}

static void test_zones_parse(void **state)
{
	struct offset_dist d;
	struct offset_sampler s;
	struct rng r;
	char err[160], buf[64];

	(void)state;
	assert_int_equal(offset_dist_parse("--random-dist", "zoned:50/5:30%/15%:20/80", &d, err, sizeof(err)), 0);
	assert_int_equal(d.kind, OD_ZONED);
	assert_int_equal(d.nzones, 3);
	offset_dist_format(&d, buf, sizeof(buf));
	assert_string_equal(buf, "zoned:50/5:30/15:20/80");
	assert_int_equal(offset_dist_check(buf, err, sizeof(err)), 0);
	/* The densest zones first: the first 5% holds 50%, the first 20% of blocks 80%. */
	assert_true(fabs(offset_dist_hot_share(&d, 1000, 0.05) - 0.5) < 1e-9);
	assert_true(fabs(offset_dist_hot_share(&d, 1000, 0.20) - 0.8) < 1e-9);
	assert_true(fabs(offset_dist_hot_share(&d, 1000, 0.60) - 0.9) < 1e-9);
	/* A zone with no I/Os is never hit; fewer blocks than zones draw uniformly. */
	assert_int_equal(offset_dist_parse("x", "zoned:100/10:0/90", &d, err, sizeof(err)), 0);
	offset_sampler_init(&s, &d, 1000, 1);
	rng_seed(&r, 2);
	for (int i = 0; i < 10000; i++)
		assert_true(offset_sampler_draw(&s, &r) < 100);
	assert_int_equal(offset_dist_parse("x", "zoned:10/1:10/1:80/98", &d, err, sizeof(err)), 0);
	offset_sampler_init(&s, &d, 3, 1);
	for (int i = 0; i < 1000; i++)
		assert_true(offset_sampler_draw(&s, &r) < 3);
	offset_sampler_init(&s, &d, 2, 1);
	for (int i = 0; i < 1000; i++)
		assert_true(offset_sampler_draw(&s, &r) < 2);
	const char *bad[] = { "zoned:", "zoned:50/5", "zoned:50/5:30/15:20/79", "zoned:50/5:30/15:21/80",
			      "zoned:50/0:50/100", "zoned:50/5:50", "zoned:50/5;50/95", "zoned:-1/5:101/95",
			      "zoned:50/5:50/95:", "zoned:50.5/5:49.5/95", "zoned:1/1:1/1:1/1:1/1:1/1:1/1:1/1:"
			      "1/1:92/92" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		if (offset_dist_parse("--random-dist", bad[i], &d, err, sizeof(err)) != -22)
			fail_msg("'%s' accepted", bad[i]);
		assert_non_null(strstr(err, "--random-dist"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_specs_realised),
		cmocka_unit_test(test_streams),
		cmocka_unit_test(test_spec_definitions),
		cmocka_unit_test(test_skew_realised),
		cmocka_unit_test(test_zipf_huge),
		cmocka_unit_test(test_permutation),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_zones_realised),
		cmocka_unit_test(test_zones_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
