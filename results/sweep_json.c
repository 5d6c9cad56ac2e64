/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "profiler/knee.h"
#include "profiler/op_member.h"
#include "profiler/sweep_construct.h"
#include "profiler/sweep_plan.h"
#include "profiler/sweep_run.h"
#include "precondition/precondition.h"
#include "results/endurance_json.h"
#include "results/json_get.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/sweep_json.h"

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static struct json_object *lat_json(double mean, double p50, double p99, double p999, double p9999, double max,
				    bool full)
{
	struct json_object *o = json_object_new_object();

	if (full)
		add(o, "mean", result_json_number(mean, RP_LAT_US));
	add(o, "p50", result_json_number(p50, RP_LAT_US));
	add(o, "p99", result_json_number(p99, RP_LAT_US));
	add(o, LAT_KEY_P999, result_json_number(p999, RP_LAT_US));
	if (full) {
		add(o, LAT_KEY_P9999, result_json_number(p9999, RP_LAT_US));
		add(o, "max", result_json_number(max, RP_LAT_US));
	}
	return o;
}

/*
 * The first prediction good enough to stop on (issue 18), and whether it
 * did stop the rounds: when it did not, the point's figures are the SNIA
 * window's and the two can be compared.
 */
static struct json_object *prediction_json(const struct precondition_result *r)
{
	struct json_object *o = json_object_new_object();
	bool waf = r->pred_waf.valid;

	add(o, "rounds", json_object_new_int((int)r->predicted_rounds));
	add(o, "stopped", json_object_new_boolean(!strcmp(r->stop_reason ? r->stop_reason : "", "predicted")));
	add(o, "iops", result_json_number(r->pred_iops.value, RP_IOPS));
	add(o, "iops_halfwidth", result_json_number(r->pred_iops.halfwidth, RP_IOPS));
	add(o, "waf", result_json_number(waf ? r->pred_waf.value : NAN, RP_WAF));
	add(o, "waf_halfwidth", result_json_number(waf ? r->pred_waf.halfwidth : NAN, RP_WAF));
	return o;
}

/*
 * The interval samples from the first random write: parallel arrays, so a
 * long run costs a few numbers per second rather than an object each.
 */
static struct json_object *intervals_json(const struct precondition_result *r)
{
	struct json_object *o = json_object_new_object(), *t = json_object_new_array();
	struct json_object *io = json_object_new_array(), *gb = json_object_new_array();

	for (size_t i = 0; i < r->nintervals; i++) {
		const struct pc_interval *x = &r->intervals[i];

		json_object_array_add(t, result_json_number(x->t_s, 3));
		json_object_array_add(io, result_json_number(x->dur_s > 0 ? (double)x->ios / x->dur_s : NAN, RP_IOPS));
		json_object_array_add(gb, result_json_number((double)x->written / 1e9, 6));
	}
	add(o, "samples_per_entry", json_object_new_int((int)(r->interval_stride ? r->interval_stride : 1)));
	add(o, "t_s", t);
	add(o, "iops", io);
	add(o, "gb_written", gb);
	return o;
}

struct json_object *point_json(const struct point_info *info, const struct precondition_result *r)
{
	struct json_object *p = json_object_new_object();
	struct json_object *fill = json_object_new_object();
	struct json_object *ss = json_object_new_object();
	struct json_object *window = NULL, *ts = json_object_new_array();

	add(p, "op_percent", result_json_number(info->op_percent, 2));
	add(p, "op_method", str_or_null(info->op_method));
	add(p, "usable_bytes", json_object_new_uint64(info->usable_bytes));
	add(p, "purge_method", str_or_null(info->purge_method));
	add(p, "drive_seconds", result_json_number(info->drive_seconds, RP_SECONDS));

	add(fill, "passes", json_object_new_int((int)r->fill.passes));
	add(fill, "bytes", json_object_new_uint64(r->fill.bytes));
	add(fill, "seconds", result_json_number(r->fill.passes ? r->fill.seconds : NAN, RP_SECONDS));
	add(fill, "mbps", result_json_number(r->fill.passes ? r->fill.mbps : NAN, RP_MBPS));
	add(fill, "cache_cliff", r->fill.cache_known ? json_object_new_boolean(r->fill.cache_seen) : NULL);
	add(fill, "cache_write_bytes",
	    r->fill.passes && r->fill.exhaust_bytes ? json_object_new_uint64(r->fill.exhaust_bytes) : NULL);
	add(p, "fill", fill);

