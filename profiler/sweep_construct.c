/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/workload.h"
#include "profiler/raid_members.h"
#include "profiler/raid_rounds.h"
#include "profiler/sweep_construct.h"
#include "profiler/sweep_curve.h"
#include "util/wa_analytic.h"

const char *const sweep_pc_names[3] = { "full", "auto", "constructed" };


int sweep_pc_parse(const char *name, enum sweep_pc *pc)
{
	for (size_t i = 0; i < 3; i++)
		if (!strcmp(name, sweep_pc_names[i])) {
			*pc = (enum sweep_pc)i;
			return 0;
		}
	return -EINVAL;
}

#define NO_MEDIA "no media write counter to size the flash by"
#define NOT_REACHED "no full point reached steady state to calibrate by"

/* Its writes show on no media counter: none to read, or none known (a file, a drive without one). */
static bool counts_no_media(struct target *t)
{
	struct target_counters tc = { 0 };

	return !t->ops->counters || t->ops->counters(t, &tc) || !tc.media_known;
}

/*
 * A target that says it counts no media writes (a drive without the log):
 * nothing calibrates.  A file has no counters: its first point tells.
 */
static bool no_media(struct target *t)
{
	return t->ops->counters && counts_no_media(t);
}

bool sweep_target_can_construct(struct target *t)
{
	if (!target_has(t, TARGET_CAP_GROUP))
		return !counts_no_media(t);
	if (!target_members(t) || target_members(t) > TARGET_GROUP_MAX_MEMBERS)
		return false;
	for (unsigned i = 0; i < target_members(t); i++)
		if (counts_no_media(target_member(t, i)))
			return false;
	return true;
}

void sweep_calib_init(struct sweep_calib *c, struct target *t)
{
	struct target_wa_model w;

	*c = (struct sweep_calib){ .line_units = SWEEP_ASSUMED_LINE_UNITS, .wa_bias = NAN };
	if (target_has(t, TARGET_CAP_GROUP)) {
		sweep_calib_members_init(c, t);
		return;
	}
	if (no_media(t))
		snprintf(c->why, sizeof(c->why), NO_MEDIA);
	if (target_control(t, TARGET_CTL_WA_MODEL, &w) || !(w.native_bytes > 0) || !(w.line_units >= 1))
		return;
	c->known = true;
	c->native_bytes = w.native_bytes;
	c->source = "target";
	c->line_units = w.line_units;
	c->fifo = w.fifo;
	/*
	 * Its write cache, where it says: none to use up before a
	 * construction, or the size to stop that write at.  Else the first
	 * constructed point of a drive without one wrote half the flash to
	 * find none (dc-tlc, sata-tlc: 1.54x the flash before the window).
	 */
	if (w.cache_bytes == 0)
		c->no_cache = true;
	else if (w.cache_bytes > 0)
		c->cache_bytes = w.cache_bytes;
}

bool sweep_target_states_flash(struct target *t)
{
	struct sweep_calib *c = malloc(sizeof(*c));
	bool known;

	if (!c)
		return false;
	sweep_calib_init(c, t);
	known = c->known;
	free(c);
	return known;
}

double sweep_calib_wa(const struct sweep_calib *c, double usable_bytes)
{
	return c->known ? wa_model_waf(c->native_bytes, c->line_units, c->fifo, usable_bytes) : NAN;
}

/* Rounds of a workload other than uniform random writes of one size reach another steady state. */
bool sweep_uniform_writes(const struct workload *w)
{
	return !w || (w->dist.kind == OD_UNIFORM && !w->seq_pct && !w->nbs_mix && !w->read_pct &&
		      workload_rw_random(w->rw) && workload_rw_writes(w->rw));
}

