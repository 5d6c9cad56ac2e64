/* SPDX-License-Identifier: MIT */
/*
 * ssdprof sweep TARGET TARGET...: each drive swept as `ssdprof sweep TARGET`
 * sweeps it, with its own copy of the options, into DIR/drive-N
 * (cli/batch.h); --resume DIR resumes each drive from its own folder.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/sweep_cli.h"

/* One drive's sweep: the options as the command line gave them, and what its check found. */
struct sweep_drive {
	struct sweep_cli o;
	struct json_object *saved;      /* the sweep to resume, or NULL */
	enum op_method method;
	char resume[PATH_MAX];
};

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
	free(s);
	d->arg = NULL;
}

int sweep_batch(struct sweep_cli *o, int argc, char **argv, int first)
{
	static const struct batch_cmd cmd = { "sweep", check, dry_run, run, release };

	return batch_main(&o->pc, argc, argv, first, o->resume ? o->resume : o->pc.out, o->jobs, &cmd, o);
}
