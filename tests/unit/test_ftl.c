/* SPDX-License-Identifier: MIT */
/*
 * The simulator's FTL keeps its books: every mapped unit maps to one physical
 * slot and back, GC never loses or mixes up data, and the counters add up.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "sim_test_util.h"

static void assert_consistent(const struct sim_drive *d)
{
	char err[256] = "";
	int ret = sim_drive_check(d, err, sizeof(err));

	if (ret)
		fail_msg("mapping inconsistent: %s", err);
}

/* Random writes of 1-32 units, random trims, then a purge: the tables stay exact. */
static void test_mapping_after_writes_trim_purge(void **state)
{
	const char *specs[] = { "budget-tlc,capacity=1G", "budget-qlc,capacity=1G", "dc-tlc,capacity=1G",
				"sata-tlc,capacity=1G", "dc-tlc,capacity=1G,gc=fifo" };
	(void)state;

	for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
		struct sim_drive *d = open_drive(specs[s]);
		uint64_t units = sim_drive_geometry(d)->user_units, rng = 42, t = 0;

		for (uint64_t i = 0; i < units; i++) {
			uint32_t n = 1 + (uint32_t)(splitmix64(&rng) % 32);
			uint64_t lba = splitmix64(&rng) % (units - n);

			t = sim_drive_write(d, lba, n, t, 0);
			assert_int_not_equal(t, UINT64_MAX);
			if (i % 64 == 0) {
				uint64_t tl = splitmix64(&rng) % (units - 256);
				sim_drive_trim(d, tl, 1 + splitmix64(&rng) % 256, t);
			}
		}
		assert_consistent(d);

		/* A whole-drive trim leaves nothing mapped. */
		sim_drive_trim(d, 0, units, t);
		assert_consistent(d);
		for (uint64_t lba = 0; lba < units; lba += 997)
			assert_int_equal(sim_drive_read_tag(d, lba), UINT32_MAX);

		for (uint64_t i = 0; i < units / 2; i++)
			t = sim_drive_write(d, splitmix64(&rng) % units, 1, t, 0);
		sim_drive_purge(d, t);
		assert_consistent(d);
		assert_int_equal(sim_drive_slc_available(d) > 0,
				 sim_drive_config(d)->slc_cache != SIM_CACHE_NONE);
		sim_drive_free(d);
	}
}

static uint32_t pattern(uint64_t lba, uint32_t version)
{
	return (uint32_t)(lba * 2654435761u) ^ (version << 20) ^ 0x5a5a;
}

/* Write a tag per unit, overwrite heavily so GC and folding move everything, read back. */
static void test_gc_never_loses_data(void **state)
{
	const char *specs[] = { "budget-tlc,capacity=1G,track_data=1",
				"budget-qlc,capacity=1G,track_data=1",
				"sata-tlc,capacity=1G,track_data=1,factory_op=3" };
	(void)state;

	for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
		struct sim_drive *d = open_drive(specs[s]);
		uint64_t units = sim_drive_geometry(d)->user_units, rng = 7, t = 0;
		uint32_t *version = calloc(units, sizeof(uint32_t));
		struct sim_counters c;

		assert_non_null(version);
		for (uint64_t lba = 0; lba < units; lba++)
			t = sim_drive_write(d, lba, 1, t, pattern(lba, 0));
		for (uint64_t i = 0; i < 4 * units; i++) {
			uint64_t lba = splitmix64(&rng) % units;

			t = sim_drive_write(d, lba, 1, t, pattern(lba, ++version[lba]));
			if (i % (units / 2) == 0)
				sim_drive_idle(d, t, t + 5000000000ull);  /* let folding and bg GC run too */
		}
		sim_drive_counters(d, &c);
		/* The check means something only if GC really moved data around. */
		assert_true(c.gc_copy_bytes > units * SIM_UNIT_BYTES);
		for (uint64_t lba = 0; lba < units; lba++)
			if (sim_drive_read_tag(d, lba) != pattern(lba, version[lba]))
				fail_msg("%s: unit %llu reads %08x, wrote %08x", specs[s], (unsigned long long)lba,
					 sim_drive_read_tag(d, lba), pattern(lba, version[lba]));
		assert_consistent(d);
		free(version);
		sim_drive_free(d);
	}
}

