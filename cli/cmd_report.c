/* SPDX-License-Identifier: MIT */
/*
 * ssdprof report: one self-contained HTML page from a result document (a
 * summary, charts as inline SVG, the numbers of every chart in a table), the
 * CSVs beside it, and with --png each chart as a PNG for a chat message.
 * Everything is rendered in memory first and written through temporaries,
 * so a failure leaves no partial report.
 */
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "reports/chart.h"
#include "cli/commands.h"
#include "reports/csv_export.h"
#include "reports/html.h"
#include "cli/report.h"
#include "results/result_json.h"
#include "sim/sim.h"
#include "results/json_get.h"
#include "reports/table.h"

const char cmd_report_usage[] =
	"usage: ssdprof report RESULT.json [-o report.html] [--png DIR]\n"
	"\n"
	"Turn a result document (sweep, slc, run or precondition) into one HTML page\n"
	"that needs nothing else to be read: a summary (target, method, purge, OP\n"
	"method, steady state per point, the recommendation and why), charts, and the\n"
	"numbers of every chart in a table.  The CSV files (points.csv, timeseries.csv,\n"
	"slc_samples.csv, ...) go beside the HTML file.\n"
	"\n"
	"  -o, --out FILE   the HTML file (default: report.html beside RESULT.json)\n"
	"  --png DIR        also write every chart as a PNG (1000x600) into DIR\n"
	"\n"
	"Example: ssdprof report results/budget/result.json -o budget.html --png budget-png\n";

/* Arrays for chart data live until the page is rendered. */
struct pool {
	void *p[1024];
	size_t n;
};

static void *palloc(struct pool *pl, size_t bytes)
{
	void *p;

	if (pl->n == sizeof(pl->p) / sizeof(pl->p[0]))
		return NULL;
	p = calloc(1, bytes ? bytes : 1);
	if (p)
		pl->p[pl->n++] = p;
	return p;
}

static double *dalloc(struct pool *pl, size_t n)
{
	return palloc(pl, n * sizeof(double));
}

static void pool_free(struct pool *pl)
{
	for (size_t i = 0; i < pl->n; i++)
		free(pl->p[i]);
	pl->n = 0;
}

int report_options(int argc, char **argv, const char *cmd, const char **out, const char **png)
{
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "png", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			*out = optarg;
			break;
		case 'p':
			*png = optarg;
			break;
		default:
			return cli_getopt_error(cmd, argv, optind, c, optopt);
		}
	}
	return 0;
}

int report_load(const char *path, struct json_object **doc, const char **kind, char *err, size_t errlen)
{
	struct json_tokener *tok;
	struct json_object *d = NULL;
	const char *schema, *k;
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	*doc = NULL;
	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return ret;
	}
	{
		size_t cap = 0, n;
		char chunk[65536];

		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
			if (len + n + 1 > cap) {
				char *p;

				cap = (len + n + 1) * 2;
				p = realloc(text, cap);
				if (!p) {
					free(text);
					fclose(f);
					snprintf(err, errlen, "out of memory reading '%s'", path);
					return -ENOMEM;
				}
				text = p;
			}
			memcpy(text + len, chunk, n);
			len += n;
		}
		if (ferror(f)) {
			ret = -errno;
			snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
			free(text);
			fclose(f);
			return ret ? ret : -EIO;
		}
		fclose(f);
	}
	tok = json_tokener_new();
	if (tok && text) {
		text[len] = '\0';
		d = json_tokener_parse_ex(tok, text, (int)len);
	}
	if (!d || json_tokener_get_error(tok) != json_tokener_success ||
	    text[json_tokener_get_parse_end(tok) + strspn(text + json_tokener_get_parse_end(tok), " \t\r\n")]) {
		enum json_tokener_error e = tok ? json_tokener_get_error(tok) : json_tokener_continue;
		const char *why = !text ? "the file is empty"
				  : e == json_tokener_continue ? "unexpected end of file"
				  : e != json_tokener_success ? json_tokener_error_desc(e)
							      : "text after the document";

		snprintf(err, errlen, "'%s' is not valid JSON: %s (at byte %zu)", path, why,
			 tok && text ? json_tokener_get_parse_end(tok) : 0);
		json_object_put(d);
		json_tokener_free(tok);
		free(text);
		return -EINVAL;
	}
	json_tokener_free(tok);
	free(text);
	schema = jstr(d, "schema");
	if (!schema || strcmp(schema, RESULT_SCHEMA)) {
		snprintf(err, errlen, "'%s' is not an ssdprof result: its schema is %s%s%s, expected %s", path,
			 schema ? "'" : "", schema ? schema : "missing", schema ? "'" : "", RESULT_SCHEMA);
		json_object_put(d);
		return -EINVAL;
	}
	k = jstr(d, "kind");
	if (!k)
		k = jlen(jget(d, "series")) ? "run" : jget(d, "points") ? "sweep" : jget(d, "slc") ? "slc" : NULL;
	if (!k || (strcmp(k, "run") && strcmp(k, "sweep") && strcmp(k, "slc") && strcmp(k, "precondition"))) {
		snprintf(err, errlen, "'%s': a result of kind '%s' has no report; report knows sweep, slc, run and precondition",
			 path, k ? k : "unknown");
		json_object_put(d);
		return -EINVAL;
	}
	if ((!strcmp(k, "sweep") && !jget(d, "points")) || (!strcmp(k, "slc") && !jget(d, "slc")) ||
	    (!strcmp(k, "run") && !jget(d, "series")) || (!strcmp(k, "precondition") && !jget(d, "precondition"))) {
		snprintf(err, errlen, "'%s': a %s result without its %s; the file is damaged", path, k,
			 !strcmp(k, "sweep") ? "points" : !strcmp(k, "run") ? "series" : k);
		json_object_put(d);
		return -EINVAL;
	}
	*doc = d;
	*kind = k;
	return 0;
}

/* ---- summary ---- */

static void fmt_gb(char *buf, size_t len, double bytes)
{
	if (isfinite(bytes))
		snprintf(buf, len, "%.2f GB (%.2f GiB)", bytes / 1e9, bytes / (1024.0 * 1024 * 1024));
	else
		snprintf(buf, len, "unknown");
}

static void summary_target(struct html_page *pg, struct json_object *doc)
{
	struct json_object *t = jget(doc, "target"), *caps = jget(t, "capabilities");
	struct strbuf c = { 0 };
	char gb[64];

	fmt_gb(gb, sizeof(gb), jnum(t, "capacity_bytes"));
	html_dl(pg, "target", "%s", jstr(t, "path") ? jstr(t, "path") : "unknown");
	html_dl(pg, "model", "%s (serial %s, firmware %s)", jstr(t, "model") ? jstr(t, "model") : "unknown",
		jstr(t, "serial") ? jstr(t, "serial") : "unknown", jstr(t, "firmware") ? jstr(t, "firmware") : "unknown");
	html_dl(pg, "capacity", "%s", gb);
	for (size_t i = 0; i < jlen(caps); i++) {
		if (i)
			sb_add(&c, ", ");
		sb_add(&c, json_object_get_string(jidx(caps, i)));
	}
	if (c.p)
		html_dl(pg, "capabilities", "%s", c.p);
	sb_free(&c);
	html_dl(pg, "command", "%s", jstr(doc, "command") ? jstr(doc, "command") : "unknown");
	if (jstr(doc, "started"))
		html_dl(pg, "measured", "%s to %s", jstr(doc, "started"),
			jstr(doc, "finished") ? jstr(doc, "finished") : "(not finished)");
	else if (isfinite(jnum(doc, "virtual_seconds")))
		html_dl(pg, "measured", "on the simulator's virtual clock: %.1f drive-minutes",
			jnum(doc, "virtual_seconds") / 60);
	html_dl(pg, "ssdprof", "%s", jstr(jget(doc, "tool"), "version") ? jstr(jget(doc, "tool"), "version") : "?");
}

