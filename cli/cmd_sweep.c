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
#include "raid/raid_target.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "results/result_load.h"
#include "profiler/sweep.h"
#include "results/sweep_json.h"
#include "profiler/sweep_plan.h"
#include "reports/table.h"
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
	"  --fast             --carry-over --predict stop --round-writes 0.1.\n"
	"                     The trade-off:\n"
	"                     2-21% of a fixed 2.5% grid's drive time on simulated\n"
	"                     drives (the default: 35-41%), points within 2% of fresh\n"
	"                     ones, but not SNIA's procedure (no purge and fill between\n"
	"                     points, figures may be predicted), span OP with TRIM only\n"
	CLI_USAGE_ROUNDS
	"\n"
	"Example: ssdprof sweep sim:budget-tlc --out results/budget\n"
	"         ssdprof sweep sim:dc-tlc sim:budget-tlc --out results/pool\n";

enum {
	OPT_OP = CLI_OPT_END, OPT_OP_RANGE, OPT_RESOLUTION, OPT_OP_METHOD, OPT_OP_MEMBER, OPT_RESUME,
	OPT_REQUIRE_STEADY, OPT_CARRY_OVER, OPT_PREDICT, OPT_ROUND_WRITES, OPT_FAST,
};

/* --fast: the round size it takes. */
#define FAST_ROUND_WRITES 0.1

#define MAX_OP_PERCENT 90.0

struct sweep_doc {
	struct json_object *doc, *points;
	struct knee_point kp[SWEEP_MAX_POINTS];
	size_t n;
	const struct endurance_input *endurance;
};



