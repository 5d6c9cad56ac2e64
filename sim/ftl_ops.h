/* SPDX-License-Identifier: MIT */
/*
 * The FTL's primitives shared by ftl.c (host commands, lifecycle) and gc.c
 * (reclaiming space): line lists, greedy buckets, and placing data at a
 * write frontier.  Inline, because both the host path and the GC copy loop
 * run them per mapping unit.  Private to sim/.
 */
#ifndef SSDPROF_SIM_FTL_OPS_H
#define SSDPROF_SIM_FTL_OPS_H

#include "sim/sim_internal.h"

/* ---- line lists ---------------------------------------------------------- */
static inline void list_init(struct line_list *l)
{
	l->head = l->tail = SIM_NONE;
	l->count = 0;
}

static inline void list_push_tail(struct sim_drive *d, struct line_list *l, uint32_t id)
{
	struct sim_line *ln = &d->lines[id];

	ln->next = SIM_NONE;
	ln->prev = l->tail;
	if (l->tail != SIM_NONE)
		d->lines[l->tail].next = id;
	else
		l->head = id;
	l->tail = id;
	l->count++;
}

static inline void list_remove(struct sim_drive *d, struct line_list *l, uint32_t id)
{
	struct sim_line *ln = &d->lines[id];

	if (ln->prev != SIM_NONE)
		d->lines[ln->prev].next = ln->next;
	else
		l->head = ln->next;
	if (ln->next != SIM_NONE)
		d->lines[ln->next].prev = ln->prev;
	else
		l->tail = ln->prev;
	l->count--;
}

static inline uint32_t list_pop_head(struct sim_drive *d, struct line_list *l)
{
	uint32_t id = l->head;

	if (id != SIM_NONE)
		list_remove(d, l, id);
	return id;
}

/* Greedy buckets: singly-headed doubly-linked lists indexed by valid count. */
static inline void bucket_insert(struct sim_drive *d, uint32_t id)
{
	struct sim_line *ln = &d->lines[id];
	uint32_t v = ln->valid;

	ln->prev = SIM_NONE;
	ln->next = d->bucket_head[v];
	if (ln->next != SIM_NONE)
		d->lines[ln->next].prev = id;
	d->bucket_head[v] = id;
	if (v < d->min_bucket)
		d->min_bucket = v;
}

static inline void bucket_remove(struct sim_drive *d, uint32_t id, uint32_t v)
{
	struct sim_line *ln = &d->lines[id];

	if (ln->prev != SIM_NONE)
		d->lines[ln->prev].next = ln->next;
	else
		d->bucket_head[v] = ln->next;
	if (ln->next != SIM_NONE)
		d->lines[ln->next].prev = ln->prev;
}

static inline uint32_t bucket_min(struct sim_drive *d)
{
	while (d->min_bucket <= d->geo.line_slots && d->bucket_head[d->min_bucket] == SIM_NONE)
		d->min_bucket++;
	return d->min_bucket <= d->geo.line_slots ? d->bucket_head[d->min_bucket] : SIM_NONE;
}

/* ---- writing slots ------------------------------------------------------- */

/* ftl.c: a frontier's line is full; it joins the closed lists (valid counts up to date). */
void close_line(struct sim_drive *d, struct frontier *f);
/* ftl.c: start filling line id in a cell mode. */
void open_line(struct sim_drive *d, struct frontier *f, uint32_t id, int mode);
/* ftl.c: erase line id and return it to its free list. */
void release_line(struct sim_drive *d, uint32_t id, uint64_t at_ns);

static inline void invalidate(struct sim_drive *d, uint32_t lba)
{
	uint32_t old = l2p_get(d, lba);

	if (old == SIM_NONE)
		return;
	uint32_t id = slot_line(d, old);
	struct sim_line *ln = &d->lines[id];
	if (ln->state == LINE_CLOSED && ln->mode == MODE_NATIVE && d->cfg.gc == SIM_GC_GREEDY) {
		bucket_remove(d, id, ln->valid);
		ln->valid--;
		bucket_insert(d, id);
	} else {
		ln->valid--;
	}
	l2p_set(d, lba, SIM_NONE);
}

static inline void defer_map(struct sim_drive *d, uint32_t lba, uint32_t slot)
{
	if (d->npending == SIM_PENDING_MAX)
		flush_pending(d);
	__builtin_prefetch(&d->l2p[lba], 1, 3);
	d->pending[d->npending].lba = lba;
	d->pending[d->npending].slot = slot;
	d->npending++;
}

/* Issue the program of the frontier's assembling unit; the next unit goes to the next die. */
static inline void flush_unit(struct sim_drive *d, struct frontier *f)
{
	nand_program(&d->nt, f->die, f->mode, f->unit_ready_ns, f->unit_host);
	f->unit_host = 0;
	f->unit_fill = 0;
	f->unit_ready_ns = 0;
	if (++f->die == d->geo.dies_total)
		f->die = 0;
}

/*
 * Place one unit of data at the frontier.  The frontier must have an open
 * line with room.  ready_ns is when the data is at the controller.  defer:
 * the unit's L2P entry is updated with the next batch (flush_pending), and
 * the old copy invalidated then too.
 */
static inline void place(struct sim_drive *d, struct frontier *f, uint32_t lba, uint64_t ready_ns,
			 bool host, bool defer, uint32_t tag)
{
	uint32_t slot = f->line * d->geo.line_slots + f->off;

	d->p2l[slot] = lba;
	if (defer)
		defer_map(d, lba, slot);
	else
		l2p_set(d, lba, slot);
	if (d->tags)
		d->tags[slot] = tag;
	d->lines[f->line].valid++;
	if (f->mode == MODE_SLC)
		d->ctr.media_slc_bytes += SIM_UNIT_BYTES;
	else
		d->ctr.media_native_bytes += SIM_UNIT_BYTES;
	if (ready_ns > f->unit_ready_ns)
		f->unit_ready_ns = ready_ns;
	f->unit_host += host;
	f->off++;
	if (++f->unit_fill == d->geo.unit_slots || f->off == f->cap)
		flush_unit(d, f);
	if (f->off == f->cap)
		close_line(d, f);
}

/* A native frontier has room, opening a free line if needed; false if none. */
static inline bool frontier_ready(struct sim_drive *d, struct frontier *f)
{
	if (f->line != SIM_NONE)
		return true;
	uint32_t id = list_pop_head(d, &d->free_native);
	if (id == SIM_NONE)
		return false;
	open_line(d, f, id, MODE_NATIVE);
	return true;
}

static inline bool native_ready(struct sim_drive *d)
{
	return frontier_ready(d, &d->native);
}

/*
 * hot_cold: the frontier for data of a temperature, or the other when it
 * has no line and none is free.  NULL when neither has room.
 */
static inline struct frontier *temp_frontier(struct sim_drive *d, bool hot)
{
	struct frontier *want = hot ? &d->native : &d->gcf, *other = hot ? &d->gcf : &d->native;

	if (frontier_ready(d, want))
		return want;
	return other->line != SIM_NONE ? other : NULL;
}

/* ---- gc.c ---------------------------------------------------------------- */

/* Paced collection, once per host unit; -ENOSPC when GC cannot make room. */
int gc_pace_host(struct sim_drive *d, uint64_t at_ns);
/* Fold up to max_units of the static SLC region, oldest line first. */
void fold_static(struct sim_drive *d, uint32_t max_units, uint64_t at_ns);
/* Idle-time work (folding, then compaction) from from_ns until until_ns. */
void background_work(struct sim_drive *d, uint64_t from_ns, uint64_t until_ns);

#endif
