/* SPDX-License-Identifier: MIT */
/*
 * The RAID group target over simulated members, driven by the workload
 * engine: member traffic is exactly what the level implies, member clocks
 * never run ahead of the group's, and a mirror writes at its slower member's
 * speed.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "open/open.h"
#include "raid/raid_target.h"
#include "engine/workload.h"

static struct target *group(enum raid_level level, const char *const *specs, unsigned n)
{
	struct target *t;
	char err[256];

	if (target_open_group(level, 64 * 1024, specs, n, TARGET_OPEN_WRITE, &t, err, sizeof(err)))
		fail_msg("%s", err);
	return t;
}

static struct run_result run(struct target *t, enum workload_rw rw, uint32_t bs, uint64_t bytes)
{
	struct workload w = { .rw = rw, .bs = bs, .qd = 32, .bytes = bytes, .interval_ns = 100000000, .seed = 3 };
	struct run_result r = { 0 };
	char err[256];

	if (workload_run(t, &w, &r, NULL, NULL, err, sizeof(err)))
		fail_msg("workload: %s", err);
	return r;
}

/* Member reads and writes per logical 4 KiB random write: the level's small-write cost, exactly. */
static void check_traffic(enum raid_level level, const char *const *specs, unsigned n, unsigned reads,
			  unsigned writes)
{
	struct target *t = group(level, specs, n);
	const uint64_t bytes = 64ull << 20;
	struct run_result r = run(t, WL_RANDWRITE, 4096, bytes);
	uint64_t rd = 0, wr = 0, group_now = t->ops->now_ns(t);

	for (unsigned i = 0; i < n; i++) {
		struct raid_member_stats st;

		raid_target_member_stats(t, i, &st);
		rd += st.bytes_read;
		wr += st.bytes_written;
		/* No member's clock is ahead of the group's. */
		assert_true(raid_target_member(t, i)->ops->now_ns(raid_target_member(t, i)) <= group_now);
	}
	printf("# RAID %d x%u: %llu MiB written, members read %llu MiB, wrote %llu MiB, %.0f IOPS, WA %.2f\n",
	       (int)level, n, (unsigned long long)(r.bytes >> 20), (unsigned long long)(rd >> 20),
	       (unsigned long long)(wr >> 20), r.iops, r.waf);
	assert_int_equal(r.bytes, bytes);
	assert_int_equal(r.host_bytes_written, bytes);
	assert_int_equal(rd, (uint64_t)reads * bytes);
	assert_int_equal(wr, (uint64_t)writes * bytes);
	/* Group WA counts every member's media writes against the user's bytes. */
	assert_true(r.waf >= writes * 0.99);
	run_result_free(&r);
	target_close(t);
}

static const char *const four[] = { "sim:dc-tlc,capacity=1G,seed=1", "sim:dc-tlc,capacity=1G,seed=2",
				    "sim:dc-tlc,capacity=1G,seed=3", "sim:dc-tlc,capacity=1G,seed=4",
				    "sim:dc-tlc,capacity=1G,seed=5", "sim:dc-tlc,capacity=1G,seed=6" };

static void test_raid0(void **state) { (void)state; check_traffic(RAID_0, four, 4, 0, 1); }
static void test_raid1(void **state) { (void)state; check_traffic(RAID_1, four, 2, 0, 2); }
static void test_raid10(void **state) { (void)state; check_traffic(RAID_10, four, 4, 0, 2); }
static void test_raid5(void **state) { (void)state; check_traffic(RAID_5, four, 4, 2, 2); }
static void test_raid6(void **state) { (void)state; check_traffic(RAID_6, four, 6, 3, 3); }