/*
 * FIFO under skew: writes only to the first tenth of the drive leave the
 * rest cold, in lines that stay wholly valid.  Once such a line was the
 * oldest, FIFO took it, found nothing to gain and stopped collecting, and
 * the drive ran out of space (zipf 1.2 at 7% OP).  Now it passes over them:
 * every write succeeds, and only hot lines, nearly empty, are collected.
 */
static void test_fifo_passes_over_full_lines(void **state)
{
	/* Without a cache the hot tenth has all the spare (FIFO at ~70% OP: 1.45); QLC adds the SLC pass. */
	const char *specs[] = { "budget-tlc,capacity=1G,gc=fifo,slc_cache=none", "budget-qlc,capacity=1G,gc=fifo" };
	const double max_wa[] = { 1.6, 4.5 };
	(void)state;

	for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
		struct sim_drive *d = open_drive(specs[s]);
		uint64_t units = sim_drive_geometry(d)->user_units, rng = 3, t = 0, h0, m0;
		struct sim_counters c;

		for (uint64_t lba = 0; lba < units; lba++)
			t = sim_drive_write(d, lba, 1, t, 0);
		h0 = host_bytes(d);
		m0 = media_bytes(d);
		for (uint64_t i = 0; i < 2 * units; i++) {
			t = sim_drive_write(d, splitmix64(&rng) % (units / 10), 1, t, 0);
			if (t == UINT64_MAX)
				fail_msg("%s: write %llu of the hot tenth ran out of space", specs[s],
					 (unsigned long long)i);
		}
		sim_drive_counters(d, &c);
		assert_true(c.gc_runs > 0);
		/* The hot tenth is rewritten 20 times over: its lines hold little by the time they are taken. */
		double wa = (double)(media_bytes(d) - m0) / (double)(host_bytes(d) - h0);
		if (wa > max_wa[s])
			fail_msg("%s: WA %.2f collecting the hot tenth", specs[s], wa);
		assert_consistent(d);
		sim_drive_free(d);
	}
}

/* Media bytes = host bytes + GC copies + SLC folding, on every preset, idle included. */
static void test_counters_add_up(void **state)
{
	(void)state;
	for (const char *const *p = sim_preset_names; *p; p++) {
		char spec[128];
		struct sim_counters c;

		snprintf(spec, sizeof(spec), "%s,capacity=1G", *p);
		struct sim_drive *d = open_drive(spec);
		uint64_t units = sim_drive_geometry(d)->user_units, rng = 3, t = 0;

		for (uint64_t lba = 0; lba + 32 <= units; lba += 32)
			t = sim_drive_write(d, lba, 32, t, 0);
		for (uint64_t i = 0; i < 3 * units; i++) {
			t = sim_drive_write(d, splitmix64(&rng) % units, 1, t, 0);
			if (i % units == 0)
				sim_drive_idle(d, t, t + 30000000000ull);
		}
		sim_drive_counters(d, &c);
		assert_int_equal(c.host_write_bytes, (units / 32 * 32 + 3 * units) * SIM_UNIT_BYTES);
		assert_int_equal(c.media_native_bytes + c.media_slc_bytes,
				 c.host_write_bytes + c.gc_copy_bytes + c.fold_bytes);
		assert_true(c.gc_copy_bytes > 0);
		if (sim_drive_config(d)->slc_cache != SIM_CACHE_NONE)
			assert_true(c.fold_bytes > 0 && c.media_slc_bytes > 0);
		else
			assert_true(c.fold_bytes == 0 && c.media_slc_bytes == 0);
		sim_drive_free(d);
	}
}

