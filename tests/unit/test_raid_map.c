/* SPDX-License-Identifier: MIT */
/*
 * RAID mapping: the member I/O pattern of every level is exact — layouts
 * against Linux md's left-symmetric tables, the small-write costs of
 * DESIGN.md 9 (RAID 1/10 x2, RAID 5 x4, RAID 6 x6), read-modify-write
 * against reconstruct-write, full-stripe writes without reads — and every
 * logical byte lands on exactly one data location.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "raid/raid_map.h"
#include "device/target.h"

#define K 1024ull

static struct raid_geom geom(enum raid_level level, unsigned n, uint64_t chunk)
{
	struct raid_geom g;
	char err[256];

	if (raid_geom_init(&g, level, n, chunk, 64 * K * K, err, sizeof(err)))
		fail_msg("%s", err);
	return g;
}

static int map(const struct raid_geom *g, uint64_t off, uint32_t len, int dir, struct raid_io *io)
{
	int n = raid_map(g, off, len, dir, io, 256);

	assert_true(n > 0);
	return n;
}

static void count(const struct raid_io *io, int n, int *reads, int *writes)
{
	*reads = *writes = 0;
	for (int i = 0; i < n; i++)
		(io[i].dir == IO_READ ? (*reads)++ : (*writes)++);
}

static void test_geometry_checks(void **state)
{
	struct raid_geom g;
	char err[256];
	(void)state;

	assert_int_equal(raid_geom_init(&g, RAID_5, 2, 64 * K, 1 << 30, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "3 to"));
	assert_int_equal(raid_geom_init(&g, RAID_6, 3, 64 * K, 1 << 30, err, sizeof(err)), -EINVAL);
	assert_int_equal(raid_geom_init(&g, RAID_10, 5, 64 * K, 1 << 30, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "even"));
	assert_int_equal(raid_geom_init(&g, RAID_0, 2, 3000, 1 << 30, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--chunk"));
	assert_int_equal(raid_geom_init(&g, (enum raid_level)4, 4, 64 * K, 1 << 30, err, sizeof(err)), -EINVAL);
	/* Capacity: data members x whole chunks of the smallest member. */
	assert_int_equal(raid_geom_init(&g, RAID_5, 4, 64 * K, (1 << 30) + 1000, err, sizeof(err)), 0);
	assert_int_equal(raid_capacity(&g), 3ull << 30);
	assert_int_equal(raid_capacity(&(struct raid_geom){ RAID_6, 6, 64 * K, 1 << 30 }), 4ull << 30);
	assert_int_equal(raid_capacity(&(struct raid_geom){ RAID_10, 4, 64 * K, 1 << 30 }), 2ull << 30);
	assert_int_equal(raid_capacity(&(struct raid_geom){ RAID_1, 3, 64 * K, 1 << 30 }), 1ull << 30);
}

/* md's left-symmetric RAID 5 on 4 disks: D0 D1 D2 P / D4 D5 P D3 / D8 P D6 D7 / P D9 D10 D11. */
static void test_raid5_left_symmetric(void **state)
{
	/* Data chunks run round the disks in order; parity moves left, one disk per stripe. */
	const unsigned parity[4] = { 3, 2, 1, 0 };
	struct raid_geom g = geom(RAID_5, 4, 64 * K);
	struct raid_io io[256];
	(void)state;

	for (unsigned c = 0; c < 12; c++) {
		assert_int_equal(map(&g, c * 64 * K, 4096, IO_READ, io), 1);
		assert_int_equal(io[0].member, c % 4);
		assert_int_equal(io[0].offset, (c / 3) * 64 * K);
		assert_int_not_equal(io[0].member, parity[c / 3]);
	}
	/*
	 * A small write to D5 (stripe 1, disk 1): read-modify-write and
	 * reconstruct-write both read two pages, and md settles the tie by
	 * reconstruct-write: read D4 (disk 0) and D3 (disk 3), write D5 and P
	 * on disk 2.
	 */
	int n = map(&g, 5 * 64 * K, 4096, IO_WRITE, io);
	assert_int_equal(n, 4);
	for (int i = 0; i < n; i++) {
		if (i < 2)
			assert_true(io[i].member == 0 || io[i].member == 3);
		else
			assert_true(io[i].member == 1 || io[i].member == 2);
		assert_int_equal(io[i].offset, 64 * K);
		assert_int_equal(io[i].dir, i < 2 ? IO_READ : IO_WRITE);
	}
}

