/* SPDX-License-Identifier: MIT */
/* The page of a sweep: the summary and recommendation, IOPS per round, and IOPS, WA and latency against OP. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/html.h"
#include "reports/report_parts.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "sim/sim.h"
#include "util/text.h"

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

void chart_rounds(struct html_page *pg, struct json_object *doc, struct json_object *points, const char *title)
{
	struct plot p = { .c = { .title = title, .xlabel = "time in rounds (s)", .ylabel = "IOPS", .y2label = "MB/s",
				 .x_from_zero = true, .y_from_zero = true } };
	struct table t;

	p.c.y2_scale = point_mbps_per_iops(doc, points);
	table_init(&t, "IOPS per round");
	table_cols(&t, "OP %", TA_RIGHT, "round", TA_RIGHT, "t s", TA_RIGHT, "IOPS", TA_RIGHT,
		   "MB/s", TA_RIGHT, "steady window", TA_LEFT, NULL);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *pt = jidx(points, i), *ts = jget(pt, "timeseries"), *ss = jget(pt, "steady_state");
		struct json_object *win = jget(ss, "window");
		size_t n = jlen(ts);
		double op = jnum(pt, "op_percent"), *x, *y;
		long w0 = jlen(win) == 2 ? json_object_get_int(jidx(win, 0)) : -1;
		long w1 = jlen(win) == 2 ? json_object_get_int(jidx(win, 1)) : -1;
		struct chart_series *line;

		for (size_t j = 0; j < n; j++) {
			table_row(&t);
			table_num(&t, 0, op, 2);
			table_cell(&t, 1, "%zu", j + 1);
			table_num(&t, 2, jnum(jidx(ts, j), "t_s"), 1);
			table_num(&t, 3, jnum(jidx(ts, j), "iops"), 0);
			table_num(&t, 4, jnum(jidx(ts, j), "mbps"), 1);
			if ((long)j >= w0 && (long)j <= w1)
				table_cell(&t, 5, "%s", jtrue(ss, "reached") ? "yes" : "last rounds (not steady)");
		}
		line = plot_line(&p, n, &x, &y, NULL);
		if (!line)
			continue;
		for (size_t j = 0; j < n; j++) {
			x[j] = jnum(jidx(ts, j), "t_s");
			y[j] = jnum(jidx(ts, j), "iops");
		}
		if (isfinite(op))
			snprintf(plot_label(&p, line), PLOT_LABEL, "OP %g%%%s", op,
				 jtrue(ss, "reached") ? "" : " (not steady)");
		else
			snprintf(plot_label(&p, line), PLOT_LABEL, "%s",
				 jtrue(ss, "reached") ? "IOPS" : "IOPS (not steady)");
		line->label = plot_label(&p, line);
		line->color = (int)i;
		line->dashed = !jtrue(ss, "reached");
	}
	plot_show(pg, "iops-over-time", &p, &t);
	table_free(&t);
}

/* The figures of every point that the charts against OP plot, in point order. */
struct sweep_cols {
	double *op, *iops, *waf, *p99, *p999, *total_op;
	bool *open;
	bool any_waf, any_lat;
};

static int sweep_cols_get(struct sweep_cols *sc, struct json_object *points)
{
	size_t n = jlen(points);
	double *d = calloc(1, 6 * n * sizeof(double) + n * sizeof(bool) + 1);

	if (!d)
		return -ENOMEM;
	*sc = (struct sweep_cols){ .op = d, .iops = d + n, .waf = d + 2 * n, .p99 = d + 3 * n, .p999 = d + 4 * n,
				   .total_op = d + 5 * n, .open = (bool *)(d + 6 * n) };
	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i), *lat = jget(p, "lat_us");

		sc->op[i] = jnum(p, "op_percent");
		sc->iops[i] = jnum(p, "iops");
		sc->waf[i] = jnum(p, "waf");
		sc->p99[i] = jnum(lat, "p99");
		sc->p999[i] = jnum(lat, "p99.9");
		sc->open[i] = !jtrue(jget(p, "steady_state"), "reached");
		sc->any_waf |= isfinite(sc->waf[i]);
		sc->any_lat |= isfinite(sc->p99[i]) || isfinite(sc->p999[i]);
	}
	return 0;
}

