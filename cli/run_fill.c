/* SPDX-License-Identifier: MIT */
/*
 * run --fill: whether the span is written once before the steps (asked for,
 * or by default when a simulated drive, which starts empty, is to be read),
 * the fill itself, and the warning when reads hit blocks never written.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/pc_options.h"
#include "cli/run.h"
#include "device/target.h"
#include "engine/workload.h"
#include "precondition/precondition.h"

int run_decide_fill(struct run_opts *o, const struct target *t)
{
	/*
	 * A simulated drive starts empty (every run opens a new one): its reads
	 * would all be of blocks never written, answered without a flash read.
	 * Real drives and files are read as they are; filling them is asked for.
	 * Virtual time: a simulated drive or a group of them.
	 */
	o->do_fill = o->fill > 0 ||
		     (o->fill < 0 && workload_rw_reads(o->w.rw) && target_has(t, TARGET_CAP_VIRTUAL_TIME));
	if (o->do_fill && o->w.span_bytes < FILL_BS) {
		cli_error("--fill: the %llu-byte span is less than one %u-byte fill write; widen --span or add --no-fill",
			  (unsigned long long)o->w.span_bytes, FILL_BS);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Writes to the target: the workload's, or the fill's. */
bool run_writes(const struct run_opts *o)
{
	return workload_writes(&o->w) || o->do_fill;
}

/* Whether the fill may come: asked for, or the default on simulated drives (every TARGET is sim:). */
bool run_may_fill(const struct run_opts *o)
{
	if (o->fill >= 0 || !workload_rw_reads(o->w.rw))
		return o->fill > 0;
	for (int i = o->first; i < o->argc; i++)
		if (strncmp(o->argv[i], "sim:", 4))
			return false;
	return true;
}

/* --fill: the span written once before the steps.  EXIT_OK, or an exit code after printing why. */
int run_fill(const struct run_opts *o, struct target *t, struct run_set *set)
{
	struct fill_result f = { 0 };
	char err[TARGET_ERRLEN];
	int ret = precondition_fill(t, o->w.span_bytes, 1, o->w.seed, pc_cli_poll, NULL, &f, err, sizeof(err));

	if (ret == -EINTR) {
		cli_error("interrupted while filling, before the run started; nothing measured");
		return EXIT_INTERRUPTED;
	}
	if (ret) {
		cli_error("run: the fill: %s", err);
		return EXIT_RUN_FAILED;
	}
	set->fill_s += f.seconds;
	if (!o->pc.json && !o->pc.quiet)
		printf("fill: %.2f GB in %.1f s, %.1f MB/s\n", (double)f.bytes / 1e9, f.seconds, f.mbps);
	return EXIT_OK;
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
