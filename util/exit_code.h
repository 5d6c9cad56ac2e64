/* SPDX-License-Identifier: MIT */
/*
 * The process exit codes (docs/DESIGN.md, "Exit codes"): what a command
 * handler returns and main() exits with.  Only the command layer returns
 * these; the layers below it return 0 or -errno and leave the exit code to
 * the command that called them.
 */
#ifndef SSDPROF_EXIT_CODE_H
#define SSDPROF_EXIT_CODE_H

enum exit_code {
	EXIT_OK = 0,
	EXIT_RUN_FAILED = 1,
	EXIT_USAGE = 2,
	EXIT_REFUSED = 3,
	EXIT_QUALIFY_FAILED = 4,     /* qualify ran, and a drive failed a requirement */
	EXIT_INTERRUPTED = 130,
};

#endif
