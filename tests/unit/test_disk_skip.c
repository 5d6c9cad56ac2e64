/* SPDX-License-Identifier: MIT */
/*
 * The disks list skips (device/disk_skip.c), over a made-up sysfs: a virtio
 * disk, a SAS disk and an MMC card are named with why; partitions, loop,
 * zram, an empty CD, an NVMe multipath path and the disks taken as NVMe or
 * SATA are not.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "device/disk_skip.h"

static char root[PATH_MAX];

static void put(const char *rel, const char *text)
{
	char p[PATH_MAX * 2];
	FILE *f;

	assert_true(snprintf(p, sizeof(p), "%s/%s", root, rel) < (int)sizeof(p));
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* A block node: its size, and (bus non-NULL) a device whose subsystem link ends in bus. */
static void node(const char *name, const char *size, const char *bus)
{
	char p[PATH_MAX * 2], link[PATH_MAX];

	snprintf(p, sizeof(p), "%s/%s", root, name);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/size", name);
	put(p, size);
	if (!bus)
		return;
	snprintf(p, sizeof(p), "%s/%s/device", root, name);
	assert_int_equal(mkdir(p, 0755), 0);
	snprintf(p, sizeof(p), "%s/%s/device/subsystem", root, name);
	snprintf(link, sizeof(link), "../../../bus/%s", bus);
	assert_int_equal(symlink(link, p), 0);
}

static bool taken(const char *name)
{
	return !strcmp(name, "nvme0n1") || !strcmp(name, "sda");
}

struct seen {
	char text[2048];
	size_t n;
};

static void collect(const char *name, const char *why, void *arg)
{
	struct seen *s = arg;
	size_t len = strlen(s->text);

	snprintf(s->text + len, sizeof(s->text) - len, "%s=%s|", name, why);
	s->n++;
}

static void test_skipped(void **state)
{
	struct seen s = { .n = 0 };
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(root, sizeof(root), "/tmp/ssdprof-disk-skip-%d", (int)getpid());
	assert_int_equal(mkdir(root, 0755), 0);
	node("loop0", "2048", NULL);
	node("zram0", "2048", NULL);
	node("nvme0n1", "2048", "nvme");
	node("nvme0c0n1", "2048", "nvme");
	put("nvme0c0n1/hidden", "1\n");
	node("sda", "2048", "scsi");
	node("sdb", "2048", "scsi");
	put("sdb/device/vendor", "SEAGATE\x1b  \n");
	node("sdb1", "1024", NULL);
	put("sdb1/partition", "1\n");
	node("sr0", "0\n", "scsi");
	node("vda", "536870912\n", "virtio");
	node("mmcblk0", "4096", "mmc");
	disk_list_skipped(root, taken, collect, &s);
	print_message("%s\n", s.text);
	assert_string_equal(s.text, "mmcblk0=MMC/SD card: no NVMe or ATA identify|"
			    "sdb=SCSI disk (SEAGATE?): SAS, USB or virtual, no ATA identify|"
			    "vda=virtio disk: no NVMe or ATA identify|");
	assert_int_equal(s.n, 3);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skipped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