/* The target's queue: data tags travel through submit/reap, time only moves forward. */
static void test_target_queue_roundtrip(void **state)
{
	struct target *t;
	char err[256];
	uint32_t buf[4096 / 4 * 8];
	struct io_completion done[64];
	uint64_t last = 0;
	(void)state;

	assert_int_equal(sim_target_open("dc-tlc,capacity=1G,track_data=1", &t, err, sizeof(err)), 0);
	for (unsigned i = 0; i < 8; i++)
		buf[i * 1024] = 1000 + i;
	struct io_req w = { .offset = 4096 * 100, .len = 8 * 4096, .dir = IO_WRITE, .buf = buf, .cookie = 9 };
	assert_int_equal(t->ops->submit(t, &w, 1), 1);
	assert_int_equal(t->ops->reap(t, done, 64, 1), 1);
	assert_int_equal(done[0].cookie, 9);
	assert_int_equal(done[0].res, 8 * 4096);
	assert_true(done[0].complete_ns > done[0].submit_ns);
	assert_int_equal(t->ops->now_ns(t), done[0].complete_ns);

	memset(buf, 0, sizeof(buf));
	struct io_req r = { .offset = 4096 * 100, .len = 8 * 4096, .dir = IO_READ, .buf = buf, .cookie = 10 };
	assert_int_equal(t->ops->submit(t, &r, 1), 1);
	assert_int_equal(t->ops->reap(t, done, 64, 1), 1);
	for (unsigned i = 0; i < 8; i++)
		assert_int_equal(buf[i * 1024], 1000 + i);

	/* 32 random writes in flight complete in time order and the clock follows them. */
	struct io_req many[32];
	for (unsigned i = 0; i < 32; i++)
		many[i] = (struct io_req){ .offset = 4096ull * (i * 7919 % 200000), .len = 4096,
					   .dir = IO_WRITE, .cookie = i };
	assert_int_equal(t->ops->submit(t, many, 32), 32);
	unsigned got = 0;
	while (got < 32) {
		int n = t->ops->reap(t, done, 64, 1);
		assert_true(n >= 1);
		for (int i = 0; i < n; i++) {
			assert_true(done[i].complete_ns >= last);
			last = done[i].complete_ns;
		}
		got += (unsigned)n;
	}
	assert_int_equal(t->ops->reap(t, done, 64, 1), 0);

	/* Misaligned and out-of-range I/O fail the request, not the drive. */
	struct io_req bad = { .offset = 512, .len = 4096, .dir = IO_WRITE };
	assert_int_equal(t->ops->submit(t, &bad, 1), 1);
	assert_int_equal(t->ops->reap(t, done, 64, 1), 1);
	assert_int_equal(done[0].res, -EINVAL);
	target_close(t);
}

/*
 * A queue that deepens to hundreds in flight while it is reaped, so the
 * completion ring wraps round: every command completes once, in time
 * order, with its own result.
 */
