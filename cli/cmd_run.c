/* SPDX-License-Identifier: MIT */
/*
 * ssdprof run TARGET [options]: one workload, one time series per queue
 * depth, one result.  With --raid the TARGETs are the members of a group,
 * each series also carries every member's figures (raid_members.h), and a
 * --chunk list runs the whole workload once per chunk size, each time on
 * the group opened afresh, so every chunk starts from the same state.
 *
 * The command: the command line (run_opts.c), the target opened, checked
 * and gated, the method called (profiler/run_steps.c: the preparation and
 * the steps, through hooks for progress, members and reopening), the
 * document built and saved (results/run_json.c), the summary printed.
 *
 * Everything that can be wrong with the command line is checked before the
 * output directory exists and before any I/O, so a typo leaves nothing
 * behind and writes nothing.  On a real block device (every member of a
 * group), writes also pass the one safety gate, reached through
 * dev_open_gated() (exit 3 when refused).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "util/escape.h"
#include "cli/dev_common.h"
#include "cli/interrupt.h"
#include "cli/options.h"
#include "cli/pc_options.h"
#include "cli/progress.h"
#include "cli/run.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "util/text.h"
#include "results/raid_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "device/target.h"
#include "open/open.h"
#include "engine/access_spec.h"
#include "engine/workload.h"
#include "cli/workload_opts.h"
#include "reports/term.h"
#include "precondition/precondition.h"

const char cmd_run_usage[] =
	"usage: ssdprof run TARGET [--rw randwrite|randread|write|read|randrw]\n"
	"                   [--read-pct N] [--bs SIZE | --bs-mix SIZE:W,...]\n"
	"                   [--qd N[,N...]] [--time DUR | --bytes SIZE] [--span PCT]\n"
	"                   [--interval DUR] [--seed N] [--verify] [--json] [--out DIR]\n"
	"                   [--quiet] [--events FILE] [--metrics FILE] [--yes SERIAL]\n"
	"                   [--force] [--dry-run]\n"
	"                   [--workload NAME] [--random-dist D] [--fill | --no-fill]\n"
	"                   [--precondition | --no-precondition]\n"
	"       ssdprof run --raid 0|1|5|6|10 [--chunk LIST] MEMBER MEMBER... [OPTIONS]\n"
	"\n"
	"Run a workload against TARGET and record IOPS, throughput, latency\n"
	"percentiles and write amplification per interval, one step per queue depth.\n"
	"\n"
	"  --rw MODE        access pattern (default randwrite); randrw mixes reads\n"
	"                   and writes at random offsets\n"
	"  --read-pct N     randrw: percent of I/Os that read (default 50)\n"
	"  --bs SIZE        block size, a multiple of the target's LBA (default 4k)\n"
	"  --bs-mix LIST    weighted block sizes instead, e.g. 4k:60,64k:40\n"
	"                   (weights are shares of I/Os)\n"
	WORKLOAD_OPTS_USAGE
	"                     (--workload replaces --rw, --read-pct, --bs and --bs-mix)\n"
	"  --qd N[,N...]    I/Os kept in flight (default 32); a list runs one step\n"
	"                   per depth and reports the curve, e.g. 1,2,4,8,16,32,64\n"
	"  --time DUR       run each step this long on the target's clock (default\n"
	"                   60s; virtual time on a simulated drive)\n"
	"  --bytes SIZE     run each step until this many bytes are done instead\n"
	"  --span PCT       confine offsets to the first PCT of the capacity (default 100)\n"
	"  --interval DUR   sample period (default 1s)\n"
	"  --fill           write the span once sequentially (128k, as SNIA PTS\n"
	"                   preconditions) before measuring, so reads read data;\n"
	"                   the default for workloads that read on a simulated\n"
	"                   drive, which starts empty\n"
	"  --no-fill        measure the drive as it is (a read of a block never\n"
	"                   written is answered without reading flash)\n"
	"  --precondition   bring the drive to steady state before the first step\n"
	"                   (fill, then random-write rounds to the SNIA window);\n"
	"                   the default for a write curve (a --qd list) on a\n"
	"                   simulated drive; without it a real drive's write curve\n"
	"                   gives fresh-drive figures, and says so\n"
	"  --no-precondition  measure a simulated drive's write curve fresh\n"
	"  --seed N         seed for offsets and data (default 1); each step of a\n"
	"                   list draws its own offsets from it\n"
	"  --verify         reads check that the data is what a write with the same\n"
	"                   seed put there\n"
	"  --json           print the result document on stdout instead of progress\n"
	"  --out DIR        where result.json and the CSV files go\n"
	"                   (default ./" CLI_DEFAULT_OUT_PARENT "/<UTC timestamp>/)\n"
	"  --quiet          no progress lines, no status line\n"
	"  --events FILE    progress as JSON lines, one per event, into FILE (-:\n"
	"                   standard output, and nothing else there)\n"
	"  --metrics FILE   live state for Prometheus: node_exporter's textfile\n"
	"                   format into FILE (a NAME.prom), at most once a second\n"
	"  --yes SERIAL     confirm writing to a real block device: its serial, or\n"
	"                   its kernel name (loop3) when it reports none\n"
	"  --force          with --yes: write even though the device is in use\n"
	"  --dry-run        print what would be written and touch nothing\n"
	"  --raid LEVEL     the TARGETs are the members of a RAID 0, 1, 5, 6 or 10\n"
	"                   group (all simulated, or all files and devices); each\n"
	"                   series also gives every member's figures and the\n"
	"                   limiting member; --yes then takes one serial per\n"
	"                   member, comma separated\n"
	"  --chunk LIST     with --raid: the chunk, a power of two from 4k to 64M\n"
	"                   (default 64k); a list (16k,64k,256k) runs the workload\n"
	"                   once per chunk on the group opened afresh and compares\n"
	"                   the chunks\n"
	"\n"
	"TARGET is sim:PRESET[,key=value...], a regular file (written in place,\n"
	"no confirmation) or a block device.  Writes destroy the data in the span.\n"
	"Sizes take k/M/G/T (1024) or kB/MB/GB/TB (1000); durations ms/s/m/h.\n"
	"Examples: ssdprof run sim:budget-tlc,capacity=4G --time 30s --qd 8\n"
	"          ssdprof run /dev/nvme1n1 --yes S4EWNX0R123456 --qd 1,4,16,64 \\\n"
	"              --time 20s\n"
	"          ssdprof run --raid 5 --chunk 16k,64k,256k --rw write --bs 64k \\\n"
	"              sim:budget-tlc,seed=1 sim:budget-tlc,seed=2 sim:budget-tlc,seed=3\n";

/*
 * --bytes: the samples its steps are expected to take at the run's rate,
 * held to the cap --time is (a step of 16777215T ran for ever, 200G at 1ms
 * was OOM-killed).  EXIT_OK, or EXIT_USAGE after printing why.
 */
