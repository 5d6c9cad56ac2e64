// SPDX-License-Identifier: MIT
/*
 * The result loader: one reading of a file, then a walk of the document
 * against a table of every field report, compare and resume read (the
 * tables, one per kind: results/result_load_kinds.c).
 *
 * Unknown keys are left alone (a newer writer may add some); a known key
 * must have its type.  Figures (rates, latencies, byte counts) may be null,
 * which the schema uses for "not measured"; names, settings and arrays may
 * not.  Settings are held to the command line's limits so that a resumed
 * sweep can only run what the command line would have let it.
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "engine/access_spec.h"
#include "engine/offset_dist.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "results/result_load_spec.h"
#include "util/escape.h"
#include "util/settings_limits.h"

/* -------------------------------------------------------------------------- */
/* Walking a document                                                         */

/* Where the walk is, as it is printed: "points[3].steady_state.iops". */
struct walk {
	char path[256];
	size_t len;
	char *err;
	size_t errlen;
};

static size_t path_push(struct walk *w, const char *key, size_t index)
{
	size_t old = w->len;
	int n;

	if (key)
		n = snprintf(w->path + old, sizeof(w->path) - old, "%s%s", old ? "." : "", key);
	else
		n = snprintf(w->path + old, sizeof(w->path) - old, "[%zu]", index);
	if (n > 0)
		w->len = old + (size_t)n < sizeof(w->path) ? old + (size_t)n : sizeof(w->path) - 1;
	return old;
}

static void path_pop(struct walk *w, size_t old)
{
	w->len = old;
	w->path[old] = '\0';
}

/* "a number from 5 to 10000", "a whole number of at least 0", "one of list, adaptive". */
static void expected(char *buf, size_t len, const struct spec *sp)
{
	size_t o = 0;

#define PUT(...) (o += (size_t)snprintf(buf + o, o < len ? len - o : 0, __VA_ARGS__))
	switch (sp->type) {
	case T_NUM:
	case T_INT:
		PUT("%s", sp->type == T_INT ? "a whole number" : "a number");
		if (sp->min > -DBL_MAX && sp->max < DBL_MAX)
			PUT(" from %.15g to %s%.15g", sp->min, sp->flags & F_MAXEX ? "below " : "", sp->max);
		else if (sp->min > -DBL_MAX)
			PUT(" of at least %.15g", sp->min);
		break;
	case T_STR:
		if (!sp->names) {
			PUT("a string");
			break;
		}
		PUT(sp->names[1] ? "one of " : "\"");
		for (const char *const *n = sp->names; *n; n++)
			PUT("%s%s", n == sp->names ? "" : ", ", *n);
		if (!sp->names[1])
			PUT("\"");
		break;
	case T_BOOL:
		PUT("true or false");
		break;
	case T_OBJ:
		PUT("an object");
		break;
	case T_ARR:
		if (sp->min == sp->max)
			PUT("an array of %.0f items", sp->min);
		else if (sp->max < DBL_MAX)
			PUT("an array of %.0f to %.0f items", sp->min, sp->max);
		else
			PUT("an array");
		break;
	}
	if (sp->flags & F_NULL)
		PUT(" or null");
#undef PUT
}

