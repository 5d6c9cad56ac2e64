/* SPDX-License-Identifier: MIT */
/*
 * The IOPS(OP) curve a sweep's measured points predict (issue 28), for the
 * adaptive plan to measure the knee's neighbourhood first instead of a
 * coarse grid.  A drive writing uniform random data programs at a set rate
 * (the flash's), so its steady IOPS x WA is a constant K, up to a command
 * cap.  The model: WA from Desnoyers' greedy GC (util/wa_analytic.h;
 * usable = capacity x (1 - OP)) over the flash, times a scale, that give
 * the least- and the most-OP point's WAs (one point: the flash its WA
 * gives, unscaled); K from the least-OP point; the cap, the most IOPS of
 * the points that ran more than SWEEP_CURVE_CAPPED below K / WA.  A write
 * that also costs time the WA does not scale (a RAID 5 group reads before
 * it writes) gives the other shape, 1 / IOPS = a x WA + b; two points fit
 * both exactly, so the first is taken until a third tells them apart
 * (RAID 5 of sata-tlc: the capped shape put the knee at 10%, the points
 * fall on the other within 2% and its knee is the grid's, 17.5%).  On the simulator's presets the knee it
 * predicts from the bottom and the top of the range lies within one 2.5%
 * step of a grid's.  A pure function of the points: a resumed sweep, which
 * replays them as saved, plans as the first run did.
 */
#ifndef SSDPROF_SWEEP_CURVE_H
#define SSDPROF_SWEEP_CURVE_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/knee.h"

/* A real drive's GC unit is unknown: large, where greedy and FIFO agree (Desnoyers). */
#define SWEEP_ASSUMED_LINE_UNITS 4096.0
/* A point this far below K / WA ran at a cap, not at the flash's rate (round noise is 1-2%). */
#define SWEEP_CURVE_CAPPED 0.03

struct sweep_curve {
	double native_ratio;   /* the flash the model sees per byte of capacity (at 0% OP) */
	double scale;          /* measured WA per model WA (a RAID level's writes per host write) */
	double k;              /* IOPS x WA */
	double cap;            /* IOPS; INFINITY: no point ran below K / WA */
	/* The other shape, 1 / IOPS = a x WA + b, where it fits the points better */
	bool linear;
	double a, b;
};

/*
 * The curve through pts (any order): false when no point has a WA above 1
 * and IOPS (a file, a drive without a media counter).
 */
bool sweep_curve_fit(const struct knee_point *pts, size_t n, struct sweep_curve *c);
/* The model's WA and IOPS at op_percent (NAN: no spare left). */
double sweep_curve_wa(const struct sweep_curve *c, double op_percent);
double sweep_curve_iops(const struct sweep_curve *c, double op_percent);
/*
 * The knee's rule (profiler/knee.h) on the curve: the OP of lo + i x step
 * up to hi (hi itself included) where IOPS x (100 - OP) is highest.
 */
double sweep_curve_knee(const struct sweep_curve *c, double lo, double hi, double step);

#endif
