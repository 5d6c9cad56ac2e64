/* SPDX-License-Identifier: MIT */
/*
 * The limits of the measurement settings, in one place: the command-line
 * parsers refuse what lies outside them, and the result loader
 * (results/result_load.c) refuses a saved document whose settings do, so a
 * resumed sweep runs only what the command line would have accepted.
 */
#ifndef SSDPROF_SETTINGS_LIMITS_H
#define SSDPROF_SETTINGS_LIMITS_H

/* --bs: one byte (the target checks the logical block) to 64 MiB. */
#define LIM_BS_MIN 1u
#define LIM_BS_MAX (64u * 1024 * 1024)
/* --qd of precondition, sweep and slc; run takes deeper queues. */
#define LIM_QD_MIN 1u
#define LIM_QD_MAX 4096u
#define LIM_RUN_QD_MAX 65536u
/* --round: 1 ms to a day; SNIA uses 60 s, and a longer round is a typo that SIGINT should not have to end. */
/*
 * A run's samples, every step's together (--time or --bytes at the run's
 * expected rate, / --interval): each is about 350 bytes of result.json (a
 * million wrote 345 MB, which report refused), so the cap keeps what is
 * written within the loader's 256 MiB (RESULT_LOAD_MAX_BYTES) and its
 * values (RESULT_LOAD_MAX_VALUES, about 15 a sample).
 */
#define LIM_RUN_SAMPLES_MAX 500000ull

#define LIM_ROUND_MIN_NS 1000000ull
#define LIM_ROUND_MAX_NS (24ull * 3600 * 1000000000)
#define LIM_ROUND_MIN_S 0.001
#define LIM_ROUND_MAX_S (24.0 * 3600)
/* --max-rounds */
#define LIM_MAX_ROUNDS_MIN 5u
#define LIM_MAX_ROUNDS_MAX 10000u
/* --fill-passes: 0 skips the fill. */
#define LIM_FILL_PASSES_MIN 0u
#define LIM_FILL_PASSES_MAX 16u
/* --max-writes Nx: times the usable capacity. */
#define LIM_MAX_WRITES_MIN 0.01
#define LIM_MAX_WRITES_MAX 1e6
/* --min-writes Nx: written in rounds before a window counts; 0, the SNIA rule alone. */
#define LIM_MIN_WRITES_MIN 0.0
#define LIM_MIN_WRITES_MAX 100.0
/* --round-writes: a shortened round writes this x the usable span (issue 18). */
#define LIM_ROUND_WRITES_MIN 0.01
#define LIM_ROUND_WRITES_MAX 1.0
/* --op, --op-range: percent of the capacity held back. */
#define LIM_OP_PERCENT_MAX 90.0
/* --resolution of an adaptive sweep. */
#define LIM_RESOLUTION_MIN 0.1
#define LIM_RESOLUTION_MAX 50.0
/* slc --prefill */
#define LIM_PREFILL_PERCENT_MAX 90.0
/* --bs-mix weights */
#define LIM_BS_WEIGHT_MAX 1000000u

/* The endurance options: --rated-tbw TB, --rated-dwpd N, --warranty-years Y, --daily-writes SIZE, --target-life Y. */
#define LIM_RATED_TBW_MAX 1e7
#define LIM_DWPD_MAX 100.0
#define LIM_WARRANTY_YEARS_MAX 30.0
#define LIM_DAILY_WRITES_MAX 1e17
#define LIM_TARGET_LIFE_MAX 100.0

/* --op-method */
#define OP_METHOD_NAMES "auto", "namespace", "hpa", "span"
/* --purge-method ("auto" picks the best the drive has). */
#define PURGE_METHOD_NAMES "auto", "sanitize-block", "sanitize-crypto", "sanitize-overwrite", "format", \
	"format-crypto", "ata-erase", "ata-erase-enhanced", "trim"

#endif
