/* SPDX-License-Identifier: MIT */
/*
 * Regular files and block devices as targets, through io_uring with O_DIRECT
 * (kinds "file" and "block").  One ring per target, with the file and the
 * engine's buffers registered; submission is batched: submit() only fills
 * SQEs, and the next reap() hands them to the kernel in the same system call
 * that waits for completions.
 *
 * The ring belongs to the thread that opened the target (it is set up
 * single-issuer): a RAID group drives its members' rings from that one
 * thread and sleeps on their completion eventfds together.
 */
#ifndef SSDPROF_URING_TARGET_H
#define SSDPROF_URING_TARGET_H

#include <stdbool.h>
#include <stddef.h>

struct target;

/* Largest queue depth of a file or block target. */
#define URING_MAX_QD 1024

/*
 * Open path (a regular file or a block device) for O_DIRECT I/O.  Opened
 * read-write when permitted, else read-only (then the target lacks the
 * write, trim and purge capabilities); with TARGET_OPEN_READONLY in flags,
 * read-only whatever the permissions.  -errno and a one-line reason on
 * failure: missing path, a directory, no O_DIRECT on the filesystem, no
 * io_uring in the kernel (-ENOSYS), an empty file.  The target has the
 * register_buffers hook (fixed buffers for the engine's memory).
 */
int uring_target_open(const char *path, unsigned flags, struct target **out, char *err,
		      size_t errlen);

/*
 * Whether uring_target_open without TARGET_OPEN_READONLY would give path the
 * write capability, found without opening it for writing: a regular file or
 * block device with write permission, and a block device not read-only
 * (blockdev --setro, losetup -r).  False for anything else.
 */
bool uring_target_path_writable(const char *path);

#endif
