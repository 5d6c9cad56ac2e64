/* SPDX-License-Identifier: MIT */
/*
 * Safety checks before anything destructive touches a real device (DESIGN.md
 * section 7): is it in use, and did the user confirm this very drive.  Every
 * destructive command (run with writes, purge, op, precondition, sweep, slc)
 * calls safety_check_destructive() before opening the device for writing.
 *
 * Nothing here writes to a device.  Reasons are one line, without a trailing
 * newline, for the caller to print.
 */
#ifndef SSDPROF_SAFETY_H
#define SSDPROF_SAFETY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct target;

/*
 * The kernel names of the block device at path: node is its own ("sda1",
 * "loop3", "nvme0n1"), disk the whole disk it belongs to ("sda"; the same as
 * node for a whole disk).  -ENOTBLK when path is not a block device.
 */
int safety_block_names(const char *path, char *node, size_t nodelen, char *disk,
		       size_t disklen);

/*
 * 0 when nothing on this machine uses the block device at path, else -EBUSY
 * and the reason: it holds the root filesystem, is mounted or has a mounted
 * partition (/proc/self/mountinfo), has holders (md, dm, LVM:
 * /sys/class/block/X/holders, partitions included), or is active swap
 * (/proc/swaps).  Other negative errnos when the checks themselves fail.
 */
int safety_check_in_use(const char *path, char *reason, size_t len);

/*
 * 0 when the start of the device at path carries no partition table,
 * filesystem, RAID, LVM, LUKS or swap signature we know; -EBUSY and the
 * reason ("carries an ext2/3/4 filesystem signature") otherwise.  A built-in
 * list of the common signatures (libblkid would know more; see the file).
 * Only reads.
 */
int safety_check_signature(const char *path, char *reason, size_t len);

/*
 * 0 when yes confirms the target: it equals the serial the drive reports,
 * or, for a drive without one (a loop device), its kernel name ("loop3").
 * -EPERM and the reason otherwise, naming what to type.
 */
int safety_confirm(const struct target *t, const char *yes, char *reason, size_t len);

/*
 * The whole policy for a destructive step on t.  Targets without
 * TARGET_CAP_REAL_DEVICE (simulator, regular files) pass.  A real device
 * needs yes to confirm it, and must neither be in use nor carry a signature
 * unless force (which itself needs yes).  0, or -EPERM / -EBUSY with the
 * reason.
 */
int safety_check_destructive(const struct target *t, const char *yes, bool force,
			     char *reason, size_t len);

#endif
