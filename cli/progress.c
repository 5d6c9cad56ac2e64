/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/metrics.h"
#include "cli/progress.h"
#include "device/target.h"
#include "reports/term_status.h"
#include "results/progress_events.h"

/* A progress event at most this often (wall seconds) between the others. */
#define EVENT_EVERY_S 1.0

/* Set by the SIGUSR1 handler, which can reach nothing else (as interrupt.c's flag). */
static volatile sig_atomic_t status_wanted;

static void on_usr1(int sig)
{
	(void)sig;
	status_wanted = 1;
}

double progress_now_s(const struct progress *p)
{
	if (!p->t)
		return p->base_s;
	return p->base_s + (double)(p->t->ops->now_ns(p->t) - p->start_ns) / 1e9;
}

void progress_retarget(struct progress *p, struct target *t)
{
	p->base_s = progress_now_s(p);
	p->t = t;
	/* The name stays the first target's: a group reopened is the same group. */
	if (t)
		p->start_ns = t->ops->now_ns(t);
}

double progress_wall_s(const struct progress *p)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)(ts.tv_sec - p->wall0.tv_sec) + (double)(ts.tv_nsec - p->wall0.tv_nsec) / 1e9;
}

void progress_status_of(struct progress *p, struct progress_status *s, bool with_fraction)
{
	const struct eta *e = &p->eta;

	memset(s, 0, sizeof(*s));
	s->command = p->command;
	s->target = p->target;
	s->virtual_time = p->virtual_time;
	s->sweep = e->s.job == ETA_SWEEP;
	s->run = e->s.job == ETA_RUN;
	s->steps = s->run ? e->s.steps : 0;
	s->step = e->tk.index + 1;
	s->phase = p->phase;
	s->phase_index = p->phase_index;
	s->point = p->point;
	s->points = eta_points(e, &s->points_approx);
	s->points_done = e->nkp;
	s->op = p->op;
	s->round = !strcmp(p->phase, "rounds") ? e->tk.index + 1 : 0;
	s->mbps = p->mbps;
	s->iops = p->iops;
	s->fraction = with_fraction ? eta_fraction(&p->eta) : NAN;
	s->phase_fraction = eta_phase_fraction(e);
	s->now_s = progress_now_s(p);
	s->wall_s = progress_wall_s(p);
	s->eta_s = eta_remaining_s(e);
	/* On a simulated drive the estimate is in drive seconds: at the wall's pace so far. */
	s->eta_wall_s = p->virtual_time && s->now_s > 0 ? s->eta_s * s->wall_s / s->now_s : NAN;
	s->window_valid = e->window_valid;
	s->range_pct = e->window.range_pct;
	s->slope_pct = e->window.slope_pct;
	s->range_limit_pct = STEADY_RANGE_LIMIT_PCT;
	s->slope_limit_pct = STEADY_SLOPE_LIMIT_PCT;
}

int progress_open(struct progress *p, const struct progress_opts *o, struct target *t, const struct eta_settings *s)
{
	const char *term = getenv("TERM"), *no_color = getenv("NO_COLOR");
	struct sigaction sa;

	memset(p, 0, sizeof(*p));
	p->command = o->command;
	snprintf(p->target, sizeof(p->target), "%s", t->info.path);
	p->t = t;
	p->virtual_time = target_has(t, TARGET_CAP_VIRTUAL_TIME);
	p->start_ns = t->ops->now_ns(t);
	clock_gettime(CLOCK_MONOTONIC, &p->wall0);
	p->op = NAN;
	p->mbps = p->iops = NAN;
	p->drawn_wall_s = 0;   /* the first line after REDRAW_EVERY_S: a quick command shows none */
	p->event_wall_s = -INFINITY;
	/* The cap the drive states, as the dry run takes it: a constructed first point shows none. */
	struct eta_settings es = *s;
	if (!(es.write_iops > 0))
		es.write_iops = progress_known_write_iops(t);
	eta_init(&p->eta, &es);
	p->batch = o->batch;
	p->tty = !o->quiet && !o->batch && isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb"));
	p->color = p->tty && !(no_color && *no_color);
	if (o->events && !strcmp(o->events, "-")) {
		p->events = stdout;
	} else if (o->events) {
		if (events_open(o->events, &p->events))
			return EXIT_USAGE;
		p->events_path = o->events;
		setvbuf(p->events, NULL, _IOLBF, 0);
		p->events_owned = true;
	}
	p->lines = !o->quiet && !o->json && !o->batch && p->events != stdout;
	p->metrics = metrics_attach(o->metrics, t, o->command);
	if (o->batch)
		return 0;   /* the batch's drives share the process: the first to end would take the handler away */

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	events_write(p, "start", NULL);
	return 0;
}