__attribute__((format(printf, 2, 3)))
static int refuse(struct walk *w, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!w->err || !w->errlen)
		return -EINVAL;
	n = snprintf(w->err, w->errlen, "%s: ", w->len ? w->path : "(document)");
	if (n >= 0 && (size_t)n < w->errlen) {
		va_start(ap, fmt);
		vsnprintf(w->err + n, w->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static int refuse_value(struct walk *w, const struct spec *sp, struct json_object *v)
{
	char want[256], got[ESCAPE_BUF_SIZE + 4];

	expected(want, sizeof(want), sp);
	return refuse(w, "expected %s, got %s", want, escape_json(got, sizeof(got), v));
}

static bool in_range(const struct spec *sp, double d)
{
	if (!isfinite(d) || d < sp->min || d > sp->max)
		return false;
	return !(sp->flags & F_MAXEX) || d < sp->max;
}

static int check_fields(struct walk *w, const struct spec *fields, struct json_object *obj);

static int check_value(struct walk *w, const struct spec *sp, struct json_object *v)
{
	enum json_type t = json_object_get_type(v);
	size_t n;

	if (t == json_type_null)
		return sp->flags & F_NULL ? 0 : refuse_value(w, sp, v);
	switch (sp->type) {
	case T_NUM:
	case T_INT:
		if (t != json_type_int && t != json_type_double)
			return refuse_value(w, sp, v);
		if (!in_range(sp, json_object_get_double(v)))
			return refuse_value(w, sp, v);
		if (sp->type == T_INT && t == json_type_double &&
		    json_object_get_double(v) != floor(json_object_get_double(v)))
			return refuse_value(w, sp, v);
		return 0;
	case T_STR:
		if (t != json_type_string)
			return refuse_value(w, sp, v);
		if (sp->check) {
			char want[320], got[ESCAPE_BUF_SIZE + 4];
			const char *str = json_object_get_string(v);

			if (strlen(str) != (size_t)json_object_get_string_len(v))
				snprintf(want, sizeof(want), "a string without NUL bytes");
			else if (!sp->check(str, want, sizeof(want)))
				return 0;
			return refuse(w, "expected %s, got %s", want, escape_json(got, sizeof(got), v));
		}
		for (const char *const *name = sp->names; name && *name; name++)
			if (!strcmp(*name, json_object_get_string(v)) &&
			    strlen(*name) == (size_t)json_object_get_string_len(v))
				return 0;
		return sp->names ? refuse_value(w, sp, v) : 0;
	case T_BOOL:
		return t == json_type_boolean ? 0 : refuse_value(w, sp, v);
	case T_OBJ:
		return t == json_type_object ? check_fields(w, sp->sub, v) : refuse_value(w, sp, v);
	case T_ARR:
		if (t != json_type_array)
			return refuse_value(w, sp, v);
		n = json_object_array_length(v);
		if ((double)n < sp->min || (double)n > sp->max) {
			char want[256];

			expected(want, sizeof(want), sp);
			return refuse(w, "expected %s, got %zu", want, n);
		}
		for (size_t i = 0; i < n; i++) {
			size_t old = path_push(w, NULL, i);
			int ret = check_value(w, sp->sub, json_object_array_get_idx(v, i));

			if (ret)
				return ret;
			path_pop(w, old);
		}
		return 0;
	}
	return refuse_value(w, sp, v);
}

static int check_fields(struct walk *w, const struct spec *fields, struct json_object *obj)
{
	for (const struct spec *sp = fields; sp->key; sp++) {
		struct json_object *v;
		size_t old = path_push(w, sp->key, 0);
		int ret;

		if (!json_object_object_get_ex(obj, sp->key, &v)) {
			if (sp->flags & F_REQ) {
				char want[256];

				expected(want, sizeof(want), sp);
				return refuse(w, "missing; expected %s", want);
			}
			path_pop(w, old);
			continue;
		}
		ret = check_value(w, sp, v);
		if (ret)
			return ret;
		path_pop(w, old);
	}
	return 0;
}

/* What the table cannot say: which list a sweep's plan reads, and its resolution. */
static int check_sweep_plan(struct walk *w, struct json_object *doc)
{
	struct json_object *s = json_object_object_get(doc, "settings");
	bool list = !strcmp(json_object_get_string(json_object_object_get(s, "plan")), "list");
	const char *key = list ? "op_list" : "op_grid";
	struct json_object *res;

	if (!json_object_object_get_ex(s, key, NULL)) {
		path_push(w, "settings", 0);
		path_push(w, key, 0);
		return refuse(w, "missing; a %s plan needs it", list ? "list" : "adaptive");
	}
	if (!list && (!json_object_object_get_ex(s, "resolution", &res) || !res)) {
		path_push(w, "settings", 0);
		path_push(w, "resolution", 0);
		return refuse(w, "expected a number from %g to %g for an adaptive plan, got %s",
			      LIM_RESOLUTION_MIN, LIM_RESOLUTION_MAX, res ? "null" : "nothing");
	}
	return 0;
}

/* What the table cannot say of a point's intervals: one length for all, time and bytes never going back. */
static int check_intervals(struct walk *w, struct json_object *point, const char *where, size_t idx)
{
	struct json_object *iv = json_object_object_get(point, "intervals");
	struct json_object *t = json_object_object_get(iv, "t_s"), *gb = json_object_object_get(iv, "gb_written");
	size_t n;

	if (!iv)
		return 0;
	path_push(w, where, 0);
	if (idx != SIZE_MAX)
		path_push(w, NULL, idx);
	path_push(w, "intervals", 0);
	n = json_object_array_length(t);
	if (json_object_array_length(json_object_object_get(iv, "iops")) != n || json_object_array_length(gb) != n)
		return refuse(w, "t_s, iops and gb_written must hold as many entries as each other");
	for (size_t i = 1; i < n; i++)
		if (json_object_get_double(json_object_array_get_idx(t, i)) <
			    json_object_get_double(json_object_array_get_idx(t, i - 1)) ||
		    json_object_get_double(json_object_array_get_idx(gb, i)) <
			    json_object_get_double(json_object_array_get_idx(gb, i - 1)))
			return refuse(w, "entry %zu goes back in time or in bytes written", i);
	w->len = 0;
	w->path[0] = '\0';
	return 0;
}

static int check_all_intervals(struct walk *w, struct json_object *doc, unsigned kind)
{
	struct json_object *points = json_object_object_get(doc, "points");
	int ret = 0;

	if (kind == RESULT_KIND_PRECONDITION)
		return check_intervals(w, json_object_object_get(doc, "precondition"), "precondition", SIZE_MAX);
	for (size_t i = 0; kind == RESULT_KIND_SWEEP && !ret && i < json_object_array_length(points); i++)
		ret = check_intervals(w, json_object_array_get_idx(points, i), "points", i);
	if (!ret && kind == RESULT_KIND_SWEEP && json_object_object_get(doc, "incomplete_point"))
		ret = check_intervals(w, json_object_object_get(doc, "incomplete_point"), "incomplete_point", SIZE_MAX);
	return ret;
}

/* A number at key of o, or NAN when absent, null or not a number. */
static double num_at(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)))
		return NAN;
	return json_object_get_double(v);
}

