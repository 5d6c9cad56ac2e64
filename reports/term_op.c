/* SPDX-License-Identifier: MIT */
/* What op --show prints (reports/term_op.h). */
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "reports/term_op.h"
#include "results/json_get.h"

static unsigned long long bytes(struct json_object *o, const char *key)
{
	return (unsigned long long)json_object_get_uint64(jget(o, key));
}

void term_op(FILE *f, struct json_object *o, const char *yes_arg)
{
	const char *method = jstr(o, "op_method"), *path = jstr(o, "path");
	unsigned long long orig = bytes(o, "original_bytes"), usable = bytes(o, "usable_bytes");

	fprintf(f, "%s: %llu bytes usable of %llu original (OP %.2f%%, %s)\n", path, usable, orig,
		orig ? 100.0 * (1.0 - (double)usable / (double)orig) : 0, method ? method : "no OP set by ssdprof");
	if (jget(o, "native_bytes"))
		fprintf(f, "native capacity (READ NATIVE MAX): %llu bytes\n", bytes(o, "native_bytes"));
	fprintf(f, "OP methods: %s\n", jstr(o, "op_methods"));
	if (method)
		fprintf(f, "journal: since %s, last step %s; undo with ssdprof op %s --restore%s\n",
			jstr(o, "journal_since"), jstr(o, "journal_step"), path, yes_arg);
}
