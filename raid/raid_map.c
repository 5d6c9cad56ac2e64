/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raid/raid_map.h"
#include "device/target.h"

int raid_geom_init(struct raid_geom *g, enum raid_level level, unsigned members, uint64_t chunk_bytes,
		   uint64_t member_bytes, char *err, size_t errlen)
{
	unsigned min = level == RAID_5 ? 3 : level == RAID_6 ? 4 : level == RAID_10 ? 4 : 2;

	if (level != RAID_0 && level != RAID_1 && level != RAID_5 && level != RAID_6 && level != RAID_10) {
		snprintf(err, errlen, "--raid: level %d is not supported; use 0, 1, 5, 6 or 10", (int)level);
		return -EINVAL;
	}
	if (members < min || members > RAID_MAX_MEMBERS) {
		snprintf(err, errlen, "--raid %d needs %u to %u members; %u given", (int)level, min, RAID_MAX_MEMBERS,
			 members);
		return -EINVAL;
	}
	if (level == RAID_10 && members % 2) {
		snprintf(err, errlen, "--raid 10 pairs members into mirrors; give an even number (%u given)", members);
		return -EINVAL;
	}
	if (!chunk_bytes || chunk_bytes % RAID_PAGE || chunk_bytes > (64ull << 20)) {
		snprintf(err, errlen, "--chunk: %llu bytes is not a multiple of 4k up to 64M; use e.g. 64k",
			 (unsigned long long)chunk_bytes);
		return -EINVAL;
	}
	if (member_bytes < chunk_bytes) {
		snprintf(err, errlen, "--chunk: %llu bytes is larger than a member", (unsigned long long)chunk_bytes);
		return -EINVAL;
	}
	g->level = level;
	g->members = members;
	g->chunk_bytes = chunk_bytes;
	g->member_bytes = member_bytes / chunk_bytes * chunk_bytes;
	g->lba_bytes = RAID_PAGE;
	return 0;
}

static unsigned data_members(const struct raid_geom *g)
{
	switch (g->level) {
	case RAID_0:
		return g->members;
	case RAID_1:
		return 1;
	case RAID_10:
		return g->members / 2;
	case RAID_5:
		return g->members - 1;
	default:
		return g->members - 2;
	}
}

uint64_t raid_capacity(const struct raid_geom *g)
{
	return g->member_bytes * data_members(g);
}

/* Member holding data chunk k of stripe s, and the stripe's parity members (left-symmetric). */
static unsigned parity_disk(const struct raid_geom *g, uint64_t stripe)
{
	return g->members - 1 - (unsigned)(stripe % g->members);
}

static unsigned data_disk(const struct raid_geom *g, uint64_t stripe, unsigned k)
{
	unsigned npar = g->level == RAID_6 ? 2 : 1;

	return (parity_disk(g, stripe) + npar + k) % g->members;
}

struct builder {
	struct raid_io *out;
	size_t n, max;
	bool overflow;
};

/* Add one I/O of len bytes, merging into an earlier I/O of the same member, direction and phase that it extends. */
static void add_piece(struct builder *b, unsigned member, uint64_t offset, uint32_t len, int dir, int phase)
{
	for (size_t i = b->n; i-- > 0;) {
		struct raid_io *io = &b->out[i];

		if (io->member == member && io->dir == dir && io->phase == phase &&
		    io->offset + io->len == offset) {
			io->len += len;
			return;
		}
	}
	if (b->n == b->max) {
		b->overflow = true;
		return;
	}
	b->out[b->n++] = (struct raid_io){ member, offset, len, (uint8_t)dir, (uint8_t)phase };
}

static void add_page(struct builder *b, unsigned member, uint64_t offset, int dir, int phase)
{
	add_piece(b, member, offset, RAID_PAGE, dir, phase);
}

/* The bytes from pos to the end of its 4 KiB page or to end, whichever is first. */
static uint32_t piece_len(uint64_t pos, uint64_t end)
{
	uint64_t next = (pos / RAID_PAGE + 1) * RAID_PAGE;

	return (uint32_t)((next < end ? next : end) - pos);
}

/* Stable order: phase-0 reads first, then phase 1, each in the order built. */
static int order_by_phase(struct builder *b)
{
	struct raid_io *tmp = malloc(b->n * sizeof(*tmp));
	size_t k = 0;

	if (!tmp)
		return -ENOMEM;
	for (int phase = 0; phase < 2; phase++)
		for (size_t i = 0; i < b->n; i++)
			if (b->out[i].phase == phase)
				tmp[k++] = b->out[i];
	memcpy(b->out, tmp, b->n * sizeof(*tmp));
	free(tmp);
	return 0;
}

