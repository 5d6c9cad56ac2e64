/* SPDX-License-Identifier: MIT */
/*
 * A drive's pts results as one suite: loaded from a `pts all` folder or the
 * files given, one drive's, each test once, in the spec's order; and each
 * test's headline figure (pts_suite.h).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "reports/compare.h"
#include "reports/pts_suite.h"
#include "reports/report.h"
#include "reports/report_parts.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/text.h"

/* The spec's order of its tests (PTS-E: IOPS, throughput, latency, WSAT, HIR, XSR, ECW, DIRTH). */
static const char *const spec_order[] = { "iops", "throughput", "latency", "wsat", "hir", "xsr", "cbw", "dirth" };

size_t pts_test_rank(const char *test)
{
	for (size_t i = 0; test && i < sizeof(spec_order) / sizeof(spec_order[0]); i++)
		if (!strcmp(spec_order[i], test))
			return i;
	return PTS_SUITE_MAX;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

bool pts_suite_wanted(char *const *paths, size_t n)
{
	char p[PATH_MAX + 32];
	struct dirent *de;
	bool any = false;
	DIR *d;

	if (n > 1)
		return true;
	if (n != 1 || !is_dir(paths[0]))
		return false;
	snprintf(p, sizeof(p), "%s/result.json", paths[0]);
	if (is_file(p) || !(d = opendir(paths[0])))
		return false;
	while (!any && (de = readdir(d)))
		if (de->d_name[0] != '.' &&
		    (size_t)snprintf(p, sizeof(p), "%s/%s/result.json", paths[0], de->d_name) < sizeof(p))
			any = is_file(p);
	closedir(d);
	return any;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The SUB/result.json files of the folder dir, by name, appended to files[*n..max). */
static int folder_files(const char *dir, char **files, size_t *n, size_t max, char *err, size_t errlen)
{
	char p[PATH_MAX + 32], q[1024];
	size_t first = *n;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d) {
		snprintf(err, errlen, "cannot read the folder '%s': %s", escape_arg(q, sizeof(q), dir), strerror(errno));
		return -errno;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' ||
		    (size_t)snprintf(p, sizeof(p), "%s/%s/result.json", dir, de->d_name) >= sizeof(p) || !is_file(p))
			continue;
		if (*n == max) {
			closedir(d);
			snprintf(err, errlen, "'%s' holds more than %d results; a pts all folder holds one per test",
				 escape_arg(q, sizeof(q), dir), PTS_SUITE_MAX);
			return -E2BIG;
		}
		if (!(files[(*n)++] = strdup(p))) {
			closedir(d);
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
	}
	closedir(d);
	if (*n == first) {
		snprintf(err, errlen, "'%s' holds no TEST/result.json; give a pts all folder or pts results",
			 escape_arg(q, sizeof(q), dir));
		return -ENOENT;
	}
	qsort(files + first, *n - first, sizeof(*files), name_cmp);
	return 0;
}

/* Entry i checked against the ones before it: a pts result, of the first's drive, of a test not yet had. */
static int suite_check(const struct pts_suite *s, size_t i, const struct report_kind *k, char *err, size_t errlen)
{
	const char *test = jstr(jget(s->doc[i], "pts"), "test");
	char q0[1024], qi[1024];

	escape_arg(qi, sizeof(qi), s->file[i]);
	if (strcmp(k->info->name, "pts")) {
		snprintf(err, errlen, "'%s' is a %s result: report takes one result, or several pts results of one "
			 "drive for their combined page (compare puts drives side by side)", qi, k->info->name);
		return -EINVAL;
	}
	escape_arg(q0, sizeof(q0), s->file[0]);
	if (i && !compare_same_drive(s->doc[0], s->doc[i])) {
		snprintf(err, errlen, "'%s' and '%s' are results of two drives; a combined page is one drive's: give "
			 "one drive's results (compare puts drives side by side)", q0, qi);
		return -EINVAL;
	}
	for (size_t j = 0; j < i; j++)
		if (!strcmp(jstr(jget(s->doc[j], "pts"), "test"), test)) {
			escape_arg(q0, sizeof(q0), s->file[j]);
			snprintf(err, errlen, "'%s' and '%s' are both the %s test; give each test once", q0, qi, test);
			return -EINVAL;
		}
	return 0;
}

static int rank_cmp(const void *a, const void *b)
{
	const struct { struct json_object *doc; char *file; } *x = a, *y = b;
	size_t rx = pts_test_rank(jstr(jget(x->doc, "pts"), "test")), ry = pts_test_rank(jstr(jget(y->doc, "pts"), "test"));

	return rx < ry ? -1 : rx > ry;
}

int pts_suite_load(struct pts_suite *s, char *const *paths, size_t n, char *err, size_t errlen)
{
	struct { struct json_object *doc; char *file; } sorted[PTS_SUITE_MAX];
	int ret = 0;

	*s = (struct pts_suite){ 0 };
	for (size_t i = 0; i < n && !ret; i++) {
		char one[PATH_MAX + 32];

		/* A test's own folder (DIR/TEST of a pts all folder) is its result.json. */
		snprintf(one, sizeof(one), "%s/result.json", paths[i]);
		if (is_dir(paths[i]) && !is_file(one)) {
			ret = folder_files(paths[i], s->file, &s->n, PTS_SUITE_MAX, err, errlen);
		} else if (s->n == PTS_SUITE_MAX) {
			snprintf(err, errlen, "at most %d results make a combined page", PTS_SUITE_MAX);
			ret = -E2BIG;
		} else if (!(s->file[s->n++] = strdup(is_dir(paths[i]) ? one : paths[i]))) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
		}
	}
	for (size_t i = 0; i < s->n && !ret; i++) {
		const struct report_kind *k;

		ret = report_load(s->file[i], &s->doc[i], &k, err, errlen);
		if (!ret)
			ret = suite_check(s, i, k, err, errlen);
	}
	if (ret)
		return ret;
	for (size_t i = 0; i < s->n; i++) {
		sorted[i].doc = s->doc[i];
		sorted[i].file = s->file[i];
	}
	/* Ties cannot occur: each test is there once. */
	qsort(sorted, s->n, sizeof(sorted[0]), rank_cmp);
	for (size_t i = 0; i < s->n; i++) {
		s->doc[i] = sorted[i].doc;
		s->file[i] = sorted[i].file;
	}
	return 0;
}