bool sweep_construct_ok(const struct sweep_run *r, double op_percent, const double *member_op, char *why,
			size_t len)
{
	const struct sweep_calib *c = &r->cal;

	why[0] = '\0';
	if (r->pc == SWEEP_PC_FULL)
		return false;
	if (c->off) {
		snprintf(why, len, "%s", c->why);
		return false;
	}
	(void)member_op;   /* a group's members each take their own OP: each is built for its own */
	if (target_has(r->t, TARGET_CAP_GROUP) && !sweep_group_construct_ok(r, why, len))
		return false;
	if (!sweep_uniform_writes(r->settings->shape)) {
		snprintf(why, len, "a skewed or mixed workload, not uniform random writes");
		return false;
	}
	/* auto: the first point is measured the full way, and calibrates (why: what keeps it from that). */
	if (r->pc == SWEEP_PC_AUTO && isnan(c->wa_bias)) {
		snprintf(why, len, "%s", c->why);
		return false;
	}
	/*
	 * Past a constructed point that was not steady, the full way: the
	 * drift grows with the OP (a dynamic SLC cache takes more of the
	 * construction's writes, see sweep_point_missed).
	 */
	if (c->missed && op_percent >= c->miss_op - 1e-9) {
		snprintf(why, len, "a constructed point at %.4g%% OP was not steady", c->miss_op);
		return false;
	}
	if (!c->known) {
		snprintf(why, len, "%s", c->why[0] ? c->why : "the flash size is not known yet");
		return false;
	}
	return true;
}

bool sweep_calibrating(const struct sweep_run *r)
{
	const struct sweep_calib *c = &r->cal;

	/* A group's members calibrate each from the group's point: they keep the write minimum. */
	return r->pc == SWEEP_PC_AUTO && isnan(c->wa_bias) && !c->off && !c->why[0] &&
	       !target_has(r->t, TARGET_CAP_GROUP) && sweep_uniform_writes(r->settings->shape);
}

/* The native bytes where the model's WA at usable is wa. */
static double invert(const struct sweep_calib *c, double usable, double wa)
{
	return wa_model_native_bytes(c->line_units, c->fifo, usable, wa);
}

/*
 * A WA as the document saves it (results/result_json.h RP_WAF: 4 decimals),
 * so a resumed sweep, calibrating from the saved figures, builds its
 * points exactly as the run that saved them did.
 */
static double as_saved(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.4f", v);
	return strtod(buf, NULL);
}

/* The window's WA spread, relative: from its rounds, at least the prediction's tolerance. */
static double wa_spread(const struct precondition_result *pc)
{
	double lo = INFINITY, hi = -INFINITY, waf = as_saved(pc->waf);
	size_t first = pc->nrounds > STEADY_WINDOW ? pc->nrounds - STEADY_WINDOW : 0;

	for (size_t i = first; i < pc->nrounds; i++)
		if (pc->rounds[i].media_known && isfinite(pc->rounds[i].waf)) {
			lo = fmin(lo, as_saved(pc->rounds[i].waf));
			hi = fmax(hi, as_saved(pc->rounds[i].waf));
		}
	return fmax(PREDICT_TOL_PCT / 100, isfinite(hi) && waf > 0 ? (hi - lo) / 2 / waf : 0);
}

static void calibrate(struct sweep_calib *c, double usable, double wa, double e)
{
	if (!(wa > 1)) {
		if (!c->known)
			snprintf(c->why, sizeof(c->why), NO_MEDIA);
		return;
	}
	/*
	 * Invert the model on the measured WA; its spread bounds the estimate.
	 * A target that gives its flash is calibrated too: the GC reserve and
	 * the finite GC unit leave less spare than the raw figure says, and
	 * the pattern follows the model (sata-tlc 1 GiB at 0%: built for the
	 * raw flash, WA 7.0 at the start against 7.6 at equilibrium).
	 */
	if (!c->known || isnan(c->wa_bias)) {
		c->native_bytes = invert(c, usable, wa);
		c->native_sigma = fabs(invert(c, usable, wa * (1 + e)) - invert(c, usable, wa * (1 - e))) / 2;
		c->source = "calibrated";
		c->known = true;
	}
	if (!c->off)
		c->why[0] = '\0';   /* what kept it from calibrating no longer does */
	c->wa_bias = wa / sweep_calib_wa(c, usable);
}