static void settings_table(struct html_page *pg, struct json_object *doc)
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

/* "a, b and c" of the distinct string values of key over the array. */
static void distinct(struct json_object *arr, const char *key, char *buf, size_t len)
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
		off += (size_t)snprintf(buf + off, len - off, "%s%s", i ? (i + 1 == n ? " and " : ", ") : "", seen[i]);
	if (!n)
		snprintf(buf, len, "none");
}

/* ---- chart lines from result arrays ---- */

/* o[key], or o[i] when o is an array and key the number i. */
static struct json_object *jstep(struct json_object *o, const char *key)
{
	char *end;
	unsigned long i = strtoul(key, &end, 10);

	if (json_object_is_type(o, json_type_array) && end != key && !*end)
		return jidx(o, i);
	return jget(o, key);
}

/*
 * o's number at a '/'-separated path ("lat_us/p99", "members/2/iops"; '/'
 * because keys such as "p99.9" hold dots), NAN when absent.
 */
static double jat(struct json_object *o, const char *path)
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

/* The distinct values at path over arr, in order of appearance; at most max. */
static size_t distinct_nums(struct json_object *arr, const char *path, double *out, size_t max)
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

/* MB/s per IOPS of the last entry that has both: the scale of an IOPS chart's MB/s axis. */
static double last_mbps_per_iops(struct json_object *arr)
{
	double scale = 0;

	for (size_t i = 0; i < jlen(arr); i++) {
		double io = jnum(jidx(arr, i), "iops"), mb = jnum(jidx(arr, i), "mbps");

		if (io > 0 && mb > 0)
			scale = mb / io;
	}
	return scale;
}

/*
 * A chart line through the entries of arr whose value at match equals v
 * (every entry when match is NULL): x from xpath divided by xdiv, y from
 * ypath.  Unmeasured y stays NAN and breaks the line.
 */
static struct chart_series line_of(struct pool *pl, struct json_object *arr, const char *match, double v,
				   const char *xpath, double xdiv, const char *ypath)
{
	size_t n = jlen(arr), m = 0;
	double *x = dalloc(pl, n), *y = dalloc(pl, n);

	for (size_t i = 0; x && y && i < n; i++) {
		struct json_object *e = jidx(arr, i);

		if (match && !same(jat(e, match), v))
			continue;
		x[m] = jat(e, xpath) / xdiv;
		y[m++] = jat(e, ypath);
	}
	return (struct chart_series){ .x = x, .y = y, .n = x && y ? m : 0 };
}

/* What a chart plots from an array: its x, and how its lines are grouped and named. */
struct line_plan {
	const char *xpath;
	double xdiv;
	const char *group;      /* path of the value that splits the entries into lines */
	const char *group_pre;  /* a group's name: group_pre, value / group_div, group_post */
	double group_div;
	const char *group_post;
};

/* One figure per line of each group: what it is called and where its y is. */
struct line_spec {
	const char *what;
	const char *ypath;
};

/*
 * Lines for every group of arr and every spec, with markers.  With one
 * group a line is named by its spec alone and coloured by spec, as a chart
 * without groups; with several, by group (and spec when there are several),
 * coloured by group, the second and later specs dashed.
 */
static void add_lines(struct chart *c, struct pool *pl, struct json_object *arr, const struct line_plan *lp,
		      const struct line_spec *spec, size_t nspec)
{
	double groups[CHART_MAX_SERIES];
	size_t ng = distinct_nums(arr, lp->group, groups, CHART_MAX_SERIES);

	for (size_t g = 0; g < ng; g++) {
		for (size_t s = 0; s < nspec && c->nseries < CHART_MAX_SERIES; s++) {
			struct chart_series line = line_of(pl, arr, lp->group, groups[g], lp->xpath, lp->xdiv, spec[s].ypath);
			char *label = palloc(pl, 96), name[64];

			snprintf(name, sizeof(name), "%s%g%s", lp->group_pre, groups[g] / lp->group_div, lp->group_post);
			if (label && ng > 1)
				snprintf(label, 96, "%s%s%s", nspec > 1 ? spec[s].what : "", nspec > 1 ? ", " : "", name);
			line.label = label && ng > 1 ? label : spec[s].what;
			line.markers = true;
			line.color = ng > 1 ? (int)g : (int)s;
			line.dashed = ng > 1 && s > 0;
			c->series[c->nseries++] = line;
		}
	}
}

/* Unless a line of c has a measured point, c shows what is missing instead of empty axes. */
static void empty_unless_measured(struct chart *c, const char *missing)
{
	for (size_t s = 0; s < c->nseries; s++)
		for (size_t i = 0; i < c->series[s].n; i++)
			if (isfinite(c->series[s].y[i]))
				return;
	c->empty = missing;
}

/* ---- sweep ---- */

static const char *purge_how(const char *target_kind, const char *method)
{
	if (!method)
		return "no purge";
	if (target_kind && !strcmp(target_kind, "sim"))
		return "the simulator erases every block and resets the mapping";
	if (!strcmp(method, "trim"))
		return "full-device TRIM";
	if (!strncmp(method, "sanitize", 8))
		return "NVMe/ATA sanitize";
	if (!strncmp(method, "format", 6))
		return "NVMe format";
	if (!strncmp(method, "ata-erase", 9))
		return "ATA secure erase";
	return "the drive's best purge";
}

static double point_mbps_per_iops(struct json_object *doc, struct json_object *points)
{
	double bs = jnum(jget(doc, "settings"), "bs");

	for (size_t i = 0; i < jlen(points); i++) {
		double io = jnum(jidx(points, i), "iops"), mb = jnum(jidx(points, i), "mbps");

		if (io > 0 && mb > 0)
			return mb / io;
	}
	return bs > 0 ? bs / 1e6 : 0;
}

/* IOPS per round of every point, one line per OP. */
static void chart_rounds(struct html_page *pg, struct pool *pl, struct json_object *doc, struct json_object *points,
			 const char *title)
{
	struct chart c = { .title = title, .xlabel = "time in rounds (s)", .ylabel = "IOPS", .y2label = "MB/s",
			   .x_from_zero = true, .y_from_zero = true };
	struct table t;

	c.y2_scale = point_mbps_per_iops(doc, points);
	table_init(&t, "IOPS per round");
	table_cols(&t, "OP %", TA_RIGHT, "round", TA_RIGHT, "t s", TA_RIGHT, "IOPS", TA_RIGHT,
		   "MB/s", TA_RIGHT, "steady window", TA_LEFT, NULL);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *p = jidx(points, i), *ts = jget(p, "timeseries"), *ss = jget(p, "steady_state");
		struct json_object *win = jget(ss, "window");
		size_t n = jlen(ts);
		double *x = dalloc(pl, n), *y = dalloc(pl, n), op = jnum(p, "op_percent");
		char *label = palloc(pl, 64);
		long w0 = jlen(win) == 2 ? json_object_get_int(jidx(win, 0)) : -1;
		long w1 = jlen(win) == 2 ? json_object_get_int(jidx(win, 1)) : -1;

		if (!x || !y || !label)
			continue;
		for (size_t j = 0; j < n; j++) {
			x[j] = jnum(jidx(ts, j), "t_s");
			y[j] = jnum(jidx(ts, j), "iops");
			table_row(&t);
			table_num(&t, 0, op, 2);
			table_cell(&t, 1, "%zu", j + 1);
			table_num(&t, 2, x[j], 1);
			table_num(&t, 3, y[j], 0);
			table_num(&t, 4, jnum(jidx(ts, j), "mbps"), 1);
			if ((long)j >= w0 && (long)j <= w1)
				table_cell(&t, 5, "%s", jtrue(ss, "reached") ? "yes" : "last rounds (not steady)");
		}
		if (c.nseries == CHART_MAX_SERIES)
			continue;
		if (isfinite(op))
			snprintf(label, 64, "OP %g%%%s", op, jtrue(ss, "reached") ? "" : " (not steady)");
		else
			snprintf(label, 64, "%s", jtrue(ss, "reached") ? "IOPS" : "IOPS (not steady)");
		c.series[c.nseries++] = (struct chart_series){ .label = label, .x = x, .y = y, .n = n,
							      .color = (int)i, .dashed = !jtrue(ss, "reached") };
	}
	html_chart(pg, "iops-over-time", &c, &t);
	table_free(&t);
}

