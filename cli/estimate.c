/* SPDX-License-Identifier: MIT */
/*
 * --dry-run's time estimate: the plan's drive time at the drive's known
 * sequential write speed, or at an assumed one, and which it was.  Rounds
 * last their set time whatever the speed; only the fills and the SLC
 * probe's writes depend on it, and shortened rounds (--round-writes, --fast),
 * sized by the random-write rate guessed from it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli/progress.h"
#include "device/target.h"
#include "engine/workload.h"
#include "util/text.h"

/* What a drive of an unknown speed is assumed to write sequentially, MB/s: its interface's answer, else 500. */
static double assumed_mbps(struct target *t, char *why, size_t len)
{
	const char *kind = t->info.kind;
	double mbps = 500;

	/* Asked, not told by the kind's name (DESIGN.md: kinds are never compared by name). */
	if (target_control(t, TARGET_CTL_ASSUMED_WRITE_MBPS, &mbps) < 0 || !(mbps > 0))
		mbps = 500;
	snprintf(why, len, "an assumed %.0f MB/s for a%s %s target; the real speed is measured as it runs", mbps,
		 strchr("aeiou", kind[0]) ? "n" : "", kind);
	return mbps;
}

/* A figure of a section of describe (the simulator's "performance" or "keys"), or NAN. */
static double describe_num(struct target *t, const char *section, const char *key)
{
	struct json_object *o, *perf, *v;
	double x = NAN;

	if (!t->ops->describe || !(o = json_object_new_object()))
		return NAN;
	if (!t->ops->describe(t, o) && json_object_object_get_ex(o, section, &perf) &&
	    json_object_object_get_ex(perf, key, &v) && v)
		x = json_object_get_double(v);
	json_object_put(o);
	return x;
}

static double perf_num(struct target *t, const char *key)
{
	return describe_num(t, "performance", key);
}

double progress_known_write_iops(struct target *t)
{
	double w = describe_num(t, "keys", "max_write_iops"), all = perf_num(t, "max_iops");

	return w > 0 ? w : all > 0 ? all : 0;
}

/* The simulator says its NAND program rate (and interface cap) in describe. */
static double known_mbps(struct target *t, char *why, size_t len)
{
	double mbps = perf_num(t, "native_program_mbps"), cap = perf_num(t, "interface_mbps");

	if (cap > 0)
		mbps = fmin(mbps, cap);
	if (mbps > 0)
		snprintf(why, len, "%.0f MB/s, the drive's native program rate (past any SLC cache)", mbps);
	return mbps > 0 ? mbps : NAN;
}

double progress_run_mbps(struct target *t, const struct workload *w, char *why, size_t len)
{
	double mbps = known_mbps(t, why, len), waf;

	if (isnan(mbps))
		return assumed_mbps(t, why, len);
	/* Random writes past the cache run at the program rate over the drive's WA (7.7 on budget-tlc). */
	waf = perf_num(t, "waf_uniform_random_analytic");
	if (workload_writes(w) && workload_rw_random(w->rw) && waf > 1) {
		mbps /= waf;
		snprintf(why, len, "%.0f MB/s (program rate / random-write WA %.2f)", mbps, waf);
	}
	return mbps;
}

static void fmt_hours(char *buf, size_t len, double s)
{
	if (s < 120)
		snprintf(buf, len, "%.0f s", s);
	else if (s < 7200)
		snprintf(buf, len, "%.0f min", s / 60);
	else
		snprintf(buf, len, "%.1f h", s / 3600);
}

/* A sentence of the estimate to stdout, wrapped at words to the terminal's width (80 off a terminal). */
static void say(const char *line)
{
	text_wrap_print(stdout, line, text_columns(STDOUT_FILENO), 0, 2);
}

