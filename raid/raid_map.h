/* SPDX-License-Identifier: MIT */
/*
 * How a RAID group turns one logical I/O into member I/Os (DESIGN.md 5):
 * RAID 0 striping, RAID 1 mirroring, RAID 10 as striped mirror pairs (a
 * read goes whole to one mirror of its set, chosen as md chooses:
 * raid_read_mirror), RAID 5 and 6 with rotating parity in Linux md's
 * default left-symmetric layout.  Small parity writes are read-modify-write
 * (read old data and parity, write new data and parity) unless
 * reconstruct-write (read the other data) needs fewer reads; a column
 * written on every data member is a full-stripe write with no reads.  Like
 * md, the choice is made per 4 KiB column of a stripe.
 *
 * Pure functions: the RAID target (raid_target.c) drives member queues
 * with what raid_map() returns; tests check the I/O pattern exactly.
 */
#ifndef SSDPROF_RAID_MAP_H
#define SSDPROF_RAID_MAP_H

#include <stddef.h>
#include <stdint.h>

#define RAID_PAGE 4096u
#define RAID_MAX_MEMBERS 32

enum raid_level { RAID_0 = 0, RAID_1 = 1, RAID_5 = 5, RAID_6 = 6, RAID_10 = 10 };

struct raid_geom {
	enum raid_level level;
	unsigned members;
	uint64_t chunk_bytes;       /* a multiple of RAID_PAGE */
	uint64_t member_bytes;      /* usable bytes per member, whole chunks */
	uint32_t lba_bytes;         /* the group's logical block: I/O is aligned to it (RAID_PAGE by default) */
};

/* One member I/O.  Reads of phase 0 must complete before writes of phase 1 are issued. */
struct raid_io {
	unsigned member;
	uint64_t offset;
	uint32_t len;
	uint8_t dir;                /* enum io_dir: IO_READ or IO_WRITE */
	uint8_t phase;              /* 0: preparatory read, 1: the I/O itself */
};

/*
 * Check and fill g.  member_bytes is rounded down to whole chunks (the
 * smallest member sets it for a group of mixed members).  0, or -EINVAL
 * with a one-line reason naming the fix.
 */
int raid_geom_init(struct raid_geom *g, enum raid_level level, unsigned members, uint64_t chunk_bytes,
		   uint64_t member_bytes, char *err, size_t errlen);

/* The group's logical capacity. */
uint64_t raid_capacity(const struct raid_geom *g);

/*
 * Member I/Os for a logical read or write of [offset, offset + len),
 * aligned to g->lba_bytes and within the capacity: phase-0 reads first,
 * then the phase-1 I/Os, each run on one member merged into one I/O.  A
 * read, and a write on RAID 0, 1 and 10, goes to the members as it is (md
 * passes it on by sectors); a parity write works in 4 KiB columns as md's
 * stripe cache does: a column it covers in part is read first (its old
 * data) and written whole.  Returns the
 * count, or -ENOSPC when more than max would be needed, -EINVAL for a bad
 * request.
 */
int raid_map(const struct raid_geom *g, uint64_t offset, uint32_t len, int dir, struct raid_io *out,
	     size_t max);

/*
 * Reads on RAID 1 and 10.  raid_map() puts each read (RAID 10: each piece
 * on one mirror pair, never split further) whole on the first member of its
 * mirror set; the group then sends it to the mirror raid_read_mirror()
 * picks, as Linux md's read_balance() does for non-rotational members
 * (drivers/md/raid1.c, raid10.c): on RAID 1 a read that continues the last
 * read sent to a mirror, or starts where a mirror's last I/O ended, stays on
 * that mirror; otherwise, and always on RAID 10, the mirror with the fewest
 * I/Os in flight, the first in order on a tie.  So a fast mirror, which
 * drains its queue sooner, takes more of the reads.
 */
struct raid_mirror_state {
	unsigned pending;       /* member I/Os in flight (reads and writes) */
	uint64_t next_seq;      /* where the last read sent to it ends (md's next_seq_sect) */
	uint64_t head;          /* where its last completed I/O ended (md's head_position) */
};

/* Whether reads on g choose among mirrors (RAID 1 and 10). */
static inline int raid_mirrored(const struct raid_geom *g)
{
	return g->level == RAID_1 || g->level == RAID_10;
}

/* The first member of member's mirror set and the set's size. */
unsigned raid_mirror_set(const struct raid_geom *g, unsigned member, unsigned *count);

/*
 * The member to send a read of member bytes [offset, offset + len) to, from
 * the mirror set of member (st: one entry per member of the group).  It
 * records the read in that member's next_seq; the caller counts it in
 * pending and sets head when it completes.
 */
unsigned raid_read_mirror(const struct raid_geom *g, unsigned member, uint64_t offset, uint32_t len,
			  struct raid_mirror_state *st);

#endif
