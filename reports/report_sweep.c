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
#include "reports/report_qualify.h"
#include "reports/table.h"
#include "results/json_get.h"
#include "results/result_json.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/wa_analytic.h"

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

/* The figures of every point that the charts against OP plot, in point order. */
struct sweep_cols {
	double *op, *iops, *waf, *mwaf, *mean, *p50, *p99, *p999;
	bool *open;
	bool any_waf, any_mwaf, any_lat;
};

#define SWEEP_COLS 8

/* The mean WA of a RAID point's members, NAN without members. */
static double member_waf(struct json_object *p)
{
	struct json_object *m = jget(p, "members");
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < jlen(m); i++) {
		double w = jnum(jidx(m, i), "waf");

		if (isfinite(w)) {
			sum += w;
			n++;
		}
	}
	return n ? sum / (double)n : NAN;
}

static int sweep_cols_get(struct sweep_cols *sc, struct json_object *points)
{
	size_t n = jlen(points);
	double *d = calloc(1, SWEEP_COLS * n * sizeof(double) + n * sizeof(bool) + 1);

	if (!d)
		return -ENOMEM;
	*sc = (struct sweep_cols){ .op = d, .iops = d + n, .waf = d + 2 * n, .mwaf = d + 3 * n, .mean = d + 4 * n,
				   .p50 = d + 5 * n, .p99 = d + 6 * n, .p999 = d + 7 * n,
				   .open = (bool *)(d + SWEEP_COLS * n) };
	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i), *lat = jget(p, "lat_us");

		sc->op[i] = jnum(p, "op_percent");
		sc->iops[i] = jnum(p, "iops");
		sc->waf[i] = jnum(p, "waf");
		sc->mwaf[i] = member_waf(p);
		sc->mean[i] = jnum(lat, "mean");
		sc->p50[i] = jnum(lat, "p50");
		sc->p99[i] = jnum(lat, "p99");
		sc->p999[i] = jnum(lat, LAT_KEY_P999);
		sc->open[i] = !jtrue(jget(p, "steady_state"), "reached");
		sc->any_waf |= isfinite(sc->waf[i]);
		sc->any_mwaf |= isfinite(sc->mwaf[i]);
		sc->any_lat |= isfinite(sc->mean[i]) || isfinite(sc->p50[i]) || isfinite(sc->p99[i]) ||
			       isfinite(sc->p999[i]);
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

	p.c.y2_scale = points_mbps_per_iops(doc, points);
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

/*
 * The analytic WA a sweep is drawn against: uniform random single-block
 * writes under greedy GC (Desnoyers), on the geometry and policy the sweep
 * recorded from its backend (wa_reference: a simulated drive's), else
 * (null: a real drive) with large blocks and the host OP alone.  A result
 * saved before the reference was recorded draws none.  On a RAID group the
 * model is a member's, and the group's WA is that times the member writes
 * each host write causes (parity, copies).
 */
struct wa_model {
	bool none;                 /* no reference recorded: nothing drawn */
	bool sim;                  /* the recorded geometry of the drive (or a member) */
	double native_bytes, line_units;
	bool fifo;
	double cap;                /* the capacity OP is taken of: the drive's or a member's */
	bool raid;
	double factor;             /* member writes per host write; 1 without a group */
	char factor_why[160];
	char member_label[200], group_label[200];
};

/* Member writes per host write of a RAID group, for writes of the sweep's block size. */
static double raid_factor(struct json_object *doc, char *why, size_t len)
{
	struct json_object *g = jget(doc, "group");
	double level = jnum(g, "level"), chunk = jnum(g, "chunk_bytes"), bs = jnum(jget(doc, "settings"), "bs");
	double n = (double)jlen(jget(g, "members"));
	bool small = bs > 0 && chunk > 0 && bs <= chunk;

	if (level == 0) {
		snprintf(why, len, "RAID 0: each write lands on one member");
		return 1;
	}
	if (level == 1 && n >= 2) {
		snprintf(why, len, "RAID 1: each of %g members writes a copy", n);
		return n;
	}
	if (level == 10) {
		snprintf(why, len, "RAID 10: two copies of each write");
		return 2;
	}
	if ((level == 5 || level == 6) && small) {
		snprintf(why, len, "RAID %g: a write within a chunk rewrites its data and %s parity", level,
			 level == 5 ? "one" : "two");
		return level == 5 ? 2 : 3;
	}
	if ((level == 5 || level == 6) && n > level - 3 && bs >= (n - (level - 4)) * chunk) {
		snprintf(why, len, "RAID %g: full-stripe writes, %g members per %g of data", level, n, n - (level - 4));
		return n / (n - (level - 4));
	}
	snprintf(why, len, "RAID %g, this block size: not modelled", level);
	return NAN;
}