/* Member m as a drive of its own, for calibrate() and check(); back with member_set. */
static void member_view(const struct sweep_calib *c, const struct sweep_member_calib *m, struct sweep_calib *v)
{
	*v = (struct sweep_calib){ .known = m->known, .native_bytes = m->native_bytes, .native_sigma = m->native_sigma,
				   .source = m->source, .line_units = m->line_units, .fifo = m->fifo,
				   .wa_bias = m->wa_bias, .off = c->off };
	snprintf(v->why, sizeof(v->why), "%s", c->why);
}

static void member_set(struct sweep_calib *c, struct sweep_member_calib *m, const struct sweep_calib *v)
{
	m->known = v->known;
	m->native_bytes = v->native_bytes;
	m->native_sigma = v->native_sigma;
	m->source = v->source;
	m->wa_bias = v->wa_bias;
	snprintf(c->why, sizeof(c->why), "%s", v->why);
}

/* The group as its members add up: known when every member is, its flash their sum. */
static void members_sum(struct sweep_calib *c)
{
	c->known = c->members > 0;
	c->native_bytes = c->native_sigma = 0;
	c->source = NULL;
	for (unsigned i = 0; i < c->members; i++) {
		c->known &= c->m[i].known;
		c->native_bytes += c->m[i].native_bytes;
		c->native_sigma += c->m[i].native_sigma;
		if (!c->source || strcmp(c->m[i].source ? c->m[i].source : "", c->source))
			c->source = c->source ? "mixed" : c->m[i].source;
	}
}

/* A group's full point: each member from its own window WA at its own span, with the group's spread. */
static void calibrate_members(struct sweep_calib *c, double spread)
{
	for (unsigned i = 0; i < c->members; i++) {
		struct sweep_member_calib *m = &c->m[i];
		struct sweep_calib v;

		member_view(c, m, &v);
		calibrate(&v, m->span_bytes, isfinite(m->waf) ? as_saved(m->waf) : NAN, spread);
		member_set(c, m, &v);
		if (!(m->waf > 1)) {
			snprintf(c->why, sizeof(c->why), "member %u has " NO_MEDIA, i);
			c->known = false;
			return;
		}
	}
	members_sum(c);
	/* Each member carries its own bias; the group's says it was calibrated. */
	c->wa_bias = 1;
}

/*
 * What a point's fill or construction told of the write cache (fill_result
 * cache_known, cache_seen): none, so no constructed point writes half the
 * flash to find that out (dc-tlc and sata-tlc's first constructed point:
 * 1.54x the flash before its window, 1.04x without), or its size where a
 * cache write stopped at its cliff (a cliff in a fill's pass says nothing
 * of the cache write's own: it writes a small region).
 */
static void fill_cache(struct sweep_calib *c, bool known, bool seen, double cache_write_bytes)
{
	if (!known)
		return;
	if (!seen)
		c->no_cache = true;
	else if (cache_write_bytes > 0)
		c->cache_bytes = cache_write_bytes;   /* a cache write before the fill stopped at its cliff */
}

void sweep_calib_cache(struct sweep_calib *c, const struct fill_result *f)
{
	fill_cache(c, f->cache_known, f->cache_seen, f->exhaust_bytes ? (double)f->exhaust_bytes : NAN);
}

void sweep_calib_full(struct sweep_calib *c, const struct sweep_point *pt)
{
	/* Only an equilibrium calibrates: a point cut short (--max-rounds) has a WA on its way there. */
	if (!c->members)
		sweep_calib_cache(c, &pt->pc.fill);
	if (!pt->pc.reached) {
		if (isnan(c->wa_bias) && !c->why[0])
			snprintf(c->why, sizeof(c->why), NOT_REACHED);
		return;
	}
	if (c->members) {
		calibrate_members(c, wa_spread(&pt->pc));
		return;
	}
	calibrate(c, (double)pt->usable_bytes, pt->pc.media_known ? as_saved(pt->pc.waf) : NAN, wa_spread(&pt->pc));
}


