/* SPDX-License-Identifier: MIT */
/*
 * SATA drives behind libata (kind "ata"): I/O through the io_uring target of
 * /dev/sdX; IDENTIFY, SMART, HPA, security erase and sanitize as ATA
 * PASS-THROUGH(16) through SG_IO, every answer's sense data checked.
 */
#ifndef SSDPROF_ATA_TARGET_H
#define SSDPROF_ATA_TARGET_H

#include <stdbool.h>
#include <stddef.h>


struct target;
struct json_object;

/*
 * Open /dev/sdX; flags as target_open_flags (TARGET_OPEN_READONLY).  -ENODEV
 * (err untouched) when path is not a whole disk on an ATA (libata) drive.
 */
int ata_target_open(const char *path, unsigned flags, struct target **out, char *err, size_t errlen);
/*
 * What only a SATA drive does goes through the target's control hook
 * (device/target.h): TARGET_CTL_METHODS, TARGET_CTL_NATIVE_BYTES,
 * TARGET_CTL_SET_PERMANENT, and the dry run and progress of every wrapped
 * drive.
 */

/* Whether a kernel block name is a whole disk on an ATA (libata) drive ("sda"). */
bool ata_is_disk_node(const char *node);

#endif
