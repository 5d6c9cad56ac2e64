/* SPDX-License-Identifier: MIT */
/*
 * DIRTH (profiler/pts_dirth.h): the preconditioning and the demand-intensity
 * grid run on the matrix tests' stage runner (profiler/pts.c); the three
 * points and their histograms are picked from the grid's window.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
/* The max and mid points' mean response time "shall be below 5 ms" (docs/pts_spec.md). */
#define DIRTH_MAX_MEAN_US 5000.0

const char *const pts_dirth_point_names[3] = { "max", "mid", "min" };

static struct pts_cell_spec dirth_cell(unsigned threads, unsigned qd)
{
	return (struct pts_cell_spec){ .rw = WL_RANDRW, .read_pct = DIRTH_READ_PCT, .bs = DIRTH_BS,
				       .qd = threads * qd, .threads = threads };
}

/* The preconditioning's stimulus: the test's size and demand, writes only. */
static struct pts_cell_spec dirth_write_cell(unsigned threads, unsigned qd)
{
	return (struct pts_cell_spec){ .rw = WL_RANDWRITE, .read_pct = 0, .bs = DIRTH_BS, .qd = threads * qd,
				       .threads = threads };
}

void pts_plan_dirth(const struct pts_settings *s, struct pts_result *r)
{
	struct pts_stage *steady = &r->stages[0], *pass = &r->stages[1];

	(void)s;
	r->nstages = 2;
	steady->ncells = 1;
	steady->cells[0] = dirth_write_cell(dirth_levels[0], dirth_levels[0]);
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

	/* The preconditioning's rounds, then as many rounds of the whole grid. */
	return rounds * (1 + (double)(N(dirth_levels) * N(dirth_levels))) * (double)s->cell_ns / 1e9;
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

/* Point p from cell c of the rounds: its window's figures and histograms, merged. */
static int take_point(struct pts_dirth_point *p, const struct pts_stage *pass, size_t c)
{
	const struct pts_total *tt = &pass->totals[c];
	size_t n = pass->nrounds < STEADY_WINDOW ? pass->nrounds : STEADY_WINDOW;
	struct lat_hist *h = calloc(1, sizeof(*h));

	memset(p, 0, sizeof(*p));
	p->cell = c;
	p->iops = tt->iops;
	p->lat_mean_us = tt->lat_mean_us;
	p->lat_max_us = tt->lat_max_us;
	p->lat_p99999_us = tt->lat_p99999_us;
	p->ios = tt->ios;
	if (!h)
		return -ENOMEM;
	for (size_t k = pass->nrounds - n; k < pass->nrounds; k++)
		if (pass->hist[c][k % STEADY_WINDOW])
			lat_hist_merge(h, pass->hist[c][k % STEADY_WINDOW]);
	p->lat_p99_us = h->count ? lat_hist_percentile_ns(h, 99) / 1e3 : NAN;
	p->lat_p9999_us = h->count ? lat_hist_percentile_ns(h, 99.99) / 1e3 : NAN;
	for (unsigned i = h->lo; h->count && i <= h->hi; i++)
		if (h->buckets[i])
			p->bins[bin_of(lat_hist_bucket_low(i))] += h->buckets[i];
	free(h);
	return 0;
}

/*
 * The points as the public DIRTH implementations choose them: min the
 * lowest demand (T1 x Q1); max the highest IOPS of the cells whose mean
 * response time stays under DIRTH_MAX_MEAN_US; mid the one of those
 * nearest halfway between.  No cell under the limit: the highest IOPS.
 */
static int pick_points(struct pts_result *r)
{
	const struct pts_stage *pass = &r->stages[1];
	size_t hi = SIZE_MAX, lo = pass->ncells - 1, mid = SIZE_MAX;
	bool any_under = false;
	int ret;

	if (!pass->ncells || isnan(pass->totals[lo].iops))
		return 0;
	for (size_t c = 0; c < pass->ncells; c++)
		any_under |= pass->totals[c].lat_mean_us < DIRTH_MAX_MEAN_US;
	for (size_t c = 0; c < pass->ncells; c++) {
		double v = pass->totals[c].iops;

		if (isnan(v) || (any_under && !(pass->totals[c].lat_mean_us < DIRTH_MAX_MEAN_US)))
			continue;
		if (hi == SIZE_MAX || v > pass->totals[hi].iops)
			hi = c;
	}
	if (hi == SIZE_MAX)
		return 0;
	for (size_t c = 0; c < pass->ncells; c++) {
		double half = (pass->totals[hi].iops + pass->totals[lo].iops) / 2, v = pass->totals[c].iops;

		if (isnan(v) || (any_under && !(pass->totals[c].lat_mean_us < DIRTH_MAX_MEAN_US)))
			continue;
		if (mid == SIZE_MAX || fabs(v - half) < fabs(pass->totals[mid].iops - half))
			mid = c;
	}
	if ((ret = take_point(&r->dirth.points[0], pass, hi)) || (ret = take_point(&r->dirth.points[1], pass, mid)) ||
	    (ret = take_point(&r->dirth.points[2], pass, lo)))
		return ret;
	r->dirth.valid = true;
	return 0;
}

int pts_run_dirth(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	/* The grid's rounds run on from the state the preconditioning left: no warm-up of their own. */
	struct pts_settings rounds = *s;
	struct pts_stage *pre = &r->stages[0], *grid = &r->stages[1];
	int ret;

	rounds.min_writes = 0;
	/*
	 * A target that keeps fewer I/Os in flight than 32 x 32 is
	 * preconditioned and tracked at the highest demand it takes; the
	 * grid's cells above it are not measured (null).
	 */
	for (size_t c = 0; c < grid->ncells && grid->cells[grid->tracked].qd > t->ops->max_queue_depth; c++) {
		grid->tracked = c;
		pre->cells[0] = dirth_write_cell(grid->cells[c].threads, grid->cells[c].qd / grid->cells[c].threads);
	}
	pre->qd = pre->cells[0].qd;
	r->nstages = 1;
	ret = pts_run_stage(t, s, r, 0, true, err, errlen);
	if (!ret)
		ret = pts_stage_saved(s, r);
	if (ret)
		return ret;
	r->nstages = 2;
	snprintf(grid->purge_method, sizeof(grid->purge_method), "none");
	ret = pts_run_stage(t, &rounds, r, 1, false, err, errlen);
	if (!ret && (ret = pick_points(r)))
		snprintf(err, errlen, "out of memory");
	return ret ? ret : pts_stage_saved(s, r);
}