/* SIGUSR1: the status once, as a line of its own on stderr. */
static void answer_usr1(struct progress *p)
{
	struct progress_status st;
	char buf[512];

	if (!status_wanted)
		return;
	status_wanted = 0;
	status_erase(p);
	progress_status_of(p, &st, false);
	term_status(&st, buf, sizeof(buf), (int)sizeof(buf) - 1);
	fprintf(stderr, "%s\n", buf);
	fflush(stderr);
}

/*
 * Events and redraws after every change; an interrupt takes the line off first.
 * A point's start and end and each round are published to --metrics at once
 * (publish): on a fast drive a whole point can fall between two of its
 * once-a-second writes.
 */
static int refresh_publish(struct progress *p, bool force, bool publish)
{
	double wall = progress_wall_s(p);

	answer_usr1(p);
	if (interrupt_requested()) {
		status_erase(p);
		return 1;
	}
	if (p->events && wall - p->event_wall_s >= EVENT_EVERY_S) {
		struct progress_status st;

		progress_status_of(p, &st, false);
		events_write(p, "progress", progress_figures_progress(&st));
	}
	status_draw(p, force);
	metrics_update(p, publish);
	return 0;
}

static int refresh(struct progress *p, bool force)
{
	return refresh_publish(p, force, false);
}

static void phase_end(struct progress *p)
{
	double took;

	if (!p->phase[0])
		return;
	took = progress_now_s(p) - p->phase_start_s;
	events_write(p, "phase-end", progress_figures_phase_end(p->phase, took, p->eta.tk.done_bytes));
	if (p->eta.s.job == ETA_RUN)
		;   /* run prints its own lines: a sample each, a summary per step */
	else if (!strcmp(p->phase, "purge"))
		progress_line(p, "purge: %.1f s\n", took);
	else if (strcmp(p->phase, "fill") && strcmp(p->phase, "rounds") && p->eta.tk.done_bytes)
		progress_line(p, "%s: %.2f GB in %.1f s, %.1f MB/s\n", p->phase, (double)p->eta.tk.done_bytes / 1e9,
			      took, took > 0 ? (double)p->eta.tk.done_bytes / took / 1e6 : NAN);
	else if (!strcmp(p->phase, "idle"))
		progress_line(p, "idle: %.1f s\n", took);
	p->phase[0] = 0;
}

void progress_phase_end(struct progress *p)
{
	phase_end(p);
}

static void phase_begin(struct progress *p, const char *phase, unsigned index)
{
	phase_end(p);
	snprintf(p->phase, sizeof(p->phase), "%s", phase);
	p->phase_index = index;
	p->phase_start_s = progress_now_s(p);
	events_write(p, "phase-start", NULL);
}

void progress_point_start(struct progress *p, double op, uint64_t usable_bytes)
{
	p->op = op;
	p->point = p->eta.nkp + 1;
	p->rounds = 0;
	eta_point_start(&p->eta, progress_now_s(p), usable_bytes);
	events_write(p, "point-start", NULL);
	phase_begin(p, "purge", 0);
	refresh_publish(p, false, true);
}