/* Analytic WA of uniform random writes over the OP range, for the dashed reference. */
static void wa_reference(struct json_object *doc, struct json_object *points, struct chart_series *s, struct pool *pl,
			 double *total_op_for, const char **label)
{
	struct json_object *t = jget(doc, "target");
	const char *path = jstr(t, "path"), *tkind = jstr(t, "kind");
	double cap = jnum(t, "capacity_bytes"), factory = NAN, lo = INFINITY, hi = -INFINITY;
	size_t n = 61;
	double *x, *y;

	if (tkind && !strcmp(tkind, "sim") && path && !strncmp(path, "sim:", 4)) {
		struct sim_config cfg;
		char err[256];

		if (!sim_config_parse(path + 4, &cfg, err, sizeof(err)))
			factory = cfg.factory_op;
	}
	*label = isfinite(factory) ? "analytic, uniform random (FIFO closed form, total OP = factory + host)"
				   : "analytic, uniform random (FIFO closed form, host OP only)";
	for (size_t i = 0; i < jlen(points); i++) {
		double op = jnum(jidx(points, i), "op_percent"), u = jnum(jidx(points, i), "usable_bytes");
		double raw = isfinite(factory) ? cap * (1 + factory / 100) : cap;

		total_op_for[i] = u > 0 && cap > 0 ? raw / u - 1 : NAN;
		if (isfinite(op)) {
			lo = fmin(lo, op);
			hi = fmax(hi, op);
		}
	}
	if (!(hi >= lo) || !(cap > 0))
		return;
	x = dalloc(pl, n);
	y = dalloc(pl, n);
	if (!x || !y)
		return;
	for (size_t i = 0; i < n; i++) {
		double op = lo + (hi - lo) * (double)i / (double)(n - 1);
		double raw = isfinite(factory) ? cap * (1 + factory / 100) : cap;
		double usable = cap * (1 - op / 100);

		x[i] = op;
		y[i] = usable > 0 && raw / usable - 1 > 0 ? sim_waf_fifo(raw / usable - 1) : NAN;
	}
	*s = (struct chart_series){ .label = *label, .x = x, .y = y, .n = n, .dashed = true, .color = -1 };
}

static void sweep_charts(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points"), *knee = jget(doc, "knee");
	size_t n = jlen(points);
	double *op = dalloc(pl, n), *iops = dalloc(pl, n), *waf = dalloc(pl, n), *p99 = dalloc(pl, n);
	double *p999 = dalloc(pl, n), *total_op = dalloc(pl, n);
	bool *open = palloc(pl, n * sizeof(bool));
	double knee_op = jnum(knee, "op_percent"), rec_op = jnum(knee, "recommended_op_percent");
	bool any_waf = false, any_lat = false;
	const char *ref_label = NULL;
	char kl[64], rl[64];
	struct table t;

	if (!op || !iops || !waf || !p99 || !p999 || !total_op || !open) {
		pg->error = -ENOMEM;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i), *lat = jget(p, "lat_us");

		op[i] = jnum(p, "op_percent");
		iops[i] = jnum(p, "iops");
		waf[i] = jnum(p, "waf");
		p99[i] = jnum(lat, "p99");
		p999[i] = jnum(lat, "p99.9");
		open[i] = !jtrue(jget(p, "steady_state"), "reached");
		any_waf |= isfinite(waf[i]);
		any_lat |= isfinite(p99[i]) || isfinite(p999[i]);
	}

	html_h2(pg, "throughput", "Throughput while writing to steady state");
	chart_rounds(pg, pl, doc, points, "IOPS per round at every OP level");

	html_h2(pg, "iops-vs-op", "Steady IOPS against OP");
	{
		struct chart c = { .title = "Steady-state IOPS against over-provisioning", .xlabel = "OP (% of capacity held back)",
				   .ylabel = "steady IOPS", .y2label = "MB/s", .x_from_zero = true, .y_from_zero = true,
				   .open_note = "hollow: steady state not reached" };

		c.y2_scale = point_mbps_per_iops(doc, points);
		c.series[c.nseries++] = (struct chart_series){ .label = "steady IOPS", .x = op, .y = iops, .open = open,
							      .n = n, .markers = true, .color = 0 };
		if (isfinite(knee_op) && isfinite(rec_op) && fabs(knee_op - rec_op) < 0.005) {
			snprintf(kl, sizeof(kl), "knee = recommended: %g%%", knee_op);
			c.vlines[c.nvlines++] = (struct chart_vline){ knee_op, kl };
		} else {
			if (isfinite(knee_op)) {
				snprintf(kl, sizeof(kl), "knee %g%%", knee_op);
				c.vlines[c.nvlines++] = (struct chart_vline){ knee_op, kl };
			}
			if (isfinite(rec_op)) {
				snprintf(rl, sizeof(rl), "recommended %g%%", rec_op);
				c.vlines[c.nvlines++] = (struct chart_vline){ rec_op, rl };
			}
		}
		table_init(&t, "Steady IOPS per OP point");
		table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT,
			   "% of best", TA_RIGHT, "", TA_LEFT, NULL);
		double best = 0;
		for (size_t i = 0; i < n; i++)
			best = isfinite(iops[i]) ? fmax(best, iops[i]) : best;
		for (size_t i = 0; i < n; i++) {
			table_row(&t);
			table_num(&t, 0, op[i], 2);
			table_cell(&t, 1, "%s", open[i] ? "NO" : "yes");
			table_num(&t, 2, iops[i], 0);
			table_num(&t, 3, jnum(jidx(points, i), "mbps"), 1);
			table_num(&t, 4, best > 0 ? 100 * iops[i] / best : NAN, 1);
			if (fabs(op[i] - knee_op) < 0.005 || fabs(op[i] - rec_op) < 0.005)
				table_cell(&t, 5, "%s", fabs(op[i] - knee_op) < 0.005 && fabs(op[i] - rec_op) < 0.005
								? "knee, recommended"
								: fabs(op[i] - knee_op) < 0.005 ? "knee" : "recommended");
		}
		html_chart(pg, "iops-vs-op", &c, &t);
		table_free(&t);
	}

	html_h2(pg, "wa-vs-op", "Write amplification against OP");
	{
		struct chart c = { .title = "Write amplification against over-provisioning",
				   .xlabel = "OP (% of capacity held back)", .ylabel = "WA (media bytes / host bytes)",
				   .x_from_zero = true, .y_from_zero = true, .open_note = "hollow: steady state not reached" };
		struct chart_series ref = { 0 };

		wa_reference(doc, points, &ref, pl, total_op, &ref_label);
		if (any_waf) {
			c.series[c.nseries++] = (struct chart_series){ .label = "measured WA", .x = op, .y = waf, .open = open,
								      .n = n, .markers = true, .color = 3 };
			if (ref.n)
				c.series[c.nseries++] = ref;
		} else {
			c.empty = "no media-write counter on this drive";
		}
		table_init(&t, "Write amplification per OP point");
		table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "WA", TA_RIGHT, "WA source", TA_LEFT,
			   "host GB written", TA_RIGHT, "media GB written", TA_RIGHT, "total OP %", TA_RIGHT,
			   "analytic WA", TA_RIGHT, NULL);
		for (size_t i = 0; i < n; i++) {
			struct json_object *p = jidx(points, i);

			table_row(&t);
			table_num(&t, 0, op[i], 2);
			table_cell(&t, 1, "%s", open[i] ? "NO" : "yes");
			table_num(&t, 2, waf[i], 2);
			table_cell(&t, 3, "%s", jstr(p, "waf_source") ? jstr(p, "waf_source") : "-");
			table_num(&t, 4, jnum(p, "host_bytes_written") / 1e9, 2);
			table_num(&t, 5, jnum(p, "media_bytes_written") / 1e9, 2);
			table_num(&t, 6, 100 * total_op[i], 2);
			table_num(&t, 7, total_op[i] > 0 ? sim_waf_fifo(total_op[i]) : NAN, 2);
		}
		html_chart(pg, "wa-vs-op", &c, &t);
		if (ref_label && any_waf)
			html_note(pg, "note", strstr(ref_label, "factory")
						      ? "The dashed line is the analytic WA of uniform random single-block writes "
							"with greedy (large-line) garbage collection, A = a / (a + W0(-a e^-a)), "
							"a = 1 + total OP, where total OP = raw / usable - 1 counts the "
							"simulator's factory OP as well as the OP held back."
						      : "The dashed line is the analytic WA of uniform random single-block writes, "
							"A = a / (a + W0(-a e^-a)) with a = 1 + host OP only: the drive's factory "
							"OP is not known, so the real expectation is lower.");
		table_free(&t);
	}

	html_h2(pg, "latency-vs-op", "Latency against OP");
	{
		struct chart c = { .title = "Write latency percentiles against over-provisioning",
				   .xlabel = "OP (% of capacity held back)", .ylabel = "latency (µs)", .x_from_zero = true,
				   .y_from_zero = true, .open_note = "hollow: steady state not reached" };

		if (any_lat) {
			c.series[c.nseries++] = (struct chart_series){ .label = "p99", .x = op, .y = p99, .open = open, .n = n,
								      .markers = true, .color = 0 };
			c.series[c.nseries++] = (struct chart_series){ .label = "p99.9", .x = op, .y = p999, .open = open,
								      .n = n, .markers = true, .color = 1 };
		} else {
			c.empty = "latency percentiles not measured";
		}
		table_init(&t, "Latency per OP point");
		table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "lat mean µs", TA_RIGHT,
			   "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT, NULL);
		for (size_t i = 0; i < n; i++) {
			table_row(&t);
			table_num(&t, 0, op[i], 2);
			table_cell(&t, 1, "%s", open[i] ? "NO" : "yes");
			table_num(&t, 2, jnum(jget(jidx(points, i), "lat_us"), "mean"), 1);
			table_num(&t, 3, p99[i], 1);
			table_num(&t, 4, p999[i], 1);
		}
		html_chart(pg, "latency-vs-op", &c, &t);
		table_free(&t);
	}
}

