/* SPDX-License-Identifier: MIT */
/*
 * ssdprof qualify TARGET...: profile every drive (an SLC probe, then an OP
 * sweep or a fixed OP) in parallel, a thread per drive, each into its own
 * folder, and check the pool's requirements against each.  One drive
 * failing stops no other.  Exit 0 when every drive passes, 4 when one
 * fails a requirement, 1 when a drive's profile failed.
 */
#include <errno.h>
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
#include "cli/qualify.h"
#include "engine/offset_dist.h"
#include "profiler/sweep.h"
#include "reports/chart.h"
#include "reports/report.h"
#include "reports/report_qualify.h"
#include "reports/table.h"
#include "reports/term.h"
#include "results/qualify_doc.h"
#include "results/qualify_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "util/text.h"

const char cmd_qualify_usage[] =
	"usage: ssdprof qualify TARGET... [--require REQ]... [--requirements FILE]\n"
	"                      [--op LIST | --op-range A:B [--resolution PCT]] [--no-slc]\n"
	"                      [--no-qd | --qd-curve LIST [--qd-time DUR]] [OPTIONS]\n"
	"       ssdprof qualify --raid 0|1|5|6|10 [--chunk SIZE] MEMBER MEMBER...\n"
	"                      [OPTIONS]\n"
	"\n"
	"Qualify drives for a pool: each TARGET is profiled on its own, all at once (a\n"
	"thread per drive): an SLC probe, then an OP sweep (or the OPs of --op; one OP\n"
	"is a fixed OP), then a QD curve at the chosen OP, each saved in the drive's own\n"
	"folder DIR/drive-N/.  Every requirement is checked at the drive's chosen OP:\n"
	"the knee's recommendation, or the least OP reaching --target-life when that is\n"
	"more.  With --raid the TARGETs are the members of one group, qualified as one\n"
	"drive.  DESTROYS ALL DATA on every TARGET.  Exit 0 when every drive passes, 4\n"
	"when one fails a requirement.\n"
	"\n"
	"  --require REQ      a requirement, repeatable: steady, steady_iops>=N,\n"
	"                     p99_9_write_us<=X, post_cache_mbps>=Y, life_years>=Z,\n"
	"                     qd1_read_us<=X, qd1_write_us<=X (mean 4k latency at QD 1),\n"
	"                     read_iops>=N (the most 4k random-read IOPS of the QD curve)\n"
	"  --requirements FILE  the same as JSON, e.g. {\"steady\": true,\n"
	"                     \"steady_iops\": {\"min\": 40000}, \"p99_9_write_us\": {\"max\": 2000}}\n"
	"  --op LIST          measure these OP levels instead of the adaptive sweep\n"
	"  --op-range A:B     adaptive sweep between A and B % (default 0:40)\n"
	"  --resolution PCT   adaptive: narrow the knee down to this (default 2.5)\n"
	"  --op-method M      auto, namespace or span (default auto)\n"
	"  --no-slc           skip the SLC probe (post_cache_mbps is then not measured)\n"
	"  --no-qd            skip the QD curve (qd1_read_us, qd1_write_us, read_iops)\n"
	"  --qd-curve LIST    the QD curve's queue depths (default 1,2,4,8,16,32): 4k random\n"
	"                     writes, then 4k random reads, at the chosen OP in its steady\n"
	"                     state (right after that sweep point, else established again)\n"
	"  --qd-time DUR      each step of the QD curve (default: the --round length)\n"
	"  --jobs N           profile at most N drives at once (default: all; 1: one after another)\n"
	"  --resume DIR       keep what DIR holds of an earlier qualify of the same TARGETs\n"
	"                     and options, and measure the rest\n"
	ENDURANCE_USAGE
	/* The shared options of the rounds, less --events (one drive's progress among many). */
	CLI_USAGE_ROUNDS_CORE
	"  --out DIR          results directory (default ./ssdprof-results/<UTC timestamp>/)\n"
	"  --json             print the result document on stdout\n"
	"  --quiet            no progress lines\n"
	CLI_USAGE_METRICS
	"  --dry-run          print every destructive step and touch nothing\n"
	"  --yes SERIALS      confirm real devices by their serials (or kernel names),\n"
	"                     comma-separated in TARGET order\n"
	"  --force            with --yes: write even to a device in use or holding a\n"
	"                     partition table or filesystem\n"
	"  --raid LEVEL       the TARGETs are the members of one RAID 0, 1, 5, 6 or 10\n"
	"                     group, qualified as one drive (each member confirmed by --yes)\n"
	"  --chunk SIZE       the group's chunk (stripe unit), a power of two (default 64k)\n"
	"  --workload NAME    the rounds run an access specification instead of random\n"
	"                     writes of --bs (ssdprof workloads lists them); the QD curve\n"
	"                     takes only a 4k random one (else add --no-qd)\n"
	"  --random-dist D    which blocks the rounds' and the QD curve's random I/Os hit:\n"
	"                     uniform (default), zipf:THETA, pareto:H or hotcold:HOT%/TRAFFIC%\n"
	"\n"
	"Example: ssdprof qualify sim:dc-tlc sim:budget-tlc \\\n"
	"           --require steady_iops>=40000 --daily-writes 100GB \\\n"
	"           --require life_years>=5 --out results/pool\n";

