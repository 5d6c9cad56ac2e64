/* SPDX-License-Identifier: MIT */
/* The memory a set of targets takes at most, against the machine's (open/open_memory.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "open/open_memory.h"
#include "sim/sim.h"
#include "util/parse.h"

uint64_t open_memory_need(const char *const *specs, unsigned n, unsigned *sims)
{
	static const char sim_prefix[] = "sim:";
	uint64_t total = 0, bytes;
	char err[256];

	*sims = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!specs[i] || strncmp(specs[i], sim_prefix, sizeof(sim_prefix) - 1))
			continue;
		if (sim_target_memory_bytes(specs[i] + sizeof(sim_prefix) - 1, &bytes, err, sizeof(err)))
			continue;
		total += bytes;
		++*sims;
	}
	return total;
}

/* MemAvailable of /proc/meminfo in bytes; -ENOENT when it says none. */
static int mem_available(uint64_t *bytes)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	unsigned long long kib;
	int ret = -ENOENT;

	if (!f)
		return -ENOENT;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
			*bytes = (uint64_t)kib * 1024;
			ret = 0;
			break;
		}
	fclose(f);
	return ret;
}

int open_memory_limit(uint64_t *limit, const char **source, char *err, size_t errlen)
{
	const char *env = getenv(OPEN_MEMORY_ENV);

	if (env) {
		*source = OPEN_MEMORY_ENV;
		return parse_size(OPEN_MEMORY_ENV, env, limit, err, errlen) ? -EINVAL : 0;
	}
	*source = "MemAvailable";
	return mem_available(limit);
}

int open_check_memory(const char *const *specs, unsigned n, char *err, size_t errlen)
{
	uint64_t need, limit;
	const char *source, *what;
	unsigned sims;
	int ret;

	need = open_memory_need(specs, n, &sims);
	if (!sims)
		return 0;
	ret = open_memory_limit(&limit, &source, err, errlen);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	if (need <= limit)
		return 0;
	what = strcmp(source, OPEN_MEMORY_ENV) ? "available" : "allowed";
	/* Within 80 columns: the figure, the limit (where from: the variable is set by whoever set it). */
	if (sims > 1)
		snprintf(err, errlen, "memory: %u sims need %.2f GiB, %.2f GiB %s; use fewer or smaller", sims,
			 (double)need / (1ull << 30), (double)limit / (1ull << 30), what);
	else
		snprintf(err, errlen, "memory: the sim needs %.2f GiB, %.2f GiB %s; use less capacity",
			 (double)need / (1ull << 30), (double)limit / (1ull << 30), what);
	return -ENOMEM;
}
