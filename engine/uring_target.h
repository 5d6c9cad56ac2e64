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

#include <stddef.h>
#include <sys/uio.h>

struct target;

/* Largest queue depth of a file or block target. */
#define URING_MAX_QD 1024

/*
 * Open path (a regular file or a block device) for O_DIRECT I/O.  Opened
 * read-write when permitted, else read-only (then the target lacks the
 * write, trim and purge capabilities).  -errno and a one-line reason on
 * failure: missing path, a directory, no O_DIRECT on the filesystem, no
 * io_uring in the kernel (-ENOSYS), an empty file.
 */
int uring_target_open(const char *path, struct target **out, char *err, size_t errlen);

/*
 * Register buffers for fixed-buffer I/O; requests whose buf lies inside one
 * use it.  Replaces an earlier registration.  -EOPNOTSUPP for other kinds of
 * target (the engine calls this on any target and ignores that).  Unregister
 * before freeing the memory.
 */
int uring_target_register_buffers(struct target *t, const struct iovec *iov, unsigned n);
void uring_target_unregister_buffers(struct target *t);

#endif
