/* SPDX-License-Identifier: MIT */
/* --metrics FILE: the Prometheus textfile of the process (cli/metrics.h). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/batch.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/metrics.h"
#include "cli/progress.h"
#include "device/target.h"
#include "reports/metrics_status.h"
#include "reports/metrics_text.h"
#include "util/atomic_file.h"
#include "util/escape.h"

/* node_exporter's textfile collector reads *.prom files only. */
#define METRICS_SUFFIX ".prom"
/* At most one write a second between the forced ones. */
#define WRITE_EVERY_S 1.0

struct metrics_slot {
	struct metrics *m;
	struct metrics_drive *d;   /* its drive's state in m->drive */
};

struct metrics {
	pthread_mutex_t lock;
	char dir[PATH_MAX];
	char name[NAME_MAX + 1];
	char host[256];
	struct metrics_drive drive[BATCH_MAX_DRIVES];
	struct metrics_slot slot[BATCH_MAX_DRIVES];
	size_t n;
	double written_s;    /* CLOCK_MONOTONIC of the last write */
	bool warned;         /* a failed write was said */
};

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The folder and the name of path into m.  0, or EXIT_USAGE after printing why. */
static int split_path(struct metrics *m, const char *path)
{
	const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;
	size_t nlen = strlen(name), dlen = slash ? (size_t)(slash - path) : 1;
	ESCAPE_BUF(q);

	escape_arg(q, sizeof(q), path);
	if (nlen <= strlen(METRICS_SUFFIX) || strcmp(name + nlen - strlen(METRICS_SUFFIX), METRICS_SUFFIX)) {
		cli_error("--metrics: '%s' is not a NAME.prom file (node_exporter's textfile collector reads "
			  "only those); give e.g. DIR/ssdprof.prom", q);
		return EXIT_USAGE;
	}
	if (nlen > NAME_MAX || dlen >= sizeof(m->dir)) {
		cli_error("--metrics: '%s': the name is too long; give a shorter one", q);
		return EXIT_USAGE;
	}
	memcpy(m->name, name, nlen + 1);
	if (!slash)
		snprintf(m->dir, sizeof(m->dir), ".");
	else if (slash == path)
		snprintf(m->dir, sizeof(m->dir), "/");
	else
		snprintf(m->dir, sizeof(m->dir), "%.*s", (int)dlen, path);
	return 0;
}

int metrics_open(const char *path, struct metrics **out)
{
	struct metrics *m;
	struct stat st;
	ESCAPE_BUF(q);

	*out = NULL;
	if (!*path) {
		cli_error("--metrics: empty file name; give DIR/NAME.prom");
		return EXIT_USAGE;
	}
	if (!(m = calloc(1, sizeof(*m)))) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	if (split_path(m, path))
		goto usage;
	escape_arg(q, sizeof(q), m->dir);
	if (stat(m->dir, &st) || !S_ISDIR(st.st_mode)) {
		cli_error("--metrics: the folder '%s' does not exist; make it, or give another", q);
		goto usage;
	}
	if (access(m->dir, W_OK | X_OK)) {
		cli_error("--metrics: cannot write in the folder '%s': %s; give another", q, strerror(errno));
		goto usage;
	}
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		cli_error("--metrics: '%s' is not a regular file; give a file name", escape_arg(q, sizeof(q), path));
		goto usage;
	}
	if (gethostname(m->host, sizeof(m->host) - 1))
		snprintf(m->host, sizeof(m->host), "unknown");
	pthread_mutex_init(&m->lock, NULL);
	m->written_s = -INFINITY;
	*out = m;
	return 0;
usage:
	free(m);
	return EXIT_USAGE;
}

void metrics_close(struct metrics *m)
{
	if (!m)
		return;
	pthread_mutex_destroy(&m->lock);
	free(m);
}

struct metrics_slot *metrics_attach(struct metrics *m, const struct target *t, const char *command)
{
	struct metrics_slot *s = NULL;