	add(ss, "reached", json_object_new_boolean(r->reached));
	add(ss, "rounds", json_object_new_int((int)r->nrounds));
	if (r->window_valid) {
		window = json_object_new_array();
		json_object_array_add(window, json_object_new_int((int)r->window.first));
		json_object_array_add(window, json_object_new_int((int)r->window.last));
	}
	add(ss, "window", window);
	add(ss, "iops", result_json_number(r->window_valid ? r->window.mean : NAN, RP_IOPS));
	add(ss, "range_pct", result_json_number(r->window_valid ? r->window.range_pct : NAN, 2));
	add(ss, "slope_pct", result_json_number(r->window_valid ? r->window.slope_pct : NAN, 2));
	add(ss, "stop_reason", str_or_null(r->stop_reason));
	add(ss, "settled", json_object_new_boolean(r->settled));
	add(p, "steady_state", ss);

	add(p, "iops", result_json_number(r->nrounds ? r->iops : NAN, RP_IOPS));
	add(p, "mbps", result_json_number(r->nrounds ? r->mbps : NAN, RP_MBPS));
	add(p, "lat_us", lat_json(r->lat_mean_us, r->lat_p50_us, r->lat_p99_us, r->lat_p999_us, r->lat_p9999_us,
				  r->lat_max_us, true));
	add(p, "host_bytes_written", json_object_new_uint64(r->host_bytes_written));
	add(p, "media_bytes_written", r->media_known ? json_object_new_uint64(r->media_bytes_written) : NULL);
	add(p, "waf", result_json_number(r->media_known ? r->waf : NAN, RP_WAF));
	add(p, "waf_source", str_or_null(r->media_known ? info->waf_source : NULL));

	for (size_t i = 0; i < r->nrounds; i++) {
		const struct round_result *x = &r->rounds[i];
		struct json_object *o = json_object_new_object();

		add(o, "t_s", result_json_number(x->t_s, RP_SECONDS));
		add(o, "iops", result_json_number(x->iops, RP_IOPS));
		add(o, "mbps", result_json_number(x->mbps, RP_MBPS));
		add(o, "lat_us", lat_json(x->lat_mean_us, x->lat_p50_us, x->lat_p99_us, x->lat_p999_us,
					  x->lat_p9999_us, x->lat_max_us, true));
		add(o, "waf", result_json_number(x->media_known ? x->waf : NAN, RP_WAF));
		json_object_array_add(ts, o);
	}
	add(p, "timeseries", ts);
	if (info->method)
		add(p, "method", json_object_new_string(info->method));
	if (r->predicted)
		add(p, "prediction", prediction_json(r));
	add(p, "intervals", intervals_json(r));
	return p;
}

int sweep_plan_json_add(struct json_object *s, const struct sweep_plan *plan, enum op_method m)
{
	struct json_object *ops = json_object_new_array();
	int rc = 0;

	if (!ops)
		return -ENOMEM;
	for (size_t i = 0; i < plan->ngrid; i++)
		rc |= json_object_array_add(ops, result_json_number(plan->grid[i], 2));
	rc |= json_object_object_add(s, "plan", json_object_new_string(plan->fixed ? "list" : "adaptive"));
	rc |= json_object_object_add(s, plan->fixed ? "op_list" : "op_grid", ops);
	rc |= json_object_object_add(s, "resolution", plan->fixed ? NULL : result_json_number(plan->resolution, 2));
	/* Only when asked: a default sweep's document stays as it was. */
	if (plan->interpolate)
		rc |= json_object_object_add(s, "bracket", json_object_new_string("interpolate"));
	rc |= json_object_object_add(s, "op_method", json_object_new_string(op_method_name(m)));
	return rc ? -ENOMEM : 0;
}

