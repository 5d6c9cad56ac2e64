/* SPDX-License-Identifier: MIT */
/* The real-time clock of real targets: CLOCK_MONOTONIC in nanoseconds. */
#ifndef SSDPROF_CLOCK_H
#define SSDPROF_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

#endif
