/* SPDX-License-Identifier: MIT */
/*
 * The engine's random numbers: xoshiro256** seeded through splitmix64
 * (Blackman & Vigna), fast, and any seed works.  Header-only so the
 * generator's per-I/O draws inline.
 */
#ifndef SSDPROF_RNG_H
#define SSDPROF_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

static inline uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static inline uint64_t rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return result;
}

/* Uniform in [0, n), without modulo bias (Lemire's multiply-and-reject). */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
	unsigned __int128 m = (unsigned __int128)rng_next(r) * n;
	uint64_t low = (uint64_t)m;

	if (low < n) {
		uint64_t threshold = -n % n;

		while (low < threshold) {
			m = (unsigned __int128)rng_next(r) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

/* Uniform in [0, 1) with 53 random bits. */
static inline double rng_double(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif
