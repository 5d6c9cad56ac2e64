/* SPDX-License-Identifier: MIT */
#include <math.h>

#include <json-c/json.h>

#include "results/json_get.h"

struct json_object *jget(struct json_object *o, const char *key)
{
	struct json_object *v;

	return o && json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, key, &v) ? v : NULL;
}

const char *jstr(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

double jnum(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	if (!v || (!json_object_is_type(v, json_type_double) && !json_object_is_type(v, json_type_int)))
		return NAN;
	return json_object_get_double(v);
}

bool jtrue(struct json_object *o, const char *key)
{
	struct json_object *v = jget(o, key);

	return v && json_object_get_boolean(v);
}

size_t jlen(struct json_object *a)
{
	return a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

struct json_object *jidx(struct json_object *a, size_t i)
{
	return i < jlen(a) ? json_object_array_get_idx(a, i) : NULL;
}