void pts_suite_free(struct pts_suite *s)
{
	for (size_t i = 0; i < PTS_SUITE_MAX; i++) {
		json_object_put(s->doc[i]);
		free(s->file[i]);
	}
	*s = (struct pts_suite){ 0 };
}

/* The cell of stage st with read_pct and bs (rw starting with pre, NULL: any), or NULL. */
static struct json_object *cell_of(struct json_object *st, double read_pct, double bs, const char *rw)
{
	struct json_object *cells = jget(st, "cells");

	for (size_t c = 0; c < jlen(cells); c++) {
		struct json_object *x = jidx(cells, c);

		if (jnum(x, "read_pct") == read_pct && jnum(x, "bs") == bs && (!rw || (jstr(x, "rw") &&
		    !strcmp(jstr(x, "rw"), rw))))
			return x;
	}
	return NULL;
}

/* "%.*f UNIT", or "n/a" for NAN. */
static const char *num(char *buf, size_t len, double v, int dec, const char *unit)
{
	if (isfinite(v))
		snprintf(buf, len, "%.*f %s", dec, v, unit);
	else
		snprintf(buf, len, "n/a");
	return buf;
}

/* The mean IOPS of the last fifth (at least one) of a phase's samples: the level it ends at. */
static double end_level(struct json_object *se, struct json_object *ph)
{
	struct json_object *iops = jget(jget(se, "samples"), "iops");
	double f = jnum(ph, "first_sample"), c = jnum(ph, "samples"), sum = 0;
	size_t first, count, tail, got = 0;

	if (!isfinite(f) || !isfinite(c) || f < 0 || c < 1 || f + c > (double)jlen(iops))
		return NAN;
	first = (size_t)f;
	count = (size_t)c;
	tail = count / 5 ? count / 5 : 1;
	for (size_t k = first + count - tail; k < first + count; k++) {
		struct json_object *v = jidx(iops, k);

		if (v && !json_object_is_type(v, json_type_null)) {
			sum += json_object_get_double(v);
			got++;
		}
	}
	return got ? sum / (double)got : NAN;
}

