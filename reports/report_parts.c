/* SPDX-License-Identifier: MIT */
/* The summary, the settings and chart lines from result arrays, shared by the pages of every kind. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "util/strbuf.h"
#include "util/text.h"

/* ---- summary ---- */

void fmt_gb(char *buf, size_t len, double bytes)
{
	if (isfinite(bytes))
		snprintf(buf, len, "%.2f GB (%.2f GiB)", bytes / 1e9, bytes / (1024.0 * 1024 * 1024));
	else
		snprintf(buf, len, TEXT_NOT_MEASURED);
}

/*
 * The drive in one line for the charts' subtitles: "model (serial S) · path",
 * a RAID group with its members' model.  The simulator's path names its preset.
 */
static void drive_line(struct json_object *doc, char *buf, size_t len)
{
	struct json_object *t = jget(doc, "target"), *members = jget(jget(doc, "group"), "members");
	const char *model = jstr(t, "model"), *serial = jstr(t, "serial"), *mmodel = NULL;
	size_t off = 0;

	for (size_t i = 0; i < jlen(members); i++) {
		const char *m = jstr(jidx(members, i), "model");

		mmodel = !i ? m : (m && mmodel && !strcmp(m, mmodel) ? mmodel : "mixed drives");
	}
#define PUT(...) (off += (size_t)snprintf(buf + off, off < len ? len - off : 0, __VA_ARGS__))
	PUT("%s", model ? model : "unknown model");
	if (mmodel)
		PUT(" of %s", mmodel);
	if (serial)
		PUT(" (serial %s)", serial);
	PUT(" · %s", jstr(t, "path") ? jstr(t, "path") : "unknown path");
#undef PUT
}

struct json_object *sweep_point_at(struct json_object *doc, double op)
{
	struct json_object *pts = jget(doc, "points");

	for (size_t i = 0; isfinite(op) && i < jlen(pts); i++)
		if (fabs(jnum(jidx(pts, i), "op_percent") - op) < 0.005)
			return jidx(pts, i);
	return NULL;
}

void page_drive(struct html_page *pg, struct json_object *doc)
{
	drive_line(doc, pg->drive, sizeof(pg->drive));
}

void summary_target(struct html_page *pg, struct json_object *doc)
{
	struct json_object *t = jget(doc, "target"), *caps = jget(t, "capabilities");
	struct strbuf c = { 0 };
	char gb[64];

	drive_line(doc, pg->drive, sizeof(pg->drive));
	fmt_gb(gb, sizeof(gb), jnum(t, "capacity_bytes"));
	html_dl(pg, "target", "%s", text_or_na(jstr(t, "path")));
	html_dl(pg, "model", "%s (serial %s, firmware %s)", text_or_na(jstr(t, "model")), text_or_na(jstr(t, "serial")),
		text_or_na(jstr(t, "firmware")));
	html_dl(pg, "capacity", "%s", gb);
	for (size_t i = 0; i < jlen(caps); i++) {
		if (i)
			sb_add(&c, ", ");
		sb_add(&c, json_object_get_string(jidx(caps, i)));
	}
	if (c.err)
		pg->error = pg->error ? pg->error : c.err;
	else if (c.p)
		html_dl(pg, "capabilities", "%s", c.p);
	sb_free(&c);
	html_dl(pg, "command", "%s", text_or_na(jstr(doc, "command")));
	if (jstr(doc, "started"))
		html_dl(pg, "measured", "%s to %s", jstr(doc, "started"),
			jstr(doc, "finished") ? jstr(doc, "finished") : "(not finished)");
	else if (isfinite(jnum(doc, "virtual_seconds")))
		html_dl(pg, "measured", "on the simulator's virtual clock: %.1f drive-minutes",
			jnum(doc, "virtual_seconds") / 60);
	html_dl(pg, "ssdprof", "%s", text_or_na(jstr(jget(doc, "tool"), "version")));
}

void settings_table(struct html_page *pg, struct json_object *doc)
{
	struct json_object *s = jget(doc, "settings");
	struct table t;

	if (!s || !json_object_is_type(s, json_type_object))
		return;
	table_init(&t, "Settings");
	table_col(&t, "setting", TA_LEFT);
	table_col(&t, "value", TA_LEFT);
	json_object_object_foreach(s, key, val) {
		table_row(&t);
		table_cell(&t, 0, "%s", key);
		table_cell(&t, 1, "%s", val ? json_object_to_json_string_ext(val, JSON_C_TO_STRING_PLAIN) : "null");
	}
	html_table(pg, &t, false);
	table_free(&t);
}

const char *list_sep(size_t i, size_t n)
{
	return !i ? "" : i + 1 == n ? " and " : ", ";
}

