/* SPDX-License-Identifier: MIT */
/*
 * Endurance in a sweep document (DESIGN.md 4, "sweep"): every point's
 * `endurance` {life_years, nand_bytes_per_host_byte, rated_tbw,
 * daily_writes_bytes, source} and the document's `endurance` summary
 * {rated_tbw, source, daily_writes_bytes, target_life_years,
 * least_op_percent, recommended_life_years}.  Figures not known are null.
 *
 * A RAID group's points add to their `endurance` the members' figures,
 * `members` [{life_years, nand_bytes_per_host_byte, host_share,
 * rated_tbw}], and `limiting_member`, the index of the first to wear out,
 * whose life is the point's life_years (profiler/endurance.h); the summary
 * adds `members_rated_tbw` [...] and `limiting_member` at the
 * recommendation.  When daily writes are given but no life can be figured,
 * the summary's `no_life` says why in one line.
 */
#ifndef SSDPROF_ENDURANCE_JSON_H
#define SSDPROF_ENDURANCE_JSON_H

#include <stddef.h>

struct json_object;

#define ENDURANCE_JSON_MAX_MEMBERS 32   /* RAID_MAX_MEMBERS */

struct endurance_input {
	double rated_tbw;               /* TB at WA 1; NAN: not known */
	const char *source;             /* where the rating came from; NULL: none */
	double daily_writes_bytes;      /* NAN: not given */
	double target_life_years;       /* NAN: not given */
	/* A group: each member's rating (NAN: not known), in member order; 0 members: a drive. */
	unsigned nmembers;
	double member_rated_tbw[ENDURANCE_JSON_MAX_MEMBERS];
	const char *no_life;            /* why there is no life although daily writes are given; NULL */
};

/*
 * Add (or replace) the endurance of every point of the sweep document doc
 * from its WA, and the summary at the top, against the knee's
 * recommendation when doc has one.
 */
void endurance_json_annotate(struct json_object *doc, const struct endurance_input *in);

/* The input back from a document's summary: 0, or -ENOENT when it has none. */
int endurance_json_input(struct json_object *doc, struct endurance_input *in);

/*
 * The terminal's endurance lines from the document's summary (each under
 * 80 columns, newline-ended) into buf: the life at the recommendation,
 * the member that limits a group, the least OP for the target life, or
 * why there is no life.  Empty when the sweep was not asked for a life.
 */
void endurance_json_lines(struct json_object *doc, char *buf, size_t len);

#endif
