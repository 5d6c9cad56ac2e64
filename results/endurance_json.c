/* SPDX-License-Identifier: MIT */
/*
 * Endurance figures into a sweep document (results/endurance_json.h); the
 * arithmetic is profiler/endurance.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
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

/* A member's rating: the group's list, or NAN past it. */
static double member_rating(const struct endurance_input *in, size_t i)
{
	return i < in->nmembers ? in->member_rated_tbw[i] : NAN;
}

/*
 * A group's point: each member's life from the share of the group's host
 * bytes it received and its own WA (profiler/endurance.h), the point's life
 * its first member to wear out.  Members not measured leave it null.
 */
static void group_endurance(struct json_object *p, struct json_object *e, const struct endurance_input *in)
{
	struct json_object *members = jget(p, "members"), *arr = json_object_new_array();
	double rated[ENDURANCE_JSON_MAX_MEMBERS], share[ENDURANCE_JSON_MAX_MEMBERS], waf[ENDURANCE_JSON_MAX_MEMBERS];
	double life[ENDURANCE_JSON_MAX_MEMBERS], group_life = NAN, host = jnum(p, "host_bytes_written");
	size_t n = in->nmembers;
	int lim = -1;

	if (jlen(members) == n) {
		for (size_t i = 0; i < n; i++) {
			rated[i] = member_rating(in, i);
			share[i] = host > 0 ? jnum(jidx(members, i), "host_bytes_written") / host : NAN;
			waf[i] = jnum(jidx(members, i), "waf");
		}
		lim = endurance_group(rated, share, waf, n, in->daily_writes_bytes, life, &group_life);
		for (size_t i = 0; i < n; i++) {
			struct json_object *m = json_object_new_object();

			json_object_object_add(m, "life_years", result_json_number(life[i], RP_YEARS));
			json_object_object_add(m, "nand_bytes_per_host_byte", result_json_number(waf[i], RP_WAF));
			json_object_object_add(m, "host_share", result_json_number(share[i], 4));
			json_object_object_add(m, "rated_tbw", result_json_number(rated[i], RP_TBW));
			json_object_array_add(arr, m);
		}
	}
	json_object_object_add(e, "life_years", result_json_number(group_life, RP_YEARS));
	json_object_object_add(e, "rated_tbw", result_json_number(lim >= 0 ? rated[lim] : member_rating(in, 0), RP_TBW));
	json_object_object_add(e, "members", arr);
	json_object_object_add(e, "limiting_member", lim >= 0 ? json_object_new_int(lim) : NULL);
}

void endurance_json_annotate(struct json_object *doc, const struct endurance_input *in)
{
	struct json_object *pts = jget(doc, "points"), *sum = json_object_new_object(), *rated = NULL;
	size_t n = json_object_array_length(pts);
	double op[SWEEP_MAX_POINTS], life[SWEEP_MAX_POINTS], rec = jnum(jget(doc, "knee"), "recommended_op_percent");
	double rec_life = NAN;
	struct json_object *rec_lim = NULL;
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(pts, i), *e;
		struct endurance_figures f;

		endurance_project(in->rated_tbw, in->daily_writes_bytes, jnum(p, "waf"), &f);
		e = point_endurance(&f, in->source);
		if (in->nmembers)
			group_endurance(p, e, in);
		json_object_object_add(p, "endurance", e);
		/* Read back as saved, so the summary agrees with the points. */
		f.life_years = jnum(e, "life_years");
		if (m < SWEEP_MAX_POINTS) {
			op[m] = jnum(p, "op_percent");
			life[m++] = f.life_years;
		}
		if (jnum(p, "op_percent") == rec) {
			rec_life = f.life_years;
			rec_lim = jget(e, "limiting_member");
		}
	}
	json_object_object_add(sum, "rated_tbw", result_json_number(in->rated_tbw, RP_TBW));
	json_object_object_add(sum, "source", str_or_null(in->source));
	json_object_object_add(sum, "daily_writes_bytes", result_json_number(in->daily_writes_bytes, 0));
	json_object_object_add(sum, "target_life_years", result_json_number(in->target_life_years, RP_YEARS));
	json_object_object_add(sum, "least_op_percent",
			       result_json_number(endurance_least_op(op, life, m, in->target_life_years), 2));
	json_object_object_add(sum, "recommended_life_years", result_json_number(rec_life, RP_YEARS));
	if (in->nmembers) {
		rated = json_object_new_array();
		for (size_t i = 0; i < in->nmembers; i++)
			json_object_array_add(rated, result_json_number(in->member_rated_tbw[i], RP_TBW));
		json_object_object_add(sum, "members_rated_tbw", rated);
		json_object_object_add(sum, "limiting_member",
				       rec_lim ? json_object_new_int(json_object_get_int(rec_lim)) : NULL);
	}
	json_object_object_add(sum, "no_life", str_or_null(in->no_life));
	json_object_object_add(doc, "endurance", sum);
}

/* A number of an array, NAN for null or anything else. */
static double item_number(struct json_object *v)
{
	return json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)
		       ? json_object_get_double(v) : NAN;
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
	in->nmembers = 0;
	for (size_t i = 0; i < jlen(jget(sum, "members_rated_tbw")) && i < ENDURANCE_JSON_MAX_MEMBERS; i++)
		in->member_rated_tbw[in->nmembers++] = item_number(jidx(jget(sum, "members_rated_tbw"), i));
	in->no_life = jstr(sum, "no_life");
	return 0;
}

void endurance_json_lines(struct json_object *doc, char *buf, size_t len)
{
	struct json_object *e = jget(doc, "endurance");
	double life = jnum(e, "recommended_life_years"), target = jnum(e, "target_life_years");
	double lim = jnum(e, "limiting_member"), rated = jnum(e, "rated_tbw");
	const char *why = jstr(e, "no_life");
	size_t k = 0;

	buf[0] = '\0';
	if (isnan(life)) {
		if (why)
			snprintf(buf, len, "endurance: no life: %s\n", why);
		return;
	}
	if (!isnan(lim)) {
		struct json_object *pt = NULL, *pts = jget(doc, "points");

		for (size_t i = 0; i < jlen(pts); i++)
			if (jnum(jidx(pts, i), "op_percent") == jnum(jget(doc, "knee"), "recommended_op_percent"))
				pt = jidx(jget(jget(jidx(pts, i), "endurance"), "members"), (size_t)lim);
		rated = jnum(pt, "rated_tbw");
		k += (size_t)snprintf(buf, len, "endurance: %.3g years at the recommended OP: member %.0f wears out first\n"
				"  (WA %.2f on %.0f%% of the group's host bytes, %.4g TB rated, %s)\n",
				life, lim, jnum(pt, "nand_bytes_per_host_byte"), jnum(pt, "host_share") * 100, rated,
				jstr(e, "source"));
	} else {
		k += (size_t)snprintf(buf, len, "endurance: %.3g years at the recommended OP (%.4g TB rated, %s)\n", life,
				rated, jstr(e, "source"));
	}
	if (k >= len || isnan(target))
		return;
	/* The least OP on its own line: one sentence per line keeps each under 80 columns. */
	if (isnan(jnum(e, "least_op_percent")))
		snprintf(buf + k, len - k, "  no OP measured reaches %.3g years\n", target);
	else
		snprintf(buf + k, len - k, "  the least OP for %.3g years: %.4g%%\n", target, jnum(e, "least_op_percent"));
}
