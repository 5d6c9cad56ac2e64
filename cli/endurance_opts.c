/* SPDX-License-Identifier: MIT */
/* The endurance options (cli/endurance_opts.h). */
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/endurance_opts.h"
#include "device/target.h"
#include "profiler/endurance.h"
#include "util/parse.h"
#include "util/settings_limits.h"

void endurance_opts_init(struct endurance_opts *e)
{
	*e = (struct endurance_opts){ NAN, NAN, NAN, NAN, NAN, false };
}

static int once(double *slot, const char *opt)
{
	if (!isnan(*slot)) {
		cli_error("%s given twice; give it once", opt);
		return EXIT_USAGE;
	}
	return 0;
}

int endurance_option(struct endurance_opts *e, int c, const char *arg)
{
	char err[256];
	uint64_t size;
	int ret;

	switch (c) {
	case ENDURANCE_OPT_RATED_TBW:
		if ((ret = once(&e->rated_tbw, "--rated-tbw")))
			return ret;
		ret = parse_double("--rated-tbw", arg, 0.001, LIM_RATED_TBW_MAX, &e->rated_tbw, err, sizeof(err));
		break;
	case ENDURANCE_OPT_RATED_DWPD:
		if ((ret = once(&e->rated_dwpd, "--rated-dwpd")))
			return ret;
		ret = parse_double("--rated-dwpd", arg, 0.001, LIM_DWPD_MAX, &e->rated_dwpd, err, sizeof(err));
		break;
	case ENDURANCE_OPT_WARRANTY_YEARS:
		if ((ret = once(&e->warranty_years, "--warranty-years")))
			return ret;
		ret = parse_double("--warranty-years", arg, 0.1, LIM_WARRANTY_YEARS_MAX, &e->warranty_years, err,
				   sizeof(err));
		break;
	case ENDURANCE_OPT_DAILY_WRITES:
		if ((ret = once(&e->daily_writes, "--daily-writes")))
			return ret;
		ret = parse_size("--daily-writes", arg, &size, err, sizeof(err));
		if (!ret && (size < 1 || (double)size > LIM_DAILY_WRITES_MAX)) {
			snprintf(err, sizeof(err), "--daily-writes: use 1 byte to 100 PB a day, e.g. 200GB");
			ret = -ERANGE;
		}
		e->daily_writes = ret ? NAN : (double)size;
		break;
	case ENDURANCE_OPT_TARGET_LIFE:
		if ((ret = once(&e->target_life, "--target-life")))
			return ret;
		ret = parse_double("--target-life", arg, 0.01, LIM_TARGET_LIFE_MAX, &e->target_life, err, sizeof(err));
		break;
	default:
		return 1;
	}
	if (ret) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	e->given = true;
	return 0;
}

int endurance_opts_check(const struct endurance_opts *e, const char *cmd)
{
	if (!isnan(e->rated_tbw) && !isnan(e->rated_dwpd)) {
		cli_error("%s: --rated-tbw and --rated-dwpd both rate the drive; give one", cmd);
		return EXIT_USAGE;
	}
	if (isnan(e->rated_dwpd) != isnan(e->warranty_years)) {
		cli_error("%s: --rated-dwpd and --warranty-years go together (TBW = DWPD x capacity x days)", cmd);
		return EXIT_USAGE;
	}
	if (!isnan(e->target_life) && isnan(e->daily_writes)) {
		cli_error("%s: --target-life needs --daily-writes, the pool's host writes per day", cmd);
		return EXIT_USAGE;
	}
	return 0;
}

/* One drive's rating: the datasheet figure given, else what it reports; NAN when neither.  src as below. */
static double drive_rating(const struct endurance_opts *e, struct target *t, const char **source, char src[32])
{
	struct target_endurance te = { 0 };

	if (!isnan(e->rated_tbw)) {
		*source = "rated-tbw";
		return e->rated_tbw;
	}
	if (!isnan(e->rated_dwpd)) {
		/* DWPD counts drive writes of the full capacity, before any OP. */
		*source = "rated-dwpd";
		return endurance_tbw_from_dwpd(e->rated_dwpd, e->warranty_years, t->info.capacity_bytes);
	}
	if (!target_control(t, TARGET_CTL_ENDURANCE, &te) && te.rated_tbw > 0) {
		snprintf(src, 32, "%s", te.source);
		*source = src;
		return te.rated_tbw;
	}
	return NAN;
}

#define NO_RATING "has no rated endurance (give --rated-tbw or --rated-dwpd)"

void endurance_opts_input(const struct endurance_opts *e, struct target *t, struct endurance_input *in,
			  char src[32])
{
	unsigned n = 0;

	*in = (struct endurance_input){ NAN, NULL, e->daily_writes, e->target_life, 0, { 0 }, NULL };
	/* A group wears its members: each by its own rating (a datasheet's TBW is per drive). */
	if (target_has(t, TARGET_CAP_GROUP) && !target_control(t, TARGET_CTL_MEMBERS, &n) && n &&
	    n <= ENDURANCE_JSON_MAX_MEMBERS) {
		in->nmembers = n;
		for (unsigned i = 0; i < n; i++) {
			struct target_member m = { .index = i };

			in->member_rated_tbw[i] = target_control(t, TARGET_CTL_MEMBER, &m) ? NAN
						  : drive_rating(e, m.member, &in->source, src);
			if (isnan(in->member_rated_tbw[i]) && !in->no_life)
				in->no_life = "a member " NO_RATING;
			if (!(in->member_rated_tbw[i] >= in->rated_tbw))
				in->rated_tbw = in->member_rated_tbw[i];
		}
		if (in->no_life)
			in->rated_tbw = NAN;
	} else {
		in->rated_tbw = drive_rating(e, t, &in->source, src);
		if (isnan(in->rated_tbw))
			in->no_life = "the drive " NO_RATING;
	}
	if (isnan(e->daily_writes))
		in->no_life = NULL;
}

bool endurance_opts_life_known(const struct endurance_opts *e, struct target *t, char *why, size_t len)
{
	struct endurance_input in;
	char src[32];

	if (isnan(e->daily_writes)) {
		snprintf(why, len, "give --daily-writes, the pool's host writes per day");
		return false;
	}
	endurance_opts_input(e, t, &in, src);
	if (in.no_life)
		snprintf(why, len, "%s", in.no_life);
	return !in.no_life;
}
