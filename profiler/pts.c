/* SPDX-License-Identifier: MIT */
/* The SNIA PTS matrix tests (profiler/pts.h): purge, fill, rounds of every cell to the steady window. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/target.h"
#include "engine/access_spec.h"
#include "engine/histogram.h"
#include "profiler/pts.h"
#include "profiler/pts_internal.h"
#include "profiler/run_steps.h"

static const char *const metric_names[] = { "iops", "mbps", "lat_mean_us" };

/* The spec's mixes (read %) and sizes, in its order: mixes outer, sizes inner. */
static const unsigned iops_mixes[] = { 100, 95, 65, 50, 35, 5, 0 };
static const uint32_t iops_sizes[] = { 1024 * 1024, 128 * 1024, 64 * 1024, 32 * 1024,
				       16 * 1024,   8 * 1024,   4 * 1024,  512 };
static const unsigned lat_mixes[] = { 100, 65, 0 };
static const uint32_t lat_sizes[] = { 8 * 1024, 4 * 1024, 512 };
static const uint32_t tp_sizes[] = { 128 * 1024, 1024 * 1024 };

#define N(a) (sizeof(a) / sizeof((a)[0]))
/* Rounds in all, warm-up included: a drive that writes next to nothing stops somewhere. */
#define PTS_ROUNDS_MAX 10000

static void plan_iops(const struct pts_settings *s, struct pts_result *r);
static void plan_latency(const struct pts_settings *s, struct pts_result *r);
static void plan_throughput(const struct pts_settings *s, struct pts_result *r);

/* The tests: a row each, in the order of enum pts_test. */
static const struct pts_test_def pts_tests[PTS_TEST_COUNT] = {
	[PTS_IOPS] = { "iops", "random, 7 mixes x 8 sizes (56 cells); tracks 4k 0/100 IOPS", plan_iops,
		       pts_run_matrix, pts_matrix_seconds, true },
	[PTS_LATENCY] = { "latency", "random, 3 mixes x 3 sizes at QD 1; tracks 4k 0/100 mean", plan_latency,
			  pts_run_matrix, pts_matrix_seconds, true },
	[PTS_THROUGHPUT] = { "throughput", "sequential 100% read and write, 128k then 1024k", plan_throughput,
			     pts_run_matrix, pts_matrix_seconds, true },
	[PTS_WSAT] = { "wsat", "random 4k writes from the purge for 4x the span", pts_plan_wsat, pts_run_wsat,
		       pts_series_seconds },
	[PTS_HIR] = { "hir", "4k random writes to steady, then 5 s bursts with idle waits", pts_plan_hir,
		      pts_run_hir, pts_hir_seconds },
	[PTS_XSR] = { "xsr", "sequential 1024k, random 8k, sequential 1024k writes", pts_plan_xsr, pts_run_xsr,
		      pts_series_seconds },
	[PTS_CBW] = { "cbw", "the composite workload (snia-cbw: 0.5k-64k, 40/60, zones); tracks IOPS",
		      pts_plan_cbw, pts_run_matrix, pts_matrix_seconds, true },
	[PTS_DIRTH] = { "dirth", "random 8k: writes at T32 x Q32 to steady, then rounds of T x Q 32..1 at 65/35",
			pts_plan_dirth, pts_run_dirth, pts_dirth_seconds },
};

const struct pts_test_def *pts_test_def(enum pts_test t)
{
	return (unsigned)t < PTS_TEST_COUNT ? &pts_tests[t] : NULL;
}

const char *pts_test_name(enum pts_test t)
{
	return (unsigned)t < PTS_TEST_COUNT ? pts_tests[t].name : NULL;
}

int pts_test_parse(const char *s, enum pts_test *out)
{
	for (unsigned i = 0; s && i < PTS_TEST_COUNT; i++)
		if (!strcmp(s, pts_tests[i].name)) {
			*out = (enum pts_test)i;
			return 0;
		}
	return -EINVAL;
}

bool pts_stage_finished(const struct pts_stage *st)
{
	return st->stop_reason && strcmp(st->stop_reason, "interrupted") && strcmp(st->stop_reason, "error");
}

const char *pts_metric_name(enum pts_metric m)
{
	return (unsigned)m < N(metric_names) ? metric_names[m] : "?";
}