static void map_striped(const struct raid_geom *g, uint64_t offset, uint32_t len, int dir, struct builder *b)
{
	const uint64_t chunk = g->chunk_bytes;
	const unsigned width = data_members(g);

	for (uint64_t pos = offset, l; pos < offset + len; pos += l) {
		uint64_t c = pos / chunk, in = pos % chunk;
		uint64_t row = c / width;
		unsigned col = (unsigned)(c % width);
		uint64_t moff = row * chunk + in;

		l = piece_len(pos, offset + len);
		if (g->level == RAID_0) {
			add_piece(b, col, moff, (uint32_t)l, dir, 1);
		} else if (g->level == RAID_10) {
			/* A read goes to the pair's first member; the group picks the mirror (raid_read_mirror). */
			add_piece(b, 2 * col, moff, (uint32_t)l, dir, 1);
			if (dir != IO_READ)
				add_piece(b, 2 * col + 1, moff, (uint32_t)l, dir, 1);
		} else { /* RAID_1: a read whole to member 0 (the group picks the mirror), a write to all */
			for (unsigned m = 0; m < (dir == IO_READ ? 1 : g->members); m++)
				add_piece(b, m, pos, (uint32_t)l, dir, 1);
		}
	}
}

unsigned raid_mirror_set(const struct raid_geom *g, unsigned member, unsigned *count)
{
	if (g->level == RAID_1) {
		*count = g->members;
		return 0;
	}
	if (g->level == RAID_10) {
		*count = 2;
		return member & ~1u;
	}
	*count = 1;
	return member;
}

unsigned raid_read_mirror(const struct raid_geom *g, unsigned member, uint64_t offset, uint32_t len,
			  struct raid_mirror_state *st)
{
	unsigned n, first = raid_mirror_set(g, member, &n), best = first;

	for (unsigned k = 0; k < n; k++) {
		unsigned m = first + k;

		/* raid1.c: do not change to another mirror for a sequential read (raid10.c has no such rule). */
		if (g->level == RAID_1 && (st[m].next_seq == offset || st[m].head == offset)) {
			best = m;
			break;
		}
		if (st[m].pending < st[best].pending)
			best = m;
	}
	st[best].next_seq = offset + len;
	return best;
}

static void map_parity(const struct raid_geom *g, uint64_t offset, uint32_t len, int dir, struct builder *b)
{
	const uint64_t chunk = g->chunk_bytes, pages = chunk / RAID_PAGE;
	const unsigned width = data_members(g), npar = g->level == RAID_6 ? 2 : 1;
	const uint64_t stripe_bytes = chunk * width;
	uint64_t end = offset + len;

	if (dir == IO_READ) {
		for (uint64_t pos = offset, l; pos < end; pos += l) {
			uint64_t s = pos / stripe_bytes, in = pos % stripe_bytes;
			unsigned k = (unsigned)(in / chunk);

			l = piece_len(pos, end);
			add_piece(b, data_disk(g, s, k), s * chunk + in % chunk, (uint32_t)l, IO_READ, 1);
		}
		return;
	}
	for (uint64_t s = offset / stripe_bytes; s * stripe_bytes < end; s++) {
		uint64_t s0 = s * stripe_bytes;

		for (uint64_t p = 0; p < pages; p++) {
			bool written[RAID_MAX_MEMBERS] = { false }, whole[RAID_MAX_MEMBERS] = { false };
			unsigned nw = 0, nwhole = 0;
			uint64_t moff = s * chunk + p * RAID_PAGE;

			for (unsigned k = 0; k < width; k++) {
				uint64_t pos = s0 + k * chunk + p * RAID_PAGE;

				if (pos + RAID_PAGE > offset && pos < end) {
					written[k] = true;
					nw++;
					/* Partly written (a 512-byte LBA group): md reads the column's old data. */
					whole[k] = pos >= offset && pos + RAID_PAGE <= end;
					nwhole += whole[k];
				}
			}
			if (!nw)
				continue;
			if (nwhole < width) {
				/*
				 * md's handle_stripe_dirtying at its default rmw_level
				 * (PARITY_ENABLE_RMW): read-modify-write only when it reads
				 * fewer pages; on a tie, reconstruct-write, which reads every
				 * column not written whole.
				 */
				unsigned rmw = nw + npar, rcw = width - nwhole;
				bool reconstruct = rcw <= rmw;

				for (unsigned k = 0; k < width; k++)
					if (reconstruct ? !whole[k] : written[k])
						add_page(b, data_disk(g, s, k), moff, IO_READ, 0);
				if (!reconstruct)
					for (unsigned q = 0; q < npar; q++)
						add_page(b, (parity_disk(g, s) + q) % g->members, moff, IO_READ, 0);
			}
			for (unsigned k = 0; k < width; k++)
				if (written[k])
					add_page(b, data_disk(g, s, k), moff, IO_WRITE, 1);
			for (unsigned q = 0; q < npar; q++)
				add_page(b, (parity_disk(g, s) + q) % g->members, moff, IO_WRITE, 1);
		}
	}
}

int raid_map(const struct raid_geom *g, uint64_t offset, uint32_t len, int dir, struct raid_io *out,
	     size_t max)
{
	struct builder b = { .out = out, .max = max };

	uint32_t lba = g->lba_bytes ? g->lba_bytes : RAID_PAGE;

	if (!len || offset % lba || len % lba || offset + len > raid_capacity(g) ||
	    (dir != IO_READ && dir != IO_WRITE))
		return -EINVAL;
	if (g->level == RAID_5 || g->level == RAID_6)
		map_parity(g, offset, len, dir, &b);
	else
		map_striped(g, offset, len, dir, &b);
	if (b.overflow)
		return -ENOSPC;
	if (b.n && order_by_phase(&b))
		return -ENOMEM;
	return (int)b.n;
}