int precondition_settings_json_add(struct json_object *s, const struct precondition_settings *ps,
				   const char *purge_method, const struct workload *shape)
{
	int rc = 0;

	rc |= json_object_object_add(s, "purge_method", str_or_null(purge_method));
	rc |= json_object_object_add(s, "fill_passes", json_object_new_int((int)ps->fill_passes));
	rc |= json_object_object_add(s, "bs", json_object_new_int64(ps->bs));
	rc |= json_object_object_add(s, "qd", json_object_new_int((int)ps->qd));
	rc |= json_object_object_add(s, "round_s", result_json_number((double)ps->round_ns / 1e9, RP_SECONDS));
	rc |= json_object_object_add(s, "max_rounds", json_object_new_int((int)ps->max_rounds));
	rc |= json_object_object_add(s, "max_writes",
				     ps->max_writes > 0 ? result_json_number(ps->max_writes, 2) : NULL);
	rc |= json_object_object_add(s, "min_writes", result_json_number(ps->min_writes, 2));
	rc |= json_object_object_add(s, "seed", json_object_new_uint64(ps->seed));
	if (shape)
		rc |= result_workload_shape_json(s, shape);
	return rc ? -ENOMEM : 0;
}

static const char *const kind_names[] = {
	[KNEE_FOUND] = "knee",
	[KNEE_OP_NO_HELP] = "op-does-not-help",
	[KNEE_KEEPS_PAYING] = "more-op-keeps-paying",
	[KNEE_TOO_FEW] = "too-few-points",
};

/* The recommendation against the least OP measured: null where not measured. */
static void add_baseline(struct json_object *o, const struct knee_result *k)
{
	struct json_object *b = NULL, *g = NULL;

	if (k->has_baseline) {
		b = json_object_new_object();
		add(b, "op_percent", result_json_number(k->baseline.op_percent, 2));
		add(b, "iops", result_json_number(k->baseline.iops, RP_IOPS));
		add(b, "waf", result_json_number(k->baseline.waf, RP_WAF));
		g = json_object_new_object();
		add(g, "iops_pct", result_json_number(k->gain_iops_pct, 1));
		add(g, "waf_saved", result_json_number(k->waf_saved, RP_WAF));
		add(g, "capacity_given_up_bytes", isnan(k->capacity_given_up_bytes) ? NULL :
		    json_object_new_int64((int64_t)k->capacity_given_up_bytes));
	}
	add(o, "baseline", b);
	add(o, "gain", g);
	add(o, "versus_baseline", k->has_baseline ? json_object_new_string(k->versus) : NULL);
}

struct json_object *knee_json(const struct knee_result *k)
{
	struct json_object *o = json_object_new_object();

	add(o, "op_percent", result_json_number(k->op_percent, 2));
	add(o, "recommended_op_percent", result_json_number(k->recommended_op_percent, 2));
	add(o, "reason", json_object_new_string(k->reason));
	add(o, "kind", json_object_new_string(kind_names[k->kind]));
	add(o, "rule", json_object_new_string(KNEE_RULE));
	add(o, "curvature_op_percent", result_json_number(k->curvature_op_percent, 2));
	add_baseline(o, k);
	return o;
}

/* What the knee needs of a saved point: the same numbers whether just measured or resumed. */
struct knee_point knee_point_json(struct json_object *p)
{
	return (struct knee_point){
		.op_percent = jnum(p, "op_percent"), .iops = jnum(p, "iops"), .waf = jnum(p, "waf"),
		.usable_bytes = (uint64_t)fmax(0, jnum(p, "usable_bytes")),
	};
}

/* A whole number of bytes or units as JSON: exact, so a page draws what the sweep recorded. */
static struct json_object *whole(double v)
{
	return v >= 0 && v < 9007199254740992.0 && v == floor(v) ? json_object_new_int64((int64_t)v)
								   : json_object_new_double(v);
}

/*
 * The analytic WA reference of t (a group: of its first member, the model
 * the page scales by the group's writes), as its backend answers it: null
 * when it cannot say (a real drive).
 */
