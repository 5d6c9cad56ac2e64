/* SPDX-License-Identifier: MIT */
/*
 * ssdprof pts TEST TARGET: a SNIA PTS test (profiler/pts.h) as the spec
 * defines it: purge, the 2x fill, rounds of the test's cells to the 5-round
 * steady window; the document (results/pts_json.c), a table on the terminal.
 * The options and the target are this file's; the tests run, saved as they
 * go and resumed, in profiler/pts_suite_run.c (the documents:
 * results/pts_store.c), and the dry run's text is reports/pts_dry_run.c.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/pc_options.h"
#include "cli/workload_opts.h"
#include "device/target.h"
#include "engine/access_spec.h"
#include "profiler/pts.h"
#include "profiler/pts_suite_run.h"
#include "reports/csv_export.h"
#include "reports/pts_dry_run.h"
#include "reports/report_pts.h"
#include "reports/term.h"
#include "results/pts_store.h"
#include "results/result_json.h"
#include "results/result_kinds.h"
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
	struct target *t;
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

/* The suite's lines (profiler/pts_suite_run.h): usage, one of the command line; else a failure. */
static void say_error(void *arg, bool usage, const char *msg)
{
	struct pts_cli *p = arg;

	if (usage)
		cli_error("%s", msg);
	else
		cli_fail(&p->o, "%s", msg);
}

/* After every round: a line with the tracked figure and the window, unless quiet (the suite saves after it). */
static void round_line(void *arg, const struct pts_result *r, size_t si)
{
	struct pts_cli *p = arg;
	const struct pts_stage *st = &r->stages[si];
	size_t k = st->nrounds - 1;

	if (!p->o.quiet && !p->o.json)
		fprintf(stderr, "pts %s: stage %zu round %zu: %s %.1f, %.2f GB written%s\n", pts_test_name(r->test),
			si + 1, k + 1, pts_metric_name(st->metric), st->track[k], (double)st->written[k] / 1e9,
			st->reached ? ", steady" : st->window_valid ? ", not steady yet" : "");
}

/* After every WSAT round and every HIR or XSR phase: a line, unless quiet (the suite saves after it). */
static void series_line(void *arg, const struct pts_result *r, const struct pts_progress *pr)
{
	struct pts_cli *p = arg;
	const struct pts_phase *ph = &r->phases[pr->phase];

	if (p->o.quiet || p->o.json)
		return;
	if (r->test == PTS_WSAT)
		fprintf(stderr, "pts wsat: round %zu: %.0f IOPS, %.2f GB written, %.0f s\n", pr->step + 1,
			pr->iops, (double)pr->written / 1e9, pr->t_s);
	else
		fprintf(stderr, "pts %s: %s: %.0f IOPS over %zu samples, %.0f s\n", pts_test_name(r->test),
			ph->name, pr->iops, pr->step, pr->t_s);
}

/* pts_cells.csv, pts_rounds.csv (and pts_samples.csv) beside result.json, by report's writer. */
static int write_csv(void *arg, const struct pts_job *j, char *err, size_t errlen)
{
	(void)arg;
	return csv_write(j->dir, csv_pts, j->doc, err, errlen);
}

/* A test's saved document: as JSON, or as report --text shows it again (reports/term.h); then where it is. */
static void show_doc(void *arg, const char *dir, void *doc, bool line)
{
	struct pts_cli *p = arg;

	if (p->o.json)
		puts(result_json_text(doc));
	else if (!p->o.quiet)
		term_render(stdout, doc, RESULT_KIND_PTS, dir, text_columns(STDOUT_FILENO));
	fflush(stdout);
	if (line)
		cli_results_line(dir);
}

_Static_assert(PTS_DRY_MAX_PHASES >= PTS_MAX_PHASES, "the dry run holds every phase");

