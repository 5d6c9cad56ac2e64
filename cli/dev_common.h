/* SPDX-License-Identifier: MIT */
/*
 * What the device commands (purge, op, and the destructive checks of the
 * others) share: the one path to a target and its safety gate, --dry-run and
 * progress for NVMe and SATA targets, each drive's method lists, and the
 * few questions only some kinds answer (the target's control hook).
 */
#ifndef SSDPROF_DEV_COMMON_H
#define SSDPROF_DEV_COMMON_H

#include <stdbool.h>
#include <stddef.h>

struct target;

/*
 * The one way a command reaches its TARGET (DESIGN.md 7): open it
 * (o->open, with o->flags as the command table gives them, cli/options.c),
 * run the command's checks against it (o->check; every usage refusal,
 * exit 2, comes before the gate's exit 3), then, when the open was for
 * writing (TARGET_OPEN_WRITE), the safety gate: device/safety.h's
 * safety_gate, with its refusals printed as "cmd: reason" (EXIT_REFUSED;
 * a read-only drive or file gives EXIT_USAGE).  With dry_run no
 * confirmation is needed (nothing will be sent): what it will need is
 * printed on stdout instead.  A RAID group checks every member; yes is
 * then a comma-separated list with each member's serial.  Without dry_run
 * each drive or file is then claimed for cmd until the target closes: a
 * second writer is refused (EXIT_REFUSED, naming the holder).
 * 0; DEV_OPEN_DONE when o->check said nothing is left to do (no gate); or
 * an exit code after printing why.  *t, once opened, is the caller's to
 * close, whatever the answer.
 */
struct dev_open {
	const char *cmd;
	const char *yes;
	bool force, dry_run;
	unsigned flags;   /* target_open_flags */
	/* Open *t with flags: 0, or an exit code after printing why. */
	int (*open)(void *arg, unsigned flags, struct target **t);
	/* NULL, or the checks of the opened target: 0, DEV_OPEN_DONE, or an exit code after printing why. */
	int (*check)(void *arg, struct target *t);
	void *arg;
};
#define DEV_OPEN_DONE (-1)
int dev_open_gated(const struct dev_open *o, struct target **t);
/* " --yes NAME" when writing to t needs it, else "": for a suggested command line to run as printed. */
const char *dev_yes_arg(const struct target *t, char *buf, size_t len);

/* Print the commands instead of sending them (NVMe and SATA targets and groups of them; others ignore it). */
void dev_set_dry_run(struct target *t, bool dry_run, void *out);
/* Sanitize / erase progress on stderr. */
void dev_set_progress(struct target *t);
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