static int check_bytes_samples(const struct run_opts *o, struct target *t)
{
	char why[160];
	double mbps = progress_run_mbps(t, &o->w, why, sizeof(why));
	double step_ns = (double)o->w.bytes / (mbps * 1e6) * 1e9;
	uint64_t steps = (uint64_t)o->nqd * (o->nchunk ? o->nchunk : 1);
	double per_step = ceil(step_ns / (double)o->w.interval_ns);

	if (!o->w.bytes || per_step * (double)steps <= (double)LIM_RUN_SAMPLES_MAX)
		return EXIT_OK;
	cli_error("--bytes: about %.0f samples per step over %llu step(s) at %.0f MB/s is more than %llu; use a "
		  "longer --interval or fewer --bytes", per_step, (unsigned long long)steps, mbps,
		  (unsigned long long)LIM_RUN_SAMPLES_MAX);
	return EXIT_USAGE;
}

/* The checks that need the opened target; fills o->w.span_bytes. */
static int check_against_target(struct run_opts *o, struct target *t)
{
	const struct target_info *info = &t->info;
	uint32_t max_bs = workload_max_bs(&o->w);

	for (size_t i = 0; o->bs_list && i < o->nqd; i++)
		max_bs = o->step_bs[i] > max_bs ? (uint32_t)o->step_bs[i] : max_bs;
	bool writes = workload_writes(&o->w);
	uint64_t span;

	if (o->w.workload && cli_workload_check(&o->w, t, "--workload"))
		return EXIT_USAGE;
	for (unsigned i = 0; i < (o->w.nbs_mix ? o->w.nbs_mix : 1); i++) {
		uint32_t bs = o->w.nbs_mix ? o->w.bs_mix[i].bs : o->w.bs;

		if (info->lba_bytes == 0 || bs % info->lba_bytes != 0) {
			cli_error("%s: %u bytes is not a multiple of the target's %u-byte LBA",
				  o->w.nbs_mix ? "--bs-mix" : "--bs", bs, info->lba_bytes);
			return EXIT_USAGE;
		}
	}
	for (size_t i = 0; i < o->nqd; i++) {
		if (o->bs_list && o->step_bs[i] % info->lba_bytes) {
			cli_error("--bs: %llu bytes is not a multiple of the target's %u-byte LBA",
				  (unsigned long long)o->step_bs[i], info->lba_bytes);
			return EXIT_USAGE;
		}
		if (o->qds[i] > t->ops->max_queue_depth) {
			cli_error("--qd: %llu is out of range; the target keeps at most %u I/Os "
				  "in flight", (unsigned long long)o->qds[i],
				  t->ops->max_queue_depth);
			return EXIT_USAGE;
		}
	}
	if ((writes && !target_has(t, TARGET_CAP_WRITE)) ||
	    (!target_has(t, TARGET_CAP_READ))) {
		cli_error("--rw: %s is not possible; target '%s' cannot %s%s",
			  workload_rw_name(o->w.rw), info->path, writes ? "write" : "read",
			  writes ? " (opened read-only)" : "");
		return EXIT_USAGE;
	}
	/* The simulator keeps at most a 4-byte tag per 4 KiB: nothing to compare. */
	if (o->w.verify && target_has(t, TARGET_CAP_SIMULATED)) {
		cli_error("--verify needs a target that stores data (a file or block device)");
		return EXIT_USAGE;
	}
	span = (uint64_t)((long double)info->capacity_bytes * o->span_pct / 100.0L);
	if (span > info->capacity_bytes)
		span = info->capacity_bytes;
	span -= span % info->lba_bytes;
	if (span < max_bs) {
		cli_error("--span: %g%% is less than one %u-byte block of the "
			  "%llu-byte target", o->span_pct, max_bs,
			  (unsigned long long)info->capacity_bytes);
		return EXIT_USAGE;
	}
	if (!o->w.nbs_mix)
		span -= span % o->w.bs;
	/* A --bs list: every size's steps stay in the same span, a multiple of each. */
	for (bool again = o->bs_list; again;) {
		again = false;
		for (size_t i = 0; i < o->nqd; i++)
			if (o->step_bs[i] && span % o->step_bs[i]) {
				span -= span % o->step_bs[i];
				again = true;
			}
	}
	if (span < max_bs) {
		cli_error("--span: %g%% holds no whole block of every --bs size", o->span_pct);
		return EXIT_USAGE;
	}
	o->w.span_bytes = span;
	if (check_bytes_samples(o, t))
		return EXIT_USAGE;
	return run_decide_fill(o, t);
}

