/* SPDX-License-Identifier: MIT */
/*
 * Life per OP level from the rated endurance and the measured WA
 * (profiler/endurance.h has the model and its assumption).
 */
#include <math.h>

#include "profiler/endurance.h"

double endurance_tbw_from_dwpd(double dwpd, double warranty_years, uint64_t capacity_bytes)
{
	if (!(dwpd > 0) || !(warranty_years > 0) || !capacity_bytes)
		return NAN;
	return dwpd * (double)capacity_bytes * ENDURANCE_DAYS_PER_YEAR * warranty_years / ENDURANCE_TB;
}

double endurance_tbw_from_pe(uint64_t raw_bytes, unsigned pe_cycles)
{
	if (!raw_bytes || !pe_cycles)
		return NAN;
	return (double)raw_bytes * pe_cycles / ENDURANCE_TB;
}

void endurance_project(double rated_tbw, double daily_writes_bytes, double waf, struct endurance_figures *out)
{
	out->rated_tbw = rated_tbw > 0 && isfinite(rated_tbw) ? rated_tbw : NAN;
	out->daily_writes_bytes = daily_writes_bytes > 0 && isfinite(daily_writes_bytes) ? daily_writes_bytes : NAN;
	/* A WA below 1 is a drive that compresses or a counter that lags; it is what was measured. */
	out->nand_bytes_per_host_byte = waf > 0 && isfinite(waf) ? waf : NAN;
	out->life_years = out->rated_tbw * ENDURANCE_TB /
			  (out->daily_writes_bytes * out->nand_bytes_per_host_byte * ENDURANCE_DAYS_PER_YEAR);
	if (!isfinite(out->life_years))
		out->life_years = NAN;
}

int endurance_group(const double *rated_tbw, const double *share, const double *waf, size_t n,
		    double daily_writes_bytes, double *life, double *group_life)
{
	int first = -1;

	*group_life = NAN;
	for (size_t i = 0; i < n; i++) {
		struct endurance_figures f;

		/* A member that received no bytes does not wear: it never limits the group. */
		if (share[i] == 0 && isfinite(rated_tbw[i]) && rated_tbw[i] > 0) {
			life[i] = INFINITY;
			continue;
		}
		endurance_project(rated_tbw[i], share[i] > 0 && isfinite(share[i]) ? daily_writes_bytes * share[i] : NAN,
				  waf[i], &f);
		life[i] = f.life_years;
		if (isnan(life[i]))
			first = -2;
		else if (first != -2 && (first < 0 || life[i] < life[first]))
			first = (int)i;
	}
	if (first < 0)
		return -1;
	*group_life = life[first];
	return first;
}

double endurance_least_op(const double *op_percent, const double *life_years, size_t n, double target_years)
{
	double best = NAN;

	if (!(target_years > 0))
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (life_years[i] >= target_years && isfinite(op_percent[i]) && !(op_percent[i] >= best))
			best = op_percent[i];
	return best;
}
