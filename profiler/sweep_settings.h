/* SPDX-License-Identifier: MIT */
/*
 * A sweep's method settings (DESIGN.md 5): what every point is measured
 * with, as the document saves them ("settings") and --resume reads them
 * back, so a resumed sweep measures exactly what the first one did.  cli/
 * fills them from its options (cli/sweep_options.c); results/sweep_json.h
 * writes and reads them (sweep_settings_doc, sweep_settings_read).
 */
#ifndef SSDPROF_SWEEP_SETTINGS_H
#define SSDPROF_SWEEP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/workload.h"
#include "precondition/precondition.h"
#include "profiler/op_member.h"
#include "profiler/sweep.h"
#include "profiler/sweep_plan.h"

struct sweep_settings {
	struct sweep_plan plan;
	enum op_method op_method;         /* as asked (auto resolves per target) */
	struct op_member_plan member;     /* npoints 0: the same OP on every member */
	struct precondition_settings s;   /* the rounds: fill, round length, limits, seed, predict */
	const char *purge_method;         /* NULL: auto */
	struct workload shape;            /* --workload / --random-dist, when have_shape */
	bool have_shape;
	bool carry_over;                  /* issue 18: span OP, a point from the last one's state */
	enum sweep_pc precondition;       /* --precondition: fresh points full, constructed or auto */
};

/* --predict's values by enum predict_mode, as typed and as saved. */
extern const char *const sweep_predict_names[3];

/*
 * The rules between the settings that hold whatever their source (a
 * command line or a saved document), each 0 or -EINVAL with the reason
 * (naming the saved key) in err: an --op-member plan goes with a list
 * plan and namespace OP; --carry-over with span OP.
 */
int sweep_settings_member_rule(const struct sweep_settings *set, char *err, size_t errlen);
int sweep_settings_carry_rule(const struct sweep_settings *set, char *err, size_t errlen);

#endif
