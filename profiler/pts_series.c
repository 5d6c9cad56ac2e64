/* SPDX-License-Identifier: MIT */
/*
 * The PTS tests whose stimulus runs against time rather than in rounds of
 * a matrix (profiler/pts.h):
 *
 *   wsat  from a purge, random 4 KiB writes for wsat_writes x the span (or
 *         until time_cap_ns): precondition's rounds (precondition/), whose
 *         interval samples are IOPS against time and against bytes written,
 *         and every round's response times merged for the histogram.
 *   hir   4 KiB random writes to the steady window (a one-cell stage, as
 *         the matrix tests run theirs), then per wait state (5, 10, 15, 25,
 *         50 s) hir_reps bursts of 5 s each followed by the wait, each wait
 *         state followed by a return to baseline (hir_reps bursts, no
 *         wait).  The wait is the target's idle: a sleep on a real drive,
 *         virtual idle on the simulator (its GC runs in it).
 *   xsr   from a purge, sequential 1024 KiB writes, random 8 KiB writes,
 *         sequential 1024 KiB writes again, each xsr_writes x the span;
 *         each phase's settling time: when its IOPS (over 5 samples) stay
 *         within 10% of the level it ends at.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/target.h"
#include "engine/histogram.h"
#include "profiler/pts.h"
#include "profiler/pts_internal.h"
#include "util/settings_limits.h"

static const unsigned hir_waits_s[PTS_HIR_NWAITS] = { 5, 10, 15, 25, 50 };

/* XSR's phases: access, size. */
static const struct {
	const char *name;
	enum workload_rw rw;
	uint32_t bs;
} xsr_phases[] = {
	{ "sequential", WL_WRITE, 1024 * 1024 },
	{ "random", WL_RANDWRITE, 8 * 1024 },
	{ "sequential again", WL_WRITE, 1024 * 1024 },
};

/* A settled phase stays within this share of its end level (the spec's 10% excursion band). */
#define XSR_SETTLE_PCT 10.0
/* XSR's samples: a second, or the cell time when shorter (a scaled-down test). */
#define XSR_SAMPLE_NS 1000000000ull

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void phase_init(struct pts_phase *ph, const char *name, enum workload_rw rw, uint32_t bs, unsigned qd)
{
	*ph = (struct pts_phase){ .rw = rw, .bs = bs, .qd = qd, .burst_s = NAN, .idle_s = NAN, .iops = NAN,
				  .mbps = NAN, .lat_mean_us = NAN, .lat_p999_us = NAN, .lat_p9999_us = NAN,
				  .lat_p99999_us = NAN, .lat_max_us = NAN, .settle_s = NAN, .level_iops = NAN };
	snprintf(ph->name, sizeof(ph->name), "%s", name);
}

/* The phase's figures: rates over its samples' I/O time, response times from h (NAN without I/O). */
static void phase_finish(struct pts_result *r, struct pts_phase *ph, const struct lat_hist *h)
{
	double io_s = 0;

	ph->n = r->nsamples - ph->first;
	for (size_t i = ph->first; i < r->nsamples; i++)
		io_s += r->samples[i].dur_s;
	if (io_s > 0 && ph->ios) {
		ph->iops = (double)ph->ios / io_s;
		ph->mbps = (double)ph->bytes / io_s / 1e6;
	}
	if (h && h->count) {
		ph->lat_mean_us = lat_hist_mean_ns(h) / 1e3;
		ph->lat_p999_us = lat_hist_percentile_ns(h, 99.9) / 1e3;
		ph->lat_p9999_us = lat_hist_percentile_ns(h, 99.99) / 1e3;
		ph->lat_p99999_us = lat_hist_percentile_ns(h, 99.999) / 1e3;
		ph->lat_max_us = (double)h->max_ns / 1e3;
	}
}

static int series_done(const struct pts_settings *s, const struct pts_result *r, size_t phase, size_t step,
		       double iops)
{
	const struct pts_sample *last = r->nsamples ? &r->samples[r->nsamples - 1] : NULL;
	struct pts_progress p = { phase, step, last ? last->t_s : 0, iops, last ? last->written : 0 };

	if (s->series_done && s->series_done(r, &p, s->round_arg))
		return -EINTR;
	return s->poll && s->poll(s->poll_arg) ? -EINTR : 0;
}

/* ---- WSAT ---- */

void pts_plan_wsat(const struct pts_settings *s, struct pts_result *r)
{
	r->nstages = 0;
	r->nphases = 1;
	phase_init(&r->phases[0], "wsat", WL_RANDWRITE, 4096, s->qd);
}