static const char *wa_model_name(const struct wa_model *w)
{
	return w->sim && w->fifo ? "FIFO" : "greedy";
}

static void wa_model_get(struct wa_model *w, struct json_object *doc)
{
	struct json_object *t = jget(doc, "target"), *members = jget(jget(doc, "group"), "members");
	struct json_object *dev = jlen(members) ? jidx(members, 0) : t, *ref = NULL;

	memset(w, 0, sizeof(*w));
	w->none = !json_object_object_get_ex(doc, "wa_reference", &ref);
	w->raid = jlen(members) > 0;
	w->cap = jnum(dev, "capacity_bytes");
	w->sim = ref != NULL;
	if (w->sim) {
		w->native_bytes = jnum(ref, "native_bytes");
		w->line_units = jnum(ref, "line_units");
		w->fifo = !strcmp(jstr(ref, "gc") ? jstr(ref, "gc") : "", "FIFO");
	}
	w->factor = 1;
	if (w->raid)
		w->factor = raid_factor(doc, w->factor_why, sizeof(w->factor_why));
	snprintf(w->member_label, sizeof(w->member_label), "analytic%s, uniform random, %s GC (%s)",
		 w->raid ? " per member" : "", wa_model_name(w),
		 w->sim ? "the simulator's geometry: total OP = factory + host" : "large blocks, host OP only");
	if (w->raid)
		snprintf(w->group_label, sizeof(w->group_label), "analytic group = %.2f x member (%s)", w->factor,
			 w->factor_why);
}

/* Analytic WA of the drive (a RAID member) with op % held back; NAN when not defined or not recorded. */
static double wa_at(const struct wa_model *w, double op)
{
	double usable = w->cap * (1 - op / 100);

	if (w->none)
		return NAN;
	if (w->sim)
		return wa_model_waf(w->native_bytes, w->line_units, w->fifo, usable);
	return usable > 0 && w->cap / usable - 1 > 0 ? wa_fifo(w->cap / usable - 1) : NAN;
}

/* Total OP of the drive (a member) at op % held back, as the model sees it. */
static double total_op_at(const struct wa_model *w, double op)
{
	double usable = w->cap * (1 - op / 100);

	return usable > 0 ? (w->sim ? w->native_bytes : w->cap) / usable - 1 : NAN;
}

/* The OP a point held back on each member (--op-member gives them their own): their mean, else the point's. */
static double member_op(struct json_object *pt)
{
	struct json_object *m = jget(pt, "members");
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < jlen(m); i++)
		if (isfinite(jnum(jidx(m, i), "effective_op_percent"))) {
			sum += jnum(jidx(m, i), "effective_op_percent");
			n++;
		}
	return n ? sum / (double)n : jnum(pt, "op_percent");
}

/* The dashed reference lines over the OP range of the points: per drive (member), and the group's. */
static void wa_reference(struct plot *p, const struct wa_model *w, const struct sweep_cols *sc, size_t npts)
{
	double lo = INFINITY, hi = -INFINITY, *x, *y, *gx, *gy;
	struct chart_series *s, *g = NULL;
	size_t n = 61;

	for (size_t i = 0; i < npts; i++)
		if (isfinite(sc->op[i])) {
			lo = fmin(lo, sc->op[i]);
			hi = fmax(hi, sc->op[i]);
		}
	if (!(hi >= lo) || !(w->cap > 0) || w->none)
		return;
	s = plot_line(p, n, &x, &y, NULL);
	if (s && w->raid && isfinite(w->factor))
		g = plot_line(p, n, &gx, &gy, NULL);
	if (!s)
		return;
	for (size_t i = 0; i < n; i++) {
		x[i] = lo + (hi - lo) * (double)i / (double)(n - 1);
		y[i] = wa_at(w, x[i]);
		if (g) {
			gx[i] = x[i];
			gy[i] = y[i] * w->factor;
		}
	}
	s->label = w->member_label;
	s->dashed = true;
	s->color = -1;
	if (g) {
		g->label = w->group_label;
		g->dashed = true;
		g->color = 3;
	}
}