/* Errors that mean "the TARGET you typed is wrong" are usage errors; the rest are failures. */
static int open_exit_code(int ret)
{
	switch (-ret) {
	case ENOENT: case ENOTDIR: case EISDIR: case EINVAL: case EACCES: case EPERM:
	case EROFS: case ENXIO: case ENODEV: case ENOTBLK: case ELOOP: case ENAMETOOLONG: case ENOMEM:
		return EXIT_USAGE;
	default:
		return EXIT_RUN_FAILED;
	}
}

/* Reads only: no write open, whose close would have udev re-scan the device (each member's). */
static unsigned run_open_flags(const struct run_opts *o)
{
	return workload_writes(&o->w) || run_may_fill(o) ? TARGET_OPEN_WRITE : TARGET_OPEN_READONLY;
}

/* What dev_open_gated opens and checks: the run, its chunk, whether this is the dry run. */
struct run_open {
	struct run_opts *o;
	size_t chunk;
	bool dry_run;
};

/* The TARGET, or the group of the members with the chunk-th chunk.  EXIT_OK or an exit code after printing. */
static int open_run_target(void *arg, unsigned flags, struct target **t)
{
	const struct run_open *r = arg;
	struct run_opts *o = r->o;
	char err[TARGET_ERRLEN];
	int ret;

	if (o->pc.raid_level >= 0) {
		o->pc.chunk = o->chunks[r->chunk];
		o->pc.open_flags = flags;
		return pc_cli_open_only(&o->pc, o->argc, o->argv, o->first, "run", t);
	}
	ret = target_open_flags(o->target, flags, t, err, sizeof(err));
	if (ret < 0) {
		cli_error("%s", err);
		return open_exit_code(ret);
	}
	return EXIT_OK;
}