struct wsat_ctx {
	struct target *t;
	const struct pts_settings *s;
	struct pts_result *r;
	const struct precondition_result *out;  /* the rounds so far */
	struct lat_hist *all;                   /* every round's response times */
	struct pts_log_ctx lg;                  /* where an I/O of the log belongs: round, phase 0 */
	uint64_t t0, written;
	bool capped;
};

static int wsat_poll(void *arg)
{
	const struct wsat_ctx *c = arg;

	return c->s->poll && c->s->poll(c->s->poll_arg);
}

/* The phase's samples and figures from precondition's intervals so far (rebuilt whole: they merge pairwise). */
static int wsat_samples(struct wsat_ctx *c)
{
	struct pts_result *r = c->r;
	struct pts_phase *ph = &r->phases[0];
	const struct precondition_result *out = c->out;

	r->nsamples = 0;
	ph->first = 0;
	ph->ios = ph->bytes = 0;
	for (size_t i = 0; i < out->nintervals; i++) {
		const struct pc_interval *iv = &out->intervals[i];
		double iops = iv->dur_s > 0 ? (double)iv->ios / iv->dur_s : NAN;

		if (pts_sample_room(r))
			return -ENOMEM;
		r->samples[r->nsamples++] = (struct pts_sample){ iv->t_s, iv->dur_s, iops, iops * 4096 / 1e6, NAN,
								 iv->written, 0 };
		ph->ios += iv->ios;
		ph->bytes = iv->written;
	}
	ph->seconds = r->nsamples ? r->samples[r->nsamples - 1].t_s : 0;
	phase_finish(r, ph, c->all);
	return 0;
}

/* After every round (and every sample in it): the time cap, the status line, the round of the log. */
static int wsat_progress(const struct precondition_event *ev, void *arg)
{
	struct wsat_ctx *c = arg;
	uint64_t now = c->t->ops->now_ns(c->t);

	if (ev->phase == PHASE_ROUNDS_START)
		c->t0 = now;
	if (ev->phase == PHASE_TICK && ev->tick->start)
		c->lg.where.round = ev->tick->index;
	if (c->s->time_cap_ns && ev->phase != PHASE_FILL && now - c->t0 >= c->s->time_cap_ns) {
		c->capped = true;
		return 1;
	}
	if (ev->phase == PHASE_ROUND) {
		struct pts_progress p = { 0, ev->round_index, ev->round->t_s, ev->round->iops, 0 };

		c->written += ev->round->host_bytes_written;
		p.written = c->written;
		/* The phase so far, for the caller to save (it is not done: never counted). */
		if (wsat_samples(c))
			return 1;
		return c->s->series_done ? c->s->series_done(c->r, &p, c->s->round_arg) : 0;
	}
	return 0;
}

int pts_run_wsat(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	struct pts_settings purge_only = *s;
	struct lat_hist *all = calloc(1, sizeof(*all));
	struct precondition_result out = { 0 };
	struct wsat_ctx c = { t, s, r, &out, all, { s, { 0, 0, 0, NULL } }, 0, 0, false };
	int ret;

	if (!all) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	lat_hist_reset(all);
	/* From the purge: no fill (the spec's WSAT starts from a purged drive). */
	purge_only.fill_passes = 0;
	ret = pts_prepare(t, &purge_only, r->purge_method, sizeof(r->purge_method), &r->fill, err, errlen);
	if (!ret) {
		/* The write minimum is the whole run: no window stops it before wsat_writes x the span. */
		struct precondition_settings ps = {
			.usable_bytes = s->usable_bytes, .bs = 4096, .qd = s->qd, .round_ns = s->cell_ns,
			.max_rounds = LIM_MAX_ROUNDS_MAX, .max_writes = s->wsat_writes, .min_writes = s->wsat_writes,
			.seed = s->seed, .lat_all = all,
		};

		if (s->io_log) {
			ps.io_done = pts_log_io;
			ps.io_arg = &c.lg;
		}
		ret = precondition_run(t, &ps, &out, wsat_progress, wsat_poll, &c, err, errlen);
		if (ret == -EINTR && c.capped)
			ret = 0;
	}
	if (wsat_samples(&c) && !ret) {
		snprintf(err, errlen, "out of memory");
		ret = -ENOMEM;
	}
	r->phases[0].done = !ret;
	r->series_stop = ret == -EINTR ? "interrupted" : ret ? "error" : c.capped ? "time-cap" : "writes";
	precondition_result_free(&out);
	free(all);
	return ret;
}

double pts_series_seconds(const struct pts_settings *s)
{
	return s->test == PTS_WSAT && s->time_cap_ns ? (double)s->time_cap_ns / 1e9 : NAN;
}

/* ---- HIR ---- */