static void wa_table(struct table *t, struct json_object *points, const struct sweep_cols *sc,
		     const struct wa_model *w)
{
	table_init(t, "Write amplification per OP point");
	table_cols(t, "OP %", TA_RIGHT, "steady", TA_LEFT, "WA", TA_RIGHT, "WA source", TA_LEFT,
		   "host GB written", TA_RIGHT, "media GB written", TA_RIGHT, "total OP %", TA_RIGHT,
		   "analytic WA", TA_RIGHT, NULL);
	if (w->raid)
		table_cols(t, "member WA", TA_RIGHT, "member writes / host write", TA_RIGHT, "analytic group WA",
			   TA_RIGHT, NULL);
	for (size_t i = 0; i < jlen(points); i++) {
		struct json_object *pt = jidx(points, i), *m = jget(pt, "members");
		double op = w->raid ? member_op(pt) : sc->op[i], mhost = 0;

		for (size_t k = 0; k < jlen(m); k++)
			mhost += jnum(jidx(m, k), "host_bytes_written");
		table_row(t);
		table_num(t, 0, sc->op[i], 2);
		table_cell(t, 1, "%s", sc->open[i] ? "NO" : "yes");
		table_num(t, 2, sc->waf[i], 2);
		table_cell(t, 3, "%s", text_or_na(jstr(pt, "waf_source")));
		table_num(t, 4, jnum(pt, "host_bytes_written") / 1e9, 2);
		table_num(t, 5, jnum(pt, "media_bytes_written") / 1e9, 2);
		table_num(t, 6, 100 * total_op_at(w, op), 2);
		table_num(t, 7, wa_at(w, op), 2);
		if (!w->raid)
			continue;
		table_num(t, 8, sc->mwaf[i], 2);
		table_num(t, 9, mhost > 0 ? mhost / jnum(pt, "host_bytes_written") : NAN, 2);
		table_num(t, 10, wa_at(w, op) * w->factor, 2);
	}
}

static void wa_vs_op(struct html_page *pg, struct json_object *doc, const struct sweep_cols *sc)
{
	struct json_object *points = jget(doc, "points");
	size_t n = jlen(points);
	struct plot p = { .c = { .title = "Write amplification against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "WA (media bytes / host bytes)",
				 .x_from_zero = true, .y_from_zero = true,
				 .open_note = "hollow: steady state not reached" } };
	struct wa_model w;
	struct table t;
	char note[1280];
	const char *dist;

	wa_model_get(&w, doc);
	if (sc->any_waf) {
		p.c.series[p.c.nseries++] = (struct chart_series){ .label = w.raid ? "measured group WA" : "measured WA",
								  .x = sc->op, .y = sc->waf, .open = sc->open,
								  .n = n, .markers = true, .color = 3 };
		if (w.raid && sc->any_mwaf)
			p.c.series[p.c.nseries++] = (struct chart_series){ .label = "measured member WA (mean)",
									  .x = sc->op, .y = sc->mwaf,
									  .open = sc->open, .n = n, .markers = true,
									  .color = 4 };
		wa_reference(&p, &w, sc, n);
	} else {
		p.c.empty = "no media-write counter on this drive";
	}
	wa_table(&t, points, sc, &w);
	plot_show(pg, "wa-vs-op", &p, &t);
	table_free(&t);
	if (!sc->any_waf || w.none)
		return;
	snprintf(note, sizeof(note),
		 "The dashed line is the analytic WA of uniform random single-block writes under %s garbage "
		 "collection (Desnoyers): A = a / (a + W0(-a e^-a)) with a = 1 + total OP%s.  %s%s%s",
		 wa_model_name(&w),
		 w.sim && !w.fifo ? ", scaled for the simulator's line size "
		 "(A(ka) / k, k = 1 + 1 / 2Np)" : "",
		 w.sim ? "Total OP = raw native flash / usable - 1 counts the simulator's factory OP as well as the OP "
			 "held back."
		       : "The drive's factory OP and block size are not known: the line takes the host OP alone and "
			 "large blocks, so the real expectation is lower.",
		 w.raid ? "  On a RAID group the model is a member's; the group's WA (media bytes of every member / "
			  "host bytes to the group) is that times the member writes each host write causes: "
			: "",
		 w.raid ? w.factor_why : "");
	dist = jstr(jget(doc, "settings"), "random_dist");
	if ((dist && strcmp(dist, "uniform")) || jstr(jget(doc, "settings"), "workload"))
		snprintf(note + strlen(note), sizeof(note) - strlen(note),
			 "  These rounds were not uniform random writes (%s): the line is the uniform reference, "
			 "which skew raises on a drive that does not separate hot data from cold.",
			 dist ? dist : jstr(jget(doc, "settings"), "workload"));
	html_note(pg, "note", note);
}

