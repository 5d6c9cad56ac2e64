/* SPDX-License-Identifier: MIT */
/*
 * The per-member figures of a RAID group over an interval, shared by sweep
 * (the steady window, and each round) and run (each series).  A snapshot
 * holds every member's cumulative counters, media bytes and latency
 * histogram at one moment on the group's clock; two snapshots give the
 * interval between them, so nothing has to be reset and the percentiles are
 * the interval's own, not cumulative.
 *
 * A snapshot is about 76 KiB per member (one struct lat_hist each): callers
 * keep the few they need (sweep: a ring of the last STEADY_WINDOW + 1).
 */
#ifndef SSDPROF_RAID_MEMBERS_H
#define SSDPROF_RAID_MEMBERS_H

struct json_object;
struct target;
struct raid_snap;

/* A snapshot sized for group's members, empty until taken.  NULL when out of memory. */
struct raid_snap *raid_snap_new(const struct target *group);
void raid_snap_free(struct raid_snap *s);

/*
 * Record group's members now into s (made for this group).  A member whose
 * media counter cannot be read gets media unknown (null), not an error.
 */
void raid_snap_take(struct raid_snap *s, struct target *group);



/*
 * The member with the highest mean latency between a and b (earlier,
 * later): the one that bounded the group.  -1 when no member completed an
 * I/O.  Ties go to the lower index.
 */
int raid_members_limiting(const struct raid_snap *a, const struct raid_snap *b);

/*
 * Add "members" [{path, serial, host_bytes_written, host_bytes_read,
 * media_bytes_written, waf, iops, lat_us {mean, p50, p99, p99.9, p99.99,
 * max}}] and "limiting_member" (raid_members_limiting, or null) for the
 * interval from a to b to obj.  Unknown figures are null.  *limiting (if
 * not NULL) gets the index or -1.  0, -ENOMEM, or -EINVAL when a is not an
 * earlier snapshot of b's group.
 */
int raid_members_add(struct json_object *obj, const struct target *group, const struct raid_snap *a,
		     const struct raid_snap *b, int *limiting);

/*
 * The result's "group": level, chunk_bytes, members [target...],
 * member_bytes_used, and capacity_note when the members differ in size.
 * NULL when out of memory.
 */
struct json_object *raid_group_json(const struct target *group);

#endif
