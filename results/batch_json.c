/* SPDX-License-Identifier: MIT */
/* The document of a batch (results/batch_json.h). */
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include <json-c/json.h>

#include "results/batch_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "util/exit_code.h"

struct json_object *batch_target_json(const struct batch_drive *d, unsigned n)
{
	struct json_object *b = json_object_new_object();
	char path[1024];
	size_t l = 0;

	path[0] = '\0';
	for (unsigned i = 0; i < n && l < sizeof(path); i++)
		l += (size_t)snprintf(path + l, sizeof(path) - l, "%s%s", i ? " " : "", d[i].spec);
	json_object_object_add(b, "kind", json_object_new_string("batch"));
	json_object_object_add(b, "path", json_object_new_string(path));
	return b;
}

static const char *status_of(int rc)
{
	return !rc ? "ok" : rc == EXIT_INTERRUPTED ? "interrupted" : "failed";
}

bool batch_drive_saved(const struct batch_drive *d)
{
	char path[PATH_MAX + 16];

	snprintf(path, sizeof(path), "%s/result.json", d->dir);
	return !access(path, F_OK);
}

static struct json_object *drive_json(const struct batch_drive *d)
{
	struct json_object *o = json_object_new_object(), *h = NULL;
	char results[32];

	snprintf(results, sizeof(results), "drive-%u", d->index);
	json_object_object_add(o, "index", json_object_new_int((int)d->index));
	json_object_object_add(o, "target", json_object_new_string(d->spec));
	/* null: nothing to link to; the page and the table say why (error). */
	json_object_object_add(o, "results", batch_drive_saved(d) ? json_object_new_string(results) : NULL);
	json_object_object_add(o, "status", json_object_new_string(status_of(d->rc)));
	json_object_object_add(o, "error", d->rc ? json_object_new_string(d->error[0] ? d->error : status_of(d->rc))
					    : NULL);
	if (d->figure) {
		h = json_object_new_object();
		json_object_object_add(h, "name", json_object_new_string(d->figure));
		json_object_object_add(h, "value", isnan(d->value) ? NULL : result_json_number(d->value, 2));
	}
	json_object_object_add(o, "headline", h);
	return o;
}

struct json_object *batch_json_doc(const char *command, const char *subcommand, const struct batch_drive *d,
				   unsigned n)
{
	struct json_object *doc = result_doc_new_kind(RESULT_KIND_BATCH, command, d[0].t),
			   *drives = json_object_new_array();

	if (!doc || !drives) {
		json_object_put(doc);
		json_object_put(drives);
		return NULL;
	}
	json_object_object_add(doc, "target", batch_target_json(d, n));
	json_object_object_add(doc, "subcommand", json_object_new_string(subcommand));
	json_object_object_add(doc, "drives", drives);
	for (unsigned i = 0; i < n; i++)
		json_object_array_add(drives, drive_json(&d[i]));
	result_doc_finish(doc, d[0].t);
	return doc;
}