static void random_matrix(struct pts_stage *st, const unsigned *mixes, size_t nm, const uint32_t *sizes, size_t ns)
{
	st->ncells = 0;
	for (size_t m = 0; m < nm; m++)
		for (size_t b = 0; b < ns; b++) {
			struct pts_cell_spec *c = &st->cells[st->ncells];

			c->read_pct = mixes[m];
			c->bs = sizes[b];
			c->rw = mixes[m] == 100 ? WL_RANDREAD : mixes[m] == 0 ? WL_RANDWRITE : WL_RANDRW;
			if (!mixes[m] && sizes[b] == 4096)
				st->tracked = st->ncells;
			st->ncells++;
		}
}

static void plan_iops(const struct pts_settings *s, struct pts_result *r)
{
	r->nstages = 1;
	random_matrix(&r->stages[0], iops_mixes, N(iops_mixes), iops_sizes, N(iops_sizes));
	r->stages[0].metric = PTS_M_IOPS;
	r->stages[0].qd = s->qd;
}

static void plan_latency(const struct pts_settings *s, struct pts_result *r)
{
	(void)s;
	r->nstages = 1;
	random_matrix(&r->stages[0], lat_mixes, N(lat_mixes), lat_sizes, N(lat_sizes));
	r->stages[0].metric = PTS_M_LAT_MEAN;
	r->stages[0].qd = 1;
}

static void plan_throughput(const struct pts_settings *s, struct pts_result *r)
{
	r->nstages = N(tp_sizes);
	for (size_t i = 0; i < N(tp_sizes); i++) {
		struct pts_stage *st = &r->stages[i];

		st->ncells = 2;
		st->cells[0] = (struct pts_cell_spec){ WL_READ, 100, tp_sizes[i] };
		st->cells[1] = (struct pts_cell_spec){ WL_WRITE, 0, tp_sizes[i] };
		st->tracked = 1;
		st->metric = PTS_M_MBPS;
		st->qd = s->qd;
	}
}

void pts_plan(const struct pts_settings *s, struct pts_result *r)
{
	const struct pts_test_def *d = pts_test_def(s->test);

	r->test = s->test;
	if (d)
		d->plan(s, r);
}

double pts_matrix_seconds(const struct pts_settings *s)
{
	struct pts_result r = { 0 };
	double cells = 0;

	pts_plan(s, &r);
	for (size_t i = 0; i < r.nstages; i++)
		cells += (double)r.stages[i].ncells;
	return cells * (double)(s->max_rounds ? s->max_rounds : PRECONDITION_MAX_ROUNDS) * (double)s->cell_ns / 1e9;
}

double pts_max_round_seconds(const struct pts_settings *s)
{
	const struct pts_test_def *d = pts_test_def(s->test);

	return d ? d->max_seconds(s) : NAN;
}

static double metric_of(const struct pts_cell *c, enum pts_metric m)
{
	return m == PTS_M_IOPS ? c->iops : m == PTS_M_MBPS ? c->mbps : c->lat_mean_us;
}

void pts_log_io(void *arg, const struct wl_io_record *io)
{
	struct pts_log_ctx *l = arg;

	l->where.io = io;
	l->s->io_log(&l->where, l->s->io_arg);
}

int pts_workload(struct target *t, const struct pts_settings *s, struct workload *w, struct pts_log_ctx *lg,
		 struct run_result *rr, char *err, size_t errlen)
{
	int ret;

	if (s->io_log) {
		w->io_done = pts_log_io;
		w->io_arg = lg;
	}
	ret = workload_run(t, w, rr, NULL, NULL, err, errlen);
	return !ret && rr->stopped_early ? -EINTR : ret;
}

/* Room for one more round in st.  0 or -ENOMEM. */
static int grow(struct pts_stage *st)
{
	size_t cap = st->cap ? st->cap * 2 : 8;
	struct pts_cell *rounds;
	double *track;
	uint64_t *written;

	if (st->nrounds < st->cap)
		return 0;
	rounds = realloc(st->rounds, cap * st->ncells * sizeof(*rounds));
	if (rounds)
		st->rounds = rounds;
	track = realloc(st->track, cap * sizeof(*track));
	if (track)
		st->track = track;
	written = realloc(st->written, cap * sizeof(*written));
	if (written)
		st->written = written;
	if (!rounds || !track || !written)
		return -ENOMEM;
	st->cap = cap;
	return 0;
}

/*
 * Cell c of round k: its workload for cell_ns.  A size the target cannot
 * address (0.5 KiB on a 4 KiB-LBA drive) is not measured: NAN, no I/O.
 * 0, -EINTR, or -errno with err set.
 */