/*
 * What the estimates know of a run (profiler/eta.h): its steps, each of a
 * set time, or of a size at the rate the run is expected to go (why: its
 * room, at least ETA_WHY_LEN).
 */
static struct eta_settings run_eta(const struct run_opts *o, struct target *t, char *why, size_t len)
{
	/* The preparation, once per chunk: the fill, or precondition's fill and rounds (run_steps.c). */
	struct precondition_settings pc = run_steps_steady_settings(&o->pc.s, &o->w, o->w.span_bytes);

	return (struct eta_settings){ .job = ETA_RUN, .capacity_bytes = o->w.span_bytes,
				      .steps = (unsigned)(o->nqd * (o->nchunk ? o->nchunk : 1)),
				      .step_s = (double)o->w.time_ns / 1e9, .step_bytes = o->w.bytes,
				      .step_mbps = o->w.bytes ? progress_run_mbps(t, &o->w, why, len) : 0,
				      .step_why = why,
				      .prep = o->prep == RUN_PREP_STEADY ? ETA_PREP_STEADY
					      : o->prep == RUN_PREP_FILL ? ETA_PREP_FILL : ETA_PREP_NONE,
				      .preps = o->nchunk > 1 ? (unsigned)o->nchunk : 1, .fill_passes = pc.fill_passes,
				      .round_s = (double)pc.round_ns / 1e9, .max_rounds = pc.max_rounds,
				      .round_writes = pc.round_writes, .min_writes = pc.min_writes };
}

/*
 * The checks of the opened target; a dry run then prints the plan, and the
 * gate after it what --yes needs.  EXIT_OK or an exit code after printing.
 */
static int check_run_target(void *arg, struct target *t)
{
	const struct run_open *r = arg;
	char why[160];
	struct eta_settings es;
	int ret;

	if ((ret = check_against_target(r->o, t)) != EXIT_OK || !r->dry_run)
		return ret;
	es = run_eta(r->o, t, why, sizeof(why));
	print_dry_run(r->o, t);
	progress_dry_run_estimate(t, &es);
	return EXIT_OK;
}

/*
 * The chunk-th TARGET or group opened, checked and, when the run writes,
 * gated (dev_open_gated: exit 3 when refused).  EXIT_OK or an exit code.
 */
static int open_gated(struct run_opts *o, size_t chunk, struct target **t)
{
	struct run_open r = { .o = o, .chunk = chunk, .dry_run = o->pc.dry_run };
	const struct dev_open req = {
		.cmd = "run", .yes = o->pc.yes, .force = o->pc.force, .dry_run = o->pc.dry_run,
		.flags = run_open_flags(o), .open = open_run_target, .check = check_run_target, .arg = &r,
	};

	return dev_open_gated(&req, t);
}

/* A step starts: the progress (its status line and events). */
static void hook_step_start(void *arg, size_t c, size_t i, unsigned qd)
{
	struct run_ctx *x = arg;

	x->pctx.qd = qd;
	x->pctx.chunk = x->o->nchunk > 1 ? x->o->chunks[c] : 0;
	run_progress_step_start(&x->pctx, (unsigned)i);
}

static int hook_sample(const struct run_sample *s, void *arg)
{
	return run_progress_sample(s, &((struct run_ctx *)arg)->pctx);
}