enum {
	OPT_OP = CLI_OPT_END, OPT_OP_RANGE, OPT_RESOLUTION, OPT_OP_METHOD, OPT_NO_SLC, OPT_REQUIRE,
	OPT_REQUIREMENTS, OPT_JOBS, OPT_RESUME, OPT_NO_QD, OPT_QD_CURVE, OPT_QD_TIME,
};

struct qualify_cli {
	struct cli_opts pc;
	struct qualify_settings prof;     /* the method's settings (the rest filled once the drives are checked) */
	struct endurance_settings endurance;
	struct requirement_set reqs;
	const char *req_file;
	unsigned jobs;
	bool have_list, range_given, qd_given;
	double lo, hi, resolution;
	const char *resume;
	/* The drives: as batch_open opens them (it owns the targets), and as their threads profile them. */
	struct batch_drive *bd;
	struct qualify_drive *drives;
};

const struct option cmd_qualify_options[] = {
	{ "op", required_argument, NULL, OPT_OP },
	{ "op-range", required_argument, NULL, OPT_OP_RANGE },
	{ "resolution", required_argument, NULL, OPT_RESOLUTION },
	{ "op-method", required_argument, NULL, OPT_OP_METHOD },
	{ "no-slc", no_argument, NULL, OPT_NO_SLC },
	{ "require", required_argument, NULL, OPT_REQUIRE },
	{ "requirements", required_argument, NULL, OPT_REQUIREMENTS },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "resume", required_argument, NULL, OPT_RESUME },
	{ "no-qd", no_argument, NULL, OPT_NO_QD },
	{ "qd-curve", required_argument, NULL, OPT_QD_CURVE },
	{ "qd-time", required_argument, NULL, OPT_QD_TIME },
	ENDURANCE_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

/* The --requirements file into o->reqs.  0, or EXIT_USAGE after printing why. */
static int read_requirements(struct qualify_cli *o)
{
	char err[ESCAPE_BUF_SIZE + 512];

	if (!requirements_read_file(&o->reqs, o->req_file, err, sizeof(err)))
		return 0;
	cli_error("--requirements: %s", err);
	return EXIT_USAGE;
}

