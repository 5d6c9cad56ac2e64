/* SPDX-License-Identifier: MIT */
/*
 * The functional FTL of func_ftl.h.  The same tricks as sim/ftl.c where they
 * are about the mapping alone (validity from the L2P, GC scans prefetched
 * ahead), so the gap between the two is the simulator's timing and policy.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "func_ftl.h"

#define NONE UINT32_MAX
#define AHEAD 64u

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

static void place(struct func_ftl *f, uint32_t lba)
{
	uint32_t slot = f->open * f->line_slots + f->off;

	f->p2l[slot] = lba;
	f->l2p[lba] = slot;
	f->valid[f->open]++;
	f->programmed++;
	if (++f->off == f->line_slots) {
		bucket_insert(f, f->open);
		f->open = f->free_lines[--f->nfree];
		f->off = 0;
	}
}

/* Move the live units of the line with the fewest out, and free it. */
static void collect(struct func_ftl *f)
{
	while (f->bucket[f->min_bucket] == NONE)
		f->min_bucket++;
	uint32_t id = f->bucket[f->min_bucket];
	uint32_t base = id * f->line_slots;

	bucket_remove(f, id);
	for (uint32_t o = 0; o < f->line_slots; o++) {
		if (o + AHEAD < f->line_slots)
			__builtin_prefetch(&f->l2p[f->p2l[base + o + AHEAD]], 1, 0);
		uint32_t lba = f->p2l[base + o];

		if (lba < f->user_units && f->l2p[lba] == base + o)
			place(f, lba);
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
	place(f, lba);
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