/* ---- RAID ---- */

/* Member idx of the group as "idx (path)", or "-" when idx names none. */
static void member_name(struct json_object *doc, double idx, char *buf, size_t len)
{
	struct json_object *members = jget(jget(doc, "group"), "members");
	const char *path;

	if (!(idx >= 0 && idx < (double)jlen(members))) {
		snprintf(buf, len, "-");
		return;
	}
	path = jstr(jidx(members, (size_t)idx), "path");
	snprintf(buf, len, "%.0f (%s)", idx, path ? path : "?");
}

/* The chunk size, or the chunk sizes of a run that compared several. */
static void chunk_text(struct json_object *group, char *buf, size_t len)
{
	struct json_object *list = jget(group, "chunk_list");
	size_t n = jlen(list), off = 0;

	buf[0] = '\0';
	if (isfinite(jnum(group, "chunk_bytes"))) {
		snprintf(buf, len, "%.0f KiB", jnum(group, "chunk_bytes") / 1024);
		return;
	}
	for (size_t i = 0; i < n && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%.0f", i ? (i + 1 == n ? " and " : ", ") : "",
					json_object_get_double(jidx(list, i)) / 1024);
	if (n && off < len)
		snprintf(buf + off, len - off, " KiB: the workload once per chunk size, each time on the group opened afresh");
}

/* The group: level, chunk, and the member drives. */
static void raid_group(struct html_page *pg, struct json_object *doc)
{
	struct json_object *group = jget(doc, "group"), *members = jget(group, "members");
	char chunk[256];
	struct table t;

	html_h2(pg, "raid", "RAID group");
	html_dl_begin(pg);
	html_dl(pg, "level", "RAID %s", jget(group, "level") ? json_object_get_string(jget(group, "level")) : "?");
	chunk_text(group, chunk, sizeof(chunk));
	if (*chunk)
		html_dl(pg, "chunk", "%s", chunk);
	html_dl(pg, "members", "%zu", jlen(members));
	html_dl_end(pg);
	table_init(&t, "Members");
	table_cols(&t, "#", TA_RIGHT, "path", TA_LEFT, "model", TA_LEFT, "serial", TA_LEFT,
		   "capacity GB", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(members); i++) {
		struct json_object *m = jidx(members, i);

		table_row(&t);
		table_cell(&t, 0, "%zu", i);
		table_cell(&t, 1, "%s", jstr(m, "path") ? jstr(m, "path") : "-");
		table_cell(&t, 2, "%s", jstr(m, "model") ? jstr(m, "model") : "-");
		table_cell(&t, 3, "%s", jstr(m, "serial") ? jstr(m, "serial") : "-");
		table_num(&t, 4, jnum(m, "capacity_bytes") / 1e9, 2);
	}
	html_table(pg, &t, true);
	table_free(&t);
	html_note(pg, "note", "The limiting member is the one with the highest mean latency over the interval its "
			      "figures cover (a run's series, a steady window, a round, an slc probe): the group's I/Os "
			      "wait for it.");
}

/* Optional column groups of a per-member table. */
enum {
	MEMBER_BYTES = 1,  /* serial, and bytes written and read, host and media */
	MEMBER_OP = 2,     /* the OP given (--op-member) and the OP in effect */
};

/* The per-member columns, after any the caller added first. */
static void member_cols(struct table *t, unsigned flags)
{
	table_col(t, "#", TA_RIGHT);
	table_col(t, "path", TA_LEFT);
	if (flags & MEMBER_BYTES)
		table_col(t, "serial", TA_LEFT);
	table_col(t, "IOPS", TA_RIGHT);
	if (flags & MEMBER_BYTES) {
		table_cols(t, "host GB written", TA_RIGHT, "host GB read", TA_RIGHT,
			   "media GB written", TA_RIGHT, NULL);
	}
	table_cols(t, "WA", TA_RIGHT, "lat mean µs", TA_RIGHT, "p99 µs", TA_RIGHT, NULL);
	if (flags & MEMBER_OP) {
		table_col(t, "OP given %", TA_RIGHT);
		table_col(t, "OP in effect %", TA_RIGHT);
	}
	table_col(t, "", TA_LEFT);
}