/* A test's plan as the dry run and the estimate line say it (reports/pts_dry_run.h). */
static void dry_test(const struct pts_settings *s, const struct target *t, struct pts_dry_test *d)
{
	static const enum pts_dry_kind kinds[PTS_TEST_COUNT] = { [PTS_WSAT] = PTS_DRY_WSAT, [PTS_HIR] = PTS_DRY_HIR,
								  [PTS_XSR] = PTS_DRY_XSR, [PTS_DIRTH] = PTS_DRY_DIRTH };
	struct pts_result plan = { 0 };

	pts_plan(s, &plan);
	*d = (struct pts_dry_test){ .name = pts_test_name(s->test), .what = pts_test_def(s->test)->what,
		.kind = kinds[s->test], .path = t->info.path, .purge_method = s->purge_method, .purge = s->purge,
		.clock = target_has(t, TARGET_CAP_VIRTUAL_TIME) ? "virtual" : "drive",
		/* DIRTH purges and fills once: its pass runs from the state its steady stage left. */
		.nstages = s->test == PTS_DIRTH ? 1 : plan.nstages, .pass_cells = plan.stages[1].ncells,
		.nphases = plan.nphases, .span = s->usable_bytes, .fill_passes = s->fill_passes,
		.max_rounds = s->max_rounds, .qd = s->qd, .hir_reps = s->hir_reps, .cell_s = (double)s->cell_ns / 1e9,
		.min_writes = s->min_writes, .wsat_writes = s->wsat_writes, .xsr_writes = s->xsr_writes,
		.time_cap = s->time_cap_ns != 0, .max_s = pts_max_round_seconds(s) };
	for (size_t i = 0; i < d->nstages; i++)
		d->cells += (double)plan.stages[i].ncells;
	for (size_t i = 0; i < plan.nphases; i++) {
		snprintf(d->phases[i].name, sizeof(d->phases[i].name), "%s", plan.phases[i].name);
		d->phases[i].bs = plan.phases[i].bs;
		d->phases[i].qd = plan.phases[i].qd;
	}
}

/* Before a test starts: a suite's (or a resumed test's) line on it, and its estimate, unless quiet. */
static void begin_line(void *arg, const struct pts_job *j, bool resumed)
{
	struct pts_cli *p = arg;
	const struct pts_test_def *d = pts_test_def(j->s.test);
	struct pts_dry_test dt;

	if (p->o.quiet || p->o.json)
		return;
	if (p->suite || resumed)
		fprintf(stderr, "pts %s: %s%s\n", d->name, resumed ? "resumed: " : "", d->what);
	dry_test(&j->s, p->t, &dt);
	pts_estimate_line(stderr, &dt);
}

/* A suite's dry run: each test's, then the total. */
static void dry_suite(const struct pts_cli *p)
{
	struct pts_dry_test d[PTS_TEST_COUNT];

	for (size_t i = 0; i < p->ntests; i++) {
		struct pts_settings s;

		test_settings(p, p->tests[i], &s);
		dry_test(&s, p->t, &d[i]);
	}
	pts_dry_suite(stdout, d, p->ntests, p->suite);
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

/* The tests given, one after another, each into its folder (profiler/pts_suite_run.h).  The worst test's exit code. */
static int run_suite(struct pts_cli *p)
{
	struct pts_suite_run su = { .t = p->t, .suite = p->suite, .resume = p->resume, .resume_max = CLI_MAX_OUT_LEN,
				.cmd = p->o.cmd, .command = p->o.command, .store = &pts_store,
				.hooks = { .arg = p, .error = say_error, .begin = begin_line, .round = round_line,
					   .series = series_line, .beside = write_csv, .show = show_doc } };
	char top[4096], err[TARGET_ERRLEN];
	int rc = EXIT_OK;

	if (pts_suite_run_init(&su, p->ntests)) {
		cli_fail(&p->o, "out of memory");
		return EXIT_RUN_FAILED;
	}
	for (size_t i = 0; i < p->ntests; i++)
		test_settings(p, p->tests[i], &su.jobs[i].s);
	if ((rc = pts_suite_run_load(&su)) || (rc = open_log(p)))
		goto out;
	if (cli_make_out_dir(p->o.cmd, p->resume ? p->resume : p->o.out, top, sizeof(top), err, sizeof(err))) {
		cli_fail(&p->o, "%s", err);
		rc = EXIT_USAGE;
		goto out;
	}
	for (size_t i = 0; i < p->ntests; i++) {
		su.jobs[i].s.io_log = p->s.io_log;
		su.jobs[i].s.io_arg = p->s.io_arg;
	}
	interrupt_install();
	rc = pts_suite_run_all(&su, top);
out:
	if (p->log && fclose(p->log) && !rc) {
		cli_fail(&p->o, "--io-log: writing '%s' failed", p->io_log);
		rc = EXIT_RUN_FAILED;
	}
	p->log = NULL;
	pts_suite_run_free(&su);
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
	p.t = t;
	if (p.o.dry_run) {
		dry_suite(&p);
		rc = EXIT_OK;
	} else {
		rc = run_suite(&p);
	}
out:
	target_close(t);
	cli_opts_release(&p.o);
	return rc;
}