static void hir_headline(struct json_object *pts, struct pts_headline *h)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	double steady = jnum(jidx(jget(jidx(jget(pts, "stages"), 0), "cells"), 0), "iops"), best = NAN;
	struct json_object *at = NULL;
	char a[48];

	for (size_t i = 0; i < jlen(phases); i++) {
		struct json_object *ph = jidx(phases, i);
		double v = jnum(ph, "iops");

		if (jnum(ph, "idle_s") > 0 && isfinite(v) && !(v <= best)) {
			best = v;
			at = ph;
		}
	}
	h->figure = isfinite(steady) && steady > 0 && at ? 100 * (best / steady - 1) : NAN;
	h->unit = "%";
	snprintf(h->what, sizeof(h->what), "best gain after idle");
	if (isfinite(h->figure))
		snprintf(h->text, sizeof(h->text), "%+.1f%% vs steady %s, %s", h->figure,
			 num(a, sizeof(a), steady, 0, "IOPS"), text_or_na(jstr(at, "name")));
	else
		snprintf(h->text, sizeof(h->text), "n/a");
}

static void xsr_headline(struct json_object *pts, struct pts_headline *h)
{
	struct json_object *phases = jget(jget(pts, "series"), "phases");
	int o = 0;
	char a[48];

	/* Each phase after the first settles from the one before: its settling time. */
	h->figure = jnum(jidx(phases, 1), "settle_s");
	h->unit = "s";
	snprintf(h->what, sizeof(h->what), "settling time");
	for (size_t i = 1; i < jlen(phases) && o >= 0 && (size_t)o < sizeof(h->text); i++)
		o += snprintf(h->text + o, sizeof(h->text) - (size_t)o, "%s%s %s", i > 1 ? ", " : "",
			      text_or_na(jstr(jidx(phases, i), "name")), num(a, sizeof(a), jnum(jidx(phases, i), "settle_s"),
									      1, "s"));
	if (jlen(phases) < 2)
		snprintf(h->text, sizeof(h->text), "n/a");
}

