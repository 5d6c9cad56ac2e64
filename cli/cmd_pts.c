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
#include "reports/term.h"
#include "results/json_get.h"
#include "results/pts_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "util/text.h"

const char cmd_pts_usage[] =
	"usage: ssdprof pts iops|latency|throughput|wsat|hir|xsr|cbw|dirth TARGET\n"
	"                   [OPTIONS]\n"
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
	"  dirth       random 8k 65/35: to steady state at T32 x Q32, then one pass\n"
	"              over 36 thread count x queue depth cells: IOPS against mean\n"
	"              response time, histograms at the max, mid and min IOPS\n"
	"              points\n"
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
	"  --seed N, --out DIR, --json, --quiet, --dry-run, --yes SERIAL, --force,\n"
	"  --raid LEVEL, --chunk SIZE   as for precondition\n"
	"\n"
	"Example: ssdprof pts iops sim:budget-tlc,capacity=1G --cell-time 1s\n";

enum { OPT_CELL_TIME = CLI_OPT_END, OPT_NO_PURGE, OPT_IO_LOG, OPT_WRITES, OPT_TIME_CAP, OPT_REPS };

/* pts's own options (the command table's; the shared ones: CLI_O_PTS). */
const struct option cmd_pts_options[] = {
	{ "cell-time", required_argument, NULL, OPT_CELL_TIME },
	{ "no-purge", no_argument, NULL, OPT_NO_PURGE },
	{ "io-log", required_argument, NULL, OPT_IO_LOG },
	{ "writes", required_argument, NULL, OPT_WRITES },
	{ "time-cap", required_argument, NULL, OPT_TIME_CAP },
	{ "reps", required_argument, NULL, OPT_REPS },
	{ NULL, 0, NULL, 0 },
};

/* The span every test stays in: whole MiB, so every size of every test divides it. */
#define PTS_SPAN_UNIT (1024u * 1024)

