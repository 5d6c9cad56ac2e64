/* SPDX-License-Identifier: MIT */
/*
 * The terminal text of a result document: what sweep, slc, run,
 * precondition and qualify print when they end, and what `report --text`
 * prints again from the saved file, so the screen and the file cannot
 * disagree.  Each renderer reads only the document (results/json_get.h);
 * sentences are wrapped at words to the width given (util/text.h
 * text_columns: 80 unless a wider terminal), tables are the page's
 * (reports/table.h).  The text ends with the commands that follow (the
 * report, op --set with the recommended OP), named from the document.
 */
#ifndef SSDPROF_TERM_H
#define SSDPROF_TERM_H

#include <stdbool.h>
#include <stdio.h>

#include "results/result_kinds.h"

struct json_object;

/*
 * The summary of doc, a result of kind, to f in width columns; dir is the
 * folder that holds its result.json (named in the next steps; NULL: none
 * named).  0, or -EINVAL for a kind that has no terminal text (batch).
 */
int term_render(FILE *f, struct json_object *doc, enum result_kind kind, const char *dir, int width);

/* The per-kind parts, for a command that prints them apart from its end. */
void term_sweep(FILE *f, struct json_object *doc, int width);
void term_slc(FILE *f, struct json_object *doc, int width);
void term_run(FILE *f, struct json_object *doc, int width);
void term_precondition(FILE *f, struct json_object *doc, int width);
void term_qualify(FILE *f, struct json_object *doc, int width);
void term_pts(FILE *f, struct json_object *doc, int width);

struct table;
/*
 * Print t to f in width columns and free it: as it is when it fits, else a
 * block per row ("heading: cell" lines under its first two cells).
 */
void term_table(FILE *f, struct table *t, const char *indent, int width);

/* term_run.c: a run over several chunk sizes has its chunk table (chunk_comparison) instead of the QD table. */
bool term_run_has_chunks(struct json_object *doc);
void term_run_chunks(FILE *f, struct json_object *doc);

/*
 * compare's table t (of the page, left as it is) to f in width columns:
 * as it is when it fits; else with each drive named by its number in
 * set (its row in the page's table) and a legend of the numbers under
 * the table, and as a block per row if that is still too wide.  width 0:
 * as it is, however wide.
 */
struct compare_set;
void term_compare(FILE *f, const struct compare_set *set, const struct table *t, int width);

/*
 * The commands that follow a result in dir: `ssdprof report DIR` for the
 * page, and for each drive with a recommended (or chosen) OP the `ssdprof
 * op` command that sets it, with --yes SERIAL on a real drive whose OP can
 * be set (an NVMe namespace, a SATA HPA); for a drive that cannot (a
 * simulated drive, a file) what the OP would be.  Another command (pts)
 * calls it with its own OP, NAN for none.
 */
void term_next_steps(FILE *f, struct json_object *target, double op_percent, const char *dir, int width);

/*
 * One run step's line: label ("" or " chunk=16k qd=32"), seconds, IOPS,
 * MB/s, WA (NAN: n/a), then its latencies on a second line.
 */
void term_run_line(FILE *f, const char *label, double secs, double iops, double mbps, double waf, double mean_us,
		   double p50_us, double p99_us);

#endif