static struct json_object *wa_reference_json(struct target *t)
{
	struct target_member m = { .index = 0 };
	struct target_wa_model w;
	struct json_object *o;

	if (target_has(t, TARGET_CAP_GROUP) && (target_control(t, TARGET_CTL_MEMBER, &m) || !(t = m.member)))
		return NULL;
	if (target_control(t, TARGET_CTL_WA_MODEL, &w) || !(w.native_bytes > 0) || !(w.line_units >= 1))
		return NULL;
	o = json_object_new_object();
	add(o, "gc", json_object_new_string(w.fifo ? "FIFO" : "greedy"));
	add(o, "native_bytes", whole(w.native_bytes));
	add(o, "line_units", whole(w.line_units));
	return o;
}

int sweep_doc_start(struct sweep_doc *d, const char *command, struct target *t, struct json_object *settings,
		    struct json_object *saved, struct knee_point *kp, size_t *n)
{
	struct json_object *pts;

	if (!(d->doc = result_doc_new_kind(RESULT_KIND_SWEEP, command, t))) {
		json_object_put(settings);
		return -ENOMEM;
	}
	add(d->doc, "settings", settings);
	if (target_has(t, TARGET_CAP_GROUP))
		add(d->doc, "group", raid_group_json(t));
	add(d->doc, "wa_reference", wa_reference_json(t));
	if (!(d->points = json_object_new_array()))
		return -ENOMEM;
	add(d->doc, "points", d->points);
	if (saved && json_object_object_get_ex(saved, "points", &pts))
		for (size_t i = 0; i < json_object_array_length(pts) && *n < SWEEP_MAX_POINTS; i++) {
			struct json_object *p = json_object_array_get_idx(pts, i);

			if (isnan(jnum(p, "op_percent")))
				continue;
			json_object_array_add(d->points, json_object_get(p));
			kp[(*n)++] = knee_point_json(p);
		}
	return 0;
}

/* How a fresh point was built (issue 28), or why it was measured the full way instead. */
static struct json_object *construction_json(const struct sweep_point *pt)
{
	struct json_object *o = json_object_new_object();
	bool c = pt->constructed;

	add(o, "bytes_written", c ? json_object_new_uint64(pt->construct_bytes) : NULL);
	add(o, "native_bytes", c ? whole(round(pt->native_bytes)) : NULL);
	add(o, "native_uncertainty_bytes", c ? whole(round(pt->native_sigma)) : NULL);
	add(o, "native_source", c && pt->native_source ? json_object_new_string(pt->native_source) : NULL);
	add(o, "round_writes", c && pt->round_writes > 0 ? result_json_number(pt->round_writes, 4) : NULL);
	add(o, "cache_write_bytes", c ? json_object_new_uint64(pt->pc.fill.exhaust_bytes) : NULL);
	add(o, "fallback", pt->construct_why[0] ? json_object_new_string(pt->construct_why) : NULL);
	if (c && pt->construct_members) {
		/* A group's: each member written the pattern of its own flash. */
		struct json_object *ms = json_object_new_array();

		for (unsigned i = 0; i < pt->construct_members; i++) {
			const struct sweep_member_built *b = &pt->member_built[i];
			struct json_object *m = json_object_new_object();

			add(m, "bytes_written", json_object_new_uint64(b->bytes));
			add(m, "native_bytes", whole(round(b->native_bytes)));
			add(m, "native_uncertainty_bytes", whole(round(b->native_sigma)));
			add(m, "native_source", b->source ? json_object_new_string(b->source) : NULL);
			json_object_array_add(ms, m);
		}
		add(o, "members", ms);
	}
	return o;
}

