/* SPDX-License-Identifier: MIT */
/*
 * ssdprof precondition: purge, fill and random writes in rounds until the
 * SNIA steady-state window holds; one line per round, and the window.
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
#include "util/escape.h"
#include "util/parse.h"
#include "cli/pc_options.h"
#include "cli/progress.h"
#include "precondition/precondition.h"
#include "profiler/raid_rounds.h"
#include "results/precondition_doc.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "profiler/sweep.h"
#include "results/sweep_json.h"
#include "device/target.h"
#include "util/text.h"
#include "reports/term.h"

const char cmd_precondition_usage[] =
	"usage: ssdprof precondition TARGET... [--span PCT] [--no-purge] [--jobs N]\n"
	"                           [OPTIONS]\n"
	"\n"
	"Purge TARGET, fill it sequentially with 128k writes, then write random\n"
	"blocks in rounds until steady state (SNIA PTS: over the last 5 rounds the\n"
	"IOPS range is within 20% of the mean and the trend within 10%), or until\n"
	"the round or write limit.  Prints each round.  DESTROYS ALL DATA on TARGET.\n"
	"\n"
	BATCH_USAGE_TEXT
	"\n"
	"  --span PCT         precondition only the first PCT% of the capacity (default 100)\n"
	"  --no-purge         keep the current contents (skip the purge)\n"
	BATCH_USAGE
	CLI_USAGE_ROUNDS
	"\n"
	"Exit status 1 with --require-steady when steady state was not reached.\n"
	"Example: ssdprof precondition sim:dc-tlc --round 30s\n";

enum { OPT_SPAN = CLI_OPT_END, OPT_NO_PURGE, OPT_REQUIRE_STEADY };

struct pc_cmd {
	struct cli_opts o;
	double span_pct;
	bool purge, require_steady;
	unsigned jobs;
};

static int parse_args(struct pc_cmd *p)
{
	char err[256];
	int c, rc;

	while (!(rc = cli_opts_next(&p->o, &c)) && c != -1) {
		switch (c) {
		case OPT_SPAN:
			if (parse_percent("--span", optarg, 0, 100, &p->span_pct, err, sizeof(err)) ||
			    !(p->span_pct > 0)) {
				ESCAPE_BUF(q);

				cli_error("--span: '%s' is out of range; use more than 0%% up to 100%%",
					  escape_arg(q, sizeof(q), optarg));
				return EXIT_USAGE;
			}
			break;
		case OPT_NO_PURGE:
			p->purge = false;
			break;
		case OPT_REQUIRE_STEADY:
			p->require_steady = true;
			break;
		case BATCH_OPT_JOBS:
			if (batch_parse_jobs(optarg, &p->jobs))
				return EXIT_USAGE;
			break;
		}
	}
	if (!rc && !p->purge && cli_opts_seen(&p->o, CLI_OPT_PURGE_METHOD)) {
		cli_error("precondition: --no-purge skips the purge; leave out --purge-method");
		return EXIT_USAGE;
	}
	return rc;
}

static struct eta_settings eta_settings_of(const struct cli_opts *o, double span_pct);

static void dry_run(const struct pc_cmd *p, struct target *t)
{
	struct eta_settings es = eta_settings_of(&p->o, p->span_pct);
	const struct cli_opts *o = &p->o;
	struct cli_wrap w;
	char what[160];

	pc_rounds_describe(o, what, sizeof(what));
	cli_wrap_begin(&w);
	fprintf(w.f, "dry run: nothing is written.  ssdprof precondition would:\n");
	if (p->purge)
		fprintf(w.f, "  1. purge %s (%s)\n", t->info.path, o->purge_method ? o->purge_method : "auto");
	fprintf(w.f, "  2. fill the first %llu bytes sequentially with 128k writes, %u pass(es)\n"
	       "  3. run %s at QD %u there in rounds of %.0f s until steady (at most %u)\n",
	       (unsigned long long)o->s.usable_bytes, o->s.fill_passes, what, o->s.qd,
	       (double)o->s.round_ns / 1e9, o->s.max_rounds);
	cli_wrap_end(&w);
	progress_dry_run_estimate(t, &es);
}

/*
 * The result document, written to dir; failure (or "") is the line an I/O
 * error ended the rounds with, saved as "error".  0, or an exit code after
 * printing why (one line, failure first).
 */
static int save(struct pc_cmd *p, struct target *t, const struct precondition_result *r, struct point_info *info,
		struct raid_rounds *members, const char *dir, const char *failure, struct json_object **docp)
{
	struct json_object *doc;
	char err[TARGET_ERRLEN];
	int ret;

