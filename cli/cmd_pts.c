/* SPDX-License-Identifier: MIT */
/*
 * ssdprof pts TEST TARGET: a SNIA PTS test (profiler/pts.h) as the spec
 * defines it: purge, the 2x fill, rounds of the test's cells to the 5-round
 * steady window; the document (results/pts_json.c), a table on the terminal.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/pc_options.h"
#include "cli/workload_opts.h"
#include "device/target.h"
#include "engine/access_spec.h"
#include "profiler/pts.h"
#include "reports/csv_export.h"
#include "reports/report_pts.h"
#include "reports/term.h"
#include "results/json_get.h"
#include "results/pts_json.h"
#include "results/result_doc.h"
#include "results/result_identity.h"
#include "results/result_json.h"
#include "results/result_kinds.h"
#include "results/result_load.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "util/text.h"

const char cmd_pts_usage[] =
	"usage: ssdprof pts iops|latency|throughput|wsat|hir|xsr|cbw|dirth TARGET\n"
	"                   [OPTIONS] [--resume DIR]\n"
	"       ssdprof pts TEST --raid 0|1|5|6|10 [--chunk SIZE] MEMBER MEMBER... [OPTIONS]\n"
	"\n"
	"Run a test of SNIA's Solid State Storage Performance Test Specification\n"
	"(PTS-E 2.0.2): purge, write the span twice in 128 KiB sequential writes,\n"
	"then run rounds of the test's cells until the steady-state window holds on\n"
	"its tracking variable (5 rounds: range within 20% of their mean, slope\n"
	"within 10%) or --max-rounds.  The figures are the window's means per cell.\n"
	"DESTROYS ALL DATA on TARGET.\n"
	"\n"
	"  iops        random I/O, read/write mixes 100/0, 95/5, 65/35, 50/50, 35/65,\n"
	"              5/95, 0/100 x block sizes 1024k, 128k, 64k, 32k, 16k, 8k, 4k,\n"
	"              0.5k (56 cells) at --qd; tracks 4k 0/100 IOPS\n"
	"  latency     random, mixes 100/0, 65/35, 0/100 x 8k, 4k, 0.5k at QD 1: mean,\n"
	"              max and 99.999% response time; tracks 4k 0/100 mean\n"
	"  throughput  sequential 100% read and 100% write, 128k then 1024k (each from\n"
	"              its own purge and fill) at --qd; tracks the write MB/s\n"
	"  wsat        random 4k writes from the purge, no fill, for --writes x the\n"
	"              span or --time-cap: IOPS against time and GB written, the\n"
	"              response-time histogram\n"
	"  hir         to steady state, then --reps bursts of 5 s of random 4k\n"
	"              writes after idle waits of 5, 10, 15, 25 and 50 s, each wait\n"
	"              state followed by a return to baseline\n"
	"  xsr         sequential 1024k writes, random 8k writes, sequential 1024k\n"
	"              again (--writes x the span each): each phase's level and\n"
	"              time to settle\n"
	"  cbw         the composite block-size workload (access spec snia-cbw:\n"
	"              12 sizes, 40/60 read/write, access zones 50/5:30/15:20/80)\n"
	"              at --qd; tracks its IOPS\n"
	"  dirth       random 8k writes at T32 x Q32 to steady state, then rounds of\n"
	"              49 thread count x queue depth cells (1..32 each) at 65/35\n"
	"              until T32 x Q32 holds the window: IOPS against mean response\n"
	"              time; histograms at the max and mid IOPS (mean under 5 ms)\n"
	"              and at T1 x Q1\n"
	"  all         every test above, in that order; or a list: iops,latency,hir\n"
	"              (a folder per test in DIR: DIR/iops/result.json, ...)\n"
	"A 0.5k cell on a drive with 4 KiB LBAs is not measured (null).\n"
	"\n"
	"  --cell-time DUR     each cell's time per round (default 60s, the spec's;\n"
	"                      virtual time on sim:)\n"
	"  --qd N              outstanding I/Os of iops and throughput (default 32)\n"
	"  --max-rounds N      at most N counted rounds (default 25, at least 5)\n"
	"  --min-writes N[x]   a window counts only once the rounds wrote N x the span,\n"
	"                      and never holds the first round after the fill; rounds\n"
	"                      before are warm-up, not counted (default 1x: a drive-\n"
	"                      write, so short cells still reach GC; 0: the spec alone)\n"
	"  --fill-passes N     sequential 128k passes over the span first (default 2)\n"
	"  --purge-method M    as for precondition (default auto)\n"
	"  --no-purge          measure the drive as it is (not the spec's method)\n"
	"  --writes N[x]       wsat: write N x the span (default 4); xsr: N x the\n"
	"                      span per phase (default 2)\n"
	"  --time-cap DUR      wsat: stop after DUR of writes (target clock; 24h)\n"
	"  --reps N            hir: bursts per wait state and baseline (default 360)\n"
	"  --io-log FILE       every I/O of the rounds as CSV: stage, round, cell,\n"
	"                      direction, offset, length, submitted and response\n"
	"                      time (ns, target clock)\n"
	"  --resume DIR        continue the test (or suite) saved in DIR, with the same\n"
	"                      TARGET and options: finished stages (tests) are kept\n"
	"  --seed N, --out DIR, --json, --quiet, --dry-run, --yes SERIAL, --force,\n"
	"  --raid LEVEL, --chunk SIZE   as for precondition\n"
	"\n"
	"Example: ssdprof pts iops sim:budget-tlc,capacity=1G --cell-time 1s\n";

enum { OPT_CELL_TIME = CLI_OPT_END, OPT_NO_PURGE, OPT_IO_LOG, OPT_WRITES, OPT_TIME_CAP, OPT_REPS, OPT_RESUME };

/* pts's own options (the command table's; the shared ones: CLI_O_PTS). */
const struct option cmd_pts_options[] = {
	{ "cell-time", required_argument, NULL, OPT_CELL_TIME },
	{ "no-purge", no_argument, NULL, OPT_NO_PURGE },
	{ "io-log", required_argument, NULL, OPT_IO_LOG },
	{ "writes", required_argument, NULL, OPT_WRITES },
	{ "time-cap", required_argument, NULL, OPT_TIME_CAP },
	{ "reps", required_argument, NULL, OPT_REPS },
	{ "resume", required_argument, NULL, OPT_RESUME },
	{ NULL, 0, NULL, 0 },
};