void progress_dry_run_estimate(struct target *t, const struct eta_settings *given)
{
	char why[160], lo_s[32], mid_s[32], hi_s[32], line[768];
	double mbps = known_mbps(t, why, sizeof(why));
	struct eta_settings capped = *given, steps = *given;
	const struct eta_settings *s = &capped;
	size_t points;
	double lo, mid, hi;

	capped.write_iops = progress_known_write_iops(t);

	if (isnan(mbps))
		mbps = assumed_mbps(t, why, sizeof(why));
	lo = eta_plan_s(s, mbps, STEADY_WINDOW, &points);
	mid = eta_plan_s(s, mbps, ETA_FIRST_ROUNDS < s->max_rounds ? ETA_FIRST_ROUNDS : s->max_rounds, &points);
	hi = eta_plan_s(s, mbps, s->max_rounds, &points);
	fmt_hours(lo_s, sizeof(lo_s), lo);
	fmt_hours(mid_s, sizeof(mid_s), mid);
	fmt_hours(hi_s, sizeof(hi_s), hi);
	switch (s->job) {
	case ETA_SWEEP:
	case ETA_PRECONDITION:
		if (s->round_writes > 0) {
			snprintf(line, sizeof(line), "estimate: %s of %s%zu point(s) on %.2f GB: about %s of drive "
				 "time (%s if every point stops as early as it may, %s if none stops before its round "
				 "limit), at %s; rounds of %.3g x the span at a random-write rate guessed from it%s",
				 s->job == ETA_SWEEP ? "sweep" : "precondition", s->plan && !s->plan->fixed ? "about " : "",
				 points, (double)s->capacity_bytes / 1e9, mid_s, lo_s, hi_s, why, s->round_writes,
				 s->carry_over ? ", points after the first carried over (no purge, no full fill)" : "");
			say(line);
			break;
		}
		snprintf(line, sizeof(line), "estimate: %s of %s%zu point(s) on %.2f GB: about %s of drive time (%s "
			 "if every point is steady after %u rounds, %s if none is before %u), at %s, plus the purges%s",
			 s->job == ETA_SWEEP ? "sweep" : "precondition", s->plan && !s->plan->fixed ? "about " : "",
			 points, (double)s->capacity_bytes / 1e9, mid_s, lo_s, STEADY_WINDOW, hi_s, s->max_rounds, why,
			 s->min_writes > 0 ? "; no window counts before the rounds wrote --min-writes x the span, the "
					     "spare past it first" : "");
		say(line);
		break;
	case ETA_RUN:
		/* The preparation at the drive's write rate, said apart; then the steps alone. */
		if (s->prep) {
			char prep_s[32];

			fmt_hours(prep_s, sizeof(prep_s), eta_run_prep_s(s, mbps, 0));
			snprintf(line, sizeof(line), "estimate: before the steps, %s: about %s of drive time at %s",
				 s->prep == ETA_PREP_FILL ? "a sequential fill of the span"
							  : "a fill and rounds to steady state", prep_s, why);
			say(line);
			steps.prep = ETA_PREP_NONE;
		}
		fmt_hours(mid_s, sizeof(mid_s), eta_plan_s(&steps, mbps, 0, &points));
		/* Steps of a set time last that long whatever the speed; steps of a size at the run's rate. */
		if (s->step_bytes && s->step_mbps > 0) {
			fmt_hours(mid_s, sizeof(mid_s), eta_plan_s(&steps, s->step_mbps, 0, &points));
			snprintf(why, sizeof(why), "%s", s->step_why ? s->step_why : "");
		}
		if (!s->step_bytes)
			snprintf(line, sizeof(line), "estimate: run of %u step(s) of %.4g s: %s of drive time", s->steps,
				 s->step_s, mid_s);
		else
			snprintf(line, sizeof(line), "estimate: run of %u step(s) of %.2f GB: about %s of drive time at %s",
				 s->steps, (double)s->step_bytes / 1e9, mid_s, why);
		say(line);
		break;
	default:
		snprintf(line, sizeof(line), "estimate: SLC probe on %.2f GB: about %s of drive time at %s, plus the purge",
			 (double)s->capacity_bytes / 1e9, mid_s, why);
		say(line);
		break;
	}
}
