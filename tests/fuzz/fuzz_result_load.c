// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the result loader (results/result_load.c): any bytes
 * are either refused with one printable line or give a document that checks
 * again as valid and names a kind.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "results/result_load.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_object *doc = NULL;
	enum result_kind kind = RESULT_KIND_RUN, again = RESULT_KIND_SLC;
	char err[512] = "";
	int ret = result_parse((const char *)data, size, &doc, &kind, err, sizeof(err));

	if (ret) {
		if (ret != -EINVAL || doc)
			abort();
		fuzz_check_message(err, sizeof(err));
		return 0;
	}
	if (!doc || result_validate(doc, &again, err, sizeof(err)) || again != kind)
		abort();
	if (!result_kind_name(kind)[0] || result_kind_name(kind)[0] == '?')
		abort();
	json_object_put(doc);
	return 0;
}
