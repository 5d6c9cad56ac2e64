/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include <json-c/json.h>

#include "engine/workload.h"
#include "profiler/pts.h"
#include "results/json_get.h"
#include "results/pts_json.h"
#include "results/result_json.h"

#define add json_object_object_add

struct json_object *pts_settings_json(const struct pts_settings *s)
{
	struct json_object *o = json_object_new_object();

	add(o, "test", json_object_new_string(pts_test_name(s->test)));
	add(o, "cell_s", result_json_number((double)s->cell_ns / 1e9, RP_SECONDS));
	add(o, "max_rounds", json_object_new_int((int)s->max_rounds));
	add(o, "qd", json_object_new_int((int)s->qd));
	add(o, "fill_passes", json_object_new_int((int)s->fill_passes));
	add(o, "min_writes", result_json_number(s->min_writes, 2));
	add(o, "purge", json_object_new_boolean(s->purge));
	add(o, "purge_method", s->purge_method ? json_object_new_string(s->purge_method) : NULL);
	add(o, "usable_bytes", json_object_new_uint64(s->usable_bytes));
	add(o, "seed", json_object_new_uint64(s->seed));
	/* A test's own settings: only its own keys. */
	if (s->test == PTS_WSAT) {
		add(o, "writes", result_json_number(s->wsat_writes, 2));
		add(o, "time_cap_s", s->time_cap_ns ? result_json_number((double)s->time_cap_ns / 1e9, RP_SECONDS) : NULL);
	} else if (s->test == PTS_HIR) {
		add(o, "reps", json_object_new_int((int)s->hir_reps));
	} else if (s->test == PTS_XSR) {
		add(o, "writes", result_json_number(s->xsr_writes, 2));
	}
	/* A suite's tests, in its order (docs/pts.md): a reader finds those not run yet. */
	if (s->nsuite) {
		struct json_object *suite = json_object_new_array();

		for (size_t i = 0; i < s->nsuite; i++)
			json_object_array_add(suite, json_object_new_string(pts_test_name(s->suite[i])));
		add(o, "suite", suite);
	}
	return o;
}

static struct json_object *steady_json(const struct pts_stage *st)
{
	struct json_object *o = json_object_new_object(), *window = NULL;
	const struct steady_window *w = &st->window;
	bool v = st->window_valid;

	add(o, "tracking", json_object_new_string(pts_metric_name(st->metric)));
	add(o, "tracked_cell", json_object_new_int((int)st->tracked));
	add(o, "reached", json_object_new_boolean(st->reached));
	add(o, "rounds", json_object_new_int((int)st->nrounds));
	add(o, "warmup_rounds", json_object_new_int((int)st->warmup_rounds));
	if (v) {
		window = json_object_new_array();
		json_object_array_add(window, json_object_new_int((int)w->first));
		json_object_array_add(window, json_object_new_int((int)w->last));
	}
	add(o, "window", window);
	add(o, "mean", result_json_number(v ? w->mean : NAN, RP_LAT_US));
	add(o, "range_pct", result_json_number(v ? w->range_pct : NAN, 2));
	add(o, "slope_pct", result_json_number(v ? w->slope_pct : NAN, 2));
	/* The least-squares line: y = mean + slope x (round - middle of the window). */
	add(o, "slope", result_json_number(v ? w->slope : NAN, RP_LAT_US));
	add(o, "stop_reason", st->stop_reason ? json_object_new_string(st->stop_reason) : NULL);
	return o;
}

static struct json_object *cell_json(const struct pts_cell_spec *cs, const struct pts_total *t)
{
	static const struct pts_total none = { NAN, NAN, NAN, NAN, NAN, 0, 0 };

	struct json_object *o = json_object_new_object(), *lat = json_object_new_object();

	/* A stage not finished has no figures over a window: never counted (t NULL). */
	t = t ? t : &none;
	add(o, "rw", json_object_new_string(workload_rw_name(cs->rw)));
	add(o, "read_pct", json_object_new_int((int)cs->read_pct));
	/* A cell of an access specification draws its sizes from it: no one size. */
	add(o, "bs", cs->workload ? NULL : json_object_new_int64(cs->bs));
	add(o, "iops", result_json_number(t->iops, RP_IOPS));
	add(o, "mbps", result_json_number(t->mbps, RP_MBPS));
	add(lat, "mean", result_json_number(t->lat_mean_us, RP_LAT_US));
	add(lat, "max", result_json_number(t->lat_max_us, RP_LAT_US));
	add(lat, LAT_KEY_P99999, result_json_number(t->lat_p99999_us, RP_LAT_US));
	add(o, "lat_us", lat);
	add(o, "ios", json_object_new_uint64(t->ios));
	/* Measured: the share of the window's I/Os that read (the mix as run). */
	add(o, "read_share_pct", result_json_number(t->ios ? 100.0 * (double)t->read_ios / (double)t->ios : NAN, 3));
	if (cs->workload)
		add(o, "workload", json_object_new_string(cs->workload));
	if (cs->qd)
		add(o, "qd", json_object_new_int((int)cs->qd));
	if (cs->threads) {
		add(o, "threads", json_object_new_int((int)cs->threads));
		add(o, "thread_qd", json_object_new_int((int)(cs->qd / cs->threads)));
	}
	return o;
}

