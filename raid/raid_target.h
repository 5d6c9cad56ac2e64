/* SPDX-License-Identifier: MIT */
/*
 * A RAID group as a target: each logical I/O becomes the member I/Os of
 * raid_map() (reads for read-modify-write first, then the writes), issued to
 * each member's own queue.  Members run concurrently; on virtual-time members
 * the group reaps completions in global time order and brings an idle
 * member's clock up to the group's before giving it work, so every member
 * sees the load when the array would issue it.
 *
 * Real members (files, block devices, NVMe and SATA drives) run in real
 * time: the caller's thread drives every member's ring, and sleeps on their
 * completion eventfds together when it must wait.  Member I/O uses the
 * group's own buffers (incompressible data out, a sink for reads), so the
 * drives see the array's pattern but the group keeps no data: never verify
 * through it.  A group is all virtual-time or all real-time members.
 */
#ifndef SSDPROF_RAID_TARGET_H
#define SSDPROF_RAID_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "engine/histogram.h"
#include "raid/raid_map.h"
#include "device/target.h"

/* What one member did since the group was opened (purges do not reset it: take differences). */
struct raid_member_stats {
	const struct target *member;
	uint64_t ios, bytes_read, bytes_written;
	uint64_t lat_sum_ns, lat_max_ns;
};

/*
 * Build the group over n members already opened (with flags, as the group
 * was asked for: a group that only reads has read-only members); specs are
 * their spellings, for the group's path.  The group takes the members: on
 * success they close with it, on failure they are closed here.  -errno and a
 * one-line reason.  open/open.h has target_open_group, which opens and
 * assembles.
 */
int raid_target_assemble(enum raid_level level, uint64_t chunk_bytes, struct target **members,
			 const char *const *specs, unsigned n, unsigned flags, struct target **out, char *err,
			 size_t errlen);

unsigned raid_target_members(const struct target *t);
struct target *raid_target_member(const struct target *t, unsigned i);
void raid_target_member_stats(const struct target *t, unsigned i, struct raid_member_stats *st);
const struct raid_geom *raid_target_geom(const struct target *t);
/*
 * Give member i op_percent[i] of its own capacity as OP by namespace (one
 * value per member).  The group then uses of every member what its smallest
 * member has left, as md sizes an array, so a member given less OP than the
 * others keeps the difference unwritten: its effective OP is the largest
 * given.  All or none: on failure the members changed get their capacity back.
 */
int raid_target_set_op_members(struct target *t, const double *op_percent, char *err, size_t errlen);
/* The bytes of each member the group would use with those OPs (nothing is changed). */
uint64_t raid_target_member_bytes_for(const struct target *t, const double *op_percent);
/* The bytes of each member the group used when opened, at full capacity. */
uint64_t raid_target_full_member_bytes(const struct target *t);
/* Member i's capacity when the group was opened. */
uint64_t raid_target_member_full(const struct target *t, unsigned i);
/* Latencies of member i's I/Os since the group was opened (cumulative). */
const struct lat_hist *raid_target_member_lat(const struct target *t, unsigned i);

#endif
