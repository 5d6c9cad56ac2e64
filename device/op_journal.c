/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "config.h"
#include "device/op_journal.h"
#include "util/atomic_file.h"

void op_journal_dir(char *buf, size_t len)
{
	const char *s = getenv("SSDPROF_STATE");

	snprintf(buf, len, "%s", s && *s ? s : SSDPROF_STATE_DIR);
}

/* The file's name in the journal folder: serials may hold spaces or slashes; keep file names tame. */
static void name_for(const char *serial, const char *suffix, char *buf, size_t len)
{
	char safe[80];
	size_t i;

	for (i = 0; serial[i] && i < sizeof(safe) - 1; i++) {
		char c = serial[i];

		safe[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			  c == '-' || c == '_' || c == '.' ? c : '_';
	}
	safe[i] = '\0';
	snprintf(buf, len, "op-%s%s", safe, suffix);
}

/* The state folder, '/', a name: what file_for can write, whole. */
#define OP_JOURNAL_PATH_MAX (200 + 1 + 160)

static void file_for(const char *serial, const char *suffix, char *buf, size_t len)
{
	char dir[200], name[160];

	op_journal_dir(dir, sizeof(dir));
	name_for(serial, suffix, name, sizeof(name));
	snprintf(buf, len, "%s/%s", dir, name);
}

static int mkdir_p(const char *dir)
{
	char tmp[256];

	snprintf(tmp, sizeof(tmp), "%s", dir);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

int op_journal_make_dir(void)
{
	char dir[256];

	op_journal_dir(dir, sizeof(dir));
	return mkdir_p(dir);
}

/*
 * The serial's file replaced whole, through a temporary of this call's own
 * (util/atomic_file.h): two commands saving one drive's entry never share
 * a temporary, and a link planted at a fixed PATH.tmp is never followed.
 */
static int write_atomic(const char *serial, const char *suffix, const char *text)
{
	char dir[200], name[160], err[512];
	int ret;

	op_journal_dir(dir, sizeof(dir));
	ret = mkdir_p(dir);
	if (ret < 0)
		return ret;
	name_for(serial, suffix, name, sizeof(name));
	return atomic_write_file(dir, name, text, strlen(text), err, sizeof(err));
}

static const char *get_str(struct json_object *o, const char *k)
{
	struct json_object *v;

	return json_object_object_get_ex(o, k, &v) && v ? json_object_get_string(v) : "";
}

static uint64_t get_u64(struct json_object *o, const char *k)
{
	struct json_object *v;

	return json_object_object_get_ex(o, k, &v) && v ? json_object_get_uint64(v) : 0;
}

int op_journal_load(const char *serial, struct op_journal_entry *e)
{
	char path[OP_JOURNAL_PATH_MAX];
	struct json_object *o;

	memset(e, 0, sizeof(*e));
	file_for(serial, ".json", path, sizeof(path));
	if (access(path, F_OK) < 0)
		return -errno;
	o = json_object_from_file(path);
	if (!o)
		return -EINVAL;
	snprintf(e->serial, sizeof(e->serial), "%s", get_str(o, "serial"));
	snprintf(e->path, sizeof(e->path), "%s", get_str(o, "path"));
	snprintf(e->method, sizeof(e->method), "%s", get_str(o, "method"));
	snprintf(e->step, sizeof(e->step), "%s", get_str(o, "step"));
	snprintf(e->when, sizeof(e->when), "%s", get_str(o, "when"));
	e->original_bytes = get_u64(o, "original_bytes");
	e->current_bytes = get_u64(o, "current_bytes");
	e->nsid = (uint32_t)get_u64(o, "nsid");
	e->flbas = (uint8_t)get_u64(o, "flbas");
	e->permanent = get_u64(o, "permanent") != 0;
	json_object_put(o);
	return 0;
}

int op_journal_save(const struct op_journal_entry *in, char *err, size_t errlen)
{
	struct op_journal_entry e = *in;
	struct json_object *o = json_object_new_object();
	char path[OP_JOURNAL_PATH_MAX];
	time_t now = time(NULL);
	struct tm tm;
	int ret;

	if (!e.when[0]) {
		gmtime_r(&now, &tm);
		strftime(e.when, sizeof(e.when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	}
	json_object_object_add(o, "schema", json_object_new_string("ssdprof.op-journal/1"));
	json_object_object_add(o, "serial", json_object_new_string(e.serial));
	json_object_object_add(o, "path", json_object_new_string(e.path));
	json_object_object_add(o, "method", json_object_new_string(e.method));
	json_object_object_add(o, "original_bytes", json_object_new_uint64(e.original_bytes));
	json_object_object_add(o, "current_bytes", json_object_new_uint64(e.current_bytes));
	json_object_object_add(o, "nsid", json_object_new_uint64(e.nsid));
	json_object_object_add(o, "flbas", json_object_new_uint64(e.flbas));
	json_object_object_add(o, "permanent", json_object_new_uint64(e.permanent));
	json_object_object_add(o, "step", json_object_new_string(e.step));
	json_object_object_add(o, "when", json_object_new_string(e.when));
	file_for(e.serial, ".json", path, sizeof(path));
	ret = write_atomic(e.serial, ".json", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY));
	json_object_put(o);
	if (ret < 0)
		snprintf(err, errlen, "cannot write the OP journal '%s': %s (set SSDPROF_STATE to a writable "
			 "directory)", path, strerror(-ret));
	return ret;
}

int op_journal_remove(const char *serial)
{
	char path[OP_JOURNAL_PATH_MAX];

	file_for(serial, ".json", path, sizeof(path));
	if (unlink(path) < 0 && errno != ENOENT)
		return -errno;
	return 0;
}

int op_journal_note_set(const char *serial, const char *key, const char *value)
{
	char suffix[64];

	snprintf(suffix, sizeof(suffix), ".%s", key);
	return write_atomic(serial, suffix, value);
}

bool op_journal_note_get(const char *serial, const char *key, char *value, size_t len)
{
	char path[OP_JOURNAL_PATH_MAX], suffix[64];
	FILE *f;

	snprintf(suffix, sizeof(suffix), ".%s", key);
	file_for(serial, suffix, path, sizeof(path));
	f = fopen(path, "re");
	if (!f)
		return false;
	if (!fgets(value, (int)len, f))
		value[0] = '\0';
	fclose(f);
	value[strcspn(value, "\n")] = '\0';
	return true;
}
