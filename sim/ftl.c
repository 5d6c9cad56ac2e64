/* SPDX-License-Identifier: MIT */
/*
 * The flash translation layer of the simulated drive: page mapping at 4 KiB,
 * lines (one block from every plane of every die) as the unit of garbage
 * collection, greedy victim choice in O(1) from valid-count buckets, and an
 * SLC cache that is static, dynamic, or both.
 *
 * Data structures are sized for speed and memory (DESIGN.md 6, issue 2):
 * 4 bytes per user unit (L2P) and 4 bytes per raw unit (P2L), plus a small
 * record per line.  Host writes and GC copies share one native write
 * frontier, as the analytic WA models assume.  With hot_cold there are two,
 * hot (native) and cold (gcf), and host writes and copies alike go by the
 * unit's write temperature; either takes the other's data when it has no
 * line and none is free, so the two together behave as the one did at the
 * edge of the free pool.
 *
 * The L2P is the only truth about validity: slot s holds live data exactly
 * when l2p[p2l[s]] == s.  An overwrite or a trim then touches one table
 * entry (the L2P's, which it reads anyway) instead of a second random one
 * in the P2L; GC pays instead one L2P read per slot it scans, which it
 * prefetches well ahead since it scans in order.  p2l[s] is written when s
 * is programmed and never cleared, so it may name any unit (or be stale)
 * until then.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "sim/sim_internal.h"

/* ---- line lists ---------------------------------------------------------- */

static void list_init(struct line_list *l)
{
	l->head = l->tail = SIM_NONE;
	l->count = 0;
}

static void list_push_tail(struct sim_drive *d, struct line_list *l, uint32_t id)
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

static void list_remove(struct sim_drive *d, struct line_list *l, uint32_t id)
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

static uint32_t list_pop_head(struct sim_drive *d, struct line_list *l)
{
	uint32_t id = l->head;

	if (id != SIM_NONE)
		list_remove(d, l, id);
	return id;
}

/* Greedy buckets: singly-headed doubly-linked lists indexed by valid count. */
static void bucket_insert(struct sim_drive *d, uint32_t id)
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

static void bucket_remove(struct sim_drive *d, uint32_t id, uint32_t v)
{
	struct sim_line *ln = &d->lines[id];

	if (ln->prev != SIM_NONE)
		d->lines[ln->prev].next = ln->next;
	else
		d->bucket_head[v] = ln->next;
	if (ln->next != SIM_NONE)
		d->lines[ln->next].prev = ln->prev;
}

static uint32_t bucket_min(struct sim_drive *d)
{
	while (d->min_bucket <= d->geo.line_slots && d->bucket_head[d->min_bucket] == SIM_NONE)
		d->min_bucket++;
	return d->min_bucket <= d->geo.line_slots ? d->bucket_head[d->min_bucket] : SIM_NONE;
}

/* ---- create / reset ------------------------------------------------------ */

/*
 * The mapping tables are tens of MiB per 16 GiB simulated (GiB at 1 TiB)
 * and read at random: on 4 KiB pages nearly every access also misses the
 * TLB.  Back them with huge pages where the kernel offers them (madvise
 * mode), and get them zeroed and untouched from mmap.
 */