/* What the table cannot say: a mixed series' read and write I/Os and bytes add up to its totals. */
static int check_run_directions(struct walk *w, struct json_object *doc)
{
	struct json_object *series = json_object_object_get(doc, "series");
	static const char *const keys[] = { "ios", "bytes" };

	for (size_t i = 0; i < json_object_array_length(series); i++) {
		struct json_object *s = json_object_array_get_idx(series, i), *rd, *wr;

		if (!json_object_object_get_ex(s, "read", &rd) || !json_object_object_get_ex(s, "write", &wr) ||
		    !rd || !wr)
			continue;
		for (size_t k = 0; k < 2; k++) {
			double all = num_at(s, keys[k]), r = num_at(rd, keys[k]), x = num_at(wr, keys[k]);

			if (isnan(all) || isnan(r) || isnan(x) || r + x == all)
				continue;
			path_push(w, "series", 0);
			path_push(w, NULL, i);
			path_push(w, keys[k], 0);
			return refuse(w, "%.17g is not read.%s %.17g plus write.%s %.17g", all, keys[k], r,
				      keys[k], x);
		}
	}
	return 0;
}

/* The length of o's array at key; SIZE_MAX when there is none (an optional array left out). */
static size_t arr_len(struct json_object *o, const char *key)
{
	struct json_object *v = json_object_object_get(o, key);

	return json_object_is_type(v, json_type_array) ? json_object_array_length(v) : SIZE_MAX;
}