/* The knee and the recommended OP as marked positions: one when they are the same. */
static void knee_vlines(struct chart *c, double knee_op, double rec_op, char *kl, char *rl, size_t len)
{
	if (isfinite(knee_op) && isfinite(rec_op) && fabs(knee_op - rec_op) < 0.005) {
		snprintf(kl, len, "knee = recommended: %g%%", knee_op);
		c->vlines[c->nvlines++] = (struct chart_vline){ knee_op, kl };
		return;
	}
	if (isfinite(knee_op)) {
		snprintf(kl, len, "knee %g%%", knee_op);
		c->vlines[c->nvlines++] = (struct chart_vline){ knee_op, kl };
	}
	if (isfinite(rec_op)) {
		snprintf(rl, len, "recommended %g%%", rec_op);
		c->vlines[c->nvlines++] = (struct chart_vline){ rec_op, rl };
	}
}

static void iops_vs_op(struct html_page *pg, struct json_object *doc, const struct sweep_cols *sc)
{
	struct json_object *points = jget(doc, "points"), *knee = jget(doc, "knee");
	double knee_op = jnum(knee, "op_percent"), rec_op = jnum(knee, "recommended_op_percent"), best = 0;
	size_t n = jlen(points);
	struct plot p = { .c = { .title = "Steady-state IOPS against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "steady IOPS", .y2label = "MB/s",
				 .x_from_zero = true, .y_from_zero = true,
				 .open_note = "hollow: steady state not reached" } };
	char kl[64], rl[64];
	struct table t;

	p.c.y2_scale = point_mbps_per_iops(doc, points);
	p.c.series[p.c.nseries++] = (struct chart_series){ .label = "steady IOPS", .x = sc->op, .y = sc->iops,
							  .open = sc->open, .n = n, .markers = true, .color = 0 };
	knee_vlines(&p.c, knee_op, rec_op, kl, rl, sizeof(kl));
	table_init(&t, "Steady IOPS per OP point");
	table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "IOPS", TA_RIGHT, "MB/s", TA_RIGHT,
		   "% of best", TA_RIGHT, "", TA_LEFT, NULL);
	for (size_t i = 0; i < n; i++)
		best = isfinite(sc->iops[i]) ? fmax(best, sc->iops[i]) : best;
	for (size_t i = 0; i < n; i++) {
		bool is_knee = fabs(sc->op[i] - knee_op) < 0.005, is_rec = fabs(sc->op[i] - rec_op) < 0.005;

		table_row(&t);
		table_num(&t, 0, sc->op[i], 2);
		table_cell(&t, 1, "%s", sc->open[i] ? "NO" : "yes");
		table_num(&t, 2, sc->iops[i], 0);
		table_num(&t, 3, jnum(jidx(points, i), "mbps"), 1);
		table_num(&t, 4, best > 0 ? 100 * sc->iops[i] / best : NAN, 1);
		if (is_knee || is_rec)
			table_cell(&t, 5, "%s", is_knee && is_rec ? "knee, recommended" : is_knee ? "knee" : "recommended");
	}
	plot_show(pg, "iops-vs-op", &p, &t);
	table_free(&t);
}

/* The simulator's factory OP in percent when doc measured a simulated drive, else NAN. */
static double factory_op(struct json_object *doc)
{
	struct json_object *t = jget(doc, "target");
	const char *path = jstr(t, "path"), *tkind = jstr(t, "kind");
	struct sim_config cfg;
	char err[256];

	if (tkind && !strcmp(tkind, "sim") && path && !strncmp(path, "sim:", 4) &&
	    !sim_config_parse(path + 4, &cfg, err, sizeof(err)))
		return cfg.factory_op;
	return NAN;
}

/* Analytic WA of uniform random writes over the OP range of the points: the dashed reference line of p. */
static void wa_reference(struct plot *p, struct json_object *doc, struct json_object *points, double factory,
			 const char *label)
{
	double cap = jnum(jget(doc, "target"), "capacity_bytes"), lo = INFINITY, hi = -INFINITY, *x, *y;
	double raw = isfinite(factory) ? cap * (1 + factory / 100) : cap;
	struct chart_series *s;
	size_t n = 61;

	for (size_t i = 0; i < jlen(points); i++) {
		double op = jnum(jidx(points, i), "op_percent");

		if (isfinite(op)) {
			lo = fmin(lo, op);
			hi = fmax(hi, op);
		}
	}
	if (!(hi >= lo) || !(cap > 0))
		return;
	s = plot_line(p, n, &x, &y, NULL);
	if (!s)
		return;
	for (size_t i = 0; i < n; i++) {
		double op = lo + (hi - lo) * (double)i / (double)(n - 1);
		double usable = cap * (1 - op / 100);

		x[i] = op;
		y[i] = usable > 0 && raw / usable - 1 > 0 ? sim_waf_fifo(raw / usable - 1) : NAN;
	}
	s->label = label;
	s->dashed = true;
	s->color = -1;
}

