/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/md_info.h"

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int md_info_read(const char *path, struct md_info *out)
{
	char real[PATH_MAX], p[PATH_MAX + 512], buf[64];
	const char *name;
	int slots[MD_MAX_MEMBERS];
	DIR *dir;
	struct dirent *e;

	memset(out, 0, sizeof(*out));
	if (!realpath(path, real))
		return -ENODEV;
	name = strrchr(real, '/');
	name = name ? name + 1 : real;
	if (strncmp(name, "md", 2) || strlen(name) >= sizeof(out->name))
		return -ENODEV;
	snprintf(p, sizeof(p), "/sys/block/%s/md/level", name);
	if (read_line(p, out->level, sizeof(out->level)))
		return -ENODEV;
	memcpy(out->name, name, strlen(name) + 1);   /* length checked above */
	snprintf(p, sizeof(p), "/sys/block/%s/md/array_state", name);
	read_line(p, out->state, sizeof(out->state));
	snprintf(p, sizeof(p), "/sys/block/%s/md/chunk_size", name);
	if (!read_line(p, buf, sizeof(buf)))
		out->chunk_bytes = strtoull(buf, NULL, 10);
	snprintf(p, sizeof(p), "/sys/block/%s/md/raid_disks", name);
	if (!read_line(p, buf, sizeof(buf)))
		out->raid_disks = (unsigned)strtoul(buf, NULL, 10);

	/* Members are the md/dev-* entries; their slot is the RaidDevice number mdadm lists. */
	snprintf(p, sizeof(p), "/sys/block/%s/md", name);
	dir = opendir(p);
	if (!dir)
		return -errno;
	while ((e = readdir(dir)) && out->nmembers < MD_MAX_MEMBERS) {
		if (strncmp(e->d_name, "dev-", 4) || strlen(e->d_name + 4) >= sizeof(out->members[0]))
			continue;
		snprintf(p, sizeof(p), "/sys/block/%s/md/%s/slot", name, e->d_name);
		int slot = read_line(p, buf, sizeof(buf)) || !strcmp(buf, "none") ? INT_MAX : atoi(buf);
		unsigned i = out->nmembers++;

		/* Insertion by slot keeps the list in RaidDevice order. */
		while (i > 0 && slots[i - 1] > slot) {
			slots[i] = slots[i - 1];
			memcpy(out->members[i], out->members[i - 1], sizeof(out->members[0]));
			i--;
		}
		slots[i] = slot;
		memcpy(out->members[i], e->d_name + 4, strlen(e->d_name + 4) + 1);   /* length checked above */
	}
	closedir(dir);
	return 0;
}
