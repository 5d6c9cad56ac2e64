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

#include <stdbool.h>
#include <stdint.h>

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

/* How many members s was made for. */
unsigned raid_snap_members(const struct raid_snap *s);

/* Member i's figures over an interval; NAN (or media_known false) where not known. */
struct raid_member_figures {
	uint64_t host_bytes_written, host_bytes_read;
	bool media_known;
	uint64_t media_bytes_written;
	double waf, iops;
	double lat_mean_us, lat_p50_us, lat_p99_us, lat_p999_us, lat_p9999_us, lat_max_us;
};

/*
 * Member i's figures between a and b (earlier, later).  0, -ENOMEM, or
 * -EINVAL when a is not an earlier snapshot of b's group.
 */
int raid_members_figures(const struct raid_snap *a, const struct raid_snap *b, unsigned i,
			 struct raid_member_figures *f);

#endif