static struct json_object *round_json(const struct pts_stage *st, size_t k)
{
	struct json_object *o = json_object_new_object();
	struct json_object *a[3] = { json_object_new_array(), json_object_new_array(), json_object_new_array() };

	add(o, "tracked", result_json_number(st->track[k], RP_LAT_US));
	add(o, "written_bytes", json_object_new_uint64(st->written[k]));
	for (size_t c = 0; c < st->ncells; c++) {
		const struct pts_cell *pc = &st->rounds[k * st->ncells + c];

		json_object_array_add(a[0], result_json_number(pc->iops, RP_IOPS));
		json_object_array_add(a[1], result_json_number(pc->mbps, RP_MBPS));
		json_object_array_add(a[2], result_json_number(pc->lat_mean_us, RP_LAT_US));
	}
	add(o, "iops", a[0]);
	add(o, "mbps", a[1]);
	add(o, "lat_mean_us", a[2]);
	return o;
}

/* A stage's object; one not finished has no cell figures and carries "incomplete": true (docs/pts.md). */
static struct json_object *stage_json(const struct pts_stage *st)
{
	bool done = pts_stage_finished(st);

	struct json_object *o = json_object_new_object(), *fill = json_object_new_object();
	struct json_object *cells = json_object_new_array(), *rounds = json_object_new_array();

	add(o, "purge_method", json_object_new_string(st->purge_method));
	add(fill, "passes", json_object_new_int((int)st->fill.passes));
	add(fill, "bytes", json_object_new_uint64(st->fill.bytes));
	add(fill, "seconds", result_json_number(st->fill.passes ? st->fill.seconds : NAN, RP_SECONDS));
	add(fill, "mbps", result_json_number(st->fill.passes ? st->fill.mbps : NAN, RP_MBPS));
	add(o, "fill", fill);
	add(o, "qd", json_object_new_int((int)st->qd));
	add(o, "steady_state", steady_json(st));
	for (size_t c = 0; c < st->ncells; c++)
		json_object_array_add(cells, cell_json(&st->cells[c], done ? &st->totals[c] : NULL));
	add(o, "cells", cells);
	for (size_t k = 0; k < st->nrounds; k++)
		json_object_array_add(rounds, round_json(st, k));
	add(o, "rounds", rounds);
	/* Its purge to its end: a resumed test's drive_seconds adds the kept stages' (whole microseconds). */
	add(o, "seconds", result_json_number((double)st->us / 1e6, RP_SECONDS));
	if (!done)
		add(o, "incomplete", json_object_new_boolean(1));
	return o;
}

static struct json_object *phase_json(const struct pts_phase *ph)
{
	struct json_object *o = json_object_new_object(), *lat = json_object_new_object();

	add(o, "name", json_object_new_string(ph->name));
	add(o, "rw", json_object_new_string(workload_rw_name(ph->rw)));
	add(o, "bs", json_object_new_int64(ph->bs));
	add(o, "qd", json_object_new_int((int)ph->qd));
	add(o, "burst_s", result_json_number(ph->burst_s, RP_SECONDS));
	add(o, "idle_s", result_json_number(ph->idle_s, RP_SECONDS));
	add(o, "reps", json_object_new_int((int)ph->reps));
	add(o, "first_sample", json_object_new_uint64(ph->first));
	add(o, "samples", json_object_new_uint64(ph->n));
	add(o, "iops", result_json_number(ph->iops, RP_IOPS));
	add(o, "mbps", result_json_number(ph->mbps, RP_MBPS));
	add(lat, "mean", result_json_number(ph->lat_mean_us, RP_LAT_US));
	add(lat, LAT_KEY_P999, result_json_number(ph->lat_p999_us, RP_LAT_US));
	add(lat, LAT_KEY_P9999, result_json_number(ph->lat_p9999_us, RP_LAT_US));
	add(lat, LAT_KEY_P99999, result_json_number(ph->lat_p99999_us, RP_LAT_US));
	add(lat, "max", result_json_number(ph->lat_max_us, RP_LAT_US));
	add(o, "lat_us", lat);
	add(o, "ios", json_object_new_uint64(ph->ios));
	add(o, "bytes", json_object_new_uint64(ph->bytes));
	add(o, "seconds", result_json_number(ph->seconds, RP_SECONDS));
	add(o, "level_iops", result_json_number(ph->level_iops, RP_IOPS));
	add(o, "settle_s", result_json_number(ph->settle_s, RP_SECONDS));
	return o;
}

