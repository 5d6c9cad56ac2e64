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

	if (target_open_group(level, 64 * 1024, specs, n, 0, &t, err, sizeof(err)))
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

	assert_int_equal(target_open(slow[0], &q, err, sizeof(err)), 0);
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

static void test_real_members_refused(void **state)
{
	const char *const specs[] = { "sim:dc-tlc,capacity=1G", "/dev/null" };
	struct target *t;
	char err[256] = "";
	(void)state;

	assert_true(target_open_group(RAID_1, 64 * 1024, specs, 2, 0, &t, err, sizeof(err)) < 0);
	assert_true(strlen(err) > 0 && !strchr(err, '\n'));
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