static int own_option(struct qualify_cli *o, int c, const char *arg)
{
	double ops[SWEEP_MAX_POINTS];
	uint64_t qds[QUALIFY_QD_MAX];
	char err[512];
	size_t n;

	switch (c) {
	case OPT_OP:
		if (parse_percent_list("--op", arg, 0, LIM_OP_PERCENT_MAX, ops, SWEEP_MAX_POINTS, &n, err, sizeof(err)))
			goto bad;
		sweep_plan_fixed(&o->prof.plan, ops, n);
		o->have_list = true;
		return 0;
	case OPT_OP_RANGE:
		o->range_given = true;
		if (parse_percent_range("--op-range", arg, 0, LIM_OP_PERCENT_MAX, &o->lo, &o->hi, err, sizeof(err)))
			return cli_error("%s", err), EXIT_USAGE;
		return 0;
	case OPT_RESOLUTION:
		o->range_given = true;
		if (parse_percent("--resolution", arg, LIM_RESOLUTION_MIN, LIM_RESOLUTION_MAX, &o->resolution, err,
				  sizeof(err)))
			goto bad;
		return 0;
	case OPT_OP_METHOD:
		if (op_method_parse(arg, &o->prof.op_method) || o->prof.op_method == OP_METHOD_HPA) {
			ESCAPE_BUF(q);

			cli_error("--op-method: '%s' is not an OP method; use auto, namespace or span",
				  escape_arg(q, sizeof(q), arg));
			return EXIT_USAGE;
		}
		return 0;
	case OPT_NO_SLC:
		o->prof.slc = false;
		return 0;
	case OPT_REQUIRE:
		if (requirements_add_arg(&o->reqs, arg, err, sizeof(err)))
			goto bad;
		return 0;
	case OPT_REQUIREMENTS:
		o->req_file = arg;
		return 0;
	case OPT_JOBS:
		return batch_parse_jobs(arg, &o->jobs);
	case OPT_RESUME:
		o->resume = arg;
		return 0;
	case OPT_NO_QD:
		o->prof.qd = false;
		return 0;
	case OPT_QD_CURVE:
		if (parse_u64_list("--qd-curve", arg, LIM_QD_MIN, LIM_QD_MAX, qds, QUALIFY_QD_MAX, &n, err,
				   sizeof(err)))
			goto bad;
		for (size_t i = 0; i < n; i++)
			o->prof.qd_list[i] = (unsigned)qds[i];
		o->prof.nqd = n;
		o->qd_given = true;
		return 0;
	case OPT_QD_TIME:
		if (parse_duration("--qd-time", arg, &o->prof.qd_time_ns, err, sizeof(err)))
			goto bad;
		if (o->prof.qd_time_ns < LIM_ROUND_MIN_NS || o->prof.qd_time_ns > LIM_ROUND_MAX_NS) {
			ESCAPE_BUF(q);

			snprintf(err, sizeof(err), "--qd-time: '%s' is out of range; use 1ms to 24h",
				 escape_arg(q, sizeof(q), arg));
			goto bad;
		}
		o->qd_given = true;
		return 0;
	}
	return endurance_option(&o->endurance, c, arg) == EXIT_USAGE ? EXIT_USAGE : 0;
bad:
	cli_error("%s", err);
	return EXIT_USAGE;
}

/* A requirement the profile cannot measure is a typo now, not a failed drive hours later.  0 or EXIT_USAGE. */
static int check_profile(const struct qualify_cli *o)
{
	bool qd1 = false;
	char what[96];

	for (size_t i = 0; i < o->prof.nqd; i++)
		qd1 |= o->prof.qd_list[i] == 1;
	if (o->qd_given && !o->prof.qd) {
		cli_error("qualify: --no-qd leaves out the QD curve; leave out --qd-curve and --qd-time too");
		return EXIT_USAGE;
	}
	/* Refused, not ignored: the curve cannot run another workload's sizes or sequential share. */
	if (o->prof.qd && o->pc.have_shape && !qualify_qd_takes(&o->pc.shape)) {
		cli_error("qualify: the QD curve is 4k random I/O; --workload %s cannot apply to it (its rounds "
			  "take it): add --no-qd, or leave out --workload", o->pc.shape.workload);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < o->reqs.n; i++) {
		enum req_figure f = o->reqs.r[i].figure;
		const char *why = req_figure_needs_slc(f) && !o->prof.slc ? "--no-slc leaves out the SLC probe"
				  : req_figure_needs_qd(f) && !o->prof.qd ? "--no-qd leaves out the QD curve"
				  : (f == REQ_QD1_READ_US || f == REQ_QD1_WRITE_US) && !qd1 ? "--qd-curve lacks QD 1"
				  : f == REQ_LIFE_YEARS && isnan(o->endurance.daily_writes)
				  ? "give --daily-writes, the pool's host writes per day" : NULL;

		if (why) {
			req_format(&o->reqs.r[i], what, sizeof(what));
			cli_error("qualify: %s cannot be measured: %s", what, why);
			return EXIT_USAGE;
		}
	}
	return 0;
}

