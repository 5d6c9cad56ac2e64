/* SPDX-License-Identifier: MIT */
/*
 * What the device commands (purge, op, and the destructive checks of the
 * others) share: the one safety gate, --dry-run and progress for NVMe and
 * SATA targets, and each drive's method lists.
 */
#ifndef SSDPROF_DEV_COMMON_H
#define SSDPROF_DEV_COMMON_H

#include <stdbool.h>
#include <stddef.h>

struct target;

/*
 * The safety gate (DESIGN.md 7), called by every destructive command before
 * anything is sent: in use (mounted, holders, swap, root), a partition table
 * or filesystem signature (libblkid), then the --yes SERIAL confirmation.
 * With dry_run the confirmation is not needed (nothing will be sent); what it
 * will need is printed on stdout instead.  0, or
 * EXIT_REFUSED after printing the one-line reason.  Simulated targets and
 * regular files pass.  A RAID group of drives checks every member; yes is
 * then a comma-separated list with each member's serial.
 */
int dev_safety_gate(const struct target *t, const char *yes, bool force, bool dry_run, const char *cmd);

/* A partition table or filesystem signature on path: 1 and its description, 0 none, -errno. */
int dev_signature(const char *path, char *what, size_t len);

/* Print the commands instead of sending them (NVMe and SATA targets and groups of them; others ignore it). */
void dev_set_dry_run(struct target *t, bool dry_run, void *out);
/* Sanitize / erase progress on stderr. */
void dev_set_progress(struct target *t);
/* The purge and OP methods t supports. */
void dev_methods(struct target *t, char *purge, size_t plen, char *op, size_t olen);
/* 0 when t can purge by method (auto: NULL), else -EOPNOTSUPP and the one-line reason.  Sends nothing. */
int dev_purge_supported(struct target *t, const char *method, char *err, size_t errlen);

#endif
