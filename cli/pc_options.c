/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/dev_common.h"
#include "cli/interrupt.h"
#include "cli/pc_options.h"
#include "cli/workload_opts.h"
#include "cli/progress.h"
#include "profiler/raid_rounds.h"
#include "profiler/sweep.h"
#include "device/target.h"
#include "open/open.h"
#include "open/open_memory.h"
#include "util/escape.h"
#include "util/text.h"

int pc_cli_check_target(struct cli_opts *c, struct target *t, const char *cmd)
{
	char err[TARGET_ERRLEN];

	c->s.shape = c->have_shape ? &c->shape : NULL;
	if (c->have_shape && cli_workload_check(&c->shape, t, "--workload"))
		return EXIT_USAGE;
	if (c->s.bs % t->info.lba_bytes) {
		cli_error("--bs: %u is not a multiple of %s's %u-byte logical block", c->s.bs, t->info.path,
			  t->info.lba_bytes);
		return EXIT_USAGE;
	}
	if (c->s.qd > t->ops->max_queue_depth) {
		cli_error("--qd: %u is more than %s takes (%u)", c->s.qd, t->info.path, t->ops->max_queue_depth);
		return EXIT_USAGE;
	}
	if (!target_has(t, TARGET_CAP_WRITE)) {
		cli_error("%s: %s cannot be written; it cannot be preconditioned", cmd, t->info.path);
		return EXIT_USAGE;
	}
	/* A method the drive lacks fails now, not after a sweep's first points were measured. */
	if (c->purge_method && dev_purge_supported(t, c->purge_method, err, sizeof(err)) < 0) {
		cli_error("--purge-method: %s", strncmp(err, "--method: ", 10) ? err : err + 10);
		return EXIT_USAGE;
	}
	/* The safety gate (DESIGN.md 7) follows, in dev_open_gated. */
	return 0;
}

int pc_cli_check_usable(const struct cli_opts *c, const struct target *t, double op_percent, const char *what)
{
	uint64_t usable = sweep_usable_bytes(t->info.capacity_bytes, op_percent);
	uint32_t need = c->s.bs > FILL_BS ? c->s.bs : FILL_BS;
	ESCAPE_BUF(q);

	/* The span is whole MiB: a smaller one is 0, which the rounds would find only after the purge. */
	if (usable >= need)
		return 0;
	cli_error("%s of %s leaves %llu bytes to write (whole MiB), less than one %u-byte block; "
		  "use a larger target%s", what, escape_arg(q, sizeof(q), t->info.path), (unsigned long long)usable,
		  need, op_percent > 0 ? " or less OP" : "");
	return EXIT_USAGE;
}