static void matrix_headline(const char *test, struct json_object *pts, struct pts_headline *h)
{
	struct json_object *stages = jget(pts, "stages"), *c;
	char a[48], b[48];

	if (!strcmp(test, "iops")) {
		c = cell_of(jidx(stages, 0), 0, 4096, NULL);
		h->figure = jnum(c, "iops");
		h->unit = "IOPS";
		snprintf(h->what, sizeof(h->what), "4 KiB random write");
		snprintf(h->text, sizeof(h->text), "%s", num(a, sizeof(a), h->figure, 0, "IOPS"));
	} else if (!strcmp(test, "throughput")) {
		double rd = NAN;

		for (size_t i = 0; i < jlen(stages); i++)
			if ((c = cell_of(jidx(stages, i), 0, 131072, "write"))) {
				h->figure = jnum(c, "mbps");
				rd = jnum(cell_of(jidx(stages, i), 100, 131072, "read"), "mbps");
			}
		h->unit = "MB/s";
		snprintf(h->what, sizeof(h->what), "128 KiB sequential write");
		snprintf(h->text, sizeof(h->text), "%s (read %s)", num(a, sizeof(a), h->figure, 1, "MB/s"),
			 num(b, sizeof(b), rd, 1, "MB/s"));
	} else if (!strcmp(test, "latency")) {
		c = cell_of(jidx(stages, 0), 0, 4096, NULL);
		h->figure = jat(c, "lat_us/" LAT_KEY_P99999);
		h->unit = "µs";
		snprintf(h->what, sizeof(h->what), "4 KiB random write 99.999%%");
		snprintf(h->text, sizeof(h->text), "%s (mean %s)", num(a, sizeof(a), h->figure, 1, "µs"),
			 num(b, sizeof(b), jat(c, "lat_us/mean"), 1, "µs"));
	} else {
		c = jidx(jget(jidx(stages, 0), "cells"), 0);
		h->figure = jnum(c, "iops");
		h->unit = "IOPS";
		snprintf(h->what, sizeof(h->what), "composite (%s)", text_or_na(jstr(c, "workload")));
		snprintf(h->text, sizeof(h->text), "%s (mean %s)", num(a, sizeof(a), h->figure, 0, "IOPS"),
			 num(b, sizeof(b), jat(c, "lat_us/mean"), 1, "µs"));
	}
}

void pts_headline(struct json_object *doc, struct pts_headline *h)
{
	struct json_object *pts = jget(doc, "pts"), *stages = jget(pts, "stages"), *se = jget(pts, "series");
	const char *test = text_or_na(jstr(pts, "test"));
	char a[48], b[48];

	*h = (struct pts_headline){ .test = test, .figure = NAN, .unit = "", .steady = true };
	for (size_t i = 0; i < jlen(stages); i++) {
		const char *why = jstr(jget(jidx(stages, i), "steady_state"), "stop_reason");

		/* DIRTH's pass is one round by design. */
		if (!jtrue(jget(jidx(stages, i), "steady_state"), "reached") && !(why && !strcmp(why, "single pass")))
			h->steady = false;
	}
	if (!strcmp(test, "wsat")) {
		h->figure = end_level(se, jidx(jget(se, "phases"), 0));
		h->unit = "IOPS";
		snprintf(h->what, sizeof(h->what), "4 KiB write saturation");
		snprintf(h->text, sizeof(h->text), "ends at %s (run: %s)", num(a, sizeof(a), h->figure, 0, "IOPS"),
			 num(b, sizeof(b), jnum(jidx(jget(se, "phases"), 0), "iops"), 0, "IOPS"));
	} else if (!strcmp(test, "hir")) {
		hir_headline(pts, h);
	} else if (!strcmp(test, "xsr")) {
		xsr_headline(pts, h);
	} else if (!strcmp(test, "dirth")) {
		struct json_object *points = jget(jget(pts, "dirth"), "points"), *pt = NULL, *cell;

		for (size_t i = 0; i < jlen(points) && !pt; i++)
			if (jstr(jidx(points, i), "point") && !strcmp(jstr(jidx(points, i), "point"), "max"))
				pt = jidx(points, i);
		cell = pt ? jidx(jget(jidx(stages, 1), "cells"), (size_t)jnum(pt, "cell")) : NULL;

		h->figure = jnum(pt, "iops");
		h->unit = "IOPS";
		snprintf(h->what, sizeof(h->what), "max IOPS (demand intensity)");
		if (pt && isfinite(h->figure))
			snprintf(h->text, sizeof(h->text), "%s at T%g x Q%g, mean %s", num(a, sizeof(a), h->figure, 0, "IOPS"),
				 jnum(cell, "threads"), jnum(cell, "thread_qd"), num(b, sizeof(b), jat(pt, "lat_us/mean"), 1,
										     "µs"));
		else
			snprintf(h->text, sizeof(h->text), "n/a");
	} else {
		matrix_headline(test, pts, h);
	}
}
