/* SPDX-License-Identifier: MIT */
/*
 * The one safety gate (DESIGN.md section 7): before anything destructive
 * touches a real device, is it in use, does it hold a partition table or a
 * filesystem, and did the user confirm this very drive.  Every command that
 * writes to a target reaches safety_gate() through one function,
 * cli/dev_common.c's dev_open_gated (open, the command's checks, the gate),
 * before it sends anything: run (with writes), purge, op (--set,
 * --restore), precondition, sweep, slc, qualify, batches and groups.
 *
 * Nothing here writes to a device.  Reasons are one line, without a trailing
 * newline, for the caller to print; exit codes are the caller's.
 */
#ifndef SSDPROF_SAFETY_H
#define SSDPROF_SAFETY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
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
 * A partition table or filesystem signature on path (libblkid's safe probe):
 * 1 and its description ("an ext4 signature", "a gpt partition table"), 0
 * when there is none, -errno when the probe fails.  Only reads.
 */
int safety_signature(const char *path, char *what, size_t len);

/*
 * 0 when yes confirms the target: it equals the serial the drive reports,
 * or, for a drive without one (a loop device), its kernel name ("loop3").
 * -EPERM and the reason otherwise, naming what to type.
 */
int safety_confirm(const struct target *t, const char *yes, char *reason, size_t len);

/*
 * What --yes must say for t (its serial, or its kernel name), into buf; NULL
 * when writing to t needs no confirmation (a regular file, a simulated
 * drive).  For the commands a message suggests, so they run as printed.
 */
const char *safety_confirm_name(const struct target *t, char *buf, size_t len);

/* The most loop devices over one file a check looks at. */
#define SAFETY_MAX_LOOPS 8

/*
 * The loop devices whose backing file is the file sb describes, by identity
 * (st_dev and st_ino, never its name: each loop device's loop/backing_file
 * stat()ed): their kernel names into names ("loop3"); how many (at most
 * max).
 */
unsigned safety_file_loops(const struct stat *sb, char (*names)[32], unsigned max);

/*
 * The backing file of the loop device named node ("loop3"): 0, its stat()
 * into sb and its name into file; -ENOENT when node is no loop device or
 * has none.
 */
int safety_loop_backing(const char *node, struct stat *sb, char *file, size_t len);

struct safety_request {
	const char *yes;        /* --yes: the serial; for a group, S1,S2,... one per member */
	bool force;             /* --force: in use or a signature does not refuse (still needs yes) */
	/*
	 * --dry-run: nothing will be sent, so no confirmation is needed; note
	 * (when not NULL) gets, for each drive not confirmed, the line saying
	 * what the real run will need.
	 */
	bool dry_run;
	void (*note)(const char *line, void *arg);
	void *note_arg;
	/*
	 * The command ("run", "purge", ...): once the checks pass, each drive
	 * or file is claimed for it (device/claim.h) until the target closes.
	 * NULL, or a dry run, claims nothing.
	 */
	const char *cmd;
};

/*
 * The gate for a destructive step on t.  A simulated drive passes.  A file
 * or device that cannot take writes (a read-only device, a file without
 * write permission or without any write bit in its mode, even for root) is
 * refused, dry run or not.  A regular file that backs a loop device, or
 * holds a partition table or filesystem signature, is the storage it stands
 * for: the loop device's in-use checks, the signature, and a confirmation
 * by the loop device's kernel name (else the file's name).  A real device
 * (TARGET_CAP_REAL_DEVICE) must not be in use (safety_check_in_use) nor
 * hold a signature (safety_signature) unless force and yes are both given,
 * and yes must confirm it (safety_confirm).  Then, with rq->cmd and no dry
 * run, the drive or file is claimed (device_claim).  A group
 * (TARGET_CAP_GROUP) does all this for every member, each confirmed by its
 * entry of yes.  0, or a negative errno and the one-line reason: -EROFS
 * read-only, -EBUSY in use, a signature or claimed by another writer,
 * -EPERM not confirmed, other values when a check itself failed.
 */
int safety_gate(struct target *t, const struct safety_request *rq, char *reason, size_t len);

#endif
