/* SPDX-License-Identifier: MIT */
/*
 * Files replaced whole: written to a temporary of the writer's own in the
 * same folder, then renamed over the old one, so a reader sees the old file
 * or the new one and two writers of one name never share a temporary.
 * Result documents and the OP journal both go through here.
 */
#ifndef SSDPROF_ATOMIC_FILE_H
#define SSDPROF_ATOMIC_FILE_H

#include <stddef.h>

/*
 * A new file DIR/.NAME.XXXXXX of its own (O_EXCL, a random suffix): two
 * commands writing the same name into one folder never share a temporary,
 * and a link left at a guessable name is never followed.  Mode 0644 less
 * the umask, as a plain open would give (mkstemp's 0600 would hide results
 * from other users).  The fd and its path in *path (malloc'd), or -errno
 * with *path NULL.
 */
int atomic_open_tmp(const char *dir, const char *name, char **path);

/*
 * Write data to DIR/name atomically: atomic_open_tmp, fsync, rename, fsync
 * DIR.  On failure the temporary is removed and DIR/name is as it was.
 * 0, or -errno with a one-line reason in err.
 */
int atomic_write_file(const char *dir, const char *name, const char *data, size_t len, char *err, size_t errlen);

#endif
