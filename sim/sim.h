/* SPDX-License-Identifier: MIT */
/*
 * The simulated SSD: a page-mapped FTL with greedy garbage collection, an SLC
 * cache and NAND timing, running in virtual time (DESIGN.md section 6).
 *
 * Most callers only need sim_target_open(), which gives a struct target; the
 * rest is for tests and benchmarks that drive the FTL directly.
 */
#ifndef SSDPROF_SIM_H
#define SSDPROF_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "device/target.h"

struct json_object;

enum sim_cell { SIM_CELL_SLC = 1, SIM_CELL_MLC = 2, SIM_CELL_TLC = 3, SIM_CELL_QLC = 4 };
enum sim_cache { SIM_CACHE_NONE, SIM_CACHE_STATIC, SIM_CACHE_DYNAMIC };
enum sim_gc { SIM_GC_GREEDY, SIM_GC_FIFO };

/* Every key of DESIGN.md section 6; names match the key=value spelling. */
struct sim_config {
	char preset[32];
	uint64_t capacity;          /* user bytes */
	double factory_op;          /* percent of capacity added as raw flash */
	unsigned channels;
	unsigned dies;              /* per channel */
	unsigned planes;
	unsigned page;              /* bytes */
	unsigned pages_per_block;   /* 0: derived from capacity (>= min_lines lines) */
	enum sim_cell cell;
	enum sim_cache slc_cache;
	/* Static SLC region (static:, or the floor of dynamic:), host bytes or % of capacity. */
	uint64_t slc_static_bytes;
	double slc_static_pct;
	bool fold_while_writing;    /* fold SLC to native while the host writes */
	double t_read_us, t_read_slc_us;
	double t_prog_us, t_prog_slc_us;
	double t_erase_us;
	double channel_mbps;
	uint64_t buffer;            /* write buffer bytes; 0 = controller SRAM only */
	double interface_mbps;      /* 0 = uncapped */
	double max_iops;            /* 0 = uncapped */
	double max_write_iops;      /* write commands (FTL mapping updates); 0 = uncapped */
	double cmd_overhead_us;     /* controller latency per command */
	double jitter_pct;          /* spread of program times, seeded */
	double bg_idle_ms;          /* host silence before background work starts */
	enum sim_gc gc;
	unsigned min_lines;         /* lower bound on GC units when deriving geometry */
	uint64_t seed;
	bool track_data;            /* keep a tag per mapping unit (tests) */
	/*
	 * Logical block the host sees: 512 or 4096 (0 means 4096).  The
	 * mapping unit stays 4 KiB: a transfer that covers part of one is a
	 * read-modify-write of the whole unit, as on a 512e drive.
	 */
	unsigned lba;
	/*
	 * Hot/cold separation: host writes and GC copies go to a hot or a cold
	 * write frontier by the unit's write temperature, learnt from how soon
	 * it is rewritten (4 more bytes per 4 KiB), so cold data gathers in
	 * lines of its own (Desnoyers 2012, section 6).
	 */
	bool hot_cold;
	/* Program/erase cycles the native cells take; 0: the cell type's default (sim_pe_cycles). */
	unsigned pe_cycles;
};

/*
 * P/E cycles of cfg: pe_cycles when set, else the cell type's typical
 * rating (SLC 100000, MLC 10000, TLC 3000, QLC 1000; docs/methods.md "Endurance").
 */
unsigned sim_pe_cycles(const struct sim_config *cfg);

/* NULL-terminated list of preset names. */
extern const char *const sim_preset_names[];

/*
 * Fill cfg from "PRESET[,key=value...]".  Unknown presets or keys, and values
 * out of range, give -EINVAL and a one-line error naming the key.
 */
int sim_config_parse(const char *spec, struct sim_config *cfg, char *err, size_t errlen);

/* A struct target over a new simulated drive, writable. spec as for sim_config_parse. */
int sim_target_open(const char *spec, struct target **out, char *err, size_t errlen);
/*
 * The same with target_open_flags' flags: without TARGET_OPEN_WRITE (or
 * with TARGET_OPEN_READONLY) the target lacks the writing capabilities
 * (TARGET_CAPS_WRITING; target_drive_caps names them all) and refuses a
 * write, TRIM, purge or namespace resize with -EBADF, as a file opened
 * read-only does.
 */
int sim_target_open_flags(const char *spec, unsigned flags, struct target **out, char *err, size_t errlen);

/*
 * The most memory a drive of cfg takes, every table touched (its tables
 * start untouched and grow as the host writes), without building it.
 * -EINVAL and a one-line reason when cfg makes no drive.
 */
int sim_config_memory_bytes(const struct sim_config *cfg, uint64_t *bytes, char *err, size_t errlen);
/* The same for sim_target_open(spec), its command queue included. */
int sim_target_memory_bytes(const char *spec, uint64_t *bytes, char *err, size_t errlen);

