/* SPDX-License-Identifier: MIT */
/*
 * The report of a result document: one self-contained HTML page (a summary,
 * charts as inline SVG, the numbers of every chart in a table), the CSVs
 * beside it, and with a PNG directory each chart as a PNG for a chat
 * message.  Everything is rendered in memory first and written through
 * temporaries, so a failure leaves no partial report.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "reports/chart.h"
#include "reports/compare.h"
#include "reports/csv_export.h"
#include "reports/html.h"
#include "reports/report.h"
#include "reports/report_parts.h"
#include "reports/report_batch.h"
#include "reports/report_qualify.h"
#include "reports/report_pts.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "util/escape.h"
#include "util/json_strict.h"
#include "util/strbuf.h"
#include "util/input_file.h"

/* The renderers of every kind of result (results/result_kinds.h), indexed by its enum. */
#define KIND(id) [RESULT_KIND_##id] = { .info = &result_kinds[RESULT_KIND_##id]
static const struct report_kind kinds[] = {
	KIND(RUN), report_run, csv_run, compare_run_table, compare_run_charts, partial_run },
	KIND(PRECONDITION), report_precondition, csv_precondition, compare_precondition_table, NULL,
		partial_precondition },
	KIND(SWEEP), report_sweep, csv_sweep, compare_sweep_table, compare_sweep_charts, partial_sweep },
	KIND(SLC), report_slc, csv_slc, compare_slc_table, compare_slc_charts, partial_slc },
	KIND(QUALIFY), report_qualify, csv_qualify, compare_qualify_table, NULL, NULL },
	KIND(BATCH), report_batch, csv_batch, compare_batch_table, NULL, NULL },
	KIND(PTS), report_pts, csv_pts, compare_pts_table, compare_pts_charts, partial_pts },
};
#undef KIND
_Static_assert(sizeof(kinds) / sizeof(kinds[0]) == RESULT_KIND_COUNT, "every result kind has its renderers");

const struct report_kind *report_kind_of(enum result_kind k)
{
	return (unsigned)k < RESULT_KIND_COUNT && kinds[k].render ? &kinds[k] : NULL;
}

/* The whole file into text (NUL-terminated).  0 or -errno with err set. */
static int read_all(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	struct strbuf b = { 0 };
	char chunk[65536], q[1024];
	size_t n;
	FILE *f;
	int ret;

	/* Regular files only: a FIFO without a writer would block the command for ever. */
	if ((ret = input_file_open(path, &f, chunk, sizeof(chunk))) < 0) {
		snprintf(err, errlen, "cannot read '%s': %s", escape_arg(q, sizeof(q), path), chunk);
		return ret;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0 && b.len <= RESULT_LOAD_MAX_BYTES)
		sb_addn(&b, chunk, n);
	if (ferror(f)) {
		ret = errno ? -errno : -EIO;
		snprintf(err, errlen, "cannot read '%s': %s", escape_arg(q, sizeof(q), path), strerror(-ret));
		sb_free(&b);
		fclose(f);
		return ret;
	}
	fclose(f);
	if (b.err) {
		snprintf(err, errlen, "out of memory reading '%s'", escape_arg(q, sizeof(q), path));
		sb_free(&b);
		return -ENOMEM;
	}
	/* An empty file stays NULL: there is nothing to parse. */
	*text = b.p;
	*len = b.len;
	return 0;
}

/* The kind of d: its "kind", or for a document written before there was one, what it holds; -1: none. */
static int kind_of(struct json_object *d)
{
	if (jstr(d, "kind"))
		return result_kind_find(jstr(d, "kind"));
	return jlen(jget(d, result_kinds[RESULT_KIND_RUN].member))         ? RESULT_KIND_RUN
	       : jget(d, result_kinds[RESULT_KIND_SWEEP].member) ? RESULT_KIND_SWEEP
	       : jget(d, result_kinds[RESULT_KIND_SLC].member)   ? RESULT_KIND_SLC
								   : -1;
}

