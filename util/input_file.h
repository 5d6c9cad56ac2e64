/* SPDX-License-Identifier: MIT */
/*
 * Opening a file the user names as input (a result.json, --requirements)
 * or as a stream of output (--events), so that something that is no file
 * never blocks the command: a FIFO without a writer (or reader) is refused
 * at once, never opened the way that waits for the other end.
 */
#ifndef SSDPROF_INPUT_FILE_H
#define SSDPROF_INPUT_FILE_H

#include <stddef.h>
#include <stdio.h>

/*
 * path opened for reading when it is a regular file, into *out.  0, or
 * -errno and, into why, what is wrong in a few words ("No such file or
 * directory", "a FIFO, not a regular file"), for the caller's line.  A FIFO
 * or device is never read: it is opened without blocking and refused.
 */
int input_file_open(const char *path, FILE **out, char *why, size_t len);

/*
 * path opened for writing (created or truncated) as a line stream, into
 * *out: a regular file, a character device (a terminal, /dev/null) or a
 * FIFO someone reads.  A FIFO nobody reads, a block device (whose data it
 * would overwrite) or a folder is refused (-ENXIO, -EINVAL, -EISDIR) with
 * why; nothing waits for a reader.  0 or -errno.
 */
int output_stream_open(const char *path, FILE **out, char *why, size_t len);

#endif
