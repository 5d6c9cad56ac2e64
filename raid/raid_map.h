/* SPDX-License-Identifier: MIT */
/*
 * How a RAID group turns one logical I/O into member I/Os (DESIGN.md 5):
 * RAID 0 striping, RAID 1 mirroring (reads from one member), RAID 10 as
 * striped mirror pairs, RAID 5 and 6 with rotating parity in Linux md's
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
 * Member I/Os for a logical read or write of [offset, offset + len), page
 * aligned and within the capacity: phase-0 reads first, then the phase-1
 * I/Os, each run of pages on one member merged into one I/O.  Returns the
 * count, or -ENOSPC when more than max would be needed, -EINVAL for a bad
 * request.
 */
int raid_map(const struct raid_geom *g, uint64_t offset, uint32_t len, int dir, struct raid_io *out,
	     size_t max);

#endif