	if (!m)
		return NULL;
	pthread_mutex_lock(&m->lock);
	/* The same drive's command again (a batch drive's second method): its slot anew. */
	for (size_t i = 0; i < m->n && !s; i++)
		if (!strcmp(m->drive[i].drive, t->info.path) && !strcmp(m->drive[i].command, command))
			s = &m->slot[i];
	if (!s && m->n < BATCH_MAX_DRIVES) {
		s = &m->slot[m->n];
		s->d = &m->drive[m->n++];
	}
	if (s) {
		s->m = m;
		metrics_drive_clear(s->d);
		snprintf(s->d->drive, sizeof(s->d->drive), "%s", t->info.path);
		snprintf(s->d->serial, sizeof(s->d->serial), "%s", t->info.serial);
		snprintf(s->d->model, sizeof(s->d->model), "%s", t->info.model);
		snprintf(s->d->command, sizeof(s->d->command), "%s", command);
		snprintf(s->d->phase, sizeof(s->d->phase), "starting");
		s->d->v[MF_FINISHED] = 0;
	}
	pthread_mutex_unlock(&m->lock);
	return s;
}

/* Every slot's state into the file, with m->lock held; a failure said once. */
static void write_locked(struct metrics *m)
{
	char *text, err[1024];
	size_t len;
	int ret;

	m->written_s = mono_s();
	if ((ret = metrics_text_format(m->drive, m->n, m->host, &text, &len)))
		return;
	if (ret)
		return;
	ret = atomic_write_file(m->dir, m->name, text, len, err, sizeof(err));
	free(text);
	if (ret && !m->warned) {
		m->warned = true;
		cli_error("warning: --metrics: %s (the run goes on)", err);
	}
}

/* p's state into its slot, with the lock held (reports/metrics_status.h). */
static void fill(struct metrics_slot *s, struct progress *p)
{
	struct progress_status st;
	struct timespec ts;

	progress_status_of(p, &st, true);
	metrics_drive_fill(s->d, &st);
	clock_gettime(CLOCK_REALTIME, &ts);
	s->d->v[MF_UPDATED] = (double)ts.tv_sec + (double)(ts.tv_nsec / 1000000) / 1e3;
}

void metrics_update(struct progress *p, bool force)
{
	struct metrics_slot *s = p->metrics;

	if (!s)
		return;
	pthread_mutex_lock(&s->m->lock);
	fill(s, p);
	if (force || mono_s() - s->m->written_s >= WRITE_EVERY_S)
		write_locked(s->m);
	pthread_mutex_unlock(&s->m->lock);
}

/* n figures into p's slot. */
static void set(struct progress *p, size_t n, const enum metrics_figure *f, const double *v)
{
	struct metrics_slot *s = p->metrics;

	if (!s)
		return;
	pthread_mutex_lock(&s->m->lock);
	for (size_t i = 0; i < n; i++)
		s->d->v[f[i]] = v[i];
	pthread_mutex_unlock(&s->m->lock);
}

void metrics_round(struct progress *p, double waf)
{
	set(p, 1, (const enum metrics_figure[]){ MF_WA }, &waf);
}

void metrics_point(struct progress *p, double op_percent, double iops, double waf)
{
	set(p, 3, (const enum metrics_figure[]){ MF_LAST_OP, MF_LAST_IOPS, MF_LAST_WA },
	    (const double[]){ op_percent / 100, iops, waf });
}

void metrics_finish(struct progress *p, bool done)
{
	struct metrics_slot *s = p->metrics;

	if (!s)
		return;
	pthread_mutex_lock(&s->m->lock);
	fill(s, p);
	snprintf(s->d->phase, sizeof(s->d->phase), "%s", done ? "done" : "stopped");
	/* Nothing runs any more: no current rate, no estimate, no point running. */
	s->d->v[MF_IOPS] = s->d->v[MF_THROUGHPUT] = s->d->v[MF_POINT] = s->d->v[MF_OP] = NAN;
	s->d->v[MF_ETA] = done ? 0 : NAN;
	if (done)
		s->d->v[MF_PHASE_PROGRESS] = 1;
	s->d->v[MF_FINISHED] = 1;
	write_locked(s->m);
	pthread_mutex_unlock(&s->m->lock);
	p->metrics = NULL;
}
