/* SPDX-License-Identifier: MIT */
/*
 * Every kind of result document, once (issue 24): its name in the
 * document's "kind", what its command is called in a sentence, the member
 * no document of it is without, and whether its drives carry verdicts.  The
 * loader's fields of each kind are in result_load_kinds.c and the page, CSV
 * and comparison of each in reports/report.c, both indexed by enum
 * result_kind and checked at build time to cover every kind.  Nothing else
 * compares kind names: it asks result_kind_find.
 */
#ifndef SSDPROF_RESULT_KINDS_H
#define SSDPROF_RESULT_KINDS_H

#include <stdbool.h>
#include <stddef.h>

enum result_kind {
	RESULT_KIND_RUN,
	RESULT_KIND_PRECONDITION,
	RESULT_KIND_SWEEP,
	RESULT_KIND_SLC,
	RESULT_KIND_QUALIFY,
	RESULT_KIND_BATCH,
	RESULT_KIND_PTS,
	RESULT_KIND_COUNT
};

struct result_kind_info {
	const char *name;             /* the document's "kind": "sweep" */
	const char *noun;             /* its command in a sentence: "SLC probe", "qualification" */
	const char *member;           /* what a document of it cannot be without: "points" */
	bool verdicts;                /* its drives[] carry pass/fail verdicts (qualify, not batch) */
};

extern const struct result_kind_info result_kinds[RESULT_KIND_COUNT];
/* The names in enum order, NULL-ended (the loader's check of "kind"). */
extern const char *const result_kind_names[RESULT_KIND_COUNT + 1];

/* The kind named name, or -1 (name NULL or no kind's). */
int result_kind_find(const char *name);

/* "run", "precondition", "sweep", "slc", "qualify", "batch" or "pts"; "?" past the last. */
const char *result_kind_name(enum result_kind kind);

/* The names in enum order into buf: "run, precondition, ..., qualify" then last_sep and the last. */
void result_kind_list(char *buf, size_t len, const char *last_sep);

#endif
