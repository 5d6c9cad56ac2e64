/* SPDX-License-Identifier: MIT */
/*
 * What the device commands (purge, op, and the destructive checks of the
 * others) share: the one safety gate's messages and exit code, --dry-run and
 * progress for NVMe and SATA targets, each drive's method lists, and the
 * few questions only some kinds answer (the target's control hook).
 */
#ifndef SSDPROF_DEV_COMMON_H
#define SSDPROF_DEV_COMMON_H

#include <stdbool.h>
#include <stddef.h>

struct target;

/*
 * The safety gate for a command, cmd, that writes (device/safety.h,
 * safety_gate, says what it checks): 0, or EXIT_REFUSED after printing
 * "cmd: reason".  With dry_run the confirmation is not needed (nothing will
 * be sent); what it will need is printed on stdout instead.  A RAID group of
 * drives checks every member; yes is then a comma-separated list with each
 * member's serial.  Without dry_run, each drive or file is then claimed
 * for cmd until the target closes: a second writer is refused (EXIT_REFUSED,
 * naming the holder).  A read-only drive or file gives EXIT_USAGE.
 */
int dev_safety_gate(struct target *t, const char *yes, bool force, bool dry_run, const char *cmd);
/* " --yes NAME" when writing to t needs it, else "": for a suggested command line to run as printed. */
const char *dev_yes_arg(const struct target *t, char *buf, size_t len);

/* Print the commands instead of sending them (NVMe and SATA targets and groups of them; others ignore it). */
void dev_set_dry_run(struct target *t, bool dry_run, void *out);
/* Sanitize / erase progress on stderr. */
void dev_set_progress(struct target *t);
/* The purge and OP methods t supports. */
void dev_methods(struct target *t, char *purge, size_t plen, char *op, size_t olen);
/* 0 when t can purge by method (auto: NULL), else -EOPNOTSUPP and the one-line reason.  Sends nothing. */
int dev_purge_supported(struct target *t, const char *method, char *err, size_t errlen);

/* The native capacity (SATA: READ NATIVE MAX ADDRESS), for op --show; 0 when unknown. */
unsigned long long dev_native_bytes(struct target *t);
/* HPA changes survive power cycles (SATA); -ENOTTY for a target without HPA. */
int dev_set_permanent(struct target *t, bool permanent);
/* Whether t has namespaces (NVMe): its set_op hook explains why namespace OP is not possible. */
bool dev_has_namespaces(struct target *t);
/* Why namespace OP is off although the drive claims it (a refusal recorded earlier), or NULL. */
const char *dev_nsmgmt_refused(struct target *t);

#endif