/* RAID 6 on 5 disks, stripe 0: data on 1 2 3, P on 4, Q on 0; stripe 1: P on 3, Q on 4, data 0 1 2. */
static void test_raid6_layout(void **state)
{
	struct raid_geom g = geom(RAID_6, 5, 64 * K);
	struct raid_io io[256];
	int r, w;
	(void)state;

	assert_int_equal(map(&g, 0, 4096, IO_READ, io), 1);
	assert_int_equal(io[0].member, 1);
	assert_int_equal(map(&g, 3 * 64 * K, 4096, IO_READ, io), 1);
	assert_int_equal(io[0].member, 0);
	/*
	 * A small write to stripe 0, data chunk 0 (disk 1).  With 3 data disks
	 * reconstruct-write reads less (the other 2 data) than read-modify-write
	 * (D, P and Q), so: read disks 2 and 3, write D, P and Q.
	 */
	int n = map(&g, 0, 4096, IO_WRITE, io);
	count(io, n, &r, &w);
	assert_int_equal(r, 2);
	assert_int_equal(w, 3);
	assert_int_equal(io[0].phase, 0);
	assert_int_equal(io[n - 1].phase, 1);
	unsigned written = 0, read = 0;
	for (int i = 0; i < n; i++)
		*(io[i].dir == IO_WRITE ? &written : &read) |= 1u << io[i].member;
	assert_int_equal(written, (1u << 1) | (1u << 4) | (1u << 0));
	assert_int_equal(read, (1u << 2) | (1u << 3));
}

/* DESIGN.md 9: a 4 KiB write costs x2 on RAID 1/10, x4 on RAID 5, x6 on RAID 6. */
static void test_small_write_costs(void **state)
{
	struct { enum raid_level l; unsigned n; int cost; } c[] = {
		{ RAID_1, 2, 2 }, { RAID_10, 4, 2 }, { RAID_10, 8, 2 }, { RAID_5, 4, 4 }, { RAID_5, 8, 4 },
		{ RAID_6, 6, 6 }, { RAID_6, 8, 6 }, { RAID_0, 4, 1 },
	};
	struct raid_io io[256];
	(void)state;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct raid_geom g = geom(c[i].l, c[i].n, 64 * K);

		for (uint64_t off = 0; off < 2 * 1024 * K; off += 68 * K)
			assert_int_equal(map(&g, off, 4096, IO_WRITE, io), c[i].cost);
	}
}

/* Full stripes are written without reads: data and parity, one I/O per member. */
static void test_full_stripe_write(void **state)
{
	struct raid_io io[256];
	int r, w;
	(void)state;

	struct raid_geom g5 = geom(RAID_5, 5, 64 * K);
	int n = map(&g5, 4 * 256 * K, 256 * K, IO_WRITE, io);
	count(io, n, &r, &w);
	assert_int_equal(r, 0);
	assert_int_equal(w, 5);
	for (int i = 0; i < n; i++)
		assert_int_equal(io[i].len, 64 * K);

	struct raid_geom g6 = geom(RAID_6, 6, 16 * K);
	n = map(&g6, 0, 2 * 64 * K, IO_WRITE, io);
	count(io, n, &r, &w);
	assert_int_equal(r, 0);
	assert_int_equal(w, 6);
}

/*
 * Reconstruct-write when it reads less: on 6-disk RAID 5, writing 3 of the
 * 5 data chunks of a column reads the 2 others instead of 3 data + parity.
 */
static void test_rcw_when_fewer_reads(void **state)
{
	struct raid_geom g = geom(RAID_5, 6, 64 * K);
	struct raid_io io[256];
	int r, w;
	(void)state;

	/* Chunks 1..3 of stripe 0, first page of each: a 4k at each start is not contiguous, so write whole chunks. */
	int n = map(&g, 64 * K, 3 * 64 * K, IO_WRITE, io);
	count(io, n, &r, &w);
	assert_int_equal(r, 2);   /* chunks 0 and 4, each a 64k read */
	assert_int_equal(w, 4);   /* 3 data + parity */
	for (int i = 0; i < n; i++)
		if (io[i].dir == IO_READ)
			assert_int_equal(io[i].len, 64 * K);

	/*
	 * Two of five: RMW would read 2 data + P = 3, RCW reads the 3 other
	 * data chunks: a tie, which md (handle_stripe_dirtying, default
	 * rmw_level) settles by reconstruct-write, so parity (disk 5 in
	 * stripe 0) is written, never read.
	 */
	n = map(&g, 0, 2 * 64 * K, IO_WRITE, io);
	count(io, n, &r, &w);
	assert_int_equal(r, 3);
	assert_int_equal(w, 3);
	unsigned read = 0;
	for (int i = 0; i < n; i++)
		if (io[i].dir == IO_READ)
			read |= 1u << io[i].member;
	assert_int_equal(read, (1u << 2) | (1u << 3) | (1u << 4));
}

