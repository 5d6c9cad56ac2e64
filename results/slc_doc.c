/* SPDX-License-Identifier: MIT */
/* The document of an SLC probe (results/slc_doc.h). */
#include <errno.h>

#include <json-c/json.h>

#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/slc_doc.h"
#include "results/slc_json.h"

struct json_object *slc_settings_json(const struct slc_settings *s)
{
	struct json_object *settings = json_object_new_object(), *idle = json_object_new_array();

	json_object_object_add(settings, "bs", json_object_new_int64(s->bs));
	json_object_object_add(settings, "qd", json_object_new_int((int)s->qd));
	json_object_object_add(settings, "prefill_percent", result_json_number(s->prefill_pct, 2));
	json_object_object_add(settings, "prefill_idle_s", result_json_number((double)s->prefill_idle_ns / 1e9, RP_SECONDS));
	for (size_t i = 0; i < s->nidle; i++)
		json_object_array_add(idle, result_json_number((double)s->idle_ns[i] / 1e9, RP_SECONDS));
	json_object_object_add(settings, "idle_s", idle);
	json_object_object_add(settings, "purge_method", s->purge_method ? json_object_new_string(s->purge_method) : NULL);
	json_object_object_add(settings, "seed", json_object_new_uint64(s->seed));
	return settings;
}

int slc_json_doc(const char *command, struct target *t, const struct slc_settings *s, const struct slc_result *r,
		 const struct raid_snap *before, const struct raid_snap *after, struct json_object **docp)
{
	struct json_object *doc, *slc;
	int ret;

	if (!(doc = *docp = result_doc_new_kind(RESULT_KIND_SLC, command, t)))
		return -ENOMEM;
	json_object_object_add(doc, "settings", slc_settings_json(s));
	slc = slc_json(r);
	json_object_object_add(doc, "slc", slc);
	if (before) {
		/* Each member over the whole probe, purge to the end: the member that held the group back. */
		json_object_object_add(doc, "group", raid_group_json(t));
		if ((ret = raid_members_json_add(slc, t, before, after, NULL)))
			return ret;
	}
	result_doc_finish(doc, t);
	return 0;
}
