/* SPDX-License-Identifier: MIT */
/* The document of precondition (results/precondition_doc.h). */
#include <errno.h>
#include <string.h>

#include <json-c/json.h>

#include "results/precondition_doc.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"

int precondition_settings_add(struct json_object *doc, const struct precondition_settings *s,
			      const char *purge_method, const struct workload *shape, double span_pct, bool purge)
{
	struct json_object *o = json_object_new_object();
	int rc = !o;

	rc |= precondition_settings_json_add(o, s, purge ? purge_method : NULL, shape);
	rc |= json_object_object_add(o, "span_percent", result_json_number(span_pct, 2));
	rc |= json_object_object_add(o, "purge", json_object_new_boolean(purge));
	if (rc || json_object_object_add(doc, "settings", o)) {
		json_object_put(o);
		return -ENOMEM;
	}
	return 0;
}

int precondition_json_doc(const char *command, struct target *t, const struct precondition_settings *s,
			  const char *purge_method, const struct workload *shape, double span_pct, bool purge,
			  const struct precondition_result *r, struct point_info *info, struct raid_rounds *members,
			  struct json_object **docp)
{
	struct json_object *doc, *point;

	doc = *docp = result_doc_new_kind(RESULT_KIND_PRECONDITION, command, t);
	if (!doc)
		return -ENOMEM;
	result_doc_finish(doc, t);
	if (precondition_settings_add(doc, s, purge_method, shape, span_pct, purge))
		return -ENOMEM;
	point = point_json(info, r);
	json_object_object_add(doc, "precondition", point);
	if (members) {
		json_object_object_add(doc, "group", raid_group_json(t));
		return raid_rounds_json_add(members, point, r->nrounds);
	}
	return 0;
}