/* Member idx of owner (a series, point or probe) into the current row from column c on, marked if it limited. */
static void member_cells(struct table *t, size_t c, struct json_object *owner, size_t idx, unsigned flags)
{
	struct json_object *m = jidx(jget(owner, "members"), idx);
	double lim = jnum(owner, "limiting_member");

	table_cell(t, c++, "%zu", idx);
	table_cell(t, c++, "%s", jstr(m, "path") ? jstr(m, "path") : "-");
	if (flags & MEMBER_BYTES)
		table_cell(t, c++, "%s", jstr(m, "serial") ? jstr(m, "serial") : "-");
	table_num(t, c++, jnum(m, "iops"), 0);
	if (flags & MEMBER_BYTES) {
		table_num(t, c++, jnum(m, "host_bytes_written") / 1e9, 2);
		table_num(t, c++, jnum(m, "host_bytes_read") / 1e9, 2);
		table_num(t, c++, jnum(m, "media_bytes_written") / 1e9, 2);
	}
	table_num(t, c++, jnum(m, "waf"), 2);
	table_num(t, c++, jat(m, "lat_us/mean"), 1);
	table_num(t, c++, jat(m, "lat_us/p99"), 1);
	if (flags & MEMBER_OP) {
		table_num(t, c++, jnum(m, "op_percent"), 2);
		table_num(t, c++, jnum(m, "effective_op_percent"), 2);
	}
	if (isfinite(lim) && lim == (double)idx)
		table_cell(t, c, "limiting");
}

/* MEMBER_OP when a member of any entry of arr was given its own OP. */
static unsigned member_op_flag(struct json_object *arr)
{
	for (size_t i = 0; i < jlen(arr); i++)
		for (size_t m = 0; m < jlen(jget(jidx(arr, i), "members")); m++)
			if (isfinite(jnum(jidx(jget(jidx(arr, i), "members"), m), "op_percent")))
				return MEMBER_OP;
	return 0;
}

/* The largest number of members any entry of arr reports. */
static size_t members_reported(struct json_object *arr)
{
	size_t nm = 0;

	for (size_t i = 0; i < jlen(arr); i++)
		nm = jlen(jget(jidx(arr, i), "members")) > nm ? jlen(jget(jidx(arr, i), "members")) : nm;
	return nm;
}

/* Steady IOPS of each member against OP, with every member's figures per point under it. */
static void sweep_members_chart(struct html_page *pg, struct pool *pl, struct json_object *points, size_t nm)
{
	struct chart c = { .title = "Steady IOPS per member against OP", .xlabel = "OP (% of capacity held back)",
			   .ylabel = "member IOPS", .x_from_zero = true, .y_from_zero = true };
	unsigned flags = member_op_flag(points);
	struct table t;

	for (size_t m = 0; m < nm && m < CHART_MAX_SERIES; m++) {
		struct chart_series line;
		char path[32];
		const char *label = NULL;

		snprintf(path, sizeof(path), "members/%zu/iops", m);
		for (size_t i = 0; i < jlen(points) && !label; i++)
			label = jstr(jidx(jget(jidx(points, i), "members"), m), "path");
		line = line_of(pl, points, NULL, NAN, "op_percent", 1, path);
		line.label = label ? label : "member";
		line.markers = true;
		line.color = (int)m;
		c.series[c.nseries++] = line;
	}
	table_init(&t, "Per-member figures");
	table_col(&t, "OP %", TA_RIGHT);
	member_cols(&t, flags);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *p = jidx(points, i);

		for (size_t m = 0; m < jlen(jget(p, "members")); m++) {
			table_row(&t);
			table_num(&t, 0, jnum(p, "op_percent"), 2);
			member_cells(&t, 1, p, m, flags);
		}
	}
	html_chart(pg, "members-iops-vs-op", &c, &t);
	table_free(&t);
	if (flags & MEMBER_OP)
		html_note(pg, "note", "OP given is what --op-member asked of each member; OP in effect is what the member "
				      "keeps unwritten: like md, the group uses of every member only what its most "
				      "over-provisioned member leaves.");
}

/*
 * Which members limited how many rounds of point p, most first, and which
 * limited the steady window: a straggler shows as one member in most rounds.
 */
static void round_limiting_line(struct html_page *pg, struct pool *pl, struct json_object *doc, struct json_object *p)
{
	struct json_object *rounds = jget(p, "round_limiting_member");
	size_t nr = jlen(rounds), nm = jlen(jget(jget(doc, "group"), "members"));
	size_t *count = palloc(pl, (nm + 1) * sizeof(size_t));
	struct strbuf b = { 0 };
	char name[320], lead[32];

	if (!nr || !count)
		return;
	for (size_t r = 0; r < nr; r++) {
		double m = json_object_is_type(jidx(rounds, r), json_type_int) ? json_object_get_double(jidx(rounds, r)) : -1;

		count[m >= 0 && m < (double)nm ? (size_t)m : nm]++;
	}
	for (;;) {
		size_t best = nm;

		for (size_t m = 0; m < nm; m++)
			best = count[m] && (best == nm || count[m] > count[best]) ? m : best;
		if (best == nm)
			break;
		member_name(doc, (double)best, name, sizeof(name));
		if (b.len)
			sb_printf(&b, ", member %s in %zu", name, count[best]);
		else
			sb_printf(&b, "member %s limited %zu of %zu rounds", name, count[best], nr);
		count[best] = 0;
	}
	member_name(doc, jnum(p, "limiting_member"), name, sizeof(name));
	if (isfinite(jnum(p, "op_percent")))
		snprintf(lead, sizeof(lead), "OP %g%%:", jnum(p, "op_percent"));
	else
		snprintf(lead, sizeof(lead), "Per round,");
	html_p(pg, "%s %s; over the steady window member %s.", lead, b.p ? b.p : "no member known", name);
	sb_free(&b);
}

/* RAID sweep: the group, each member's figures per point, and the limiting member per round. */
static void raid_sweep_section(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points");
	size_t nm;

	if (!jget(doc, "group"))
		return;
	raid_group(pg, doc);
	nm = members_reported(points);
	if (!nm)
		return;
	sweep_members_chart(pg, pl, points, nm);
	for (size_t i = 0; i < jlen(points); i++)
		round_limiting_line(pg, pl, doc, jidx(points, i));
}

/* The chunk sizes side by side: one row per series. */
static void chunk_table(struct table *t, struct json_object *doc)
{
	struct json_object *cc = jget(doc, "chunk_comparison");
	char name[320];

	table_init(t, "Chunk sizes side by side");
	table_cols(t, "chunk KiB", TA_RIGHT, "QD", TA_RIGHT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT,
		   "p50 µs", TA_RIGHT, "p99 µs", TA_RIGHT, "WA", TA_RIGHT, "limiting member", TA_LEFT, NULL);
	for (size_t i = 0; i < jlen(cc); i++) {
		struct json_object *e = jidx(cc, i);

		table_row(t);
		table_num(t, 0, jnum(e, "chunk_bytes") / 1024, 0);
		table_num(t, 1, jnum(e, "qd"), 0);
		table_num(t, 2, jnum(e, "iops"), 0);
		table_num(t, 3, jnum(e, "mbps"), 1);
		table_num(t, 4, jat(e, "lat_us/p50"), 1);
		table_num(t, 5, jat(e, "lat_us/p99"), 1);
		table_num(t, 6, jnum(e, "waf"), 2);
		member_name(doc, jnum(e, "limiting_member"), name, sizeof(name));
		table_cell(t, 7, "%s", name);
	}
}

