/* SPDX-License-Identifier: MIT */
/*
 * qualify's drives on the method (profiler/qualify_run.h): its settings
 * from the options, the hooks that print a drive's lines and warnings, the
 * threads; and the checks of --resume DIR before anything runs.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/progress.h"
#include "cli/qualify.h"
#include "profiler/sweep_construct.h"
#include "reports/csv_export.h"
#include "results/json_get.h"
#include "results/qualify_resume.h"
#include "results/qualify_store.h"
#include "results/result_identity.h"
#include "results/result_load.h"
#include "util/escape.h"

/* A line of a drive's progress, named by its number and TARGET (wrapped after that prefix). */
static void say(const struct qualify_drive *d, const char *line)
{
	char pre[256];

	snprintf(pre, sizeof(pre), "[%u %s] ", d->index, d->spec);
	cli_say_prefixed(pre, "%s", line);
}

/* Which drive, as qualify's other warnings say. */
static void warn(const struct qualify_drive *d, const char *msg)
{
	cli_error("warning: %s: %s", d->spec, msg);
}

/* A drive's live state for --metrics: open while its sweep runs. */
struct qualify_ui {
	struct progress prog;
	bool open;
};

/* The drive's display while its sweep runs, else NULL. */
static struct progress *shown(const struct qualify_drive *d)
{
	struct qualify_ui *ui = d->ui;

	return ui && ui->open ? &ui->prog : NULL;
}

/* --metrics: a drive's sweep feeds its state (nothing is shown: qualify prints its own lines). */
static void sweep_begin(struct qualify_drive *d, const struct sweep_runner *r)
{
	const struct cli_opts *pc = d->set->hook_arg;
	const struct precondition_settings *s = &d->set->s;
	struct eta_settings es = eta_settings_for_sweep(s, &r->plan, d->t->info.capacity_bytes, r->run.carry_over, r->run.pc,
							 sweep_target_can_construct(d->t));
	struct qualify_ui *ui = d->ui;

	if (ui && pc->metrics)
		ui->open = !progress_open(&ui->prog, &(struct progress_opts){ "qualify", true, true, NULL, true,
									      pc->metrics }, d->t, &es);
}

static void point_begin(struct qualify_drive *d, double op, uint64_t usable_bytes)
{
	if (shown(d))
		progress_point_start(shown(d), op, usable_bytes);
}

static void round_event(struct qualify_drive *d, const struct precondition_event *ev)
{
	if (shown(d))
		progress_pc_event(shown(d), ev);
}

static void point_end(struct qualify_drive *d, double op, const struct sweep_point *pt)
{
	if (shown(d))
		progress_point_end(shown(d), op, pt->pc.iops, pt->pc.waf, pt->pc.reached, pt->pc.nrounds);
}

static void sweep_end(struct qualify_drive *d, bool ok)
{
	struct qualify_ui *ui = d->ui;

	if (shown(d)) {
		progress_close(&ui->prog, ok);
		ui->open = false;
	}
}

/* points.csv and timeseries.csv beside the sweep's document, as a sweep writes them. */
static int sweep_saved(struct qualify_drive *d, const char *dir, char *err, size_t len)
{
	return csv_write(dir, csv_sweep, d->sweep_doc, err, len);
}

void qualify_settings_fill(struct qualify_settings *set, const struct cli_opts *pc, bool print)
{
	set->s = pc->s;
	set->purge_method = pc->purge_method;
	set->command = pc->command;
	set->shape = pc->have_shape ? &pc->shape : NULL;
	set->store = &qualify_store;
	set->stop_requested = interrupt_requested;
	set->say = print ? say : NULL;
	set->warn = warn;
	set->sweep_begin = sweep_begin;
	set->point_begin = point_begin;
	set->round = round_event;
	set->point_end = point_end;
	set->sweep_end = sweep_end;
	set->sweep_saved = sweep_saved;
	set->hook_arg = pc;
}

static void *drive_thread(void *arg)
{
	qualify_drive_measure(arg);
	return NULL;
}

int qualify_drives_run(struct qualify_drive *d, unsigned n, unsigned jobs, const struct endurance_settings *e)
{
	struct endurance_input *ein = calloc(n ? n : 1, sizeof(*ein));
	struct qualify_ui *ui = calloc(n ? n : 1, sizeof(*ui));
	int ret;

	if (!ein || !ui) {
		free(ein);
		free(ui);
		return -ENOMEM;
	}
	/* What each drive's life is figured from: the datasheet figures given, else what it reports. */
	for (unsigned i = 0; i < n; i++) {
		endurance_input_of(e, d[i].t, &ein[i], d[i].ein_src);
		d[i].ein = &ein[i];
		d[i].ui = &ui[i];
	}
	/* One drive's status line answers SIGUSR1; a batch shows none, and must not die of it. */
	signal(SIGUSR1, SIG_IGN);
	ret = batch_run(d, sizeof(*d), n, jobs, drive_thread);
	for (unsigned i = 0; i < n; i++) {
		d[i].ein = NULL;
		d[i].ui = NULL;
	}
	free(ein);
	free(ui);
	return ret;
}

int qualify_check_resume(const char *dir, struct requirement_set *reqs)
{
	char err[ESCAPE_BUF_SIZE + PATH_MAX + 2048];

	if (qualify_resume_check(dir, reqs, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

int qualify_check_drives(const char *dir, const struct qualify_drive *d, unsigned n)
{
	char err[ESCAPE_BUF_SIZE + 2 * TARGET_ERRLEN + 1024];

	if (qualify_resume_drives(dir, d, n, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}