void distinct(struct json_object *arr, const char *key, char *buf, size_t len)
{
	const char *seen[32];
	size_t n = 0, off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < jlen(arr) && n < 32; i++) {
		const char *s = jstr(jidx(arr, i), key);
		bool dup = false;

		for (size_t j = 0; s && j < n; j++)
			dup |= !strcmp(seen[j], s);
		if (s && !dup)
			seen[n++] = s;
	}
	for (size_t i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s", list_sep(i, n), seen[i]);
	if (!n)
		snprintf(buf, len, "none");
}

void series_name(struct json_object *s, char *buf, size_t len)
{
	if (isfinite(jnum(s, "chunk_bytes")))
		snprintf(buf, len, "%.0f KiB chunks, QD %g", jnum(s, "chunk_bytes") / 1024, jnum(s, "qd"));
	else
		snprintf(buf, len, "QD %g", jnum(s, "qd"));
}

/* ---- a result that ended short ---- */

void partial_sweep(struct strbuf *b, struct json_object *doc)
{
	struct json_object *cut = jget(doc, "incomplete_point");

	if (jlen(jget(doc, "points")))
		sb_printf(b, " Only its %zu finished OP point(s) are shown: the charts, tables and recommendation "
			  "cover those alone.", jlen(jget(doc, "points")));
	else
		sb_add(b, " No OP point finished: there are no steady-state figures and no recommendation.");
	if (cut)
		sb_printf(b, " The point at %g%% OP was cut short after %g round(s); its rounds are kept apart and "
			  "are in no figure.", jnum(cut, "op_percent"), jnum(jget(cut, "steady_state"), "rounds"));
	sb_add(b, " Continue it with ssdprof sweep --resume on its folder.");
}

void partial_precondition(struct strbuf *b, struct json_object *doc)
{
	struct json_object *ss = jget(jget(doc, "precondition"), "steady_state");

	if (jnum(ss, "rounds") > 0)
		sb_printf(b, " It stopped after %g finished round(s), before steady state was shown; the figures "
			  "are over those rounds alone.", jnum(ss, "rounds"));
	else
		sb_add(b, " No round finished: only the fill so far is shown, and there are no steady-state "
			  "figures.");
}

void partial_run(struct strbuf *b, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");
	char name[96];

	if (!jlen(series))
		return;
	series_name(jidx(series, jlen(series) - 1), name, sizeof(name));
	sb_printf(b, " Its last series (%s) was cut short and covers only the time before; any series after "
		  "it was not measured.", name);
}

void partial_slc(struct strbuf *b, struct json_object *doc)
{
	sb_add(b, isfinite(jnum(jget(doc, "slc"), "cache_bytes"))
		  ? " The phases so far are shown; the probe did not reach its end."
		  : " The phases so far are shown; the probe ended before the cache was found, so its size is "
		    "not known.");
}

/* The why of a partial result into b (empty when the result is whole), kind as in the document. */
void partial_reason(struct strbuf *b, struct json_object *doc, const struct report_kind *kind)
{
	const char *err = jstr(doc, "error"), *noun = kind->info->noun;
	struct json_object *drives = jget(doc, "drives");
	const char *stop = jstr(jget(jget(doc, "precondition"), "steady_state"), "stop_reason");
	size_t before = b->len;

	if (err)
		sb_printf(b, "The %s failed: %s.", noun, err);
	else if (jtrue(doc, "interrupted") || (stop && !strcmp(stop, "interrupted")))
		sb_printf(b, "The %s was interrupted before it finished.", noun);
	else if (stop && !strcmp(stop, "error"))
		sb_printf(b, "The %s stopped at an error.", noun);
	else if ((jget(doc, "complete") && !jtrue(doc, "complete")) || jget(doc, "incomplete_point"))
		sb_printf(b, "The %s did not finish.", noun);
	if (b->len > before && kind->partial_extent)
		kind->partial_extent(b, doc);
	for (size_t i = 0; i < jlen(drives); i++) {
		struct json_object *d = jidx(drives, i);

		if (jstr(d, "error") && !kind->info->verdicts)
			/* A batch has no verdicts: each drive's own report says what it measured. */
			sb_printf(b, "%sDrive %zu (%s) %s: %s.", b->len > before ? " " : "", i + 1,
				  text_or_na(jstr(d, "target")), text_or_na(jstr(d, "status")), jstr(d, "error"));
		else if (jstr(d, "error"))
			sb_printf(b, "%sDrive %zu (%s) did not finish: %s; its verdict is FAIL and its figures are partial.",
				  b->len > before ? " " : "", i + 1, jstr(d, "spec") ? jstr(d, "spec") : "?", jstr(d, "error"));
	}
}

void partial_banner(struct html_page *pg, struct json_object *doc, const struct report_kind *kind)
{
	struct strbuf b = { 0 };

	partial_reason(&b, doc, kind);
	if (b.err)
		pg->error = pg->error ? pg->error : b.err;
	else if (b.len)
		html_banner(pg, "partial", "Partial result: the figures below are not the whole measurement.", b.p);
	sb_free(&b);
}