/* A run over several chunk sizes: IOPS and latency per chunk size, one line per queue depth. */
static void chunk_comparison(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	static const struct line_plan by_qd = { .xpath = "chunk_bytes", .xdiv = 1024, .group = "qd",
						.group_pre = "QD ", .group_div = 1, .group_post = "" };
	static const struct line_spec iops[] = { { "IOPS", "iops" } };
	static const struct line_spec lat[] = { { "p50", "lat_us/p50" }, { "p99", "lat_us/p99" } };
	struct json_object *cc = jget(doc, "chunk_comparison");
	struct chart a = { .title = "Throughput against chunk size", .xlabel = "chunk size (KiB)", .ylabel = "IOPS",
			   .y2label = "MB/s", .x_log2 = true, .y_from_zero = true };
	struct chart b = { .title = "Latency against chunk size", .xlabel = "chunk size (KiB)", .ylabel = "latency (µs)",
			   .x_log2 = true, .y_from_zero = true };
	struct table t;

	if (!jlen(cc))
		return;
	a.y2_scale = last_mbps_per_iops(cc);
	add_lines(&a, pl, cc, &by_qd, iops, 1);
	add_lines(&b, pl, cc, &by_qd, lat, 2);
	empty_unless_measured(&b, "latency percentiles not measured");
	chunk_table(&t, doc);
	html_h2(pg, "chunks", "Chunk sizes compared");
	html_chart(pg, "iops-vs-chunk", &a, &t);
	html_chart(pg, "latency-vs-chunk", &b, NULL);
	table_free(&t);
}

/* A run's series by what set it apart: "64 KiB chunks, QD 32", or "QD 32" without a chunk. */
static void series_name(struct json_object *s, char *buf, size_t len)
{
	if (isfinite(jnum(s, "chunk_bytes")))
		snprintf(buf, len, "%.0f KiB chunks, QD %g", jnum(s, "chunk_bytes") / 1024, jnum(s, "qd"));
	else
		snprintf(buf, len, "QD %g", jnum(s, "qd"));
}

/* Every member's figures over one measurement (owner: a series, a precondition, an slc probe). */
static void member_table(struct html_page *pg, struct json_object *owner, const char *caption)
{
	struct table t;

	table_init(&t, caption);
	member_cols(&t, MEMBER_BYTES);
	for (size_t m = 0; m < jlen(jget(owner, "members")); m++) {
		table_row(&t);
		member_cells(&t, 0, owner, m, MEMBER_BYTES);
	}
	html_table(pg, &t, true);
	table_free(&t);
}

/* Every member's figures over each series of a RAID run. */
static void run_member_tables(struct html_page *pg, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");

	if (!members_reported(series))
		return;
	html_h2(pg, "members", "Members per series");
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i);
		char name[64], caption[96];

		if (!jlen(jget(s, "members")))
			continue;
		series_name(s, name, sizeof(name));
		snprintf(caption, sizeof(caption), "Members at %s", name);
		member_table(pg, s, caption);
	}
}

/*
 * RAID precondition or slc probe (owner): the group, each member's figures
 * over the measurement, and, where it ran in rounds, which member limited them.
 */
static void raid_single_section(struct html_page *pg, struct pool *pl, struct json_object *doc,
				struct json_object *owner, const char *caption)
{
	if (!jget(doc, "group"))
		return;
	raid_group(pg, doc);
	if (!jlen(jget(owner, "members")))
		return;
	member_table(pg, owner, caption);
	round_limiting_line(pg, pl, doc, owner);
}

/* RAID run: the group, the chunk sizes compared, and each member's figures per series. */
static void raid_run_section(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	if (!jget(doc, "group"))
		return;
	raid_group(pg, doc);
	chunk_comparison(pg, pl, doc);
	run_member_tables(pg, doc);
}

static void sweep_report(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points"), *knee = jget(doc, "knee"), *s = jget(doc, "settings");
	const char *tkind = jstr(jget(doc, "target"), "kind");
	char purge[128], opm[128], bad[256] = "";
	size_t n = jlen(points), nsteady = 0, off = 0;
	struct table t;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i);

		if (jtrue(jget(p, "steady_state"), "reached"))
			nsteady++;
		else if (off < sizeof(bad))
			off += (size_t)snprintf(bad + off, sizeof(bad) - off, "%s%g%%", off ? ", " : "",
						jnum(p, "op_percent"));
	}
	distinct(points, "purge_method", purge, sizeof(purge));
	distinct(points, "op_method", opm, sizeof(opm));

	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	html_dl(pg, "method", "per OP level: purge, set the OP, fill sequentially (%g pass), then %g-byte random writes at "
		"QD %g in rounds of %g s until the SNIA steady-state window holds (at most %g rounds)",
		jnum(s, "fill_passes"), jnum(s, "bs"), jnum(s, "qd"), jnum(s, "round_s"), jnum(s, "max_rounds"));
	html_dl(pg, "purge", "%s (%s)", purge, purge_how(tkind, jstr(jidx(points, 0), "purge_method")));
	html_dl(pg, "OP method", "%s%s", opm,
		!strcmp(opm, "namespace") ? " (the user capacity is shrunk; the rest becomes spare area)"
		: !strcmp(opm, "span")    ? " (the workload never writes past the usable span)"
		: !strcmp(opm, "hpa")     ? " (a host protected area hides the rest)"
					  : "");
	html_dl(pg, "points", "%zu measured, %zu reached steady state%s%s%s", n, nsteady, *bad ? "; not steady: " : "",
		bad, jget(doc, "complete") && !jtrue(doc, "complete") ? "; the sweep is not complete" : "");
	if (isfinite(jnum(knee, "recommended_op_percent")))
		html_dl(pg, "recommendation", "%g%% OP", jnum(knee, "recommended_op_percent"));
	else
		html_dl(pg, "recommendation", "none (%s)", jstr(knee, "kind") ? jstr(knee, "kind") : "no knee");
	html_dl(pg, "reason", "%s", jstr(knee, "reason") ? jstr(knee, "reason") : "-");
	if (jstr(knee, "rule"))
		html_dl(pg, "rule", "%s", jstr(knee, "rule"));
	html_dl_end(pg);
	if (nsteady < n)
		html_p(pg, "Not steady: %s.  These points stopped before the steady-state window held; they are drawn "
		       "with hollow markers (dashed over time) and marked NO in the tables.", bad);
	if (jget(doc, "complete") && !jtrue(doc, "complete"))
		html_note(pg, "warn", "This sweep did not finish (interrupted or failed): the points so far are shown; "
				      "continue it with ssdprof sweep --resume.");
	table_sweep_points(&t, doc, true);
	html_table(pg, &t, true);
	table_free(&t);
	settings_table(pg, doc);
	sweep_charts(pg, pl, doc);
	raid_sweep_section(pg, pl, doc);
}

static void precondition_report(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	struct json_object *p = jget(doc, "precondition"), *fake = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct table t;

	json_object_array_add(arr, json_object_get(p));
	json_object_object_add(fake, "points", arr);
	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	html_dl(pg, "steady state", "%s after %g rounds", jtrue(jget(p, "steady_state"), "reached") ? "reached" : "NOT reached",
		jnum(jget(p, "steady_state"), "rounds"));
	html_dl_end(pg);
	table_sweep_points(&t, fake, true);
	html_table(pg, &t, true);
	table_free(&t);
	settings_table(pg, doc);
	html_h2(pg, "throughput", "Throughput while writing to steady state");
	chart_rounds(pg, pl, doc, arr, "IOPS per round");
	raid_single_section(pg, pl, doc, p, "Members over the steady window");
	json_object_put(fake);
}

/* ---- slc ---- */

