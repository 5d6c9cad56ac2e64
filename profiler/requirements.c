/* SPDX-License-Identifier: MIT */
/*
 * Requirements of a pool and the verdict on a drive (profiler/requirements.h).
 * Everything here reads user text: items and files are bounded in length
 * and count, limits in range, and echoed escaped.
 */
#include <errno.h>
#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "profiler/requirements.h"
#include "util/escape.h"
#include "util/input_file.h"
#include "util/json_strict.h"
#include "util/parse.h"

static const char *const figure_names[REQ_NFIGURES] = {
	[REQ_STEADY] = "steady",
	[REQ_STEADY_IOPS] = "steady_iops",
	[REQ_P99_9_WRITE_US] = "p99_9_write_us",
	[REQ_POST_CACHE_MBPS] = "post_cache_mbps",
	[REQ_LIFE_YEARS] = "life_years",
	[REQ_QD1_READ_US] = "qd1_read_us",
	[REQ_QD1_WRITE_US] = "qd1_write_us",
	[REQ_READ_IOPS] = "read_iops",
};

#define NAMES_HELP "steady, steady_iops, p99_9_write_us, post_cache_mbps, life_years, qd1_read_us, " \
	"qd1_write_us or read_iops"

bool req_figure_needs_qd(enum req_figure f)
{
	return f == REQ_QD1_READ_US || f == REQ_QD1_WRITE_US || f == REQ_READ_IOPS;
}

bool req_figure_needs_slc(enum req_figure f)
{
	return f == REQ_POST_CACHE_MBPS;
}

const struct requirement *requirements_find(const struct requirement_set *set, enum req_figure f)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->r[i].figure == f)
			return &set->r[i];
	return NULL;
}

const char *req_figure_name(enum req_figure f)
{
	return (unsigned)f < REQ_NFIGURES ? figure_names[f] : "?";
}

/*
 * A limit as --require reads it back (util/parse.h parse_double: digits
 * and a decimal point, no exponent): 15 significant digits, trailing zeros
 * trimmed.  %g wrote 1e-06, which --require refused.
 */
static void format_limit(char *buf, size_t len, double v)
{
	int dec = v > 0 ? 14 - (int)floor(log10(v)) : 0;
	char *end;

	dec = dec < 0 ? 0 : dec > REQ_LIMIT_DECIMALS ? REQ_LIMIT_DECIMALS : dec;
	snprintf(buf, len, "%.*f", dec, v);
	if (!strchr(buf, '.'))
		return;
	end = buf + strlen(buf);
	while (end[-1] == '0')
		*--end = '\0';
	if (end[-1] == '.')
		end[-1] = '\0';
}

void req_format(const struct requirement *r, char *buf, size_t len)
{
	char lim[REQ_LIMIT_DECIMALS + 24];

	if (r->cmp == REQ_TRUE) {
		snprintf(buf, len, "%s", req_figure_name(r->figure));
		return;
	}
	format_limit(lim, sizeof(lim), r->limit);
	snprintf(buf, len, "%s%s%s", req_figure_name(r->figure), r->cmp == REQ_GE ? ">=" : "<=", lim);
}

static int figure_by_name(const char *name, size_t len, enum req_figure *f)
{
	for (unsigned i = 0; i < REQ_NFIGURES; i++)
		if (strlen(figure_names[i]) == len && !strncmp(figure_names[i], name, len)) {
			*f = (enum req_figure)i;
			return 0;
		}
	return -EINVAL;
}

/* Into set, refusing a full set and the same figure compared the same way twice. */
static int add(struct requirement_set *set, const struct requirement *r, char *err, size_t errlen)
{
	char what[REQ_ITEM_MAX + 32];

	req_format(r, what, sizeof(what));
	if (set->n >= REQ_MAX) {
		snprintf(err, errlen, "requirements: at most %d; '%s' is one too many", REQ_MAX, what);
		return -EINVAL;
	}
	for (size_t i = 0; i < set->n; i++)
		if (set->r[i].figure == r->figure && set->r[i].cmp == r->cmp) {
			snprintf(err, errlen, "requirements: %s is required twice; give it once", what);
			return -EINVAL;
		}
	set->r[set->n++] = *r;
	return 0;
}