static int parse_args(struct qualify_cli *o)
{
	static const unsigned default_qd[] = { 1, 2, 4, 8, 16, 32 };
	int c, ret;

	endurance_opts_init(&o->endurance);
	o->prof.slc = true;
	o->prof.qd = true;
	o->prof.nqd = sizeof(default_qd) / sizeof(default_qd[0]);
	memcpy(o->prof.qd_list, default_qd, sizeof(default_qd));
	o->lo = 0;
	o->hi = 40;
	o->resolution = 2.5;
	while (!(ret = cli_opts_next(&o->pc, &c)) && c != -1)
		if ((ret = own_option(o, c, optarg)))
			return ret;
	if (ret || (ret = endurance_opts_check(&o->endurance, "qualify")) ||
	    (o->req_file && (ret = read_requirements(o))) || (ret = check_profile(o)))
		return ret;
	if (o->have_list && o->range_given) {
		cli_error("qualify: --op gives the points; leave out --op-range and --resolution");
		return EXIT_USAGE;
	}
	if (o->resume && o->pc.out) {
		cli_error("qualify: --resume DIR writes its results into DIR; leave out --out");
		return EXIT_USAGE;
	}
	if (o->resume && (ret = qualify_check_resume(o->resume, &o->reqs)))
		return ret;
	if (!o->have_list)
		sweep_plan_adaptive(&o->prof.plan, o->lo, o->hi, o->resolution);
	o->prof.resume = o->resume != NULL;
	return 0;
}

/* What every drive must take besides the shared checks.  0, or EXIT_USAGE after printing why. */
static int check_drive(const struct qualify_cli *o, struct target *t)
{
	enum op_method m = sweep_resolve_op_method(t, o->prof.op_method);
	const struct requirement *life = requirements_find(&o->reqs, REQ_LIFE_YEARS);
	char what[64], why[128];

	if (m == OP_METHOD_NAMESPACE && !target_has(t, TARGET_CAP_OP_NAMESPACE)) {
		cli_error("--op-method: %s cannot do namespace OP; use span", t->info.path);
		return EXIT_USAGE;
	}
	/* Refused now, not failed with a null life after the whole profile. */
	if (life && !endurance_life_known(&o->endurance, t, why, sizeof(why))) {
		req_format(life, what, sizeof(what));
		cli_error("qualify: %s on %s: %s", what, t->info.path, why);
		return EXIT_USAGE;
	}
	snprintf(what, sizeof(what), "--op: %.4g%%", o->prof.plan.grid[o->prof.plan.ngrid - 1]);
	if (pc_cli_check_usable(&o->pc, t, o->prof.plan.grid[o->prof.plan.ngrid - 1], what))
		return EXIT_USAGE;
	for (size_t i = 0; o->prof.qd && i < o->prof.nqd; i++)
		if (o->prof.qd_list[i] > t->ops->max_queue_depth) {
			cli_error("--qd-curve: %u is more than %s takes (%u)", o->prof.qd_list[i], t->info.path,
				  t->ops->max_queue_depth);
			return EXIT_USAGE;
		}
	return 0;
}

/* The group's checks (pc_cli_open_gated's check): the batch's one drive, then the shared checks and ours. */
static int check_group(void *arg, struct target *t)
{
	struct qualify_cli *o = arg;
	struct qualify_drive *d = &o->drives[0];
	struct batch_drive *b = &o->bd[0];
	int rc;

	/* The group's name, "raid5:M1+M2+M3", is what the result and the lines call it. */
	*b = (struct batch_drive){ .index = 1, .spec = t->info.path, .t = t, .arg = d };
	*d = (struct qualify_drive){ .set = &o->prof, .index = 1, .spec = b->spec, .t = t };
	return (rc = pc_cli_check_target(&o->pc, t, "qualify")) ? rc : check_drive(o, t);
}

/*
 * With --raid: the TARGETs are the members of one group, the batch's one
 * drive.  The gate after the checks checks each member and finds its serial
 * in the comma-separated --yes.
 */
static int open_group(struct qualify_cli *o, int argc, char **argv)
{
	return pc_cli_open_gated(&o->pc, argc, argv, optind, "qualify", check_group, o, &o->bd[0].t);
}