/* A mirror of a fast and a cliff-prone drive writes at the slow one's speed after its cache. */
static void test_mirror_follows_slowest(void **state)
{
	const char *const mixed[] = { "sim:dc-tlc,capacity=2G", "sim:budget-qlc,capacity=2G" };
	const char *const slow[] = { "sim:budget-qlc,capacity=2G" };
	struct target *m = group(RAID_1, mixed, 2), *q;
	char err[256];
	(void)state;

	assert_int_equal(target_open_flags(slow[0], TARGET_OPEN_WRITE, &q, err, sizeof(err)), 0);
	/* Sequential 128k over the whole capacity: past the QLC drive's SLC cache. */
	struct run_result rm = run(m, WL_WRITE, 128 * 1024, 2ull << 30);
	struct run_result rq = run(q, WL_WRITE, 128 * 1024, 2ull << 30);
	printf("# mirror %.1f MB/s, the QLC drive alone %.1f MB/s\n", rm.mbps, rq.mbps);
	assert_true(rm.mbps <= rq.mbps * 1.02);
	assert_true(rm.mbps >= rq.mbps * 0.8);
	/* Mixed members: the group's capacity is the smaller member's. */
	assert_int_equal(m->info.capacity_bytes, 2ull << 30);
	run_result_free(&rm);
	run_result_free(&rq);
	target_close(m);
	target_close(q);
}

#define SPAN (256ull << 20)

/* A workload in the first SPAN bytes of the target. */
static struct run_result run_at(struct target *t, enum workload_rw rw, uint32_t bs, unsigned qd, uint64_t bytes)
{
	struct workload w = { .rw = rw, .bs = bs, .qd = qd, .bytes = bytes, .interval_ns = 100000000, .seed = 3,
			      .span_bytes = SPAN };
	struct run_result r = { 0 };
	char err[256];

	if (workload_run(t, &w, &r, NULL, NULL, err, sizeof(err)))
		fail_msg("workload: %s", err);
	return r;
}

/*
 * The span written once, so reads reach the flash (a never-written block
 * reads from nowhere), then 10 s idle: the drives' work behind the writes is
 * done before reads are timed.
 */
static void fill(struct target *t)
{
	struct run_result r = run_at(t, WL_WRITE, 128 * 1024, 32, SPAN);

	run_result_free(&r);
	assert_int_equal(t->ops->idle(t, 10000000000ull), 0);
}

/* Random reads at QD 32 on a filled target: IOPS. */
static double read_iops(struct target *t, uint32_t bs)
{
	struct run_result r = run_at(t, WL_RANDREAD, bs, 32, bs == 4096 ? 48ull << 20 : 384ull << 20);
	double iops = r.iops;

	run_result_free(&r);
	return iops;
}

/*
 * md reads a mirror whole from one member: every group read is one member
 * read, at any size and alignment, and the members' bytes add up to the
 * group's.
 */
static void test_mirror_read_whole(void **state)
{
	const enum raid_level levels[] = { RAID_1, RAID_10 };
	const uint32_t sizes[] = { 4096, 68 * 1024, 128 * 1024, 1024 * 1024 };
	(void)state;

	for (unsigned l = 0; l < 2; l++)
		for (unsigned k = 0; k < 4; k++) {
			unsigned n = levels[l] == RAID_1 ? 3 : 4;
			struct target *t = group(levels[l], four, n);
			struct run_result r = run_at(t, WL_RANDREAD, sizes[k], 8, 64ull << 20);
			uint64_t ios = 0, bytes = 0;

			for (unsigned i = 0; i < n; i++) {
				struct raid_member_stats st;

				raid_target_member_stats(t, i, &st);
				ios += st.ios;
				bytes += st.bytes_read;
			}
			assert_int_equal(bytes, r.bytes);
			if (levels[l] == RAID_1)
				assert_int_equal(ios, r.ios);
			else   /* two pairs: one read on each at most, whatever the size */
				assert_true(ios <= 2 * r.ios);
			run_result_free(&r);
			target_close(t);
		}
}

/*
 * A mirror of a fast and a slow drive reads at least as fast as the fast
 * one alone, whichever is listed first: the less busy mirror takes each
 * read, so the fast one takes more of them.
 */