static void slc_report(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	struct json_object *slc = jget(doc, "slc"), *samples = jget(slc, "samples"), *phases = jget(slc, "phases");
	struct json_object *rec = jget(slc, "recovery"), *s = jget(doc, "settings");
	size_t n = jlen(samples), np = jlen(phases), nr = jlen(rec);
	double cache = jnum(slc, "cache_bytes");
	char cl[64], gb[64];
	struct table t;

	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	html_dl(pg, "method", "purge (%s), then %g-byte sequential writes at QD %g end to end, MB/s sampled every %.2f GB",
		jstr(slc, "purge_method") ? jstr(slc, "purge_method") : "?", jnum(s, "bs"), jnum(s, "qd"),
		jnum(slc, "sample_bytes") / 1e9);
	if (jnum(slc, "prefill_bytes") > 0)
		html_dl(pg, "prefill", "%.2f GB written first, then %g s idle", jnum(slc, "prefill_bytes") / 1e9,
			jnum(s, "prefill_idle_s"));
	fmt_gb(gb, sizeof(gb), cache);
	html_dl(pg, "result", "%s", jstr(slc, "summary") ? jstr(slc, "summary") : gb);
	if (jnum(slc, "write_buffer_bytes") > 0)
		html_dl(pg, "write buffer", "%.2f GB%s at full speed after the SLC cache (not counted in it)",
			jnum(slc, "write_buffer_bytes") / 1e9, jtrue(slc, "write_buffer_lower_bound") ? " or more" : "");
	else if (isfinite(jnum(slc, "write_buffer_bytes")))
		html_dl(pg, "write buffer", "none seen");
	html_dl(pg, "phases", "%zu", np);
	html_dl_end(pg);
	settings_table(pg, doc);

	html_h2(pg, "speed", "Write speed against data written");
	{
		struct chart c = { .title = "Sequential write speed against data written", .xlabel = "written (GB)",
				   .ylabel = "MB/s", .x_from_zero = true, .y_from_zero = true };
		double *x = dalloc(pl, n), *y = dalloc(pl, n);
		char *labels = palloc(pl, CHART_MAX_BANDS * 48);

		for (size_t i = 0; x && y && i < n; i++) {
			x[i] = jnum(jidx(samples, i), "written_bytes") / 1e9;
			y[i] = jnum(jidx(samples, i), "mbps");
		}
		if (x && y)
			c.series[c.nseries++] = (struct chart_series){ .label = "MB/s per sample", .x = x, .y = y, .n = n,
								      .color = 0 };
		for (size_t i = 0; labels && i < np && i < CHART_MAX_BANDS; i++) {
			struct json_object *p = jidx(phases, i);

			snprintf(labels + i * 48, 48, "phase %zu: %.0f MB/s", i + 1, jnum(p, "mbps"));
			c.bands[c.nbands++] = (struct chart_band){ jnum(p, "from_bytes") / 1e9, jnum(p, "to_bytes") / 1e9,
								  labels + i * 48 };
		}
		if (cache > 0) {
			snprintf(cl, sizeof(cl), "SLC cache %.2f GB", cache / 1e9);
			c.vlines[c.nvlines++] = (struct chart_vline){ cache / 1e9, cl };
		}
		if (!n)
			c.empty = "no samples";
		table_slc_phases(&t, slc);
		html_chart(pg, "slc-speed", &c, &t);
		table_free(&t);
		table_init(&t, "MB/s per sample");
		table_col(&t, "written GB", TA_RIGHT);
		table_col(&t, "MB/s", TA_RIGHT);
		for (size_t i = 0; i < n; i++) {
			table_row(&t);
			table_num(&t, 0, jnum(jidx(samples, i), "written_bytes") / 1e9, 3);
			table_num(&t, 1, jnum(jidx(samples, i), "mbps"), 1);
		}
		html_table(pg, &t, false);
		table_free(&t);
	}

	html_h2(pg, "recovery", "Cache recovery after idle");
	{
		struct chart c = { .title = "SLC cache recovered after idle time", .xlabel = "idle (s)",
				   .ylabel = "recovered (GB)", .x_from_zero = true, .y_from_zero = true,
				   .open_note = "hollow: at least (no drop within what was written)" };
		double *x = dalloc(pl, nr), *y = dalloc(pl, nr);
		bool *open = palloc(pl, nr * sizeof(bool));

		for (size_t i = 0; x && y && open && i < nr; i++) {
			x[i] = jnum(jidx(rec, i), "idle_s");
			y[i] = jnum(jidx(rec, i), "recovered_bytes") / 1e9;
			open[i] = jtrue(jidx(rec, i), "lower_bound");
		}
		if (nr && x && y && open)
			c.series[c.nseries++] = (struct chart_series){ .label = "recovered", .x = x, .y = y, .open = open,
								      .n = nr, .markers = true, .color = 2 };
		else
			c.empty = "recovery not measured (slc --idle LIST measures it)";
		table_slc_recovery(&t, slc);
		html_chart(pg, "slc-recovery", &c, &t);
		table_free(&t);
	}
	raid_single_section(pg, pl, doc, slc, "Members over the probe");
}

/* ---- run ---- */

/* One row per series; a RAID run's rows lead with the chunk size. */
static void run_series_table(struct table *t, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");
	size_t c = jget(doc, "group") ? 1 : 0;

	table_init(t, c ? "Per chunk size and queue depth" : "Per queue depth");
	if (c)
		table_col(t, "chunk KiB", TA_RIGHT);
	table_cols(t, "QD", TA_RIGHT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT,
		   "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT, "max µs", TA_RIGHT, "WA", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *r = jidx(series, i), *lat = jget(r, "lat_us");

		table_row(t);
		if (c)
			table_num(t, 0, jnum(r, "chunk_bytes") / 1024, 0);
		table_num(t, c + 0, jnum(r, "qd"), 0);
		table_num(t, c + 1, jnum(r, "iops"), 0);
		table_num(t, c + 2, jnum(r, "mbps"), 1);
		table_num(t, c + 3, jnum(lat, "mean"), 1);
		table_num(t, c + 4, jnum(lat, "p99"), 1);
		table_num(t, c + 5, jnum(lat, "p99.9"), 1);
		table_num(t, c + 6, jnum(lat, "max"), 1);
		table_num(t, c + 7, jnum(r, "waf"), 2);
	}
}

/* How many series ran per chunk size (the --qd steps); every series when there is no chunk. */
static size_t run_steps_per_chunk(struct json_object *series)
{
	double chunks[64];
	size_t nc = distinct_nums(series, "chunk_bytes", chunks, 64);

	return nc ? jlen(series) / nc : 0;
}

/* IOPS and latency against queue depth, one line per chunk size. */
static void run_qd_charts(struct html_page *pg, struct pool *pl, struct json_object *series, const struct table *t)
{
	static const struct line_plan by_chunk = { .xpath = "qd", .xdiv = 1, .group = "chunk_bytes",
						   .group_pre = "", .group_div = 1024, .group_post = " KiB chunks" };
	static const struct line_spec iops[] = { { "IOPS", "iops" } };
	static const struct line_spec lat[] = { { "mean", "lat_us/mean" }, { "p99", "lat_us/p99" } };
	static const struct line_spec mean_only[] = { { "mean (p99 not measured)", "lat_us/mean" } };
	struct chart a = { .title = "Throughput against queue depth", .xlabel = "queue depth", .ylabel = "IOPS",
			   .y2label = "MB/s", .x_log2 = true, .y_from_zero = true };
	struct chart b = { .title = "Latency against queue depth", .xlabel = "queue depth", .ylabel = "latency (µs)",
			   .x_log2 = true, .y_from_zero = true };
	bool any99 = false;

	for (size_t i = 0; i < jlen(series); i++)
		any99 |= isfinite(jat(jidx(series, i), "lat_us/p99"));
	a.y2_scale = last_mbps_per_iops(series);
	add_lines(&a, pl, series, &by_chunk, iops, 1);
	if (any99)
		add_lines(&b, pl, series, &by_chunk, lat, 2);
	else
		add_lines(&b, pl, series, &by_chunk, mean_only, 1);
	html_h2(pg, "qd", "Throughput and latency against queue depth");
	html_chart(pg, "iops-vs-qd", &a, t);
	html_chart(pg, "latency-vs-qd", &b, NULL);
}

