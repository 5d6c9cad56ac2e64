/* SPDX-License-Identifier: MIT */
/*
 * run --fill and --precondition: how the drive is prepared before the steps
 * (the span written once, asked for or by default when a simulated drive,
 * which starts empty, is to be read; or brought to steady state, asked for
 * or by default for a simulated drive's write curve), the plan the method
 * runs, its lines, and the warning when reads hit blocks never written.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/pc_options.h"
#include "cli/run.h"
#include "device/target.h"
#include "engine/workload.h"
#include "precondition/precondition.h"
#include "util/text.h"

bool run_curve_writes(const struct run_opts *o)
{
	return o->nqd > 1 && workload_writes(&o->w);
}

int run_decide_fill(struct run_opts *o, const struct target *t)
{
	/*
	 * A simulated drive starts empty (every run opens a new one): its reads
	 * would all be of blocks never written, answered without a flash read,
	 * and a write curve on it would climb out of the fresh drive's state
	 * step by step: the reads get the fill, a write curve the rounds to
	 * steady state (which fill first).  Real drives and files are measured
	 * as they are; filling or preconditioning them is asked for.  Virtual
	 * time: a simulated drive or a group of them.
	 */
	bool sim = target_has(t, TARGET_CAP_VIRTUAL_TIME);
	bool steady = o->precond > 0 || (o->precond < 0 && o->fill != 0 && run_curve_writes(o) && sim);

	o->do_fill = !steady && (o->fill > 0 || (o->fill < 0 && workload_rw_reads(o->w.rw) && sim));
	o->prep = steady ? RUN_PREP_STEADY : o->do_fill ? RUN_PREP_FILL : RUN_PREP_NONE;
	if (o->prep != RUN_PREP_NONE && o->w.span_bytes < FILL_BS) {
		cli_error("--%s: the %llu-byte span is less than one %u-byte fill write; widen --span or add --no-%s",
			  steady ? "precondition" : "fill", (unsigned long long)o->w.span_bytes, FILL_BS,
			  steady ? "precondition" : "fill");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Writes to the target: the workload's, or the preparation's. */
bool run_writes(const struct run_opts *o)
{
	return workload_writes(&o->w) || o->prep != RUN_PREP_NONE;
}

/* Whether the fill may come: asked for, or the default on simulated drives (every TARGET is sim:). */
bool run_may_fill(const struct run_opts *o)
{
	if (o->precond > 0)
		return true;
	if (o->fill >= 0 || !workload_rw_reads(o->w.rw))
		return o->fill > 0;
	for (int i = o->first; i < o->argc; i++)
		if (strncmp(o->argv[i], "sim:", 4))
			return false;
	return true;
}

struct run_plan run_plan_of(const struct run_opts *o)
{
	struct run_plan p = {
		.w = o->w, .qds = o->qds, .nqd = o->nqd, .chunks = o->chunks, .nchunk = o->nchunk, .prep = o->prep,
		.bss = o->bs_list ? o->step_bs : NULL,
	};

	if (o->prep == RUN_PREP_STEADY)
		p.pc = run_steps_steady_settings(&o->pc.s, &o->w, o->w.span_bytes);
	return p;
}

void run_print_prep(FILE *out, const struct run_prep_result *p)
{
	const struct fill_result *f = &p->fill;

	if (p->how == RUN_PREP_FILL) {
		fprintf(out, "fill: %.2f GB in %.1f s, %.1f MB/s\n", (double)f->bytes / 1e9, f->seconds, f->mbps);
		return;
	}
	fprintf(out, "precondition: fill %.2f GB, then %zu rounds: steady state %s\n", (double)f->bytes / 1e9,
		p->rounds, p->reached ? "reached" : "NOT reached");
}

void run_print_state(FILE *out, const struct run_set *set)
{
	const struct run_prep_result *p = &set->prep;

	char wa[32];

	if (isfinite(p->waf))
		snprintf(wa, sizeof(wa), "%.2f", p->waf);
	else
		snprintf(wa, sizeof(wa), TEXT_NOT_MEASURED);
	if (p->how == RUN_PREP_STEADY)
		fprintf(out, "from steady state%s: %.0f IOPS, WA %s over its window\n",
			p->reached ? "" : " (NOT reached)", p->iops, wa);
	else
		fprintf(out, "fresh-drive figures: not preconditioned first (--precondition)\n");
}

/* Reads of blocks never written measure no flash: said once, with the share of the worst series. */
void run_warn_unwritten(const struct run_set *set)
{
	double worst = 0;

	for (size_t i = 0; i < set->n; i++) {
		double f = run_unwritten_reads(&set->res[i]);

		if (isfinite(f) && f > worst)
			worst = f;
	}
	/* A few reads past the last write of a randrw run are noise; a share that moves the figures is not. */
	if (worst >= 0.01)
		cli_error("warning: %.0f%% of the reads hit blocks never written, which the drive answers without "
			  "reading flash: the figures are not the drive's; run with --fill", worst * 100);
}