int report_read_json(const char *path, struct json_object **doc, char *err, size_t errlen)
{
	char *text = NULL, why[384], q[1024];
	size_t len = 0;
	int ret;

	*doc = NULL;
	ret = read_all(path, &text, &len, err, errlen);
	if (ret)
		return ret;
	escape_arg(q, sizeof(q), path);
	/* Before the parse: 256 MiB of small numbers took gigabytes once parsed. */
	if (text && result_too_large(text, len, why, sizeof(why))) {
		snprintf(err, errlen, "'%s': %s", q, why);
		free(text);
		return -EINVAL;
	}
	/* One parser's rules for every JSON file read (util/json_strict.h). */
	ret = json_parse_strict(text, len, JSON_TOKENER_DEFAULT_DEPTH, doc, why, sizeof(why));
	if (!text)
		snprintf(why, sizeof(why), "the file is empty");
	free(text);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory reading '%s'", q);
	else if (ret)
		snprintf(err, errlen, ret == -EBADMSG ? "'%s' is refused: %s" : "'%s' is not valid JSON: %s", q, why);
	return ret ? (ret == -ENOMEM ? ret : -EINVAL) : 0;
}

int report_load(const char *path, struct json_object **doc, const struct report_kind **kind, char *err,
		size_t errlen)
{
	const struct report_kind *rk;
	struct json_object *d;
	const char *schema, *k;
	char names[128], why[512], q[1024];
	int ret;

	*doc = NULL;
	ret = report_read_json(path, &d, err, errlen);
	if (ret)
		return ret;
	escape_arg(q, sizeof(q), path);
	schema = jstr(d, "schema");
	k = jstr(d, "kind");
	rk = kind_of(d) < 0 ? NULL : report_kind_of((enum result_kind)kind_of(d));
	if (!schema || strcmp(schema, RESULT_SCHEMA)) {
		char qs[ESCAPE_BUF_SIZE];

		snprintf(err, errlen, "'%s' is not an ssdprof result: its schema is %s%s%s, expected %s", q,
			 schema ? "'" : "", schema ? escape_arg(qs, sizeof(qs), schema) : "missing", schema ? "'" : "",
			 RESULT_SCHEMA);
		ret = -EINVAL;
	} else if (!rk) {
		char qk[ESCAPE_BUF_SIZE];

		result_kind_list(names, sizeof(names), " and ");
		snprintf(err, errlen, "'%s': a result of kind '%s' has no report; report knows %s", q,
			 k ? escape_arg(qk, sizeof(qk), k) : "unknown", names);
		ret = -EINVAL;
	} else if (!jget(d, rk->info->member)) {
		snprintf(err, errlen, "'%s': a %s result without its %s; the file is damaged", q, rk->info->name,
			 rk->info->member);
		ret = -EINVAL;
	} else if (result_validate(d, NULL, why, sizeof(why))) {
		/* The one validating loader (results/result_load.c): every field report, compare and resume read. */
		snprintf(err, errlen, "'%s' is damaged: %s", q, why);
		ret = -EINVAL;
	}
	if (ret) {
		json_object_put(d);
		return ret;
	}
	*doc = d;
	*kind = rk;
	return 0;
}

static void split(const char *out, char *dir, size_t dlen, char *name, size_t nlen)
{
	char a[4096], b[4096];

	snprintf(a, sizeof(a), "%s", out);
	snprintf(b, sizeof(b), "%s", out);
	snprintf(dir, dlen, "%s", dirname(a));
	snprintf(name, nlen, "%s", basename(b));
}

/* "report" of "report.html": what the page's CSVs are named after. */
static void stem_of(const char *name, char *stem, size_t len)
{
	const char *dot = strrchr(name, '.');
	size_t n = dot && dot != name && (!strcasecmp(dot, ".html") || !strcasecmp(dot, ".htm")) ?
		   (size_t)(dot - name) : strlen(name);

	snprintf(stem, len, "%.*s", (int)n, name);
}

/*
 * Whether path may be replaced by a page: it does not exist, or it is a page
 * an earlier report or compare wrote (every one starts with this).  Anything
 * else there (a result.json, a run's timeseries.csv, the user's own file)
 * is left alone.
 */