/* v's length when it is an array, else 0: an optional array may be null or absent. */
static size_t alen(struct json_object *v)
{
	return json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 0;
}

/*
 * What the table cannot say of a pts result: the indexes its pages follow
 * point inside what they index (a stage's tracked cell among its cells, a
 * round's figures one per cell; a phase's samples within the samples, which
 * are arrays of one length, each naming one of the phases).
 */
static int check_pts(struct walk *w, struct json_object *doc)
{
	struct json_object *pts = json_object_object_get(doc, "pts"), *stages = json_object_object_get(pts, "stages");
	struct json_object *se = json_object_object_get(pts, "series"), *sm = json_object_object_get(se, "samples");
	struct json_object *phases = json_object_object_get(se, "phases"), *ph_of = json_object_object_get(sm, "phase");
	struct json_object *dirth = json_object_object_get(pts, "dirth");
	static const char *const round_keys[] = { "iops", "mbps", "lat_mean_us" };
	static const char *const sample_keys[] = { "dur_s", "iops", "mbps", "lat_mean_us", "written_bytes", "phase" };
	size_t n, top;

	path_push(w, "pts", 0);
	top = w->len;
	for (size_t i = 0; i < alen(stages); i++) {
		struct json_object *st = json_object_array_get_idx(stages, i), *rounds = json_object_object_get(st, "rounds");
		size_t nc = arr_len(st, "cells");

		path_push(w, "stages", 0);
		path_push(w, NULL, i);
		if (num_at(json_object_object_get(st, "steady_state"), "tracked_cell") >= (double)nc)
			return refuse(w, "steady_state.tracked_cell: past the stage's %zu cells", nc);
		for (size_t k = 0; k < alen(rounds); k++)
			for (size_t j = 0; j < 3; j++) {
				n = arr_len(json_object_array_get_idx(rounds, k), round_keys[j]);
				if (n != SIZE_MAX && n != nc)
					return refuse(w, "rounds[%zu].%s: %zu entries for %zu cells", k, round_keys[j], n, nc);
			}
		path_pop(w, top);
	}
	/* DIRTH's points are cells of its pass, the last stage. */
	n = alen(stages) ? arr_len(json_object_array_get_idx(stages, alen(stages) - 1), "cells") : 0;
	for (size_t i = 0; i < alen(json_object_object_get(dirth, "points")); i++)
		if (num_at(json_object_array_get_idx(json_object_object_get(dirth, "points"), i), "cell") >= (double)n)
			return refuse(w, "dirth.points[%zu].cell: past the last stage's %zu cells", i, n);
	if (!se)
		goto ok;
	path_push(w, "series", 0);
	n = arr_len(sm, "t_s");
	for (size_t j = 0; j < sizeof(sample_keys) / sizeof(sample_keys[0]); j++)
		if (arr_len(sm, sample_keys[j]) != SIZE_MAX && arr_len(sm, sample_keys[j]) != n)
			return refuse(w, "samples.%s: %zu entries, not t_s's %zu", sample_keys[j],
				      arr_len(sm, sample_keys[j]), n);
	for (size_t i = 0; i < alen(phases); i++) {
		struct json_object *ph = json_object_array_get_idx(phases, i);

		if (num_at(ph, "first_sample") + num_at(ph, "samples") > (double)n)
			return refuse(w, "phases[%zu]: its samples run past the %zu there are", i, n);
	}
	for (size_t i = 0; i < alen(ph_of); i++)
		if (json_object_get_int64(json_object_array_get_idx(ph_of, i)) >=
		    (int64_t)alen(phases))
			return refuse(w, "samples.phase[%zu]: past the %zu phases", i, alen(phases));
ok:
	w->len = 0;
	w->path[0] = '\0';
	return 0;
}

