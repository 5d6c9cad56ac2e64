/* SPDX-License-Identifier: MIT */
/*
 * Reclaiming space in the simulated drive: the GC copy loop (relocate),
 * victim choice (greedy from valid-count buckets, or FIFO), paced collection
 * beside host writes, folding the SLC cache, and idle-time work.  The
 * mapping and the host commands are in ftl.c; what both use is in
 * ftl_ops.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "sim/ftl_ops.h"

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

/* Slots gathered at a time: whole chunks of a page, at least one. */
#define GATHER_SLOTS 256u

/* Pages are counted in chunks of spp slots from the step's first slot on. */
struct page_chunks {
	uint32_t from, spp, end;  /* end: first slot past the chunk last read */
	struct fastdiv div;
};

/* Read the page (chunk) holding slot off of the line at base; when its data is at the controller. */
static uint64_t copy_read(struct sim_drive *d, struct page_chunks *pc, uint32_t base, uint32_t off, int mode,
			  uint64_t at_ns)
{
	pc->end = pc->from + (fastdiv(pc->div, off - pc->from) + 1) * pc->spp;
	d->ctr.nand_page_reads++;
	return nand_copy_read(&d->nt, slot_die(d, base + off), mode, at_ns);
}

/*
 * Place the n live units of a window at the native frontier, a run at a
 * time up to the next program unit or line boundary.  Before a run is
 * placed, the pages its units come from that were not read yet are read:
 * reads and programs reach the NAND model in the order of unit-by-unit
 * copying (read a page, place its units, flushing each program unit as it
 * fills).  A copy read is ready at the same time for every page of a step,
 * so the unit's data-ready time is that.  -ENOSPC if the pool ran dry.
 */
static int place_copies(struct sim_drive *d, uint32_t base, const uint32_t *lbas, const uint32_t *offs,
			const uint32_t *tags, uint32_t n, int mode, uint64_t at_ns, struct page_chunks *pc)
{
	struct frontier *f = &d->native;
	uint32_t *restrict p2l = d->p2l, *restrict l2p = d->l2p, *restrict tg = d->tags;
	uint32_t i = 0;

	while (i < n) {
		uint64_t ready = 0;

		/* The page is read before the frontier is looked at, as unit by unit. */
		if (offs[i] >= pc->end)
			ready = copy_read(d, pc, base, offs[i], mode, at_ns);
		if (!native_ready(d))
			return -ENOSPC;
		uint32_t k = d->geo.unit_slots - f->unit_fill, slot = f->line * d->geo.line_slots + f->off;

		/* k >= 1: an open frontier line always has room. */
		if (k > f->cap - f->off)
			k = f->cap - f->off;
		if (k > n - i)
			k = n - i;
		/* Reads touch only the dies, stores only the tables: reads first, then the stores. */
		for (uint32_t r = i + 1; r < i + k; r++)
			if (offs[r] >= pc->end)
				ready = copy_read(d, pc, base, offs[r], mode, at_ns);
		for (uint32_t r = 0; r < k; r++) {
			p2l[slot + r] = lbas[i + r];
			l2p[lbas[i + r]] = l2p_enc(slot + r);
		}
		if (tg)
			for (uint32_t r = 0; r < k; r++)
				tg[slot + r] = tags[i + r];
		i += k;
		d->lines[f->line].valid += k;
		if (f->mode == MODE_SLC)
			d->ctr.media_slc_bytes += (uint64_t)k * SIM_UNIT_BYTES;
		else
			d->ctr.media_native_bytes += (uint64_t)k * SIM_UNIT_BYTES;
		/* A run that read no page carries data read for the previous one, ready as early. */
		if (!ready)
			ready = at_ns + d->nt.t_read_ns[mode] + d->nt.page_xfer_ns;
		if (ready > f->unit_ready_ns)
			f->unit_ready_ns = ready;
		f->off += k;
		f->unit_fill += k;
		if (f->unit_fill == d->geo.unit_slots || f->off == f->cap)
			flush_unit(d, f);
		if (f->off == f->cap)
			close_line(d, f);
	}
	return 0;
}

/*
 * Move the valid data of slots [from, to) of line id to the native frontier,
 * reading each page that holds valid data once.  Returns units moved, or
 * -ENOSPC if the native pool ran dry (only on a drive with no spare).
 *
 * The live units of a window of slots are gathered first and then placed:
 * placing changes only the L2P entries of live units, to slots outside
 * this line, so no later liveness test sees a difference.  Pages are
 * counted in chunks of spp slots from `from` on, as they always were.
 */
