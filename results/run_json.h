/* SPDX-License-Identifier: MIT */
/*
 * The run document (kind "run") from the steps' structs (profiler/run_steps.h):
 * each chunk's series as result_run_json builds any run's, and with a group
 * every series' members, the group, the chunk comparison; for a write curve,
 * how the drive was prepared ("preconditioned"); and the files beside it.
 */
#ifndef SSDPROF_RUN_JSON_H
#define SSDPROF_RUN_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;
struct raid_snap;
struct result_meta;
struct run_plan;
struct run_set;
struct target;

/* "preconditioned".how of a run's write curve: brought to steady state first, or measured fresh. */
#define RUN_PREP_HOW_STEADY "steady-state"
#define RUN_PREP_HOW_FRESH "fresh-drive"

/* A group's figures per series: {chunk_bytes, members, limiting_member} and the limiting index. */
struct run_members {
	struct json_object **series;
	int *limiting;
	size_t n;
};

int run_members_init(struct run_members *m, size_t n);
void run_members_free(struct run_members *m);

/*
 * Series i: its chunk and its members' figures between a and b.  failed:
 * a failed series, its members as far as they can be read, never a hole.
 * 0 or -errno.
 */
int run_members_add(struct run_members *m, size_t i, uint64_t chunk_bytes, const struct target *t,
		    const struct raid_snap *a, const struct raid_snap *b, bool failed);

struct run_doc_in {
	const struct run_plan *plan;
	const struct run_set *set;
	const struct run_members *members;  /* a group, or NULL */
	bool fill;                          /* settings.fill: the span was written first */
	bool curve_state;                   /* a write curve: say how the drive was prepared */
	struct json_object *target0, *group0;   /* a group: the target and group as first opened */
};

/* "16k", "1M": a chunk size as the user typed it, for labels and file names. */
const char *chunk_name(char *buf, size_t len, uint64_t bytes);

/* The run document.  NULL when out of memory. */
struct json_object *run_json_doc(const struct result_meta *meta, const struct target *t,
				 const struct run_doc_in *in);

/*
 * result.json and the CSV files: timeseries.csv for one series, else
 * timeseries-qdN.csv (a depth repeated: -qdN-2, -qdN-3...) and
 * qd_curve.csv; with a chunk list, per chunk, each name with -chunkSIZE.
 * 0 or -errno with err set.
 */
int run_json_write(const char *dir, const struct run_doc_in *in, struct json_object *doc, char *err,
		   size_t errlen);

#endif
