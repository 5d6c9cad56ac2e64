/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/workload.h"
#include "profiler/sweep_construct.h"
#include "util/wa_analytic.h"

const char *const sweep_pc_names[3] = { "full", "auto", "constructed" };

/* A real drive's GC unit is unknown: large, where greedy and FIFO agree (Desnoyers). */
#define ASSUMED_LINE_UNITS 4096.0

int sweep_pc_parse(const char *name, enum sweep_pc *pc)
{
	for (size_t i = 0; i < 3; i++)
		if (!strcmp(name, sweep_pc_names[i])) {
			*pc = (enum sweep_pc)i;
			return 0;
		}
	return -EINVAL;
}

void sweep_calib_init(struct sweep_calib *c, struct target *t)
{
	struct target_wa_model w;

	*c = (struct sweep_calib){ .line_units = ASSUMED_LINE_UNITS, .wa_bias = NAN };
	if (target_has(t, TARGET_CAP_GROUP) || target_control(t, TARGET_CTL_WA_MODEL, &w) ||
	    !(w.native_bytes > 0) || !(w.line_units >= 1))
		return;
	c->known = true;
	c->native_bytes = w.native_bytes;
	c->source = "target";
	c->line_units = w.line_units;
	c->fifo = w.fifo;
}

double sweep_calib_wa(const struct sweep_calib *c, double usable_bytes)
{
	return c->known ? wa_model_waf(c->native_bytes, c->line_units, c->fifo, usable_bytes) : NAN;
}

/* Rounds of a workload other than uniform random writes of one size reach another steady state. */
static bool uniform_writes(const struct workload *w)
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
	if (member_op || target_has(r->t, TARGET_CAP_GROUP)) {
		snprintf(why, len, "RAID: members see parity and stripes, not the pattern");
		return false;
	}
	if (!uniform_writes(r->settings->shape)) {
		snprintf(why, len, "a skewed or mixed workload, not uniform random writes");
		return false;
	}
	/* auto: the first point is measured the full way, and calibrates. */
	if (r->pc == SWEEP_PC_AUTO && isnan(c->wa_bias))
		return false;
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

/* The native bytes where the model's WA at usable is wa: bisection, the WA falls as the flash grows. */
static double invert(const struct sweep_calib *c, double usable, double wa)
{
	double lo = usable * (1 + 1e-6), hi = usable * 20;

	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (wa_model_waf(mid, c->line_units, c->fifo, usable) > wa)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
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
			snprintf(c->why, sizeof(c->why), "no media write counter to size the flash by");
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
	c->wa_bias = wa / sweep_calib_wa(c, usable);
}

void sweep_calib_full(struct sweep_calib *c, const struct sweep_point *pt)
{
	/* Only an equilibrium calibrates: a point cut short (--max-rounds) has a WA on its way there. */
	if (!pt->pc.reached)
		return;
	calibrate(c, (double)pt->usable_bytes, pt->pc.media_known ? as_saved(pt->pc.waf) : NAN, wa_spread(&pt->pc));
}

void sweep_calib_saved(struct sweep_calib *c, struct target *t, double usable_bytes, double waf, double spread)
{
	if (!(c->line_units > 0))
		sweep_calib_init(c, t);
	calibrate(c, usable_bytes, waf, fmax(PREDICT_TOL_PCT / 100, spread));
}

bool sweep_calib_check(struct sweep_calib *c, const struct sweep_point *pt)
{
	double usable = (double)pt->usable_bytes, bias = isnan(c->wa_bias) ? 1 : c->wa_bias;
	double want = bias * sweep_calib_wa(c, usable);
	double tol = (isnan(c->wa_bias) ? SWEEP_CONSTRUCT_MODEL_TOL_PCT : SWEEP_CONSTRUCT_TOL_PCT) / 100;
	double lo = bias * wa_model_waf(c->native_bytes + c->native_sigma, c->line_units, c->fifo, usable);
	double hi = bias * wa_model_waf(c->native_bytes - c->native_sigma, c->line_units, c->fifo, usable);

	if (!pt->pc.media_known || !isfinite(want) || !isfinite(pt->pc.waf))
		return true;
	if (isfinite(lo) && isfinite(hi))
		tol = fmax(tol, (hi - lo) / 2 / want);
	if (fabs(pt->pc.waf / want - 1) <= tol)
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
bool sweep_point_missed(struct sweep_calib *c, const struct sweep_point *pt, char *why, size_t len)
{
	const char *stop = pt->pc.stop_reason ? pt->pc.stop_reason : "no window";

	if (pt->pc.reached || !strcmp(stop, "predicted"))
		return false;
	snprintf(why, len, "constructed at %.4g%% OP, not steady (%s after %zu rounds)", pt->op_percent, stop,
		 pt->pc.nrounds);
	if (!c->missed || pt->op_percent < c->miss_op)
		c->miss_op = pt->op_percent;
	c->missed = true;
	return true;
}