/*
 * A known figure followed by something other than >= or <= (steady_iops>40000,
 * life_years=5, steady_iops => 1): the comparison is what is wrong, so say so
 * rather than "names no figure".  0 when arg is not such a case.
 */
static int bad_comparison(const char *arg, const char *q, char *err, size_t errlen)
{
	size_t n = strspn(arg, "abcdefghijklmnopqrstuvwxyz0123456789_"), m;
	enum req_figure f;
	char cmp[REQ_ITEM_MAX + 1], fix[2 * REQ_ITEM_MAX];
	ESCAPE_BUF(qc);

	if (!arg[n] || figure_by_name(arg, n, &f))
		return 0;
	if (f == REQ_STEADY) {
		snprintf(err, errlen, "--require: '%s': steady takes no limit; write steady", q);
		return -EINVAL;
	}
	/* The comparison as typed: up to the number (or the end). */
	m = strcspn(arg + n, "0123456789.");
	snprintf(cmp, sizeof(cmp), "%.*s", (int)(m ? m : 1), arg + n);
	/* The fix, with the number typed: > and => mean >=, < and =< mean <=. */
	snprintf(fix, sizeof(fix), "%s%s%s", figure_names[f], strchr(cmp, '<') ? "<=" : ">=",
		 arg[n + m] && strspn(arg + n + m, "0123456789.") == strlen(arg + n + m) ? arg + n + m : "N");
	snprintf(err, errlen, "--require: '%s': '%s' is no comparison; use >= or <=, e.g. %s", q,
		 escape_arg(qc, sizeof(qc), cmp), fix);
	return -EINVAL;
}

int requirements_add_arg(struct requirement_set *set, const char *given, char *err, size_t errlen)
{
	struct requirement r = { .cmp = REQ_TRUE, .limit = 1 };
	char arg[REQ_ITEM_MAX + 2], what[96];
	size_t len = 0;
	const char *ge, *le, *op;
	ESCAPE_BUF(q);
	int ret;

	/* Blanks say nothing in NAME>=N: 'steady_iops >= 40000' is steady_iops>=40000. */
	for (const char *c = given; *c && len <= REQ_ITEM_MAX; c++)
		if (*c != ' ' && *c != '\t')
			arg[len++] = *c;
	arg[len] = '\0';
	ge = strstr(arg, ">=");
	le = strstr(arg, "<=");
	op = ge ? ge : le;
	escape_arg(q, sizeof(q), given);
	if (!len || len > REQ_ITEM_MAX || strlen(given) > 4 * REQ_ITEM_MAX) {
		snprintf(err, errlen, "--require: '%s' is %s; write NAME>=N or NAME<=N, e.g. steady_iops>=40000", q,
			 len ? "too long" : "empty");
		return -EINVAL;
	}
	if (ge && le) {
		snprintf(err, errlen, "--require: '%s' compares twice; write one NAME>=N or NAME<=N", q);
		return -EINVAL;
	}
	if (!op && (ret = bad_comparison(arg, q, err, errlen)))
		return ret;
	if (figure_by_name(arg, op ? (size_t)(op - arg) : len, &r.figure)) {
		snprintf(err, errlen, "--require: '%s' names no figure; use " NAMES_HELP, q);
		return -EINVAL;
	}
	if ((r.figure == REQ_STEADY) != !op) {
		snprintf(err, errlen, r.figure == REQ_STEADY ? "--require: '%s': steady takes no limit; write steady"
							     : "--require: '%s' needs a limit, e.g. %s>=100", q,
			 req_figure_name(r.figure));
		return -EINVAL;
	}
	if (op) {
		r.cmp = ge ? REQ_GE : REQ_LE;
		snprintf(what, sizeof(what), "--require %s", req_figure_name(r.figure));
		if ((ret = parse_double(what, op + 2, 0, REQ_LIMIT_MAX, &r.limit, err, errlen)))
			return ret;
		if (r.limit > 0 && r.limit < REQ_LIMIT_MIN) {
			snprintf(err, errlen, "%s: '%s' is out of range; use 0 or %g to %g", what, q, REQ_LIMIT_MIN,
				 REQ_LIMIT_MAX);
			return -ERANGE;
		}
	}
	return add(set, &r, err, errlen);
}

