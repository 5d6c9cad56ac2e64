/* SPDX-License-Identifier: MIT */
/*
 * DIRTH (profiler/pts_dirth.h): the steady stage and the demand-intensity
 * pass run on the matrix tests' stage runner (profiler/pts.c); the three
 * points and their histograms are picked from the pass's cells.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "device/target.h"
#include "engine/histogram.h"
#include "profiler/pts.h"
#include "profiler/pts_dirth.h"
#include "profiler/pts_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The spec's stimulus and demand levels, highest first. */
#define DIRTH_BS 8192u
#define DIRTH_READ_PCT 65u
static const unsigned dirth_levels[] = { 32, 16, 8, 6, 4, 2, 1 };   /* PTS-E's TC and QD levels: 7 x 7 */

const char *const pts_dirth_point_names[3] = { "max", "mid", "min" };

static struct pts_cell_spec dirth_cell(unsigned threads, unsigned qd)
{
	return (struct pts_cell_spec){ .rw = WL_RANDRW, .read_pct = DIRTH_READ_PCT, .bs = DIRTH_BS,
				       .qd = threads * qd, .threads = threads };
}

void pts_plan_dirth(const struct pts_settings *s, struct pts_result *r)
{
	struct pts_stage *steady = &r->stages[0], *pass = &r->stages[1];

	(void)s;
	r->nstages = 2;
	steady->ncells = 1;
	steady->cells[0] = dirth_cell(dirth_levels[0], dirth_levels[0]);
	steady->metric = PTS_M_IOPS;
	steady->qd = steady->cells[0].qd;
	pass->ncells = 0;
	for (size_t i = 0; i < N(dirth_levels); i++)
		for (size_t j = 0; j < N(dirth_levels); j++)
			pass->cells[pass->ncells++] = dirth_cell(dirth_levels[i], dirth_levels[j]);
	pass->tracked = 0;
	pass->metric = PTS_M_IOPS;
	pass->qd = steady->qd;
}

double pts_dirth_seconds(const struct pts_settings *s)
{
	double rounds = s->max_rounds ? s->max_rounds : PRECONDITION_MAX_ROUNDS;

	return (rounds + (double)(N(dirth_levels) * N(dirth_levels))) * (double)s->cell_ns / 1e9;
}

/* Bin of a response time in ns: 0 below 1 us, else 1 + floor(log2(us)), the last open-ended. */
static unsigned bin_of(uint64_t ns)
{
	uint64_t us = ns / 1000;
	unsigned b = 0;

	while (us) {
		b++;
		us >>= 1;
	}
	return b < PTS_DIRTH_BINS ? b : PTS_DIRTH_BINS - 1;
}

/* Point p from cell c of the pass: its figures and its histogram (the pass is one round). */
static void take_point(struct pts_dirth_point *p, const struct pts_stage *pass, size_t c)
{
	const struct lat_hist *h = pass->hist[c][0];
	const struct pts_total *tt = &pass->totals[c];

	memset(p, 0, sizeof(*p));
	p->cell = c;
	p->iops = tt->iops;
	p->lat_mean_us = tt->lat_mean_us;
	p->lat_max_us = tt->lat_max_us;
	p->lat_p99999_us = tt->lat_p99999_us;
	p->ios = tt->ios;
	p->lat_p99_us = h ? lat_hist_percentile_ns(h, 99) / 1e3 : NAN;
	p->lat_p9999_us = h ? lat_hist_percentile_ns(h, 99.99) / 1e3 : NAN;
	if (!h || !h->count)
		return;
	for (unsigned i = h->lo; i <= h->hi; i++)
		if (h->buckets[i])
			p->bins[bin_of(lat_hist_bucket_low(i))] += h->buckets[i];
}

/* The cells of the highest and the lowest IOPS, and the one nearest their middle. */
static void pick_points(struct pts_result *r)
{
	const struct pts_stage *pass = &r->stages[1];
	size_t hi = SIZE_MAX, lo = SIZE_MAX, mid = SIZE_MAX;

	for (size_t c = 0; c < pass->ncells; c++) {
		double v = pass->totals[c].iops;

		if (isnan(v))
			continue;
		if (hi == SIZE_MAX || v > pass->totals[hi].iops)
			hi = c;
		if (lo == SIZE_MAX || v < pass->totals[lo].iops)
			lo = c;
	}
	if (hi == SIZE_MAX)
		return;
	for (size_t c = 0; c < pass->ncells; c++) {
		double half = (pass->totals[hi].iops + pass->totals[lo].iops) / 2, v = pass->totals[c].iops;

		if (!isnan(v) && (mid == SIZE_MAX || fabs(v - half) < fabs(pass->totals[mid].iops - half)))
			mid = c;
	}
	take_point(&r->dirth.points[0], pass, hi);
	take_point(&r->dirth.points[1], pass, mid);
	take_point(&r->dirth.points[2], pass, lo);
	r->dirth.valid = true;
}

int pts_run_dirth(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	/* The pass is one round of every cell, from the steady state the first stage left. */
	struct pts_settings once = *s;
	int ret;

	once.max_rounds = 1;
	once.min_writes = 0;
	/*
	 * A target that keeps fewer I/Os in flight than 32 x 32 reaches steady
	 * state at the highest demand it takes; the pass's cells above it are
	 * not measured (null).
	 */
	for (size_t c = 0; c < r->stages[1].ncells && r->stages[0].cells[0].qd > t->ops->max_queue_depth; c++)
		r->stages[0].cells[0] = r->stages[1].cells[c];
	r->stages[0].qd = r->stages[0].cells[0].qd;
	r->nstages = 1;
	ret = pts_run_stage(t, s, r, 0, true, err, errlen);
	if (!ret)
		ret = pts_stage_saved(s, r);
	if (ret)
		return ret;
	r->nstages = 2;
	snprintf(r->stages[1].purge_method, sizeof(r->stages[1].purge_method), "none");
	ret = pts_run_stage(t, &once, r, 1, false, err, errlen);
	if (!ret)
		r->stages[1].stop_reason = "single pass";
	pick_points(r);
	return ret ? ret : pts_stage_saved(s, r);
}