	ret = precondition_json_doc(p->o.command, t, &p->o.s, p->o.purge_method, p->o.have_shape ? &p->o.shape : NULL,
				    p->span_pct, p->purge, r, info, members, docp);
	doc = *docp;
	if (!doc || ret == -ENOMEM) {
		cli_fail(&p->o, "out of memory");
		return EXIT_RUN_FAILED;
	}
	if (ret) {
		cli_fail(&p->o, "%s%sthe members' figures: %s", failure, *failure ? "; saving " : "", strerror(-ret));
		return EXIT_RUN_FAILED;
	}
	if (result_doc_mark(doc, r->stop_reason && !strcmp(r->stop_reason, "interrupted"), failure))
		ret = snprintf(err, sizeof(err), "out of memory");
	else
		ret = result_write_json(dir, "result.json", doc, err, sizeof(err));
	if (ret) {
		cli_fail(&p->o, "%s%s%s", failure, *failure ? "; saving what was measured: " : "", err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

/* What the estimates need to know of the job. */
static struct eta_settings eta_settings_of(const struct cli_opts *o, double span_pct)
{
	return (struct eta_settings){ .job = ETA_PRECONDITION, .capacity_bytes = o->s.usable_bytes,
				      .fill_passes = o->s.fill_passes, .round_s = (double)o->s.round_ns / 1e9,
				      .max_rounds = o->s.max_rounds, .min_writes = o->s.min_writes,
				      .op_percent = 100 - span_pct };
}

static int precondition(struct pc_cmd *p, struct target *t)
{
	struct cli_opts *o = &p->o;
	struct precondition_result r = { 0 };
	struct point_info info = { .op_percent = NAN };
	struct json_object *doc = NULL;
	struct pc_progress progress = { .prefix = o->batch ? o->batch->prefix : "" };
	struct progress prog = { .closed = true };
	struct eta_settings es = eta_settings_of(o, p->span_pct);
	char err[TARGET_ERRLEN], dir[4096], purge_used[32] = "", wa[32];
	uint64_t start;
	int ret, rc = EXIT_RUN_FAILED;

	if ((rc = progress_open(&prog, &(struct progress_opts){ "precondition", o->quiet, o->json, o->events,
								 o->batch != NULL, o->metrics }, t, &es)))
		goto out;
	rc = EXIT_RUN_FAILED;
	progress.status = &prog;
	ret = cli_make_out_dir(o->cmd, o->out, dir, sizeof(dir), err, sizeof(err));
	if (ret) {
		cli_fail(o, "%s", err);
		rc = EXIT_USAGE;   /* before anything touched the target */
		goto out;
	}
	if (target_has(t, TARGET_CAP_GROUP) && !(progress.members = raid_rounds_new(t, o->s.max_rounds))) {
		cli_fail(o, "out of memory");
		goto out;
	}
	progress.print = !o->quiet && !o->json;
	interrupt_install();
	start = t->ops->now_ns(t);
	progress_point_start(&prog, NAN, o->s.usable_bytes);
	ret = p->purge ? precondition_purge(t, o->purge_method, purge_used, sizeof(purge_used), err, sizeof(err)) : 0;
	progress_pause(&prog);
	if (ret > 0) {
		cli_warn(o, "warning: %s", err);
	} else if (ret) {
		cli_fail(o, "purge: %s", err);
		goto out;
	}
	ret = precondition_run(t, &o->s, &r, pc_progress_event, pc_cli_poll, &progress, err, sizeof(err));
	progress_pause(&prog);
	if (!ret)
		progress_point_end(&prog, NAN, r.iops, r.waf, r.reached, r.nrounds);
	info.usable_bytes = o->s.usable_bytes;
	info.purge_method = p->purge ? purge_used : NULL;
	info.drive_seconds = (double)(t->ops->now_ns(t) - start) / 1e9;
	info.waf_source = target_has(t, TARGET_CAP_SIMULATED) ? "simulator" : "media-counter";
	/* A failure keeps the finished rounds: they cost drive-hours. */
	if ((rc = save(p, t, &r, &info, progress.members, dir, ret && ret != -EINTR ? err : "", &doc)))
		goto out;
	if (ret && ret != -EINTR) {
		cli_fail(o, "%s; %zu finished round(s) in %s/result.json", err, r.nrounds, dir);
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	if (!ret)
		progress_close(&prog, true);
	if (o->batch) {
		o->batch->figure = "steady_iops";
		o->batch->value = r.nrounds ? r.iops : NAN;
	}
	if (o->json && !o->batch)
		puts(result_json_text(doc));
	else if (!o->quiet && !o->json && o->batch && !r.nrounds)
		cli_say(o, "steady state NOT reached (%s before the first round): no round measured", r.stop_reason);
	else if (!o->quiet && !o->json && o->batch)
		cli_say(o, "%s after %zu rounds (%s): %.0f IOPS over rounds %zu-%zu, WA %s",
			r.reached ? "steady state reached" : "steady state NOT reached", r.nrounds, r.stop_reason,
			r.iops, r.window.first + 1, r.window.last + 1, text_num(wa, sizeof(wa), 2, r.waf));
	else if (!o->quiet && !o->json)
		/* The saved document, as report --text shows it again (reports/term.h). */
		term_render(stdout, doc, RESULT_KIND_PRECONDITION, dir, text_columns(STDOUT_FILENO));
	if (!o->batch)
		cli_results_line(dir);
	if (ret == -EINTR)
		rc = EXIT_INTERRUPTED;
	else
		rc = p->require_steady && !r.reached ? EXIT_RUN_FAILED : EXIT_OK;
	if (o->batch && rc)
		snprintf(o->batch->error, sizeof(o->batch->error), "%s", ret == -EINTR ? "interrupted"
			 : "steady state not reached (--require-steady)");
out:
	if (progress_close(&prog, false) && rc == EXIT_OK)
		rc = EXIT_RUN_FAILED;   /* --events lines were lost */
	json_object_put(doc);
	raid_rounds_free(progress.members);
	precondition_result_free(&r);
	return rc;
}

/* The span of t to precondition into p->o.s.usable_bytes: 0, or EXIT_USAGE after printing why. */
static int check_span(struct pc_cmd *p, const struct target *t)
{
	char what[64];

	p->o.s.usable_bytes = sweep_usable_bytes(t->info.capacity_bytes, 100 - p->span_pct);
	snprintf(what, sizeof(what), "--span: %.4g%%", p->span_pct);
	if (pc_cli_check_usable(&p->o, t, 100 - p->span_pct, what))
		return EXIT_USAGE;
	/* After a purge the LBAs past the span are spare: GC starts once they are written. */
	p->o.s.host_spare_bytes = p->purge ? t->info.capacity_bytes - p->o.s.usable_bytes : 0;
	return 0;
}

/* A drive of a batch (cli/batch.h): its own copy of the options, checked as one TARGET is. */
static int batch_check(struct batch_drive *d, void *ctx)
{
	struct pc_cmd *p = malloc(sizeof(*p));
	int rc;

	if (!p) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	*p = *(const struct pc_cmd *)ctx;
	d->arg = p;
	p->o.batch = d;
	p->o.yes = d->yes;
	if ((rc = pc_cli_check_target(&p->o, d->t, "precondition")))
		return rc;
	return check_span(p, d->t);
}

static void batch_dry_run(struct batch_drive *d, void *ctx)
{
	(void)ctx;
	dry_run(d->arg, d->t);
}

static int batch_one(struct batch_drive *d, void *ctx)
{
	struct pc_cmd *p = d->arg;

	(void)ctx;
	p->o.out = d->dir;
	return precondition(p, d->t);
}

const struct option cmd_precondition_options[] = {
	{ "span", required_argument, NULL, OPT_SPAN },
	{ "no-purge", no_argument, NULL, OPT_NO_PURGE },
	{ "require-steady", no_argument, NULL, OPT_REQUIRE_STEADY },
	BATCH_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

int cmd_precondition(int argc, char **argv)
{
	static const struct batch_cmd batch = { "precondition", batch_check, batch_dry_run, batch_one, batch_free_arg };
	struct pc_cmd p = { .span_pct = 100, .purge = true };
	struct target *t = NULL;
	int rc;

	if ((rc = cli_opts_init(&p.o, argc, argv, CLI_O_ALL, cmd_precondition_options)))
		return rc;
	if ((rc = parse_args(&p)) || (rc = batch_check_jobs(&p.o, p.jobs)))
		goto out;
	if (p.o.raid_level < 0 && argc - optind > 1) {
		rc = batch_main(&p.o, argc, argv, optind, p.o.out, p.jobs, &batch, &p);
		goto out;
	}
	if ((rc = pc_cli_open_target(&p.o, argc, argv, optind, "precondition", &t)) || (rc = check_span(&p, t)))
		goto out;
	if (p.o.dry_run) {
		dry_run(&p, t);
		rc = EXIT_OK;
	} else {
		rc = precondition(&p, t);
	}
out:
	target_close(t);
	cli_opts_release(&p.o);
	return rc;
}