/*
 * Analytic WA of uniform random single-unit writes (DESIGN.md 6): FIFO (or
 * very large lines), and greedy with units_per_gc_unit mapping units per line.
 * op_fraction is (raw - user) / user.
 */
double sim_waf_fifo(double op_fraction);
double sim_waf_greedy(double op_fraction, double units_per_gc_unit);
/*
 * What the analytic WA of the drive cfg describes needs of its geometry: the
 * native pool GC keeps data in (factory OP included, a static SLC cache not,
 * nor the free lines foreground GC holds back), the mapping units in a GC
 * line, and the GC policy, so a report draws the model the FTL runs and a
 * constructed start writes the flash the data fills.  0, or -EINVAL when
 * cfg makes no drive.
 */
struct sim_wa_model {
	double native_bytes;
	double line_units;
	enum sim_gc gc;
};
int sim_wa_model(const struct sim_config *cfg, struct sim_wa_model *m);
/* Its WA with usable_bytes of user space: greedy with line_units, or FIFO; NAN when nothing is spare. */
double sim_wa_model_waf(const struct sim_wa_model *m, double usable_bytes);
/* "greedy" or "FIFO": the name of the model for m's policy. */
const char *sim_wa_model_name(const struct sim_wa_model *m);
/*
 * FIFO WA of skewed random single-unit writes: region i holds a share
 * blocks[i] of the user capacity and takes a share writes[i] of the writes
 * (Desnoyers 2012's hot/cold model, n regions).
 */
double sim_waf_fifo_regions(double op_fraction, const double *blocks, const double *writes, size_t n);
/*
 * Greedy WA with each region in a pool of its own (Desnoyers 2012's
 * separated hot/cold model): pool i holds blocks[i] of the data, takes
 * writes[i] of the writes and a share spare[i] of the spare area, and is
 * collected as uniform traffic.  Spare in proportion to the data (what
 * greedy's global victim choice settles on: every pool's victims equally
 * full) gives the uniform WA; sim_waf_separated_best finds the split of two
 * pools that minimises it, into *hot_spare when not NULL.
 */
double sim_waf_separated(double op_fraction, const double *blocks, const double *writes, const double *spare,
			 size_t n, double units_per_gc_unit);
double sim_waf_separated_best(double op_fraction, const double blocks[2], const double writes[2],
			      double units_per_gc_unit, double *hot_spare);

/* Every key with its value as it would be typed (sim:PRESET,key=value), into obj. */
void sim_config_keys_json(const struct sim_config *cfg, struct json_object *obj);

/* The key reference, one line per key, for `info --help`. */
#define SIM_KEYS_HELP \
	"  capacity=SIZE        user capacity, 1G..1T (default 16G)\n" \
	"  factory_op=PCT       raw flash added beyond capacity, % of capacity (alias op)\n" \
	"  channels=N dies=N    flash channels, dies per channel\n" \
	"  planes=N page=SIZE   planes per die, NAND page bytes (4k..64k)\n" \
	"  pages_per_block=N    block size in pages (default: derived so there are >= min_lines GC lines)\n" \
	"  min_lines=N          fewest GC units (lines) when deriving pages_per_block (default 1024)\n" \
	"  cell=slc|mlc|tlc|qlc native cell mode\n" \
	"  pe_cycles=N          program/erase cycles of the native cells, the rated endurance\n" \
	"                       (default by cell: slc 100000, mlc 10000, tlc 3000, qlc 1000)\n" \
	"  slc_cache=POLICY     none, static:SIZE|PCT%, dynamic, dynamic:SIZE (dynamic with a static floor)\n" \
	"  fold_while_writing=0|1  fold SLC data to native while the host writes\n" \
	"  t_read_us t_read_slc_us t_prog_us t_prog_slc_us t_erase_us   NAND timings per die\n" \
	"  channel_mbps=N       channel transfer rate\n" \
	"  buffer=SIZE          DRAM write buffer (0: controller SRAM only, DRAM-less)\n" \
	"  interface_mbps=N     host link cap (0: none)\n" \
	"  max_iops=N           controller command cap (0: none)\n" \
	"  max_write_iops=N     controller cap on write commands, its FTL update rate (0: none)\n" \
	"  cmd_overhead_us=N    controller latency per command\n" \
	"  jitter=PCT           spread of program times (seeded)\n" \
	"  bg_idle_ms=N         host silence before background GC and folding start (default 10)\n" \
	"  gc=greedy|fifo       victim selection\n" \
	"  hot_cold=0|1         separate hot and cold data: host writes and GC copies go to a\n" \
	"                       hot or a cold frontier by how soon each 4 KiB is rewritten\n" \
	"                       (default 0; 4 more bytes per 4 KiB)\n" \
	"  seed=N               random seed; same seed and settings, same results\n" \
	"  track_data=0|1       keep a data tag per 4 KiB (tests; 4 more bytes per 4 KiB)\n" \
	"  lba=512|4096         logical block (default 4096); 512: sub-4k transfers are\n" \
	"                       read-modify-writes of the 4 KiB mapping unit (512e)\n"


#endif