int pc_cli_open_only(struct cli_opts *c, int argc, char **argv, int first, const char *cmd, struct target **t)
{
	char err[TARGET_ERRLEN];

	*t = NULL;
	/* The TARGET, or the group's members summed, to be written: refused before any is opened. */
	if (first < argc && !(c->open_flags & TARGET_OPEN_READONLY) &&
	    open_check_memory((const char *const *)(argv + first), (unsigned)(argc - first), err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	if (c->raid_level < 0) {
		if (c->chunk_given) {
			cli_error("--chunk: only a RAID group has a chunk; add --raid LEVEL and the members");
			return EXIT_USAGE;
		}
		if (first != argc - 1) {
			cli_error(first >= argc ? "%s needs a TARGET; see ssdprof %s --help"
						: "%s takes one TARGET (several only with --raid); see ssdprof %s --help",
				  cmd, cmd);
			return EXIT_USAGE;
		}
		if (target_open_flags(argv[first], c->open_flags, t, err, sizeof(err))) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		return 0;
	}
	for (int i = first; i < argc; i++)
		for (int j = first; j < i; j++)
			if (!strcmp(argv[i], argv[j])) {
				cli_error("--raid: member %s is given twice; name each drive once", argv[i]);
				return EXIT_USAGE;
			}
	if (target_open_group((enum raid_level)c->raid_level, c->chunk, (const char *const *)(argv + first),
			     (unsigned)(argc - first), c->open_flags, t, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

/* What pc_cli_open_gated opens and checks. */
struct pc_open {
	struct cli_opts *c;
	int argc;
	char **argv;
	int first;
	const char *cmd;
	int (*check)(void *arg, struct target *t);
	void *arg;
};

static int pc_open(void *arg, unsigned flags, struct target **t)
{
	const struct pc_open *p = arg;

	(void)flags;   /* c->open_flags, which pc_cli_open_only takes */
	return pc_cli_open_only(p->c, p->argc, p->argv, p->first, p->cmd, t);
}

static int pc_check(void *arg, struct target *t)
{
	const struct pc_open *p = arg;

	return p->check ? p->check(p->arg, t) : pc_cli_check_target(p->c, t, p->cmd);
}

int pc_cli_open_gated(struct cli_opts *c, int argc, char **argv, int first, const char *cmd,
		      int (*check)(void *arg, struct target *t), void *arg, struct target **t)
{
	struct pc_open p = {
		.c = c, .argc = argc, .argv = argv, .first = first, .cmd = cmd, .check = check, .arg = arg,
	};
	const struct dev_open req = {
		.cmd = cmd, .yes = c->yes, .force = c->force, .dry_run = c->dry_run, .flags = c->open_flags,
		.open = pc_open, .check = pc_check, .arg = &p,
	};

	return dev_open_gated(&req, t);
}

int pc_cli_open_target(struct cli_opts *c, int argc, char **argv, int first, const char *cmd, struct target **t)
{
	int rc = pc_cli_open_gated(c, argc, argv, first, cmd, NULL, NULL, t);

	if (rc) {
		target_close(*t);
		*t = NULL;
	}
	return rc;
}

int pc_cli_print_progress(const struct precondition_event *ev, void *arg)
{
	const char *prefix = arg;
	char wa[32], win[128] = "";

	/*
	 * Each line in one write: drives profiled at once (cli/batch.h) print theirs side by side.  The rounds are
	 * a table whose header comes before the first: with a sweep's "op 20.00%  " and a batch's "drive N: "
	 * before them, a row of up to 999 rounds fits 80 columns.
	 */
	if (ev->phase == PHASE_TICK) {
		/* Nothing to say yet. */
	} else if (ev->phase == PHASE_ROUNDS_START) {
		printf("%s%-8s %8s %7s %7s %5s %6s %6s\n", prefix, "round", "iops", "MB/s", "mean_us", "WA", "range%",
		       "slope%");
	} else if (ev->phase == PHASE_FILL) {
		printf("%sfill: %u pass(es), %.2f GB in %.1f s, %.1f MB/s\n", prefix, ev->fill->passes,
		       (double)ev->fill->bytes / 1e9, ev->fill->seconds, ev->fill->mbps);
	} else {
		const struct round_result *r = ev->round;

		if (ev->window)
			snprintf(win, sizeof(win), " %6.1f %6.1f%s", ev->window->range_pct, ev->window->slope_pct,
				 ev->window->reached ? " steady" : "");
		printf("%sround %2zu %8.0f %7.1f %7.1f %5s%s\n", prefix, ev->round_index + 1, r->iops, r->mbps,
		       r->lat_mean_us, text_num(wa, sizeof(wa), 2, r->media_known ? r->waf : NAN), win);
	}
	fflush(stdout);
	return interrupt_requested();
}

int pc_progress_event(const struct precondition_event *ev, void *arg)
{
	struct pc_progress *p = arg;

	int stop;

	if (p->members)
		raid_rounds_event(p->members, ev);
	if (p->status && ev->phase != PHASE_TICK)
		progress_pause(p->status);
	stop = p->print && ev->phase != PHASE_TICK ? pc_cli_print_progress(ev, (void *)p->prefix)
						   : interrupt_requested();
	if (p->status)
		progress_pc_event(p->status, ev);
	return stop || interrupt_requested();
}

int pc_cli_poll(void *arg)
{
	(void)arg;
	return interrupt_requested();
}

void pc_rounds_describe(const struct cli_opts *c, char *buf, size_t len)
{
	char dist[64] = "uniform";

	if (c->have_shape && c->shape.dist.kind != OD_UNIFORM)
		offset_dist_format(&c->shape.dist, dist, sizeof(dist));
	if (c->have_shape && c->shape.workload)
		snprintf(buf, len, "the %s workload (ssdprof workloads), %s offsets,", c->shape.workload, dist);
	else
		snprintf(buf, len, "%u-byte random writes, %s offsets,", c->s.bs, dist);
}