static bool page_replaceable(const char *path)
{
	static const char head[] = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
				   "<title>ssdprof ";
	char buf[sizeof(head)];
	size_t n;
	FILE *f;

	/* ENOTDIR: a folder on the way is a file, which making the folders reports. */
	if (access(path, F_OK) != 0 && (errno == ENOENT || errno == ENOTDIR))
		return true;
	/* A FIFO or device is no page of ours, and is not read (it could block). */
	if (input_file_open(path, &f, buf, sizeof(buf)) < 0)
		return false;
	n = fread(buf, 1, sizeof(head) - 1, f);
	fclose(f);
	return n == sizeof(head) - 1 && !memcmp(buf, head, n);
}

/* The files written so far, to print once all are there or to remove when one fails. */
struct written {
	char **path;
	size_t n, cap;
	bool oom;
};

static void written_add(struct written *w, const char *dir, const char *name)
{
	char **grown, *p;

	if (w->n == w->cap) {
		grown = realloc(w->path, (w->cap ? 2 * w->cap : 16) * sizeof(*grown));
		if (!grown) {
			w->oom = true;
			return;
		}
		w->path = grown;
		w->cap = w->cap ? 2 * w->cap : 16;
	}
	if (asprintf(&p, "%s/%s", dir, name) < 0) {
		w->oom = true;
		return;
	}
	w->path[w->n++] = p;
}

static void written_free(struct written *w, bool remove)
{
	for (size_t i = 0; i < w->n; i++) {
		if (remove)
			unlink(w->path[i]);
		free(w->path[i]);
	}
	free(w->path);
}

/*
 * A folder made for the report, as --out makes one for a measuring command
 * (mkdir -p), remembering the first folder that did not exist so that a
 * report that fails leaves none of them behind.
 */
struct made_dir {
	char path[4096];        /* the folder asked for */
	size_t top;             /* length of its first new prefix; 0 when it existed */
};

static int made_dir_make(struct made_dir *m, const char *dir, char *err, size_t errlen)
{
	struct stat st;

	snprintf(m->path, sizeof(m->path), "%s", dir);
	m->top = 0;
	for (size_t i = 1; m->path[i - 1]; i++) {
		char c = m->path[i];

		if (c != '/' && c != '\0')
			continue;
		m->path[i] = '\0';
		if (stat(m->path, &st) < 0 && errno == ENOENT)
			m->top = i;
		m->path[i] = c;
		if (m->top || !c)
			break;
	}
	return result_mkdir_p(dir, err, errlen);
}

/* Remove the folders made_dir_make created, deepest first (rmdir: only while empty). */
static void made_dir_undo(struct made_dir *m)
{
	size_t n = strlen(m->path);

	if (!m->top)
		return;
	while (n >= m->top) {
		m->path[n] = '\0';
		if (rmdir(m->path) < 0 || n == m->top)
			break;
		while (n > m->top && m->path[n] != '/')
			n--;
	}
	m->top = 0;
}

/* The CSVs of doc beside the page, each named after it: STEM-series.csv. */
static int write_csvs(const char *dir, const char *stem, struct json_object *doc, const struct report_kind *kind,
		      struct written *w, char *err, size_t errlen)
{
	struct csv_file csv[8];
	size_t ncsv = kind->csv(doc, csv, 8);
	char name[1200];
	int ret = 0;

	for (size_t i = 0; i < ncsv && !ret; i++) {
		if (!csv[i].text || csv[i].text->err) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
			break;
		}
		snprintf(name, sizeof(name), "%s-%s", stem, csv[i].name);
		ret = result_write_file(dir, name, csv[i].text->p ? csv[i].text->p : "", csv[i].text->len, err,
					errlen);
		if (!ret)
			written_add(w, dir, name);
	}
	csv_files_free(csv, ncsv);
	return ret;
}