/* waf (NAN: not measured) at usable against c's: true within tolerance, else why says by how much. */
static bool held(const struct sweep_calib *c, double usable, double waf, double *want, double *tol)
{
	double bias = isnan(c->wa_bias) ? 1 : c->wa_bias;
	double lo = bias * wa_model_waf(c->native_bytes + c->native_sigma, c->line_units, c->fifo, usable);
	double hi = bias * wa_model_waf(c->native_bytes - c->native_sigma, c->line_units, c->fifo, usable);

	*want = bias * sweep_calib_wa(c, usable);
	*tol = (isnan(c->wa_bias) ? SWEEP_CONSTRUCT_MODEL_TOL_PCT : SWEEP_CONSTRUCT_TOL_PCT) / 100;
	if (!isfinite(*want) || !isfinite(waf))
		return true;
	if (isfinite(lo) && isfinite(hi))
		*tol = fmax(*tol, (hi - lo) / 2 / *want);
	return fabs(waf / *want - 1) <= *tol;
}

bool sweep_calib_check(struct sweep_calib *c, const struct sweep_point *pt)
{
	double want, tol;

	for (unsigned i = 0; i < c->members; i++) {
		struct sweep_calib v;

		member_view(c, &c->m[i], &v);
		if (held(&v, c->m[i].span_bytes, c->m[i].waf, &want, &tol))
			continue;
		c->off = true;
		snprintf(c->why, sizeof(c->why), "member %u WA %.2f at %.4g%%, calibrated %.2f +-%.1f%%", i,
			 c->m[i].waf, pt->op_percent, want, tol * 100);
		return false;
	}
	if (c->members || !pt->pc.media_known || held(c, (double)pt->usable_bytes, pt->pc.waf, &want, &tol))
		return true;
	c->off = true;
	snprintf(c->why, sizeof(c->why), "WA %.2f at %.4g%% OP, calibrated %.2f +-%.1f%%",
		 pt->pc.waf, pt->op_percent, want, tol * 100);
	return false;
}

/*
 * Measured on budget-tlc 2 GiB at 40% OP (1 s rounds): the built layout is
 * right (the model's v0 gives the WA the full point's window reaches, 1.37,
 * and the target's own flash figure builds the same point as the calibrated
 * one), but the dynamic SLC cache takes the construction's first writes
 * into SLC lines, which the drive folds and collects in its own order: the
 * rounds start at WA 1.13, overshoot to 1.42 and settle after about a
 * drive-write.  dc-tlc (no SLC cache) is flat at WA 1.30 from its first
 * round.  Such a point is measured the full way.
 */
static void miss_at(struct sweep_calib *c, double op_percent)
{
	if (!c->missed || op_percent < c->miss_op)
		c->miss_op = op_percent;
	c->missed = true;
}

#define MISS_PREFIX "constructed at "

bool sweep_point_missed(struct sweep_calib *c, const struct sweep_point *pt, char *why, size_t len)
{
	const char *stop = pt->pc.stop_reason ? pt->pc.stop_reason : "no window";

	if (pt->pc.reached || !strcmp(stop, "predicted"))
		return false;
	snprintf(why, len, MISS_PREFIX "%.4g%% OP, not steady (%s after %zu rounds)", pt->op_percent, stop,
		 pt->pc.nrounds);
	miss_at(c, pt->op_percent);
	return true;
}

/*
 * A RAID group (issue 28): each member is built for its own flash.  Small
 * random writes of bs within one chunk write one data column and, on
 * RAID 5/6, the stripe's parity column(s) at the same member offset
 * (read-modify-write); mirrors write every copy.  Uniform group writes
 * over the span thus reach every member's rows [0, rows x chunk) alike in
 * the long run; on RAID 5/6 a member's parity rows take more of them than
 * its data rows (n - 1 : 1 on RAID 5), a skew the calibration on the
 * first full point, per member, takes into its flash figure.
 */
static unsigned data_columns(const struct target_group_geom *g)
{
	switch (g->level) {
	case 1:
		return 1;
	case 5:
		return g->members - 1;
	case 6:
		return g->members - 2;
	case 10:
		return g->members / 2;
	default:
		return g->members;
	}
}

/* The bytes of each member that group writes over [0, usable) reach: whole rows, the last one partial. */
static uint64_t member_span(const struct target_group_geom *g, uint64_t usable)
{
	uint64_t row = g->chunk_bytes * data_columns(g);
	uint64_t rows = row ? (usable + row - 1) / row : 0, span = rows * g->chunk_bytes;

	return span < g->member_bytes ? span : g->member_bytes;
}

