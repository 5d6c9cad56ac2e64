/* SPDX-License-Identifier: MIT */
/*
 * ssdprof slc: how much goes in at SLC-cache speed before the cliff, the
 * speed before and after, the phases, and how much comes back after idle.
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
#include "util/escape.h"
#include "cli/interrupt.h"
#include "util/parse.h"
#include "cli/pc_options.h"
#include "cli/progress.h"
#include "profiler/raid_members.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/slc_doc.h"
#include "results/slc_json.h"
#include "profiler/slc_probe.h"
#include "reports/term.h"
#include "util/text.h"
#include "device/target.h"

const char cmd_slc_usage[] =
	"usage: ssdprof slc TARGET... [--bs 128k] [--qd 32] [--prefill PCT]\n"
	"                  [--idle LIST] [--jobs N] [OPTIONS]\n"
	"       ssdprof slc --raid 0|1|5|6|10 [--chunk SIZE] MEMBER MEMBER... [OPTIONS]\n"
	"\n"
	"Purge TARGET, then write it sequentially end to end and chart MB/s per 0.5%\n"
	"of capacity.  The curve is cut into phases where the speed changes by more\n"
	"than 25% for at least 1% of the capacity; what went in fast before the first\n"
	"drop is the SLC cache plus the write buffer, measured apart after the cliff.\n"
	"DESTROYS ALL DATA on TARGET.\n"
	"\n"
	BATCH_USAGE_TEXT
	"\n"
	"  --bs SIZE           write size (default 128k)\n"
	"  --qd N              queue depth (default 32)\n"
	"  --prefill PCT       write PCT% first and let the drive settle: the cache of a part-full drive\n"
	"  --prefill-idle DUR  how long to let it settle after the prefill (default 60s)\n"
	"  --idle LIST         after the cliff, idle this long and measure how much the cache\n"
	"                      recovered, e.g. 5s,30s,120s\n"
	"  --purge-method M    as for sweep (default auto)\n"
	"  --jobs N            several TARGETs: probe at most N drives at once (default: all)\n"
	"  --seed N, --out DIR, --json, --quiet, --events FILE, --dry-run, --yes SERIAL(S),\n"
	"  --force, --raid LEVEL, --chunk SIZE, --metrics FILE   as for sweep\n"
	"\n"
	"Example: ssdprof slc sim:budget-qlc --idle 30s,5m\n";

enum { OPT_PREFILL = CLI_OPT_END, OPT_PREFILL_IDLE, OPT_IDLE };

static int parse_args(struct cli_opts *o, struct slc_settings *s, unsigned *jobs)
{
	char err[256];
	int c, rc;

	while (!(rc = cli_opts_next(o, &c)) && c != -1) {
		switch (c) {
		case OPT_PREFILL:
			if (parse_percent("--prefill", optarg, 0, 90, &s->prefill_pct, err, sizeof(err)))
				goto bad;
			break;
		case OPT_PREFILL_IDLE:
			if (parse_duration("--prefill-idle", optarg, &s->prefill_idle_ns, err, sizeof(err)))
				goto bad;
			break;
		case OPT_IDLE:
			if (parse_duration_list("--idle", optarg, s->idle_ns, SLC_MAX_IDLE, &s->nidle, err, sizeof(err)))
				goto bad;
			break;
		case BATCH_OPT_JOBS:
			if (batch_parse_jobs(optarg, jobs))
				return EXIT_USAGE;
			break;
		}
	}
	return rc;
bad:
	cli_error("%s", err);
	return EXIT_USAGE;
}

static void print_result(const struct cli_opts *o, struct json_object *doc, const struct slc_result *r,
			 const char *dir)
{
	char summary[256];

	slc_summary(r, summary, sizeof(summary));
	if (o->batch) {
		/* A drive of a batch: its phases are in its own report. */
		cli_say(o, "%s", summary);
		for (size_t i = 0; i < r->nrecovery; i++)
			cli_say(o, "after %g s idle: %s%.2f GB of SLC cache back", r->recovery[i].idle_s,
				r->recovery[i].lower_bound ? "at least " : "", (double)r->recovery[i].recovered_bytes / 1e9);
		return;
	}
	/* What the terminal shows is the saved document, as report --text shows it again (reports/term.h). */
	term_render(stdout, doc, RESULT_KIND_SLC, dir, text_columns(STDOUT_FILENO));
}

/*
 * The result document of the probe (a group's: with each member over the
 * whole probe), written to dir; a probe cut short is marked interrupted, or
 * with failure (the line it failed with).  0, or an exit code after printing
 * one line (failure first).
 */
static int save(const struct cli_opts *o, struct target *t, const struct slc_settings *s, const struct slc_result *r,
		struct raid_snap *before, struct raid_snap *after, const char *dir, const char *failure,
		struct json_object **docp)
{
	struct json_object *doc;
	char err[TARGET_ERRLEN];
	const char *sep = *failure ? "; saving what was measured: " : "";
	int ret;