static int run_cell(struct target *t, const struct pts_settings *s, struct pts_stage *st, unsigned char *pattern,
		    size_t si, size_t k, size_t c, char *err, size_t errlen)
{
	const struct pts_cell_spec *cs = &st->cells[c];
	struct pts_cell *out = &st->rounds[k * st->ncells + c];
	struct pts_log_ctx lc = { s, { (unsigned)si, (unsigned)k, (unsigned)c, NULL } };
	struct workload w = {
		.rw = cs->rw, .bs = cs->bs, .qd = st->qd, .time_ns = s->cell_ns, .span_bytes = s->usable_bytes,
		.seed = s->seed, .stream = k * st->ncells + c + 1, .read_pct = cs->read_pct,
		.stop_poll = s->poll, .stop_arg = s->poll_arg, .pattern_buf = pattern,
	};
	struct lat_hist **slot = &st->hist[c][k % STEADY_WINDOW];
	struct run_result rr = { 0 };
	int ret;

	*out = (struct pts_cell){ NAN, NAN, NAN, NAN, 0, 0 };
	free(*slot);
	*slot = NULL;
	if (!t->info.lba_bytes || cs->bs % t->info.lba_bytes)
		return 0;
	/* Nor a depth the target cannot keep in flight (DIRTH's 32 x 32 on a RAID group of 256). */
	if (cs->qd > t->ops->max_queue_depth)
		return 0;
	if (cs->workload)
		access_spec_apply(access_spec_find(cs->workload), &w);
	if (cs->qd)
		w.qd = cs->qd;
	ret = pts_workload(t, s, &w, &lc, &rr, err, errlen);
	if (!ret) {
		*out = (struct pts_cell){ rr.iops, rr.mbps, rr.lat_mean_us, rr.lat_max_us, rr.ios, rr.read_ios };
		st->written[k] += rr.write_bytes;
		*slot = rr.lat_hist;
		rr.lat_hist = NULL;
	}
	run_result_free(&rr);
	return ret;
}

/* The figures of every cell over the window's rounds (the last five, or fewer when fewer ran). */
static int totals(struct pts_stage *st)
{
	size_t n = st->nrounds < STEADY_WINDOW ? st->nrounds : STEADY_WINDOW, first = st->nrounds - n;
	struct lat_hist *h = calloc(1, sizeof(*h));

	if (!h)
		return -ENOMEM;
	for (size_t c = 0; c < st->ncells; c++) {
		struct pts_total *tt = &st->totals[c];
		double sum[3] = { 0 }, max = NAN;
		size_t m = 0;

		*tt = (struct pts_total){ NAN, NAN, NAN, NAN, NAN, 0, 0 };
		lat_hist_reset(h);
		for (size_t k = first; k < st->nrounds; k++) {
			const struct pts_cell *pc = &st->rounds[k * st->ncells + c];

			if (!(pc->ios > 0))
				continue;
			sum[0] += pc->iops;
			sum[1] += pc->mbps;
			sum[2] += pc->lat_mean_us;
			max = isnan(max) ? pc->lat_max_us : fmax(max, pc->lat_max_us);
			tt->ios += pc->ios;
			tt->read_ios += pc->read_ios;
			if (st->hist[c][k % STEADY_WINDOW])
				lat_hist_merge(h, st->hist[c][k % STEADY_WINDOW]);
			m++;
		}
		if (!m)
			continue;
		tt->iops = sum[0] / (double)m;
		tt->mbps = sum[1] / (double)m;
		tt->lat_mean_us = sum[2] / (double)m;
		tt->lat_max_us = max;
		tt->lat_p99999_us = lat_hist_percentile_ns(h, 99.999) / 1e3;
	}
	free(h);
	return 0;
}

int pts_prepare(struct target *t, const struct pts_settings *s, char *purge_method, size_t len,
		struct fill_result *fill, char *err, size_t errlen)
{
	int ret;

	snprintf(purge_method, len, "none");
	if (s->purge) {
		ret = precondition_purge(t, s->purge_method, purge_method, len, err, errlen);
		if (ret < 0)
			return ret;
	}
	if (s->fill_passes) {
		ret = precondition_fill(t, s->usable_bytes, s->fill_passes, s->seed, s->poll, s->poll_arg, fill,
					err, errlen);
		if (ret)
			return ret;
	}
	ret = run_steps_drain(t);
	if (ret)
		snprintf(err, errlen, "letting the drive settle after the fill: %s", strerror(-ret));
	return ret;
}

