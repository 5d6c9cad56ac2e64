/* SPDX-License-Identifier: MIT */
/* Linux md arrays as the kernel describes them in sysfs (what `mdadm --detail` shows). */
#ifndef SSDPROF_MD_INFO_H
#define SSDPROF_MD_INFO_H

#include <stdint.h>

#define MD_MAX_MEMBERS 32

struct md_info {
	char name[32];                  /* md0 */
	char level[16];                 /* raid5 */
	char state[32];                 /* clean, active, ... */
	uint64_t chunk_bytes;           /* 0 for levels without chunks */
	unsigned raid_disks;
	unsigned nmembers;
	char members[MD_MAX_MEMBERS][32];   /* kernel names, in RaidDevice (slot) order */
};

/* 0 and *out filled when path is an md array, -ENODEV when it is not, other -errno on failure. */
int md_info_read(const char *path, struct md_info *out);

#endif
