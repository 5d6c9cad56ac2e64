/* SPDX-License-Identifier: MIT */
/*
 * What a result's endurance is figured from (results/endurance_json.h
 * struct endurance_input): the datasheet figure given
 * (profiler/endurance_settings.h), else what the drive reports
 * (TARGET_CTL_ENDURANCE: NVMe Endurance Group log, a simulated drive's P/E
 * cycles); a group by each member's own rating.
 */
#ifndef SSDPROF_ENDURANCE_INPUT_H
#define SSDPROF_ENDURANCE_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "profiler/endurance_settings.h"
#include "results/endurance_json.h"

struct target;

/*
 * What the annotation of t's results uses: the datasheet figure given, else
 * what the drive reports, else none.  src holds the source name (32 bytes).
 * in->no_life, when set, is why no life can be figured although
 * --daily-writes is given: the drive or a member of the group reports no
 * rating and none was given.
 */
void endurance_input_of(const struct endurance_settings *e, struct target *t, struct endurance_input *in,
			char src[32]);

/*
 * Whether t's life can be figured (a rating found, --daily-writes given);
 * when not, why in why (one line, no command name).  Lets a requirement
 * on the life be refused before anything runs.
 */
bool endurance_life_known(const struct endurance_settings *e, struct target *t, char *why, size_t len);

#endif
