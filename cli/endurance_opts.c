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

void endurance_opts_init(struct endurance_settings *e)
{
	*e = (struct endurance_settings){ NAN, NAN, NAN, NAN, NAN, false };
}

static int once(double *slot, const char *opt)
{
	if (!isnan(*slot)) {
		cli_error("%s given twice; give it once", opt);
		return EXIT_USAGE;
	}
	return 0;
}

int endurance_option(struct endurance_settings *e, int c, const char *arg)
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

int endurance_opts_check(const struct endurance_settings *e, const char *cmd)
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