#define FILE_EXAMPLE "{\"steady\": true, \"steady_iops\": {\"min\": 40000}}"

/* What a JSON value is, for a message: escape_json's words, and an object's keys. */
static const char *describe(struct json_object *v, char *buf, size_t len)
{
	size_t off;
	int n = 0;
	ESCAPE_BUF(q);

	if (!json_object_is_type(v, json_type_object))
		return escape_json(buf, len, v);
	if (!json_object_object_length(v))
		return "an empty object";
	off = (size_t)snprintf(buf, len, "an object with the key(s)");
	json_object_object_foreach(v, key, val) {
		(void)val;
		escape_arg(q, sizeof(q), key);
		if (off < len)
			off += (size_t)snprintf(buf + off, len - off, n++ < 3 ? " '%.20s'" : " ...", q);
		if (n > 3)
			break;
	}
	return buf;
}

/* One key of a requirements file: true for steady, {"min": N} or {"max": N} for a figure. */
static int add_json_key(struct requirement_set *set, const char *key, struct json_object *v, char *err,
			size_t errlen)
{
	struct requirement r = { .cmp = REQ_TRUE, .limit = 1 };
	struct json_object *lim;
	char got[ESCAPE_BUF_SIZE + 64];
	ESCAPE_BUF(q);
	double d;

	escape_arg(q, sizeof(q), key);
	/* The file is the object of requirements itself, not one wrapped as a result document saves it. */
	if (!strcmp(key, "requirements")) {
		snprintf(err, errlen, "\"requirements\" is not a figure: the file's object holds the requirements "
			 "themselves, e.g. " FILE_EXAMPLE);
		return -EINVAL;
	}
	if (figure_by_name(key, strlen(key), &r.figure)) {
		snprintf(err, errlen, "'%s' names no figure; use " NAMES_HELP, q);
		return -EINVAL;
	}
	if (r.figure == REQ_STEADY) {
		if (!json_object_is_type(v, json_type_boolean) || !json_object_get_boolean(v)) {
			snprintf(err, errlen, "steady: expected true (or leave it out), got %s",
				 describe(v, got, sizeof(got)));
			return -EINVAL;
		}
		return add(set, &r, err, errlen);
	}
	if (!json_object_is_type(v, json_type_object) || json_object_object_length(v) != 1 ||
	    !((json_object_object_get_ex(v, "min", &lim) && (r.cmp = REQ_GE)) ||
	      (json_object_object_get_ex(v, "max", &lim) && (r.cmp = REQ_LE)))) {
		snprintf(err, errlen, "%s: expected {\"min\": N} or {\"max\": N}, got %s", q,
			 describe(v, got, sizeof(got)));
		return -EINVAL;
	}
	d = json_object_get_double(lim);
	if (!(json_object_is_type(lim, json_type_int) || json_object_is_type(lim, json_type_double)) ||
	    !isfinite(d) || d < 0 || d > REQ_LIMIT_MAX || (d > 0 && d < REQ_LIMIT_MIN)) {
		snprintf(err, errlen, "%s: the limit must be a number from 0 to %g, got %s (above 0: at least %g)", q,
			 REQ_LIMIT_MAX, describe(lim, got, sizeof(got)), REQ_LIMIT_MIN);
		return -ERANGE;
	}
	r.limit = d;
	return add(set, &r, err, errlen);
}