/*
 * o with the latency keys of results written before (LAT_KEY_P999_OLD, ...)
 * spelled as now, in the same order, or NULL when o has none; the values
 * under o are brought up first, in place.  Every reader then reads one
 * spelling (DESIGN.md 4).  -ENOMEM in *ret when out of memory.
 */
static struct json_object *respell(struct json_object *o, int *ret)
{
	static const char *const old[][2] = {
		{ LAT_KEY_P999_OLD, LAT_KEY_P999 }, { LAT_KEY_P9999_OLD, LAT_KEY_P9999 },
	};
	struct json_object *n, *r;
	bool any = false;

	if (json_object_is_type(o, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(o); i++)
			if ((r = respell(json_object_array_get_idx(o, i), ret)) && json_object_array_put_idx(o, i, r))
				*ret = -ENOMEM;
		return NULL;
	}
	if (!json_object_is_type(o, json_type_object))
		return NULL;
	/* Replacing the value of a key already there keeps the object's order and its entries. */
	json_object_object_foreach(o, key, val) {
		if ((r = respell(val, ret)) && json_object_object_add(o, key, r))
			*ret = -ENOMEM;
		for (size_t k = 0; k < 2; k++)
			any |= !strcmp(key, old[k][0]) && !json_object_object_get_ex(o, old[k][1], NULL);
	}
	if (!any || !(n = json_object_new_object())) {
		*ret = any ? -ENOMEM : *ret;
		return NULL;
	}
	json_object_object_foreach(o, k2, v2) {
		const char *name = k2;

		for (size_t k = 0; k < 2; k++)
			if (!strcmp(k2, old[k][0]) && !json_object_object_get_ex(o, old[k][1], NULL))
				name = old[k][1];
		if (json_object_object_add(n, name, json_object_get(v2)))
			*ret = -ENOMEM;
	}
	return n;
}

int result_validate(struct json_object *doc, enum result_kind *kind, char *err, size_t errlen)
{
	struct walk w = { .path = "", .len = 0, .err = err, .errlen = errlen };
	struct json_object *v;
	unsigned k;
	int ret = 0;

	/* Results written before spelled two latency keys with a dot: from here on, one spelling. */
	json_object_put(respell(doc, &ret));   /* the top is no lat_us: its own keys stay */
	if (ret)
		return refuse(&w, "out of memory");
	if (!json_object_is_type(doc, json_type_object)) {
		char got[ESCAPE_BUF_SIZE + 4];

		return refuse(&w, "expected a result document (an object), got %s",
			      escape_json(got, sizeof(got), doc));
	}
	ret = check_fields(&w, result_common_doc, doc);
	if (ret)
		return ret;
	if (json_object_object_get_ex(doc, "kind", &v)) {
		/* Checked among result_kind_names above: one of the table's. */
		k = (unsigned)result_kind_find(json_object_get_string(v));
	} else if (json_object_object_get_ex(doc, "series", NULL)) {
		k = RESULT_KIND_RUN;    /* written before results had a kind */
	} else {
		char names[128];

		result_kind_list(names, sizeof(names), ", ");
		path_push(&w, "kind", 0);
		return refuse(&w, "missing; expected one of %s (or a run's series)", names);
	}
	ret = check_fields(&w, result_kind_docs[k], doc);
	if (!ret && k == RESULT_KIND_SWEEP)
		ret = check_sweep_plan(&w, doc);
	if (!ret)
		ret = check_all_intervals(&w, doc, k);
	if (!ret && k == RESULT_KIND_RUN)
		ret = check_run_directions(&w, doc);
	if (!ret && k == RESULT_KIND_PTS)
		ret = check_pts(&w, doc);
	if (!ret && kind)
		*kind = (enum result_kind)k;
	return ret;
}
