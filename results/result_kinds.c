// SPDX-License-Identifier: MIT
/* The table of result kinds (results/result_kinds.h). */
#include <stdio.h>
#include <string.h>

#include "results/result_kinds.h"

/* Every kind once: X(enum id, name, noun, member, verdicts).  The table and the loader's list of names come from it. */
#define KINDS(X) \
	X(RUN, "run", "run", "series", false) \
	X(PRECONDITION, "precondition", "preconditioning", "precondition", false) \
	X(SWEEP, "sweep", "sweep", "points", false) \
	X(SLC, "slc", "SLC probe", "slc", false) \
	X(QUALIFY, "qualify", "qualification", "drives", true) \
	X(BATCH, "batch", "batch", "drives", false) \
	X(PTS, "pts", "PTS test", "pts", false)

#define INFO(id, name, noun, member, verdicts) [RESULT_KIND_##id] = { name, noun, member, verdicts },
#define NAME(id, name, noun, member, verdicts) [RESULT_KIND_##id] = name,

const struct result_kind_info result_kinds[RESULT_KIND_COUNT] = { KINDS(INFO) };
const char *const result_kind_names[RESULT_KIND_COUNT + 1] = { KINDS(NAME) [RESULT_KIND_COUNT] = NULL };

/* A kind of the enum left out of KINDS would be a zeroed entry: counted here instead. */
#define ONE(id, name, noun, member, verdicts) +1
_Static_assert(0 KINDS(ONE) == RESULT_KIND_COUNT, "every enum result_kind has its entry in KINDS");

int result_kind_find(const char *name)
{
	for (int k = 0; name && k < RESULT_KIND_COUNT; k++)
		if (!strcmp(result_kinds[k].name, name))
			return k;
	return -1;
}

const char *result_kind_name(enum result_kind kind)
{
	return (unsigned)kind < RESULT_KIND_COUNT ? result_kinds[kind].name : "?";
}

void result_kind_list(char *buf, size_t len, const char *last_sep)
{
	size_t off = 0;

	buf[0] = '\0';
	for (int k = 0; k < RESULT_KIND_COUNT && off < len; k++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
					!k ? "" : k + 1 == RESULT_KIND_COUNT ? last_sep : ", ", result_kinds[k].name);
}