void sweep_calib_members_init(struct sweep_calib *c, struct target *group)
{
	c->members = target_members(group);
	if (c->members > TARGET_GROUP_MAX_MEMBERS)
		c->members = 0;
	for (unsigned i = 0; i < c->members; i++) {
		struct sweep_member_calib *m = &c->m[i];
		struct target_wa_model w;

		*m = (struct sweep_member_calib){ .line_units = SWEEP_ASSUMED_LINE_UNITS, .wa_bias = NAN, .waf = NAN };
		if (no_media(target_member(group, i)) && !c->why[0])
			snprintf(c->why, sizeof(c->why), "member %u has " NO_MEDIA, i);
		if (target_control(target_member(group, i), TARGET_CTL_WA_MODEL, &w) || !(w.native_bytes > 0) ||
		    !(w.line_units >= 1))
			continue;
		*m = (struct sweep_member_calib){ .known = true, .native_bytes = w.native_bytes, .source = "target",
						  .line_units = w.line_units, .fifo = w.fifo, .wa_bias = NAN,
						  .waf = NAN };
	}
	members_sum(c);
}

bool sweep_group_construct_ok(const struct sweep_run *r, char *why, size_t len)
{
	struct target_group_geom g;
	uint32_t bs = r->settings->bs;

	if (!r->cal.members || target_group_geom(r->t, &g) < 0) {
		snprintf(why, len, "RAID: the group does not say its members or geometry");
		return false;
	}
	/*
	 * A write across chunks writes partial stripes (or whole ones, with
	 * no reads): the members' writes are then not one column at a time.
	 */
	if (!bs || bs > g.chunk_bytes || g.chunk_bytes % bs) {
		snprintf(why, len, "RAID: %u KiB writes cross its %llu KiB chunks", bs / 1024,
			 (unsigned long long)g.chunk_bytes / 1024);
		return false;
	}
	return true;
}

/* A group's point: its members' window figures from the rounds' events, and its construction per member. */
struct member_track {
	struct sweep_run *r;
	struct raid_rounds *w;
};

static int track_progress(const struct precondition_event *ev, void *arg)
{
	struct member_track *k = arg;

	raid_rounds_event(k->w, ev);
	return k->r->progress ? k->r->progress(ev, k->r->arg) : 0;
}

static int track_poll(void *arg)
{
	struct member_track *k = arg;

	return k->r->poll ? k->r->poll(k->r->arg) : 0;
}

/*
 * In the fill's place: member by member, the pattern of its own flash
 * over its own span, in the fill's writes.  The members' clocks start
 * together, so on virtual time they write side by side; the group then
 * waits for the slowest (idle 0 brings every member to its clock).
 */
static int construct_members(void *arg, struct target *t, const struct precondition_settings *s,
			     struct run_result *out, char *err, size_t errlen)
{
	struct member_track *k = arg;
	struct sweep_calib *c = &k->r->cal;
	struct target_group_geom g;
	int ret = target_group_geom(t, &g);

	if (ret < 0) {
		snprintf(err, errlen, "%s does not say its geometry", t->info.path);
		return ret;
	}
	for (unsigned i = 0; i < c->members && !out->stopped_early; i++) {
		uint64_t span = member_span(&g, s->usable_bytes) / FILL_BS * FILL_BS;
		struct workload w = {
			.rw = WL_RANDWRITE, .bs = FILL_BS, .qd = FILL_QD, .span_bytes = span,
			.construct_total = (uint64_t)c->m[i].native_bytes / FILL_BS,
			.interval_ns = 1000000000ull, .seed = s->seed + i,
			.stop_poll = track_poll, .stop_arg = k,
		};
		struct run_result mr = { 0 };

		w.bytes = w.construct_total * FILL_BS;
		ret = workload_run(target_member(t, i), &w, &mr, NULL, NULL, err, errlen);
		out->bytes += mr.bytes;
		out->stopped_early |= mr.stopped_early;
		c->m[i].construct_bytes = mr.bytes;
		run_result_free(&mr);
		if (ret)
			return ret;
	}
	return t->ops->idle(t, 0);
}

