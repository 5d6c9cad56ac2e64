/* SPDX-License-Identifier: MIT */
/*
 * Several `pts` results of one drive as one suite (docs/pts_report.md):
 * found in a `pts all` folder (DIR/TEST/result.json) or given as files,
 * checked to be one drive's with each test once, in the spec's order; the
 * headline figure of each test, which the combined page's answer and
 * `report --text` print alike; the combined page.
 */
#ifndef SSDPROF_PTS_SUITE_H
#define SSDPROF_PTS_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct json_object;

/* The most documents of a suite: the eight tests, twice over for a damaged folder's refusal to name both. */
#define PTS_SUITE_MAX 16

struct pts_suite {
	struct json_object *doc[PTS_SUITE_MAX];
	char *file[PTS_SUITE_MAX];
	size_t n;
};

/*
 * Whether the n paths `report` was given are a suite: several files, or one
 * folder with no result.json of its own that holds a folder with one.
 */
bool pts_suite_wanted(char *const *paths, size_t n);

/*
 * Load the suite: each path a result file, or a `pts all` folder whose
 * SUB/result.json are taken.  Every document is a valid pts result
 * (report_load), of one drive (the same model and serial; a simulated
 * drive: the same spec), each test once; they are put in the spec's order
 * (iops, throughput, latency, wsat, hir, xsr, cbw, dirth).  0, or -errno
 * with a one-line reason naming the file and the fix in err (the caller
 * exits 2); pts_suite_free either way.
 */
int pts_suite_load(struct pts_suite *s, char *const *paths, size_t n, char *err, size_t errlen);
void pts_suite_free(struct pts_suite *s);

/* The test of entry i in the spec's order (its rank: 0 for iops); PTS_SUITE_MAX when unknown. */
size_t pts_test_rank(const char *test);

/*
 * A test's headline: what the figure is ("4 KiB random write"), the figure
 * with its unit as printed ("85123 IOPS"), and the number itself (NAN when
 * not measured: the text then says n/a).
 */
struct pts_headline {
	const char *test;
	char what[80];
	char text[160];
	double figure;
	const char *unit;
	bool steady;      /* every stage's window held */
};

/*
 * doc's headline, by test: iops: 4 KiB 0/100 IOPS; throughput: 128 KiB
 * sequential write MB/s (and read); latency: 4 KiB 0/100 99.999% response
 * time (and mean); wsat: the IOPS it ends at (the mean of its last fifth of
 * samples, as XSR's end level); hir: the wait state whose IOPS gained most
 * over the steady state; xsr: the random phase's settling time (and the
 * sequential return's); cbw: its IOPS (and mean response time); dirth: the
 * max IOPS point and its mean response time.
 */
void pts_headline(struct json_object *doc, struct pts_headline *h);

/* The combined page of s written to out (PNGs in png when given), each file named on say. 0 or -errno with err. */
int report_pts_suite_make(const struct pts_suite *s, const char *out, const char *png, FILE *say, char *err,
			  size_t errlen);
/* The suite's summary on a terminal: the drive, then a line per test with its headline, in width columns. */
void term_pts_suite(FILE *f, const struct pts_suite *s, int width);

#endif
