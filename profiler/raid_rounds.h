/* SPDX-License-Identifier: MIT */
/*
 * A RAID group's per-member figures over precondition rounds (sweep points
 * and precondition runs): snapshots when the rounds start and after every
 * round give each member's figures over the steady window (the last
 * STEADY_WINDOW rounds, as the group's own figures) and the member that
 * limited each round.  A ring of STEADY_WINDOW + 1 snapshots covers the
 * window whatever --max-rounds is.  Their JSON is results/raid_json.h.
 */
#ifndef SSDPROF_RAID_ROUNDS_H
#define SSDPROF_RAID_ROUNDS_H

#include <stddef.h>

struct raid_snap;
struct precondition_event;
struct raid_rounds;
struct target;

/* For rounds of group (a raid target): room for max_rounds, grown for warm-up rounds.  NULL when out of memory. */
struct raid_rounds *raid_rounds_new(struct target *group, unsigned max_rounds);
void raid_rounds_free(struct raid_rounds *w);

/* Every precondition event goes here (a progress callback's first job); rounds restart on PHASE_ROUNDS_START. */
void raid_rounds_event(struct raid_rounds *w, const struct precondition_event *ev);

/* The group the rounds are of. */
struct target *raid_rounds_group(const struct raid_rounds *w);

/*
 * The steady window of nrounds rounds (the last STEADY_WINDOW of them, or
 * every one when fewer): the snapshots at its start and end in *a and *b
 * (NULL when the ring no longer holds one).  Returns how many rounds count
 * (nrounds, at most the rounds it has room for).
 */
size_t raid_rounds_window(const struct raid_rounds *w, size_t nrounds, const struct raid_snap **a,
			  const struct raid_snap **b);

/* The member with the highest mean latency in round (0-based), or -1. */
int raid_rounds_limiting(const struct raid_rounds *w, size_t round);

#endif