/* The samples [from, to) of r as arrays, one per figure. */
static struct json_object *samples_json(const struct pts_result *r, size_t from, size_t to)
{
	struct json_object *sm = json_object_new_object();
	struct json_object *a[7];

	for (size_t i = 0; i < 7; i++)
		a[i] = json_object_new_array();
	for (size_t i = from; i < to; i++) {
		const struct pts_sample *x = &r->samples[i];

		json_object_array_add(a[0], result_json_number(x->t_s, RP_SECONDS));
		json_object_array_add(a[1], result_json_number(x->dur_s, RP_SECONDS));
		json_object_array_add(a[2], result_json_number(x->iops, RP_IOPS));
		json_object_array_add(a[3], result_json_number(x->mbps, RP_MBPS));
		json_object_array_add(a[4], result_json_number(x->lat_mean_us, RP_LAT_US));
		json_object_array_add(a[5], json_object_new_uint64(x->written));
		json_object_array_add(a[6], json_object_new_int((int)x->phase));
	}
	add(sm, "t_s", a[0]);
	add(sm, "dur_s", a[1]);
	add(sm, "iops", a[2]);
	add(sm, "mbps", a[3]);
	add(sm, "lat_mean_us", a[4]);
	add(sm, "written_bytes", a[5]);
	add(sm, "phase", a[6]);
	return sm;
}

/*
 * A time-series test's part: its purge, how it stopped, its finished
 * phases and their samples as arrays; the phase it was cut in (or is
 * running) apart as incomplete_phase, its samples as incomplete_samples,
 * never counted.
 */
static void series_json(struct json_object *o, const struct pts_result *r)
{
	struct json_object *se = json_object_new_object(), *phases = json_object_new_array();
	size_t done = 0;

	while (done < r->nphases && r->phases[done].done)
		done++;
	add(se, "purge_method", r->purge_method[0] ? json_object_new_string(r->purge_method) : NULL);
	add(se, "stop_reason", r->series_stop ? json_object_new_string(r->series_stop) : NULL);
	for (size_t i = 0; i < done; i++)
		json_object_array_add(phases, phase_json(&r->phases[i]));
	add(se, "phases", phases);
	/* The finished phases' samples: a prefix, since phases run one after another. */
	add(se, "samples", samples_json(r, 0, done < r->nphases ? r->phases[done].first : r->nsamples));
	if (done < r->nphases && (r->nsamples > r->phases[done].first || r->phases[done].ios)) {
		struct pts_phase ph = r->phases[done];
		struct json_object *cut;

		/* Its samples are incomplete_samples' (first_sample 0), never the finished phases'. */
		ph.first = 0;
		ph.n = r->nsamples - r->phases[done].first;
		cut = phase_json(&ph);
		add(cut, "incomplete", json_object_new_boolean(1));
		add(se, "incomplete_phase", cut);
		add(se, "incomplete_samples", samples_json(r, r->phases[done].first, r->nsamples));
	}
	add(o, "series", se);
}

/* DIRTH's points: the pass's cells of max, mid and min IOPS with their histograms. */
static struct json_object *dirth_json(const struct pts_dirth *d)
{
	struct json_object *o = json_object_new_object(), *points = json_object_new_array(), *edges;

	edges = json_object_new_array();
	for (unsigned i = 0; i < PTS_DIRTH_BINS; i++)
		json_object_array_add(edges, json_object_new_int64(i ? 1ll << (i - 1) : 0));
	add(o, "bin_low_us", edges);
	for (size_t i = 0; i < 3; i++) {
		const struct pts_dirth_point *p = &d->points[i];
		struct json_object *x = json_object_new_object(), *lat = json_object_new_object();
		struct json_object *bins = json_object_new_array();

		add(x, "point", json_object_new_string(pts_dirth_point_names[i]));
		add(x, "cell", json_object_new_int((int)p->cell));
		add(x, "iops", result_json_number(p->iops, RP_IOPS));
		add(lat, "mean", result_json_number(p->lat_mean_us, RP_LAT_US));
		add(lat, "p99", result_json_number(p->lat_p99_us, RP_LAT_US));
		add(lat, "p99_99", result_json_number(p->lat_p9999_us, RP_LAT_US));
		add(lat, LAT_KEY_P99999, result_json_number(p->lat_p99999_us, RP_LAT_US));
		add(lat, "max", result_json_number(p->lat_max_us, RP_LAT_US));
		add(x, "lat_us", lat);
		add(x, "ios", json_object_new_uint64(p->ios));
		for (unsigned b = 0; b < PTS_DIRTH_BINS; b++)
			json_object_array_add(bins, json_object_new_uint64(p->bins[b]));
		add(x, "histogram", bins);
		json_object_array_add(points, x);
	}
	add(o, "points", points);
	return o;
}

