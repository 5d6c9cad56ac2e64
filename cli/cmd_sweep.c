/* SPDX-License-Identifier: MIT */
/*
 * ssdprof sweep: steady-state IOPS, latency and WA at each OP level, the
 * knee, and a recommendation.  Results are saved after every point as a
 * complete document, so an interrupted sweep loses at most the point it was
 * in, and --resume replays the finished points into the plan and goes on.
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
#include "cli/endurance_opts.h"
#include "cli/interrupt.h"
#include "results/json_get.h"
#include "profiler/knee.h"
#include "profiler/op_member.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "device/md_info.h"
#include "cli/pc_options.h"
#include "cli/sweep_cli.h"
#include "cli/workload_opts.h"
#include "cli/progress.h"
#include "results/raid_json.h"
#include "profiler/raid_rounds.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "reports/csv_export.h"
#include "profiler/sweep.h"
#include "results/sweep_json.h"
#include "profiler/sweep_plan.h"
#include "profiler/sweep_run.h"
#include "reports/term.h"
#include "device/target.h"
#include "util/text.h"

const char cmd_sweep_usage[] =
	"usage: ssdprof sweep TARGET... [--op LIST | --op-range A:B [--resolution PCT]]\n"
	"                    [--op-method auto|namespace|span] [--jobs N] [OPTIONS]\n"
	"       ssdprof sweep --raid 0|1|5|6|10 [--chunk SIZE] MEMBER MEMBER... [OPTIONS]\n"
	"                    [--op-member P1,P2,... ...]\n"
	"       ssdprof sweep TARGET... --resume DIR\n"
	"\n"
	"For each OP level: purge, hold back that % of the capacity (namespace resize,\n"
	"HPA, or a workload confined to a span), fill sequentially, then random writes\n"
	"in rounds until the SNIA steady-state window holds.  Records IOPS, latency,\n"
	"host and media bytes and WA over the window, finds the knee (the OP where\n"
	"IOPS x (100 - OP) peaks: past it one more point of OP buys less than 1% more\n"
	"IOPS per 1% of capacity given up; with fewer than 3 points, or when it still\n"
	"rises at the top of the range, no knee is claimed) and recommends an OP.\n"
	"DESTROYS ALL DATA on the target.\n"
	"\n"
	BATCH_USAGE_TEXT
	"\n"
	"  --op LIST          measure exactly these OP levels, e.g. 0,7,14,28\n"
	"  --op-range A:B     adaptive search between A and B % (default 0:40)\n"
	"  --resolution PCT   adaptive: narrow the knee down to this (default 2.5)\n"
	"  --op-method M      auto (namespace, then HPA, then span), namespace or span\n"
	"  --op-member LIST   a RAID group's point with its own OP for each member, one\n"
	"                     percent per member in order (repeat for more points)\n"
	"  --resume DIR       continue the sweep saved in DIR, with its settings (several\n"
	"                     TARGETs: each drive's in DIR/drive-N)\n"
	BATCH_USAGE
	"  --require-steady   exit 1 if a point did not reach steady state\n"
	ENDURANCE_USAGE
	"  --carry-over       span OP: a point starts from the last one's state, TRIMming\n"
	"                     the span's tail (up in OP) or filling its new tail (down)\n"
	"                     instead of purge and fill (faster; no purge between points)\n"
	"  --predict stop|check  fit the rounds' approach to steady state: stop a point\n"
	"                     once the predicted IOPS and WA are within 2% (stop), or\n"
	"                     record the prediction and run on to the window (check)\n"
	"  --round-writes F   shorten rounds to write about F x the usable span each\n"
	"                     (never past --round); the window then also needs steady\n"
	"                     WA, a range within 4%, and 2 drive-writes of rounds (1.5\n"
	"                     plus the OP step's share of the span when carried over)\n"
	"  --fast             --carry-over --predict stop --round-writes 0.1 where\n"
	"                     points are measured the full way (no media counter, a\n"
	"                     skewed workload, --precondition full); where they are\n"
	"                     constructed, the default's way in rounds of 0.02 x the\n"
	"                     span, the first point constructed too where the target\n"
	"                     states its flash (the simulator).\n"
	"                     The trade-off: points within 2% of fresh ones, but not\n"
	"                     SNIA's procedure (no purge and fill between points,\n"
	"                     figures may be predicted), span OP with TRIM only\n"
	"  --precondition auto|full|constructed  how a fresh point is preconditioned:\n"
	"                     full is SNIA's purge, fill and rounds on every point;\n"
	"                     constructed writes the flash once at GC's steady state,\n"
	"                     then rounds of 0.05 x the span (within 2% of full on\n"
	"                     the simulator's presets); auto (the default): the\n"
	"                     first point full (it calibrates), the next constructed\n"
	"                     where that holds\n"
	CLI_USAGE_ROUNDS
	"\n"
	"Example: ssdprof sweep sim:budget-tlc --out results/budget\n"
	"         ssdprof sweep sim:dc-tlc sim:budget-tlc --out results/pool\n";

/* One sweep as it runs: what its hooks (profiler/sweep_run.h) need. */
struct sweep_ctx {
	const struct sweep_cli *o;
	struct sweep_runner *r;
	struct sweep_doc d;
	struct pc_progress pctx;
	const char *dir;
	bool all_steady;
	char prefix[64];
};

