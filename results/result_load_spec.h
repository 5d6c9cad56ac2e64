/* SPDX-License-Identifier: MIT */
/*
 * The loader's own (results/result_load.c walks documents, result_load_kinds.c
 * says what each kind holds): how a field is described.  Nothing else
 * includes it.
 */
#ifndef SSDPROF_RESULT_LOAD_SPEC_H
#define SSDPROF_RESULT_LOAD_SPEC_H

#include <float.h>
#include <stddef.h>

enum vtype { T_NUM, T_INT, T_STR, T_BOOL, T_OBJ, T_ARR };

#define F_REQ 1u        /* must be there */
#define F_NULL 2u       /* null allowed: not measured, or not set */
#define F_MAXEX 4u      /* max itself is out of range */

struct spec {
	const char *key;                /* NULL ends a list of fields */
	enum vtype type;
	unsigned flags;
	double min, max;                /* T_NUM, T_INT: the range; T_ARR: how many items */
	const struct spec *sub;         /* T_OBJ: its fields; T_ARR: what each item is */
	const char *const *names;       /* T_STR: the values allowed, NULL-ended (NULL: any) */
	/* T_STR: 0 if the value is one, else -EINVAL and what was expected in msg. */
	int (*check)(const char *v, char *msg, size_t len);
};

#define NUM(k, f, lo, hi) { .key = k, .type = T_NUM, .flags = f, .min = lo, .max = hi }
#define INT(k, f, lo, hi) { .key = k, .type = T_INT, .flags = f, .min = lo, .max = hi }
/* A measured figure: a number >= 0, or null when not measured. */
#define FIG(k) NUM(k, F_NULL, 0, DBL_MAX)
#define STR(k, f) { .key = k, .type = T_STR, .flags = f }
#define ENUM(k, f, list) { .key = k, .type = T_STR, .flags = f, .names = list }
#define STRCHK(k, f, fn) { .key = k, .type = T_STR, .flags = f, .check = fn }
#define BOOL(k, f) { .key = k, .type = T_BOOL, .flags = f }
#define OBJ(k, f, fields) { .key = k, .type = T_OBJ, .flags = f, .sub = fields }
#define ARR(k, f, item) { .key = k, .type = T_ARR, .flags = f, .min = 0, .max = DBL_MAX, .sub = &item }
#define ARRN(k, f, lo, hi, item) { .key = k, .type = T_ARR, .flags = f, .min = lo, .max = hi, .sub = &item }
#define END { .key = NULL }

/* What every kind has, and each kind's own fields (enum result_kind order; names in result_kinds.h). */
extern const struct spec result_common_doc[];
extern const struct spec *const result_kind_docs[];

#endif