static int parse_range(const char *arg, double *lo, double *hi)
{
	char a[64], err[256];
	const char *colon = strchr(arg, ':');

	ESCAPE_BUF(q);

	escape_arg(q, sizeof(q), arg);
	if (!colon || (size_t)(colon - arg) >= sizeof(a)) {
		cli_error("--op-range: '%s' is not a range; use A:B, e.g. 0:40", q);
		return EXIT_USAGE;
	}
	snprintf(a, sizeof(a), "%.*s", (int)(colon - arg), arg);
	if (parse_percent("--op-range", a, 0, MAX_OP_PERCENT, lo, err, sizeof(err)) ||
	    parse_percent("--op-range", colon + 1, 0, MAX_OP_PERCENT, hi, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	if (*hi <= *lo) {
		cli_error("--op-range: '%s' is empty; the upper end must be above the lower, e.g. 0:40", q);
		return EXIT_USAGE;
	}
	return 0;
}

static const struct option sweep_options[] = {
	{ "op", required_argument, NULL, OPT_OP },
	{ "op-range", required_argument, NULL, OPT_OP_RANGE },
	{ "resolution", required_argument, NULL, OPT_RESOLUTION },
	{ "op-method", required_argument, NULL, OPT_OP_METHOD },
	{ "op-member", required_argument, NULL, OPT_OP_MEMBER },
	{ "resume", required_argument, NULL, OPT_RESUME },
	{ "require-steady", no_argument, NULL, OPT_REQUIRE_STEADY },
	ENDURANCE_LONGOPTS,
	{ "carry-over", no_argument, NULL, OPT_CARRY_OVER },
	{ "predict", required_argument, NULL, OPT_PREDICT },
	{ "round-writes", required_argument, NULL, OPT_ROUND_WRITES },
	{ "fast", no_argument, NULL, OPT_FAST },
	BATCH_LONGOPTS,
	{ NULL, 0, NULL, 0 },
};

/* The issue 18 options: each counts as a plan setting (resume takes none).  0 or EXIT_USAGE. */
static int fast_option(struct sweep_cli *o, int c, const char *arg)
{
	char err[256];

	o->plan_given++;
	switch (c) {
	case OPT_CARRY_OVER:
		o->carry_over = true;
		break;
	case OPT_PREDICT:
		if (!strcmp(arg, "stop") || !strcmp(arg, "check")) {
			o->pc.s.predict = !strcmp(arg, "stop") ? PREDICT_STOP : PREDICT_RECORD;
			break;
		}
		ESCAPE_BUF(q);
		cli_error("--predict: '%s' is not a mode; use stop or check", escape_arg(q, sizeof(q), arg));
		return EXIT_USAGE;
	case OPT_ROUND_WRITES:
		if (parse_multiple("--round-writes", arg, LIM_ROUND_WRITES_MIN, LIM_ROUND_WRITES_MAX,
				   &o->pc.s.round_writes, err, sizeof(err))) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		break;
	case OPT_FAST:
		o->carry_over = true;
		o->pc.s.predict = PREDICT_STOP;
		o->pc.s.round_writes = FAST_ROUND_WRITES;
		o->interpolate = true;
		break;
	}
	return 0;
}

/* One of sweep's own options.  0, or EXIT_USAGE after printing why. */
static int sweep_option(struct sweep_cli *o, int c, const char *arg)
{
	double ops[SWEEP_MAX_POINTS];
	size_t nops;
	char err[256];

	switch (c) {
	case OPT_OP:
		if (parse_percent_list("--op", arg, 0, MAX_OP_PERCENT, ops, SWEEP_MAX_POINTS, &nops, err, sizeof(err)))
			goto bad;
		sweep_plan_fixed(&o->plan, ops, nops);
		o->have_list = true;
		o->plan_given++;
		break;
	case OPT_OP_RANGE:
		if (parse_range(arg, &o->range_lo, &o->range_hi))
			return EXIT_USAGE;
		o->plan_given++;
		o->range_given = true;
		break;
	case OPT_RESOLUTION:
		if (parse_percent("--resolution", arg, 0.1, 50, &o->resolution, err, sizeof(err)))
			goto bad;
		o->plan_given++;
		o->range_given = true;
		break;
	case OPT_OP_METHOD:
		if (op_method_parse(arg, &o->op_method)) {
			ESCAPE_BUF(q);

			cli_error("--op-method: '%s' is not an OP method; use auto, namespace, hpa or span",
				  escape_arg(q, sizeof(q), arg));
			return EXIT_USAGE;
		}
		o->plan_given++;
		break;
	case OPT_OP_MEMBER:
		if (op_member_parse(&o->member, arg, err, sizeof(err)))
			goto bad;
		break;
	case OPT_RESUME:
		o->resume = arg;
		break;
	case OPT_REQUIRE_STEADY:
		o->require_steady = true;
		break;
	case BATCH_OPT_JOBS:
		return batch_parse_jobs(arg, &o->jobs);
	default:
		switch (endurance_option(&o->endurance, c, arg)) {
		case 0:
			return 0;
		case 1:
			return fast_option(o, c, arg);
		default:
			return EXIT_USAGE;
		}
	}
	return 0;
bad:
	cli_error("%s", err);
	return EXIT_USAGE;
}

static int parse_args(struct sweep_cli *o)
{
	int c, ret;

	endurance_opts_init(&o->endurance);
	o->range_lo = 0;
	o->range_hi = 40;
	o->resolution = 2.5;
	while (!(ret = cli_opts_next(&o->pc, &c)) && c != -1)
		if ((ret = sweep_option(o, c, optarg)))
			return ret;
	if (ret || (ret = endurance_opts_check(&o->endurance, "sweep")))
		return ret;
	if (o->have_list && o->range_given) {
		cli_error("sweep: --op gives the points; leave out --op-range and --resolution");
		return EXIT_USAGE;
	}
	if (o->member.npoints && (o->have_list || o->plan_given > (o->op_method != OP_METHOD_AUTO) ||
				  (o->op_method != OP_METHOD_AUTO && o->op_method != OP_METHOD_NAMESPACE))) {
		cli_error("sweep: --op-member gives the points, by namespace OP; leave out --op, --op-range, "
			  "--resolution and --op-method other than namespace");
		return EXIT_USAGE;
	}
	if (o->resume && (o->plan_given || o->pc.given || o->member.npoints)) {
		ESCAPE_BUF(q);

		cli_error("sweep: --resume continues with the settings saved in '%s'; leave out the other sweep options",
			  escape_arg(q, sizeof(q), o->resume));
		return EXIT_USAGE;
	}
	/* The results go back where the sweep was saved. */
	if (o->resume && o->pc.out) {
		cli_error("sweep: --resume DIR writes its results into DIR; leave out --out");
		return EXIT_USAGE;
	}
	if (o->carry_over && (o->member.npoints || (o->op_method != OP_METHOD_AUTO && o->op_method != OP_METHOD_SPAN))) {
		cli_error("sweep: --carry-over keeps the drive's state between points, which only span OP does; "
			  "leave out --op-member and --op-method other than span");
		return EXIT_USAGE;
	}
	if (o->carry_over)
		o->op_method = OP_METHOD_SPAN;
	if (!o->have_list) {
		sweep_plan_adaptive(&o->plan, o->range_lo, o->range_hi, o->resolution);
		o->plan.interpolate = o->interpolate;
	}
	/* Shortened rounds sample the transient finer, so they write more before a window counts. */
	if (!cli_opts_seen(&o->pc, CLI_OPT_MIN_WRITES) && o->pc.s.round_writes > 0)
		o->pc.s.min_writes = SWEEP_FRESH_MIN_WRITES;
	return 0;
}

static double points_seconds(struct json_object *points)
{
	double s = 0;

	for (size_t i = 0; i < json_object_array_length(points); i++)
		s += jnum(json_object_array_get_idx(points, i), "drive_seconds");
	return s;
}

static int save(struct sweep_doc *d, const char *dir, bool complete, bool virtual_time, char *err, size_t errlen)
{
	struct knee_result k;

	knee_find(d->kp, d->n, &k);
	json_object_object_add(d->doc, "knee", knee_json(&k));
	endurance_json_annotate(d->doc, d->endurance);
	json_object_object_add(d->doc, "complete", json_object_new_boolean(complete));
	json_object_object_add(d->doc, "virtual_seconds",
			       virtual_time ? result_json_number(points_seconds(d->points), RP_SECONDS) : NULL);
	return result_write_json(dir, "result.json", d->doc, err, errlen);
}

/* The same table as the HTML report's, from the saved document (table.c). */
static void print_table(const struct sweep_doc *d)
{
	struct table t;

	table_sweep_points(&t, d->doc, false);
	putchar('\n');
	table_print(&t, stdout, "");
	table_free(&t);
}

/*
 * The points that did not reach steady state, named under the
 * recommendation (as the report's "points" line does): their figures are
 * the last rounds', which the recommendation's "steady IOPS" includes.
 */
static void print_not_steady(const struct sweep_doc *d)
{
	size_t n = json_object_array_length(d->points), bad = 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(d->points, i);

		if (jtrue(jget(p, "steady_state"), "reached") || !strcmp(jstr(p, "method") ? jstr(p, "method") : "",
									 "predicted"))
			continue;
		printf(bad++ ? " %.4g%%" : "not steady (figures of the last rounds): %.4g%%", jnum(p, "op_percent"));
	}
	if (bad)
		printf(" (%zu of %zu points)\n", bad, n);
}

/* The life at the recommendation and the least OP for --target-life, when known (results/endurance_json.h). */
static void print_endurance(struct json_object *doc)
{
	char buf[512];

	endurance_json_lines(doc, buf, sizeof(buf));
	fputs(buf, stdout);
}

static int compare_points(const void *a, const void *b)
{
	double x = jnum(*(struct json_object *const *)a, "op_percent");
	double y = jnum(*(struct json_object *const *)b, "op_percent");

	return (x > y) - (x < y);
}

/* What the estimates need to know of the sweep. */
static struct eta_settings eta_settings_of(const struct sweep_cli *o, const struct target *t)
{
	return (struct eta_settings){ .job = ETA_SWEEP, .capacity_bytes = t->info.capacity_bytes,
				      .fill_passes = o->pc.s.fill_passes, .round_s = (double)o->pc.s.round_ns / 1e9,
				      .max_rounds = o->pc.s.max_rounds, .plan = &o->plan,
				      .round_writes = o->pc.s.round_writes, .min_writes = o->pc.s.min_writes,
				      .carry_over = o->carry_over, .predict = o->pc.s.predict == PREDICT_STOP,
				      .bs = o->pc.s.bs };
}

void sweep_dry_run(const struct sweep_cli *o, struct target *t, enum op_method m)
{
	struct eta_settings es;
	char what[160];

	pc_rounds_describe(&o->pc, what, sizeof(what));
	printf("dry run: nothing is written.  For each OP level of the plan, ssdprof sweep would:\n"
	       "  1. purge %s (%s)\n"
	       "  2. hold back the OP level by %s\n"
	       "  3. fill the usable span sequentially with 128k writes, %u pass(es)\n"
	       "  4. run %s at QD %u in rounds of %.0f s until steady (at most %u rounds)\n",
	       t->info.path, o->pc.purge_method ? o->pc.purge_method : "auto: the drive's best purge, or a full TRIM",
	       m == OP_METHOD_NAMESPACE ? "shrinking the namespace (restored at the end)"
	       : m == OP_METHOD_HPA ? "setting a host protected area (restored at the end)"
				    : "never writing past the usable span",
	       o->pc.s.fill_passes, what, o->pc.s.qd, (double)o->pc.s.round_ns / 1e9, o->pc.s.max_rounds);
	if (o->carry_over)
		printf("  --carry-over: after the first point, TRIM of the span's tail (up in OP) or a fill of its\n"
		       "    new tail (down) instead of steps 1 to 3\n");
	if (o->pc.s.round_writes > 0)
		printf("  --round-writes: rounds of %.3g x the usable span each, at most %.0f s\n", o->pc.s.round_writes,
		       (double)o->pc.s.round_ns / 1e9);
	if (o->pc.s.predict != PREDICT_OFF)
		printf("  --predict %s: a point %s once its predicted IOPS and WA are within 2%%\n",
		       sweep_predict_names[o->pc.s.predict], o->pc.s.predict == PREDICT_STOP ? "stops" : "records the prediction");
	if (o->plan.fixed) {
		printf("OP levels:");
		for (size_t i = 0; i < o->plan.ngrid; i++)
			printf(" %.4g%%", o->plan.grid[i]);
		putchar('\n');
	} else {
		printf("OP levels: adaptive between %.4g%% and %.4g%% (grid", o->plan.grid[0],
		       o->plan.grid[o->plan.ngrid - 1]);
		for (size_t i = 0; i < o->plan.ngrid; i++)
			printf(" %.4g", o->plan.grid[i]);
		printf("), %.4g%% then %.4g%% first, down to %.4g%% resolution\n", o->plan.grid[0],
		       o->plan.grid[o->plan.ngrid - 1], o->plan.resolution);
	}
	es = eta_settings_of(o, t);
	progress_dry_run_estimate(t, &es);
}

/* An OP sweep purges and re-provisions drives: an md array's members, not the array.  0 or EXIT_USAGE. */
static int refuse_md_array(const struct target *t)
{
	const char *spec = t->info.path;
	struct md_info md;

	if (!target_has(t, TARGET_CAP_GENERIC | TARGET_CAP_REAL_DEVICE) || md_info_read(spec, &md))
		return 0;
	cli_error("sweep: %s is a Linux md %s array; a sweep must purge and re-provision its members: "
		  "stop it (mdadm --stop %s) and pass the members with --raid %s --chunk %lluk",
		  spec, md.level, spec, md.level + (strncmp(md.level, "raid", 4) ? 0 : 4),
		  (unsigned long long)(md.chunk_bytes / 1024));
	return EXIT_USAGE;
}

/*
 * Everything that needs the opened target before anything is written: the
 * saved sweep to resume, the points of --op-member, the safety gate and
 * the OP method.  0, or an exit code after printing why.
 */
int sweep_prepare(struct sweep_cli *o, struct target *t, struct json_object **saved, enum op_method *method)
{
	char err[TARGET_ERRLEN];
	int rc;

	if ((rc = refuse_md_array(t)))
		return rc;
	if (o->resume) {
		if (!(*saved = sweep_load_resume(o->resume, t)))
			return EXIT_USAGE;
		snprintf(err, sizeof(err), "the settings are damaged");
		if (sweep_settings_from_json(jget(*saved, "settings"), o, err, sizeof(err))) {
			ESCAPE_BUF(q);

			cli_error("--resume: %s/result.json: %s; start a new sweep", escape_arg(q, sizeof(q), o->resume),
				  err);
			return EXIT_USAGE;
		}
	}
	if (o->member.npoints) {
		/* The points are the group OPs the members' lists leave; each carries its list. */
		if (op_member_check(&o->member, t, err, sizeof(err))) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		sweep_plan_fixed(&o->plan, o->member.group_op, o->member.npoints);
		o->op_method = OP_METHOD_NAMESPACE;
	}
	if ((rc = pc_cli_check_target(&o->pc, t, "sweep")))
		return rc;
	/* The plan's top is its highest OP, the smallest span, for a list and a range alike. */
	snprintf(err, sizeof(err), "--op: %.4g%%", o->plan.grid[o->plan.ngrid - 1]);
	if ((rc = pc_cli_check_usable(&o->pc, t, o->plan.grid[o->plan.ngrid - 1], err)))
		return rc;
	*method = sweep_resolve_op_method(t, o->op_method);
	if ((*method == OP_METHOD_NAMESPACE && !target_has(t, TARGET_CAP_OP_NAMESPACE)) ||
	    (*method == OP_METHOD_HPA && !target_has(t, TARGET_CAP_OP_HPA))) {
		cli_error("--op-method: %s cannot do %s OP; use span", t->info.path, op_method_name(*method));
		return EXIT_USAGE;
	}
	return 0;
}

/* The document: settings, the group, and the points saved when resuming. */
static int start_doc(const struct sweep_cli *o, struct target *t, struct json_object *saved, struct sweep_doc *d,
		     struct pc_progress *pctx)
{
	struct json_object *pts;

	d->doc = result_doc_new("sweep", o->pc.command, t);
	json_object_object_add(d->doc, "settings", sweep_settings_json(o));
	if (target_has(t, TARGET_CAP_GROUP)) {
		json_object_object_add(d->doc, "group", raid_group_json(t));
		if (!(pctx->members = raid_rounds_new(t, precondition_max_rounds(&o->pc.s)))) {
			cli_error("out of memory");
			return EXIT_RUN_FAILED;
		}
	}
	d->points = json_object_new_array();
	json_object_object_add(d->doc, "points", d->points);
	if (saved && json_object_object_get_ex(saved, "points", &pts)) {
		for (size_t i = 0; i < json_object_array_length(pts) && d->n < SWEEP_MAX_POINTS; i++) {
			struct json_object *p = json_object_array_get_idx(pts, i);

			json_object_array_add(d->points, json_object_get(p));
			d->kp[d->n++] = knee_point_json(p);
		}
	}
	return 0;
}

/* A drive of a batch says which it is, as its other lines do. */
static void warn(void *pc, const char *msg)
{
	cli_warn(pc, "warning: %s", msg);
}

/* Where the sweep writes, and what it has to say after each point. */
struct sweep_out {
	const char *dir;
	bool virtual_time;
	bool all_steady;
};

/* How pt was reached: one of SWEEP_METHOD_NAMES. */
static const char *point_method(const struct sweep_point *pt)
{
	if (pt->pc.stop_reason && !strcmp(pt->pc.stop_reason, "predicted"))
		return "predicted";
	return pt->carried_over ? "carried-over" : "fresh";
}

/* What the document says of point pt besides its rounds. */
static struct point_info point_info_of(const struct sweep_run *run, double op, const struct sweep_point *pt)
{
	return (struct point_info){
		.op_percent = op, .op_method = op_method_name(run->method), .usable_bytes = pt->usable_bytes,
		.purge_method = pt->purge_method[0] ? pt->purge_method : NULL,
		.drive_seconds = pt->drive_seconds,
		.waf_source = target_has(run->t, TARGET_CAP_SIMULATED) ? "simulator" : "media-counter",
		.method = point_method(pt),
	};
}

/* Point pt measured at op: into the document, then saved.  0, or an exit code after printing why. */
static int add_point(const struct sweep_cli *o, const struct sweep_run *run, struct sweep_doc *d,
		     struct pc_progress *pctx, struct sweep_out *so, double op, const double *member_op,
		     struct sweep_point *pt)
{
	struct point_info info = point_info_of(run, op, pt);
	struct json_object *pj = point_json(&info, &pt->pc);
	char err[TARGET_ERRLEN], wa[32];
	int ret;

	if (pctx->members && (ret = raid_rounds_json_add(pctx->members, pj, pt->pc.nrounds))) {
		cli_fail(&o->pc, "sweep at %.2f%% OP: the members' figures: %s", op, strerror(-ret));
		json_object_put(pj);
		save(d, so->dir, false, so->virtual_time, err, sizeof(err));
		return EXIT_RUN_FAILED;
	}
	if (member_op)
		op_member_json_annotate(pj, run->t, member_op);
	json_object_array_add(d->points, pj);
	/* Read back as saved: a resumed sweep reads them rounded, and its knee must read the same. */
	d->kp[d->n++] = knee_point_json(pj);
	so->all_steady &= pt->pc.reached || !strcmp(info.method, "predicted");
	progress_point_end(pctx->status, op, pt->pc.iops, pt->pc.waf, pt->pc.reached, pt->pc.nrounds);
	progress_pause(pctx->status);
	if (!o->pc.quiet && !o->pc.json)
		cli_say(&o->pc, "op %.2f%%: %s%s after %zu rounds: %.0f IOPS, WA %s, %.1f drive-minutes", op,
		       !strcmp(info.method, "predicted") ? "predicted" : pt->pc.reached ? "steady" : "NOT steady",
		       pt->carried_over ? " (carried over)" : "", pt->pc.nrounds, pt->pc.iops,
		       text_num(wa, sizeof(wa), 2, pt->pc.waf), pt->drive_seconds / 60);
	if (save(d, so->dir, false, so->virtual_time, err, sizeof(err))) {
		cli_fail(&o->pc, "%s", err);
		return EXIT_RUN_FAILED;
	}
	return 0;
}

/* What the point about to run does, for its first line. */
static const char *can_carry_text(const struct sweep_run *run, double op, const double *member_op)
{
	if (sweep_point_carries(run, op, member_op))
		return sweep_usable_bytes(run->capacity, op) < run->last_usable
		       ? "TRIM of the span's tail (carried over from the last point), rounds to steady state"
		       : "fill of the span's new tail (carried over from the last point), rounds to steady state";
	return run->method == OP_METHOD_NAMESPACE ? "purge, namespace OP, fill, rounds to steady state"
	       : run->method == OP_METHOD_HPA ? "purge, hpa OP, fill, rounds to steady state"
					       : "purge, span OP, fill, rounds to steady state";
}

static bool has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

/*
 * A name as a message shows it, malloc'd: as is, or with control bytes
 * escaped so the message stays one line.  With quote, as it can be pasted
 * back into a shell too (a folder with a space is quoted); an escaped name
 * no shell takes as typed, but the line stays one.  NULL: out of memory.
 */
static char *shown_name(const char *name, bool quote)
{
	char *argv[] = { (char *)name }, *q, *buf;
	size_t len = strlen(name) * 4 + 4;

	if (has_control(name)) {
		if ((buf = malloc(len)))
			escape_arg(buf, len, name);
		return buf;
	}
	if (!quote)
		return strdup(name);
	q = shell_join("", 1, argv);
	buf = q ? strdup(q + 1) : NULL;
	free(q);
	return buf;
}

/*
 * The sweep stopped in point pt at op (pt NULL: between points): an
 * interrupt (failure NULL) or an error.  The finished points are saved
 * with complete false, the cut point beside them as incomplete_point (what
 * it measured: the fill and the finished rounds, never a point of the knee
 * or the plan, so --resume measures it again), the document marked
 * interrupted or with the error.  An exit code after printing one line.
 */
static int stop_point(const struct cli_opts *pc, const struct sweep_run *run, struct sweep_doc *d,
		      struct pc_progress *pctx,
		      const struct sweep_out *so, double op, const double *member_op, const struct sweep_point *pt,
		      const char *failure)
{
	char err[TARGET_ERRLEN], why[TARGET_ERRLEN + 32] = "", *qdir, *sdir, *spath;
	int ret = 0;

	json_object_object_del(d->doc, "incomplete_point");
	if (pt && (pt->pc.nrounds || pt->pc.fill.bytes)) {
		struct point_info info = point_info_of(run, op, pt);
		struct json_object *pj = point_json(&info, &pt->pc);

		/* The members' figures are a nicety here: the point is saved without them if they fail. */
		if (pctx->members)
			raid_rounds_json_add(pctx->members, pj, pt->pc.nrounds);
		if (member_op)
			op_member_json_annotate(pj, run->t, member_op);
		json_object_object_add(pj, "incomplete", json_object_new_boolean(1));
		json_object_object_add(d->doc, "incomplete_point", pj);
	}
	if (failure)
		snprintf(why, sizeof(why), "sweep at %.2f%% OP: %s", op, failure);
	if (result_doc_mark(d->doc, !failure, why))
		ret = snprintf(err, sizeof(err), "out of memory");
	else
		ret = save(d, so->dir, false, so->virtual_time, err, sizeof(err));
	/* One line: what failed, where the finished points are, and a command that runs as printed. */
	qdir = shown_name(so->dir, false);
	sdir = shown_name(so->dir, true);
	spath = shown_name(run->t->info.path, true);
	if (!qdir || !sdir || !spath) {
		cli_fail(pc, "%s; out of memory", failure ? why : "interrupted");
		ret = failure ? EXIT_RUN_FAILED : EXIT_INTERRUPTED;
		goto out;
	}
	if (failure) {
		if (ret)
			cli_fail(pc, "%s; saving the finished points: %s", why, err);
		else if (pctx->members)
			cli_fail(pc, "%s; %zu finished point(s) in %s/result.json (--resume %s continues)", why, d->n,
				 qdir, sdir);
		else
			/* tests/integration/suggestions.sh runs it. */
			cli_fail(pc, "%s; %zu finished point(s) in %s/result.json; continue with: ssdprof sweep %s "
				 "--resume %s", why, d->n, qdir, spath, sdir);
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	if (ret)
		cli_fail(pc, "%s", err);
	if (pctx->members)
		cli_fail(pc, "interrupted after %zu point(s); results so far in %s/result.json; "
			  "continue with the same --raid, --chunk and members plus --resume %s", d->n, qdir,
			  sdir);
	else
		cli_fail(pc, "interrupted after %zu point(s); results so far in %s/result.json; "
			  "continue with: ssdprof sweep %s --resume %s", d->n, qdir, spath, sdir);
	ret = EXIT_INTERRUPTED;
out:
	free(qdir);
	free(sdir);
	free(spath);
	return ret;
}

/* Every point of the plan, each saved as it ends.  0, or an exit code after printing why. */
static int run_points(const struct sweep_cli *o, struct sweep_run *run, struct sweep_doc *d,
		      struct pc_progress *pctx, struct sweep_out *so)
{
	char err[TARGET_ERRLEN], prefix[64];
	struct sweep_plan plan = o->plan;
	double next;
	int ret;

	while (sweep_plan_next(&plan, d->kp, d->n, &next)) {
		const double *member_op = o->member.npoints ? op_member_for(&o->member, next) : NULL;
		struct sweep_point pt;

		snprintf(prefix, sizeof(prefix), "%sop %5.2f%%  ", o->pc.batch ? o->pc.batch->prefix : "", next);
		pctx->prefix = prefix;
		pctx->print = !o->pc.quiet && !o->pc.json;
		progress_pause(pctx->status);
		if (!o->pc.quiet && !o->pc.json)
			cli_say(&o->pc, "op %.2f%%: %s", next, can_carry_text(run, next, member_op));
		progress_point_start(pctx->status, next, sweep_usable_bytes(run->capacity, next));
		ret = sweep_point_measure(run, next, member_op, &pt, err, sizeof(err));
		progress_pause(pctx->status);
		if (ret) {
			ret = stop_point(&o->pc, run, d, pctx, so, next, member_op, &pt, ret == -EINTR ? NULL : err);
			sweep_point_free(&pt);
			return ret;
		}
		/* A signal after the point's last round: the point is whole, keep it, then stop. */
		ret = add_point(o, run, d, pctx, so, next, member_op, &pt);
		sweep_point_free(&pt);
		if (ret)
			return ret;
		if (interrupt_requested())
			return stop_point(&o->pc, run, d, pctx, so, next, NULL, NULL, NULL);
	}
	return 0;
}

/* What a sweep prints when it is done: the table and the recommendation, or in a batch one line. */
static void print_done(const struct sweep_cli *o, struct sweep_doc *d, const char *dir)
{
	struct knee_result k;
	char text[1024];

	knee_find(d->kp, d->n, &k);
	if (o->pc.batch) {
		o->pc.batch->figure = "recommended_op_percent";
		o->pc.batch->value = k.recommended_op_percent;
		if (!o->pc.quiet && !o->pc.json)
			cli_say(&o->pc, "done: recommended OP %.4g%% (%s); %s/result.json", k.recommended_op_percent,
				k.reason, dir);
		return;
	}
	if (o->pc.json) {
		puts(result_json_text(d->doc));
	} else if (!o->pc.quiet) {
		print_table(d);
		knee_text(&k, text, sizeof(text));
		printf("\n%s", text);
		print_not_steady(d);
		print_endurance(d->doc);
		double secs = points_seconds(d->points);

		/* In the unit that keeps it readable: a short sweep is not "0.00 hours". */
		if (secs < 120)
			printf("drive time: %.1f s over %zu points\n", secs, d->n);
		else if (secs < 7200)
			printf("drive time: %.1f min over %zu points\n", secs / 60, d->n);
		else
			printf("drive time: %.2f hours over %zu points\n", secs / 3600, d->n);
	}
	cli_results_line(dir);
}

int sweep_one(struct sweep_cli *o, struct target *t, struct json_object *saved, enum op_method method)
{
	struct sweep_doc d = { .endurance = &o->ein };
	struct pc_progress pctx = { 0 };
	struct progress prog = { .closed = true };
	struct eta_settings es = eta_settings_of(o, t);
	struct sweep_run run = {
		.t = t, .capacity = t->info.capacity_bytes, .requested = o->op_method, .method = method,
		.purge_method = o->pc.purge_method, .settings = &o->pc.s, .progress = pc_progress_event,
		.poll = pc_cli_poll, .arg = &pctx, .warn = warn, .warn_arg = &o->pc,
		.carry_over = o->carry_over,
	};
	char err[TARGET_ERRLEN], dir[4096];
	struct sweep_out so = { .dir = dir, .virtual_time = target_has(t, TARGET_CAP_VIRTUAL_TIME), .all_steady = true };
	int rc = EXIT_RUN_FAILED;

	/* A resumed sweep keeps the rating it started with, unless given anew. */
	if (o->endurance.given || !saved || endurance_json_input(saved, &o->ein))
		endurance_opts_input(&o->endurance, t, &o->ein, o->ein_src);
	if ((rc = start_doc(o, t, saved, &d, &pctx)) ||
	    (rc = progress_open(&prog, &(struct progress_opts){ "sweep", o->pc.quiet, o->pc.json, o->pc.events,
								 o->pc.batch != NULL }, t, &es)))
		goto out;
	pctx.status = &prog;
	for (size_t i = 0; i < d.n; i++)
		progress_replayed(&prog, d.kp[i].op_percent, d.kp[i].iops);
	rc = EXIT_RUN_FAILED;
	if (cli_make_out_dir(o->resume ? o->resume : o->pc.out, dir, sizeof(dir), err, sizeof(err))) {
		cli_fail(&o->pc, "%s", err);
		rc = EXIT_USAGE;   /* before anything touched the target */
		goto out;
	}
	interrupt_install();
	if ((rc = run_points(o, &run, &d, &pctx, &so)))
		goto out;
	rc = EXIT_RUN_FAILED;
	/* Points in OP order, whatever order the plan measured them in. */
	json_object_array_sort(d.points, compare_points);
	if (sweep_restore_capacity(&run, err, sizeof(err)))
		cli_warn(&o->pc, "warning: restoring the full capacity failed: %s", err);
	result_doc_finish(d.doc, t);
	if (save(&d, dir, true, so.virtual_time, err, sizeof(err))) {
		cli_fail(&o->pc, "%s", err);
		goto out;
	}
	progress_close(&prog, true);
	print_done(o, &d, dir);
	rc = o->require_steady && !so.all_steady ? EXIT_RUN_FAILED : EXIT_OK;
	if (rc && o->pc.batch)
		snprintf(o->pc.batch->error, sizeof(o->pc.batch->error), "a point did not reach steady state "
			 "(--require-steady)");
out:
	progress_close(&prog, false);
	raid_rounds_free(pctx.members);
	json_object_put(d.doc);
	return rc;
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
	if ((rc = parse_args(&o)))
		goto out;
	if (o.pc.raid_level < 0 && argc - optind > 1) {
		rc = sweep_batch(&o, argc, argv, optind);
		goto out;
	}
	if ((rc = pc_cli_open_only(&o.pc, argc, argv, optind, "sweep", &t)) ||
	    (rc = sweep_prepare(&o, t, &saved, &method)))
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
