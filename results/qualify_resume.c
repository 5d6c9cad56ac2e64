/* SPDX-License-Identifier: MIT */
/* What a qualify's --resume folder must hold (results/qualify_resume.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "results/json_get.h"
#include "results/qualify_resume.h"
#include "results/result_identity.h"
#include "results/result_load.h"
#include "util/escape.h"

int qualify_resume_check(const char *dir, struct requirement_set *reqs, char *msg, size_t len)
{
	char path[PATH_MAX], err[1024];
	struct json_object *doc;
	enum result_kind kind;
	struct stat st;
	ESCAPE_BUF(q);
	int ret;

	escape_arg(q, sizeof(q), dir);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(msg, len, "--resume: '%s' holds no qualify; give the --out directory of one", q);
		return -ENOENT;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/result.json", dir) >= sizeof(path)) {
		snprintf(msg, len, "--resume: the directory name is too long");
		return -ENAMETOOLONG;
	}
	/* Interrupted before its first drive ended, a qualify has its drives' folders and no result.json yet. */
	ret = result_load(path, &doc, &kind, err, sizeof(err));
	if (ret == -ENOENT)
		return 0;
	if (ret) {
		snprintf(msg, len, "--resume: %s; start a new qualify", err);
		return ret;
	}
	if (kind != RESULT_KIND_QUALIFY) {
		json_object_put(doc);
		snprintf(msg, len, "--resume: '%s' holds a %s result, not a qualify; give the --out directory of a "
			 "qualify", q, result_kind_name(kind));
		return -EINVAL;
	}
	/* The saved requirements stand unless new ones are given, held to the command line's rules. */
	if (!reqs->n) {
		struct json_object *saved = jget(jget(doc, "settings"), "requirements");

		for (size_t i = 0; i < json_object_array_length(saved); i++) {
			const char *r = json_object_get_string(json_object_array_get_idx(saved, i));

			if (!json_object_is_type(json_object_array_get_idx(saved, i), json_type_string) ||
			    requirements_add_arg(reqs, r, err, sizeof(err))) {
				snprintf(msg, len, "--resume: %s: settings.requirements[%zu]: %s; give --require", path, i,
					 json_object_is_type(json_object_array_get_idx(saved, i), json_type_string)
					 ? err : "expected a requirement");
				json_object_put(doc);
				return -EINVAL;
			}
		}
	}
	json_object_put(doc);
	return 0;
}

/* The first saved document in a drive's folder that says whose it is; NULL when it holds none. */
static struct json_object *saved_drive_doc(const char *drive_dir)
{
	const char *parts[] = { "sweep", "slc", qualify_qd_dirs[0], qualify_qd_dirs[1] };
	char path[PATH_MAX + 64], err[512];
	struct json_object *doc;
	enum result_kind kind;

	for (size_t k = 0; k < sizeof(parts) / sizeof(parts[0]); k++) {
		snprintf(path, sizeof(path), "%s/%s/result.json", drive_dir, parts[k]);
		if (!result_load(path, &doc, &kind, err, sizeof(err)))
			return doc;
	}
	return NULL;
}

int qualify_resume_drives(const char *dir, const struct qualify_drive *d, unsigned n, char *msg, size_t len)
{
	char own[PATH_MAX + 16], other[PATH_MAX + 16], err[1024];
	int rc = 0;

	for (unsigned i = 0; i < n && !rc; i++) {
		struct json_object *doc;

		snprintf(own, sizeof(own), "%s/drive-%u", dir, d[i].index);
		if (!(doc = saved_drive_doc(own)) || !result_identity_check(doc, d[i].t, err, sizeof(err))) {
			json_object_put(doc);
			continue;
		}
		json_object_put(doc);
		rc = -EINVAL;
		ESCAPE_BUF(q);
		escape_arg(q, sizeof(q), own);
		/* Never one drive's sweep for another: name where this one's results are, when they are here. */
		for (unsigned j = 0; j < n; j++) {
			char ignored[64];

			snprintf(other, sizeof(other), "%s/drive-%u", dir, d[j].index);
			if (j == i || !(doc = saved_drive_doc(other)))
				continue;
			if (!result_identity_check(doc, d[i].t, ignored, sizeof(ignored))) {
				json_object_put(doc);
				snprintf(msg, len, "--resume: %s holds the results of %s; TARGET %u's are in drive-%u: give "
					 "the TARGETs in the order of the first run", q, err, d[i].index, d[j].index);
				return rc;
			}
			json_object_put(doc);
		}
		snprintf(msg, len, "--resume: %s holds the results of %s; give the TARGETs of the first run, or a new "
			 "--out", q, err);
	}
	return rc;
}
