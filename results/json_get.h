/* SPDX-License-Identifier: MIT */
/*
 * Reading result documents back (report, compare, resume): lookups that
 * tolerate missing keys and nulls, since unmeasured figures are null.
 */
#ifndef SSDPROF_JSON_GET_H
#define SSDPROF_JSON_GET_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

/* o[key] if o is an object that has it, else NULL. */
struct json_object *jget(struct json_object *o, const char *key);
/* o[key] if it is a string, else NULL. */
const char *jstr(struct json_object *o, const char *key);
/* o[key] if it is a number, else NAN (missing and null alike). */
double jnum(struct json_object *o, const char *key);
/* o[key] is true. */
bool jtrue(struct json_object *o, const char *key);
/* Length of an array, 0 for anything else. */
size_t jlen(struct json_object *a);
/* a[i] (NULL past the end). */
struct json_object *jidx(struct json_object *a, size_t i);

#endif