/* The intervals of series s as table rows, led by the series' name when several share the table. */
static void interval_rows(struct table *u, struct json_object *s, bool named)
{
	struct json_object *ts = jget(s, "timeseries");
	size_t c = named ? 1 : 0;
	char name[64];

	series_name(s, name, sizeof(name));
	for (size_t j = 0; j < jlen(ts); j++) {
		struct json_object *e = jidx(ts, j);

		table_row(u);
		if (named)
			table_cell(u, 0, "%s", name);
		table_num(u, c + 0, jnum(e, "t_s"), 1);
		table_num(u, c + 1, jnum(e, "iops"), 0);
		table_num(u, c + 2, jnum(e, "mbps"), 1);
		table_num(u, c + 3, jat(e, "lat_us/mean"), 1);
		table_num(u, c + 4, jnum(e, "waf"), 2);
	}
}

/* IOPS over time, one line per series (several when each chunk size ran one series). */
static void run_time_chart(struct html_page *pg, struct pool *pl, struct json_object *series)
{
	struct chart a = { .title = "IOPS over time", .xlabel = "time (s)", .ylabel = "IOPS", .y2label = "MB/s",
			   .x_from_zero = true, .y_from_zero = true };
	bool several = jlen(series) > 1;
	size_t points = 0;
	struct table u;

	table_init(&u, "IOPS per interval");
	if (several)
		table_col(&u, "series", TA_LEFT);
	table_cols(&u, "t s", TA_RIGHT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT, "lat mean µs", TA_RIGHT,
		   "WA", TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i), *ts = jget(s, "timeseries");
		char *label = palloc(pl, 64);

		if (label)
			series_name(s, label, 64);
		if (a.nseries < CHART_MAX_SERIES) {
			a.series[a.nseries] = line_of(pl, ts, NULL, NAN, "t_s", 1, "iops");
			a.series[a.nseries].label = several && label ? label : "IOPS";
			a.series[a.nseries++].color = (int)i;
		}
		a.y2_scale = last_mbps_per_iops(ts) > 0 ? last_mbps_per_iops(ts) : a.y2_scale;
		points += jlen(ts);
		interval_rows(&u, s, several);
	}
	if (!points)
		a.empty = "no time series";
	html_h2(pg, "throughput", "Throughput over time");
	html_chart(pg, "iops-over-time", &a, &u);
	table_free(&u);
}

static void run_report(struct html_page *pg, struct pool *pl, struct json_object *doc)
{
	struct json_object *series = jget(doc, "series");
	size_t n = jlen(series);
	struct table t;

	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	if (jget(doc, "group"))
		html_dl(pg, "series", "%zu (one per chunk size and queue depth)", n);
	else
		html_dl(pg, "series", "%zu (queue depth%s)", n, n == 1 ? "" : "s");
	html_dl_end(pg);
	run_series_table(&t, doc);
	html_table(pg, &t, true);
	settings_table(pg, doc);
	if (run_steps_per_chunk(series) > 1)
		run_qd_charts(pg, pl, series, &t);
	else if (n)
		run_time_chart(pg, pl, series);
	table_free(&t);
	raid_run_section(pg, pl, doc);
}

/* ---- files ---- */

static void split(const char *out, char *dir, size_t dlen, char *name, size_t nlen)
{
	char a[4096], b[4096];

	snprintf(a, sizeof(a), "%s", out);
	snprintf(b, sizeof(b), "%s", out);
	snprintf(dir, dlen, "%s", dirname(a));
	snprintf(name, nlen, "%s", basename(b));
}

int report_write(const char *out, struct html_page *pg, const char *png_dir, struct json_object *doc,
		 const char *kind, char *err, size_t errlen)
{
	char dir[4096], name[1024], done[64][5200];
	struct csv_file csv[8];
	size_t ndone = 0, ncsv = 0;
	int ret = 0;

	split(out, dir, sizeof(dir), name, sizeof(name));
	if (pg->b.failed || !pg->b.p || pg->error) {
		snprintf(err, errlen, "cannot render the report: %s", strerror(pg->error ? -pg->error : ENOMEM));
		return pg->error ? pg->error : -ENOMEM;
	}
	ret = result_write_file(dir, name, pg->b.p, pg->b.len, err, errlen);
	if (ret)
		return ret;
	snprintf(done[ndone++], sizeof(done[0]), "%s", out);
	if (doc)
		ncsv = csv_export(doc, kind, csv, 8);
	for (size_t i = 0; i < ncsv && !ret; i++) {
		if (!csv[i].text || csv[i].text->failed) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
			break;
		}
		ret = result_write_file(dir, csv[i].name, csv[i].text->p ? csv[i].text->p : "", csv[i].text->len, err,
					errlen);
		if (!ret && ndone < 64)
			snprintf(done[ndone++], sizeof(done[0]), "%s/%s", dir, csv[i].name);
	}
	csv_files_free(csv, ncsv);
	if (!ret && png_dir && pg->npngs) {
		ret = result_mkdir_p(png_dir, err, errlen);
		for (size_t i = 0; i < pg->npngs && !ret; i++) {
			ret = result_write_file(png_dir, pg->pngs[i].name, pg->pngs[i].data, pg->pngs[i].len, err, errlen);
			if (!ret && ndone < 64)
				snprintf(done[ndone++], sizeof(done[0]), "%s/%s", png_dir, pg->pngs[i].name);
		}
	}
	if (ret)
		for (size_t i = 0; i < ndone; i++)
			unlink(done[i]);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	const char *out = NULL, *png = NULL, *kind;
	char err[4352], title[512], defout[4200];
	struct json_object *doc;
	struct html_page pg = { 0 };
	struct pool pl = { 0 };
	int ret;

	if ((ret = report_options(argc, argv, "report", &out, &png)))
		return ret;
	if (optind != argc - 1) {
		cli_error(optind >= argc ? "report needs a RESULT.json; see ssdprof report --help"
					 : "report takes one RESULT.json (ssdprof compare puts several on the same charts)");
		return EXIT_USAGE;
	}
	if (report_load(argv[optind], &doc, &kind, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	if (!out) {
		char d[4096], n[1024];

		split(argv[optind], d, sizeof(d), n, sizeof(n));
		snprintf(defout, sizeof(defout), "%s/report.html", d);
		out = defout;
	}
	snprintf(title, sizeof(title), "ssdprof %s report: %s", kind,
		 jstr(jget(doc, "target"), "path") ? jstr(jget(doc, "target"), "path") : "unknown target");
	pg.want_png = png != NULL;
	html_begin(&pg, title);
	if (!strcmp(kind, "sweep"))
		sweep_report(&pg, &pl, doc);
	else if (!strcmp(kind, "slc"))
		slc_report(&pg, &pl, doc);
	else if (!strcmp(kind, "precondition"))
		precondition_report(&pg, &pl, doc);
	else
		run_report(&pg, &pl, doc);
	html_end(&pg);
	ret = report_write(out, &pg, png, doc, kind, err, sizeof(err));
	if (ret)
		cli_error("report: %s", err);
	else
		fprintf(stderr, "report: %s%s%s\n", out, png ? ", charts in " : "", png ? png : "");
	html_page_free(&pg);
	pool_free(&pl);
	json_object_put(doc);
	chart_release_fonts();
	return ret ? EXIT_USAGE : EXIT_OK;
}
