/* SPDX-License-Identifier: MIT */
/*
 * The progress of a long command, shown three ways (DESIGN.md 3):
 *
 * - on a terminal (stderr a TTY, TERM not dumb): one status line on stderr
 *   redrawn in place (\r, erase to the end of the line), with finished
 *   events as permanent lines above it (status.c)
 * - otherwise: plain lines on stdout, one per event, no carriage returns
 * - --events FILE|-: JSON lines, one per event (events.c)
 *
 * The methods report through callbacks (precondition events, phase ticks);
 * the command hands them here and says when points start and end.  The
 * estimates come from profiler/eta.h.  SIGUSR1 prints the status once.
 */
#ifndef SSDPROF_PROGRESS_H
#define SSDPROF_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "precondition/precondition.h"
#include "profiler/eta.h"
#include "results/progress_status.h"

struct target;

struct progress_opts {
	const char *command;     /* "sweep", "slc", ... */
	bool quiet;              /* no status line, no lines */
	bool json;               /* stdout holds the result document: no lines there */
	const char *events;      /* --events: a file, "-" for stdout, or NULL */
	bool batch;              /* one drive of several (cli/batch.h): nothing shown, SIGUSR1 left alone */
	struct metrics *metrics; /* --metrics (cli/metrics.h), or NULL */
};

struct progress {
	const char *command;
	char target[1024];       /* the first target's name: run reopens a group per --chunk */
	struct target *t;
	bool virtual_time;
	uint64_t start_ns;       /* target clock at the start (or at the last progress_retarget) */
	double base_s;           /* the time before the last progress_retarget */
	struct timespec wall0;   /* CLOCK_MONOTONIC at the start */
	struct eta eta;

	bool tty;                /* a status line on stderr, redrawn */
	bool color;              /* NO_COLOR unset */
	bool lines;              /* plain lines on stdout */
	FILE *events;            /* JSON lines, or NULL */
	bool events_owned;
	const char *events_path; /* --events as given */
	int events_err;          /* errno of the first --events line lost, else 0 */

	char phase[16];          /* the phase running, "" before the first */
	unsigned phase_index;
	double phase_start_s;
	size_t point;            /* 1-based point running; 0 between points */
	double op;               /* its OP (sweep), NAN otherwise */
	size_t rounds;           /* finished rounds of the point */
	double mbps, iops;       /* now */
	bool shown;              /* the status line is on the screen */
	double drawn_wall_s;     /* when it was last drawn */
	double event_wall_s;     /* when the last progress event was written */
	bool closed;
	bool batch;
	struct metrics_slot *metrics;  /* this drive's --metrics state (cli/metrics.h), or NULL */
};

/* 0, or an exit code after printing why (an --events file that cannot be opened). */
int progress_open(struct progress *p, const struct progress_opts *o, struct target *t, const struct eta_settings *s);
/*
 * The last event (done: the job finished, fraction 1) and the status line
 * erased.  EXIT_RUN_FAILED when --events lines were lost (a full disk,
 * /dev/full: said in one line, once), else 0; again on a second call.
 */
int progress_close(struct progress *p, bool done);

void progress_point_start(struct progress *p, double op, uint64_t usable_bytes);
void progress_point_end(struct progress *p, double op, double iops, double waf, bool reached, size_t rounds);
/* A resumed sweep's point measured before: counts in the plan, not in the rates. */
void progress_replayed(struct progress *p, double op, double iops, double waf);

/* A precondition event (fill, rounds, ticks); the lines are printed by the caller. */
void progress_pc_event(struct progress *p, const struct precondition_event *ev);
/* A phase tick: the slc probe's callback (arg: the struct progress).  Non-zero: interrupted. */
int progress_tick(const struct phase_tick *tk, void *arg);

/* The phase running ends now (the next tick begins another, even of the same name). */
void progress_phase_end(struct progress *p);

/* Before printing anything else: the status line off the screen (it comes back at the next tick). */
void progress_pause(struct progress *p);
/* A permanent line on stdout (when lines are printed), above the status line. */
void progress_line(struct progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * A target closed (t NULL: the clock stops) or opened afresh in its place
 * (run's group per --chunk): the time goes on from where it was.
 */
void progress_retarget(struct progress *p, struct target *t);

/* Seconds since the start: target clock, and wall clock. */
double progress_now_s(const struct progress *p);
double progress_wall_s(const struct progress *p);

/*
 * --dry-run: the drive time of the plan at the drive's known sequential
 * speed (the simulator's NAND rate) or an assumed one, the assumption said.
 */
void progress_dry_run_estimate(struct target *t, const struct eta_settings *s);
/* The drive's write command cap, IOPS, as the simulator gives it; 0 when it does not say. */
double progress_known_write_iops(struct target *t);
struct workload;
/*
 * The rate w is expected to run at on t, MB/s, and why (a simulated drive:
 * its program rate, over its random-write WA for random writes; else an
 * assumed rate by kind): for run --bytes, its samples and its estimate.
 */
double progress_run_mbps(struct target *t, const struct workload *w, char *why, size_t len);

/*
 * The progress now as figures (results/progress_status.h), for the status
 * line, the --events lines and --metrics; with_fraction: the job's fraction
 * too (it never goes down: asked only where it is shown).
 */
void progress_status_of(struct progress *p, struct progress_status *s, bool with_fraction);

/* status.c: the status line (reports/term_status.h) drawn on stderr, and erased. */
void status_draw(struct progress *p, bool force);
void status_erase(struct progress *p);
/* The terminal's width (COLUMNS, the TTY, else 80). */
int status_width(void);

/* events.c: one JSON line; figures (owned, may be NULL) are added to it. */
struct json_object;
void events_write(struct progress *p, const char *event, struct json_object *figures);
/*
 * --events FILE opened for its lines into *f: a regular file, a terminal or
 * device, a FIFO someone reads (util/input_file.h).  0, or EXIT_USAGE after
 * printing why; nothing waits on a FIFO nobody reads.
 */
int events_open(const char *path, FILE **f);

#endif
