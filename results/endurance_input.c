/* SPDX-License-Identifier: MIT */
/* What a result's endurance is figured from (results/endurance_input.h). */
#include <math.h>
#include <stdio.h>

#include "device/target.h"
#include "profiler/endurance.h"
#include "results/endurance_input.h"

/* One drive's rating: the datasheet figure given, else what it reports; NAN when neither.  src as below. */
static double drive_rating(const struct endurance_settings *e, struct target *t, const char **source, char src[32])
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

void endurance_input_of(const struct endurance_settings *e, struct target *t, struct endurance_input *in,
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

bool endurance_life_known(const struct endurance_settings *e, struct target *t, char *why, size_t len)
{
	struct endurance_input in;
	char src[32];

	if (isnan(e->daily_writes)) {
		snprintf(why, len, "give --daily-writes, the pool's host writes per day");
		return false;
	}
	endurance_input_of(e, t, &in, src);
	if (in.no_life)
		snprintf(why, len, "%s", in.no_life);
	return !in.no_life;
}
