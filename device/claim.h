/* SPDX-License-Identifier: MIT */
/*
 * The exclusive claim of a drive or a file by a command that writes
 * (DESIGN.md 7), taken by the safety gate once its checks pass and held
 * until the target is closed.  Two locks, both dropped by the kernel when
 * the process ends, so a crashed holder blocks nobody:
 *
 *  - a block device is opened with O_EXCL: the kernel refuses a second
 *    exclusive opener (another ssdprof, a mount, md, device-mapper, mkfs);
 *  - a lock file in the state folder (op_journal_dir: $SSDPROF_STATE, else
 *    the build's state folder, e.g. /var/lib/ssdprof) named after the device ("lock-loop3") or, for a
 *    regular file, after its inode ("lock-file-DEV-INO"), flock()ed and
 *    holding the holder's pid, start and command line, so a refusal can say
 *    who holds the drive.  A regular file is flock()ed itself as well, so
 *    two writers of one file exclude each other even where the state folder
 *    is not writable (a user without root).
 *
 * Simulated drives need no claim.
 */
#ifndef SSDPROF_CLAIM_H
#define SSDPROF_CLAIM_H

#include <stdbool.h>
#include <stddef.h>

struct target;
struct device_claim;

/*
 * Claim t (a file or a block device; a simulated drive passes) for the
 * command cmd ("run", "purge", ...), attaching the claim to t so
 * target_close releases it; a target already claimed passes.  0, or -EBUSY
 * and the one-line reason naming the holder (pid, command, since when).
 * With force, a block device the kernel will not give exclusively to anyone
 * (mounted, held by md or dm) is still claimed through its lock file: the
 * gate has already let --force --yes through for it.  Other -errno when the
 * claim itself fails.
 */
int device_claim(struct target *t, const char *cmd, bool force, char *reason, size_t len);

/*
 * Whether paths a and b name one drive or file under two spellings (a
 * symlink, /dev/disk/by-*, a hard link): the same st_rdev of two block
 * devices, the same st_dev and st_ino of two regular files, links followed.
 * What cannot be stat()ed (a sim: TARGET, a missing path) is no drive here.
 * Two claims of one drive by one command would refuse each other.
 */
bool device_same(const char *a, const char *b);

/* Drop a claim (target_close calls it); NULL is fine. */
void device_claim_release(struct device_claim *c);

/*
 * 0 when path can take writes: a block device the kernel does not mark
 * read-only (BLKROGET), a regular file with write permission; anything else
 * (a missing path, a character device) passes, for the open to judge.
 * -EROFS and the one-line reason otherwise.
 */
int device_check_writable(const char *path, char *reason, size_t len);

#endif