void sweep_doc_calib(const struct sweep_doc *d, struct sweep_calib *c, struct target *t)
{
	for (size_t i = 0; i < json_object_array_length(d->points); i++) {
		struct json_object *p = json_object_array_get_idx(d->points, i), *ts = jget(p, "timeseries");
		struct json_object *ms = jget(p, "members");
		size_t n = ts ? json_object_array_length(ts) : 0;
		double lo = INFINITY, hi = -INFINITY, waf = jnum(p, "waf");
		struct sweep_saved_point sp = {
			.op_percent = jnum(p, "op_percent"), .method = jstr(p, "method"),
			.reached = jtrue(jget(p, "steady_state"), "reached"), .usable_bytes = jnum(p, "usable_bytes"),
			.waf = waf, .fallback = jstr(jget(p, "construction"), "fallback"),
			.cache_known = jget(jget(p, "fill"), "cache_cliff") != NULL,
			.cache_seen = jtrue(jget(p, "fill"), "cache_cliff"),
			.cache_bytes = jnum(jget(p, "fill"), "cache_write_bytes"),
		};

		/* The window's spread, as sweep_calib_full reads it from the rounds. */
		for (size_t k = n > STEADY_WINDOW ? n - STEADY_WINDOW : 0; k < n; k++) {
			double w = jnum(json_object_array_get_idx(ts, k), "waf");

			lo = isfinite(w) ? fmin(lo, w) : lo;
			hi = isfinite(w) ? fmax(hi, w) : hi;
		}
		sp.spread = isfinite(hi) && waf > 0 ? (hi - lo) / 2 / waf : 0;
		for (size_t k = 0; ms && k < json_object_array_length(ms) && k < TARGET_GROUP_MAX_MEMBERS; k++)
			sp.member_waf[sp.members++] = jnum(json_object_array_get_idx(ms, k), "waf");
		sweep_calib_replay(c, t, &sp);
	}
}

struct json_object *sweep_doc_point(const struct sweep_doc *d, const struct target *t, enum op_method m, double op,
				    const double *member_op, const struct sweep_point *pt, int *members_ret)
{
	struct point_info info = {
		.op_percent = op, .op_method = op_method_name(m), .usable_bytes = pt->usable_bytes,
		.purge_method = pt->purge_method[0] ? pt->purge_method : NULL,
		.drive_seconds = pt->drive_seconds,
		.waf_source = target_has(t, TARGET_CAP_SIMULATED) ? "simulator" : "media-counter",
		.method = d->point_method ? sweep_point_method(pt) : NULL,
	};
	struct json_object *pj = point_json(&info, &pt->pc);

	if (pj && d->point_method && (pt->constructed || pt->construct_why[0]))
		add(pj, "construction", construction_json(pt));
	*members_ret = 0;
	if (pj && d->members)
		*members_ret = raid_rounds_json_add(d->members, pj, pt->pc.nrounds);
	if (pj && member_op)
		op_member_json_annotate(pj, t, member_op);
	return pj;
}

void sweep_doc_add(struct sweep_doc *d, struct json_object *pj, struct knee_point *kp)
{
	json_object_array_add(d->points, pj);
	*kp = knee_point_json(pj);
}

double sweep_doc_seconds(const struct sweep_doc *d)
{
	double s = 0;

	for (size_t i = 0; i < json_object_array_length(d->points); i++)
		s += jnum(json_object_array_get_idx(d->points, i), "drive_seconds");
	return s;
}

int sweep_doc_save(struct sweep_doc *d, const struct knee_point *kp, size_t n, const char *dir, bool complete,
		   char *err, size_t errlen)
{
	struct knee_result k;

	knee_find(kp, n, &k);
	add(d->doc, "knee", knee_json(&k));
	endurance_json_annotate(d->doc, d->endurance);
	add(d->doc, "complete", json_object_new_boolean(complete));
	add(d->doc, "virtual_seconds", d->virtual_time ? result_json_number(sweep_doc_seconds(d), RP_SECONDS) : NULL);
	return result_write_json(dir, "result.json", d->doc, err, errlen);
}

static int compare_points(const void *a, const void *b)
{
	double x = jnum(*(struct json_object *const *)a, "op_percent");
	double y = jnum(*(struct json_object *const *)b, "op_percent");

	return (x > y) - (x < y);
}

void sweep_doc_finish(struct sweep_doc *d, const struct target *t)
{
	json_object_array_sort(d->points, compare_points);
	result_doc_finish(d->doc, t);
}

void sweep_doc_free(struct sweep_doc *d)
{
	json_object_put(d->doc);
	d->doc = d->points = NULL;
}
