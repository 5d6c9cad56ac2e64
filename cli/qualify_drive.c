/* SPDX-License-Identifier: MIT */
/*
 * qualify's drives on the method (profiler/qualify_run.h): its settings
 * from the options, the hooks that print a drive's lines and warnings, the
 * threads; and the checks of --resume DIR before anything runs.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/progress.h"
#include "cli/qualify.h"
#include "reports/csv_export.h"
#include "results/json_get.h"
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
	struct eta_settings es = eta_settings_for_sweep(s, &r->plan, d->t->info.capacity_bytes, r->run.carry_over, r->run.pc);
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

int qualify_drives_run(struct qualify_drive *d, unsigned n, unsigned jobs, const struct endurance_opts *e)
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
		endurance_opts_input(e, d[i].t, &ein[i], d[i].ein_src);
		d[i].ein = &ein[i];
		d[i].ui = &ui[i];
	}
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
	char path[PATH_MAX], err[1024];
	struct json_object *doc;
	enum result_kind kind;
	struct stat st;
	ESCAPE_BUF(q);
	int ret;

	escape_arg(q, sizeof(q), dir);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		cli_error("--resume: '%s' holds no qualify; give the --out directory of one", q);
		return EXIT_USAGE;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/result.json", dir) >= sizeof(path)) {
		cli_error("--resume: the directory name is too long");
		return EXIT_USAGE;
	}
	/* Interrupted before its first drive ended, a qualify has its drives' folders and no result.json yet. */
	ret = result_load(path, &doc, &kind, err, sizeof(err));
	if (ret == -ENOENT)
		return 0;
	if (ret) {
		cli_error("--resume: %s; start a new qualify", err);
		return EXIT_USAGE;
	}
	if (kind != RESULT_KIND_QUALIFY) {
		json_object_put(doc);
		cli_error("--resume: '%s' holds a %s result, not a qualify; give the --out directory of a qualify", q,
			  result_kind_name(kind));
		return EXIT_USAGE;
	}
	/* The saved requirements stand unless new ones are given, held to the command line's rules. */
	if (!reqs->n) {
		struct json_object *saved = jget(jget(doc, "settings"), "requirements");

		for (size_t i = 0; i < json_object_array_length(saved); i++) {
			const char *r = json_object_get_string(json_object_array_get_idx(saved, i));

			if (!json_object_is_type(json_object_array_get_idx(saved, i), json_type_string) ||
			    requirements_add_arg(reqs, r, err, sizeof(err))) {
				cli_error("--resume: %s: settings.requirements[%zu]: %s; give --require", path, i,
					  json_object_is_type(json_object_array_get_idx(saved, i), json_type_string)
					  ? err : "expected a requirement");
				json_object_put(doc);
				return EXIT_USAGE;
			}
		}
	}
	json_object_put(doc);
	return 0;
}

/* The first saved document in a drive's folder that says whose it is; NULL when it holds none. */
static struct json_object *saved_drive_doc(const char *drive_dir)
{
	const char *parts[] = { "sweep", "slc", qualify_qd_dirs[0], qualify_qd_dirs[1] };
	char path[PATH_MAX + 64], err[512];
	struct json_object *doc;
	enum result_kind kind;

	for (size_t k = 0; k < sizeof(parts) / sizeof(parts[0]); k++) {
		snprintf(path, sizeof(path), "%s/%s/result.json", drive_dir, parts[k]);
		if (!result_load(path, &doc, &kind, err, sizeof(err)))
			return doc;
	}
	return NULL;
}

int qualify_check_drives(const char *dir, const struct qualify_drive *d, unsigned n)
{
	char own[PATH_MAX + 16], other[PATH_MAX + 16], err[1024];
	int rc = 0;

	for (unsigned i = 0; i < n && !rc; i++) {
		struct json_object *doc;

		snprintf(own, sizeof(own), "%s/drive-%u", dir, d[i].index);
		if (!(doc = saved_drive_doc(own)) || !result_identity_check(doc, d[i].t, err, sizeof(err))) {
			json_object_put(doc);
			continue;
		}
		json_object_put(doc);
		rc = EXIT_USAGE;
		ESCAPE_BUF(q);
		escape_arg(q, sizeof(q), own);
		/* Never one drive's sweep for another: name where this one's results are, when they are here. */
		for (unsigned j = 0; j < n; j++) {
			char ignored[64];

			snprintf(other, sizeof(other), "%s/drive-%u", dir, d[j].index);
			if (j == i || !(doc = saved_drive_doc(other)))
				continue;
			if (!result_identity_check(doc, d[i].t, ignored, sizeof(ignored))) {
				json_object_put(doc);
				cli_error("--resume: %s holds the results of %s; TARGET %u's are in drive-%u: give the "
					  "TARGETs in the order of the first run", q, err, d[i].index, d[j].index);
				return rc;
			}
			json_object_put(doc);
		}
		cli_error("--resume: %s holds the results of %s; give the TARGETs of the first run, or a new --out",
			  q, err);
	}
	return rc;
}
