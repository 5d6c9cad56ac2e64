/* SPDX-License-Identifier: MIT */
/*
 * The disks `list` does not profile as NVMe namespaces or SATA disks
 * (virtio, SCSI/SAS, USB, MMC ...), named with why, so a user who sees no
 * drive knows what was found and what to do.  Reads sysfs only.
 */
#ifndef SSDPROF_DISK_SKIP_H
#define SSDPROF_DISK_SKIP_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Every whole disk under sys_block (normally /sys/class/block), in name
 * order, that taken() does not claim: fn gets its kernel name and why
 * it is not profiled ("virtio disk: no NVMe or ATA identify").  Nodes
 * that are no disk of their own are left out: partitions, devices without
 * a device link (loop, dm, md, zram, ram, nbd) and empty media (size 0).
 */
void disk_list_skipped(const char *sys_block, bool (*taken)(const char *node),
		       void (*fn)(const char *node, const char *why, void *arg), void *arg);

#endif
