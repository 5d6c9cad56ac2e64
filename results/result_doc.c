/* SPDX-License-Identifier: MIT */
#include <errno.h>

#include <json-c/json.h>

#include "config.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "device/target.h"
#include "util/text.h"

struct json_object *result_doc_new_kind(enum result_kind k, const char *command, const struct target *t)
{
	const char *kind = result_kind_name(k);
	struct json_object *doc = json_object_new_object(), *tool = json_object_new_object();
	char stamp[32];

	json_object_object_add(doc, "schema", json_object_new_string(RESULT_SCHEMA));
	json_object_object_add(doc, "kind", json_object_new_string(kind));
	json_object_object_add(tool, "version", json_object_new_string(SSDPROF_VERSION));
	json_object_object_add(doc, "tool", tool);
	utc_stamp(stamp, sizeof(stamp), true);
	json_object_object_add(doc, "started",
			       target_has(t, TARGET_CAP_VIRTUAL_TIME) ? NULL : json_object_new_string(stamp));
	json_object_object_add(doc, "finished", NULL);
	json_object_object_add(doc, "command", json_object_new_string(command));
	json_object_object_add(doc, "target", result_target_json(t));
	return doc;
}

void result_doc_finish(struct json_object *doc, const struct target *t)
{
	char stamp[32];

	if (target_has(t, TARGET_CAP_VIRTUAL_TIME))
		return;
	utc_stamp(stamp, sizeof(stamp), true);
	json_object_object_add(doc, "finished", json_object_new_string(stamp));
}

int result_doc_mark(struct json_object *doc, bool interrupted, const char *error)
{
	if (interrupted && json_object_object_add(doc, "interrupted", json_object_new_boolean(1)) < 0)
		return -ENOMEM;
	if (error && *error && json_object_object_add(doc, "error", json_object_new_string(error)) < 0)
		return -ENOMEM;
	return 0;
}