/* The document as it stands, with the first n of the runner's points in its knee. */
static int save(struct sweep_ctx *c, size_t n, bool complete, char *err, size_t errlen)
{
	int ret = sweep_doc_save(&c->d, c->r->kp, n, c->dir, complete, err, errlen);

	/* points.csv and timeseries.csv beside it, by report's writer: a lab reads them without running report. */
	return ret ? ret : csv_write(c->dir, csv_sweep, c->d.doc, err, errlen);
}

/* A drive of a batch says which it is, as its other lines do. */
static void warn(void *pc, const char *msg)
{
	cli_warn(pc, "warning: %s", msg);
}

/* The point about to run: its first line, and the status line's. */
static void point_start(void *arg, double op, const double *member_op, const char *steps)
{
	struct sweep_ctx *c = arg;
	const struct cli_opts *pc = &c->o->pc;

	(void)member_op;
	snprintf(c->prefix, sizeof(c->prefix), "%sop %5.2f%%  ", pc->batch ? pc->batch->prefix : "", op);
	c->pctx.prefix = c->prefix;
	c->pctx.print = !pc->quiet && !pc->json;
	progress_pause(c->pctx.status);
	if (!pc->quiet && !pc->json)
		cli_say(pc, "op %.2f%%: %s", op, steps);
	progress_point_start(c->pctx.status, op, sweep_usable_bytes(c->r->run.capacity, op));
}

/* Point pt measured at op: into the document, then saved.  0, or an exit code after printing why. */
static int point_done(void *arg, double op, const double *member_op, const struct sweep_point *pt,
		      struct knee_point *kp)
{
	struct sweep_ctx *c = arg;
	const struct cli_opts *pc = &c->o->pc;
	const struct sweep_run *run = &c->r->run;
	const char *method = sweep_point_method(pt);
	char err[TARGET_ERRLEN], wa[32];
	int ret;
	struct json_object *pj = sweep_doc_point(&c->d, run->t, run->method, op, member_op, pt, &ret);

