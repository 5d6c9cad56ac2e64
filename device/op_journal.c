/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
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
#include "util/input_file.h"
#include "util/json_strict.h"

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

/* A journal file is a few hundred bytes; anything much larger is not ours. */
#define OP_JOURNAL_FILE_MAX 65536

/* k's string into buf, whole; false when k is missing, not a string or too long. */
static bool take_str(struct json_object *o, const char *k, char *buf, size_t len, char *why, size_t wlen)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_string) ||
	    (size_t)json_object_get_string_len(v) >= len) {
		snprintf(why, wlen, "\"%s\" is missing, not a string or longer than %zu bytes", k, len - 1);
		return false;
	}
	snprintf(buf, len, "%s", json_object_get_string(v));
	return true;
}

/* k's whole number (0..max) into *out; false when missing, negative, fractional or too large. */
static bool take_u64(struct json_object *o, const char *k, uint64_t max, uint64_t *out, char *why, size_t wlen)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_int) ||
	    json_object_get_int64(v) < 0 || json_object_get_uint64(v) > max) {
		snprintf(why, wlen, "\"%s\" is missing or not a whole number from 0 to %llu", k,
			 (unsigned long long)max);
		return false;
	}
	*out = json_object_get_uint64(v);
	return true;
}

/* The entry from the parsed file o; false with why when a field is absent or of the wrong kind. */
static bool entry_from(struct json_object *o, struct op_journal_entry *e, char *why, size_t wlen)
{
	struct json_object *schema;
	uint64_t nsid, flbas, permanent;

	if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, "schema", &schema) ||
	    !json_object_is_type(schema, json_type_string) ||
	    strcmp(json_object_get_string(schema), "ssdprof.op-journal/1") != 0) {
		snprintf(why, wlen, "not an OP journal entry (schema \"ssdprof.op-journal/1\" expected)");
		return false;
	}
	if (!take_str(o, "serial", e->serial, sizeof(e->serial), why, wlen) ||
	    !take_str(o, "path", e->path, sizeof(e->path), why, wlen) ||
	    !take_str(o, "method", e->method, sizeof(e->method), why, wlen) ||
	    !take_str(o, "step", e->step, sizeof(e->step), why, wlen) ||
	    !take_str(o, "when", e->when, sizeof(e->when), why, wlen) ||
	    !take_u64(o, "original_bytes", INT64_MAX, &e->original_bytes, why, wlen) ||
	    !take_u64(o, "current_bytes", INT64_MAX, &e->current_bytes, why, wlen) ||
	    !take_u64(o, "nsid", UINT32_MAX, &nsid, why, wlen) ||
	    !take_u64(o, "flbas", UINT8_MAX, &flbas, why, wlen) ||
	    !take_u64(o, "permanent", 1, &permanent, why, wlen))
		return false;
	if (strcmp(e->method, "namespace") && strcmp(e->method, "hpa") && strcmp(e->method, "span")) {
		snprintf(why, wlen, "method \"%s\" is none of namespace, hpa, span", e->method);
		return false;
	}
	if (!e->original_bytes) {
		snprintf(why, wlen, "original_bytes is 0: the size to restore is lost");
		return false;
	}
	e->nsid = (uint32_t)nsid;
	e->flbas = (uint8_t)flbas;
	e->permanent = permanent != 0;
	return true;
}

/*
 * The journal is the only record of a drive's original size: read it by the
 * rules every other JSON input follows (util/json_strict.h), and never take
 * a damaged entry for an absent one, which would journal the shrunk size as
 * the original over it.
 */
int op_journal_read(const char *serial, struct op_journal_entry *e, char *why, size_t wlen)
{
	char path[OP_JOURNAL_PATH_MAX], err[256], text[OP_JOURNAL_FILE_MAX + 1];
	struct json_object *o = NULL;
	FILE *f = NULL;
	size_t n;
	int ret;

	memset(e, 0, sizeof(*e));
	file_for(serial, ".json", path, sizeof(path));
	if (access(path, F_OK) < 0)
		return -errno;
	ret = input_file_open(path, &f, err, sizeof(err));
	if (ret < 0) {
		snprintf(why, wlen, "the OP journal %s cannot be read: %s", path, err);
		return ret;
	}
	n = fread(text, 1, sizeof(text), f);
	if (ferror(f) || n > OP_JOURNAL_FILE_MAX) {
		snprintf(why, wlen, "the OP journal %s cannot be read: %s", path,
			 ferror(f) ? "read error" : "larger than 64 KiB");
		ret = ferror(f) ? -EIO : -EBADMSG;
		goto out;
	}
	ret = json_parse_strict(text, n, 4, &o, err, sizeof(err));
	if (ret < 0) {
		snprintf(why, wlen, "the OP journal %s is damaged: %s", path, err);
		ret = -EBADMSG;
		goto out;
	}
	if (!entry_from(o, e, err, sizeof(err))) {
		snprintf(why, wlen, "the OP journal %s is damaged: %s", path, err);
		memset(e, 0, sizeof(*e));
		ret = -EBADMSG;
		goto out;
	}
	ret = 0;
out:
	json_object_put(o);
	fclose(f);
	return ret;
}

int op_journal_load(const char *serial, struct op_journal_entry *e)
{
	char why[512];

	return op_journal_read(serial, e, why, sizeof(why));
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
