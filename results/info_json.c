/* SPDX-License-Identifier: MIT */
/* The description of a target (results/info_json.h). */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "device/md_info.h"
#include "device/target.h"
#include "open/open.h"
#include "results/info_json.h"
#include "results/result_json.h"

struct json_object *info_json(struct target *t, char *err, size_t errlen)
{
	struct json_object *doc = json_object_new_object();
	struct json_object *tobj = result_target_json(t);
	struct json_object *model = json_object_new_object();
	int ret;

	if (!doc || !tobj || !model) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	/*
	 * Opened read-only, the capabilities listed are still the drive's
	 * (target_drive_caps); whether a write command could write
	 * (permissions, a read-only device) is worth knowing beside them.
	 */
	if (json_object_object_add(tobj, "writable", json_object_new_boolean(target_writable(t))) < 0) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	if (t->ops->describe) {
		ret = t->ops->describe(t, model);
		if (ret < 0) {
			snprintf(err, errlen, "describing the target failed: %s",
				 strerror(-ret));
			goto err;
		}
	}
	if (json_object_object_add(doc, "target", tobj) < 0) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	tobj = NULL;
	if (json_object_object_add(doc, "model", model) < 0) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	model = NULL;
	{
		/* An md array: level, chunk and members, as mdadm --detail shows them. */
		struct md_info md;

		if (target_has(t, TARGET_CAP_GENERIC | TARGET_CAP_REAL_DEVICE) && !md_info_read(t->info.path, &md)) {
			struct json_object *o = json_object_new_object(), *m = json_object_new_array();

			json_object_object_add(o, "name", json_object_new_string(md.name));
			json_object_object_add(o, "level", json_object_new_string(md.level));
			json_object_object_add(o, "chunk_bytes", json_object_new_uint64(md.chunk_bytes));
			json_object_object_add(o, "raid_disks", json_object_new_int((int)md.raid_disks));
			json_object_object_add(o, "state", json_object_new_string(md.state));
			for (unsigned i = 0; i < md.nmembers; i++)
				json_object_array_add(m, json_object_new_string(md.members[i]));
			json_object_object_add(o, "members", m);
			json_object_object_add(doc, "md", o);
		}
	}
	return doc;

err:
	json_object_put(model);
	json_object_put(tobj);
	json_object_put(doc);
	return NULL;
}
