/* SPDX-License-Identifier: MIT */
/*
 * What `sweep` was asked (cli/sweep_options.c), and its settings as saved
 * in result.json and read back by --resume (cli/sweep_settings.c: the
 * method's settings, profiler/sweep_settings.h, to and from the options).
 */
#ifndef SSDPROF_SWEEP_CLI_H
#define SSDPROF_SWEEP_CLI_H

#include <stdbool.h>

#include "cli/endurance_opts.h"
#include "cli/options.h"
#include "profiler/eta.h"
#include "profiler/op_member.h"
#include "profiler/sweep.h"
#include "profiler/sweep_plan.h"
#include "profiler/sweep_settings.h"   /* sweep_predict_names */

struct json_object;
struct target;

struct sweep_cli {
	struct cli_opts pc;
	struct sweep_plan plan;
	bool have_list;
	double range_lo, range_hi, resolution;
	enum op_method op_method;
	const char *resume;
	bool require_steady;
	bool carry_over;                /* issue 18: see the usage */
	bool interpolate;               /* --fast: the adaptive bracket cut by interpolation (sweep_plan.h) */
	unsigned plan_given;
	bool range_given;               /* --op-range or --resolution */
	struct op_member_plan member;   /* npoints 0: the same OP on every member */
	struct endurance_settings endurance;
	struct endurance_input ein;     /* what the points' life is figured from */
	char ein_src[32];
	unsigned jobs;                  /* --jobs: drives of a batch at once (0: all) */
	enum sweep_pc precondition;     /* --precondition: fresh points full, constructed or auto (default) */
	bool precondition_given;
	/*
	 * --fast, and which of what it turns on were asked for by name too:
	 * where the points are constructed (sweep_prepare) the rest is turned
	 * off again, as the default is faster there.
	 */
	bool fast, carry_given, predict_given, round_writes_given;
	enum op_method op_method_asked; /* before --carry-over made it span */
	double min_writes_asked;        /* before shortened rounds raised it */
	bool fast_constructs;           /* --fast here takes the default's way (the dry run says so) */
	bool can_construct;             /* sweep_prepare: sweep_target_can_construct, read once */
};

/* sweep's own options, for cli_opts_init. */
struct option;
extern const struct option sweep_options[];
/* The command line into o (cli_opts_next), and the rules between options.  0, or an exit code after printing why. */
int sweep_parse_args(struct sweep_cli *o);

/* The settings object of the result document. */
struct json_object *sweep_settings_json(const struct sweep_cli *o);

/* The saved sweep of dir, checked to be a sweep of the drive t is (results/result_identity.h).  NULL after printing why. */
struct json_object *sweep_load_resume(const char *dir, struct target *t);

/* Saved settings s back into o, as the command line would set them.  0, or -EINVAL with err set. */
int sweep_settings_from_json(struct json_object *s, struct sweep_cli *o, char *err, size_t errlen);

/*
 * Everything that needs the opened target before anything is written: not
 * an md array, the saved sweep to resume, the points of --op-member, the
 * safety gate and the OP method.  0, or an exit code after printing why.
 */
int sweep_prepare(struct sweep_cli *o, struct target *t, struct json_object **saved, enum op_method *method);
/* What the estimates (cli/progress.h) need to know of a sweep of t (after sweep_prepare). */
struct eta_settings sweep_eta_settings(const struct sweep_cli *o, const struct target *t);
/* What a sweep of t would do, and how long it may take. */
void sweep_dry_run(const struct sweep_cli *o, struct target *t, enum op_method m);
/* The sweep of the prepared target t (o->pc.batch: one drive of a batch).  An exit code. */
int sweep_one(struct sweep_cli *o, struct target *t, struct json_object *saved, enum op_method method);
/* Several TARGETs without --raid, argv[first..argc): a batch (cli/batch.h).  An exit code. */
int sweep_batch(struct sweep_cli *o, int argc, char **argv, int first);

#endif
