/* SPDX-License-Identifier: MIT */
/*
 * The simulated drive below the target interface: the FTL and the NAND timing
 * model, driven one command at a time at a virtual time.  sim_target.c wraps
 * it in a struct target; tests and benchmarks use it directly.
 */
#ifndef SSDPROF_SIM_DRIVE_H
#define SSDPROF_SIM_DRIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim.h"

#define SIM_UNIT_BYTES 4096u   /* mapping unit and logical block size */
#define SIM_NOMINAL_PAGES_PER_BLOCK 768u   /* a real 3D TLC block, for erase cost */

struct sim_drive;

/* What the geometry derivation settled on; all counts are per drive. */
struct sim_geometry {
	unsigned dies_total;          /* channels x dies */
	unsigned slots_per_page;      /* mapping units per NAND page */
	unsigned unit_slots;          /* mapping units per multi-plane program */
	unsigned pages_per_block;
	unsigned bits_per_cell;
	uint32_t line_slots;          /* mapping units in a line in native mode */
	uint32_t slc_line_slots;      /* ... in SLC mode */
	uint32_t lines;               /* native pool, including factory OP */
	uint32_t static_slc_lines;    /* extra lines reserved as static SLC cache */
	uint64_t user_units;          /* current user capacity in mapping units */
	uint64_t max_user_units;      /* capacity before any resize */
	uint64_t raw_bytes;           /* native pool + static SLC, as native bytes */
	uint32_t gc_threshold;        /* foreground GC below this many free lines */
};

struct sim_counters {
	uint64_t host_write_bytes;
	uint64_t host_read_bytes;
	uint64_t host_unmapped_read_bytes;  /* reads of units with no mapping: no flash read */
	uint64_t host_trim_bytes;
	uint64_t media_native_bytes;  /* programmed in the native cell mode */
	uint64_t media_slc_bytes;     /* programmed in SLC mode */
	uint64_t gc_copy_bytes;       /* moved by garbage collection */
	uint64_t fold_bytes;          /* moved from SLC to native by folding */
	uint64_t nand_page_reads;
	uint64_t erases;              /* line erases */
	uint64_t gc_runs;
};

int sim_drive_new(const struct sim_config *cfg, struct sim_drive **out, char *err, size_t errlen);
void sim_drive_free(struct sim_drive *d);
const struct sim_geometry *sim_drive_geometry(const struct sim_drive *d);
const struct sim_config *sim_drive_config(const struct sim_drive *d);
void sim_drive_counters(const struct sim_drive *d, struct sim_counters *c);

/*
 * Host commands arriving at virtual time now_ns; each returns the virtual time
 * the command completes.  unit is a mapping-unit (4 KiB) index, count units.
 * Callers keep unit + count within the user capacity.  tag is stored per
 * unit when track_data is set (tests read it back).
 */
uint64_t sim_drive_write(struct sim_drive *d, uint64_t unit, uint32_t count, uint64_t now_ns,
			 uint32_t tag);
uint64_t sim_drive_read(struct sim_drive *d, uint64_t unit, uint32_t count, uint64_t now_ns);
uint64_t sim_drive_trim(struct sim_drive *d, uint64_t unit, uint64_t count, uint64_t now_ns);

/*
 * A hint that a command on unit will follow soon: its L2P entry, a likely
 * cache miss, is fetched meanwhile.  Changes nothing else.  Callers that know
 * their next commands (a queue's batch, a benchmark) issue it some ten
 * commands ahead.
 */
void sim_drive_prefetch(const struct sim_drive *d, uint64_t unit);

/* Background work (GC, SLC folding) the drive does while idle until until_ns. */
void sim_drive_idle(struct sim_drive *d, uint64_t now_ns, uint64_t until_ns);

/* Erase everything: mapping reset, lifetime counters kept.  Returns completion time. */
uint64_t sim_drive_purge(struct sim_drive *d, uint64_t now_ns);
/* Namespace-style resize: purge and set the user capacity (<= the original). */
int sim_drive_resize(struct sim_drive *d, uint64_t user_units, uint64_t now_ns, uint64_t *done_ns);

/* Data tag of a unit (track_data only); UINT32_MAX when unmapped. */
uint32_t sim_drive_read_tag(const struct sim_drive *d, uint64_t unit);

/* Full cross-check of the mapping tables; 0 or -EIO with the first problem in err. */
int sim_drive_check(const struct sim_drive *d, char *err, size_t errlen);

/* Bytes of host data the SLC cache can take right now. */
uint64_t sim_drive_slc_available(const struct sim_drive *d);
/* ... and after a purge: its static lines and, dynamic, every native line but the reserve GC keeps. */
uint64_t sim_drive_slc_capacity(const struct sim_drive *d);
/* Memory the drive's tables use, in bytes. */
uint64_t sim_drive_memory_bytes(const struct sim_drive *d);

#endif