/* The span every test stays in: whole MiB, so every size of every test divides it. */
#define PTS_SPAN_UNIT (1024u * 1024)

struct pts_cli {
	struct cli_opts o;
	struct pts_settings s;      /* the options; a test's own are set per test (test_settings) */
	const char *io_log;
	FILE *log;
	double writes;              /* --writes; NAN: the test's default */
	bool time_cap, reps;        /* given: only the tests that take them */
	const char *resume;         /* --resume DIR */
	enum pts_test tests[PTS_TEST_COUNT];
	size_t ntests;
	bool suite;                 /* all or a list: a folder per test (docs/pts.md) */
};

/* One test as it runs: its settings, its folder, what it keeps of a saved one, the document as saved. */
struct pts_job {
	struct pts_cli *p;
	struct target *t;
	struct pts_settings s;
	struct pts_resume res;
	char dir[4096];
	struct json_object *saved;  /* the document --resume continues, or NULL */
	struct json_object *doc;    /* as last saved (its head made once: started stays) */
	bool save_failed;
	char save_err[TARGET_ERRLEN];
};

static int parse_args(struct pts_cli *p)
{
	char err[256];
	int c, rc;

	while (!(rc = cli_opts_next(&p->o, &c)) && c != -1) {
		switch (c) {
		case OPT_CELL_TIME:
			if (parse_duration("--cell-time", optarg, &p->s.cell_ns, err, sizeof(err)))
				goto bad;
			if (p->s.cell_ns < LIM_ROUND_MIN_NS || p->s.cell_ns > LIM_ROUND_MAX_NS) {
				snprintf(err, sizeof(err), "--cell-time: must be from 1ms to 24h");
				goto bad;
			}
			break;
		case OPT_NO_PURGE:
			p->s.purge = false;
			break;
		case OPT_IO_LOG:
			p->io_log = optarg;
			break;
		case OPT_WRITES:
			if (parse_multiple("--writes", optarg, 0.01, LIM_MIN_WRITES_MAX, &p->writes, err, sizeof(err)))
				goto bad;
			break;
		case OPT_TIME_CAP:
			if (parse_duration("--time-cap", optarg, &p->s.time_cap_ns, err, sizeof(err)))
				goto bad;
			if (p->s.time_cap_ns < LIM_ROUND_MIN_NS || p->s.time_cap_ns > 30 * LIM_ROUND_MAX_NS) {
				snprintf(err, sizeof(err), "--time-cap: must be from 1ms to 30 days");
				goto bad;
			}
			p->time_cap = true;
			break;
		case OPT_RESUME:
			p->resume = optarg;
			break;
		case OPT_REPS: {
			uint64_t v;

			if (parse_u64("--reps", optarg, 1, 100000, &v, err, sizeof(err)))
				goto bad;
			p->s.hir_reps = (unsigned)v;
			p->reps = true;
			break;
		}
		}
	}
	return rc;
bad:
	cli_error("%s", err);
	return EXIT_USAGE;
}

static bool has_test(const struct pts_cli *p, enum pts_test t)
{
	for (size_t i = 0; i < p->ntests; i++)
		if (p->tests[i] == t)
			return true;
	return false;
}