void progress_point_end(struct progress *p, double op, double iops, double waf, bool reached, size_t rounds)
{
	phase_end(p);
	eta_point_end(&p->eta, progress_now_s(p), op, iops, waf, rounds);
	events_write(p, "point-end", progress_figures_point_end(op, iops, waf, reached, rounds));
	metrics_point(p, op, iops, waf);
	p->point = 0;
	refresh_publish(p, false, true);
}

void progress_replayed(struct progress *p, double op, double iops, double waf)
{
	eta_replayed(&p->eta, op, iops, waf);
}

static void tick(struct progress *p, const struct phase_tick *tk)
{
	bool rounds_go_on = !strcmp(tk->phase, "rounds") && !strcmp(p->phase, "rounds");

	/* The phase that ends is over now: its estimate must not count its whole length again. */
	p->eta.now_s = progress_now_s(p);
	if (strcmp(tk->phase, p->phase) || (!rounds_go_on && tk->index != p->phase_index))
		phase_begin(p, tk->phase, tk->index);
	eta_tick(&p->eta, progress_now_s(p), tk);
	if (!isnan(tk->mbps))
		p->mbps = tk->mbps;
	if (!isnan(tk->iops))
		p->iops = tk->iops;
}

int progress_tick(const struct phase_tick *tk, void *arg)
{
	struct progress *p = arg;

	tick(p, tk);
	/* A new phase shows at once: on a fast drive a phase can end before the redraw interval. */
	return refresh(p, tk->start);
}

void progress_pc_event(struct progress *p, const struct precondition_event *ev)
{
	if (ev->phase == PHASE_TICK) {
		tick(p, ev->tick);
		refresh(p, ev->tick->start);
		return;
	}
	if (ev->phase == PHASE_FILL) {
		p->eta.fill_mbps = ev->fill->mbps;
		events_write(p, "fill", progress_figures_fill(ev->fill->bytes, ev->fill->mbps, ev->fill->seconds));
	} else if (ev->phase == PHASE_ROUND) {
		const struct round_result *r = ev->round;

		p->rounds = ev->round_index + 1;
		eta_round(&p->eta, progress_now_s(p), p->rounds, ev->window);
		p->iops = r->iops;
		p->mbps = r->mbps;
		events_write(p, "round", progress_figures_round(r, ev->window));
		metrics_round(p, r->media_known ? r->waf : NAN);
	}
	/* A round's figures are published at once, like a point's. */
	refresh_publish(p, true, ev->phase == PHASE_ROUND);
}

void progress_pause(struct progress *p)
{
	status_erase(p);
}

void progress_line(struct progress *p, const char *fmt, ...)
{
	va_list ap;

	if (!p->lines)
		return;
	status_erase(p);
	if (!isnan(p->op) && p->point)
		printf("op %5.2f%%  ", p->op);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

int progress_close(struct progress *p, bool done)
{
	if (p->closed)
		return p->events_err ? EXIT_RUN_FAILED : 0;
	p->closed = true;
	if (done) {
		phase_end(p);
		if (p->point)
			events_write(p, "point-end", NULL);
		eta_finish(&p->eta, progress_now_s(p));
		events_write(p, "end", NULL);
	} else {
		events_write(p, "stop", progress_figures_stop(interrupt_requested()));
	}
	metrics_finish(p, done);
	status_erase(p);
	if (p->events_owned && fclose(p->events) != 0 && !p->events_err)
		p->events_err = errno ? errno : EIO;
	else if (!p->events_owned && p->events && fflush(p->events) != 0 && !p->events_err)
		p->events_err = errno ? errno : EIO;
	p->events = NULL;
	if (!p->batch)
		signal(SIGUSR1, SIG_DFL);
	if (p->events_err)
		cli_error("--events: lines lost writing %s: %s", p->events_path ? p->events_path : "-",
			  strerror(p->events_err));
	return p->events_err ? EXIT_RUN_FAILED : 0;
}
