/* SPDX-License-Identifier: MIT */
/*
 * Skewed offsets.  zipf draws by rejection-inversion (W. Hörmann and G.
 * Derflinger, "Rejection-inversion to generate variates from monotone
 * discrete distributions", ACM TOMACS 6(3), 1996; the form of Apache
 * Commons' ZipfRejectionInversionSampler): O(1) expected per draw for any
 * number of blocks and any exponent.  pareto is fio's (lib/zipf.c): rank =
 * n * u^(log h / log(1-h)).  hotcold is the two-region model of Desnoyers
 * ("Analytic modeling of SSD write performance", SYSTOR 2012) and of
 * Rosenblum's LFS hot/cold tests.  zoned is fio's random_distribution=zoned
 * (the SNIA PTS composite workload's access zones are zoned:50/5:30/15:20/80):
 * a zone is drawn by its I/O share, then a block uniformly within it.
 *
 * The permutation is cycle-walking over the next power of two with an
 * invertible mix (add, odd multiply, xorshift mod 2^bits), so it needs no
 * memory and each rank maps to one block: fewer than two steps expected.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/offset_dist.h"

/* (x^(1-theta) - 1) / (1 - theta) and its inverse, stable near theta = 1. */
static double helper1(double x)
{
	return fabs(x) > 1e-8 ? log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
}

static double helper2(double x)
{
	return fabs(x) > 1e-8 ? expm1(x) / x : 1 + x * 0.5 * (1 + x * (1.0 / 3) * (1 + 0.25 * x));
}

static double h_integral(double theta, double x)
{
	double lx = log(x);

	return helper2((1 - theta) * lx) * lx;
}

static double h_fn(double theta, double x)
{
	return exp(-theta * log(x));
}

static double h_integral_inv(double theta, double x)
{
	double t = x * (1 - theta);

	if (t < -1)
		t = -1;
	return exp(helper1(t) * x);
}

static int parse_num(const char *what, const char *s, const char *name, double lo, double hi,
		     double *out, const char **end, char *err, size_t errlen)
{
	char *e;
	double v = strtod(s, &e);

	if (e == s || !(v > lo && v < hi) || !isfinite(v)) {
		snprintf(err, errlen, "%s: %s must be a number above %g and below %g", what, name, lo, hi);
		return -EINVAL;
	}
	if (*e == '%')
		e++;
	*out = v;
	*end = e;
	return 0;
}

/* A whole percent, then an optional '%'; *end past it. */
static int parse_pct(const char *s, unsigned lo, unsigned *out, const char **end)
{
	char *e;
	unsigned long v;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	v = strtoul(s, &e, 10);
	if (v < lo || v > 100)
		return -EINVAL;
	if (*e == '%')
		e++;
	*out = (unsigned)v;
	*end = e;
	return 0;
}

/* "50/5:30/15:20/80": the zones in order, each list summing to 100. */
static int parse_zones(const char *what, const char *s, struct offset_dist *d, char *err, size_t errlen)
{
	unsigned io_sum = 0, span_sum = 0;
	const char *e = s;

	d->kind = OD_ZONED;
	for (;;) {
		struct od_zone *z = &d->zones[d->nzones];

		if (d->nzones == OD_ZONES_MAX) {
			snprintf(err, errlen, "%s: at most %d zones", what, OD_ZONES_MAX);
			return -EINVAL;
		}
		if (parse_pct(e, 0, &z->io_pct, &e) || *e != '/' || parse_pct(e + 1, 1, &z->span_pct, &e) ||
		    (*e && *e != ':')) {
			snprintf(err, errlen, "%s: use zoned:IO%%/RANGE%%:..., whole percents, e.g. "
				 "zoned:50/5:30/15:20/80", what);
			return -EINVAL;
		}
		io_sum += z->io_pct;
		span_sum += z->span_pct;
		d->nzones++;
		if (!*e++)
			break;
	}
	if (io_sum != 100 || span_sum != 100) {
		snprintf(err, errlen, "%s: the zones' I/O shares sum to %u%% and their ranges to %u%%; "
			 "both must sum to 100", what, io_sum, span_sum);
		return -EINVAL;
	}
	return 0;
}