/* batch_open's check of drive b: its qualify_drive, the shared checks, then ours (the gate follows). */
static int check_one(struct batch_drive *b, void *ctx)
{
	struct qualify_cli *o = ctx;
	struct qualify_drive *d = &o->drives[b->index - 1];
	int rc;

	*d = (struct qualify_drive){ .set = &o->prof, .index = b->index, .spec = b->spec, .t = b->t };
	b->arg = d;
	rc = pc_cli_check_target(&o->pc, b->t, "qualify");
	return rc ? rc : check_drive(o, b->t);
}

/* Open and check every drive before anything is written.  0, or an exit code after printing why. */
static int open_drives(struct qualify_cli *o, int argc, char **argv)
{
	if (o->pc.raid_level >= 0)
		return open_group(o, argc, argv);
	return batch_open(&o->pc, argc, argv, optind, "qualify", o->bd, check_one, o);
}

/*
 * Each drive's own reports beside its results, and the qualification's
 * page, so the page's links lead somewhere.  A report that cannot be
 * written is said, and changes no verdict.
 */
static void write_reports(const char *dir, const struct qualify_drive *d, unsigned n)
{
	const char *parts[] = { "slc", "sweep", qualify_qd_dirs[0], qualify_qd_dirs[1] };
	char path[PATH_MAX + 64], err[1024];

	for (unsigned i = 0; i <= n; i++)
		for (unsigned k = 0; k < (i < n ? 4 : 1); k++) {
			struct json_object *const have[] = { d[i < n ? i : 0].slc_doc, d[i < n ? i : 0].sweep_doc,
							     d[i < n ? i : 0].qd_doc[0], d[i < n ? i : 0].qd_doc[1] };

			if (i < n && !have[k])
				continue;
			if (i < n)
				snprintf(path, sizeof(path), "%s/%s", d[i].dir, parts[k]);
			else
				snprintf(path, sizeof(path), "%s", dir);
			if (report_beside(path, err, sizeof(err)))
				cli_error("warning: no report beside %s/result.json: %s", path, err);
		}
	chart_release_fonts();
}

/* The document, saved and shown; the exit code of the batch. */
static int finish(struct qualify_cli *o, struct qualify_drive *d, unsigned n, const char *dir)
{
	unsigned passed, failed_runs = 0, interrupted = 0;
	struct json_object *doc = qualify_json_doc(o->pc.command, o->bd, d, n, &o->reqs,
						   qualify_settings_json(&o->prof, &o->reqs, o->pc.s.round_ns,
									 &o->endurance), &passed);
	char err[TARGET_ERRLEN];
	int rc;

	if (!doc) {
		cli_error("out of memory building the result");
		return EXIT_RUN_FAILED;
	}
	for (unsigned i = 0; i < n; i++) {
		failed_runs += d[i].rc && d[i].rc != EXIT_INTERRUPTED;
		interrupted += d[i].rc == EXIT_INTERRUPTED;
		if (d[i].rc)
			cli_error("drive %u (%s): %s; its results so far in %s/drive-%u", d[i].index, d[i].spec, d[i].error,
				  dir, d[i].index);
	}
	if (result_write_json(dir, "result.json", doc, err, sizeof(err))) {
		cli_error("%s", err);
		json_object_put(doc);
		return EXIT_RUN_FAILED;
	}
	write_reports(dir, d, n);
	if (o->pc.json) {
		puts(result_json_text(doc));
	} else if (!o->pc.quiet) {
		/* The saved document, as report --text shows it again (reports/term.h). */
		term_render(stdout, doc, RESULT_KIND_QUALIFY, dir, text_columns(STDOUT_FILENO));
	}
	cli_results_line(dir);
	rc = interrupted ? EXIT_INTERRUPTED : failed_runs ? EXIT_RUN_FAILED : passed < n ? EXIT_QUALIFY_FAILED : EXIT_OK;
	json_object_put(doc);
	return rc;
}

static int qualify(struct qualify_cli *o, struct qualify_drive *d, unsigned n)
{
	char dir[4096];
	int rc;

	if ((rc = batch_make_dirs(o->pc.cmd, o->resume ? o->resume : o->pc.out, o->bd, n, dir, sizeof(dir))))
		return rc;
	for (unsigned i = 0; i < n; i++)
		memcpy(d[i].dir, o->bd[i].dir, sizeof(d[i].dir));
	interrupt_install();
	/* The rounds' settings as the checks of the opened drives left them (the shape among them). */
	qualify_settings_fill(&o->prof, &o->pc, !o->pc.quiet && !o->pc.json);
	if (qualify_drives_run(d, n, o->jobs, &o->endurance)) {
		cli_error("qualify: cannot start a thread: %s", strerror(EAGAIN));
		return EXIT_RUN_FAILED;
	}
	return finish(o, d, n, dir);
}