int sweep_member_point(struct sweep_run *r, double op_percent, const double *member_op, struct sweep_point *out,
		       char *err, size_t errlen)
{
	struct precondition_settings *s = r->settings;
	struct sweep_calib *c = &r->cal;
	struct member_track k = { .r = r };
	const struct raid_snap *a, *b;
	struct target_group_geom g;
	int ret;

	if (!c->members)
		return sweep_run_point(r->t, r->capacity, op_percent, r->method, member_op, r->purge_method, s, out,
				       r->progress, r->poll, r->arg, err, errlen);
	if (!(k.w = raid_rounds_new(r->t, precondition_max_rounds(s)))) {
		snprintf(err, errlen, "out of memory for the members' figures");
		return -ENOMEM;
	}
	if (s->construct_bytes) {
		s->construct_fn = construct_members;
		s->construct_arg = &k;
	}
	ret = sweep_run_point(r->t, r->capacity, op_percent, r->method, member_op, r->purge_method, s, out,
			      track_progress, track_poll, &k, err, errlen);
	s->construct_fn = NULL;
	s->construct_arg = NULL;
	for (unsigned i = 0; s->construct_bytes && i < c->members; i++)
		out->member_built[out->construct_members++] = (struct sweep_member_built){
			c->m[i].construct_bytes, c->m[i].native_bytes, c->m[i].native_sigma, c->m[i].source };
	raid_rounds_window(k.w, out->pc.nrounds, &a, &b);
	for (unsigned i = 0; i < c->members; i++) {
		struct raid_member_figures f;

		c->m[i].waf = !ret && a && b && !raid_members_figures(a, b, i, &f) ? f.waf : NAN;
		c->m[i].span_bytes = !target_group_geom(r->t, &g) ? (double)member_span(&g, out->usable_bytes) : NAN;
	}
	raid_rounds_free(k.w);
	return ret;
}

/* A check's failure as sweep_calib_check words it: "WA ..." or "member N WA ...". */
static bool check_failed(const char *why)
{
	unsigned i;
	int n = 0;

	return !strncmp(why, "WA ", 3) || (sscanf(why, "member %u WA %n", &i, &n) == 1 && n > 0);
}

void sweep_calib_replay(struct sweep_calib *c, struct target *t, const struct sweep_saved_point *p)
{
	struct target_group_geom g;
	double spread = fmax(PREDICT_TOL_PCT / 100, p->spread);

	if (!(c->line_units > 0))
		sweep_calib_init(c, t);
	if (!p->method || strcmp(p->method, "fresh"))
		return;   /* a constructed point held (else it was measured again, fresh); a carried one calibrates nothing */
	/* A saved figure past the drive's capacity is not one its cache write could have written. */
	if (!c->members)
		fill_cache(c, p->cache_known, p->cache_seen,
			   p->cache_bytes <= (double)t->info.capacity_bytes ? p->cache_bytes : NAN);
	/* Measured the full way after a constructed attempt: what that attempt left, as the run kept it. */
	if (p->fallback && !strncmp(p->fallback, MISS_PREFIX, strlen(MISS_PREFIX)))
		miss_at(c, p->op_percent);
	else if (p->fallback && check_failed(p->fallback)) {
		c->off = true;
		snprintf(c->why, sizeof(c->why), "%s", p->fallback);
	}
	if (!p->reached) {
		if (isnan(c->wa_bias) && !c->why[0])
			snprintf(c->why, sizeof(c->why), NOT_REACHED);
		return;
	}
	if (!c->members) {
		calibrate(c, p->usable_bytes, p->waf > 0 ? p->waf : NAN, spread);
		return;
	}
	if (p->members != c->members || target_group_geom(t, &g) < 0)
		return;
	for (unsigned i = 0; i < c->members; i++) {
		c->m[i].waf = p->member_waf[i];
		c->m[i].span_bytes = (double)member_span(&g, (uint64_t)p->usable_bytes);
	}
	calibrate_members(c, spread);
}
