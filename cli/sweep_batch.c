/* SPDX-License-Identifier: MIT */
/*
 * ssdprof sweep TARGET TARGET...: each drive swept as `ssdprof sweep TARGET`
 * sweeps it, with its own copy of the options, into DIR/drive-N
 * (cli/batch.h); --resume DIR resumes each drive from its own folder.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/sweep_cli.h"
#include "results/json_get.h"
#include "results/result_load.h"

/* One drive's sweep: the options as the command line gave them, and what its check found. */
struct sweep_drive {
	struct sweep_cli o;
	struct json_object *saved;      /* the sweep to resume, or NULL */
	struct json_object *borrowed;   /* another drive's sweep whose settings o took (o points into it) */
	enum op_method method;
	char resume[PATH_MAX];
};

static bool has_result(const char *dir)
{
	char path[PATH_MAX + 16];
	struct stat st;

	snprintf(path, sizeof(path), "%s/result.json", dir);
	return !stat(path, &st);
}

/*
 * A drive of the batch that never began (interrupted while it waited for
 * --jobs, or its open failed the first time) has no sweep to resume: it is
 * swept from the start with the settings another drive of the batch saved
 * (a batch's drives share them).  0, or -1 after printing why.
 */
/*
 * o's settings from another drive's saved sweep in dir; that document is
 * kept in *borrowed, since o's strings (the purge method) point into it.
 */
static int fresh_settings(const char *dir, const struct batch_drive *d, const char *own, struct sweep_cli *o,
			  struct json_object **borrowed)
{
	char path[PATH_MAX + 32], err[512];
	struct json_object *doc = NULL;
	enum result_kind kind;
	int ret = -1;

	for (unsigned k = 1; k <= BATCH_MAX_DRIVES && ret; k++) {
		snprintf(path, sizeof(path), "%s/drive-%u/result.json", dir, k);
		if (k == d->index || result_load(path, &doc, &kind, err, sizeof(err)))
			continue;
		if (kind == RESULT_KIND_SWEEP && !sweep_settings_from_json(jget(doc, "settings"), o, err, sizeof(err))) {
			ret = 0;
			*borrowed = doc;
			break;
		}
		json_object_put(doc);
	}
	if (ret)
		cli_error("--resume: '%s' holds no sweep of drive %u, nor another drive's to take the settings from; "
			  "start a new sweep", own, d->index);
	else
		o->resume = NULL;   /* measured from the start, into its own folder */
	return ret;
}

static int check(struct batch_drive *d, void *ctx)
{
	const struct sweep_cli *base = ctx;
	struct sweep_drive *s = calloc(1, sizeof(*s));

	if (!s) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	d->arg = s;
	s->o = *base;
	s->o.pc.batch = d;
	s->o.pc.yes = d->yes;
	if (base->resume) {
		if ((size_t)snprintf(s->resume, sizeof(s->resume), "%s/drive-%u", base->resume, d->index) >=
		    sizeof(s->resume)) {
			cli_error("--resume: the directory name is too long");
			return EXIT_USAGE;
		}
		s->o.resume = s->resume;
		if (!has_result(s->resume) && fresh_settings(base->resume, d, s->resume, &s->o, &s->borrowed))
			return EXIT_USAGE;
	}
	return sweep_prepare(&s->o, d->t, &s->saved, &s->method);
}

static void dry_run(struct batch_drive *d, void *ctx)
{
	struct sweep_drive *s = d->arg;

	(void)ctx;
	sweep_dry_run(&s->o, d->t, s->method);
}

static int run(struct batch_drive *d, void *ctx)
{
	struct sweep_drive *s = d->arg;

	(void)ctx;
	if (!s->o.resume)
		s->o.pc.out = d->dir;
	return sweep_one(&s->o, d->t, s->saved, s->method);
}

static void release(struct batch_drive *d, void *ctx)
{
	struct sweep_drive *s = d->arg;

	(void)ctx;
	json_object_put(s->saved);
	json_object_put(s->borrowed);
	free(s);
	d->arg = NULL;
}

int sweep_batch(struct sweep_cli *o, int argc, char **argv, int first)
{
	static const struct batch_cmd cmd = { "sweep", check, dry_run, run, release };

	return batch_main(&o->pc, argc, argv, first, o->resume ? o->resume : o->pc.out, o->jobs, &cmd, o);
}