static void dirth_section(struct json_object *o, const struct pts_result *r)
{
	/* Picked from the pass: none while the pass is not finished. */
	bool pass = r->nstages > 1 && pts_stage_finished(&r->stages[1]);

	add(o, "dirth", r->dirth.valid && pass ? dirth_json(&r->dirth) : NULL);
}

/*
 * What each test adds to the "pts" body beside its stages, by test (NULL:
 * nothing): a new test appends its row.
 */
static void (*const sections[PTS_TEST_COUNT])(struct json_object *o, const struct pts_result *r) = {
	[PTS_WSAT] = series_json,
	[PTS_HIR] = series_json,
	[PTS_XSR] = series_json,
	[PTS_DIRTH] = dirth_section,
};

struct json_object *pts_json(const struct pts_result *r, struct json_object *kept)
{
	struct json_object *o = json_object_new_object(), *stages = json_object_new_array();

	add(o, "test", json_object_new_string(pts_test_name(r->test)));
	add(o, "drive_seconds", result_json_number(r->seconds, RP_SECONDS));
	/* A resumed test's finished stages as saved, then its own. */
	for (size_t i = 0; i < r->first_stage && i < json_object_array_length(kept); i++)
		json_object_array_add(stages, json_object_get(json_object_array_get_idx(kept, i)));
	for (size_t i = r->first_stage; i < r->nstages; i++) {
		/* The stage the test is in (or was cut in) apart, as sweep's incomplete_point. */
		if (!pts_stage_finished(&r->stages[i]))
			add(o, "incomplete_stage", stage_json(&r->stages[i]));
		else
			json_object_array_add(stages, stage_json(&r->stages[i]));
	}
	add(o, "stages", stages);
	add(o, "complete", json_object_new_boolean(r->complete));
	if ((unsigned)r->test < PTS_TEST_COUNT && sections[r->test])
		sections[r->test](o, r);
	return o;
}

uint64_t pts_json_stages_us(struct json_object *stages, size_t n)
{
	uint64_t us = 0;

	for (size_t i = 0; i < n && i < json_object_array_length(stages); i++) {
		double v = jnum(json_object_array_get_idx(stages, i), "seconds");

		us += isfinite(v) && v > 0 && v <= PTS_STAGE_SECONDS_MAX ? (uint64_t)llround(v * 1e6) : 0;
	}
	return us;
}

/* v as the document spells it, into buf ("absent" when missing). */
static const char *value_text(struct json_object *o, const char *key, char *buf, size_t len)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return "absent";
	snprintf(buf, len, "%s", json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
	return buf;
}

int pts_settings_check(struct json_object *saved, const struct pts_settings *s, char *err, size_t errlen)
{
	struct json_object *now = pts_settings_json(s);
	/* Both as read from text: a number compares as the document spells it, not in the precision it ran with. */
	struct json_object *given = json_tokener_parse(json_object_to_json_string_ext(now, JSON_C_TO_STRING_PLAIN));
	const char *key = NULL;
	char a[128], b[128];

	json_object_put(now);
	if (!given || !json_object_is_type(saved, json_type_object)) {
		snprintf(err, errlen, given ? "it has no settings" : "out of memory");
		json_object_put(given);
		return given ? -EINVAL : -ENOMEM;
	}
	/* A key of either side that the other lacks or spells otherwise (a null is NULL on both). */
	json_object_object_foreach(given, k, v) {
		if (!key && !json_object_equal(v, jget(saved, k)))
			key = k;
	}
	json_object_object_foreach(saved, k2, v2) {
		(void)v2;
		if (!key && !json_object_object_get_ex(given, k2, NULL))
			key = k2;
	}
	if (key)
		snprintf(err, errlen, "settings.%s is %s there, %s here", key, value_text(saved, key, a, sizeof(a)),
			 value_text(given, key, b, sizeof(b)));
	json_object_put(given);
	return key ? -EINVAL : 0;
}
