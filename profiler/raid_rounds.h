/* SPDX-License-Identifier: MIT */
/*
 * A RAID group's per-member figures over precondition rounds (sweep points
 * and precondition runs): snapshots when the rounds start and after every
 * round give each member's figures over the steady window (the last
 * STEADY_WINDOW rounds, as the group's own figures) and the member that
 * limited each round.  A ring of STEADY_WINDOW + 1 snapshots covers the
 * window whatever --max-rounds is.
 */
#ifndef SSDPROF_RAID_ROUNDS_H
#define SSDPROF_RAID_ROUNDS_H

#include <stddef.h>

struct json_object;
struct precondition_event;
struct raid_rounds;
struct target;

/* For rounds of group (a raid target), at most max_rounds of them.  NULL when out of memory. */
struct raid_rounds *raid_rounds_new(struct target *group, unsigned max_rounds);
void raid_rounds_free(struct raid_rounds *w);

/* Every precondition event goes here (a progress callback's first job); rounds restart on PHASE_ROUNDS_START. */
void raid_rounds_event(struct raid_rounds *w, const struct precondition_event *ev);

/*
 * members[] and limiting_member over the window of nrounds rounds, and
 * round_limiting_member (per round, the member with the highest mean
 * latency), into obj.  0 or -errno.
 */
int raid_rounds_add(const struct raid_rounds *w, struct json_object *obj, size_t nrounds);

#endif
