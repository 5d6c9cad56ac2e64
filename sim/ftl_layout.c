/* SPDX-License-Identifier: MIT */
/*
 * The simulated drive's layout and the questions asked of its state: the
 * geometry derived from a configuration, memory, SLC room, data tags, and
 * the full consistency check the tests run.  The FTL proper is in ftl.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"

/* ---- geometry ------------------------------------------------------------ */

int sim_derive_geometry(const struct sim_config *cfg, struct sim_geometry *g, char *err,
			   size_t errlen)
{
	uint64_t raw_units, static_units = 0, ppb;
	uint32_t row_slots;

	memset(g, 0, sizeof(*g));
	g->dies_total = cfg->channels * cfg->dies;
	g->slots_per_page = cfg->page / SIM_UNIT_BYTES;
	g->unit_slots = g->slots_per_page * cfg->planes;
	g->bits_per_cell = (unsigned)cfg->cell;
	g->max_user_units = g->user_units = cfg->capacity / SIM_UNIT_BYTES;
	raw_units = (uint64_t)ceil((double)g->user_units * (1.0 + cfg->factory_op / 100.0));
	row_slots = g->dies_total * g->unit_slots;

	if (cfg->pages_per_block) {
		ppb = cfg->pages_per_block;
	} else {
		/* Largest block that still leaves min_lines GC units; real blocks cap at 1536 pages. */
		ppb = raw_units / ((uint64_t)cfg->min_lines * row_slots);
		if (ppb > 1536)
			ppb = 1536;
		if (ppb < 1)
			ppb = 1;
	}
	g->pages_per_block = (unsigned)ppb;
	if (ppb * row_slots > UINT32_MAX / 2) {
		snprintf(err, errlen, "pages_per_block: %llu pages make a line too large; use fewer",
			 (unsigned long long)ppb);
		return -EINVAL;
	}
	g->line_slots = (uint32_t)(ppb * row_slots);
	/* An SLC-mode line holds 1/bits of the data, in whole program units. */
	g->slc_line_slots = (uint32_t)(ppb * g->dies_total / g->bits_per_cell) * g->unit_slots;
	if (cfg->slc_cache != SIM_CACHE_NONE && g->slc_line_slots == 0) {
		snprintf(err, errlen, "pages_per_block: %u is too small for an SLC cache on %s cells",
			 g->pages_per_block, cfg->cell == SIM_CELL_QLC ? "qlc" : "multi-level");
		return -EINVAL;
	}
	g->lines = (uint32_t)((raw_units + g->line_slots - 1) / g->line_slots);
	/*
	 * Collection starts when the host frontier takes the last free line;
	 * with hot_cold one line more, for the second (cold) frontier.
	 */
	g->gc_threshold = 1 + 2 * cfg->hot_cold;

	if (cfg->slc_cache != SIM_CACHE_NONE) {
		static_units = cfg->slc_static_bytes / SIM_UNIT_BYTES;
		if (!static_units && cfg->slc_static_pct > 0)
			static_units = (uint64_t)((double)g->user_units * cfg->slc_static_pct / 100.0);
		if (cfg->slc_cache == SIM_CACHE_STATIC && !static_units) {
			snprintf(err, errlen, "slc_cache: a static cache needs a size; use static:SIZE");
			return -EINVAL;
		}
		g->static_slc_lines = (uint32_t)((static_units + g->slc_line_slots - 1) / g->slc_line_slots);
	}
	if ((uint64_t)g->lines + g->static_slc_lines > UINT32_MAX / g->line_slots) {
		snprintf(err, errlen, "capacity: too many mapping units for this geometry");
		return -EINVAL;
	}
	/* GC needs spare lines to make progress: the threshold, the open line, and one to gain. */
	if ((uint64_t)g->lines * g->line_slots < g->user_units + (uint64_t)(g->gc_threshold + 3) * g->line_slots) {
		/* The spare is factory_op of the capacity, counted in whole lines: fewer, larger lines hold less of it. */
		snprintf(err, errlen,
			 "factory_op: %.2f%% leaves %.1f spare lines of the %u GC needs (%u lines of %u pages per block); "
			 "raise factory_op, or make lines smaller (%s)",
			 cfg->factory_op, ((double)g->lines * g->line_slots - (double)g->user_units) / g->line_slots,
			 g->gc_threshold + 3, g->lines, g->pages_per_block,
			 ppb > 1 ? "raise min_lines or lower pages_per_block" : "fewer channels, dies or planes");
		return -EINVAL;
	}
	g->raw_bytes = ((uint64_t)g->lines + g->static_slc_lines) * g->line_slots * SIM_UNIT_BYTES;
	return 0;
}

const struct sim_geometry *sim_drive_geometry(const struct sim_drive *d)
{
	return &d->geo;
}

const struct sim_config *sim_drive_config(const struct sim_drive *d)
{
	return &d->cfg;
}

void sim_drive_counters(const struct sim_drive *d, struct sim_counters *c)
{
	*c = d->ctr;
}

/*
 * What a drive of cfg and g holds once every table is touched: the L2P and
 * P2L (tags and heat with their keys), the line records and greedy buckets,
 * and the write buffer's release ring (sized as nand_timing_init does).
 */
