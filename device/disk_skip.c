// SPDX-License-Identifier: MIT
/* The disks list skips, and why (device/disk_skip.h). */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/disk_skip.h"

/* The first line of sys_block/node/file, without its newline; "" when unreadable. */
static void read_line(const char *sys_block, const char *node, const char *file, char *buf, size_t len)
{
	char p[PATH_MAX];
	FILE *f;

	buf[0] = '\0';
	snprintf(p, sizeof(p), "%s/%s/%s", sys_block, node, file);
	if (!(f = fopen(p, "re")))
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	/* What a device reports is shown: nothing but printable ASCII. */
	for (char *c = buf; *c; c++)
		if (*c < 0x20 || *c > 0x7e)
			*c = '?';
	/* Trailing blanks, as SCSI's padded vendor field has. */
	for (size_t n = strlen(buf); n && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
}

/* The bus of node's device ("virtio", "scsi", "mmc"), or "" when it has no device link. */
static void bus_of(const char *sys_block, const char *node, char *bus, size_t len)
{
	char p[PATH_MAX], target[PATH_MAX];
	ssize_t n;
	const char *base;

	bus[0] = '\0';
	snprintf(p, sizeof(p), "%s/%s/device/subsystem", sys_block, node);
	if ((n = readlink(p, target, sizeof(target) - 1)) < 0)
		return;
	target[n] = '\0';
	base = strrchr(target, '/');
	/* A bus name longer than bus (none is) is no bus this knows. */
	if (snprintf(bus, len, "%s", base ? base + 1 : target) >= (int)len)
		bus[0] = '\0';
}

static void reason(const char *sys_block, const char *node, const char *bus, char *why, size_t len)
{
	char vendor[32];

	if (!strcmp(bus, "scsi")) {
		read_line(sys_block, node, "device/vendor", vendor, sizeof(vendor));
		/* Short enough for an 80-column line after "  /dev/sdXX: ". */
		snprintf(why, len, "SCSI disk%s%.8s%s: SAS, USB or virtual, no ATA identify", *vendor ? " (" : "",
			 vendor, *vendor ? ")" : "");
	} else if (!strcmp(bus, "virtio")) {
		snprintf(why, len, "virtio disk: no NVMe or ATA identify");
	} else if (!strcmp(bus, "mmc")) {
		snprintf(why, len, "MMC/SD card: no NVMe or ATA identify");
	} else {
		snprintf(why, len, "%.24s disk: no NVMe or ATA identify", bus);
	}
}

void disk_list_skipped(const char *sys_block, bool (*taken)(const char *node),
		       void (*fn)(const char *node, const char *why, void *arg), void *arg)
{
	struct dirent **names = NULL;
	int k = scandir(sys_block, &names, NULL, alphasort);

	for (int i = 0; i < k; i++) {
		const char *node = names[i]->d_name;
		char bus[64], size[32], hidden[8], p[PATH_MAX], why[160];

		if (node[0] == '.' || taken(node))
			continue;
		snprintf(p, sizeof(p), "%s/%s/partition", sys_block, node);
		if (access(p, F_OK) == 0)
			continue;
		bus_of(sys_block, node, bus, sizeof(bus));
		read_line(sys_block, node, "size", size, sizeof(size));
		/* hidden: an NVMe multipath path (nvme0c0n1), listed as its namespace. */
		read_line(sys_block, node, "hidden", hidden, sizeof(hidden));
		if (!*bus || !strcmp(size, "0") || !*size || !strcmp(hidden, "1"))
			continue;
		reason(sys_block, node, bus, why, sizeof(why));
		fn(node, why, arg);
	}
	for (int i = 0; i < k; i++)
		free(names[i]);
	free(names);
}
