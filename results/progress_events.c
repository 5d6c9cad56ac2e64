/* SPDX-License-Identifier: MIT */
/* The --events lines and their figures (results/progress_events.h). */
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "engine/workload.h"
#include "precondition/precondition.h"
#include "precondition/steady.h"
#include "results/progress_events.h"
#include "results/result_json.h"

static struct json_object *count_or_null(size_t n)
{
	return n ? json_object_new_int64((int64_t)n) : NULL;
}

struct json_object *progress_event_json(const struct progress_status *s, const char *event,
					struct json_object *figures, double realtime_s)
{
	struct json_object *o = json_object_new_object();

	if (!o) {
		json_object_put(figures);
		return NULL;
	}
	json_object_object_add(o, "t", s->virtual_time ? NULL : result_json_number(realtime_s, 3));
	if (s->virtual_time) {
		json_object_object_add(o, "virtual_s", result_json_number(s->now_s, RP_SECONDS));
		json_object_object_add(o, "wall_s", result_json_number(s->wall_s, 3));
	} else {
		json_object_object_add(o, "elapsed_s", result_json_number(s->now_s, 3));
	}
	json_object_object_add(o, "event", json_object_new_string(event));
	json_object_object_add(o, "command", json_object_new_string(s->command));
	json_object_object_add(o, "target", json_object_new_string(s->target));
	json_object_object_add(o, "phase", s->phase[0] ? json_object_new_string(s->phase) : NULL);
	json_object_object_add(o, "point", count_or_null(s->point));
	json_object_object_add(o, "points", json_object_new_int64((int64_t)s->points));
	json_object_object_add(o, "points_approx", json_object_new_boolean(s->points_approx));
	json_object_object_add(o, "op_percent", s->point ? result_json_number(s->op, 2) : NULL);
	json_object_object_add(o, "round", count_or_null(s->round));
	json_object_object_add(o, "fraction", result_json_number(s->fraction, 4));
	json_object_object_add(o, "eta_s", result_json_number(s->eta_s, 1));
	if (s->virtual_time)
		json_object_object_add(o, "eta_wall_s", result_json_number(s->eta_wall_s, 1));
	if (figures) {
		json_object_object_foreach(figures, k, v)
			json_object_object_add(o, k, json_object_get(v));
		json_object_put(figures);
	}
	return o;
}

struct json_object *progress_figures_progress(const struct progress_status *s)
{
	struct json_object *f = json_object_new_object();

	json_object_object_add(f, "phase_fraction", result_json_number(s->phase_fraction, 4));
	json_object_object_add(f, "mbps", result_json_number(s->mbps, RP_MBPS));
	json_object_object_add(f, "iops", result_json_number(s->iops, RP_IOPS));
	return f;
}

struct json_object *progress_figures_phase_end(const char *phase, double seconds, uint64_t bytes)
{
	struct json_object *f = json_object_new_object();

	json_object_object_add(f, "seconds", result_json_number(seconds, RP_SECONDS));
	if (!strcmp(phase, "probe") || !strcmp(phase, "prefill") || !strcmp(phase, "recovery") ||
	    !strcmp(phase, "fill") || !strcmp(phase, "run"))
		json_object_object_add(f, "bytes", json_object_new_int64((int64_t)bytes));
	return f;
}

struct json_object *progress_figures_point_end(double op, double iops, double waf, bool reached, size_t rounds)
{
	struct json_object *f = json_object_new_object();

	json_object_object_add(f, "op_percent", result_json_number(op, 2));
	json_object_object_add(f, "iops", result_json_number(iops, RP_IOPS));
	json_object_object_add(f, "waf", result_json_number(waf, RP_WAF));
	json_object_object_add(f, "reached", json_object_new_boolean(reached));
	json_object_object_add(f, "rounds", json_object_new_int64((int64_t)rounds));
	return f;
}

struct json_object *progress_figures_fill(uint64_t bytes, double mbps, double seconds)
{
	struct json_object *f = json_object_new_object();

	json_object_object_add(f, "bytes", json_object_new_int64((int64_t)bytes));
	json_object_object_add(f, "mbps", result_json_number(mbps, RP_MBPS));
	json_object_object_add(f, "drive_seconds", result_json_number(seconds, RP_SECONDS));
	return f;
}

struct json_object *progress_figures_round(const struct round_result *r, const struct steady_window *w)
{
	struct json_object *f = json_object_new_object();

	json_object_object_add(f, "iops", result_json_number(r->iops, RP_IOPS));
	json_object_object_add(f, "mbps", result_json_number(r->mbps, RP_MBPS));
	json_object_object_add(f, "lat_mean_us", result_json_number(r->lat_mean_us, RP_LAT_US));
	json_object_object_add(f, "lat_p99_us", result_json_number(r->lat_p99_us, RP_LAT_US));
	json_object_object_add(f, "waf", result_json_number(r->media_known ? r->waf : NAN, RP_WAF));
	json_object_object_add(f, "range_pct", result_json_number(w ? w->range_pct : NAN, 2));
	json_object_object_add(f, "slope_pct", result_json_number(w ? w->slope_pct : NAN, 2));
	json_object_object_add(f, "steady", json_object_new_boolean(w && w->reached));
	return f;
}

struct json_object *progress_figures_step(const struct run_result *r, uint64_t chunk)
{
	struct json_object *f = json_object_new_object(), *lat = json_object_new_object();

	json_object_object_add(f, "qd", json_object_new_int64(r->qd));
	if (chunk)
		json_object_object_add(f, "chunk_bytes", json_object_new_int64((int64_t)chunk));
	json_object_object_add(f, "iops", result_json_number(r->iops, RP_IOPS));
	json_object_object_add(f, "mbps", result_json_number(r->mbps, RP_MBPS));
	json_object_object_add(lat, "p50", result_json_number(r->lat_p50_us, RP_LAT_US));
	json_object_object_add(lat, "p99", result_json_number(r->lat_p99_us, RP_LAT_US));
	json_object_object_add(f, "lat_us", lat);
	json_object_object_add(f, "waf", result_json_number(r->waf, RP_WAF));
	json_object_object_add(f, "seconds", result_json_number((double)r->elapsed_ns / 1e9, RP_SECONDS));
	return f;
}

struct json_object *progress_figures_stop(bool interrupted)
{
	struct json_object *f = json_object_new_object();

	json_object_object_add(f, "interrupted", json_object_new_boolean(interrupted));
	return f;
}