void pts_plan_hir(const struct pts_settings *s, struct pts_result *r)
{
	struct pts_stage *st = &r->stages[0];
	char name[24];

	r->nstages = 1;
	st->ncells = 1;
	st->cells[0] = (struct pts_cell_spec){ WL_RANDWRITE, 0, 4096 };
	st->tracked = 0;
	st->metric = PTS_M_IOPS;
	st->qd = s->qd;
	r->nphases = 0;
	for (size_t i = 0; i < PTS_HIR_NWAITS; i++) {
		struct pts_phase *ph = &r->phases[r->nphases++];

		snprintf(name, sizeof(name), "wait %us", hir_waits_s[i]);
		phase_init(ph, name, WL_RANDWRITE, 4096, s->qd);
		ph->burst_s = (double)PTS_HIR_BURST_NS / 1e9;
		ph->idle_s = hir_waits_s[i];
		ph->reps = s->hir_reps;
		ph = &r->phases[r->nphases++];
		snprintf(name, sizeof(name), "baseline %us", hir_waits_s[i]);
		phase_init(ph, name, WL_RANDWRITE, 4096, s->qd);
		ph->burst_s = (double)PTS_HIR_BURST_NS / 1e9;
		ph->idle_s = 0;
		ph->reps = s->hir_reps;
	}
}

double pts_hir_seconds(const struct pts_settings *s)
{
	double per = 0;

	for (size_t i = 0; i < PTS_HIR_NWAITS; i++)
		per += 2 * (double)PTS_HIR_BURST_NS / 1e9 + hir_waits_s[i];
	return pts_matrix_seconds(s) + per * s->hir_reps;
}

/*
 * One run of ph's stimulus (a HIR burst of time_ns, an XSR phase of bytes)
 * from t0 on the target clock: its samples (one for the run when
 * interval_ns is 0), its I/O merged into h.  0, -EINTR or -errno with err set.
 */