/* The options of one test only, against the tests given.  0 or EXIT_USAGE. */
static int test_options(struct pts_cli *p)
{
	const char *name = p->suite ? "(the tests given)" : pts_test_name(p->tests[0]);

	if (!isnan(p->writes) && !has_test(p, PTS_WSAT) && !has_test(p, PTS_XSR)) {
		cli_error("pts %s: --writes is for wsat and xsr; drop it", name);
		return EXIT_USAGE;
	}
	if (p->time_cap && !has_test(p, PTS_WSAT)) {
		cli_error("pts %s: --time-cap is for wsat; drop it", name);
		return EXIT_USAGE;
	}
	if (p->reps && !has_test(p, PTS_HIR)) {
		cli_error("pts %s: --reps is for hir; drop it", name);
		return EXIT_USAGE;
	}
	if (p->io_log && p->suite) {
		cli_error("pts: --io-log logs one test; run the test alone (pts TEST TARGET --io-log FILE)");
		return EXIT_USAGE;
	}
	if (p->resume && p->o.out) {
		cli_error("pts: --resume DIR writes its results into DIR; leave out --out");
		return EXIT_USAGE;
	}
	return 0;
}

/* Test t's settings: the options, its own (a --writes per test), the suite it is part of. */
static void test_settings(const struct pts_cli *p, enum pts_test t, struct pts_settings *s)
{
	*s = p->s;
	s->test = t;
	s->wsat_writes = t == PTS_WSAT && !isnan(p->writes) ? p->writes : PTS_WSAT_WRITES;
	s->xsr_writes = t == PTS_XSR && !isnan(p->writes) ? p->writes : PTS_XSR_WRITES;
	if (t != PTS_WSAT)
		s->time_cap_ns = 0;
	else if (!p->time_cap)
		s->time_cap_ns = PTS_WSAT_TIME_CAP_NS;
	if (p->suite) {
		s->suite = p->tests;
		s->nsuite = p->ntests;
	}
}

/* The TEST word: a test, all, or a comma list (each test once).  0 or EXIT_USAGE. */
static int parse_tests(struct pts_cli *p, const char *arg)
{
	char word[64], q[256];
	const char *at = arg;

	if (!strcmp(arg, "all")) {
		for (unsigned i = 0; i < PTS_TEST_COUNT; i++)
			p->tests[p->ntests++] = (enum pts_test)i;
		p->suite = true;
		return 0;
	}
	p->suite = strchr(arg, ',') != NULL;
	for (;;) {
		size_t n = strcspn(at, ",");
		enum pts_test t;

		snprintf(word, sizeof(word), "%.*s", (int)(n < sizeof(word) ? n : sizeof(word) - 1), at);
		if (n >= sizeof(word) || pts_test_parse(word, &t)) {
			cli_error("pts: unknown test '%s'; use iops, latency, throughput, wsat, hir, xsr, cbw or dirth "
				  "(or all, or a list: iops,latency)", escape_arg(q, sizeof(q), n ? word : arg));
			return EXIT_USAGE;
		}
		if (has_test(p, t)) {
			cli_error("pts: '%s' is listed twice; give each test once", word);
			return EXIT_USAGE;
		}
		p->tests[p->ntests++] = t;
		if (!at[n])
			return 0;
		at += n + 1;
	}
}

/* One line per I/O of the rounds (the log's reader sums it: tests check the stimulus from it). */
static void log_io(const struct pts_io *io, void *arg)
{
	FILE *f = arg;

	fprintf(f, "%u,%u,%u,%c,%llu,%u,%llu,%llu\n", io->stage, io->round, io->cell,
		io->io->dir == IO_WRITE ? 'w' : 'r', (unsigned long long)io->io->offset, io->io->len,
		(unsigned long long)io->io->submit_ns, (unsigned long long)(io->io->complete_ns - io->io->submit_ns));
}

/*
 * The document as it stands into the job's folder, atomically: after
 * every round and stage (final false: no end time, no mark),
 * and at the end.  0, or -errno with err set.
 */
static int save_doc(struct pts_job *j, const struct pts_result *r, bool final, const char *failure,
		    bool interrupted, char *err, size_t errlen)
{
	struct json_object *kept = jget(jget(j->saved, "pts"), "stages");
	int ret;

	if (!j->doc && !(j->doc = result_doc_new_kind(RESULT_KIND_PTS, j->p->o.command, j->t)))
		return snprintf(err, errlen, "out of memory"), -ENOMEM;
	json_object_object_add(j->doc, "settings", pts_settings_json(&j->s));
	json_object_object_add(j->doc, "pts", pts_json(r, kept));
	if (final) {
		result_doc_finish(j->doc, j->t);
		if (result_doc_mark(j->doc, interrupted, failure))
			return snprintf(err, errlen, "out of memory"), -ENOMEM;
	}
	ret = result_write_json(j->dir, "result.json", j->doc, err, errlen);
	/* pts_cells.csv, pts_rounds.csv (and pts_samples.csv) beside it, by report's writer. */
	return ret ? ret : csv_write(j->dir, csv_pts, j->doc, err, errlen);
}

