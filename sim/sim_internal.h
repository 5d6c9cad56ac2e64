/* SPDX-License-Identifier: MIT */
/*
 * Private state of the simulated drive, shared by ftl.c (mapping, GC, SLC
 * cache) and nand.c (timing, declared at the end of this file).  Not
 * installed, not used outside sim/.
 */
#ifndef SSDPROF_SIM_INTERNAL_H
#define SSDPROF_SIM_INTERNAL_H

#include <stdint.h>

#include "sim/drive.h"

#define SIM_NONE UINT32_MAX        /* no line / unmapped LBA / invalid slot */

enum line_state { LINE_FREE, LINE_OPEN, LINE_CLOSED, LINE_FOLDING };
enum line_mode { MODE_NATIVE, MODE_SLC };

/*
 * Division by a divisor fixed at drive creation, by multiplication (Lemire,
 * Kaser, Kurz 2019): exact for every 32-bit dividend.  The hot paths divide
 * slot numbers by the line size on every write and GC copy.
 */
struct fastdiv {
	uint64_t magic;
	uint32_t divisor;
};

static inline struct fastdiv fastdiv_make(uint32_t divisor)
{
	return (struct fastdiv){ .magic = UINT64_MAX / divisor + 1, .divisor = divisor };
}

static inline uint32_t fastdiv(struct fastdiv f, uint32_t x)
{
	return (uint32_t)(((__uint128_t)f.magic * x) >> 64);
}

struct sim_line {
	uint32_t valid;
	uint32_t prev, next;      /* links in whichever list holds the line */
	uint8_t state;            /* enum line_state */
	uint8_t mode;             /* enum line_mode */
	uint8_t static_slc;       /* belongs to the static SLC pool */
};

struct line_list {
	uint32_t head, tail, count;
};

/* An open line being filled, and the multi-plane program unit being assembled. */
struct frontier {
	uint32_t line;
	uint32_t off;             /* next slot in the line */
	uint32_t cap;             /* slots in the line for its mode */
	uint8_t mode;
	uint32_t unit_fill;       /* slots in the assembling unit */
	uint32_t die;             /* die of the assembling unit */
	uint32_t unit_host;       /* host slots in the assembling unit */
	uint64_t unit_ready_ns;   /* when all data of the unit is at the controller */
};

struct buffer_release {
	uint64_t at_ns;
	uint32_t slots;
};

struct nand_timing {
	unsigned channels, dies_total;
	uint64_t *die_free_ns;
	uint64_t *chan_free_ns;
	uint64_t busy_until_ns;   /* max of die_free_ns */
	uint64_t t_read_ns[2], t_prog_ns[2], t_erase_ns;   /* [enum line_mode] */
	uint64_t unit_xfer_ns, page_xfer_ns;
	double jitter;            /* fraction */
	uint64_t rng;

	/* Host admission: controller command cap, interface cap, write buffer. */
	uint64_t ctrl_free_ns, iface_free_ns;
	uint64_t ctrl_step_ns;    /* 0: uncapped */
	uint64_t write_free_ns, write_step_ns;   /* the write-command cap; step 0: uncapped */
	uint64_t erase_line_ns;   /* erase time charged per die for one line */
	double iface_ns_per_byte; /* 0: uncapped */
	uint64_t overhead_ns;
	uint64_t buf_cap, buf_used;          /* slots */
	struct buffer_release *ring;
	uint32_t ring_size, ring_head, ring_count;
	uint64_t last_release_ns;
};

/* Host writes whose L2P update waits for the next batch (ftl.c flush_pending). */
#define SIM_PENDING_MAX 64u

struct pending_map {
	uint32_t lba, slot;
};

struct sim_drive {
	struct sim_config cfg;
	struct sim_geometry geo;
	struct sim_counters ctr;
	struct nand_timing nt;

	uint32_t *l2p;            /* per user unit: slot + 1, 0 unmapped (l2p_get, l2p_set) */
	uint32_t *p2l;            /* per slot: the unit last programmed there; live only if l2p agrees */
	uint32_t *tags;           /* per slot, track_data only */
	struct sim_line *lines;
	uint32_t total_lines;     /* native pool + static SLC lines */

	struct line_list free_native, free_static;
	struct line_list closed_fifo;      /* native closed lines, gc=fifo */
	struct line_list slc_static_closed, slc_dyn_closed;
	uint32_t *bucket_head;    /* native closed lines by valid count, gc=greedy */
	uint32_t min_bucket;      /* no non-empty bucket below this */
	uint32_t closed_native;

	struct frontier native, slc;
	struct frontier gcf;      /* hot_cold: the cold frontier (native is the hot one) */
	uint32_t *heat;           /* hot_cold: per user unit, last host write (in 16s) << 2 | 2-bit count */
	uint64_t host_units;      /* hot_cold: host units written since the last purge */
	uint32_t heat_window;     /* hot_cold: a rewrite sooner than this (in 16s of units) counts hot */
	uint32_t fold_line;       /* static SLC line being folded incrementally */
	uint32_t fold_off;
	uint32_t gc_line;         /* line being collected, paced by host writes */
	uint32_t gc_off, gc_span; /* scan position and end */
	double gc_pace, gc_credit;  /* slots to scan per host unit, and owed */
	uint32_t gc_batch;        /* scan once this many slots are owed */