static void dry_run(const struct qualify_cli *o, const struct qualify_drive *d, unsigned n)
{
	struct cli_wrap w;

	cli_wrap_begin(&w);
	fprintf(w.f, "dry run: nothing is written.  For each of the %u drive(s), all at once, ssdprof qualify would:\n", n);
	if (o->prof.slc)
		fprintf(w.f, "  - probe the SLC cache: purge, then write it whole sequentially with 128k writes\n");
	fprintf(w.f, "  - for each OP level (%s", o->prof.plan.fixed ? "" : "adaptive:");
	for (size_t i = 0; i < o->prof.plan.ngrid; i++)
		fprintf(w.f, " %.4g%%", o->prof.plan.grid[i]);
	fprintf(w.f, "): purge, hold back the OP, fill, random writes of %u bytes at QD %u to steady state\n",
	       o->pc.s.bs, o->pc.s.qd);
	if (o->prof.qd) {
		char dist[64], note[80] = "";

		offset_dist_format(&o->pc.shape.dist, dist, sizeof(dist));
		if (strcmp(dist, "uniform"))
			snprintf(note, sizeof(note), " (offsets %s)", dist);
		fprintf(w.f, "  - at the chosen OP, in its steady state (the last sweep point, or that point measured\n"
		       "    again), 4k random writes, then 4k random reads%s, at QD", note);
		for (size_t i = 0; i < o->prof.nqd; i++)
			fprintf(w.f, "%s%u", i ? "," : " ", o->prof.qd_list[i]);
		fprintf(w.f, ", %.4g s each\n",
		       (double)(o->prof.qd_time_ns ? o->prof.qd_time_ns : o->pc.s.round_ns) / 1e9);
	}
	fprintf(w.f, "  - check %zu requirement(s) at the chosen OP\n", o->reqs.n);
	for (unsigned i = 0; i < n; i++)
		fprintf(w.f, "drive %u: %s\n", d[i].index, d[i].t->info.path);
	cli_wrap_end(&w);
}

int cmd_qualify(int argc, char **argv)
{
	struct qualify_cli o = { .jobs = 0 };
	unsigned n = 0;
	int rc;

	if ((rc = cli_opts_init(&o.pc, argc, argv, CLI_O_QUALIFY, cmd_qualify_options)))
		return rc;
	if ((rc = parse_args(&o)) || (rc = batch_check_jobs(&o.pc, o.jobs)))
		goto out;
	if (optind >= argc) {
		cli_error("qualify needs at least one TARGET; see ssdprof qualify --help");
		rc = EXIT_USAGE;
		goto out;
	}
	if (!o.reqs.n && !o.pc.dry_run) {
		cli_error("qualify: no requirements; give --require or --requirements FILE");
		rc = EXIT_USAGE;
		goto out;
	}
	n = o.pc.raid_level >= 0 ? 1 : (unsigned)(argc - optind);
	/* More TARGETs than a batch takes are refused by batch_open, before anything is opened. */
	if (!(o.drives = calloc(n, sizeof(*o.drives))) || !(o.bd = calloc(n, sizeof(*o.bd)))) {
		cli_error("out of memory");
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	if ((rc = open_drives(&o, argc, argv)) || (o.resume && (rc = qualify_check_drives(o.resume, o.drives, n))))
		goto out;
	if (o.pc.dry_run) {
		dry_run(&o, o.drives, n);
		rc = EXIT_OK;
	} else {
		rc = qualify(&o, o.drives, n);
	}
out:
	for (unsigned i = 0; o.drives && i < n; i++) {
		json_object_put(o.drives[i].sweep_doc);
		json_object_put(o.drives[i].slc_doc);
		json_object_put(o.drives[i].qd_doc[0]);
		json_object_put(o.drives[i].qd_doc[1]);
	}
	batch_close(o.bd, n);
	free(o.drives);
	free(o.bd);
	cli_opts_release(&o.pc);
	return rc;
}
