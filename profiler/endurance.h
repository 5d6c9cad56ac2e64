/* SPDX-License-Identifier: MIT */
/*
 * How long a drive lasts at an OP level (DESIGN.md 5, "Endurance"): the
 * drive's rated endurance, the pool's daily host writes and the WA measured
 * at that OP.  Pure arithmetic, no I/O.
 *
 * The rated endurance is counted as bytes the NAND can take at WA 1: the
 * NVMe Endurance Group log states its estimate so, a simulated drive's
 * P/E cycles times its raw flash is so, and a datasheet's TBW or DWPD is
 * taken so too (its rating workload's WA is not published; counting it at
 * WA 1 makes the life a lower bound).  The life at an OP is then
 *
 *   life_years = rated_bytes / (daily_writes_bytes * WA * 365.25)
 *
 * and it grows with OP exactly as WA falls.
 *
 * A RAID group wears its members, not one drive (issue 25): member i
 * receives share_i of the group's host bytes (its data and parity bytes
 * over the group's host bytes, as measured: 1 for each mirror of RAID 1,
 * about 1/(n-1) plus its parity for RAID 5 of n), writes them at its own
 * WA_i and lasts
 *
 *   life_i = rated_i / (daily_writes_bytes * share_i * WA_i * 365.25)
 *
 * The group lasts as long as its first member to wear out.
 */
#ifndef SSDPROF_ENDURANCE_H
#define SSDPROF_ENDURANCE_H

#include <stddef.h>
#include <stdint.h>

#define ENDURANCE_DAYS_PER_YEAR 365.25
#define ENDURANCE_TB 1e12

struct endurance_figures {
	double life_years;                /* NAN: not known (no rating, no daily writes or no WA) */
	double nand_bytes_per_host_byte;  /* the WA measured at the point; NAN: not measured */
	double rated_tbw;                 /* TB (10^12 bytes) at WA 1; NAN: not known */
	double daily_writes_bytes;        /* NAN: not given */
};

/* Rated TB from a datasheet's DWPD over warranty_years of a drive of capacity_bytes. */
double endurance_tbw_from_dwpd(double dwpd, double warranty_years, uint64_t capacity_bytes);
/* Rated TB of raw_bytes of flash that takes pe_cycles program/erase cycles. */
double endurance_tbw_from_pe(uint64_t raw_bytes, unsigned pe_cycles);

/* The figures of one point: any input NAN (or WA <= 0) leaves life_years NAN. */
void endurance_project(double rated_tbw, double daily_writes_bytes, double waf, struct endurance_figures *out);

/*
 * The life of a group of n members (the rule above): life[i] per member
 * (NAN where any of its inputs is not known) and *group_life, the least of
 * them (NAN when any member's is not known: a group is not known to last
 * longer than a member without a figure).  Returns the index of that
 * member, or -1.
 */
int endurance_group(const double *rated_tbw, const double *share, const double *waf, size_t n,
		    double daily_writes_bytes, double *life, double *group_life);

/*
 * The least OP whose life reaches target_years, of n points (any order;
 * life NAN counts as not reaching it): its OP, or NAN when none does.
 */
double endurance_least_op(const double *op_percent, const double *life_years, size_t n, double target_years);

#endif