	struct fastdiv div_line, div_unit, div_dies;
	uint32_t dyn_reserve;     /* free native lines dynamic SLC may not take */
	uint32_t bg_max_valid;    /* idle GC collects lines holding at most this many valid units */
	uint64_t bg_idle_ns;
	uint64_t last_host_ns;
	struct pending_map pending[SIM_PENDING_MAX];
	uint32_t npending;
	int error;                /* sticky -ENOSPC when GC cannot make room */
};

/*
 * The L2P holds each unit's slot plus one, so an unmapped unit (SIM_NONE,
 * wrapping) is 0: the table starts as fresh zero pages of mmap and a page
 * costs memory only once a unit in it is first written (issue 26).  Reads
 * and stores go through these two; a comparison with a slot compares with
 * l2p_enc(slot), whose +1 a loop over slots hoists (a complement it did not:
 * 3% more instructions per write).
 */
static inline uint32_t l2p_enc(uint32_t slot)
{
	return slot + 1;
}

static inline uint32_t l2p_get(const struct sim_drive *d, uint32_t lba)
{
	return d->l2p[lba] - 1;
}

static inline void l2p_set(struct sim_drive *d, uint32_t lba, uint32_t slot)
{
	d->l2p[lba] = slot + 1;
}

/* hot_cold keeps a unit's last host write in ticks of this many host units. */
#define HEAT_TICK 16u

static inline bool heat_hot(const struct sim_drive *d, uint32_t lba)
{
	return (d->heat[lba] & 3) >= 2;
}

/*
 * hot_cold: a host write of lba now; returns its temperature.  A 2-bit
 * count goes up when the unit is rewritten within heat_window and down when
 * not, and hot is its upper half: one long or short interval does not
 * flip a unit's class (Poisson rewrites at 16x the rate, as hotcold:20/80
 * has, are told apart better than 97% of the time).
 */
static inline bool heat_write(struct sim_drive *d, uint32_t lba)
{
	uint32_t h = d->heat[lba], now = (uint32_t)(d->host_units++ / HEAT_TICK) & (UINT32_MAX >> 2);
	uint32_t age = (now - (h >> 2)) & (UINT32_MAX >> 2), c = h & 3;

	if (age < d->heat_window)
		c += c < 3;
	else
		c -= c > 0;
	d->heat[lba] = now << 2 | c;
	return c >= 2;
}

/* ftl_layout.c: the geometry a configuration gives; -EINVAL and a message if none. */
int sim_derive_geometry(const struct sim_config *cfg, struct sim_geometry *g, char *err, size_t errlen);
/* ftl.c: apply the host writes' deferred L2P updates (changes no result). */
void flush_pending(struct sim_drive *d);

int nand_timing_init(struct nand_timing *nt, const struct sim_config *cfg,
		     const struct sim_geometry *geo);
void nand_timing_free(struct nand_timing *nt);
void nand_timing_reset_buffer(struct nand_timing *nt);
void nand_timing_reseed(struct nand_timing *nt, uint64_t seed);

/* The die a slot's program unit lives on: units rotate over all dies. */
static inline unsigned slot_die(const struct sim_drive *d, uint32_t slot)
{
	uint32_t off = slot - fastdiv(d->div_line, slot) * d->geo.line_slots;
	uint32_t unit = fastdiv(d->div_unit, off);

	return unit - fastdiv(d->div_dies, unit) * d->geo.dies_total;
}

static inline uint32_t slot_line(const struct sim_drive *d, uint32_t slot)
{
	return fastdiv(d->div_line, slot);
}

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* Program one unit on die at the earliest after ready_ns; frees host buffer slots when done. */
void nand_program(struct nand_timing *nt, unsigned die, int mode, uint64_t ready_ns,
		  uint32_t host_slots);
/* Read one page from die; returns when its data is at the controller. */
uint64_t nand_read_page(struct nand_timing *nt, unsigned die, int mode, uint64_t at_ns);
/*
 * Read one page for a GC or fold copy.  The read costs the die its time, but
 * the controller schedules copy reads ahead of queued programs, so the data
 * is ready one read after at_ns instead of behind the die's whole queue.
 */
uint64_t nand_copy_read(struct nand_timing *nt, unsigned die, int mode, uint64_t at_ns);
/* Erase one block on every die (a line). */
void nand_erase_line(struct nand_timing *nt, uint64_t at_ns);
/* When a host command arriving at at_ns of bytes clears the controller and the link. */
uint64_t nand_admit_command(struct nand_timing *nt, uint64_t at_ns, uint64_t bytes, bool write);
/* When one host slot arriving at at_ns finds room in the write buffer. */
uint64_t nand_buffer_admit(struct nand_timing *nt, uint64_t at_ns);

#endif