/* A save while the test runs; a failure stops it (the job says why). */
static int save_now(struct pts_job *j, const struct pts_result *r)
{
	if (save_doc(j, r, false, NULL, false, j->save_err, sizeof(j->save_err))) {
		j->save_failed = true;
		return 1;
	}
	return interrupt_requested();
}

/* After every round: a line with the tracked figure and the window, unless quiet; then the save. */
static int round_line(const struct pts_result *r, size_t si, void *arg)
{
	struct pts_job *j = arg;
	const struct pts_stage *st = &r->stages[si];
	size_t k = st->nrounds - 1;

	if (!j->p->o.quiet && !j->p->o.json)
		fprintf(stderr, "pts %s: stage %zu round %zu: %s %.1f, %.2f GB written%s\n", pts_test_name(r->test),
			si + 1, k + 1, pts_metric_name(st->metric), st->track[k], (double)st->written[k] / 1e9,
			st->reached ? ", steady" : st->window_valid ? ", not steady yet" : "");
	return save_now(j, r);
}

/* After every WSAT round and every HIR or XSR phase: a line, unless quiet; then the save. */
static int series_line(const struct pts_result *r, const struct pts_progress *pr, void *arg)
{
	struct pts_job *j = arg;
	const struct pts_phase *ph = &r->phases[pr->phase];

	if (!j->p->o.quiet && !j->p->o.json) {
		if (r->test == PTS_WSAT)
			fprintf(stderr, "pts wsat: round %zu: %.0f IOPS, %.2f GB written, %.0f s\n", pr->step + 1,
				pr->iops, (double)pr->written / 1e9, pr->t_s);
		else
			fprintf(stderr, "pts %s: %s: %.0f IOPS over %zu samples, %.0f s\n", pts_test_name(r->test),
				ph->name, pr->iops, pr->step, pr->t_s);
	}
	return save_now(j, r);
}

static int stage_saved(const struct pts_result *r, void *arg)
{
	return save_now(arg, r);
}

/* The dry run's steps after the purge of a time-series test (WSAT, HIR after its rounds, XSR). */
static void dry_series(const struct pts_settings *s, const struct pts_result *plan)
{
	unsigned long long span = (unsigned long long)s->usable_bytes;

	if (s->test == PTS_WSAT) {
		printf("  2. write %g x %llu bytes in random 4 KiB writes at QD %u, %g s rounds%s\n", s->wsat_writes,
		       span, s->qd, (double)s->cell_ns / 1e9, s->time_cap_ns ? ",\n     or until the time cap" : "");
	} else if (s->test == PTS_HIR) {
		printf("  4. per wait state (5, 10, 15, 25, 50 s): %u bursts of 5 s of random\n"
		       "     4 KiB writes at QD %u, each followed by the wait, then %u bursts\n"
		       "     without a wait (the return to baseline)\n", s->hir_reps, s->qd, s->hir_reps);
	} else {
		for (size_t i = 0; i < plan->nphases; i++)
			printf("  %zu. %s: %g x %llu bytes in %g KiB writes at QD %u\n", i + 2, plan->phases[i].name,
			       s->xsr_writes, span, plan->phases[i].bs / 1024.0, plan->phases[i].qd);
	}
}

/* The bytes a test that writes an amount writes (WSAT, XSR); 0 for the others. */
static double dry_bytes(const struct pts_settings *s)
{
	if (s->test == PTS_WSAT)
		return s->wsat_writes * (double)s->usable_bytes;
	return s->test == PTS_XSR ? 3 * s->xsr_writes * (double)s->usable_bytes : 0;
}

