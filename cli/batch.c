/* SPDX-License-Identifier: MIT */
/*
 * Many drives at once (cli/batch.h): opening and gating them, their
 * folders, the threads' lines, saving and showing the batch's document
 * (built in results/batch_json.c; the threads are profiler/batch_run.c's).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/dev_common.h"
#include "cli/interrupt.h"
#include "cli/pc_options.h"
#include "device/claim.h"
#include "open/open.h"
#include "open/open_memory.h"
#include "reports/chart.h"
#include "reports/report.h"
#include "reports/report_batch.h"
#include "reports/table.h"
#include "results/batch_json.h"
#include "results/result_doc.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/parse.h"
#include "util/text.h"

int batch_parse_jobs(const char *arg, unsigned *jobs)
{
	char err[256];
	uint64_t v;

	if (parse_u64("--jobs", arg, 1, BATCH_MAX_DRIVES, &v, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	*jobs = (unsigned)v;
	return 0;
}

const char *batch_yes_for(const char *yes, unsigned i, unsigned n, char *buf, size_t len)
{
	const char *p = yes;
	unsigned items = 1;

	if (!yes || n == 1)
		return yes;
	for (const char *c = yes; *c; c++)
		items += *c == ',';
	if (items != n)
		return yes;
	for (unsigned k = 0; k < i; k++)
		p = strchr(p, ',') + 1;
	snprintf(buf, len, "%.*s", (int)(strchrnul(p, ',') - p), p);
	return buf;
}

int batch_check_jobs(const struct cli_opts *pc, unsigned jobs)
{
	if (!jobs || pc->raid_level < 0)
		return 0;
	cli_error("--jobs: a --raid group is one drive, run by one thread; drop --jobs");
	return EXIT_USAGE;
}

int batch_check_yes(const char *yes, unsigned targets)
{
	unsigned items = 1;

	if (!yes || !targets)
		return 0;
	for (const char *c = yes; *c; c++)
		items += *c == ',';
	if (items > targets) {
		cli_error("--yes lists %u drives for %u TARGET%s; give one per TARGET, in order", items, targets,
			  targets > 1 ? "s" : "");
		return EXIT_USAGE;
	}
	if (*yes == ',' || yes[strlen(yes) - 1] == ',' || strstr(yes, ",,")) {
		cli_error("--yes: an empty item in the list; give one serial per TARGET, in order");
		return EXIT_USAGE;
	}
	return 0;
}

/* What dev_open_gated opens and checks for batch_open: one drive. */
struct batch_one {
	struct batch_drive *d;
	int (*check)(struct batch_drive *d, void *ctx);
	void *ctx;
};

static int open_one(void *arg, unsigned flags, struct target **t)
{
	const struct batch_one *b = arg;
	char err[TARGET_ERRLEN];

	if (target_open_flags(b->d->spec, flags, t, err, sizeof(err))) {
		cli_error("drive %u: %s; no drive was written", b->d->index, err);
		return EXIT_USAGE;
	}
	return 0;
}

static int check_one(void *arg, struct target *t)
{
	const struct batch_one *b = arg;

	(void)t;   /* b->d->t */
	return b->check(b->d, b->ctx);
}

