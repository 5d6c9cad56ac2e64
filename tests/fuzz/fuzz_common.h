/* SPDX-License-Identifier: MIT */
/* What every harness checks of an error message: one line of printable ASCII, within its buffer. */
#ifndef SSDPROF_FUZZ_COMMON_H
#define SSDPROF_FUZZ_COMMON_H

#include <stdlib.h>
#include <string.h>

static inline void fuzz_check_message(const char *err, size_t errlen)
{
	size_t n = strnlen(err, errlen);

	if (n == errlen)
		abort();        /* not terminated */
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)err[i] < 0x20 || (unsigned char)err[i] > 0x7e)
			abort();        /* a raw byte of the input reached the message */
}

#endif