/* A test's plan and estimate (nothing touched). */
static void dry_run(const struct pts_cli *p, const struct pts_settings *s, const struct target *t)
{
	struct pts_result plan = { 0 };
	double cells = 0, max_s = pts_max_round_seconds(s), bytes;
	const char *clock = target_has(t, TARGET_CAP_VIRTUAL_TIME) ? "virtual" : "drive";

	pts_plan(s, &plan);
	/* DIRTH purges and fills once: its pass runs from the state its steady stage left. */
	if (s->test == PTS_DIRTH)
		plan.nstages = 1;
	for (size_t i = 0; i < plan.nstages; i++)
		cells += (double)plan.stages[i].ncells;
	if (plan.nphases)
		printf("dry run: nothing is written.  ssdprof pts %s would\n(%s):\n", pts_test_name(s->test),
		       pts_test_def(s->test)->what);
	else
		printf("dry run: nothing is written.  ssdprof pts %s would, %zu time(s):\n", pts_test_name(s->test),
		       plan.nstages);
	if (s->purge)
		printf("  1. purge %s (%s)\n", t->info.path, p->o.purge_method ? p->o.purge_method : "auto");
	else
		printf("  1. not purge %s (--no-purge)\n", t->info.path);
	if (plan.nstages) {
		printf("  2. write its first %llu bytes %u time(s) in 128 KiB sequential writes\n",
		       (unsigned long long)s->usable_bytes, s->fill_passes);
		printf("  3. run rounds of %.0f cell%s, %g s each, until steady (at most %u),\n"
		       "     after %g x %llu bytes written in rounds\n", cells / (double)plan.nstages,
		       cells == (double)plan.nstages ? "" : "s",
		       (double)s->cell_ns / 1e9, s->max_rounds, s->min_writes, (unsigned long long)s->usable_bytes);
		if (s->test == PTS_DIRTH)
			printf("  4. then rounds of %zu cells (threads 32..1 x queue depth 32..1,\n"
			       "     random 8 KiB 65/35), %g s each, until steady on the first\n"
			       "     (at most %u)\n", plan.stages[1].ncells, (double)s->cell_ns / 1e9, s->max_rounds);
	}
	if (plan.nphases)
		dry_series(s, &plan);
	if (isfinite(max_s) && s->test != PTS_WSAT) {
		printf("estimate: the %s take at most %.1f h of %s time,\n", plan.nphases ? "rounds and bursts" : "rounds",
		       max_s / 3600, clock);
		printf("          plus the purge and the fill%s\n", plan.nphases ? "" : " of each stage");
		return;
	}
	/* WSAT and XSR write an amount: how long is the drive's to say. */
	bytes = dry_bytes(s);
	printf("estimate: %.2f GB of writes; their time is the drive's rate's\n"
	       "          (at 100 MB/s: %.1f min of %s time)\n", bytes / 1e9, bytes / 100e6 / 60, clock);
	if (isfinite(max_s))
		printf("          or --time-cap: at most %.1f h of %s time\n", max_s / 3600, clock);
}

/* Before a test starts: its estimate, as its dry run gives it, on one line. */
static void estimate_line(const struct pts_settings *s, const struct target *t)
{
	double max_s = pts_max_round_seconds(s), bytes = dry_bytes(s);
	const char *clock = target_has(t, TARGET_CAP_VIRTUAL_TIME) ? "virtual" : "drive";

	if (isfinite(max_s) && s->test != PTS_WSAT)
		fprintf(stderr, "pts %s: estimate: at most %.1f h of %s time, plus purge and fill\n",
			pts_test_name(s->test), max_s / 3600, clock);
	else
		fprintf(stderr, "pts %s: estimate: %.2f GB of writes (%.1f min at 100 MB/s)\n",
			pts_test_name(s->test), bytes / 1e9, bytes / 100e6 / 60);
}

/* A suite's dry run: each test's, then the total. */
static void dry_suite(const struct pts_cli *p, const struct target *t)
{
	double hours = 0, bytes = 0;

	for (size_t i = 0; i < p->ntests; i++) {
		struct pts_settings s;
		double max_s;

		test_settings(p, p->tests[i], &s);
		max_s = pts_max_round_seconds(&s);
		if (p->suite)
			printf("%s[%zu/%zu] %s\n", i ? "\n" : "", i + 1, p->ntests, pts_test_name(s.test));
		dry_run(p, &s, t);
		/* WSAT writes an amount; its 24 h cap is a bound, not its time. */
		if (isfinite(max_s) && s.test != PTS_WSAT)
			hours += max_s / 3600;
		else
			bytes += dry_bytes(&s);
	}
	if (!p->suite)
		return;
	printf("\ntotal: %zu tests, at most %.1f h of rounds and bursts", p->ntests, hours);
	if (bytes > 0)
		printf(",\n       plus %.2f GB of writes (%.1f min at 100 MB/s)", bytes / 1e9, bytes / 100e6 / 60);
	printf(",\n       plus each test's purge and fill\n");
}

/* Whether a saved test ran to its end: nothing left to measure. */
static bool saved_finished(struct json_object *doc)
{
	return doc && jtrue(jget(doc, "pts"), "complete") && !jget(doc, "interrupted") && !jget(doc, "error");
}

/*
 * A test of the job's: measured, saved as it goes, its summary printed
 * (top: the folder --resume continues).  An exit code after printing why.
 */