int report_write(const char *out, struct html_page *pg, const char *png_dir, struct json_object *doc,
		 const struct report_kind *kind, FILE *say, char *err, size_t errlen)
{
	char dir[4096], name[1024], stem[1024], q[1024];
	struct made_dir out_dir = { .top = 0 }, png = { .top = 0 };
	struct written w = { 0 };
	int ret = 0;

	split(out, dir, sizeof(dir), name, sizeof(name));
	stem_of(name, stem, sizeof(stem));
	if (pg->b.err || !pg->b.p || pg->error) {
		ret = pg->error ? pg->error : -ENOMEM;
		snprintf(err, errlen, "cannot render the report: %s", strerror(-ret));
		return ret;
	}
	if (!page_replaceable(out)) {
		char *dot = strrchr(stem, '.');

		if (dot && dot != stem)
			*dot = '\0';
		snprintf(err, errlen, "'%s' exists and is not a report page; it is left alone: name the page with "
			 "-o, e.g. -o %s/%s-report.html", escape_arg(q, sizeof(q), out), dir, stem);
		return -EEXIST;
	}
	ret = made_dir_make(&out_dir, dir, err, errlen);
	if (ret)
		return ret;
	ret = result_write_file(dir, name, pg->b.p, pg->b.len, err, errlen);
	if (!ret)
		written_add(&w, dir, name);
	if (!ret && doc)
		ret = write_csvs(dir, stem, doc, kind, &w, err, errlen);
	if (!ret && png_dir && pg->npngs) {
		ret = made_dir_make(&png, png_dir, err, errlen);
		for (size_t i = 0; i < pg->npngs && !ret; i++) {
			ret = result_write_file(png_dir, pg->pngs[i].name, pg->pngs[i].data, pg->pngs[i].len, err, errlen);
			if (!ret)
				written_add(&w, png_dir, pg->pngs[i].name);
		}
	}
	if (!ret && w.oom) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
	}
	for (size_t i = 0; !ret && say && i < w.n; i++)
		fprintf(say, "%s: %s\n", doc ? "report" : "compare", w.path[i]);
	written_free(&w, ret != 0);
	if (ret) {
		made_dir_undo(&png);
		made_dir_undo(&out_dir);
	}
	return ret;
}

void report_default_out(const char *path, char *out, size_t len)
{
	char d[4096], n[1024], stem[1024];
	const char *dot;

	split(path, d, sizeof(d), n, sizeof(n));
	/* result.json has its folder to itself; other results beside each other each get their own page. */
	if (!strcmp(n, "result.json")) {
		snprintf(out, len, "%s/report.html", d);
		return;
	}
	dot = strrchr(n, '.');
	snprintf(stem, sizeof(stem), "%.*s", (int)(dot && dot != n ? (size_t)(dot - n) : strlen(n)), n);
	snprintf(out, len, "%s/%s.html", d, stem);
}

void report_partial(struct strbuf *b, struct json_object *doc, const struct report_kind *kind)
{
	partial_reason(b, doc, kind);
}

int report_make(struct json_object *doc, const struct report_kind *kind, const char *out, const char *png_dir,
		FILE *say, char *err, size_t errlen)
{
	struct html_page pg = { 0 };
	char title[512];
	int ret;

	snprintf(title, sizeof(title), "ssdprof %s report: %s", kind->info->name,
		 jstr(jget(doc, "target"), "path") ? jstr(jget(doc, "target"), "path") : "unknown target");
	pg.want_png = png_dir != NULL;
	html_begin(&pg, title);
	/* Before any figure: a result that ended short says so first. */
	partial_banner(&pg, doc, kind);
	kind->render(&pg, doc);
	html_end(&pg);
	ret = report_write(out, &pg, png_dir, doc, kind, say, err, errlen);
	html_page_free(&pg);
	return ret;
}

int report_beside(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX + 64], out[PATH_MAX + 64];
	const struct report_kind *kind;
	struct json_object *doc = NULL;
	int ret;

	snprintf(path, sizeof(path), "%s/result.json", dir);
	snprintf(out, sizeof(out), "%s/report.html", dir);
	ret = report_load(path, &doc, &kind, err, errlen);
	if (!ret)
		ret = report_make(doc, kind, out, NULL, NULL, err, errlen);
	json_object_put(doc);
	return ret;
}