/* ---- numbers from result arrays ---- */

/* o[key], or o[i] when o is an array and key the number i. */
static struct json_object *jstep(struct json_object *o, const char *key)
{
	char *end;
	unsigned long i = strtoul(key, &end, 10);

	if (json_object_is_type(o, json_type_array) && end != key && !*end)
		return jidx(o, i);
	return jget(o, key);
}

double jat(struct json_object *o, const char *path)
{
	const char *slash = strchr(path, '/');
	char key[64];

	if (!slash)
		return jnum(o, path);
	snprintf(key, sizeof(key), "%.*s", (int)(slash - path), path);
	return jat(jstep(o, key), slash + 1);
}

/* Equal, with NAN equal to NAN: a document without chunk sizes is one group. */
static bool same(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

size_t distinct_nums(struct json_object *arr, const char *path, double *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < jlen(arr); i++) {
		double v = jat(jidx(arr, i), path);
		size_t j = 0;

		while (j < n && !same(out[j], v))
			j++;
		if (j == n && n < max)
			out[n++] = v;
	}
	return n;
}

double last_mbps_per_iops(struct json_object *arr)
{
	double scale = 0;

	for (size_t i = 0; i < jlen(arr); i++) {
		double io = jnum(jidx(arr, i), "iops"), mb = jnum(jidx(arr, i), "mbps");

		if (io > 0 && mb > 0)
			scale = mb / io;
	}
	return scale;
}

/* ---- charts and the points they own ---- */

struct chart_series *plot_line(struct plot *p, size_t n, double **x, double **y, bool **open)
{
	size_t i = p->c.nseries;
	double *xy;

	if (i == CHART_MAX_SERIES) {
		p->c.dropped++;
		return NULL;
	}
	/* One block: x, y, then the open flags. */
	xy = calloc(1, 2 * n * sizeof(double) + (open ? n * sizeof(bool) : 0) + 1);
	if (!xy) {
		p->error = -ENOMEM;
		return NULL;
	}
	p->own[i] = xy;
	*x = xy;
	*y = xy + n;
	if (open)
		*open = (bool *)(xy + 2 * n);
	p->c.series[i] = (struct chart_series){ .x = *x, .y = *y, .open = open ? *open : NULL, .n = n };
	p->c.nseries++;
	return &p->c.series[i];
}

char *plot_label(struct plot *p, const struct chart_series *s)
{
	return p->label[s - p->c.series];
}

void plot_free(struct plot *p)
{
	for (size_t i = 0; i < CHART_MAX_SERIES; i++) {
		free(p->own[i]);
		p->own[i] = NULL;
	}
}

void plot_show(struct html_page *pg, const char *name, struct plot *p, const struct table *t)
{
	if (p->error)
		pg->error = pg->error ? pg->error : p->error;
	html_chart(pg, name, &p->c, t);
	plot_free(p);
}

struct chart_series *line_of(struct plot *p, struct json_object *arr, const char *match, double v, const char *xpath,
			     double xdiv, const char *ypath)
{
	size_t n = jlen(arr), m = 0;
	struct chart_series *s;
	double *x, *y;

	s = plot_line(p, n, &x, &y, NULL);
	if (!s)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = jidx(arr, i);

		if (match && !same(jat(e, match), v))
			continue;
		x[m] = jat(e, xpath) / xdiv;
		y[m++] = jat(e, ypath);
	}
	s->n = m;
	return s;
}

void add_lines(struct plot *p, struct json_object *arr, const struct line_plan *lp, const struct line_spec *spec,
	       size_t nspec)
{
	double groups[CHART_MAX_SERIES];
	size_t ng = distinct_nums(arr, lp->group, groups, CHART_MAX_SERIES);

	for (size_t g = 0; g < ng; g++) {
		for (size_t s = 0; s < nspec && p->c.nseries < CHART_MAX_SERIES; s++) {
			struct chart_series *line = line_of(p, arr, lp->group, groups[g], lp->xpath, lp->xdiv,
							    spec[s].ypath);
			char name[64];

			if (!line)
				continue;
			snprintf(name, sizeof(name), "%s%g%s", lp->group_pre, groups[g] / lp->group_div, lp->group_post);
			if (ng > 1)
				snprintf(plot_label(p, line), PLOT_LABEL, "%s%s%s", nspec > 1 ? spec[s].what : "",
					 nspec > 1 ? ", " : "", name);
			line->label = ng > 1 ? plot_label(p, line) : spec[s].what;
			line->markers = true;
			line->color = ng > 1 ? (int)g : (int)s;
			line->dashed = ng > 1 && s > 0;
		}
	}
}

void empty_unless_measured(struct chart *c, const char *missing)
{
	for (size_t s = 0; s < c->nseries; s++)
		for (size_t i = 0; i < c->series[s].n; i++)
			if (isfinite(c->series[s].y[i]))
				return;
	c->empty = missing;
}
