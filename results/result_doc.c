/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <json-c/json.h>

#include "config.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "device/target.h"
#include "util/text.h"

static struct json_object *str_or_null(const char *s)
{
	return s && *s ? json_object_new_string(s) : NULL;
}

struct json_object *result_host_json(void)
{
	struct json_object *o = json_object_new_object();
	struct utsname u;
	char host[256] = "";
	bool known = uname(&u) == 0;

	if (!o)
		return NULL;
	if (gethostname(host, sizeof(host) - 1) < 0)
		host[0] = '\0';
	json_object_object_add(o, "hostname", str_or_null(host));
	json_object_object_add(o, "os", known ? str_or_null(u.sysname) : NULL);
	json_object_object_add(o, "kernel", known ? str_or_null(u.release) : NULL);
	json_object_object_add(o, "kernel_build", known ? str_or_null(u.version) : NULL);
	json_object_object_add(o, "machine", known ? str_or_null(u.machine) : NULL);
	json_object_object_add(o, "ssdprof_version", json_object_new_string(SSDPROF_VERSION));
	return o;
}

struct json_object *result_doc_new_kind(enum result_kind k, const char *command, const struct target *t)
{
	const char *kind = result_kind_name(k);
	struct json_object *doc = json_object_new_object(), *tool = json_object_new_object();
	char stamp[32];

	json_object_object_add(doc, "schema", json_object_new_string(RESULT_SCHEMA));
	json_object_object_add(doc, "kind", json_object_new_string(kind));
	json_object_object_add(tool, "version", json_object_new_string(SSDPROF_VERSION));
	json_object_object_add(doc, "tool", tool);
	json_object_object_add(doc, "host", result_host_json());
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
