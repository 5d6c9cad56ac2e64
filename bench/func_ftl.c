/* SPDX-License-Identifier: MIT */
/*
 * The functional FTL of func_ftl.h.  The same tricks as sim/gc.c where they
 * are about the mapping alone (validity from the L2P, GC scans prefetched
 * ahead and gathered without branches, copies placed a run at a time), so
 * the gap between the two is the simulator's timing and policy.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "func_ftl.h"

#define NONE UINT32_MAX
#define AHEAD 64u
#define GATHER 256u   /* slots gathered at a time by collect */

struct func_ftl {
	uint64_t user_units;
	uint32_t line_slots, lines;
	uint32_t *l2p, *p2l;
	uint32_t *valid;          /* per line */
	uint32_t *prev, *next;    /* bucket links per line */
	uint32_t *bucket;         /* head line per valid count */
	uint32_t min_bucket;
	uint32_t *free_lines, nfree;
	uint32_t open, off;       /* the frontier */
	uint64_t programmed;
};

static void bucket_insert(struct func_ftl *f, uint32_t id)
{
	uint32_t v = f->valid[id];

	f->prev[id] = NONE;
	f->next[id] = f->bucket[v];
	if (f->next[id] != NONE)
		f->prev[f->next[id]] = id;
	f->bucket[v] = id;
	if (v < f->min_bucket)
		f->min_bucket = v;
}

static void bucket_remove(struct func_ftl *f, uint32_t id)
{
	if (f->prev[id] != NONE)
		f->next[f->prev[id]] = f->next[id];
	else
		f->bucket[f->valid[id]] = f->next[id];
	if (f->next[id] != NONE)
		f->prev[f->next[id]] = f->prev[id];
}

struct func_ftl *func_ftl_new(uint64_t user_units, uint32_t line_slots, uint32_t lines)
{
	struct func_ftl *f = calloc(1, sizeof(*f));
	uint64_t slots = (uint64_t)line_slots * lines;

	if (!f || slots < user_units + 3ull * line_slots || slots > UINT32_MAX)
		goto fail;
	f->user_units = user_units;
	f->line_slots = line_slots;
	f->lines = lines;
	f->l2p = malloc(user_units * sizeof(uint32_t));
	f->p2l = calloc(slots, sizeof(uint32_t));
	f->valid = calloc(lines, sizeof(uint32_t));
	f->prev = calloc(lines, sizeof(uint32_t));
	f->next = calloc(lines, sizeof(uint32_t));
	f->bucket = malloc(((size_t)line_slots + 1) * sizeof(uint32_t));
	f->free_lines = malloc(lines * sizeof(uint32_t));
	if (!f->l2p || !f->p2l || !f->valid || !f->prev || !f->next || !f->bucket || !f->free_lines)
		goto fail;
	memset(f->l2p, 0xff, user_units * sizeof(uint32_t));
	memset(f->bucket, 0xff, ((size_t)line_slots + 1) * sizeof(uint32_t));
	f->min_bucket = line_slots + 1;
	for (uint32_t i = 1; i < lines; i++)
		f->free_lines[f->nfree++] = lines - i;
	f->open = 0;
	return f;
fail:
	func_ftl_free(f);
	return NULL;
}

void func_ftl_free(struct func_ftl *f)
{
	if (!f)
		return;
	free(f->l2p);
	free(f->p2l);
	free(f->valid);
	free(f->prev);
	free(f->next);
	free(f->bucket);
	free(f->free_lines);
	free(f);
}

void func_ftl_prefetch(const struct func_ftl *f, uint32_t lba)
{
	__builtin_prefetch(&f->l2p[lba], 1, 0);
}

/* Put n units at the frontier, a run at a time up to the end of its line. */
static void place(struct func_ftl *f, const uint32_t *lbas, uint32_t n)
{
	uint32_t *p2l = f->p2l, *l2p = f->l2p;

	while (n) {
		uint32_t k = f->line_slots - f->off, slot = f->open * f->line_slots + f->off;

		if (k > n)
			k = n;
		for (uint32_t i = 0; i < k; i++) {
			p2l[slot + i] = lbas[i];
			l2p[lbas[i]] = slot + i;
		}
		f->valid[f->open] += k;
		f->programmed += k;
		f->off += k;
		if (f->off == f->line_slots) {
			bucket_insert(f, f->open);
			f->open = f->free_lines[--f->nfree];
			f->off = 0;
		}
		lbas += k;
		n -= k;
	}
}

/*
 * Move the live units of the line with the fewest out, and free it.  A
 * window's live units are gathered without a branch (each slot's unit is
 * written to the list, the count moves when the L2P points back; a P2L
 * entry always names a unit that has an L2P entry), then placed: placing
 * changes only L2P entries of live units, to slots outside this line.
 */
static void collect(struct func_ftl *f)
{
	while (f->bucket[f->min_bucket] == NONE)
		f->min_bucket++;
	uint32_t id = f->bucket[f->min_bucket];
	uint32_t base = id * f->line_slots, slots = f->line_slots;
	uint32_t pf_end = slots > AHEAD ? slots - AHEAD : 0;
	const uint32_t *p2l = f->p2l, *l2p = f->l2p;
	uint32_t lbas[GATHER];

	bucket_remove(f, id);
	for (uint32_t w = 0; w < slots; w += GATHER) {
		uint32_t end = slots - w > GATHER ? w + GATHER : slots, n = 0, o = w;

		for (; o < end && o < pf_end; o++) {
			uint32_t lba = p2l[base + o];

			__builtin_prefetch(&l2p[p2l[base + o + AHEAD]], 1, 0);
			lbas[n] = lba;
			n += l2p[lba] == base + o;
		}
		for (; o < end; o++) {
			uint32_t lba = p2l[base + o];

			lbas[n] = lba;
			n += l2p[lba] == base + o;
		}
		place(f, lbas, n);
	}
	f->valid[id] = 0;
	f->free_lines[f->nfree++] = id;
}

void func_ftl_write(struct func_ftl *f, uint32_t lba)
{
	uint32_t old = f->l2p[lba];

	if (old != NONE) {
		uint32_t id = old / f->line_slots;

		if (id == f->open) {
			f->valid[id]--;
		} else {
			bucket_remove(f, id);
			f->valid[id]--;
			bucket_insert(f, id);
		}
	}
	/* One free line kept back: collection writes into the frontier as it frees. */
	while (f->nfree < 2)
		collect(f);
	place(f, &lba, 1);
}

uint64_t func_ftl_programmed(const struct func_ftl *f)
{
	return f->programmed;
}

uint64_t func_ftl_memory_bytes(const struct func_ftl *f)
{
	return f->user_units * 4 + (uint64_t)f->line_slots * f->lines * 4 + (uint64_t)f->lines * 16 +
	       ((uint64_t)f->line_slots + 1) * 4;
}
