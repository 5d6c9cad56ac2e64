/* SPDX-License-Identifier: MIT */
/* Helpers shared by the simulator's unit tests. */
#ifndef SSDPROF_SIM_TEST_UTIL_H
#define SSDPROF_SIM_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/drive.h"
#include "sim/sim.h"

static inline uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Open a drive from a spec or abort the test with the parser's message. */
static inline struct sim_drive *open_drive(const char *spec)
{
	struct sim_config cfg;
	struct sim_drive *d;
	char err[256];

	if (sim_config_parse(spec, &cfg, err, sizeof(err)) || sim_drive_new(&cfg, &d, err, sizeof(err))) {
		fprintf(stderr, "cannot open %s: %s\n", spec, err);
		abort();
	}
	return d;
}

static inline uint64_t media_bytes(const struct sim_drive *d)
{
	struct sim_counters c;

	sim_drive_counters(d, &c);
	return c.media_native_bytes + c.media_slc_bytes;
}

static inline uint64_t host_bytes(const struct sim_drive *d)
{
	struct sim_counters c;

	sim_drive_counters(d, &c);
	return c.host_write_bytes;
}

#endif
