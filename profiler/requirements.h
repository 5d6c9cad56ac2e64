/* SPDX-License-Identifier: MIT */
/*
 * A pool's requirements of a drive and the verdict on one (DESIGN.md 5,
 * "Qualification"): `--require` items such as "steady_iops>=40000" and a
 * JSON file of the same, checked against what the drive's profile measured.
 *
 *   steady               the chosen OP reached steady state
 *   steady_iops>=N       steady IOPS at the chosen OP
 *   p99_9_write_us<=X    99.9th percentile write latency at the chosen OP, µs
 *   post_cache_mbps>=Y   sequential write rate after the SLC cache, MB/s
 *   life_years>=Z        projected life at the chosen OP (--daily-writes)
 *   qd1_read_us<=X       mean 4k random-read latency at QD 1 on the QD curve, µs
 *   qd1_write_us<=X      mean 4k random-write latency at QD 1 on the QD curve, µs
 *   read_iops>=N         the most 4k random-read IOPS of any QD of the curve
 *
 * Each figure takes >= or <=.  A figure that was not measured fails its
 * requirement: what cannot be shown is not met.
 */
#ifndef SSDPROF_REQUIREMENTS_H
#define SSDPROF_REQUIREMENTS_H

#include <stdbool.h>
#include <stddef.h>

#define REQ_MAX 16
#define REQ_ITEM_MAX 64               /* bytes of one --require item */
#define REQ_FILE_MAX (64u * 1024)     /* bytes of a --requirements file */
#define REQ_LIMIT_MAX 1e12
/* The smallest limit above 0, so every limit req_format writes (REQ_LIMIT_DECIMALS at most) reads back. */
#define REQ_LIMIT_MIN 1e-15
#define REQ_LIMIT_DECIMALS 30

enum req_figure {
	REQ_STEADY,
	REQ_STEADY_IOPS,
	REQ_P99_9_WRITE_US,
	REQ_POST_CACHE_MBPS,
	REQ_LIFE_YEARS,
	REQ_QD1_READ_US,
	REQ_QD1_WRITE_US,
	REQ_READ_IOPS,
	REQ_NFIGURES,
};

enum req_cmp { REQ_TRUE, REQ_GE, REQ_LE };

struct requirement {
	enum req_figure figure;
	enum req_cmp cmp;
	double limit;                 /* REQ_TRUE: 1 */
};

struct requirement_set {
	struct requirement r[REQ_MAX];
	size_t n;
};

/* What a drive's profile measured; NAN (steady: -1) where not measured. */
struct req_measured {
	int steady;                   /* 1 reached, 0 not, -1 not measured */
	double steady_iops, p99_9_write_us, post_cache_mbps, life_years;
	double qd1_read_us, qd1_write_us, read_iops;
};

/* Whether f is measured by the QD curve, or by the SLC probe. */
bool req_figure_needs_qd(enum req_figure f);
bool req_figure_needs_slc(enum req_figure f);

struct req_outcome {
	double measured;              /* NAN: not measured; steady: 1 or 0 */
	bool pass;
	/*
	 * How far inside the limit, as a fraction of it: +0.25 is 25% better
	 * than asked, negative a miss.  NAN for steady, an unmeasured figure or
	 * a limit of 0.
	 */
	double margin;
};

/*
 * The first requirement of set on figure f, or NULL.  A life needs the
 * pool's daily writes and the drive's (or every member's) rated
 * endurance: the command refuses life_years up front without them.
 */
const struct requirement *requirements_find(const struct requirement_set *set, enum req_figure f);

/* "steady_iops", ... */
const char *req_figure_name(enum req_figure f);
/* "steady", "steady_iops>=40000": the requirement as written back. */
void req_format(const struct requirement *r, char *buf, size_t len);

/* One --require item into set.  0, or -EINVAL / -ERANGE with a one-line reason. */
int requirements_add_arg(struct requirement_set *set, const char *arg, char *err, size_t errlen);
/*
 * A requirements file (len bytes of JSON text), e.g.
 * {"steady": true, "steady_iops": {"min": 40000}, "p99_9_write_us": {"max": 2000}},
 * into set.  0, or -EINVAL / -ERANGE with a one-line reason saying what
 * is wrong (naming the key, and what the file or the key holds) and the
 * shape expected; the caller names the file.
 */
int requirements_add_json(struct requirement_set *set, const char *text, size_t len, char *err, size_t errlen);
/*
 * The requirements file at path (a regular file: a FIFO never blocks, see
 * util/input_file.h) into set as requirements_add_json reads it.  0, or
 * -errno with a one-line reason that names the file ("cannot read 'F': why"
 * or "F: what is wrong in it"); the caller names the option.
 */
int requirements_read_file(struct requirement_set *set, const char *path, char *err, size_t errlen);

/* Check every requirement of set: out[i] for set->r[i].  Returns whether all pass. */
bool requirements_check(const struct requirement_set *set, const struct req_measured *m, struct req_outcome *out);

#endif