int requirements_add_json(struct requirement_set *set, const char *text, size_t len, char *err, size_t errlen)
{
	struct json_object *doc;
	char what[ESCAPE_BUF_SIZE + 64], why[384];
	int ret = 0;

	if (len > REQ_FILE_MAX) {
		snprintf(err, errlen, "larger than %u bytes; not a requirements file", REQ_FILE_MAX);
		return -EINVAL;
	}
	/* One parser's rules for every JSON file read (util/json_strict.h). */
	ret = json_parse_strict(text, len, 8, &doc, why, sizeof(why));
	if (ret == -EBADMSG) {
		snprintf(err, errlen, "%s", why);
		ret = -EINVAL;
	} else if (ret == -EINVAL) {
		snprintf(err, errlen, "not one JSON object (%s); expected e.g. " FILE_EXAMPLE, why);
	} else if (ret) {
		snprintf(err, errlen, "out of memory");
	} else if (!json_object_is_type(doc, json_type_object)) {
		snprintf(err, errlen, "the file holds %s; expected one object of requirements, e.g. " FILE_EXAMPLE,
			 describe(doc, what, sizeof(what)));
		ret = -EINVAL;
	} else if (!json_object_object_length(doc)) {
		snprintf(err, errlen, "the object is empty; expected at least one requirement, e.g. " FILE_EXAMPLE);
		ret = -EINVAL;
	} else {
		json_object_object_foreach(doc, key, v) {
			if ((ret = add_json_key(set, key, v, err, errlen)))
				break;
		}
	}
	json_object_put(doc);
	return ret;
}

static double measured_of(const struct req_measured *m, enum req_figure f)
{
	switch (f) {
	case REQ_STEADY:
		return m->steady < 0 ? NAN : m->steady;
	case REQ_STEADY_IOPS:
		return m->steady_iops;
	case REQ_P99_9_WRITE_US:
		return m->p99_9_write_us;
	case REQ_POST_CACHE_MBPS:
		return m->post_cache_mbps;
	case REQ_LIFE_YEARS:
		return m->life_years;
	case REQ_QD1_READ_US:
		return m->qd1_read_us;
	case REQ_QD1_WRITE_US:
		return m->qd1_write_us;
	case REQ_READ_IOPS:
		return m->read_iops;
	case REQ_NFIGURES:
		break;
	}
	return NAN;
}

bool requirements_check(const struct requirement_set *set, const struct req_measured *m, struct req_outcome *out)
{
	bool all = true;

	for (size_t i = 0; i < set->n; i++) {
		const struct requirement *r = &set->r[i];
		double v = measured_of(m, r->figure);
		struct req_outcome *o = &out[i];

		o->measured = v;
		o->margin = NAN;
		if (isnan(v))
			o->pass = false;
		else if (r->cmp == REQ_TRUE)
			o->pass = v == 1;
		else
			o->pass = r->cmp == REQ_GE ? v >= r->limit : v <= r->limit;
		if (r->cmp != REQ_TRUE && !isnan(v) && r->limit > 0)
			o->margin = (r->cmp == REQ_GE ? v - r->limit : r->limit - v) / r->limit;
		all &= o->pass;
	}
	return all;
}

int requirements_read_file(struct requirement_set *set, const char *path, char *err, size_t errlen)
{
	char *text = malloc(REQ_FILE_MAX + 1), why[256];
	FILE *f = NULL;
	ESCAPE_BUF(q);
	size_t n;
	int ret = -ENOMEM;

	escape_arg(q, sizeof(q), path);
	if (!text) {
		snprintf(err, errlen, "cannot read '%s': %s", q, strerror(ENOMEM));
		return ret;
	}
	if ((ret = input_file_open(path, &f, why, sizeof(why))) < 0) {
		snprintf(err, errlen, "cannot read '%s': %s", q, why);
		goto out;
	}
	errno = 0;
	n = fread(text, 1, REQ_FILE_MAX + 1, f);
	if (ferror(f)) {   /* errno says why: EISDIR for a folder */
		ret = -(errno ? errno : EIO);
		snprintf(err, errlen, "cannot read '%s': %s", q, strerror(-ret));
		goto out;
	}
	if ((ret = requirements_add_json(set, text, n, why, sizeof(why))))
		snprintf(err, errlen, "%s: %s", q, why);
out:
	if (f)
		fclose(f);
	free(text);
	return ret;
}
