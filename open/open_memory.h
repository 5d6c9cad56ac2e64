/* SPDX-License-Identifier: MIT */
/*
 * Memory known before it is spent (issue 26 item 3): the most a set of
 * targets can take, against what the machine has, asked before any of them
 * is opened.  A simulated drive's worst case comes from its spec (its tables
 * with every page touched); other targets hold no table to speak of.
 */
#ifndef SSDPROF_OPEN_MEMORY_H
#define SSDPROF_OPEN_MEMORY_H

#include <stddef.h>
#include <stdint.h>

/* Environment variable: the limit in bytes (SIZE, e.g. 2G) in place of MemAvailable. */
#define OPEN_MEMORY_ENV "SSDPROF_MEMORY_LIMIT"

/*
 * The most memory specs[0..n) take once open and written, summed: a RAID
 * group's members, a batch's drives.  A spec that does not parse counts 0
 * (opening it says why).  Into *sims the number of simulated drives.
 */
uint64_t open_memory_need(const char *const *specs, unsigned n, unsigned *sims);

/*
 * The memory the targets may take: OPEN_MEMORY_ENV when set (-EINVAL and a
 * reason when it is not a size), else MemAvailable of /proc/meminfo;
 * -ENOENT when neither is known.  *source names which.
 */
int open_memory_limit(uint64_t *limit, const char **source, char *err, size_t errlen);

/*
 * The one check: 0 when specs[0..n) fit in the limit (or no limit is
 * known), else -ENOMEM and one line with the figure and the limit
 * ("available": MemAvailable; "allowed": OPEN_MEMORY_ENV).  Called
 * where a command opens its set of targets, before any is opened.
 */
int open_check_memory(const char *const *specs, unsigned n, char *err, size_t errlen);

#endif
