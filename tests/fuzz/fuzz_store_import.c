// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the store's import (store/store_import.c) of a
 * hostile result file: any bytes are refused with one printable line, or
 * added whole, after which importing them again adds nothing, every
 * question answers and the drive's model finds its rows.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "results/json_get.h"
#include "results/result_load.h"
#include "store/store.h"
#include "tests/fuzz/fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	enum store_outcome outcome;
	char line[1024];
	unsigned calls;
};

static void note(void *ctx, const char *path, enum store_outcome outcome, const char *line)
{
	struct seen *s = ctx;

	(void)path;
	s->outcome = outcome;
	snprintf(s->line, sizeof(s->line), "%s", line);
	s->calls++;
}

/* Every question answers (the model's with the model of the document imported). */
static void ask_all(struct store *st, const char *model)
{
	char err[1024];

	for (int q = 0; q < STORE_Q_COUNT; q++) {
		struct json_object *rows;

		if (store_query(st, (enum store_question)q, model, &rows, err, sizeof(err)))
			abort();
		if (q == STORE_Q_MODEL && model && !jlen(rows))
			abort();
		json_object_put(rows);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[1024];
	char *paths[] = { path, NULL };
	struct store_import_counts n;
	struct seen seen = { 0 };
	struct json_object *doc = NULL;
	struct store *st;
	FILE *f;

	snprintf(path, sizeof(path), "/tmp/fuzz_store_import.%d.json", (int)getpid());
	f = fopen(path, "w");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	if (store_open(":memory:", true, &st, err, sizeof(err)))
		abort();
	if (store_import(st, paths, 1, note, &seen, &n, err, sizeof(err)) || seen.calls != 1)
		abort();
	if (seen.outcome == STORE_REFUSED) {
		fuzz_check_message(seen.line, sizeof(seen.line));
		if (n.refused != 1 || n.added)
			abort();
	} else {
		const char *model;

		if (seen.outcome != STORE_ADDED || n.added != 1)
			abort();
		if (store_import(st, paths, 1, note, &seen, &n, err, sizeof(err)) || n.duplicate != 1 || n.added)
			abort();
		if (result_parse((const char *)data, size, &doc, NULL, err, sizeof(err)))
			abort();
		model = jstr(jget(doc, "target"), "model");
		/* A drive's model finds its rows; a batch or a qualify names none at the top. */
		ask_all(st, model && jstr(jget(doc, "target"), "kind") && strcmp(jstr(jget(doc, "target"), "kind"),
			"batch") ? model : NULL);
		json_object_put(doc);
	}
	store_close(st);
	unlink(path);
	return 0;
}