static int run_test(struct pts_job *j, const char *top)
{
	struct pts_cli *p = j->p;
	struct pts_result r = { 0 };
	char err[TARGET_ERRLEN], serr[TARGET_ERRLEN], q[1024];
	bool kept = j->res.first_stage > 0, measured;
	int ret, rc;

	j->s.round_arg = j;
	j->s.resume = j->saved ? &j->res : NULL;
	ret = pts_run(j->t, &j->s, &r, err, sizeof(err));
	if (j->save_failed) {
		cli_fail(&p->o, "saving %s/result.json: %s", escape_arg(q, sizeof(q), j->dir), j->save_err);
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	measured = kept || r.nsamples || r.fill.bytes;
	for (size_t i = r.first_stage; i < r.nstages; i++)
		measured |= r.stages[i].nrounds || r.stages[i].fill.bytes;
	if (ret && !measured) {
		cli_fail(&p->o, ret == -EINTR ? "interrupted before the test began; nothing was measured" : "%s", err);
		rc = ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED;
		goto out;
	}
	if (save_doc(j, &r, true, ret && ret != -EINTR ? err : NULL, ret == -EINTR, serr, sizeof(serr))) {
		cli_fail(&p->o, "%s%s%s", ret && ret != -EINTR ? err : "", ret && ret != -EINTR ? "; saving what "
			 "was measured: " : "", serr);
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	rc = ret == -EINTR ? EXIT_INTERRUPTED : ret ? EXIT_RUN_FAILED : EXIT_OK;
	if (p->o.json)
		puts(result_json_text(j->doc));
	else if (!p->o.quiet)
		/* What the terminal shows is the saved document, as report --text shows it again (reports/term.h). */
		term_render(stdout, j->doc, RESULT_KIND_PTS, j->dir, text_columns(STDOUT_FILENO));
	fflush(stdout);
	if (ret)
		cli_fail(&p->o, "%s; what was measured is in %s/result.json; continue: the same command with "
			 "--resume %s, without --out", ret == -EINTR ? "interrupted" : err, j->dir, top);
	else
		cli_results_line(j->dir);
out:
	pts_result_free(&r);
	return rc;
}

/* Whether the saved stages are the plan's (cells, sizes, mixes), as a resume keeps them.  0 or -EINVAL, err set. */
static int stages_of_plan(struct json_object *stages, const struct pts_result *plan, char *err, size_t errlen)
{
	for (size_t i = 0; i < jlen(stages); i++) {
		struct json_object *cells = jget(jidx(stages, i), "cells");
		const struct pts_stage *st = &plan->stages[i];

		if (jlen(cells) != st->ncells)
			return snprintf(err, errlen, "holds a stage %zu of %zu cells, not %zu: start afresh", i + 1,
					jlen(cells), st->ncells), -EINVAL;
		for (size_t c = 0; c < st->ncells; c++) {
			double bs = jnum(jidx(cells, c), "bs"), rd = jnum(jidx(cells, c), "read_pct");

			if (rd != st->cells[c].read_pct || (st->cells[c].workload ? !isnan(bs) : bs != st->cells[c].bs))
				return snprintf(err, errlen, "holds a stage %zu whose cell %zu is not the test's: "
						"start afresh", i + 1, c + 1), -EINVAL;
		}
	}
	return 0;
}

/*
 * The saved test of dir, for --resume: a pts result of test t, measured on
 * the target, with the settings s gives.  0 (*saved NULL when dir holds no
 * result.json and may not: a suite's test not begun), or EXIT_USAGE after
 * one line.
 */
static int load_saved(const struct pts_cli *p, struct target *t, const struct pts_settings *s, const char *dir,
		      struct json_object **saved)
{
	char path[4200], err[1024], why[900], q[1024];
	struct json_object *doc = NULL;
	const char *test;
	enum result_kind kind;
	struct pts_result plan = { 0 };
	int ret;

	*saved = NULL;
	escape_arg(q, sizeof(q), dir);
	snprintf(path, sizeof(path), "%s/result.json", dir);
	ret = result_load(path, &doc, &kind, err, sizeof(err));
	if ((ret == -ENOENT || ret == -ENOTDIR) && p->suite)
		return 0;
	if (ret == -ENOENT || ret == -ENOTDIR) {
		cli_error("--resume: '%s' holds no pts result (no result.json); give the --out folder of one", q);
		return EXIT_USAGE;
	}
	if (ret) {
		cli_error("--resume: %s; start afresh (without --resume)", err);
		return EXIT_USAGE;
	}
	pts_plan(s, &plan);
	test = kind == RESULT_KIND_PTS ? jstr(jget(doc, "pts"), "test") : NULL;
	if (!test || strcmp(test, pts_test_name(s->test)))
		snprintf(err, sizeof(err), "holds a %s%s%s result, not pts %s; give the folder of one",
			 result_kind_name(kind), test ? " " : "", test ? test : "", pts_test_name(s->test));
	else if (jlen(jget(jget(doc, "pts"), "stages")) > plan.nstages)
		snprintf(err, sizeof(err), "holds %zu stages; pts %s has %zu: start afresh",
			 jlen(jget(jget(doc, "pts"), "stages")), pts_test_name(s->test), plan.nstages);
	else if (stages_of_plan(jget(jget(doc, "pts"), "stages"), &plan, err, sizeof(err)))
		;
	else if (result_identity_check(doc, t, why, sizeof(why)))
		snprintf(err, sizeof(err), "holds a test of %s; give that drive", why);
	else
		err[0] = '\0';
	if (!err[0] && pts_settings_check(jget(doc, "settings"), s, why, sizeof(why)))
		snprintf(err, sizeof(err), "was run with other options: %s; give the same", why);
	if (err[0]) {
		cli_error("--resume: '%s' %s", q, err);
		json_object_put(doc);
		return EXIT_USAGE;
	}
	*saved = doc;
	return 0;
}

/* The composite workload's sizes from 512 bytes: the target must address them (one line, exit 2). */
static int cbw_check(const struct target *t, bool suite)
{
	struct workload w = { 0 };

	access_spec_apply(access_spec_find("snia-cbw"), &w);
	/* A suite names it as part of the list: the fix may be to list the tests without it. */
	return cli_workload_check(&w, t, suite ? "pts: the list's cbw" : "pts cbw");
}

/* The span: the capacity in whole MiB, at least one 1024k cell's worth.  Before the gate (pc_cli_open_gated). */
static int check_span(void *arg, struct target *t)
{
	struct pts_cli *p = arg;
	char q[1024];
	int rc = pc_cli_check_target(&p->o, t, "pts");

	if (rc)
		return rc;

	if (has_test(p, PTS_CBW) && (rc = cbw_check(t, p->suite)))
		return rc;
	p->s.usable_bytes = t->info.capacity_bytes / PTS_SPAN_UNIT * PTS_SPAN_UNIT;
	if (p->s.usable_bytes >= 16ull * PTS_SPAN_UNIT)
		return 0;
	cli_error("pts: %s holds %llu bytes, under the 16 MiB the tests need; use a larger target",
		  escape_arg(q, sizeof(q), t->info.path), (unsigned long long)t->info.capacity_bytes);
	return EXIT_USAGE;
}

/* Whether path is a folder (not a link to one: a --resume DIR is ours to write into). */
static bool is_dir(const char *path)
{
	struct stat sb;

	return !lstat(path, &sb) && S_ISDIR(sb.st_mode);
}

/*
 * --resume: every test's saved document loaded and checked before anything
 * is written (a mismatch is one line, exit 2, nothing touched).  0 or
 * EXIT_USAGE.
 */
static int load_suite(struct pts_cli *p, struct pts_job *jobs)
{
	char q[1024];
	size_t found = 0;
	int rc;

	if (!p->resume)
		return 0;
	if (strlen(p->resume) > CLI_MAX_OUT_LEN || !is_dir(p->resume)) {
		cli_error("--resume: '%s' is not a folder of saved results; give the --out folder of a pts run",
			  escape_arg(q, sizeof(q), p->resume));
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < p->ntests; i++) {
		struct pts_job *j = &jobs[i];

		if ((rc = load_saved(p, j->t, &j->s, j->dir, &j->saved)))
			return rc;
		found += j->saved != NULL;
	}
	if (!found) {
		cli_error("--resume: '%s' holds none of these tests' results; give the --out folder of the suite",
			  escape_arg(q, sizeof(q), p->resume));
		return EXIT_USAGE;
	}
	return 0;
}

/* The --io-log file (one test alone): before any result folder, so a bad path leaves none behind. */
static int open_log(struct pts_cli *p)
{
	char q[1024];

	if (!p->io_log)
		return 0;
	if (!(p->log = fopen(p->io_log, "w"))) {
		cli_fail(&p->o, "--io-log: cannot write '%s': %s; use a writable path",
			 escape_arg(q, sizeof(q), p->io_log), strerror(errno));
		return EXIT_USAGE;
	}
	fputs("stage,round,cell,dir,offset,len,submit_ns,lat_ns\n", p->log);
	p->s.io_log = log_io;
	p->s.io_arg = p->log;
	return 0;
}

/* A saved test that ran to its end: kept as it is, its summary printed again. */
static void show_finished(const struct pts_job *j)
{
	if (j->p->o.json)
		puts(result_json_text(j->saved));
	else if (!j->p->o.quiet)
		term_render(stdout, j->saved, RESULT_KIND_PTS, j->dir, text_columns(STDOUT_FILENO));
	fflush(stdout);
	cli_results_line(j->dir);
}

/* Test i of the suite (or the one test): into its folder, from what was saved of it.  An exit code. */
static int run_job(struct pts_cli *p, struct pts_job *j, const char *top)
{
	char err[TARGET_ERRLEN], want[sizeof(j->dir)];
	const struct pts_test_def *d = pts_test_def(j->s.test);

	if (saved_finished(j->saved)) {
		show_finished(j);
		return EXIT_OK;
	}
	snprintf(want, sizeof(want), "%s", j->dir);
	if (p->suite && cli_make_out_dir(p->o.cmd, want, j->dir, sizeof(j->dir), err, sizeof(err))) {
		cli_fail(&p->o, "%s", err);
		return EXIT_RUN_FAILED;
	}
	/* A test whose stages each run from their own purge keeps the finished ones; the others start again. */
	if (j->saved && d->stage_units) {
		struct json_object *stages = jget(jget(j->saved, "pts"), "stages");

		/* A stage saved without its time (before resuming existed) is measured again: the sum would be short. */
		while (j->res.first_stage < jlen(stages) && isfinite(jnum(jidx(stages, j->res.first_stage), "seconds")))
			j->res.first_stage++;
		j->res.kept_us = pts_json_stages_us(stages, j->res.first_stage);
	}
	if (!p->o.quiet && !p->o.json) {
		if (p->suite || j->saved)
			fprintf(stderr, "pts %s: %s%s\n", d->name, j->saved ? "resumed: " : "", d->what);
		estimate_line(&j->s, j->t);
	}
	return run_test(j, top);
}

/* The tests given, one after another, each into its folder.  The worst test's exit code. */
static int run_suite(struct pts_cli *p, struct target *t)
{
	struct pts_job *jobs = calloc(p->ntests, sizeof(*jobs));
	char top[4096], err[TARGET_ERRLEN];
	int rc = EXIT_OK;

	if (!jobs) {
		cli_fail(&p->o, "out of memory");
		return EXIT_RUN_FAILED;
	}
	for (size_t i = 0; i < p->ntests; i++) {
		jobs[i] = (struct pts_job){ .p = p, .t = t };
		test_settings(p, p->tests[i], &jobs[i].s);
		if (p->resume)
			snprintf(jobs[i].dir, sizeof(jobs[i].dir), p->suite ? "%s/%s" : "%s", p->resume,
				 pts_test_name(p->tests[i]));
	}
	if ((rc = load_suite(p, jobs)) || (rc = open_log(p)))
		goto out;
	if (cli_make_out_dir(p->o.cmd, p->resume ? p->resume : p->o.out, top, sizeof(top), err, sizeof(err))) {
		cli_fail(&p->o, "%s", err);
		rc = EXIT_USAGE;
		goto out;
	}
	interrupt_install();
	for (size_t i = 0; i < p->ntests && rc == EXIT_OK; i++) {
		struct pts_job *j = &jobs[i];

		j->s.io_log = p->s.io_log;
		j->s.io_arg = p->s.io_arg;
		snprintf(j->dir, sizeof(j->dir), p->suite ? "%s/%s" : "%s", top, pts_test_name(j->s.test));
		rc = run_job(p, j, top);
	}
out:
	if (p->log && fclose(p->log) && !rc) {
		cli_fail(&p->o, "--io-log: writing '%s' failed", p->io_log);
		rc = EXIT_RUN_FAILED;
	}
	p->log = NULL;
	for (size_t i = 0; i < p->ntests; i++) {
		json_object_put(jobs[i].saved);
		json_object_put(jobs[i].doc);
	}
	free(jobs);
	return rc;
}

int cmd_pts(int argc, char **argv)
{
	struct pts_cli p = { .s = { .purge = true, .cell_ns = PTS_CELL_NS_DEFAULT, .hir_reps = PTS_HIR_REPS },
			     .writes = NAN };
	struct target *t = NULL;
	int rc;

	if ((rc = cli_opts_init(&p.o, argc, argv, CLI_O_PTS, cmd_pts_options)))
		return rc;
	if ((rc = parse_args(&p)))
		goto out;
	rc = EXIT_USAGE;
	if (optind >= argc) {
		cli_error("pts needs a test and a TARGET, e.g. 'ssdprof pts iops sim:budget-tlc'");
		goto out;
	}
	if ((rc = parse_tests(&p, argv[optind])) || (rc = test_options(&p)))
		goto out;
	rc = EXIT_USAGE;
	if (p.suite && p.o.json) {
		cli_error("pts: --json prints one document; a suite saves one per test in DIR/TEST/result.json");
		goto out;
	}
	if (optind + 1 >= argc) {
		cli_error("pts %s needs a TARGET, e.g. 'ssdprof pts %s sim:budget-tlc'", argv[optind], argv[optind]);
		goto out;
	}
	if ((rc = pc_cli_open_gated(&p.o, argc, argv, optind + 1, "pts", check_span, &p, &t)))
		goto out;
	p.s.purge_method = p.o.purge_method;
	p.s.fill_passes = p.o.s.fill_passes;
	p.s.max_rounds = p.o.s.max_rounds;
	p.s.min_writes = p.o.s.min_writes;
	p.s.qd = p.o.s.qd;
	p.s.seed = p.o.s.seed;
	p.s.poll = pc_cli_poll;
	p.s.round_done = round_line;
	p.s.series_done = series_line;
	p.s.stage_done = stage_saved;
	if (p.o.dry_run) {
		dry_suite(&p, t);
		rc = EXIT_OK;
	} else {
		rc = run_suite(&p, t);
	}
out:
	target_close(t);
	cli_opts_release(&p.o);
	return rc;
}
