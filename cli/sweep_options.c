/* SPDX-License-Identifier: MIT */
/*
 * sweep's command line: its own options (the plan, --resume, issue 18's
 * --fast family, endurance, --jobs) after the shared ones (cli/options.c),
 * the rules between them, and what needs the opened target before
 * anything is written (sweep_prepare) or instead of it (--dry-run).  What
 * a sweep saves of them, and reads back on --resume, is
 * cli/sweep_settings.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/endurance_opts.h"
#include "cli/pc_options.h"
#include "cli/progress.h"
#include "cli/sweep_cli.h"
#include "profiler/op_member.h"
#include "profiler/sweep.h"
#include "profiler/sweep_construct.h"
#include "profiler/sweep_plan.h"
#include "results/json_get.h"
#include "device/md_info.h"
#include "device/target.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/settings_limits.h"

enum {
	OPT_OP = CLI_OPT_END, OPT_OP_RANGE, OPT_RESOLUTION, OPT_OP_METHOD, OPT_OP_MEMBER, OPT_RESUME,
	OPT_REQUIRE_STEADY, OPT_CARRY_OVER, OPT_PREDICT, OPT_ROUND_WRITES, OPT_FAST, OPT_PRECONDITION,
};

/* --fast: the round size it takes. */
#define FAST_ROUND_WRITES 0.1

#define MAX_OP_PERCENT 90.0


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

