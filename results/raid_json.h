/* SPDX-License-Identifier: MIT */
/*
 * A RAID group in the result document: the group itself, and its members'
 * figures (profiler/raid_members.h) over a series or a steady window.
 */
#ifndef SSDPROF_RAID_JSON_H
#define SSDPROF_RAID_JSON_H

#include <stddef.h>

struct json_object;
struct raid_rounds;
struct raid_snap;
struct target;

/*
 * Add "members" [{path, serial, host_bytes_written, host_bytes_read,
 * media_bytes_written, waf, iops, lat_us {mean, p50, p99, p99_9, p99_99,
 * max}}] and "limiting_member" (raid_members_limiting, or null) for the
 * interval from a to b to obj.  Unknown figures are null.  *limiting (if
 * not NULL) gets the index or -1.  0, -ENOMEM, or -EINVAL when a is not an
 * earlier snapshot of b's group.
 */
int raid_members_json_add(struct json_object *obj, const struct target *group, const struct raid_snap *a,
			  const struct raid_snap *b, int *limiting);

/*
 * members[] and limiting_member over the window of nrounds rounds, and
 * round_limiting_member (per round, the member with the highest mean
 * latency), into obj.  0 or -errno.
 */
int raid_rounds_json_add(const struct raid_rounds *w, struct json_object *obj, size_t nrounds);

/*
 * The result's "group": level, chunk_bytes, members [target...],
 * member_bytes_used, and capacity_note when the members differ in size.
 * NULL when out of memory.
 */
struct json_object *raid_group_json(const struct target *group);

struct op_member_plan;

/* The sweep settings' "op_member" [[...per member] per point], and back (0 or -EINVAL). */
struct json_object *op_member_json(const struct op_member_plan *p);
int op_member_from_json(struct op_member_plan *p, struct json_object *arr);

/*
 * Add to each of point's members[] the OP it was given ("op_percent") and
 * the OP it had in effect ("effective_op_percent": the share of the member
 * the group left unwritten).
 */
void op_member_json_annotate(struct json_object *point, const struct target *group, const double *ops);

#endif