static inline __attribute__((always_inline)) int64_t
relocate_as(struct sim_drive *d, uint32_t id, uint32_t from, uint32_t to, uint64_t at_ns, uint64_t *counter,
	    const bool by_heat)
{
	const uint32_t spp = d->geo.slots_per_page;
	const uint32_t base = id * d->geo.line_slots;
	const uint32_t *p2l = d->p2l;
	const uint32_t *l2p = d->l2p;
	const int mode = d->lines[id].mode;
	/* Look ahead past this step: paced GC moves a few slots at a time. */
	const uint32_t cap = mode == MODE_SLC ? d->geo.slc_line_slots : d->geo.line_slots;
	const uint32_t window = GATHER_SLOTS / spp * spp;
	struct page_chunks pc = { .from = from, .spp = spp, .end = from, .div = fastdiv_make(spp) };
	uint32_t lbas[GATHER_SLOTS], offs[GATHER_SLOTS], tags[GATHER_SLOTS];
	int64_t moved = 0;

	flush_pending(d);
	for (uint32_t w = from; w < to; w += window) {
		uint32_t wend = to - w > window ? w + window : to, n = 0;
		uint32_t pf_end = cap > RELOCATE_AHEAD ? cap - RELOCATE_AHEAD : 0;

		if (pf_end > wend)
			pf_end = wend;
		/*
		 * The L2P entries that say which slots live are scattered: fetch
		 * them early, far enough ahead to cover a memory latency.  A
		 * P2L entry always names a unit below max_units (it is written
		 * only with one, and starts at 0: the L2P has an entry for it).
		 * Each slot is written to the list; the count moves when live.
		 */
		uint32_t o = w;

		for (; o < pf_end; o++) {
			uint32_t lba = p2l[base + o];

			__builtin_prefetch(&l2p[p2l[base + o + RELOCATE_AHEAD]], 1, 3);
			lbas[n] = lba;
			offs[n] = o;
			n += l2p[lba] == l2p_enc(base + o);
		}
		for (; o < wend; o++) {
			uint32_t lba = p2l[base + o];

			lbas[n] = lba;
			offs[n] = o;
			n += l2p[lba] == l2p_enc(base + o);
		}
		if (d->tags)
			for (uint32_t i = 0; i < n; i++)
				tags[i] = d->tags[base + offs[i]];
		/* Copies out of native lines go by temperature with hot_cold; the rest to the host's frontier. */
		if (__builtin_expect(by_heat, 0)) {
			uint64_t ready = 0;

			for (uint32_t i = 0; i < n; i++) {
				if (offs[i] >= pc.end)
					ready = copy_read(d, &pc, base, offs[i], mode, at_ns);
				if (copy_by_heat(d, lbas[i], ready, d->tags ? tags[i] : 0))
					return -ENOSPC;
			}
		} else if (place_copies(d, base, lbas, offs, tags, n, mode, at_ns, &pc)) {
			return -ENOSPC;
		}
		moved += n;
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

/*
 * FIFO: the oldest closed line with something to reclaim.  A line still
 * wholly valid (cold data under skewed traffic) frees nothing, and with the
 * one spare line GC keeps it could not even be moved; taking it stopped GC
 * until the drive ran out of space.  It goes to the back of the queue, as
 * if just written, and keeps its data where it is.
 */
static uint32_t fifo_victim(struct sim_drive *d)
{
	for (uint32_t n = d->closed_fifo.count; n; n--) {
		uint32_t id = d->closed_fifo.head;

		if (d->lines[id].valid < d->geo.line_slots)
			return id;
		list_remove(d, &d->closed_fifo, id);
		list_push_tail(d, &d->closed_fifo, id);
	}
	return d->closed_fifo.head;
}

static uint32_t native_victim(struct sim_drive *d)
{
	if (d->cfg.gc == SIM_GC_FIFO)
		return fifo_victim(d);
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
int gc_pace_host(struct sim_drive *d, uint64_t at_ns)
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
void fold_static(struct sim_drive *d, uint32_t max_units, uint64_t at_ns)
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

/*
 * Idle-time work from from_ns until until_ns: fold the SLC cache back to
 * native cells, then collect garbage up to a comfortable free pool.  Work is
 * issued while the dies would start it before until_ns; the last step may run
 * past it, as a real drive finishes the block it started.
 */
void background_work(struct sim_drive *d, uint64_t from_ns, uint64_t until_ns)
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
