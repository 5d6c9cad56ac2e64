/* SPDX-License-Identifier: MIT */
/*
 * The analytic write amplification of greedy GC under uniform random
 * single-unit writes (Desnoyers): A_FIFO(a) = a / (a + W0(-a e^-a)) with
 * a = 1 + OP, and greedy with Np units per GC unit A_FIFO(k a) / k,
 * k = 1 + 1 / (2 Np).  The simulator is checked against it and info shows it.
 */
#include <math.h>

#include "sim/sim.h"
#include "sim/sim_internal.h"
#include "util/wa_analytic.h"

double sim_waf_fifo(double op_fraction)
{
	return wa_fifo(op_fraction);
}

double sim_waf_greedy(double op_fraction, double units_per_gc_unit)
{
	return wa_greedy(op_fraction, units_per_gc_unit);
}

int sim_wa_model(const struct sim_config *cfg, struct sim_wa_model *m)
{
	struct sim_geometry g;
	char err[256];
	int ret = sim_derive_geometry(cfg, &g, err, sizeof(err));

	if (ret)
		return ret;
	/*
	 * Less the free lines GC keeps (gc_threshold): they never hold data
	 * at equilibrium.  Over the whole pool the model's WA was 1.4% under
	 * the simulator's at 0% OP (16 GiB TLC and QLC presets: 7.72 against
	 * 7.83; 4.24 against 4.27 on dc-tlc), and a construction of the
	 * whole pool left GC a line short, so its rounds started 0.5% low
	 * and drifted; without those lines both agree within 0.2%.
	 */
	m->native_bytes = (double)(g.lines - g.gc_threshold) * g.line_slots * SIM_UNIT_BYTES;
	m->line_units = g.line_slots;
	m->gc = cfg->gc;
	return 0;
}

double sim_wa_model_waf(const struct sim_wa_model *m, double usable_bytes)
{
	return wa_model_waf(m->native_bytes, m->line_units, m->gc == SIM_GC_FIFO, usable_bytes);
}

const char *sim_wa_model_name(const struct sim_wa_model *m)
{
	return m->gc == SIM_GC_FIFO ? "FIFO" : "greedy";
}

/*
 * Skewed traffic under FIFO cleaning (Desnoyers 2012, section 5, the
 * hot/cold model generalised to n regions): a page of region i (a share
 * blocks[i] of the data, writes[i] of the writes) survives the trip through
 * a log of a user capacities, which takes a / A host writes per user page,
 * with probability exp(-writes[i] a / (blocks[i] A)); each host write of
 * region i so enters the log 1 / (1 - that) times, and these sum to A:
 * A = sum_i writes[i] / (1 - exp(-writes[i] a / (blocks[i] A))).  With one
 * region it is the uniform closed form.  Solved by bisection.
 */
double sim_waf_fifo_regions(double op_fraction, const double *blocks, const double *writes, size_t n)
{
	double a = 1.0 + op_fraction, lo = 1.0, hi = 1e4;

	for (int it = 0; it < 200; it++) {
		double mid = 0.5 * (lo + hi), sum = 0;

		for (size_t i = 0; i < n; i++)
			if (writes[i] > 0)
				sum += writes[i] / -expm1(-writes[i] * a / (blocks[i] * mid));
		if (sum > mid)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

double sim_waf_separated(double op_fraction, const double *blocks, const double *writes, const double *spare,
			 size_t n, double units_per_gc_unit)
{
	double wa = 0;

	for (size_t i = 0; i < n; i++)
		if (writes[i] > 0)
			wa += writes[i] * sim_waf_greedy(op_fraction * spare[i] / blocks[i], units_per_gc_unit);
	return wa;
}

/* WA against the hot pool's share of the spare is convex: golden-section search. */
double sim_waf_separated_best(double op_fraction, const double blocks[2], const double writes[2],
			      double units_per_gc_unit, double *hot_spare)
{
	const double g = (sqrt(5.0) - 1) / 2;
	double lo = 1e-6, hi = 1 - 1e-6;

	for (int it = 0; it < 100; it++) {
		double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
		double sa[2] = { a, 1 - a }, sb[2] = { b, 1 - b };

		if (sim_waf_separated(op_fraction, blocks, writes, sa, 2, units_per_gc_unit) <
		    sim_waf_separated(op_fraction, blocks, writes, sb, 2, units_per_gc_unit))
			hi = b;
		else
			lo = a;
	}
	double s[2] = { (lo + hi) / 2, 1 - (lo + hi) / 2 };

	if (hot_spare)
		*hot_spare = s[0];
	return sim_waf_separated(op_fraction, blocks, writes, s, 2, units_per_gc_unit);
}