const struct option sweep_options[] = {
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
	{ "precondition", required_argument, NULL, OPT_PRECONDITION },
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
		o->carry_over = o->carry_given = true;
		break;
	case OPT_PREDICT:
		o->predict_given = true;
		if (!strcmp(arg, "stop") || !strcmp(arg, "check")) {
			o->pc.s.predict = !strcmp(arg, "stop") ? PREDICT_STOP : PREDICT_RECORD;
			break;
		}
		ESCAPE_BUF(q);
		cli_error("--predict: '%s' is not a mode; use stop or check", escape_arg(q, sizeof(q), arg));
		return EXIT_USAGE;
	case OPT_ROUND_WRITES:
		o->round_writes_given = true;
		if (parse_multiple("--round-writes", arg, LIM_ROUND_WRITES_MIN, LIM_ROUND_WRITES_MAX,
				   &o->pc.s.round_writes, err, sizeof(err))) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		break;
	case OPT_PRECONDITION:
		o->precondition_given = true;
		if (!sweep_pc_parse(arg, &o->precondition))
			break;
		ESCAPE_BUF(q2);
		cli_error("--precondition: '%s' is not a method; use full, constructed or auto",
			  escape_arg(q2, sizeof(q2), arg));
		return EXIT_USAGE;
	case OPT_FAST:
		o->fast = true;
		if (!o->carry_given)
			o->carry_over = true;
		if (!o->predict_given)
			o->pc.s.predict = PREDICT_STOP;
		if (!o->round_writes_given)
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

int sweep_parse_args(struct sweep_cli *o)
{
	int c, ret;

	endurance_opts_init(&o->endurance);
	o->precondition = SWEEP_PC_AUTO;
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
	o->op_method_asked = o->op_method;
	if (o->carry_over)
		o->op_method = OP_METHOD_SPAN;
	if (!o->have_list) {
		sweep_plan_adaptive(&o->plan, o->range_lo, o->range_hi, o->resolution);
		o->plan.interpolate = o->interpolate;
	}
	o->min_writes_asked = o->pc.s.min_writes;
	/* Shortened rounds sample the transient finer, so they write more before a window counts. */
	if (!cli_opts_seen(&o->pc, CLI_OPT_MIN_WRITES) && o->pc.s.round_writes > 0)
		o->pc.s.min_writes = SWEEP_FRESH_MIN_WRITES;
	return 0;
}

/* What the estimates need to know of the sweep. */
struct eta_settings sweep_eta_settings(const struct sweep_cli *o, const struct target *t)
{
	return eta_settings_for_sweep(&o->pc.s, &o->plan, t->info.capacity_bytes, o->carry_over, o->precondition,
				      o->can_construct);
}

void sweep_dry_run(const struct sweep_cli *o, struct target *t, enum op_method m)
{
	struct eta_settings es;
	struct cli_wrap w;
	char what[160];

	pc_rounds_describe(&o->pc, what, sizeof(what));
	cli_wrap_begin(&w);
	fprintf(w.f, "dry run: nothing is written.  For each OP level of the plan, ssdprof sweep would:\n"
	       "  1. purge %s (%s)\n"
	       "  2. hold back the OP level by %s\n"
	       "  3. fill the usable span sequentially with 128k writes, %u pass(es)\n"
	       "  4. run %s at QD %u in rounds of %.0f s until steady (at most %u rounds)\n",
	       t->info.path, o->pc.purge_method ? o->pc.purge_method : "auto: the drive's best purge, or a full TRIM",
	       m == OP_METHOD_NAMESPACE ? "shrinking the namespace (restored at the end)"
	       : m == OP_METHOD_HPA ? "setting a host protected area (restored at the end)"
				    : "never writing past the usable span",
	       o->pc.s.fill_passes, what, o->pc.s.qd, (double)o->pc.s.round_ns / 1e9, o->pc.s.max_rounds);
	if (o->fast_constructs)
		fprintf(w.f, "  --fast: the points here are built by construction, faster than carrying them over: "
		       "the first too where the target states its flash, and each in rounds of %.3g x the span\n",
		       sweep_constructed_round_writes(0, o->pc.s.constructed_round_writes, 0, 0));
	if (o->carry_over)
		fprintf(w.f, "  --carry-over: after the first point, TRIM of the span's tail (up in OP) or a fill of its "
		       "new tail (down) instead of steps 1 to 3\n");
	if (o->precondition != SWEEP_PC_FULL && !o->can_construct)
		fprintf(w.f, "  --precondition %s: no point here is built by construction: the target counts no "
		       "media writes to calibrate by, so every point is measured the full way\n",
		       sweep_pc_names[o->precondition]);
	else if (o->precondition != SWEEP_PC_FULL)
		fprintf(w.f, "  --precondition %s: fresh points%s write the flash once "
		       "at GC's steady state instead of step 3, where that holds, then rounds of %.3g x the "
		       "usable span (at most %.0f s)\n", sweep_pc_names[o->precondition],
		       o->precondition == SWEEP_PC_AUTO ? " after the first" : "",
		       o->pc.s.round_writes > 0 ? o->pc.s.round_writes
		       : sweep_constructed_round_writes(0, o->pc.s.constructed_round_writes, 0, 0),
		       (double)o->pc.s.round_ns / 1e9);
	if (o->pc.s.round_writes > 0)
		fprintf(w.f, "  --round-writes: rounds of %.3g x the usable span each, at most %.0f s\n", o->pc.s.round_writes,
		       (double)o->pc.s.round_ns / 1e9);
	if (o->pc.s.predict != PREDICT_OFF)
		fprintf(w.f, "  --predict %s: a point %s once its predicted IOPS and WA are within 2%%\n",
		       sweep_predict_names[o->pc.s.predict], o->pc.s.predict == PREDICT_STOP ? "stops" : "records the prediction");
	if (o->plan.fixed) {
		fprintf(w.f, "OP levels:");
		for (size_t i = 0; i < o->plan.ngrid; i++)
			fprintf(w.f, " %.4g%%", o->plan.grid[i]);
		fputc('\n', w.f);
	} else {
		fprintf(w.f, "OP levels: adaptive between %.4g%% and %.4g%% (grid", o->plan.grid[0],
		       o->plan.grid[o->plan.ngrid - 1]);
		for (size_t i = 0; i < o->plan.ngrid; i++)
			fprintf(w.f, " %.4g", o->plan.grid[i]);
		fprintf(w.f, "), %.4g%% then %.4g%% first, down to %.4g%% resolution\n", o->plan.grid[0],
		       o->plan.grid[o->plan.ngrid - 1], o->plan.resolution);
	}
	cli_wrap_end(&w);
	es = sweep_eta_settings(o, t);
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
 * saved sweep to resume, the points of --op-member, the shared checks
 * and the OP method (the safety gate follows them, in dev_open_gated).  0,
 * or an exit code after printing why.
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
	/*
	 * --fast where the points are constructed (a target that counts its
	 * media writes, uniform writes): the default is faster there, and is
	 * SNIA's window on every point.  A carried point writes 1.5
	 * drive-writes at the random rate where a constructed one writes the
	 * flash once at the program rate (16 GiB: --fast 2.3-18.8% of a
	 * grid's drive time, the default 1.6-14.2%), and a predicted
	 * calibrating point made later ones fall back (docs/benchmarks.md).
	 * What was asked for by name stays.
	 */
	o->can_construct = sweep_target_can_construct(t);
	if (o->fast && !o->resume && o->precondition != SWEEP_PC_FULL && o->can_construct &&
	    sweep_uniform_writes(o->pc.have_shape ? &o->pc.shape : NULL)) {
		o->fast_constructs = true;
		if (!o->carry_given) {
			o->carry_over = false;
			o->op_method = o->op_method_asked;
		}
		if (!o->predict_given)
			o->pc.s.predict = PREDICT_OFF;
		if (!o->round_writes_given) {
			o->pc.s.round_writes = 0;
			o->pc.s.min_writes = o->min_writes_asked;
			o->pc.s.constructed_round_writes = SWEEP_FAST_CONSTRUCTED_ROUND_WRITES;
		}
		/*
		 * Where the target states its flash (the simulator) the first
		 * point is built too: no full point to calibrate by (budget-qlc
		 * 16 GiB: 500 s of a 3-point sweep's 911 under the default).
		 */
		if (!o->precondition_given && sweep_target_states_flash(t))
			o->precondition = SWEEP_PC_CONSTRUCTED;
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