static void latency_vs_op(struct html_page *pg, struct json_object *points, const struct sweep_cols *sc)
{
	size_t n = jlen(points);
	struct plot p = { .c = { .title = "Write latency against over-provisioning",
				 .xlabel = "OP (% of capacity held back)", .ylabel = "latency (µs, log scale)",
				 .x_from_zero = true, .y_log10 = true,
				 .open_note = "hollow: steady state not reached" } };
	const struct { const char *label; const double *y; } lines[] = {
		{ "mean", sc->mean }, { "p50", sc->p50 }, { "p99", sc->p99 }, { "p99.9", sc->p999 },
	};
	struct table t;

	for (size_t k = 0; sc->any_lat && k < sizeof(lines) / sizeof(lines[0]); k++)
		p.c.series[p.c.nseries++] = (struct chart_series){ .label = lines[k].label, .x = sc->op,
								  .y = lines[k].y, .open = sc->open, .n = n,
								  .markers = true, .color = (int)k };
	if (!sc->any_lat)
		p.c.empty = "latency percentiles not measured";
	table_init(&t, "Latency per OP point");
	table_cols(&t, "OP %", TA_RIGHT, "steady", TA_LEFT, "lat mean µs", TA_RIGHT, "p50 µs", TA_RIGHT,
		   "p99 µs", TA_RIGHT, "p99.9 µs", TA_RIGHT, NULL);
	for (size_t i = 0; i < n; i++) {
		table_row(&t);
		table_num(&t, 0, sc->op[i], 2);
		table_cell(&t, 1, "%s", sc->open[i] ? "NO" : "yes");
		table_num(&t, 2, sc->mean[i], 1);
		table_num(&t, 3, sc->p50[i], 1);
		table_num(&t, 4, sc->p99[i], 1);
		table_num(&t, 5, sc->p999[i], 1);
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
	steady_charts(pg, doc, points, true);
	html_h2(pg, "wa-vs-op", "Write amplification against OP");
	wa_vs_op(pg, doc, &sc);
	html_h2(pg, "latency-vs-op", "Latency against OP");
	latency_vs_op(pg, points, &sc);
	free(sc.op);
}

/*
 * The answer the page opens with, from the knee and the points it names:
 * the recommended OP with its steady IOPS and WA against the baseline point
 * (the same fields the tables below print, to their decimals), the life
 * that WA buys, the knee's reason, and the capacity held back.
 */
static void sweep_answer(struct html_page *pg, struct json_object *doc)
{
	struct json_object *knee = jget(doc, "knee"), *rec, *base;
	double rec_op = jnum(knee, "recommended_op_percent"), cap = jnum(jget(doc, "target"), "capacity_bytes");
	double iops, waf, biops, bwaf, life, held;
	char head[512], cost[256] = "";
	size_t o;

	rec = sweep_point_at(doc, rec_op);
	if (!rec) {
		snprintf(head, sizeof(head), "No recommended OP (%s)", jstr(knee, "kind") ? jstr(knee, "kind") : "no knee");
		html_answer(pg, head, text_or_na(jstr(knee, "reason")), NULL);
		return;
	}
	base = sweep_point_at(doc, jnum(jget(knee, "baseline"), "op_percent"));
	if (base == rec)
		base = NULL;
	iops = jnum(rec, "iops");
	waf = jnum(rec, "waf");
	biops = jnum(base, "iops");
	bwaf = jnum(base, "waf");
	o = (size_t)snprintf(head, sizeof(head), "Recommended OP %g%%: steady IOPS %.0f", rec_op, iops);
#define PUT(...) (o += (size_t)snprintf(head + o, o < sizeof(head) ? sizeof(head) - o : 0, __VA_ARGS__))
	if (isfinite(biops) && biops > 0 && isfinite(iops))
		PUT(" (%+.0f%% over %g%% OP)", 100 * (iops / biops - 1), jnum(base, "op_percent"));
	if (isfinite(waf) && isfinite(bwaf))
		PUT(", WA %.2f → %.2f, life ×%.2f", bwaf, waf, bwaf / waf);
	else if (isfinite(waf))
		PUT(", WA %.2f", waf);
	else
		PUT(", WA not measured");
	life = jnum(jget(rec, "endurance"), "life_years");
	if (isfinite(life))
		PUT(" (%.2f years at the daily writes given)", life);
	if (!jtrue(jget(rec, "steady_state"), "reached"))
		PUT("; this point did not reach steady state");
#undef PUT
	held = cap - jnum(rec, "usable_bytes");
	if (isfinite(held) && cap > 0)
		snprintf(cost, sizeof(cost), "Costs %g%% of the capacity: %.2f GB of %.2f GB held back as spare, "
			 "%.2f GB left to use.", rec_op, held / 1e9, cap / 1e9, jnum(rec, "usable_bytes") / 1e9);
	html_answer(pg, head, text_or_na(jstr(knee, "reason")), cost);
}

/* A constructed point's figures, the same text for points built alike; "" for one not constructed. */
static void construction_of(struct json_object *p, char *buf, size_t len)
{
	struct json_object *c = jget(p, "construction"), *ms = jget(c, "members");
	char each[64] = "";

	*buf = 0;
	if (!c || jstr(c, "fallback"))
		return;
	if (ms)
		snprintf(each, sizeof(each), ", each of %zu members for its own", jlen(ms));
	snprintf(buf, len, "%.2f GB written for %.2f GB of flash (%s%s)", jnum(c, "bytes_written") / 1e9,
		 jnum(c, "native_bytes") / 1e9, text_or_na(jstr(c, "native_source")), each);
}

/*
 * How the points that could be constructed were preconditioned (issue 28):
 * the flash written, for whose flash (a group: per member), the points
 * built alike said once; or why full.
 */
static void construction_line(struct html_page *pg, struct json_object *points)
{
	size_t n = jlen(points);
	struct strbuf b = { 0 };
	char (*key)[192] = calloc(n + 1, sizeof(*key));

	if (!key) {
		pg->error = -ENOMEM;
		return;
	}
	for (size_t i = 0; i < n; i++)
		construction_of(jidx(points, i), key[i], sizeof(key[i]));
	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i), *c = jget(p, "construction");
		size_t alike = 0, said = 0;

		if (c && jstr(c, "fallback")) {
			sb_printf(&b, "%s%g%% full: %s", b.len ? "; " : "", jnum(p, "op_percent"), jstr(c, "fallback"));
			continue;
		}
		/* A point said with an earlier one alike has its key cleared. */
		if (!key[i][0])
			continue;
		for (size_t j = i; j < n; j++)
			alike += !strcmp(key[j], key[i]);
		sb_add(&b, b.len ? "; " : "");
		for (size_t j = i; j < n; j++) {
			if (strcmp(key[j], key[i]))
				continue;
			sb_printf(&b, "%s%g%%", list_sep(said++, alike), jnum(jidx(points, j), "op_percent"));
			if (j > i)
				key[j][0] = 0;
		}
		sb_printf(&b, " constructed: %s", key[i]);
	}
	if (b.err)
		pg->error = b.err;
	else if (b.len)
		html_p(pg, "Preconditioned by construction where it holds, else the full way: %s.", b.p);
	sb_free(&b);
	free(key);
}