	/* Each member over the whole probe, purge to the end: the member that held the group back. */
	if (before)
		raid_snap_take(after, t);
	ret = slc_json_doc(o->command, t, s, r, before, after, docp);
	if (!(doc = *docp)) {
		cli_fail(o, "%s%sout of memory", failure, sep);
		return EXIT_RUN_FAILED;
	}
	if (ret) {
		cli_fail(o, "%s%sthe members' figures: %s", failure, sep, strerror(-ret));
		return EXIT_RUN_FAILED;
	}
	if (result_doc_mark(doc, r->cut && !*failure, failure))
		ret = snprintf(err, sizeof(err), "out of memory");
	else
		ret = result_write_json(dir, "result.json", doc, err, sizeof(err));
	if (ret) {
		cli_fail(o, "%s%s%s", failure, sep, err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

static int probe(const struct cli_opts *o, struct target *t, const struct slc_settings *s, struct progress *prog)
{
	struct slc_result r = { 0 };
	struct raid_snap *before = NULL, *after = NULL;   /* a group's members, around the probe */
	struct json_object *doc = NULL;
	char err[TARGET_ERRLEN], dir[4096];
	int ret, rc = EXIT_RUN_FAILED;

	ret = cli_make_out_dir(o->cmd, o->out, dir, sizeof(dir), err, sizeof(err));
	if (ret) {
		cli_fail(o, "%s", err);
		rc = EXIT_USAGE;   /* before anything touched the target */
		goto out;
	}
	if (target_has(t, TARGET_CAP_GROUP)) {
		if (!(before = raid_snap_new(t)) || !(after = raid_snap_new(t))) {
			cli_fail(o, "out of memory");
			goto out;
		}
		raid_snap_take(before, t);
	}
	interrupt_install();
	progress_point_start(prog, NAN, s->usable_bytes);
	ret = slc_probe_run(t, s, &r, pc_cli_poll, NULL, err, sizeof(err));
	progress_pause(prog);
	if (r.warning[0])
		cli_warn(o, "warning: %s", r.warning);
	/* Before the purge was done nothing was measured nor destroyed: nothing to save. */
	if (ret && !r.cut) {
		if (ret == -EINTR)
			cli_fail(o, "interrupted before the probe began; nothing was measured");
		else
			cli_fail(o, "%s", err);
		rc = ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED;
		goto out;
	}
	/* Cut short, the phases measured so far are kept: they cost drive-hours. */
	if ((rc = save(o, t, s, &r, before, after, dir, ret && ret != -EINTR ? err : "", &doc)))
		goto out;
	if (!ret)
		progress_close(prog, true);
	if (o->batch) {
		o->batch->figure = "slc_cache_bytes";
		o->batch->value = r.cache_known ? (double)r.cache_bytes : NAN;
	}
	if (o->json && !o->batch)
		puts(result_json_text(doc));
	else if (!o->quiet && !o->json && r.nphases)
		print_result(o, doc, &r, dir);
	fflush(stdout);
	if (ret) {
		if (ret == -EINTR)
			cli_fail(o, "interrupted; what was measured is in %s/result.json", dir);
		else
			cli_fail(o, "%s; what was measured is in %s/result.json", err, dir);
		rc = ret == -EINTR ? EXIT_INTERRUPTED : EXIT_RUN_FAILED;
		goto out;
	}
	if (!o->batch)
		cli_results_line(dir);
	rc = EXIT_OK;
out:
	json_object_put(doc);
	raid_snap_free(before);
	raid_snap_free(after);
	slc_result_free(&r);
	return rc;
}

/* The probe's settings for t from the options and the parsed base, and its estimate. */
static void settings_for(const struct cli_opts *o, const struct slc_settings *base, const struct target *t,
			 struct slc_settings *s, struct eta_settings *es)
{
	*s = *base;
	s->usable_bytes = t->info.capacity_bytes;
	s->bs = o->s.bs;
	s->qd = o->s.qd;
	s->seed = o->s.seed;
	s->purge_method = o->purge_method;
	*es = (struct eta_settings){ .job = ETA_SLC, .capacity_bytes = s->usable_bytes, .prefill_pct = s->prefill_pct,
				     .prefill_idle_s = (double)s->prefill_idle_ns / 1e9, .nidle = s->nidle };
	for (size_t i = 0; i < s->nidle; i++)
		es->idle_s[i] = (double)s->idle_ns[i] / 1e9;
}

static void dry_run(const struct cli_opts *o, const struct slc_settings *base, struct target *t)
{
	struct slc_settings s;
	struct eta_settings es;
	struct cli_wrap w;

	settings_for(o, base, t, &s, &es);
	cli_wrap_begin(&w);
	fprintf(w.f, "dry run: nothing is written.  ssdprof slc would:\n"
	       "  1. purge %s (%s)\n"
	       "  2. write the first %.4g%% sequentially and idle %.0f s\n"
	       "  3. write the rest sequentially (%u-byte writes, QD %u), measuring MB/s per 0.5%% of capacity\n"
	       "  4. idle and write again %zu time(s) to measure recovery\n",
	       t->info.path, o->purge_method ? o->purge_method : "auto", s.prefill_pct,
	       (double)s.prefill_idle_ns / 1e9, s.bs, s.qd, s.nidle);
	cli_wrap_end(&w);
	progress_dry_run_estimate(t, &es);
}

/* The probe of the checked target t, its progress shown (a drive of a batch: none).  An exit code. */
static int probe_one(const struct cli_opts *o, const struct slc_settings *base, struct target *t)
{
	struct progress prog = { .closed = true };
	struct slc_settings s;
	struct eta_settings es;
	int rc;

	settings_for(o, base, t, &s, &es);
	if (!(rc = progress_open(&prog, &(struct progress_opts){ "slc", o->quiet, o->json, o->events, o->batch != NULL,
								 o->metrics },
				 t, &es))) {
		s.tick = progress_tick;
		s.tick_arg = &prog;
		rc = probe(o, t, &s, &prog);
	}
	if (progress_close(&prog, false) && rc == EXIT_OK)
		rc = EXIT_RUN_FAILED;   /* --events lines were lost */
	return rc;
}

/* A drive of a batch (cli/batch.h): its own copy of the options, checked as one TARGET is. */
struct slc_drive {
	struct cli_opts o;
	const struct slc_settings *base;
};

/* The probe writes what the prefill leaves in whole --bs writes: none is no probe.  0 or EXIT_USAGE. */
static int check_size(const struct cli_opts *o, const struct slc_settings *base, const struct target *t)
{
	uint64_t cap = t->info.capacity_bytes;
	uint64_t prefill = (uint64_t)((double)cap * base->prefill_pct / 100.0) / o->s.bs * o->s.bs;
	ESCAPE_BUF(q);

	if (cap - prefill >= o->s.bs)
		return 0;
	cli_error("slc: %s has %llu bytes to probe%s, less than one %u-byte write; use a larger target or a smaller --bs",
		  escape_arg(q, sizeof(q), t->info.path), (unsigned long long)(cap - prefill),
		  prefill ? " after the prefill" : "", o->s.bs);
	return EXIT_USAGE;
}

static int batch_check(struct batch_drive *d, void *ctx)
{
	const struct slc_drive *all = ctx;
	struct slc_drive *s = malloc(sizeof(*s));
	int rc;

	if (!s) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	*s = *all;
	d->arg = s;
	s->o.batch = d;
	s->o.yes = d->yes;
	rc = pc_cli_check_target(&s->o, d->t, "slc");
	return rc ? rc : check_size(&s->o, s->base, d->t);
}

static void batch_dry_run(struct batch_drive *d, void *ctx)
{
	struct slc_drive *s = d->arg;

	(void)ctx;
	dry_run(&s->o, s->base, d->t);
}

static int batch_one(struct batch_drive *d, void *ctx)
{
	struct slc_drive *s = d->arg;

	(void)ctx;
	s->o.out = d->dir;
	return probe_one(&s->o, s->base, d->t);
}

const struct option cmd_slc_options[] = {
	{ "prefill", required_argument, NULL, OPT_PREFILL },
	{ "prefill-idle", required_argument, NULL, OPT_PREFILL_IDLE },
	{ "idle", required_argument, NULL, OPT_IDLE },
	BATCH_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

int cmd_slc(int argc, char **argv)
{
	static const struct batch_cmd batch = { "slc", batch_check, batch_dry_run, batch_one, batch_free_arg };
	struct slc_drive all;
	struct slc_settings s = { .prefill_idle_ns = 60ull * 1000000000 };
	struct target *t = NULL;
	unsigned jobs = 0;
	int rc;

	if ((rc = cli_opts_init(&all.o, argc, argv, CLI_O_SLC, cmd_slc_options)))
		return rc;
	all.base = &s;
	all.o.s.bs = 128 * 1024;
	if ((rc = parse_args(&all.o, &s, &jobs)) || (rc = batch_check_jobs(&all.o, jobs)))
		goto out;
	if (all.o.raid_level < 0 && argc - optind > 1) {
		rc = batch_main(&all.o, argc, argv, optind, all.o.out, jobs, &batch, &all);
		goto out;
	}
	if ((rc = pc_cli_open_target(&all.o, argc, argv, optind, "slc", &t)) || (rc = check_size(&all.o, &s, t)))
		goto out;
	if (all.o.dry_run) {
		dry_run(&all.o, &s, t);
		rc = EXIT_OK;
	} else {
		rc = probe_one(&all.o, &s, t);
	}
out:
	target_close(t);
	cli_opts_release(&all.o);
	return rc;
}