static void *table_alloc(uint64_t bytes)
{
	void *p;

	if (!bytes)
		bytes = 1;
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

static void table_free(void *p, uint64_t bytes)
{
	if (p)
		munmap(p, bytes ? bytes : 1);
}

static void reset_lines(struct sim_drive *d)
{
	list_init(&d->free_native);
	list_init(&d->free_static);
	list_init(&d->closed_fifo);
	list_init(&d->slc_static_closed);
	list_init(&d->slc_dyn_closed);
	for (uint32_t v = 0; v <= d->geo.line_slots; v++)
		d->bucket_head[v] = SIM_NONE;
	d->min_bucket = d->geo.line_slots + 1;
	d->closed_native = 0;
	for (uint32_t i = 0; i < d->total_lines; i++) {
		struct sim_line *ln = &d->lines[i];

		ln->valid = 0;
		ln->state = LINE_FREE;
		ln->static_slc = i >= d->geo.lines;
		ln->mode = ln->static_slc ? MODE_SLC : MODE_NATIVE;
		list_push_tail(d, ln->static_slc ? &d->free_static : &d->free_native, i);
	}
	memset(&d->native, 0, sizeof(d->native));
	memset(&d->slc, 0, sizeof(d->slc));
	memset(&d->gcf, 0, sizeof(d->gcf));
	d->native.line = d->slc.line = d->gcf.line = SIM_NONE;
	d->fold_line = SIM_NONE;
	d->fold_off = 0;
	d->gc_line = SIM_NONE;
	d->error = 0;
}

int sim_drive_new(const struct sim_config *cfg, struct sim_drive **out, char *err, size_t errlen)
{
	struct sim_drive *d;
	uint64_t slots;
	int ret;

	d = calloc(1, sizeof(*d));
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	d->cfg = *cfg;
	ret = sim_derive_geometry(cfg, &d->geo, err, errlen);
	if (ret)
		goto fail;
	d->total_lines = d->geo.lines + d->geo.static_slc_lines;
	slots = (uint64_t)d->total_lines * d->geo.line_slots;

	ret = -ENOMEM;
	d->l2p = table_alloc(d->geo.max_user_units * sizeof(uint32_t));
	d->p2l = table_alloc(slots * sizeof(uint32_t));
	d->lines = calloc(d->total_lines, sizeof(struct sim_line));
	d->bucket_head = malloc(((size_t)d->geo.line_slots + 1) * sizeof(uint32_t));
	if (cfg->track_data)
		d->tags = table_alloc(slots * sizeof(uint32_t));
	if (cfg->hot_cold)
		d->heat = table_alloc(d->geo.max_user_units * sizeof(uint32_t));
	if (!d->l2p || !d->p2l || !d->lines || !d->bucket_head || (cfg->track_data && !d->tags) ||
	    (cfg->hot_cold && !d->heat)) {
		snprintf(err, errlen, "capacity: not enough memory for a %llu-byte simulated drive",
			 (unsigned long long)cfg->capacity);
		goto fail;
	}
	ret = nand_timing_init(&d->nt, cfg, &d->geo);
	if (ret) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	memset(d->l2p, 0xff, d->geo.max_user_units * sizeof(uint32_t));
	reset_lines(d);

	/* Dynamic SLC stops short of the GC threshold so folding can always proceed. */
	d->dyn_reserve = d->geo.gc_threshold + 3;
	d->bg_max_valid = d->geo.line_slots / 10 * 9;
	d->bg_idle_ns = (uint64_t)(cfg->bg_idle_ms * 1e6);
	d->gc_batch = d->geo.unit_slots * d->geo.dies_total;
	d->div_line = fastdiv_make(d->geo.line_slots);
	d->div_unit = fastdiv_make(d->geo.unit_slots);
	d->div_dies = fastdiv_make(d->geo.dies_total);
	/* Hot: rewritten within half a drive's worth of host writes (the unit's count, in 16s). */
	d->heat_window = (uint32_t)(d->geo.user_units / 2 / HEAT_TICK);
	*out = d;
	return 0;
fail:
	sim_drive_free(d);
	return ret;
}

void sim_drive_free(struct sim_drive *d)
{
	uint64_t slots;

	if (!d)
		return;
	slots = (uint64_t)d->total_lines * d->geo.line_slots;
	nand_timing_free(&d->nt);
	table_free(d->l2p, d->geo.max_user_units * sizeof(uint32_t));
	table_free(d->p2l, slots * sizeof(uint32_t));
	table_free(d->tags, slots * sizeof(uint32_t));
	table_free(d->heat, d->geo.max_user_units * sizeof(uint32_t));
	free(d->lines);
	free(d->bucket_head);
	free(d);
}

/* ---- writing slots ------------------------------------------------------- */

static inline void invalidate(struct sim_drive *d, uint32_t lba)
{
	uint32_t old = d->l2p[lba];

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
	d->l2p[lba] = SIM_NONE;
}

/*
 * Host writes defer their L2P update (reading the old slot, a likely cache
 * miss, and the old line's valid count) to a batch, so the misses of a batch
 * overlap instead of each stalling its write.  The batch is applied, in
 * order, before anything looks at the L2P or a line's valid count or moves a
 * line between lists: then every decision sees what it saw with the updates
 * made at once, and the results stay the same to the bit.
 */
void flush_pending(struct sim_drive *d)
{
	for (uint32_t i = 0; i < d->npending; i++) {
		uint32_t lba = d->pending[i].lba;

		invalidate(d, lba);
		d->l2p[lba] = d->pending[i].slot;
	}
	d->npending = 0;
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

static void close_line(struct sim_drive *d, struct frontier *f)
{
	uint32_t id = f->line;
	struct sim_line *ln = &d->lines[id];

	flush_pending(d);
	ln->state = LINE_CLOSED;
	if (ln->mode == MODE_SLC) {
		list_push_tail(d, ln->static_slc ? &d->slc_static_closed : &d->slc_dyn_closed, id);
	} else {
		d->closed_native++;
		if (d->cfg.gc == SIM_GC_FIFO)
			list_push_tail(d, &d->closed_fifo, id);
		else
			bucket_insert(d, id);
	}
	f->line = SIM_NONE;
}

static void open_line(struct sim_drive *d, struct frontier *f, uint32_t id, int mode)
{
	struct sim_line *ln = &d->lines[id];

	ln->state = LINE_OPEN;
	ln->mode = (uint8_t)mode;
	ln->valid = 0;
	f->line = id;
	f->off = 0;
	f->unit_fill = 0;
	f->die = 0;
	f->mode = (uint8_t)mode;
	f->cap = mode == MODE_SLC ? d->geo.slc_line_slots : d->geo.line_slots;
}

/* Issue the program of the frontier's assembling unit; the next unit goes to the next die. */
static void flush_unit(struct sim_drive *d, struct frontier *f)
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
		d->l2p[lba] = slot;
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

static void release_line(struct sim_drive *d, uint32_t id, uint64_t at_ns)
{
	struct sim_line *ln = &d->lines[id];

	ln->state = LINE_FREE;
	ln->valid = 0;
	nand_erase_line(&d->nt, at_ns);
	d->ctr.erases++;
	if (ln->static_slc) {
		list_push_tail(d, &d->free_static, id);
	} else {
		ln->mode = MODE_NATIVE;
		list_push_tail(d, &d->free_native, id);
	}
}

/* A native frontier has room, opening a free line if needed; false if none. */
static bool frontier_ready(struct sim_drive *d, struct frontier *f)
{
	if (f->line != SIM_NONE)
		return true;
	uint32_t id = list_pop_head(d, &d->free_native);
	if (id == SIM_NONE)
		return false;
	open_line(d, f, id, MODE_NATIVE);
	return true;
}

static bool native_ready(struct sim_drive *d)
{
	return frontier_ready(d, &d->native);
}

/*
 * hot_cold: the frontier for data of a temperature, or the other when it
 * has no line and none is free.  NULL when neither has room.
 */
static struct frontier *temp_frontier(struct sim_drive *d, bool hot)
{
	struct frontier *want = hot ? &d->native : &d->gcf, *other = hot ? &d->gcf : &d->native;

	if (frontier_ready(d, want))
		return want;
	return other->line != SIM_NONE ? other : NULL;
}


/* hot_cold: place a copy of lba by its temperature (out of line); -ENOSPC if no frontier has room. */
static __attribute__((noinline)) int copy_by_heat(struct sim_drive *d, uint32_t lba, uint64_t ready,
						  uint32_t tag)
{
	struct frontier *f = temp_frontier(d, heat_hot(d, lba));

	if (!f)
		return -ENOSPC;
	place(d, f, lba, ready, false, false, tag);
	return 0;
}

/* Slots the GC scan prefetches ahead: some 64 copies cover a DRAM miss. */
#define RELOCATE_AHEAD 64u

/*
 * Move the valid data of slots [from, to) of line id to the native frontier,
 * reading each page that holds valid data once.  Returns units moved, or
 * -ENOSPC if the native pool ran dry (only on a drive with no spare).
 */
static inline __attribute__((always_inline)) int64_t
relocate_as(struct sim_drive *d, uint32_t id, uint32_t from, uint32_t to, uint64_t at_ns, uint64_t *counter,
	    const bool by_heat)
{
	const uint32_t spp = d->geo.slots_per_page;
	const uint32_t base = id * d->geo.line_slots;
	const uint32_t *p2l = d->p2l;
	uint32_t *l2p = d->l2p;
	const uint64_t max_units = d->geo.max_user_units;
	const int mode = d->lines[id].mode;
	/* Look ahead past this step: paced GC moves a few slots at a time. */
	const uint32_t cap = mode == MODE_SLC ? d->geo.slc_line_slots : d->geo.line_slots;
	int64_t moved = 0;

	flush_pending(d);
	for (uint32_t off = from; off < to; off += spp) {
		uint32_t end = off + spp < to ? off + spp : to;
		uint64_t ready = 0;

		/*
		 * The L2P entries that say which slots live are scattered: fetch
		 * them early, far enough ahead to cover a memory latency.
		 */
		for (uint32_t o = off + RELOCATE_AHEAD; o < end + RELOCATE_AHEAD && o < cap; o++)
			if (p2l[base + o] < max_units)
				__builtin_prefetch(&l2p[p2l[base + o]], 1, 3);
		for (uint32_t o = off; o < end; o++) {
			uint32_t lba = p2l[base + o];

			if (lba >= max_units || l2p[lba] != base + o)
				continue;
			if (!ready) {
				ready = nand_copy_read(&d->nt, slot_die(d, base + o), mode, at_ns);
				d->ctr.nand_page_reads++;
			}
			uint32_t tag = d->tags ? d->tags[base + o] : 0;

			/* Copies out of native lines go by temperature with hot_cold; the rest to the host's frontier. */
			if (__builtin_expect(by_heat, 0)) {
				if (copy_by_heat(d, lba, ready, tag))
					return -ENOSPC;
			} else {
				if (!native_ready(d))
					return -ENOSPC;
				place(d, &d->native, lba, ready, false, false, tag);
			}
			moved++;
		}
	}
	d->lines[id].valid -= (uint32_t)moved;
	*counter += (uint64_t)moved * SIM_UNIT_BYTES;
	return moved;
}

/* One loop for each kind of copy, so the one without hot_cold is what it always was. */
static int64_t relocate(struct sim_drive *d, uint32_t id, uint32_t from, uint32_t to, uint64_t at_ns,
			uint64_t *counter)
{
	if (d->heat && d->lines[id].mode == MODE_NATIVE)
		return relocate_as(d, id, from, to, at_ns, counter, true);
	return relocate_as(d, id, from, to, at_ns, counter, false);
}

/* ---- reclaiming space ---------------------------------------------------- */

static uint32_t native_victim(struct sim_drive *d)
{
	if (d->cfg.gc == SIM_GC_FIFO)
		return d->closed_fifo.head;
	return bucket_min(d);
}

static void take_native_victim(struct sim_drive *d, uint32_t id)
{
	if (d->cfg.gc == SIM_GC_FIFO)
		list_remove(d, &d->closed_fifo, id);
	else
		bucket_remove(d, id, d->lines[id].valid);
	d->closed_native--;
}

/*
 * Choose the next line to reclaim into the native pool: the oldest dynamic
 * SLC line (folding) or the native line with the fewest valid units,
 * whichever copies less, and start collecting it.  false if none would gain
 * space.  Collection itself is paced (gc_step): a controller interleaves GC
 * copies with host writes rather than stopping the host for a whole line.
 */
static bool gc_start(struct sim_drive *d)
{
	uint32_t slc, nat, id, span, v;

	flush_pending(d);
	slc = d->slc_dyn_closed.head;
	nat = native_victim(d);
	if (slc != SIM_NONE && (nat == SIM_NONE || d->lines[slc].valid <= d->lines[nat].valid)) {
		list_remove(d, &d->slc_dyn_closed, slc);
		id = slc;
		span = d->geo.slc_line_slots;
	} else {
		if (nat == SIM_NONE || d->lines[nat].valid >= d->geo.line_slots)
			return false;
		take_native_victim(d, nat);
		id = nat;
		span = d->geo.line_slots;
		d->ctr.gc_runs++;
	}
	v = d->lines[id].valid;
	d->lines[id].state = LINE_FOLDING;
	d->gc_line = id;
	d->gc_off = 0;
	d->gc_span = span;
	d->gc_credit = 0;
	/*
	 * Host and copies together may fill one line while this one is
	 * collected: scan it in the time the host writes line_slots - v units.
	 */
	d->gc_pace = (double)span / (double)(d->geo.line_slots - v);
	return true;
}

/* Scan up to `offsets` more slots of the victim; release it when done. */
static int gc_step(struct sim_drive *d, uint32_t offsets, uint64_t at_ns)
{
	uint32_t id = d->gc_line, spp = d->geo.slots_per_page;
	uint32_t to = d->gc_off + offsets;
	int64_t moved;

	/* Whole pages, so a page is read once even when its scan spans two steps. */
	to = (to + spp - 1) / spp * spp;
	if (to > d->gc_span)
		to = d->gc_span;
	moved = relocate(d, id, d->gc_off, to, at_ns,
			 d->lines[id].mode == MODE_SLC ? &d->ctr.fold_bytes : &d->ctr.gc_copy_bytes);
	if (moved < 0)
		return (int)moved;
	d->gc_credit -= to - d->gc_off;
	d->gc_off = to;
	if (to == d->gc_span) {
		release_line(d, id, at_ns);
		d->gc_line = SIM_NONE;
	}
	return 0;
}

/* Free one whole line now: finish the line being collected, or collect one. */
static int reclaim_one(struct sim_drive *d, uint64_t at_ns)
{
	if (d->gc_line == SIM_NONE && !gc_start(d))
		return -ENOSPC;
	return gc_step(d, d->gc_span, at_ns);
}

/*
 * Collect until min_free lines are free, whole lines at a time: the fallback
 * when paced collection falls behind, and idle-time work.
 */
static int foreground_gc(struct sim_drive *d, uint64_t at_ns, uint32_t min_free)
{
	while (d->free_native.count < min_free) {
		int ret = reclaim_one(d, at_ns);

		if (ret) {
			d->error = ret;
			return ret;
		}
	}
	return 0;
}

/*
 * Paced collection, once per host unit.  A victim is taken when the frontier
 * has taken the last free line (so no spare sits idle in the free pool, as
 * in the analytic models), and gc_pace slots of it are scanned per host unit
 * so it is done about when the frontier fills.  Should the frontier's room
 * shrink to what the victim still holds, the victim is finished at once:
 * the frontier must always be able to take the rest of it.
 */
static int gc_pace_host(struct sim_drive *d, uint64_t at_ns)
{
	const uint32_t spp = d->geo.slots_per_page;

	if (d->gc_line == SIM_NONE) {
		if (d->free_native.count >= d->geo.gc_threshold || !gc_start(d))
			return 0;
	}
	if (d->free_native.count == 0) {
		uint32_t room = d->native.line == SIM_NONE ? 0 : d->native.cap - d->native.off;

		if (d->heat && d->gcf.line != SIM_NONE)
			room += d->gcf.cap - d->gcf.off;

		/* Pending updates only lower the count: flush only when it matters. */
		if (room <= d->lines[d->gc_line].valid + 2 * spp + 4) {
			flush_pending(d);
			if (room <= d->lines[d->gc_line].valid + 2 * spp + 4)
				return gc_step(d, d->gc_span, at_ns);
		}
	}
	d->gc_credit += d->gc_pace;
	/*
	 * hot_cold keeps two lines in hand beyond the one GC works towards,
	 * for whichever frontier fills next; short of them, collect at twice
	 * the pace until they are back (never true with one frontier).
	 */
	if (__builtin_expect(d->heat != NULL, 0) && d->free_native.count + 1 < d->geo.gc_threshold)
		d->gc_credit += d->gc_pace;
	/* A program unit per die at a time: fine enough to interleave, coarse enough to be cheap. */
	if (d->gc_credit < d->gc_batch)
		return 0;
	return gc_step(d, (uint32_t)d->gc_credit, at_ns);
}

/* Fold up to max_units of the static SLC region, oldest line first. */
static void fold_static(struct sim_drive *d, uint32_t max_units, uint64_t at_ns)
{
	while (max_units) {
		if (d->fold_line == SIM_NONE) {
			d->fold_line = list_pop_head(d, &d->slc_static_closed);
			if (d->fold_line == SIM_NONE)
				return;
			d->lines[d->fold_line].state = LINE_FOLDING;
			d->fold_off = 0;
		}
		uint32_t span = d->geo.slc_line_slots - d->fold_off;
		if (span > max_units)
			span = max_units;
		if (relocate(d, d->fold_line, d->fold_off, d->fold_off + span, at_ns, &d->ctr.fold_bytes) < 0)
			return;
		d->fold_off += span;
		max_units -= span;
		if (d->fold_off == d->geo.slc_line_slots) {
			release_line(d, d->fold_line, at_ns);
			d->fold_line = SIM_NONE;
		}
	}
}

/* ---- host commands ------------------------------------------------------- */

/* The SLC frontier has room for a host unit, opening a line if the cache allows. */
static bool slc_ready(struct sim_drive *d)
{
	uint32_t id;

	if (d->slc.line != SIM_NONE)
		return true;
	id = list_pop_head(d, &d->free_static);
	if (id == SIM_NONE && d->cfg.slc_cache == SIM_CACHE_DYNAMIC &&
	    d->free_native.count > d->dyn_reserve)
		id = list_pop_head(d, &d->free_native);
	if (id == SIM_NONE)
		return false;
	open_line(d, &d->slc, id, MODE_SLC);
	return true;
}

static void background_work(struct sim_drive *d, uint64_t from_ns, uint64_t until_ns);

/* hot_cold: the frontier for a host write of lba, its temperature updated; out of line as copy_by_heat. */
static __attribute__((noinline)) struct frontier *host_frontier_by_heat(struct sim_drive *d, uint32_t lba)
{
	return temp_frontier(d, heat_write(d, lba));
}

/* Work the drive does in a host silence longer than bg_idle_ms before at_ns. */
static inline void catch_up_idle(struct sim_drive *d, uint64_t at_ns)
{
	uint64_t idle_from = max_u64(d->last_host_ns, d->nt.busy_until_ns) + d->bg_idle_ns;

	if (at_ns > idle_from)
		background_work(d, idle_from, at_ns);
	d->last_host_ns = at_ns;
}

void sim_drive_prefetch(const struct sim_drive *d, uint64_t unit)
{
	if (unit < d->geo.max_user_units)
		__builtin_prefetch(&d->l2p[unit], 1, 0);
}

uint64_t sim_drive_write(struct sim_drive *d, uint64_t unit, uint32_t count, uint64_t now_ns,
			 uint32_t tag)
{
	uint64_t t, done;
	bool cache = d->cfg.slc_cache != SIM_CACHE_NONE;
	/* Folding between the old copy's invalidation and the placing needs it done first. */
	bool defer = !d->cfg.fold_while_writing;

	catch_up_idle(d, now_ns);
	t = nand_admit_command(&d->nt, now_ns, (uint64_t)count * SIM_UNIT_BYTES, true);
	done = t;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t lba = (uint32_t)(unit + i);

		if (gc_pace_host(d, t))
			return UINT64_MAX;
		if (!defer)
			invalidate(d, lba);
		uint64_t in_buffer = nand_buffer_admit(&d->nt, t);
		if (cache && slc_ready(d)) {
			place(d, &d->slc, lba, in_buffer, true, defer, tag);
		} else {
			/* Folding keeps pace with direct writes, one unit for one unit. */
			if (d->cfg.fold_while_writing && (d->fold_line != SIM_NONE || d->slc_static_closed.count)) {
				fold_static(d, 1, in_buffer);
				if (gc_pace_host(d, t))
					return UINT64_MAX;
			}
			struct frontier *f = &d->native;

			if (__builtin_expect(d->heat != NULL, 0))
				f = host_frontier_by_heat(d, lba);
			else if (!native_ready(d))
				f = NULL;
			if (!f) {
				if (defer) {
					flush_pending(d);
					invalidate(d, lba);
				}
				return UINT64_MAX;
			}
			place(d, f, lba, in_buffer, true, defer, tag);
		}
		if (in_buffer > done)
			done = in_buffer;
	}
	d->ctr.host_write_bytes += (uint64_t)count * SIM_UNIT_BYTES;
	return done + d->nt.overhead_ns;
}

uint64_t sim_drive_read(struct sim_drive *d, uint64_t unit, uint32_t count, uint64_t now_ns)
{
	uint64_t t, done;
	uint32_t last_page = SIM_NONE;

	flush_pending(d);
	catch_up_idle(d, now_ns);
	t = nand_admit_command(&d->nt, now_ns, (uint64_t)count * SIM_UNIT_BYTES, false);
	done = t;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t slot = d->l2p[unit + i];

		if (slot == SIM_NONE) {
			d->ctr.host_unmapped_read_bytes += SIM_UNIT_BYTES;
			continue;
		}
		uint32_t page = slot / d->geo.slots_per_page;
		if (page == last_page)
			continue;
		last_page = page;
		uint64_t ready = nand_read_page(&d->nt, slot_die(d, slot), d->lines[slot_line(d, slot)].mode, t);
		d->ctr.nand_page_reads++;
		if (ready > done)
			done = ready;
	}
	d->ctr.host_read_bytes += (uint64_t)count * SIM_UNIT_BYTES;
	return done + d->nt.overhead_ns;
}