static void test_mirror_reads_at_fast_speed(void **state)
{
	const char *const pair[] = { "sim:budget-tlc,capacity=1G,seed=1", "sim:budget-qlc,capacity=1G,seed=2" };
	const char *const swapped[] = { pair[1], pair[0] };
	struct target *fast, *m;
	char err[256];
	(void)state;

	assert_int_equal(target_open_flags(pair[0], TARGET_OPEN_WRITE, &fast, err, sizeof(err)), 0);
	fill(fast);
	for (unsigned bs = 4096; bs <= 128 * 1024; bs *= 32) {
		double alone = read_iops(fast, bs);

		for (unsigned order = 0; order < 2; order++) {
			m = group(RAID_1, order ? swapped : pair, 2);
			fill(m);
			double both = read_iops(m, bs);

			printf("# %u KiB random reads: the mirror (%s first) %.0f IOPS, the faster member alone %.0f\n",
			       bs / 1024, order ? "slow" : "fast", both, alone);
			assert_true(both >= alone);
			target_close(m);
		}
	}
	target_close(fast);
}

/* RAID 10 reads from either mirror of each pair: as fast as RAID 0 over the same drives. */
static void test_raid10_reads_like_raid0(void **state)
{
	const char *const drives[] = { "sim:dc-tlc,capacity=1G,seed=1", "sim:dc-tlc,capacity=1G,seed=2",
				       "sim:dc-tlc,capacity=1G,seed=3", "sim:dc-tlc,capacity=1G,seed=4" };
	(void)state;

	for (unsigned bs = 4096; bs <= 128 * 1024; bs *= 32) {
		struct target *r0 = group(RAID_0, drives, 4), *r10 = group(RAID_10, drives, 4);

		fill(r0);
		fill(r10);
		double a = read_iops(r0, bs), b = read_iops(r10, bs);

		printf("# %u KiB random reads at 64k chunks: RAID 10 %.0f IOPS, RAID 0 %.0f\n", bs / 1024, b, a);
		assert_true(b >= 0.95 * a);
		target_close(r0);
		target_close(r10);
	}
}

static void test_real_members_refused(void **state)
{
	const char *const specs[] = { "sim:dc-tlc,capacity=1G", "/dev/null" };
	struct target *t;
	char err[256] = "";
	(void)state;

	assert_true(target_open_group(RAID_1, 64 * 1024, specs, 2, TARGET_OPEN_WRITE, &t, err, sizeof(err)) < 0);
	assert_true(strlen(err) > 0 && !strchr(err, '\n'));
}

/* md gives a group the largest logical block of its members: 512 for 512-byte members, else 4096. */
static void test_group_lba(void **state)
{
	const char *const small[] = { "sim:dc-tlc,capacity=1G,lba=512,seed=1",
				      "sim:dc-tlc,capacity=1G,lba=512,seed=2",
				      "sim:dc-tlc,capacity=1G,lba=512,seed=3" };
	const char *const mixed[] = { "sim:dc-tlc,capacity=1G,lba=512,seed=1", "sim:dc-tlc,capacity=1G,seed=2",
				      "sim:dc-tlc,capacity=1G,lba=512,seed=3" };
	struct target *t;
	struct run_result r;
	(void)state;

	t = group(RAID_5, small, 3);
	assert_int_equal(t->info.lba_bytes, 512);
	/* The group takes 512-byte random writes, all of them. */
	r = run(t, WL_RANDWRITE, 512, 1ull << 20);
	assert_int_equal(r.bytes, 1ull << 20);
	run_result_free(&r);
	target_close(t);
	t = group(RAID_0, small, 2);
	assert_int_equal(t->info.lba_bytes, 512);
	target_close(t);
	t = group(RAID_5, mixed, 3);
	assert_int_equal(t->info.lba_bytes, 4096);
	target_close(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_raid0),
		cmocka_unit_test(test_raid1),
		cmocka_unit_test(test_raid10),
		cmocka_unit_test(test_raid5),
		cmocka_unit_test(test_raid6),
		cmocka_unit_test(test_mirror_follows_slowest),
		cmocka_unit_test(test_real_members_refused),
		cmocka_unit_test(test_mirror_read_whole),
		cmocka_unit_test(test_mirror_reads_at_fast_speed),
		cmocka_unit_test(test_raid10_reads_like_raid0),
		cmocka_unit_test(test_group_lba),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