int offset_dist_parse(const char *what, const char *s, struct offset_dist *d, char *err,
		      size_t errlen)
{
	const char *e;

	memset(d, 0, sizeof(*d));
	if (!strcmp(s, "uniform") || !strcmp(s, "random"))
		return 0;
	if (!strncmp(s, "zipf:", 5)) {
		d->kind = OD_ZIPF;
		if (parse_num(what, s + 5, "zipf's theta", 0, 100, &d->theta, &e, err, errlen))
			return -EINVAL;
	} else if (!strncmp(s, "pareto:", 7)) {
		d->kind = OD_PARETO;
		if (parse_num(what, s + 7, "pareto's h", 0, 1, &d->h, &e, err, errlen))
			return -EINVAL;
	} else if (!strncmp(s, "hotcold:", 8)) {
		d->kind = OD_HOTCOLD;
		if (parse_num(what, s + 8, "the hot share of blocks", 0, 100, &d->hot_pct, &e, err,
			      errlen))
			return -EINVAL;
		if (*e != '/') {
			snprintf(err, errlen, "%s: use hotcold:HOT%%/TRAFFIC%%, e.g. hotcold:20/80", what);
			return -EINVAL;
		}
		if (parse_num(what, e + 1, "the hot share of I/Os", 0, 100, &d->traffic_pct, &e, err,
			      errlen))
			return -EINVAL;
	} else if (!strncmp(s, "zoned:", 6)) {
		return parse_zones(what, s + 6, d, err, errlen);
	} else {
		snprintf(err, errlen, "%s: use uniform, zipf:THETA, pareto:H, hotcold:HOT%%/TRAFFIC%% "
			 "or zoned:IO%%/RANGE%%:...", what);
		return -EINVAL;
	}
	if (*e) {
		snprintf(err, errlen, "%s: unexpected text after the number; e.g. zipf:0.9, pareto:0.2, "
			 "hotcold:20/80", what);
		return -EINVAL;
	}
	return 0;
}

void offset_dist_format(const struct offset_dist *d, char *buf, size_t len)
{
	switch (d->kind) {
	case OD_ZIPF:
		snprintf(buf, len, "zipf:%g", d->theta);
		break;
	case OD_PARETO:
		snprintf(buf, len, "pareto:%g", d->h);
		break;
	case OD_HOTCOLD:
		snprintf(buf, len, "hotcold:%g/%g", d->hot_pct, d->traffic_pct);
		break;
	case OD_ZONED: {
		int at = snprintf(buf, len, "zoned");

		for (unsigned i = 0; i < d->nzones && at >= 0 && (size_t)at < len; i++)
			at += snprintf(buf + at, len - (size_t)at, ":%u/%u", d->zones[i].io_pct,
				       d->zones[i].span_pct);
		break;
	}
	default:
		snprintf(buf, len, "uniform");
		break;
	}
}

/*
 * Zone boundaries in blocks, each zone at least one block while n allows;
 * fewer blocks than zones draw uniformly.
 */
static void zones_init(struct offset_sampler *s, const struct offset_dist *d, uint64_t n)
{
	unsigned span_cum = 0, io_cum = 0;
	uint64_t prev = 0;

	if (n < d->nzones) {
		s->kind = OD_UNIFORM;
		return;
	}
	s->nzones = d->nzones;
	for (unsigned i = 0; i < d->nzones; i++) {
		uint64_t end, room = n - (d->nzones - 1 - i);

		span_cum += d->zones[i].span_pct;
		io_cum += d->zones[i].io_pct;
		end = (uint64_t)llround((double)n * span_cum / 100.0);
		if (end < prev + 1)
			end = prev + 1;
		if (end > room)
			end = room;
		s->zone_end[i] = end;
		s->zone_cum[i] = io_cum / 100.0;
		prev = end;
	}
	s->zone_end[d->nzones - 1] = n;
	s->zone_cum[d->nzones - 1] = 1.0;
}

void offset_sampler_init(struct offset_sampler *s, const struct offset_dist *d, uint64_t n,
			 uint64_t seed)
{
	uint64_t x = seed ^ 0x0ff5e7d157ull;

	memset(s, 0, sizeof(*s));
	s->kind = n > 1 ? d->kind : OD_UNIFORM;
	s->n = n ? n : 1;
	switch (s->kind) {
	case OD_ZIPF:
		s->theta = d->theta;
		s->hx1 = h_integral(s->theta, 1.5) - 1.0;
		s->hn = h_integral(s->theta, (double)n + 0.5);
		s->s = 2.0 - h_integral_inv(s->theta, h_integral(s->theta, 2.5) - h_fn(s->theta, 2));
		break;
	case OD_PARETO:
		s->pareto_pow = log(d->h) / log(1.0 - d->h);
		break;
	case OD_HOTCOLD:
		s->hot_n = (uint64_t)llround((double)n * d->hot_pct / 100.0);
		if (s->hot_n < 1)
			s->hot_n = 1;
		if (s->hot_n > n - 1)
			s->hot_n = n - 1;
		s->hot_p = d->traffic_pct / 100.0;
		break;
	case OD_ZONED:
		zones_init(s, d, n);
		break;
	default:
		break;
	}
	while (s->bits < 64 && (1ull << s->bits) < s->n)
		s->bits++;
	if (s->bits < 2)
		s->bits = 2;
	s->mask = s->bits == 64 ? UINT64_MAX : (1ull << s->bits) - 1;
	s->k0 = splitmix64(&x);
	s->k1 = splitmix64(&x);
	s->m0 = splitmix64(&x) | 1;
	s->m1 = splitmix64(&x) | 1;
}