int pts_run_stage(struct target *t, const struct pts_settings *s, struct pts_result *r, size_t si, bool prep,
		  char *err, size_t errlen)
{
	struct pts_stage *st = &r->stages[si];
	unsigned max_rounds = s->max_rounds ? s->max_rounds : PRECONDITION_MAX_ROUNDS;
	double min_bytes = s->min_writes * (double)s->usable_bytes;
	uint64_t t0 = t->ops->now_ns(t);
	int ret = prep ? pts_prepare(t, s, st->purge_method, sizeof(st->purge_method), &st->fill, err, errlen) : 0;

	while (!ret && st->nrounds - st->warmup_rounds < max_rounds && st->nrounds < PTS_ROUNDS_MAX) {
		size_t k = st->nrounds;
		bool enough;

		if ((ret = grow(st))) {
			snprintf(err, errlen, "out of memory");
			break;
		}
		st->written[k] = k ? st->written[k - 1] : 0;
		for (size_t c = 0; !ret && c < st->ncells; c++)
			ret = run_cell(t, s, st, r->pattern, si, k, c, err, errlen);
		if (ret)
			break;
		st->track[k] = metric_of(&st->rounds[k * st->ncells + st->tracked], st->metric);
		st->nrounds++;
		enough = (double)st->written[k] >= min_bytes;
		if (s->min_writes > 0 && (!enough || k == 0))
			st->warmup_rounds++;
		st->window_valid = steady_check(st->track, st->nrounds, &st->window);
		st->reached = st->window_valid && st->window.reached && enough &&
			      (s->min_writes <= 0 || st->window.first > 0);
		if (s->round_done && s->round_done(r, si, s->round_arg))
			ret = -EINTR;
		if (!ret && st->reached)
			break;
		if (!ret && s->poll && s->poll(s->poll_arg))
			ret = -EINTR;
	}
	st->stop_reason = ret == -EINTR ? "interrupted" : ret ? "error" : st->reached ? "steady" : "max-rounds";
	if (totals(st) && !ret) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
	}
	st->us = (t->ops->now_ns(t) - t0 + 500) / 1000;
	return ret;
}

int pts_stage_saved(const struct pts_settings *s, const struct pts_result *r)
{
	return s->stage_done && s->stage_done(r, s->round_arg) ? -EINTR : 0;
}

int pts_run_matrix(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	size_t nstages = r->nstages;
	int ret = 0;

	/* A resumed test's finished stages are the caller's: each stage ran from its own purge. */
	r->nstages = r->first_stage;
	for (size_t i = r->first_stage; !ret && i < nstages; i++) {
		r->nstages = i + 1;
		ret = pts_run_stage(t, s, r, i, true, err, errlen);
		if (!ret)
			ret = pts_stage_saved(s, r);
	}
	return ret;
}

int pts_sample_room(struct pts_result *r)
{
	size_t cap = r->samples_cap ? r->samples_cap * 2 : 256;
	struct pts_sample *p;

	if (r->nsamples < r->samples_cap)
		return 0;
	if (!(p = realloc(r->samples, cap * sizeof(*p))))
		return -ENOMEM;
	r->samples = p;
	r->samples_cap = cap;
	return 0;
}

int pts_run(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	const struct pts_test_def *d = pts_test_def(s->test);
	uint64_t t0 = t->ops->now_ns(t);
	int ret;

	memset(r, 0, sizeof(*r));
	if (!d) {
		snprintf(err, errlen, "unknown test");
		return -EINVAL;
	}
	pts_plan(s, r);
	if (s->resume && d->stage_units && s->resume->first_stage <= r->nstages)
		r->first_stage = s->resume->first_stage;
	if (s->resume && r->first_stage != s->resume->first_stage) {
		snprintf(err, errlen, "a %s test resumes from its start", d->name);
		return -EINVAL;
	}
	if (!(r->pattern = workload_pattern_buffer(s->seed, PTS_MAX_BS))) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	ret = d->run(t, s, r, err, errlen);
	r->complete = !ret;
	if (d->stage_units) {
		/* Each stage its own purge to end: a resumed test adds the kept stages' time to its own. */
		uint64_t us = s->resume ? s->resume->kept_us : 0;

		for (size_t i = r->first_stage; i < r->nstages; i++)
			us += r->stages[i].us;
		r->seconds = (double)us / 1e6;
	} else {
		r->seconds = (double)((t->ops->now_ns(t) - t0 + 500) / 1000) / 1e6;
	}
	return ret;
}

void pts_result_free(struct pts_result *r)
{
	for (size_t i = 0; i < PTS_MAX_STAGES; i++) {
		struct pts_stage *st = &r->stages[i];

		free(st->rounds);
		free(st->track);
		free(st->written);
		for (size_t c = 0; c < PTS_MAX_CELLS; c++)
			for (size_t k = 0; k < STEADY_WINDOW; k++)
				free(st->hist[c][k]);
	}
	free(r->pattern);
	free(r->samples);
	memset(r, 0, sizeof(*r));
}
