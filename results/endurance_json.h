/* SPDX-License-Identifier: MIT */
/*
 * Endurance in a sweep document (DESIGN.md 4, "sweep"): every point's
 * `endurance` {life_years, nand_bytes_per_host_byte, rated_tbw,
 * daily_writes_bytes, source} and the document's `endurance` summary
 * {rated_tbw, source, daily_writes_bytes, target_life_years,
 * least_op_percent, recommended_life_years}.  Figures not known are null.
 */
#ifndef SSDPROF_ENDURANCE_JSON_H
#define SSDPROF_ENDURANCE_JSON_H

struct json_object;

struct endurance_input {
	double rated_tbw;               /* TB at WA 1; NAN: not known */
	const char *source;             /* where the rating came from; NULL: none */
	double daily_writes_bytes;      /* NAN: not given */
	double target_life_years;       /* NAN: not given */
};

/*
 * Add (or replace) the endurance of every point of the sweep document doc
 * from its WA, and the summary at the top, against the knee's
 * recommendation when doc has one.
 */
void endurance_json_annotate(struct json_object *doc, const struct endurance_input *in);

/* The input back from a document's summary: 0, or -ENOENT when it has none. */
int endurance_json_input(struct json_object *doc, struct endurance_input *in);

#endif