static uint64_t zipf_rank(const struct offset_sampler *s, struct rng *r)
{
	for (;;) {
		double u = s->hn + rng_double(r) * (s->hx1 - s->hn);
		double x = h_integral_inv(s->theta, u);
		double k = floor(x + 0.5);

		if (k < 1)
			k = 1;
		else if (k > (double)s->n)
			k = (double)s->n;
		if (k - x <= s->s || u >= h_integral(s->theta, k + 0.5) - h_fn(s->theta, k))
			return (uint64_t)k - 1;
	}
}

uint64_t offset_sampler_rank(const struct offset_sampler *s, struct rng *r)
{
	uint64_t k;

	switch (s->kind) {
	case OD_ZIPF:
		return zipf_rank(s, r);
	case OD_PARETO:
		k = (uint64_t)((double)s->n * pow(rng_double(r), s->pareto_pow));
		return k < s->n ? k : s->n - 1;
	case OD_HOTCOLD:
		if (rng_double(r) < s->hot_p)
			return rng_below(r, s->hot_n);
		return s->hot_n + rng_below(r, s->n - s->hot_n);
	case OD_ZONED: {
		double u = rng_double(r);
		unsigned i = 0;
		uint64_t lo;

		while (i + 1 < s->nzones && u >= s->zone_cum[i])
			i++;
		lo = i ? s->zone_end[i - 1] : 0;
		return lo + rng_below(r, s->zone_end[i] - lo);
	}
	default:
		return rng_below(r, s->n);
	}
}

static uint64_t mix(const struct offset_sampler *s, uint64_t x)
{
	unsigned sh = s->bits / 2 + 1;

	x = (x + s->k0) & s->mask;
	x = (x * s->m0) & s->mask;
	x ^= x >> sh;
	x = (x * s->m1) & s->mask;
	x ^= x >> sh;
	return (x + s->k1) & s->mask;
}

uint64_t offset_sampler_block(const struct offset_sampler *s, uint64_t rank)
{
	uint64_t x = rank;

	if (s->kind == OD_ZONED)
		return rank;
	do
		x = mix(s, x);
	while (x >= s->n);
	return x;
}

/* sum of k^-theta for k = 1..m: exact up to a million terms, else Euler-Maclaurin. */
static double zipf_sum(double theta, uint64_t m)
{
	double sum = 0;
	uint64_t exact = m < 1000000 ? m : 1000000;

	for (uint64_t k = 1; k <= exact; k++)
		sum += pow((double)k, -theta);
	if (m > exact) {
		double a = (double)exact, b = (double)m;

		sum += h_integral(theta, b) - h_integral(theta, a) +
		       0.5 * (pow(b, -theta) - pow(a, -theta));
	}
	return sum;
}

/* The densest zones first (I/O share per span share), taking frac of the span from them. */
static double zoned_hot_share(const struct offset_dist *d, double frac)
{
	bool used[OD_ZONES_MAX] = { false };
	double share = 0, left = frac * 100;

	for (unsigned k = 0; k < d->nzones && left > 0; k++) {
		unsigned best = 0;
		double best_density = -1;

		for (unsigned i = 0; i < d->nzones; i++) {
			double density = (double)d->zones[i].io_pct / d->zones[i].span_pct;

			if (!used[i] && density > best_density) {
				best = i;
				best_density = density;
			}
		}
		used[best] = true;
		if (left >= d->zones[best].span_pct) {
			share += d->zones[best].io_pct / 100.0;
			left -= d->zones[best].span_pct;
		} else {
			share += best_density * left / 100.0;
			left = 0;
		}
	}
	return share;
}

double offset_dist_hot_share(const struct offset_dist *d, uint64_t n, double frac)
{
	uint64_t m = (uint64_t)llround((double)n * frac);

	switch (d->kind) {
	case OD_ZIPF:
		return zipf_sum(d->theta, m) / zipf_sum(d->theta, n);
	case OD_PARETO:
		return pow(frac, log(1.0 - d->h) / log(d->h));
	case OD_HOTCOLD: {
		double hot = d->hot_pct / 100, t = d->traffic_pct / 100;

		return frac <= hot ? t * frac / hot : t + (1 - t) * (frac - hot) / (1 - hot);
	}
	case OD_ZONED:
		return zoned_hot_share(d, frac);
	default:
		return frac;
	}
}

int offset_dist_check(const char *s, char *msg, size_t len)
{
	struct offset_dist d;
	char err[256];

	if (!offset_dist_parse("random_dist", s, &d, err, sizeof(err)))
		return 0;
	snprintf(msg, len, "what --random-dist takes (%s)", err);
	return -EINVAL;
}