uint64_t sim_drive_trim(struct sim_drive *d, uint64_t unit, uint64_t count, uint64_t now_ns)
{
	flush_pending(d);
	catch_up_idle(d, now_ns);
	for (uint64_t i = 0; i < count; i++)
		invalidate(d, (uint32_t)(unit + i));
	d->ctr.host_trim_bytes += count * SIM_UNIT_BYTES;
	return nand_admit_command(&d->nt, now_ns, 0, false) + d->nt.overhead_ns;
}

/*
 * Idle-time work from from_ns until until_ns: fold the SLC cache back to
 * native cells, then collect garbage up to a comfortable free pool.  Work is
 * issued while the dies would start it before until_ns; the last step may run
 * past it, as a real drive finishes the block it started.
 */
static void background_work(struct sim_drive *d, uint64_t from_ns, uint64_t until_ns)
{
	flush_pending(d);
	for (;;) {
		uint64_t at = max_u64(from_ns, d->nt.busy_until_ns);

		if (at >= until_ns)
			return;
		/* Two free lines: a fold step may fill the frontier once. */
		if (foreground_gc(d, at, 2))
			return;
		if (d->fold_line != SIM_NONE || d->slc_static_closed.count) {
			fold_static(d, d->geo.slc_line_slots, at);
		} else {
			/*
			 * Fold the dynamic cache, then compact: collect every line
			 * still worth it (at most bg_max_valid units valid), so the
			 * longer a drive rests the more free space (and SLC cache)
			 * it has, up to what its spare area allows.
			 */
			uint32_t nat = native_victim(d);

			if (d->gc_line == SIM_NONE && !d->slc_dyn_closed.count &&
			    (nat == SIM_NONE || d->lines[nat].valid > d->bg_max_valid))
				return;
			if (reclaim_one(d, at))
				return;
		}
	}
}

