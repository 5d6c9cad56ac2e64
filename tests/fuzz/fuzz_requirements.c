// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for a --requirements file (profiler/requirements.c over
 * util/json_strict.c): any bytes are either refused with one printable line
 * or give between 1 and REQ_MAX requirements, each of a figure and a limit
 * within range.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "profiler/requirements.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct requirement_set set = { .n = 0 };
	char err[512] = "";
	int ret = requirements_add_json(&set, (const char *)data, size, err, sizeof(err));

	if (ret) {
		/* -EINVAL, or -ERANGE for a limit out of range */
		if (ret > 0)
			abort();
		fuzz_check_message(err, sizeof(err));
		return 0;
	}
	if (!set.n || set.n > REQ_MAX)
		abort();
	for (size_t i = 0; i < set.n; i++)
		if (set.r[i].figure >= REQ_NFIGURES || !(set.r[i].limit >= 0 && set.r[i].limit <= REQ_LIMIT_MAX))
			abort();
	return 0;
}
