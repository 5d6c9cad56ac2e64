/* SPDX-License-Identifier: MIT */
/*
 * What is given of a drive's endurance, the settings of the endurance
 * figures of sweep and qualify (cli/endurance_opts.h fills them from
 * --rated-tbw, --rated-dwpd, --warranty-years, --daily-writes and
 * --target-life): the datasheet's rating, the pool's host writes per day,
 * the life wanted.  results/endurance_input.h turns them, with what a drive
 * reports, into what a result's life is figured from.
 */
#ifndef SSDPROF_ENDURANCE_SETTINGS_H
#define SSDPROF_ENDURANCE_SETTINGS_H

#include <stdbool.h>

struct endurance_settings {
	double rated_tbw, rated_dwpd, warranty_years, daily_writes, target_life;   /* NAN: not given */
	bool given;
};

#endif