static uint64_t memory_bytes(const struct sim_config *cfg, const struct sim_geometry *g)
{
	uint64_t lines = (uint64_t)g->lines + g->static_slc_lines;
	uint64_t slots = lines * g->line_slots;
	uint64_t staging = 2ull * g->dies_total * g->unit_slots + 2ull * g->unit_slots;
	uint64_t ring = max_u64(cfg->buffer / SIM_UNIT_BYTES, staging) + 1;

	return g->max_user_units * 4 + slots * 4 + (cfg->track_data ? slots * 4 : 0) +
	       (cfg->hot_cold ? g->max_user_units * 4 : 0) + lines * sizeof(struct sim_line) +
	       ((uint64_t)g->line_slots + 1) * 4 + ring * sizeof(struct buffer_release);
}

uint64_t sim_drive_memory_bytes(const struct sim_drive *d)
{
	return memory_bytes(&d->cfg, &d->geo);
}

int sim_config_memory_bytes(const struct sim_config *cfg, uint64_t *bytes, char *err, size_t errlen)
{
	struct sim_geometry g;
	int ret = sim_derive_geometry(cfg, &g, err, errlen);

	if (ret)
		return ret;
	*bytes = memory_bytes(cfg, &g);
	return 0;
}

uint32_t sim_drive_read_tag(const struct sim_drive *d, uint64_t unit)
{
	uint32_t slot = l2p_get(d, (uint32_t)unit);

	/* The newest deferred update of the unit, if any, is its mapping. */
	for (uint32_t i = d->npending; i-- > 0;) {
		if (d->pending[i].lba == unit) {
			slot = d->pending[i].slot;
			break;
		}
	}
	if (slot == SIM_NONE || !d->tags)
		return UINT32_MAX;
	return d->tags[slot];
}

uint64_t sim_drive_slc_available(const struct sim_drive *d)
{
	uint64_t units = 0;

	if (d->cfg.slc_cache == SIM_CACHE_NONE)
		return 0;
	if (d->slc.line != SIM_NONE)
		units += d->slc.cap - d->slc.off;
	units += (uint64_t)d->free_static.count * d->geo.slc_line_slots;
	if (d->cfg.slc_cache == SIM_CACHE_DYNAMIC && d->free_native.count > d->dyn_reserve)
		units += (uint64_t)(d->free_native.count - d->dyn_reserve) * d->geo.slc_line_slots;
	return units * SIM_UNIT_BYTES;
}

uint64_t sim_drive_slc_capacity(const struct sim_drive *d)
{
	uint64_t units = (uint64_t)d->geo.static_slc_lines * d->geo.slc_line_slots;

	if (d->cfg.slc_cache == SIM_CACHE_NONE)
		return 0;
	if (d->cfg.slc_cache == SIM_CACHE_DYNAMIC && d->geo.lines > d->dyn_reserve)
		units += (uint64_t)(d->geo.lines - d->dyn_reserve) * d->geo.slc_line_slots;
	return units * SIM_UNIT_BYTES;
}

/* ---- consistency check (tests) ------------------------------------------- */

int sim_drive_check(const struct sim_drive *d, char *err, size_t errlen)
{
	uint64_t slots = (uint64_t)d->total_lines * d->geo.line_slots;
	uint32_t *valid = calloc(d->total_lines, sizeof(uint32_t));
	uint64_t mapped = 0, listed = 0;
	int ret = -EIO;

	if (!valid)
		return -ENOMEM;
	/* Applying the deferred updates changes no result, only when work is done. */
	flush_pending((struct sim_drive *)d);
	for (uint64_t lba = 0; lba < d->geo.max_user_units; lba++) {
		uint32_t slot = l2p_get(d, (uint32_t)lba);

		if (slot == SIM_NONE)
			continue;
		if (lba >= d->geo.user_units) {
			snprintf(err, errlen, "unit %llu beyond the user capacity is mapped", (unsigned long long)lba);
			goto out;
		}
		if (slot >= slots || d->p2l[slot] != lba) {
			snprintf(err, errlen, "unit %llu maps to slot %u which maps back to %u",
				 (unsigned long long)lba, slot, slot < slots ? d->p2l[slot] : SIM_NONE);
			goto out;
		}
		mapped++;
	}
	for (uint64_t slot = 0; slot < slots; slot++) {
		uint32_t lba = d->p2l[slot];

		/* Live exactly when the L2P points back (see the top of this file). */
		if (lba >= d->geo.max_user_units || l2p_get(d, lba) != slot)
			continue;
		valid[slot / d->geo.line_slots]++;
		listed++;
	}
	for (uint32_t i = 0; i < d->total_lines; i++) {
		if (valid[i] != d->lines[i].valid) {
			snprintf(err, errlen, "line %u counts %u valid units but holds %u", i,
				 d->lines[i].valid, valid[i]);
			goto out;
		}
		if (d->lines[i].state == LINE_FREE && valid[i]) {
			snprintf(err, errlen, "free line %u holds data", i);
			goto out;
		}
	}
	if (mapped != listed) {
		snprintf(err, errlen, "%llu units mapped but %llu slots valid", (unsigned long long)mapped,
			 (unsigned long long)listed);
		goto out;
	}
	ret = 0;
out:
	free(valid);
	return ret;
}
