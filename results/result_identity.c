/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "device/target.h"
#include "results/json_get.h"
#include "results/raid_json.h"
#include "results/result_identity.h"
#include "util/escape.h"

#define SPEC_MAX_KEYS 64

static bool same_str(const char *saved, const char *now)
{
	return (!saved && (!now || !*now)) || (saved && now && !strcmp(saved, now));
}

/* A whole number saved as JSON against a live one; 0 (unknown) is saved as null. */
static bool same_u64(struct json_object *o, const char *key, uint64_t now)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || !v)
		return now == 0;
	return json_object_is_type(v, json_type_int) && (uint64_t)json_object_get_uint64(v) == now;
}

static int compare_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A spec's comma-separated keys sorted into keys[] (pointers into buf); how many, or -1 when too many. */
static int spec_keys(const char *spec, char *buf, size_t len, char **keys)
{
	int n = 0;

	snprintf(buf, len, "%s", spec);
	for (char *save = NULL, *k = strtok_r(buf, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
		if (n == SPEC_MAX_KEYS)
			return -1;
		keys[n++] = k;
	}
	qsort(keys, (size_t)n, sizeof(*keys), compare_str);
	return n;
}

/* Two simulated drives' specs: the same keys with the same values, in any order. */
static bool same_spec(const char *saved, const char *now)
{
	char a[1024], b[1024], *ka[SPEC_MAX_KEYS], *kb[SPEC_MAX_KEYS];
	int na, nb;

	if (!saved || !now || strlen(saved) >= sizeof(a) || strlen(now) >= sizeof(b))
		return same_str(saved, now);
	na = spec_keys(saved, a, sizeof(a), ka);
	nb = spec_keys(now, b, sizeof(b), kb);
	if (na < 0 || nb < 0 || na != nb)
		return na == nb && same_str(saved, now);
	for (int i = 0; i < na; i++)
		if (strcmp(ka[i], kb[i]))
			return false;
	return true;
}

/* One drive (not a group): saved is its "target" object, or a group's member. */
static bool same_drive(struct json_object *saved, const struct target *t)
{
	const struct target_info *i = &t->info;

	if (!same_str(jstr(saved, "model"), i->model) ||
	    !same_str(jstr(saved, "serial"), i->serial) || !same_u64(saved, "capacity_bytes", i->capacity_bytes) ||
	    !same_u64(saved, "lba_bytes", i->lba_bytes))
		return false;
	if (target_has(t, TARGET_CAP_SIMULATED))
		return same_spec(jstr(saved, "path"), i->path);
	/* Nothing but its name tells one file of this size from another. */
	return i->serial[0] || same_str(jstr(saved, "path"), i->path);
}

/* A group: its level and chunk, and each member in order. */
static bool same_group(struct json_object *doc, struct target *t)
{
	struct json_object *saved = jget(doc, "group"), *now = raid_group_json(t), *members = jget(saved, "members");
	unsigned n = target_members(t);
	bool same = saved && now && jnum(saved, "level") == jnum(now, "level") &&
		    jnum(saved, "chunk_bytes") == jnum(now, "chunk_bytes") && jlen(members) == n;

	json_object_put(now);
	for (unsigned k = 0; same && k < n; k++) {
		struct target_member m = { .index = k };

		same = !target_control(t, TARGET_CTL_MEMBER, &m) && m.member &&
		       same_drive(jidx(members, k), m.member);
	}
	return same;
}

/* "PATH (serial S, N bytes)", escaped so the line stays one. */
static void drive_name(const char *path, const char *serial, double cap, char *buf, size_t len)
{
	ESCAPE_BUF(p);
	ESCAPE_BUF(s);

	escape_arg(p, sizeof(p), path ? path : "?");
	escape_arg(s, sizeof(s), serial && *serial ? serial : "none");
	/* A name too long for the line is cut, and says so. */
	if (snprintf(buf, len, "%s (serial %s, %.0f bytes)", p, s, cap >= 0 ? cap : 0) >= (int)len && len > 4)
		memcpy(buf + len - 4, "...", 4);
}

int result_identity_check(struct json_object *doc, struct target *t, char *err, size_t errlen)
{
	struct json_object *saved = jget(doc, "target");
	bool group = target_has(t, TARGET_CAP_GROUP);
	char a[ESCAPE_BUF_SIZE * 2], b[ESCAPE_BUF_SIZE * 2];

	if (group ? same_group(doc, t) && same_u64(saved, "capacity_bytes", t->info.capacity_bytes)
		  : !json_object_object_get_ex(doc, "group", NULL) && same_drive(saved, t))
		return 0;
	drive_name(jstr(saved, "path"), jstr(saved, "serial"), jnum(saved, "capacity_bytes"), a, sizeof(a));
	drive_name(t->info.path, t->info.serial, (double)t->info.capacity_bytes, b, sizeof(b));
	snprintf(err, errlen, "%s, not of %s", a, b);
	return -ESRCH;
}