/* A step ended: its progress event, a group's members, the step's line among several.  0 or -errno. */
static int hook_step_end(void *arg, size_t c, size_t i, struct target *t, const struct run_result *r,
			 const struct raid_snap *a, const struct raid_snap *b, bool failed)
{
	struct run_ctx *x = arg;
	const struct run_opts *o = x->o;
	int ret = 0;

	run_progress_step_end(&x->pctx, r);
	if (a && (ret = run_members_add(&x->members, i, o->chunks[c], t, a, b, failed)) && !failed)
		run_members_add(&x->members, i, o->chunks[c], t, a, b, true);
	if (!failed && !ret && !o->pc.json && !o->pc.quiet && o->bs_list && o->nchunk < 2)
		print_bs_summary(stdout, r);
	else if (!failed && !ret && !o->pc.json && !o->pc.quiet && (o->nqd > 1 || o->nchunk > 1))
		print_summary(stdout, r, o->nqd > 1, x->pctx.chunk);
	return ret;
}

/* Chunk c: a fresh group, so simulated members start from the same state every time.  EXIT_OK or a code. */
static int hook_reopen(void *arg, size_t c, struct target **t)
{
	struct run_ctx *x = arg;
	int ret;

	progress_retarget(x->prog, NULL);
	target_close(*t);
	*t = NULL;
	/* The claim went with the old group: the fresh one takes it again. */
	if ((ret = open_gated(x->o, c, t)) != EXIT_OK)
		return ret;
	progress_retarget(x->prog, *t);
	return EXIT_OK;
}

static void hook_prepared(void *arg, size_t c, const struct run_prep_result *p)
{
	struct run_ctx *x = arg;

	(void)c;
	if (!x->o->pc.json && !x->o->pc.quiet)
		run_print_prep(stdout, p);
}

/*
 * Everything before the first I/O but the results directory: the target
 * checked, the dry run, the safety gate, the set.  EXIT_OK to go on, or an
 * exit code (a dry run's, or after printing why).
 */
static int setup(struct run_opts *o, struct target **t, struct run_ctx *x)
{
	int ret;

	/* Reads never need confirmation; writes to a real device (each member of a group) always do. */
	if ((ret = open_gated(o, 0, t)) != EXIT_OK || o->pc.dry_run)
		return ret;
	x->plan = run_plan_of(o);
	if (run_set_init(&x->set, &x->plan, *t) ||
	    (o->nchunk && (run_members_init(&x->members, (o->nchunk > 1 ? o->nchunk : 1) * o->nqd) ||
			   !(x->target0 = result_target_json(*t)) || !(x->group0 = raid_group_json(*t))))) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	return EXIT_OK;
}

/* The results directory, made last of the checks: a refusal leaves none behind.  EXIT_OK or EXIT_USAGE. */
static int make_out_dir(const struct run_opts *o, char *out_dir, size_t len)
{
	char err[TARGET_ERRLEN];
	bool bad = cli_make_out_dir(o->pc.cmd, o->pc.out, out_dir, len, err, sizeof(err)) < 0;

	if (bad)
		cli_error("--out: %s", err);   /* before anything touched the target */
	return bad ? EXIT_USAGE : EXIT_OK;
}

/* Every chunk's preparation and steps (profiler/run_steps.h).  EXIT_OK, or an exit code after printing why. */
static int run_all(struct run_opts *o, struct target **t, struct run_ctx *x)
{
	const struct run_hooks h = {
		.arg = x, .step_start = hook_step_start, .sample = hook_sample, .step_end = hook_step_end,
		.reopen = hook_reopen, .prepared = hook_prepared, .poll = pc_cli_poll,
	};
	int ret;

	x->pctx = (struct progress_ctx){ .out = stdout, .show_qd = o->nqd > 1, .prog = x->prog,
					 .lines = !o->pc.json && !o->pc.quiet, .step_bytes = o->w.bytes };
	x->plan.w.stop_requested = interrupt_requested;
	if (interrupt_requested()) {
		cli_error("interrupted before the run started; nothing written");
		return EXIT_INTERRUPTED;
	}
	ret = run_steps_all(t, &x->plan, &x->set, &h);
	if (ret == -EINTR) {
		cli_error("interrupted while %s, before the run started; nothing measured",
			  x->plan.prep == RUN_PREP_STEADY ? "preconditioning" : "filling");
		return EXIT_INTERRUPTED;
	}
	return ret == -EIO ? EXIT_RUN_FAILED : ret;
}