/* The summary entries of a sweep: method, purge, OP method, points, the recommendation and why. */
static void sweep_summary(struct html_page *pg, struct json_object *doc, size_t nsteady, const char *bad)
{
	struct json_object *points = jget(doc, "points"), *knee = jget(doc, "knee");
	const char *tkind = jstr(jget(doc, "target"), "kind");
	char purge[128], opm[128];

	distinct(points, "purge_method", purge, sizeof(purge));
	distinct(points, "op_method", opm, sizeof(opm));
	sweep_method_dl(pg, doc);
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
	struct sweep_cols sc;
	struct table t;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = jidx(points, i);

		if (jtrue(jget(p, "steady_state"), "reached"))
			nsteady++;
		else if (off < sizeof(bad))
			off += (size_t)snprintf(bad + off, sizeof(bad) - off, "%s%g%%", off ? ", " : "",
						jnum(p, "op_percent"));
	}
	/* The answer first, then the chart it rests on, then the details. */
	sweep_answer(pg, doc);
	page_drive(pg, doc);
	if (sweep_cols_get(&sc, points)) {
		pg->error = -ENOMEM;
		return;
	}
	html_h2(pg, "iops-vs-op", "Steady IOPS against OP");
	iops_vs_op(pg, doc, &sc);
	free(sc.op);
	html_h2(pg, "summary", "Summary");
	html_dl_begin(pg);
	summary_target(pg, doc);
	sweep_summary(pg, doc, nsteady, bad);
	html_dl_end(pg);
	if (nsteady < n)
		html_p(pg, "Not steady: %s.  These points stopped before the steady-state window held; they are drawn "
		       "with hollow markers (dashed over time) and marked NO in the tables.", bad);
	table_sweep_points(&t, doc, true);
	html_table(pg, &t, true);
	table_free(&t);
	construction_line(pg, points);
	settings_table(pg, doc);
	sweep_charts(pg, doc);
	report_life_chart(pg, doc);
	raid_sweep_section(pg, doc);
}
