/* SPDX-License-Identifier: MIT */
/*
 * The folder a command saves its result in: the one asked for (made with
 * its parents) or a fresh ./ssdprof-results/<UTC timestamp>/, refused when
 * it holds another command's result.json (which would be replaced, its
 * files left beside the new ones), and written to once before anything
 * runs, so a folder that is read-only, full or gone is found before a drive
 * is touched, not after hours of measuring.
 */
#ifndef SSDPROF_RESULT_DIR_H
#define SSDPROF_RESULT_DIR_H

#include <stddef.h>

#define RESULT_DEFAULT_OUT_PARENT "ssdprof-results"

/*
 * The results directory into dir (len bytes): requested (created with its
 * parents), or a new ./ssdprof-results/<UTC timestamp>/ when requested is
 * NULL.  A requested folder holding another subcommand's result.json than
 * cmd's is refused (-EEXIST).  0 or -errno with a one-line reason in err.
 */
int result_dir_make(const char *cmd, const char *requested, char *dir, size_t len, char *err, size_t errlen);

#endif