void sim_drive_idle(struct sim_drive *d, uint64_t now_ns, uint64_t until_ns)
{
	/*
	 * last_host_ns stays: the next command's catch-up sees the same silence
	 * and simply finds the work done.
	 */
	uint64_t idle_from = max_u64(max_u64(d->last_host_ns, now_ns), d->nt.busy_until_ns) + d->bg_idle_ns;

	if (until_ns > idle_from)
		background_work(d, idle_from, until_ns);
}

uint64_t sim_drive_purge(struct sim_drive *d, uint64_t now_ns)
{
	/* Programs still queued are abandoned: their data is being erased anyway. */
	uint64_t done = now_ns + (uint64_t)d->total_lines * d->nt.erase_line_ns;

	/* An empty L2P makes every P2L entry stale: no need to clear those. */
	d->npending = 0;
	memset(d->l2p, 0xff, d->geo.max_user_units * sizeof(uint32_t));
	if (d->heat)
		memset(d->heat, 0, d->geo.max_user_units * sizeof(uint32_t));
	d->host_units = 0;
	reset_lines(d);
	nand_timing_reset_buffer(&d->nt);
	/*
	 * Every block of every die is erased once, dies in parallel.  The
	 * timing state restarts too (program-time jitter included), so what
	 * follows a purge does not depend on what came before it: a resumed
	 * sweep measures exactly what an uninterrupted one does.
	 */
	for (unsigned die = 0; die < d->geo.dies_total; die++)
		d->nt.die_free_ns[die] = done;
	for (unsigned ch = 0; ch < d->nt.channels; ch++)
		d->nt.chan_free_ns[ch] = done;
	d->nt.busy_until_ns = d->nt.ctrl_free_ns = d->nt.iface_free_ns = d->nt.last_release_ns = done;
	d->nt.write_free_ns = done;
	nand_timing_reseed(&d->nt, d->cfg.seed);
	d->ctr.erases += d->total_lines;
	d->last_host_ns = done;
	return done;
}

int sim_drive_resize(struct sim_drive *d, uint64_t user_units, uint64_t now_ns, uint64_t *done_ns)
{
	if (user_units == 0 || user_units > d->geo.max_user_units)
		return -EINVAL;
	*done_ns = sim_drive_purge(d, now_ns);
	d->geo.user_units = user_units;
	d->heat_window = (uint32_t)(user_units / 2 / HEAT_TICK);
	return 0;
}