static void wa_vs_op(struct html_page *pg, struct json_object *doc, const struct sweep_cols *sc)
{
	struct json_object *points = jget(doc, "points");
	double cap = jnum(jget(doc, "target"), "capacity_bytes"), factory = factory_op(doc);
	double raw = isfinite(factory) ? cap * (1 + factory / 100) : cap;
	const char *ref_label = isfinite(factory)
					? "analytic, uniform random (FIFO closed form, total OP = factory + host)"
					: "analytic, uniform random (FIFO closed form, host OP only)";
	size_t n = jlen(points);
	struct plot p = { .c = { .title = "Write amplification against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "WA (media bytes / host bytes)",
				 .x_from_zero = true, .y_from_zero = true,
				 .open_note = "hollow: steady state not reached" } };
	struct table t;

	for (size_t i = 0; i < n; i++) {
		double u = jnum(jidx(points, i), "usable_bytes");

		sc->total_op[i] = u > 0 && cap > 0 ? raw / u - 1 : NAN;
	}
	if (sc->any_waf) {
		p.c.series[p.c.nseries++] = (struct chart_series){ .label = "measured WA", .x = sc->op, .y = sc->waf,
								  .open = sc->open, .n = n, .markers = true,
								  .color = 3 };
		wa_reference(&p, doc, points, factory, ref_label);
	} else {
		p.c.empty = "no media-write counter on this drive";
	}
	table_init(&t, "Write amplification per OP point");
	table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "WA", TA_RIGHT, "WA source", TA_LEFT,
		   "host GB written", TA_RIGHT, "media GB written", TA_RIGHT, "total OP %", TA_RIGHT,
		   "analytic WA", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		struct json_object *pt = jidx(points, i);

		table_row(&t);
		table_num(&t, 0, sc->op[i], 2);
		table_cell(&t, 1, "%s", sc->open[i] ? "NO" : "yes");
		table_num(&t, 2, sc->waf[i], 2);
		table_cell(&t, 3, "%s", text_or_na(jstr(pt, "waf_source")));
		table_num(&t, 4, jnum(pt, "host_bytes_written") / 1e9, 2);
		table_num(&t, 5, jnum(pt, "media_bytes_written") / 1e9, 2);
		table_num(&t, 6, 100 * sc->total_op[i], 2);
		table_num(&t, 7, sc->total_op[i] > 0 ? sim_waf_fifo(sc->total_op[i]) : NAN, 2);
	}
	plot_show(pg, "wa-vs-op", &p, &t);
	if (sc->any_waf)
		html_note(pg, "note", isfinite(factory)
					      ? "The dashed line is the analytic WA of uniform random single-block writes "
						"with greedy (large-line) garbage collection, A = a / (a + W0(-a e^-a)), "
						"a = 1 + total OP, where total OP = raw / usable - 1 counts the "
						"simulator's factory OP as well as the OP held back."
					      : "The dashed line is the analytic WA of uniform random single-block writes, "
						"A = a / (a + W0(-a e^-a)) with a = 1 + host OP only: the drive's factory "
						"OP is not known, so the real expectation is lower.");
	table_free(&t);
}

static void latency_vs_op(struct html_page *pg, struct json_object *points, const struct sweep_cols *sc)
{
	size_t n = jlen(points);
	struct plot p = { .c = { .title = "Write latency percentiles against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "latency (µs)", .x_from_zero = true,
				 .y_from_zero = true, .open_note = "hollow: steady state not reached" } };
	struct table t;

	if (sc->any_lat) {
		p.c.series[p.c.nseries++] = (struct chart_series){ .label = "p99", .x = sc->op, .y = sc->p99,
								  .open = sc->open, .n = n, .markers = true,
								  .color = 0 };
		p.c.series[p.c.nseries++] = (struct chart_series){ .label = "p99.9", .x = sc->op, .y = sc->p999,
								  .open = sc->open, .n = n, .markers = true,
								  .color = 1 };
	} else {
		p.c.empty = "latency percentiles not measured";
	}
	table_init(&t, "Latency per OP point");
	table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "lat mean µs", TA_RIGHT,
		   "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		table_row(&t);
		table_num(&t, 0, sc->op[i], 2);
		table_cell(&t, 1, "%s", sc->open[i] ? "NO" : "yes");
		table_num(&t, 2, jnum(jget(jidx(points, i), "lat_us"), "mean"), 1);
		table_num(&t, 3, sc->p99[i], 1);
		table_num(&t, 4, sc->p999[i], 1);
	}
	plot_show(pg, "latency-vs-op", &p, &t);
	table_free(&t);
}

