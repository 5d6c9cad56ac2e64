/* SPDX-License-Identifier: MIT */
/*
 * The flash translation layer of the simulated drive: page mapping at 4 KiB,
 * lines (one block from every plane of every die) as the unit of garbage
 * collection, and an SLC cache that is static, dynamic, or both.  This file
 * holds the tables, the lines' life and the host commands; reclaiming space
 * (victim choice, the GC copy loop, folding, idle work) is in gc.c.
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

#include "sim/ftl_ops.h"

/* ---- create / reset ------------------------------------------------------ */

/*
 * The mapping tables are tens of MiB per 16 GiB simulated (GiB at 1 TiB)
 * and read at random: on 4 KiB pages nearly every access also misses the
 * TLB.  Back them with huge pages where the kernel offers them (madvise
 * mode), and get them zeroed and untouched from mmap: every table's empty
 * state is 0 (the L2P's too, see l2p_get), so a page costs memory only once
 * something is written in it, and describing a drive costs none.
 */
static void *table_alloc(uint64_t bytes)
{
	void *p;

	if (!bytes)
		bytes = 1;
	/* No reserve: what may be spent is checked up front (open/open_memory.h), not by mmap. */
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

/* Back to all zeroes, giving the pages back (they read as 0 when next touched). */
static void table_zero(void *p, uint64_t bytes)
{
	if (!p || !bytes)
		return;
	if (madvise(p, bytes, MADV_DONTNEED))
		memset(p, 0, bytes);
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
		l2p_set(d, lba, d->pending[i].slot);
	}
	d->npending = 0;
}

void close_line(struct sim_drive *d, struct frontier *f)
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

void open_line(struct sim_drive *d, struct frontier *f, uint32_t id, int mode)
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

void release_line(struct sim_drive *d, uint32_t id, uint64_t at_ns)
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
		uint32_t slot = l2p_get(d, (uint32_t)(unit + i));

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
	table_zero(d->l2p, d->geo.max_user_units * sizeof(uint32_t));
	table_zero(d->heat, d->geo.max_user_units * sizeof(uint32_t));
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