struct pts_cli {
	struct cli_opts o;
	struct pts_settings s;
	const char *io_log;
	FILE *log;
	double writes;              /* --writes; NAN: the test's default */
	bool time_cap, reps;        /* given: only the tests that take them */
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

/* The options of one test only, against the test given; the test's defaults.  0 or EXIT_USAGE. */
static int test_options(struct pts_cli *p)
{
	enum pts_test t = p->s.test;
	const char *name = pts_test_name(t);

	if (!isnan(p->writes) && t != PTS_WSAT && t != PTS_XSR) {
		cli_error("pts %s: --writes is for wsat and xsr; drop it", name);
		return EXIT_USAGE;
	}
	if (p->time_cap && t != PTS_WSAT) {
		cli_error("pts %s: --time-cap is for wsat; drop it", name);
		return EXIT_USAGE;
	}
	if (p->reps && t != PTS_HIR) {
		cli_error("pts %s: --reps is for hir; drop it", name);
		return EXIT_USAGE;
	}
	p->s.wsat_writes = t == PTS_WSAT && !isnan(p->writes) ? p->writes : PTS_WSAT_WRITES;
	if (t == PTS_WSAT && !p->time_cap)
		p->s.time_cap_ns = PTS_WSAT_TIME_CAP_NS;
	p->s.xsr_writes = t == PTS_XSR && !isnan(p->writes) ? p->writes : PTS_XSR_WRITES;
	return 0;
}

/* One line per I/O of the rounds (the log's reader sums it: tests check the stimulus from it). */
static void log_io(const struct pts_io *io, void *arg)
{
	FILE *f = arg;

	fprintf(f, "%u,%u,%u,%c,%llu,%u,%llu,%llu\n", io->stage, io->round, io->cell,
		io->io->dir == IO_WRITE ? 'w' : 'r', (unsigned long long)io->io->offset, io->io->len,
		(unsigned long long)io->io->submit_ns, (unsigned long long)(io->io->complete_ns - io->io->submit_ns));
}

/* After every round: a line with the tracked figure and the window, unless quiet. */
static int round_line(const struct pts_result *r, size_t si, void *arg)
{
	const struct pts_cli *p = arg;
	const struct pts_stage *st = &r->stages[si];
	size_t k = st->nrounds - 1;

	if (!p->o.quiet && !p->o.json)
		fprintf(stderr, "pts %s: stage %zu round %zu: %s %.1f, %.2f GB written%s\n", pts_test_name(r->test),
			si + 1, k + 1, pts_metric_name(st->metric), st->track[k], (double)st->written[k] / 1e9,
			st->reached ? ", steady" : st->window_valid ? ", not steady yet" : "");
	return interrupt_requested();
}

/* After every WSAT round and every HIR or XSR phase: a line, unless quiet. */
static int series_line(const struct pts_result *r, const struct pts_progress *pr, void *arg)
{
	const struct pts_cli *p = arg;
	const struct pts_phase *ph = &r->phases[pr->phase];

	if (!p->o.quiet && !p->o.json) {
		if (r->test == PTS_WSAT)
			fprintf(stderr, "pts wsat: round %zu: %.0f IOPS, %.2f GB written, %.0f s\n", pr->step + 1,
				pr->iops, (double)pr->written / 1e9, pr->t_s);
		else
			fprintf(stderr, "pts %s: %s: %.0f IOPS over %zu samples, %.0f s\n", pts_test_name(r->test),
				ph->name, pr->iops, pr->step, pr->t_s);
	}
	return interrupt_requested();
}

/* The dry run's steps after the purge of a time-series test (WSAT, HIR after its rounds, XSR). */
static void dry_series(const struct pts_cli *p, const struct pts_result *plan)
{
	unsigned long long span = (unsigned long long)p->s.usable_bytes;

	if (p->s.test == PTS_WSAT) {
		printf("  2. write %g x %llu bytes in random 4 KiB writes at QD %u, %g s rounds%s\n", p->s.wsat_writes,
		       span, p->s.qd, (double)p->s.cell_ns / 1e9, p->s.time_cap_ns ? ",\n     or until the time cap" : "");
	} else if (p->s.test == PTS_HIR) {
		printf("  4. per wait state (5, 10, 15, 25, 50 s): %u bursts of 5 s of random\n"
		       "     4 KiB writes at QD %u, each followed by the wait, then %u bursts\n"
		       "     without a wait (the return to baseline)\n", p->s.hir_reps, p->s.qd, p->s.hir_reps);
	} else {
		for (size_t i = 0; i < plan->nphases; i++)
			printf("  %zu. %s: %g x %llu bytes in %g KiB writes at QD %u\n", i + 2, plan->phases[i].name,
			       p->s.xsr_writes, span, plan->phases[i].bs / 1024.0, plan->phases[i].qd);
	}
}

static void dry_run(const struct pts_cli *p, const struct target *t)
{
	struct pts_result plan = { 0 };
	double cells = 0, max_s = pts_max_round_seconds(&p->s), bytes;
	const char *clock = target_has(t, TARGET_CAP_VIRTUAL_TIME) ? "virtual" : "drive";

	pts_plan(&p->s, &plan);
	/* DIRTH purges and fills once: its pass runs from the state its steady stage left. */
	if (p->s.test == PTS_DIRTH)
		plan.nstages = 1;
	for (size_t i = 0; i < plan.nstages; i++)
		cells += (double)plan.stages[i].ncells;
	if (plan.nphases)
		printf("dry run: nothing is written.  ssdprof pts %s would\n(%s):\n", pts_test_name(p->s.test),
		       pts_test_def(p->s.test)->what);
	else
		printf("dry run: nothing is written.  ssdprof pts %s would, %zu time(s):\n", pts_test_name(p->s.test),
		       plan.nstages);
	if (p->s.purge)
		printf("  1. purge %s (%s)\n", t->info.path, p->o.purge_method ? p->o.purge_method : "auto");
	else
		printf("  1. not purge %s (--no-purge)\n", t->info.path);
	if (plan.nstages) {
		printf("  2. write its first %llu bytes %u time(s) in 128 KiB sequential writes\n",
		       (unsigned long long)p->s.usable_bytes, p->s.fill_passes);
		printf("  3. run rounds of %.0f cells, %g s each, until steady (at most %u),\n"
		       "     after %g x %llu bytes written in rounds\n", cells / (double)plan.nstages,
		       (double)p->s.cell_ns / 1e9, p->s.max_rounds, p->s.min_writes,
		       (unsigned long long)p->s.usable_bytes);
		if (p->s.test == PTS_DIRTH)
			printf("  4. then one pass of %zu cells (threads 32..1 x queue depth 32..1),\n"
			       "     %g s each\n", plan.stages[1].ncells, (double)p->s.cell_ns / 1e9);
	}
	if (plan.nphases)
		dry_series(p, &plan);
	if (isfinite(max_s) && p->s.test != PTS_WSAT) {
		printf("estimate: the %s take at most %.1f h of %s time,\n", plan.nphases ? "rounds and bursts" : "rounds",
		       max_s / 3600, clock);
		printf("          plus the purge and the fill%s\n", plan.nphases ? "" : " of each stage");
		return;
	}
	/* WSAT and XSR write an amount: how long is the drive's to say. */
	bytes = (p->s.test == PTS_WSAT ? p->s.wsat_writes : 3 * p->s.xsr_writes) * (double)p->s.usable_bytes;
	printf("estimate: %.2f GB of writes; their time is the drive's rate's\n"
	       "          (at 100 MB/s: %.1f min of %s time)\n", bytes / 1e9, bytes / 100e6 / 60, clock);
	if (isfinite(max_s))
		printf("          or --time-cap: at most %.1f h of %s time\n", max_s / 3600, clock);
}

static int save(const struct pts_cli *p, struct target *t, const struct pts_result *r, const char *dir,
		const char *failure, bool interrupted, struct json_object **docp)
{
	struct json_object *doc;
	char err[TARGET_ERRLEN];
	int ret;

	doc = *docp = result_doc_new_kind(RESULT_KIND_PTS, p->o.command, t);
	json_object_object_add(doc, "settings", pts_settings_json(&p->s));
	json_object_object_add(doc, "pts", pts_json(r));
	result_doc_finish(doc, t);
	if (result_doc_mark(doc, interrupted, failure))
		ret = snprintf(err, sizeof(err), "out of memory");
	else
		ret = result_write_json(dir, "result.json", doc, err, sizeof(err));
	if (ret) {
		cli_fail(&p->o, "%s%s%s", failure ? failure : "", failure ? "; saving what was measured: " : "", err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

static int run(struct pts_cli *p, struct target *t)
{
	struct pts_result r = { 0 };
	struct json_object *doc = NULL;
	char err[TARGET_ERRLEN], dir[4096], q[1024];
	int ret, rc;

	/* The log first: a bad path leaves no result folder behind. */
	if (p->io_log && !(p->log = fopen(p->io_log, "w"))) {
		cli_fail(&p->o, "--io-log: cannot write '%s': %s; use a writable path",
			 escape_arg(q, sizeof(q), p->io_log), strerror(errno));
		return EXIT_USAGE;
	}
	if ((ret = cli_make_out_dir(p->o.cmd, p->o.out, dir, sizeof(dir), err, sizeof(err)))) {
		cli_fail(&p->o, "%s", err);
		if (p->log) {
			fclose(p->log);
			p->log = NULL;
			unlink(p->io_log);
		}
		return EXIT_USAGE;
	}
	if (p->log) {
		fputs("stage,round,cell,dir,offset,len,submit_ns,lat_ns\n", p->log);
		p->s.io_log = log_io;
		p->s.io_arg = p->log;
	}
	interrupt_install();
	ret = pts_run(t, &p->s, &r, err, sizeof(err));
	if (ret && !r.stages[0].nrounds && !r.stages[0].fill.bytes) {
		cli_fail(&p->o, ret == -EINTR ? "interrupted before the test began; nothing was measured" : "%s", err);
		rc = ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED;
		goto out;
	}
	if ((rc = save(p, t, &r, dir, ret && ret != -EINTR ? err : NULL, ret == -EINTR, &doc)))
		goto out;
	if (p->o.json)
		puts(result_json_text(doc));
	else if (!p->o.quiet)
		/* What the terminal shows is the saved document, as report --text shows it again (reports/term.h). */
		term_render(stdout, doc, RESULT_KIND_PTS, dir, text_columns(STDOUT_FILENO));
	fflush(stdout);
	if (ret) {
		cli_fail(&p->o, "%s; what was measured is in %s/result.json", ret == -EINTR ? "interrupted" : err, dir);
		rc = ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED;
		goto out;
	}
	cli_results_line(dir);
	rc = EXIT_OK;
out:
	if (p->log && fclose(p->log) && !rc) {
		cli_fail(&p->o, "--io-log: writing '%s' failed", escape_arg(q, sizeof(q), p->io_log));
		rc = EXIT_RUN_FAILED;
	}
	p->log = NULL;
	json_object_put(doc);
	pts_result_free(&r);
	return rc;
}

/* The composite workload's sizes from 512 bytes: the target must address them (one line, exit 2). */
static int cbw_check(const struct target *t)
{
	struct workload w = { 0 };

	access_spec_apply(access_spec_find("snia-cbw"), &w);
	return cli_workload_check(&w, t, "pts cbw");
}

/* The span: the capacity in whole MiB, at least one 1024k cell's worth.  Before the gate (pc_cli_open_gated). */
static int check_span(void *arg, struct target *t)
{
	struct pts_cli *p = arg;
	char q[1024];
	int rc = pc_cli_check_target(&p->o, t, "pts");

	if (rc)
		return rc;

	if (p->s.test == PTS_CBW && (rc = cbw_check(t)))
		return rc;
	p->s.usable_bytes = t->info.capacity_bytes / PTS_SPAN_UNIT * PTS_SPAN_UNIT;
	if (p->s.usable_bytes >= 16ull * PTS_SPAN_UNIT)
		return 0;
	cli_error("pts: %s holds %llu bytes, under the 16 MiB the tests need; use a larger target",
		  escape_arg(q, sizeof(q), t->info.path), (unsigned long long)t->info.capacity_bytes);
	return EXIT_USAGE;
}

int cmd_pts(int argc, char **argv)
{
	struct pts_cli p = { .s = { .purge = true, .cell_ns = PTS_CELL_NS_DEFAULT, .hir_reps = PTS_HIR_REPS },
			     .writes = NAN };
	struct target *t = NULL;
	char q[256];
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
	if (pts_test_parse(argv[optind], &p.s.test)) {
		cli_error("pts: unknown test '%s'; use iops, latency, throughput, wsat, hir, xsr, cbw or dirth",
			  escape_arg(q, sizeof(q), argv[optind]));
		goto out;
	}
	if ((rc = test_options(&p)))
		goto out;
	rc = EXIT_USAGE;
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
	p.s.round_arg = &p;
	if (p.o.dry_run) {
		dry_run(&p, t);
		rc = EXIT_OK;
	} else {
		rc = run(&p, t);
	}
out:
	target_close(t);
	cli_opts_release(&p.o);
	return rc;
}