static void test_target_queue_deepens(void **state)
{
	struct target *t;
	char err[256];
	static struct io_req reqs[40];
	static struct io_completion done[1024];
	static bool seen[1100];
	uint64_t rng = 3, last = 0;
	unsigned inflight = 0, cookie = 0, got = 0, most = 0;
	(void)state;

	assert_int_equal(sim_target_open("budget-tlc,capacity=1G", &t, err, sizeof(err)), 0);
	/* Rounds of 40 in, 25 out: the queue deepens as the ring's head moves on. */
	while (cookie < 1100) {
		unsigned n = 0;

		while (n < 40 && cookie < 1100) {
			reqs[n] = (struct io_req){ .offset = 4096 * (splitmix64(&rng) % 200000), .len = 4096,
						   .dir = IO_WRITE, .cookie = cookie++ };
			n++;
		}
		assert_int_equal(t->ops->submit(t, reqs, n), (int)n);
		inflight += n;
		most = inflight > most ? inflight : most;
		int m = t->ops->reap(t, done, 25, 25);
		for (int i = 0; i < m; i++) {
			assert_true(done[i].complete_ns >= last);
			assert_false(seen[done[i].cookie]);
			assert_int_equal(done[i].res, 4096);
			seen[done[i].cookie] = true;
			last = done[i].complete_ns;
		}
		inflight -= (unsigned)m;
		got += (unsigned)m;
	}
	while (inflight) {
		int m = t->ops->reap(t, done, 1024, 1);
		for (int i = 0; i < m; i++) {
			assert_true(done[i].complete_ns >= last);
			assert_false(seen[done[i].cookie]);
			seen[done[i].cookie] = true;
			last = done[i].complete_ns;
		}
		inflight -= (unsigned)m;
		got += (unsigned)m;
	}
	assert_int_equal(got, 1100);
	assert_true(most > 256);
	target_close(t);
}

/* Bytes of this process resident now (not the peak: earlier tests' drives are gone). */
static uint64_t resident_bytes(void)
{
	unsigned long long size = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	assert_non_null(f);
	assert_int_equal(fscanf(f, "%llu %llu", &size, &resident), 2);
	fclose(f);
	return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

/*
 * Issue 26 item 3: a drive's tables cost memory only where written.  A
 * 1 TiB drive (2 GiB of tables) opens in a few MiB, a thousand scattered
 * writes touch at most their pages, and a purge gives them back; the
 * drive still reads back what it was written.
 */
static void test_tables_cost_memory_where_written(void **state)
{
	struct sim_drive *d;
	uint64_t before, opened, written, purged, rng = 7, units[1000];
	(void)state;

	before = resident_bytes();
	d = open_drive("dc-tlc,capacity=1T,track_data=1");
	opened = resident_bytes();
	printf("# 1 TiB drive: %llu MiB of tables, %llu MiB resident after open\n",
	       (unsigned long long)(sim_drive_memory_bytes(d) >> 20),
	       (unsigned long long)((opened - before) >> 20));
	assert_true(sim_drive_memory_bytes(d) > (2ull << 30));
	assert_true(opened - before < (64ull << 20));
	for (unsigned i = 0; i < 1000; i++) {
		units[i] = splitmix64(&rng) % sim_drive_geometry(d)->user_units;
		assert_true(sim_drive_write(d, units[i], 1, 0, i + 1) != UINT64_MAX);
	}
	for (unsigned i = 0; i < 1000; i++) {
		uint32_t tag = sim_drive_read_tag(d, units[i]);

		/* The last write of a unit drawn twice wins. */
		for (unsigned j = i + 1; j < 1000; j++)
			if (units[j] == units[i])
				tag = j + 1;
		assert_int_equal(sim_drive_read_tag(d, units[i]), tag);
	}
	written = resident_bytes();
	/* A 4 KiB page, or a 2 MiB huge page, of the L2P per write at most; its P2L and tags are few lines. */
	assert_true(written - opened < 1000 * (2ull << 20) + (64ull << 20));
	sim_drive_purge(d, 0);
	purged = resident_bytes();
	printf("# after 1000 writes %llu MiB, after a purge %llu MiB\n",
	       (unsigned long long)((written - before) >> 20), (unsigned long long)((purged - before) >> 20));
	assert_true(purged < written);
	assert_int_equal(sim_drive_read_tag(d, units[0]), UINT32_MAX);
	sim_drive_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mapping_after_writes_trim_purge),
		cmocka_unit_test(test_gc_never_loses_data),
		cmocka_unit_test(test_fifo_passes_over_full_lines),
		cmocka_unit_test(test_counters_add_up),
		cmocka_unit_test(test_target_queue_roundtrip),
		cmocka_unit_test(test_target_queue_deepens),
		cmocka_unit_test(test_tables_cost_memory_where_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