/* The document, the files, and what the terminal shows.  An exit code. */
static int finish(struct run_opts *o, const struct target *t, const struct run_ctx *x,
		  const struct result_meta *meta, const char *out_dir)
{
	const struct run_set *set = &x->set;
	const struct run_doc_in in = {
		.plan = &x->plan, .set = set, .members = o->nchunk ? &x->members : NULL, .fill = o->prep != RUN_PREP_NONE,
		.curve_state = run_curve_writes(o), .target0 = x->target0, .group0 = x->group0,
	};
	char err[TARGET_ERRLEN];
	struct json_object *doc = run_json_doc(meta, t, &in);
	int rc = EXIT_RUN_FAILED;

	if (!doc || result_doc_mark(doc, set->interrupted, set->error)) {
		if (set->error[0])
			cli_error("%s; out of memory saving what was measured", set->error);
		else
			cli_error("out of memory building the result");
		goto out;
	}
	if (run_json_write(out_dir, &in, doc, err, sizeof(err)) < 0) {
		if (set->error[0])
			cli_error("%s; saving what was measured: %s", set->error, err);
		else
			cli_error("saving results: %s", err);
		goto out;
	}
	if (o->pc.json)
		printf("%s\n", result_json_text(doc));
	else if (!o->pc.quiet && set->n)
		/* The saved document, as report --text shows it again (reports/term.h): the chunks side by side too. */
		term_run(stdout, doc, text_columns(STDOUT_FILENO));
	if (!o->pc.json && !o->pc.quiet && in.curve_state && set->n)
		run_print_state(stdout, set);
	fflush(stdout);
	if (set->error[0]) {
		/* One line: why, and where the intervals measured before it are. */
		cli_error("%s; %s is in %s/result.json", set->error, set->n ? "what was measured" : "what is known",
			  out_dir);
		goto out;
	}
	run_warn_unwritten(set);
	if (set->interrupted) {
		cli_error("interrupted at qd %u; results so far in %s/result.json", set->res[set->n - 1].qd, out_dir);
		rc = EXIT_INTERRUPTED;
		goto out;
	}
	cli_results_line(out_dir);
	rc = EXIT_OK;
out:
	json_object_put(doc);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	char out_dir[PATH_MAX], started[32], finished[32], why[160];
	struct run_opts o = { 0 };
	struct run_ctx x = { .o = &o };
	struct result_meta meta = { .virtual_seconds = NAN };
	struct target *t = NULL;
	struct progress prog = { .closed = true };
	struct eta_settings es;
	int ret;

	if ((ret = run_parse(&o, argc, argv)) != EXIT_OK)
		goto out;
	/* SIGINT/SIGTERM from here on: stop at the next batch, drain, save, exit 130. */
	interrupt_install();
	if ((ret = setup(&o, &t, &x)) != EXIT_OK || o.pc.dry_run)
		goto out;
	es = run_eta(&o, t, why, sizeof(why));
	/* --events is opened before the results directory is made: a bad --events leaves nothing. */
	if ((ret = progress_open(&prog, &(struct progress_opts){ "run", o.pc.quiet, o.pc.json, o.pc.events,
								 .metrics = o.pc.metrics }, t,
				 &es)) ||
	    (ret = make_out_dir(&o, out_dir, sizeof(out_dir))))
		goto out;
	x.prog = &prog;
	utc_stamp(started, sizeof(started), true);
	/* A failed measurement or preparation still saves what is known (finish); other failures have said why. */
	if ((ret = run_all(&o, &t, &x)) != EXIT_OK && !x.set.error[0])
		goto out;
	utc_stamp(finished, sizeof(finished), true);
	progress_close(&prog, !x.set.interrupted && !x.set.error[0]);
	/* Wall-clock stamps would make identical simulated runs differ. */
	meta.command = o.pc.command;
	if (target_has(t, TARGET_CAP_VIRTUAL_TIME)) {
		meta.virtual_seconds = x.set.vsec + x.set.prep_s;
	} else {
		meta.started = started;
		meta.finished = finished;
	}
	ret = finish(&o, t, &x, &meta, out_dir);
out:
	if (progress_close(&prog, false) && ret == EXIT_OK)
		ret = EXIT_RUN_FAILED;   /* --events lines were lost */
	json_object_put(x.target0);
	json_object_put(x.group0);
	run_members_free(&x.members);
	run_set_free(&x.set);
	target_close(t);
	cli_opts_release(&o.pc);
	return ret;
}