/*
 * The tie md settles by reconstruct-write, at every width: a 4 KiB write to
 * a 4-disk RAID 5 (RMW: D + P, RCW: the 2 other data) and a 6-disk RAID 6
 * (RMW: D + P + Q, RCW: the 3 other data) reads no parity.
 */
static void test_tie_reconstructs(void **state)
{
	struct { enum raid_level l; unsigned n; } c[] = { { RAID_5, 4 }, { RAID_6, 6 } };
	struct raid_io io[256];
	(void)state;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct raid_geom g = geom(c[i].l, c[i].n, 64 * K);

		for (uint64_t off = 0; off < 2 * 1024 * K; off += 68 * K) {
			int n = map(&g, off, 4096, IO_WRITE, io);
			unsigned read = 0, written = 0;

			for (int k = 0; k < n; k++)
				*(io[k].dir == IO_READ ? &read : &written) |= 1u << io[k].member;
			/* Reads and writes on disjoint members: no page is read and rewritten. */
			assert_int_equal(read & written, 0);
			assert_int_equal(__builtin_popcount(read), c[i].l == RAID_5 ? 2 : 3);
		}
	}
}

/* Every logical page of a read lands on one member location, and no two pages share one. */
static void test_bijection(void **state)
{
	enum raid_level levels[] = { RAID_0, RAID_5, RAID_6, RAID_10 };
	(void)state;

	for (size_t l = 0; l < 4; l++) {
		struct raid_geom g = geom(levels[l], 6, 16 * K);
		uint64_t pages = raid_capacity(&g) / 4096 / 64;   /* a slice is enough */
		uint8_t *seen = calloc(6 * (g.member_bytes / 4096), 1);
		struct raid_io io[256];

		assert_non_null(seen);
		for (uint64_t p = 0; p < pages; p++) {
			int n = map(&g, p * 4096, 4096, IO_READ, io);

			assert_int_equal(n, 1);
			uint64_t slot = io[0].member * (g.member_bytes / 4096) + io[0].offset / 4096;
			if (levels[l] != RAID_10)
				assert_int_equal(seen[slot]++, 0);
		}
		free(seen);
	}
}

/* md sends a read whole to one mirror: RAID 1 one member I/O of the whole length, RAID 10 one per pair. */
static void test_mirror_read_whole(void **state)
{
	const uint32_t sizes[] = { 4 * K, 60 * K, 64 * K, 128 * K, 192 * K, 1024 * K };
	(void)state;

	for (unsigned level = 0; level < 2; level++)
		for (unsigned s = 0; s < 6; s++)
			for (uint64_t off = 0; off < 8 * 64 * K; off += 28 * K) {
				struct raid_geom g = geom(level ? RAID_10 : RAID_1, level ? 4 : 3, 64 * K);
				struct raid_io io[256];
				int n = map(&g, off, sizes[s], IO_READ, io);
				unsigned pairs = 0;
				uint64_t bytes = 0;

				for (int i = 0; i < n; i++) {
					assert_int_equal(io[i].dir, IO_READ);
					assert_int_equal(io[i].phase, 1);
					/* The set's first member: the group picks the mirror when it issues the read. */
					assert_int_equal(io[i].member % 2, 0);
					assert_int_equal(pairs & 1u << io[i].member, 0);
					pairs |= 1u << io[i].member;
					bytes += io[i].len;
				}
				assert_int_equal(bytes, sizes[s]);
				if (!level) {
					assert_int_equal(n, 1);
					assert_int_equal(io[0].member, 0);
					assert_int_equal(io[0].offset, off);
				}
			}
}

/* md's read_balance on SSDs: the mirror with fewest I/Os in flight; RAID 1 keeps a sequential read where it is. */
static void test_read_mirror_choice(void **state)
{
	struct raid_geom g1 = geom(RAID_1, 3, 64 * K), g10 = geom(RAID_10, 4, 64 * K);
	struct raid_mirror_state st[4] = { { 0 } };
	(void)state;

	/* A tie goes to the first; then the least busy. */
	st[1].next_seq = st[1].head = 7 * K;
	assert_int_equal(raid_read_mirror(&g1, 0, 1024 * K, 4 * K, st), 0);
	assert_int_equal(st[0].next_seq, 1028 * K);
	st[0].pending = 3;
	st[1].pending = 2;
	st[2].pending = 1;
	assert_int_equal(raid_read_mirror(&g1, 0, 4096 * K, 4 * K, st), 2);
	/* The read that continues member 0's last read stays on it, busy as it is. */
	assert_int_equal(raid_read_mirror(&g1, 0, 1028 * K, 128 * K, st), 0);
	assert_int_equal(st[0].next_seq, 1156 * K);
	/* And one that starts where member 1's last I/O ended. */
	assert_int_equal(raid_read_mirror(&g1, 0, 7 * K, 4 * K, st), 1);
	/* RAID 10 chooses within the pair, by I/Os in flight only. */
	memset(st, 0, sizeof(st));
	st[2].pending = 4;
	st[3].pending = 1;
	st[2].next_seq = 64 * K;
	assert_int_equal(raid_read_mirror(&g10, 2, 64 * K, 4 * K, st), 3);
	st[0].pending = 1;
	assert_int_equal(raid_read_mirror(&g10, 0, 0, 4 * K, st), 1);
	st[1].pending = 2;
	assert_int_equal(raid_read_mirror(&g10, 0, 0, 4 * K, st), 0);
}

