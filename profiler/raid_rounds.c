/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "precondition/precondition.h"
#include "profiler/raid_members.h"
#include "profiler/raid_rounds.h"
#include "precondition/steady.h"

/* Slot k % SNAP_RING holds the snapshot after k rounds. */
#define SNAP_RING (STEADY_WINDOW + 1)

struct raid_rounds {
	struct target *group;
	unsigned max_rounds;
	struct raid_snap *ring[SNAP_RING];
	size_t ring_rounds[SNAP_RING];      /* rounds done when each slot was taken; SIZE_MAX: none */
	int *round_limiting;                /* per round: the member with the highest mean latency, or -1 */
};

struct raid_rounds *raid_rounds_new(struct target *group, unsigned max_rounds)
{
	struct raid_rounds *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->group = group;
	w->max_rounds = max_rounds;
	w->round_limiting = calloc(max_rounds ? max_rounds : 1, sizeof(*w->round_limiting));
	if (!w->round_limiting)
		goto fail;
	for (size_t i = 0; i < SNAP_RING; i++) {
		w->ring_rounds[i] = SIZE_MAX;
		if (!(w->ring[i] = raid_snap_new(group)))
			goto fail;
	}
	return w;
fail:
	raid_rounds_free(w);
	return NULL;
}

void raid_rounds_free(struct raid_rounds *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < SNAP_RING; i++)
		raid_snap_free(w->ring[i]);
	free(w->round_limiting);
	free(w);
}

static void snapshot(struct raid_rounds *w, size_t rounds_done)
{
	raid_snap_take(w->ring[rounds_done % SNAP_RING], w->group);
	w->ring_rounds[rounds_done % SNAP_RING] = rounds_done;
}

/* The snapshot after rounds_done rounds, or NULL when the ring no longer holds it. */
static const struct raid_snap *snap_after(const struct raid_rounds *w, size_t rounds_done)
{
	size_t slot = rounds_done % SNAP_RING;

	return w->ring_rounds[slot] == rounds_done ? w->ring[slot] : NULL;
}

/* Room for n rounds' limiting members: 0, or -ENOMEM (those rounds then go without). */
static int grow(struct raid_rounds *w, size_t n)
{
	size_t cap = n + n / 2;
	int *p = realloc(w->round_limiting, cap * sizeof(*p));

	if (!p)
		return -ENOMEM;
	for (size_t i = w->max_rounds; i < cap; i++)
		p[i] = -1;
	w->round_limiting = p;
	w->max_rounds = (unsigned)cap;
	return 0;
}

void raid_rounds_event(struct raid_rounds *w, const struct precondition_event *ev)
{
	if (ev->phase == PHASE_ROUNDS_START) {
		/* A point (or its retry with span OP) starts afresh: nothing before it counts. */
		for (size_t i = 0; i < SNAP_RING; i++)
			w->ring_rounds[i] = SIZE_MAX;
		snapshot(w, 0);
	} else if (ev->phase == PHASE_ROUND) {
		const struct raid_snap *before = snap_after(w, ev->round_index);

		/* Warm-up rounds (--min-writes) come on top of max_rounds: the ring takes every round. */
		snapshot(w, ev->round_index + 1);
		if (ev->round_index < w->max_rounds || !grow(w, ev->round_index + 1))
			w->round_limiting[ev->round_index] =
				before ? raid_members_limiting(before, snap_after(w, ev->round_index + 1)) : -1;
	}
}

struct target *raid_rounds_group(const struct raid_rounds *w)
{
	return w->group;
}

size_t raid_rounds_window(const struct raid_rounds *w, size_t nrounds, const struct raid_snap **a,
			  const struct raid_snap **b)
{
	size_t n = nrounds < w->max_rounds ? nrounds : w->max_rounds;
	size_t first = n > STEADY_WINDOW ? n - STEADY_WINDOW : 0;

	*a = snap_after(w, first);
	*b = snap_after(w, n);
	return n;
}

int raid_rounds_limiting(const struct raid_rounds *w, size_t round)
{
	return round < w->max_rounds ? w->round_limiting[round] : -1;
}