static void sweep_charts(struct html_page *pg, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points");
	struct sweep_cols sc;

	if (sweep_cols_get(&sc, points)) {
		pg->error = -ENOMEM;
		return;
	}
	html_h2(pg, "throughput", "Throughput while writing to steady state");
	chart_rounds(pg, doc, points, "IOPS per round at every OP level");
	html_h2(pg, "iops-vs-op", "Steady IOPS against OP");
	iops_vs_op(pg, doc, &sc);
	html_h2(pg, "wa-vs-op", "Write amplification against OP");
	wa_vs_op(pg, doc, &sc);
	html_h2(pg, "latency-vs-op", "Latency against OP");
	latency_vs_op(pg, points, &sc);
	free(sc.op);
}

/* The summary entries of a sweep: method, purge, OP method, points, the recommendation and why. */
static void sweep_summary(struct html_page *pg, struct json_object *doc, size_t nsteady, const char *bad)
{
	struct json_object *points = jget(doc, "points"), *knee = jget(doc, "knee"), *s = jget(doc, "settings");
	const char *tkind = jstr(jget(doc, "target"), "kind");
	char purge[128], opm[128];

	distinct(points, "purge_method", purge, sizeof(purge));
	distinct(points, "op_method", opm, sizeof(opm));
	html_dl(pg, "method", "per OP level: purge, set the OP, fill sequentially (%g pass), then %g-byte random writes at "
		"QD %g in rounds of %g s until the SNIA steady-state window holds (at most %g rounds)",
		jnum(s, "fill_passes"), jnum(s, "bs"), jnum(s, "qd"), jnum(s, "round_s"), jnum(s, "max_rounds"));
	html_dl(pg, "purge", "%s (%s)", purge, purge_how(tkind, jstr(jidx(points, 0), "purge_method")));
	html_dl(pg, "OP method", "%s%s", opm,
		!strcmp(opm, "namespace") ? " (the user capacity is shrunk; the rest becomes spare area)"
		: !strcmp(opm, "span")    ? " (the workload never writes past the usable span)"
		: !strcmp(opm, "hpa")     ? " (a host protected area hides the rest)"
					  : "");
	html_dl(pg, "points", "%zu measured, %zu reached steady state%s%s%s", jlen(points), nsteady,
		*bad ? "; not steady: " : "", bad,
		jget(doc, "complete") && !jtrue(doc, "complete") ? "; the sweep is not complete" : "");
	if (isfinite(jnum(knee, "recommended_op_percent")))
		html_dl(pg, "recommendation", "%g%% OP", jnum(knee, "recommended_op_percent"));
	else
		html_dl(pg, "recommendation", "none (%s)", jstr(knee, "kind") ? jstr(knee, "kind") : "no knee");
	html_dl(pg, "reason", "%s", text_or_na(jstr(knee, "reason")));
	if (jstr(knee, "versus_baseline"))
		html_dl(pg, "baseline", "%s", jstr(knee, "versus_baseline"));
	if (jstr(knee, "rule"))
		html_dl(pg, "rule", "%s", jstr(knee, "rule"));
}

void report_sweep(struct html_page *pg, struct json_object *doc)
{
	struct json_object *points = jget(doc, "points");
	size_t n = jlen(points), nsteady = 0, off = 0;
	char bad[256] = "";
	struct table t;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i);

		if (jtrue(jget(p, "steady_state"), "reached"))
			nsteady++;
		else if (off < sizeof(bad))
			off += (size_t)snprintf(bad + off, sizeof(bad) - off, "%s%g%%", off ? ", " : "",
						jnum(p, "op_percent"));
	}
	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	sweep_summary(pg, doc, nsteady, bad);
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
	sweep_charts(pg, doc);
	raid_sweep_section(pg, doc);
}