int batch_open(struct cli_opts *pc, int argc, char **argv, int first, const char *cmd, struct batch_drive *d,
	       int (*check)(struct batch_drive *d, void *ctx), void *ctx)
{
	unsigned n = (unsigned)(argc - first);
	char err[TARGET_ERRLEN];
	int rc;

	if (n > BATCH_MAX_DRIVES) {
		cli_error("%s takes at most %d TARGETs", cmd, BATCH_MAX_DRIVES);
		return EXIT_USAGE;
	}
	/* Refused, not ignored: the drives of a batch are no group. */
	if (pc->chunk_given) {
		cli_error("--chunk: only a RAID group has a chunk; add --raid LEVEL and the members");
		return EXIT_USAGE;
	}
	/* All the drives at once may be more than the machine has: known before any is opened. */
	if (open_check_memory((const char *const *)(argv + first), n, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	for (unsigned i = 0; i < n; i++) {
		const char *spec = argv[first + (int)i];
		ESCAPE_BUF(q);

		for (unsigned j = 0; j < i; j++) {
			if (!strcmp(spec, d[j].spec)) {
				cli_error("%s: %s is given twice; name each drive once", cmd, escape_arg(q, sizeof(q), spec));
				return EXIT_USAGE;
			}
			/* Else the second's claim would find the first's, this batch's, and blame another ssdprof. */
			if (device_same(spec, d[j].spec)) {
				ESCAPE_BUF(qj);

				cli_error("%s: %s and %s are the same drive; name each drive once", cmd,
					  escape_arg(qj, sizeof(qj), d[j].spec), escape_arg(q, sizeof(q), spec));
				return EXIT_USAGE;
			}
		}
		d[i].index = i + 1;
		d[i].spec = spec;
		d[i].value = NAN;
		snprintf(d[i].prefix, sizeof(d[i].prefix), "drive %u: ", i + 1);
		d[i].yes = batch_yes_for(pc->yes, i, n, d[i].yes_buf, sizeof(d[i].yes_buf));
		/* The one path (DESIGN.md 7): open, the command's checks, then the gate with this drive's --yes. */
		struct batch_one one = { .d = &d[i], .check = check, .ctx = ctx };
		const struct dev_open req = {
			.cmd = cmd, .yes = d[i].yes, .force = pc->force, .dry_run = pc->dry_run,
			.flags = pc->open_flags, .open = open_one, .check = check_one, .arg = &one,
		};

		if ((rc = dev_open_gated(&req, &d[i].t))) {
			/* Not opened: its line said so.  One TARGET: the check's own line, naming it, is the one line. */
			if (d[i].t && n > 1)
				cli_error("drive %u (%s) refused; no drive was written", i + 1,
					  escape_arg(q, sizeof(q), spec));
			return rc;
		}
	}
	return 0;
}

void batch_free_arg(struct batch_drive *d, void *ctx)
{
	(void)ctx;
	free(d->arg);
	d->arg = NULL;
}

void batch_close(struct batch_drive *d, unsigned n)
{
	for (unsigned i = 0; d && i < n; i++) {
		target_close(d[i].t);
		d[i].t = NULL;
	}
}

int batch_make_dirs(const char *cmd, const char *out, struct batch_drive *d, unsigned n, char *dir, size_t len)
{
	char err[TARGET_ERRLEN], want[PATH_MAX];

	if (cli_make_out_dir(cmd, out, dir, len, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	for (unsigned i = 0; i < n; i++) {
		struct stat st;

		if ((size_t)snprintf(want, sizeof(want), "%s/drive-%u", dir, d[i].index) >= sizeof(want)) {
			cli_error("%s/drive-%u: the name is too long", dir, d[i].index);
			return EXIT_USAGE;
		}
		/* A drive's results go into the batch's own folder, never where a link points. */
		if (!lstat(want, &st) && S_ISLNK(st.st_mode)) {
			ESCAPE_BUF(q);

			cli_error("%s is a symbolic link; a drive's results go into a folder of the batch's own: "
				  "remove the link", escape_arg(q, sizeof(q), want));
			return EXIT_USAGE;
		}
		if (cli_make_out_dir(cmd, want, d[i].dir, sizeof(d[i].dir), err, sizeof(err))) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
	}
	return 0;
}

/*
 * fmt after prefix, written at once: on stderr one line (an error is one
 * line), on stdout wrapped at words to the terminal's width, each
 * continuation after the prefix again and two spaces, so a drive's lines
 * stay its own.
 */
static void say(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	char line[4096], shown[4096], wrapped[8192], out[16384];
	int len = snprintf(line, sizeof(line), "%s", prefix), width;
	size_t k = 0, o = 0, pw = strlen(prefix);

	if (len >= 0 && (size_t)len < sizeof(line))
		vsnprintf(line + len, sizeof(line) - (size_t)len, fmt, ap);
	cli_one_line(shown, sizeof(shown), line);   /* one line, whatever name it quotes */
	width = text_columns(fileno(f));
	if (f == stderr || strncmp(shown, prefix, pw) || pw + 20 > (size_t)width) {
		fprintf(f, "%s\n", shown);
		fflush(f);
		return;
	}
	wrapped[0] = '\0';
	text_wrap(shown + pw, width - (int)pw, 0, 2, wrapped, sizeof(wrapped), &k);
	for (const char *p = wrapped; *p && o < sizeof(out);) {
		size_t n = strcspn(p, "\n");

		o += (size_t)snprintf(out + o, sizeof(out) - o, "%s%.*s\n", prefix, (int)n, p);
		p += n + (p[n] == '\n');
	}
	fputs(out, f);
	fflush(f);
}

void cli_say_prefixed(const char *prefix, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(stdout, prefix, fmt, ap);
	va_end(ap);
}

void cli_say(const struct cli_opts *pc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(stdout, pc->batch ? pc->batch->prefix : "", fmt, ap);
	va_end(ap);
}

void cli_warn(const struct cli_opts *pc, const char *fmt, ...)
{
	char prefix[64];
	va_list ap;

	snprintf(prefix, sizeof(prefix), "ssdprof: %s", pc->batch ? pc->batch->prefix : "");
	va_start(ap, fmt);
	say(stderr, prefix, fmt, ap);
	va_end(ap);
}

void cli_fail(const struct cli_opts *pc, const char *fmt, ...)
{
	struct batch_drive *d = pc->batch;
	char prefix[64];
	va_list ap;

	if (d && !d->error[0]) {
		va_start(ap, fmt);
		vsnprintf(d->error, sizeof(d->error), fmt, ap);
		va_end(ap);
	}
	snprintf(prefix, sizeof(prefix), "ssdprof: %s", d ? d->prefix : "");
	va_start(ap, fmt);
	say(stderr, prefix, fmt, ap);
	va_end(ap);
}

/*
 * Each drive's own report beside its result.json, then the batch's page,
 * so the page's links lead somewhere.  A report that cannot be written is
 * said, and changes no drive's status.
 */
static void write_reports(const char *dir, const struct batch_drive *d, unsigned n)
{
	char err[1024];

	for (unsigned i = 0; i <= n; i++)
		/* A drive that saved nothing has no report; its row says why. */
		if ((i == n || batch_drive_saved(&d[i])) && report_beside(i < n ? d[i].dir : dir, err, sizeof(err)))
			cli_error("warning: no report beside %s/result.json: %s", i < n ? d[i].dir : dir, err);
	chart_release_fonts();
}

int batch_finish(const struct cli_opts *pc, const char *cmd, struct batch_drive *d, unsigned n, const char *dir)
{
	struct json_object *doc = batch_json_doc(pc->command, cmd, d, n);
	unsigned failed = 0, interrupted = 0;
	char err[TARGET_ERRLEN];
	int rc;

	if (!doc) {
		cli_error("out of memory building the result");
		return EXIT_RUN_FAILED;
	}
	for (unsigned i = 0; i < n; i++) {
		failed += d[i].rc && d[i].rc != EXIT_INTERRUPTED;
		interrupted += d[i].rc == EXIT_INTERRUPTED;
	}
	if (result_write_json(dir, "result.json", doc, err, sizeof(err))) {
		cli_error("%s", err);
		json_object_put(doc);
		return EXIT_RUN_FAILED;
	}
	write_reports(dir, d, n);
	if (pc->json) {
		puts(result_json_text(doc));
	} else if (!pc->quiet) {
		struct table t;

		table_batch(&t, doc);
		putchar('\n');
		table_print(&t, stdout, "");
		table_free(&t);
		printf("\n%u of %u drive(s) ok%s\n", n - failed - interrupted, n,
		       interrupted && !strcmp(cmd, "sweep") ? "; the same TARGETs with --resume DIR continue them" : "");
	}
	fflush(stdout);
	cli_results_line(dir);
	rc = interrupted ? EXIT_INTERRUPTED : failed ? EXIT_RUN_FAILED : EXIT_OK;
	json_object_put(doc);
	return rc;
}

static void *drive_thread(void *arg)
{
	struct batch_drive *d = arg;

	/* A drive still waiting for its turn (--jobs) when the signal came is left as it was. */
	if (interrupt_requested()) {
		snprintf(d->error, sizeof(d->error), "interrupted before it began; nothing was written to it");
		d->rc = EXIT_INTERRUPTED;
		return NULL;
	}
	d->rc = d->cmd->run(d, d->ctx);
	return NULL;
}

int batch_main(struct cli_opts *pc, int argc, char **argv, int first, const char *out, unsigned jobs,
	       const struct batch_cmd *cmd, void *ctx)
{
	unsigned n = (unsigned)(argc - first);
	struct batch_drive *d;
	char dir[4096];
	int rc;

	if (pc->events) {
		cli_error("%s: --events follows one drive; with several TARGETs leave it out (each drive's lines are "
			  "printed after \"drive N:\")", cmd->name);
		return EXIT_USAGE;
	}
	if (!(d = calloc(n, sizeof(*d)))) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	for (unsigned i = 0; i < n; i++) {
		d[i].cmd = cmd;
		d[i].ctx = ctx;
	}
	if ((rc = batch_open(pc, argc, argv, first, cmd->name, d, cmd->check, ctx)))
		goto out;
	if (pc->dry_run) {
		struct cli_wrap w;

		cli_wrap_begin(&w);
		fprintf(w.f, "dry run: nothing is written.  Each of the %u drives, all at once%s, into its own folder "
		       "DIR/drive-N:\n", n, jobs && jobs < n ? " (--jobs at a time)" : "");
		cli_wrap_end(&w);
		for (unsigned i = 0; i < n; i++) {
			printf("\ndrive %u: %s\n", d[i].index, d[i].t->info.path);
			cmd->dry_run(&d[i], ctx);
		}
		rc = EXIT_OK;
		goto out;
	}
	if ((rc = batch_make_dirs(pc->cmd, out, d, n, dir, sizeof(dir))))
		goto out;
	interrupt_install();
	/* One drive's status line answers SIGUSR1; a batch shows none, and must not die of it. */
	signal(SIGUSR1, SIG_IGN);
	if (batch_run(d, sizeof(*d), n, jobs, drive_thread)) {
		cli_error("%s: cannot start a thread: %s", cmd->name, strerror(EAGAIN));
		rc = EXIT_RUN_FAILED;
		goto out;
	}
	rc = batch_finish(pc, cmd->name, d, n, dir);
out:
	for (unsigned i = 0; i < n; i++)
		if (d[i].arg)
			cmd->release(&d[i], ctx);
	batch_close(d, n);
	free(d);
	return rc;
}
