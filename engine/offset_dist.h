/* SPDX-License-Identifier: MIT */
/*
 * Offset skew (--random-dist), in fio's vocabulary: which blocks of the span
 * random I/Os hit.  A distribution ranks the span's blocks from hottest (rank
 * 0) to coldest; a keyed permutation then scatters the ranks over the span,
 * so the hot blocks are not simply the first ones, the same for a seed on
 * every run.  Every draw is O(1) (expected), whatever the span: zipf over
 * 2^40 blocks needs no table.  Zones (fio's zoned:) are the exception: they
 * name ranges of the span in order (the first 5% of the LBA range), so their
 * blocks are not scattered.
 */
#ifndef SSDPROF_OFFSET_DIST_H
#define SSDPROF_OFFSET_DIST_H

#include <stddef.h>
#include <stdint.h>

#include "engine/rng.h"

enum offset_dist_kind {
	OD_UNIFORM = 0,
	OD_ZIPF,        /* P(rank k) proportional to 1 / (k+1)^theta, theta > 0 */
	OD_PARETO,      /* fio's pareto:h: a share 1-h of I/Os goes to a share h of blocks */
	OD_HOTCOLD,     /* traffic_pct% of I/Os uniform over the hottest hot_pct% of blocks */
	OD_ZONED,       /* access zones: zones[i].io_pct% of I/Os uniform over the i-th range */
};

/* Most access zones in a zoned distribution. */
#define OD_ZONES_MAX 8

/*
 * One access zone: a share of I/Os over a share of the span, the zones
 * laid end to end from the span's start in their order (fio's
 * random_distribution=zoned:IO/RANGE:...).  Whole percents; each list sums
 * to 100.
 */
struct od_zone {
	unsigned io_pct;
	unsigned span_pct;
};

struct offset_dist {
	enum offset_dist_kind kind;
	double theta;           /* zipf */
	double h;               /* pareto, 0 < h < 1 */
	double hot_pct;         /* hotcold: the hot share of blocks, 0 < hot_pct < 100 */
	double traffic_pct;     /* hotcold: the share of I/Os they get, 0 < traffic_pct < 100 */
	unsigned nzones;        /* zoned: 1..OD_ZONES_MAX */
	struct od_zone zones[OD_ZONES_MAX];
};

/* A distribution ready to draw over n blocks. */
struct offset_sampler {
	enum offset_dist_kind kind;
	uint64_t n;
	/* zipf, rejection-inversion (Hörmann & Derflinger 1996) */
	double theta, hx1, hn, s;
	double pareto_pow;
	uint64_t hot_n;
	double hot_p;
	/* zoned: zone i is blocks [zone_end[i-1], zone_end[i]), drawn with probability zone_cum[i] - zone_cum[i-1] */
	unsigned nzones;
	uint64_t zone_end[OD_ZONES_MAX];
	double zone_cum[OD_ZONES_MAX];
	/* the permutation of ranks over [0, n): cycle-walking over 2^bits */
	unsigned bits;
	uint64_t mask, k0, k1, m0, m1;
};

/*
 * "uniform", "zipf:0.9", "pareto:0.2", "hotcold:20/80" (or "20%/80%"),
 * "zoned:50/5:30/15:20/80" (I/O share / span share per zone, in order).
 * 0, or -EINVAL with a one-line error naming what (e.g. "--random-dist").
 */
int offset_dist_parse(const char *what, const char *s, struct offset_dist *d, char *err,
		      size_t errlen);
/* The canonical spelling, as parse takes it back (e.g. "hotcold:20/80"). */
void offset_dist_format(const struct offset_dist *d, char *buf, size_t len);

/* Prepare to draw over n >= 1 blocks; seed keys the permutation. */
void offset_sampler_init(struct offset_sampler *s, const struct offset_dist *d, uint64_t n,
			 uint64_t seed);
/* A rank, 0 hottest, before the permutation (for tests of the shape). */
uint64_t offset_sampler_rank(const struct offset_sampler *s, struct rng *r);
/* The block a rank lands on: a bijection of [0, n) (zoned: the rank itself). */
uint64_t offset_sampler_block(const struct offset_sampler *s, uint64_t rank);

static inline uint64_t offset_sampler_draw(const struct offset_sampler *s, struct rng *r)
{
	if (s->kind == OD_UNIFORM)
		return rng_below(r, s->n);
	return offset_sampler_block(s, offset_sampler_rank(s, r));
}

/* The share of I/Os the hottest frac (0..1) of n blocks get, from the model (tests, docs). */
double offset_dist_hot_share(const struct offset_dist *d, uint64_t n, double frac);

/* A saved settings.random_dist: 0 when --random-dist would take s, else -EINVAL and what was expected in msg. */
int offset_dist_check(const char *s, char *msg, size_t len);

#endif
