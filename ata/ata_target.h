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
bool ata_target_is(const struct target *t);
/* HPA changes survive power cycles (SET MAX ADDRESS EXT with VV set). */
void ata_target_set_permanent(struct target *t, bool permanent);
void ata_target_methods(const struct target *t, char *purge, size_t plen, char *op, size_t olen);
/* The native capacity (READ NATIVE MAX ADDRESS EXT), for op --show; 0 when unknown. */
unsigned long long ata_target_native_bytes(struct target *t);

/* Whether a kernel block name is a whole disk on an ATA (libata) drive ("sda"). */
bool ata_is_disk_node(const char *node);

#endif