static void test_bad_requests(void **state)
{
	struct raid_geom g = geom(RAID_5, 4, 64 * K);
	struct raid_io io[4];
	(void)state;

	assert_int_equal(raid_map(&g, 512, 4096, IO_WRITE, io, 4), -EINVAL);
	assert_int_equal(raid_map(&g, 0, 0, IO_WRITE, io, 4), -EINVAL);
	assert_int_equal(raid_map(&g, raid_capacity(&g), 4096, IO_READ, io, 4), -EINVAL);
	/* A long write needs more I/Os than room was given for. */
	assert_int_equal(raid_map(&g, 4096, 1024 * 1024, IO_WRITE, io, 4), -ENOSPC);
}

/* A group of 512-byte LBA members (g.lba_bytes 512): I/O by sectors, parity columns whole. */
static void test_sector_group(void **state)
{
	struct raid_geom g = geom(RAID_0, 2, 64 * K);
	struct raid_io io[16];
	int n, rd, wr;
	(void)state;

	g.lba_bytes = 512;
	/* RAID 0: a 512-byte write goes to its member as it is. */
	n = map(&g, 64 * K + 512, 512, IO_WRITE, io);
	assert_int_equal(n, 1);
	assert_int_equal(io[0].member, 1);
	assert_int_equal(io[0].offset, 512);
	assert_int_equal(io[0].len, 512);
	/* Across a chunk boundary: the two pieces, each on its member. */
	n = map(&g, 64 * K - 1024, 1536, IO_READ, io);
	assert_int_equal(n, 2);
	assert_int_equal(io[0].member, 0);
	assert_int_equal(io[0].len, 1024);
	assert_int_equal(io[1].member, 1);
	assert_int_equal(io[1].offset, 0);
	assert_int_equal(io[1].len, 512);

	/* RAID 5 of 4: a 512-byte write reads old data and parity (4 KiB each), writes both whole. */
	g = geom(RAID_5, 4, 64 * K);
	g.lba_bytes = 512;
	n = map(&g, 1024, 512, IO_WRITE, io);
	count(io, n, &rd, &wr);
	assert_int_equal(rd, 2);
	assert_int_equal(wr, 2);
	for (int i = 0; i < n; i++) {
		assert_int_equal(io[i].offset, 0);
		assert_int_equal(io[i].len, 4096);
	}
	/* A stripe written but for its last 512 bytes: that column is read first (md's rcw), not skipped. */
	n = map(&g, 0, 3 * 64 * K - 512, IO_WRITE, io);
	count(io, n, &rd, &wr);
	assert_int_equal(rd, 1);
	assert_int_equal(io[0].dir, IO_READ);
	assert_int_equal(io[0].offset, 64 * K - 4096);
	assert_int_equal(io[0].len, 4096);
	assert_int_equal(io[0].member, 2);   /* stripe 0: parity on member 3, data 0, 1, 2 */
	/* A read is passed on by sectors. */
	n = map(&g, 3 * 64 * K + 512, 512, IO_READ, io);
	assert_int_equal(n, 1);
	assert_int_equal(io[0].len, 512);
	assert_int_equal(io[0].offset, 64 * K + 512);
	/* Still aligned to the group's block. */
	assert_int_equal(raid_map(&g, 256, 512, IO_WRITE, io, 16), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometry_checks),
		cmocka_unit_test(test_raid5_left_symmetric),
		cmocka_unit_test(test_raid6_layout),
		cmocka_unit_test(test_small_write_costs),
		cmocka_unit_test(test_full_stripe_write),
		cmocka_unit_test(test_rcw_when_fewer_reads),
		cmocka_unit_test(test_tie_reconstructs),
		cmocka_unit_test(test_bijection),
		cmocka_unit_test(test_bad_requests),
		cmocka_unit_test(test_mirror_read_whole),
		cmocka_unit_test(test_read_mirror_choice),
		cmocka_unit_test(test_sector_group),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
