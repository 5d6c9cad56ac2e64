/* SPDX-License-Identifier: MIT */
/*
 * Endurance figures into a sweep document (results/endurance_json.h); the
 * arithmetic is profiler/endurance.c.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "profiler/endurance.h"
#include "profiler/sweep_plan.h"
#include "results/endurance_json.h"
#include "results/json_get.h"
#include "results/result_json.h"

#define RP_YEARS 3
#define RP_TBW 3

static struct json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static struct json_object *point_endurance(const struct endurance_figures *f, const char *source)
{
	struct json_object *e = json_object_new_object();

	json_object_object_add(e, "life_years", result_json_number(f->life_years, RP_YEARS));
	json_object_object_add(e, "nand_bytes_per_host_byte", result_json_number(f->nand_bytes_per_host_byte, RP_WAF));
	json_object_object_add(e, "rated_tbw", result_json_number(f->rated_tbw, RP_TBW));
	json_object_object_add(e, "daily_writes_bytes", result_json_number(f->daily_writes_bytes, 0));
	json_object_object_add(e, "source", str_or_null(source));
	return e;
}

void endurance_json_annotate(struct json_object *doc, const struct endurance_input *in)
{
	struct json_object *pts = jget(doc, "points"), *sum = json_object_new_object();
	size_t n = json_object_array_length(pts);
	double op[SWEEP_MAX_POINTS], life[SWEEP_MAX_POINTS], rec = jnum(jget(doc, "knee"), "recommended_op_percent");
	double rec_life = NAN;
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(pts, i);
		struct endurance_figures f;

		endurance_project(in->rated_tbw, in->daily_writes_bytes, jnum(p, "waf"), &f);
		json_object_object_add(p, "endurance", point_endurance(&f, in->source));
		/* Read back as saved, so the summary agrees with the points. */
		f.life_years = jnum(jget(p, "endurance"), "life_years");
		if (m < SWEEP_MAX_POINTS) {
			op[m] = jnum(p, "op_percent");
			life[m++] = f.life_years;
		}
		if (jnum(p, "op_percent") == rec)
			rec_life = f.life_years;
	}
	json_object_object_add(sum, "rated_tbw", result_json_number(in->rated_tbw, RP_TBW));
	json_object_object_add(sum, "source", str_or_null(in->source));
	json_object_object_add(sum, "daily_writes_bytes", result_json_number(in->daily_writes_bytes, 0));
	json_object_object_add(sum, "target_life_years", result_json_number(in->target_life_years, RP_YEARS));
	json_object_object_add(sum, "least_op_percent",
			       result_json_number(endurance_least_op(op, life, m, in->target_life_years), 2));
	json_object_object_add(sum, "recommended_life_years", result_json_number(rec_life, RP_YEARS));
	json_object_object_add(doc, "endurance", sum);
}

int endurance_json_input(struct json_object *doc, struct endurance_input *in)
{
	struct json_object *sum, *src;

	if (!json_object_object_get_ex(doc, "endurance", &sum) || !json_object_is_type(sum, json_type_object))
		return -ENOENT;
	in->rated_tbw = jnum(sum, "rated_tbw");
	in->source = json_object_object_get_ex(sum, "source", &src) && json_object_is_type(src, json_type_string)
			     ? json_object_get_string(src) : NULL;
	in->daily_writes_bytes = jnum(sum, "daily_writes_bytes");
	in->target_life_years = jnum(sum, "target_life_years");
	return 0;
}
