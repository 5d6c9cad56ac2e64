/* SPDX-License-Identifier: MIT */
/*
 * The endurance options of sweep and qualify: the drive's rated endurance
 * from its datasheet (--rated-tbw TB, or --rated-dwpd N --warranty-years Y),
 * the pool's host writes per day (--daily-writes SIZE) and the life wanted
 * (--target-life YEARS).  Without a datasheet figure the drive's own report
 * is used (TARGET_CTL_ENDURANCE: NVMe Endurance Group log, a simulated
 * drive's P/E cycles).
 */
#ifndef SSDPROF_ENDURANCE_OPTS_H
#define SSDPROF_ENDURANCE_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/endurance_settings.h"
#include "results/endurance_input.h"

struct target;

/* Option ids, clear of every command's own (which start at CLI_OPT_END). */
enum {
	ENDURANCE_OPT_RATED_TBW = 1900, ENDURANCE_OPT_RATED_DWPD, ENDURANCE_OPT_WARRANTY_YEARS,
	ENDURANCE_OPT_DAILY_WRITES, ENDURANCE_OPT_TARGET_LIFE,
};

#define ENDURANCE_LONGOPTS \
	{ "rated-tbw", required_argument, NULL, ENDURANCE_OPT_RATED_TBW }, \
	{ "rated-dwpd", required_argument, NULL, ENDURANCE_OPT_RATED_DWPD }, \
	{ "warranty-years", required_argument, NULL, ENDURANCE_OPT_WARRANTY_YEARS }, \
	{ "daily-writes", required_argument, NULL, ENDURANCE_OPT_DAILY_WRITES }, \
	{ "target-life", required_argument, NULL, ENDURANCE_OPT_TARGET_LIFE }

#define ENDURANCE_USAGE \
	"  --daily-writes SIZE  the pool's host writes per drive per day, e.g. 200GB; with a\n" \
	"                     rated endurance, each OP level gets its life in years (a\n" \
	"                     RAID group: the group's writes; it lasts as its first\n" \
	"                     member to wear out)\n" \
	"  --rated-tbw TB     the datasheet's rated endurance in TB written (default: what the\n" \
	"                     drive reports, NVMe Endurance Group log or the simulator's P/E cycles)\n" \
	"  --rated-dwpd N --warranty-years Y   the same as drive writes per day over the warranty\n" \
	"  --target-life Y    also name the least OP whose life reaches Y years\n"

void endurance_opts_init(struct endurance_settings *e);
/*
 * Option c with value arg if it is one of these: 0 when taken, 1 when c is
 * not an endurance option, EXIT_USAGE after printing why.
 */
int endurance_option(struct endurance_settings *e, int c, const char *arg);
/* The rules between them (cmd for the message).  0, or EXIT_USAGE after printing why. */
int endurance_opts_check(const struct endurance_settings *e, const char *cmd);

#endif