	progress_pause(c->pctx.status);
	if (!pj || ret) {
		cli_fail(pc, "sweep at %.2f%% OP: the members' figures: %s", op, strerror(pj ? -ret : ENOMEM));
		json_object_put(pj);
		save(c, c->r->n, false, err, sizeof(err));
		return EXIT_RUN_FAILED;
	}
	sweep_doc_add(&c->d, pj, kp);
	c->all_steady &= pt->pc.reached || !strcmp(method, "predicted");
	progress_point_end(c->pctx.status, op, pt->pc.iops, pt->pc.waf, pt->pc.reached, pt->pc.nrounds);
	progress_pause(c->pctx.status);
	if (!pc->quiet && !pc->json)
		cli_say(pc, "op %.2f%%: %s%s after %zu rounds: %.0f IOPS, WA %s, %.1f drive-minutes", op,
			!strcmp(method, "predicted") ? "predicted" : pt->pc.reached ? "steady" : "NOT steady",
			pt->carried_over ? " (carried over)" : "", pt->pc.nrounds, pt->pc.iops,
			text_num(wa, sizeof(wa), 2, pt->pc.waf), pt->drive_seconds / 60);
	if (save(c, c->r->n + 1, false, err, sizeof(err))) {
		cli_fail(pc, "%s", err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

/*
 * The sweep stopped in point pt at op (pt NULL: between points): an
 * interrupt (failure NULL) or an error.  The finished points are saved
 * with complete false, the cut point beside them as incomplete_point (what
 * it measured: the fill and the finished rounds, never a point of the knee
 * or the plan, so --resume measures it again), the document marked
 * interrupted or with the error.  An exit code after printing one line.
 */
static int stop_point(void *arg, double op, const double *member_op, const struct sweep_point *pt, int stopped,
		      const char *error)
{
	struct sweep_ctx *c = arg;
	const struct cli_opts *pc = &c->o->pc;
	const char *failure = stopped == -EINTR ? NULL : error;
	size_t n = c->r->n;
	char err[TARGET_ERRLEN], why[TARGET_ERRLEN + 32] = "", *qdir, *sdir, *spath;
	int ret = 0;

	progress_pause(c->pctx.status);
	json_object_object_del(c->d.doc, "incomplete_point");
	if (pt && (pt->pc.nrounds || pt->pc.fill.bytes)) {
		/* The members' figures are a nicety here: the point is saved without them if they fail. */
		struct json_object *pj = sweep_doc_point(&c->d, c->r->run.t, c->r->run.method, op, member_op, pt,
							 &ret);

		if (pj) {
			json_object_object_add(pj, "incomplete", json_object_new_boolean(1));
			json_object_object_add(c->d.doc, "incomplete_point", pj);
		}
		ret = 0;
	}
	if (failure)
		snprintf(why, sizeof(why), "sweep at %.2f%% OP: %s", op, failure);
	if (result_doc_mark(c->d.doc, !failure, why))
		ret = snprintf(err, sizeof(err), "out of memory");
	else
		ret = save(c, n, false, err, sizeof(err));
	/* One line: what failed, where the finished points are, and a command that runs as printed. */
	qdir = text_shown_name(c->dir, false);
	sdir = text_shown_name(c->dir, true);
	spath = text_shown_name(c->r->run.t->info.path, true);
	if (!qdir || !sdir || !spath) {
		cli_fail(pc, "%s; out of memory", failure ? why : "interrupted");
		ret = failure ? EXIT_RUN_FAILED : EXIT_INTERRUPTED;
		goto out;
	}
	if (failure) {
		if (ret)
			cli_fail(pc, "%s; saving the finished points: %s", why, err);
		else if (c->d.members)
			cli_fail(pc, "%s; %zu finished point(s) in %s/result.json (--resume %s continues)", why, n,
				 qdir, sdir);
		else
			/* tests/integration/suggestions.sh runs it. */
			cli_fail(pc, "%s; %zu finished point(s) in %s/result.json; continue with: ssdprof sweep %s "
				 "--resume %s", why, n, qdir, spath, sdir);
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	if (ret)
		cli_fail(pc, "%s", err);
	if (c->d.members)
		cli_fail(pc, "interrupted after %zu point(s); results so far in %s/result.json; "
			  "continue with the same --raid, --chunk and members plus --resume %s", n, qdir,
			  sdir);
	else
		cli_fail(pc, "interrupted after %zu point(s); results so far in %s/result.json; "
			  "continue with: ssdprof sweep %s --resume %s", n, qdir, spath, sdir);
	ret = EXIT_INTERRUPTED;
out:
	free(qdir);
	free(sdir);
	free(spath);
	return ret;
}

/* What a sweep prints when it is done: the table and the recommendation, or in a batch one line. */
static void print_done(const struct sweep_ctx *c)
{
	const struct sweep_cli *o = c->o;
	size_t n = c->r->n;
	struct knee_result k;

	knee_find(c->r->kp, n, &k);
	if (o->pc.batch) {
		o->pc.batch->figure = "recommended_op_percent";
		o->pc.batch->value = k.recommended_op_percent;
		if (!o->pc.quiet && !o->pc.json)
			cli_say(&o->pc, "done: recommended OP %.4g%% (%s); %s/result.json", k.recommended_op_percent,
				k.reason, c->dir);
		return;
	}
	/* What the terminal shows is the saved document, as report --text shows it again (reports/term.h). */
	if (o->pc.json)
		puts(result_json_text(c->d.doc));
	else if (!o->pc.quiet)
		term_render(stdout, c->d.doc, RESULT_KIND_SWEEP, c->dir, text_columns(STDOUT_FILENO));
	cli_results_line(c->dir);
}

static const double *member_op_for(const void *member, double op)
{
	const struct op_member_plan *m = member;

	return m->npoints ? op_member_for(m, op) : NULL;
}

static bool interrupted(void *arg)
{
	(void)arg;
	return interrupt_requested();
}

/* The runner, the document and its hooks of a sweep of t.  0, or an exit code after printing why. */
static int sweep_start(struct sweep_cli *o, struct target *t, struct json_object *saved, enum op_method method,
		       struct sweep_ctx *c)
{
	struct sweep_runner *r = c->r;

	r->run = (struct sweep_run){
		.t = t, .capacity = t->info.capacity_bytes, .requested = o->op_method, .method = method,
		.purge_method = o->pc.purge_method, .settings = &o->pc.s, .progress = pc_progress_event,
		.poll = pc_cli_poll, .arg = &c->pctx, .warn = warn, .warn_arg = &o->pc,
		.carry_over = o->carry_over, .pc = o->precondition,
		.quiet_fallback = o->pc.quiet && !o->precondition_given,
	};
	r->plan = o->plan;
	r->member_op = member_op_for;
	r->member_arg = &o->member;
	r->hooks = (struct sweep_hooks){ .arg = c, .start = point_start, .point = point_done, .stop = stop_point,
					 .interrupted = interrupted };
	c->o = o;
	c->all_steady = true;
	c->d = (struct sweep_doc){ .endurance = &o->ein, .virtual_time = target_has(t, TARGET_CAP_VIRTUAL_TIME),
				   .point_method = true };
	/* A resumed sweep keeps the rating it started with, unless given anew. */
	if (o->endurance.given || !saved || endurance_json_input(saved, &o->ein))
		endurance_input_of(&o->endurance, t, &o->ein, o->ein_src);
	if (target_has(t, TARGET_CAP_GROUP) &&
	    !(c->d.members = c->pctx.members = raid_rounds_new(t, precondition_max_rounds(&o->pc.s)))) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	if (sweep_doc_start(&c->d, o->pc.command, t, sweep_settings_json(o), saved, r->kp, &r->n)) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	sweep_doc_calib(&c->d, &r->run.cal, t);
	return 0;
}

/* After the last point: the capacity back, the document whole and saved, what it says printed.  An exit code. */
static int sweep_end(struct sweep_ctx *c, struct progress *prog)
{
	const struct sweep_cli *o = c->o;
	char err[TARGET_ERRLEN];

	if (sweep_restore_capacity(&c->r->run, err, sizeof(err)))
		cli_warn(&o->pc, "warning: restoring the full capacity failed: %s", err);
	sweep_doc_finish(&c->d, c->r->run.t);
	if (save(c, c->r->n, true, err, sizeof(err))) {
		cli_fail(&o->pc, "%s", err);
		return EXIT_RUN_FAILED;
	}
	progress_close(prog, true);
	print_done(c);
	if (!o->require_steady || c->all_steady)
		return EXIT_OK;
	if (o->pc.batch)
		snprintf(o->pc.batch->error, sizeof(o->pc.batch->error), "a point did not reach steady state "
			 "(--require-steady)");
	return EXIT_RUN_FAILED;
}

int sweep_one(struct sweep_cli *o, struct target *t, struct json_object *saved, enum op_method method)
{
	struct progress prog = { .closed = true };
	struct eta_settings es = sweep_eta_settings(o, t);
	struct sweep_ctx *c = calloc(1, sizeof(*c));
	struct sweep_runner *r = calloc(1, sizeof(*r));
	char err[TARGET_ERRLEN], dir[4096];
	int rc = EXIT_RUN_FAILED;

	if (!c || !r) {
		cli_error("out of memory");
		goto out;
	}
	c->r = r;
	c->dir = dir;
	if ((rc = sweep_start(o, t, saved, method, c)) ||
	    (rc = progress_open(&prog, &(struct progress_opts){ "sweep", o->pc.quiet, o->pc.json, o->pc.events,
								 o->pc.batch != NULL, o->pc.metrics }, t, &es)))
		goto out;
	c->pctx.status = &prog;
	for (size_t i = 0; i < r->n; i++)
		progress_replayed(&prog, r->kp[i].op_percent, r->kp[i].iops, r->kp[i].waf);
	if (cli_make_out_dir(o->pc.cmd, o->resume ? o->resume : o->pc.out, dir, sizeof(dir), err, sizeof(err))) {
		cli_fail(&o->pc, "%s", err);
		rc = EXIT_USAGE;   /* before anything touched the target */
		goto out;
	}
	interrupt_install();
	if (!(rc = sweep_runner_run(r)))
		rc = sweep_end(c, &prog);
out:
	if (progress_close(&prog, false) && rc == EXIT_OK)
		rc = EXIT_RUN_FAILED;   /* --events lines were lost */
	if (c) {
		raid_rounds_free(c->pctx.members);
		sweep_doc_free(&c->d);
	}
	free(c);
	free(r);
	return rc;
}

/* What sweep_prepare fills, for pc_cli_open_gated's check. */
struct sweep_open {
	struct sweep_cli *o;
	struct json_object **saved;
	enum op_method *method;
};

static int prepare_one(void *arg, struct target *t)
{
	struct sweep_open *s = arg;

	return sweep_prepare(s->o, t, s->saved, s->method);
}

int cmd_sweep(int argc, char **argv)
{
	struct sweep_cli o = { 0 };
	struct target *t = NULL;
	struct json_object *saved = NULL;
	enum op_method method;
	int rc;

	if ((rc = cli_opts_init(&o.pc, argc, argv, CLI_O_ALL, sweep_options)))
		return rc;
	if ((rc = sweep_parse_args(&o)) || (rc = batch_check_jobs(&o.pc, o.jobs)))
		goto out;
	if (o.pc.raid_level < 0 && argc - optind > 1) {
		rc = sweep_batch(&o, argc, argv, optind);
		goto out;
	}
	if ((rc = pc_cli_open_gated(&o.pc, argc, argv, optind, "sweep", prepare_one,
				    &(struct sweep_open){ .o = &o, .saved = &saved, .method = &method }, &t)))
		goto out;
	if (o.pc.dry_run) {
		sweep_dry_run(&o, t, method);
		rc = EXIT_OK;
	} else {
		rc = sweep_one(&o, t, saved, method);
	}
out:
	json_object_put(saved);
	target_close(t);
	cli_opts_release(&o.pc);
	return rc;
}