static int stimulus(struct target *t, const struct pts_settings *s, struct pts_result *r, size_t p, unsigned rep,
		    uint64_t time_ns, uint64_t bytes, uint64_t interval_ns, uint64_t t0, struct lat_hist *h, char *err,
		    size_t errlen)
{
	struct pts_phase *ph = &r->phases[p];
	struct pts_log_ctx lg = { s, { (unsigned)r->nstages, rep, (unsigned)p, NULL } };
	uint64_t start = t->ops->now_ns(t), written = r->nsamples ? r->samples[r->nsamples - 1].written : 0;
	struct workload w = {
		.rw = ph->rw, .bs = ph->bs, .qd = ph->qd, .time_ns = time_ns, .bytes = bytes,
		.interval_ns = interval_ns ? interval_ns : time_ns, .span_bytes = s->usable_bytes, .seed = s->seed,
		.stream = 1000000 + p * 100000 + rep, .stop_poll = s->poll, .stop_arg = s->poll_arg,
		.pattern_buf = r->pattern,
	};
	struct run_result rr = { 0 };
	int ret;

	ret = pts_workload(t, s, &w, &lg, &rr, err, errlen);
	if (!ret && !interval_ns) {
		/* A burst is one sample: its end, its rates. */
		if (!(ret = pts_sample_room(r)))
			r->samples[r->nsamples++] = (struct pts_sample){
				(double)(t->ops->now_ns(t) - t0) / 1e9, (double)rr.elapsed_ns / 1e9, rr.iops, rr.mbps,
				rr.lat_mean_us, written + rr.write_bytes, (unsigned)p };
	}
	for (size_t i = 0; !ret && interval_ns && i < rr.nsamples; i++) {
		const struct run_sample *sm = &rr.samples[i];

		written += sm->bytes;
		if (!(ret = pts_sample_room(r)))
			r->samples[r->nsamples++] = (struct pts_sample){
				(double)(start - t0) / 1e9 + sm->t_s, sm->dur_s, sm->iops, sm->mbps, sm->lat_mean_us,
				written, (unsigned)p };
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	if (!ret || ret == -EINTR) {
		ph->ios += rr.ios;
		ph->bytes += rr.write_bytes;
		if (rr.lat_hist)
			lat_hist_merge(h, rr.lat_hist);
	}
	run_result_free(&rr);
	return ret;
}

int pts_run_hir(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	struct lat_hist *h = calloc(1, sizeof(*h));
	uint64_t t0;
	int ret;

	if (!h) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	ret = pts_run_stage(t, s, r, 0, true, err, errlen);
	if (!ret)
		ret = pts_stage_saved(s, r);
	t0 = t->ops->now_ns(t);
	for (size_t p = 0; !ret && p < r->nphases; p++) {
		struct pts_phase *ph = &r->phases[p];
		uint64_t p0 = t->ops->now_ns(t);

		lat_hist_reset(h);
		ph->first = r->nsamples;
		for (unsigned k = 0; !ret && k < ph->reps; k++) {
			ret = stimulus(t, s, r, p, k, PTS_HIR_BURST_NS, 0, 0, t0, h, err, errlen);
			if (!ret && ph->idle_s > 0 && (ret = t->ops->idle(t, (uint64_t)(ph->idle_s * 1e9))))
				snprintf(err, errlen, "idle failed: %s", strerror(-ret));
			if (!ret && s->poll && s->poll(s->poll_arg))
				ret = -EINTR;
		}
		ph->seconds = (double)(t->ops->now_ns(t) - p0) / 1e9;
		phase_finish(r, ph, h);
		ph->done = !ret;
		if (!ret)
			ret = series_done(s, r, p, ph->n, ph->iops);
	}
	if (r->stages[0].nrounds || r->nsamples)
		r->series_stop = ret == -EINTR ? "interrupted" : ret ? "error" : "done";
	free(h);
	return ret;
}

/* ---- XSR ---- */

void pts_plan_xsr(const struct pts_settings *s, struct pts_result *r)
{
	r->nstages = 0;
	r->nphases = N(xsr_phases);
	for (size_t i = 0; i < N(xsr_phases); i++)
		phase_init(&r->phases[i], xsr_phases[i].name, xsr_phases[i].rw, xsr_phases[i].bs, s->qd);
}

/* Samples either side of one that the settling test averages over (a sample of a few large I/Os is noisy). */
#define XSR_SMOOTH 2

/* The mean IOPS of the phase's samples within XSR_SMOOTH of sample i (of the phase). */
static double smoothed(const struct pts_result *r, const struct pts_phase *ph, size_t i)
{
	size_t from = i > XSR_SMOOTH ? i - XSR_SMOOTH : 0, to = i + XSR_SMOOTH < ph->n ? i + XSR_SMOOTH : ph->n - 1;
	double sum = 0;

	for (size_t k = from; k <= to; k++)
		sum += r->samples[ph->first + k].iops;
	return sum / (double)(to - from + 1);
}

/*
 * The phase's end level (the mean IOPS of its last fifth of samples) and
 * the time from its start until its IOPS (averaged over XSR_SMOOTH samples
 * either side) stay within XSR_SETTLE_PCT of it; NAN with fewer than 5
 * samples: too few to tell.
 */
static void settle(const struct pts_result *r, struct pts_phase *ph, double start_s)
{
	size_t n = ph->n, tail = n / 5 ? n / 5 : 1, from = n;
	double sum = 0;

	if (n < 5)
		return;
	for (size_t i = n - tail; i < n; i++)
		sum += r->samples[ph->first + i].iops;
	ph->level_iops = sum / (double)tail;
	while (from > 0 && fabs(smoothed(r, ph, from - 1) - ph->level_iops) <= ph->level_iops * XSR_SETTLE_PCT / 100)
		from--;
	/* Settled from the start of sample from (the end of the one before it). */
	ph->settle_s = from ? r->samples[ph->first + from - 1].t_s - start_s : 0;
}

int pts_run_xsr(struct target *t, const struct pts_settings *s, struct pts_result *r, char *err, size_t errlen)
{
	struct pts_settings purge_only = *s;
	struct lat_hist *h = calloc(1, sizeof(*h));
	uint64_t t0, sample = s->cell_ns < XSR_SAMPLE_NS ? s->cell_ns : XSR_SAMPLE_NS;
	int ret;

	if (!h) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	purge_only.fill_passes = 0;
	ret = pts_prepare(t, &purge_only, r->purge_method, sizeof(r->purge_method), &r->fill, err, errlen);
	t0 = t->ops->now_ns(t);
	for (size_t p = 0; !ret && p < r->nphases; p++) {
		struct pts_phase *ph = &r->phases[p];
		uint64_t p0 = t->ops->now_ns(t);
		uint64_t bytes = (uint64_t)(s->xsr_writes * (double)s->usable_bytes) / ph->bs * ph->bs;

		lat_hist_reset(h);
		ph->first = r->nsamples;
		ret = stimulus(t, s, r, p, 0, 0, bytes ? bytes : ph->bs, sample, t0, h, err, errlen);
		ph->seconds = (double)(t->ops->now_ns(t) - p0) / 1e9;
		phase_finish(r, ph, h);
		settle(r, ph, (double)(p0 - t0) / 1e9);
		ph->done = !ret;
		if (!ret)
			ret = series_done(s, r, p, ph->n, ph->iops);
	}
	r->series_stop = ret == -EINTR ? "interrupted" : ret ? "error" : "done";
	free(h);
	return ret;
}
