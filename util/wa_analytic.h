/* SPDX-License-Identifier: MIT */
/*
 * The analytic write amplification of uniform random single-unit writes
 * (Desnoyers): A_FIFO(a) = a / (a + W0(-a e^-a)) with a = 1 + OP, and
 * greedy GC with Np units per GC unit A_FIFO(k a) / k, k = 1 + 1 / (2 Np).
 * Pure arithmetic: the simulator is checked against it (sim/analytic.c),
 * and a sweep's page draws it from the figures its document recorded.
 */
#ifndef SSDPROF_WA_ANALYTIC_H
#define SSDPROF_WA_ANALYTIC_H

#include <stdbool.h>

double wa_fifo(double op_fraction);
double wa_greedy(double op_fraction, double units_per_gc_unit);
/*
 * The WA of a drive whose GC works in native_bytes of flash with
 * line_units mapping units per GC unit (FIFO cleaning when fifo, else
 * greedy), with usable_bytes of user space; NAN when nothing is spare.
 */
double wa_model_waf(double native_bytes, double line_units, bool fifo, double usable_bytes);
/* Its inverse: the native bytes where the model's WA at usable_bytes is wa (at most 20x usable). */
double wa_model_native_bytes(double line_units, bool fifo, double usable_bytes, double wa);

#endif
