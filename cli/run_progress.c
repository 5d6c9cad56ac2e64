/* SPDX-License-Identifier: MIT */
/*
 * ssdprof run's live progress: every step (a queue depth, per --chunk) is a
 * phase "run" of the job, each sample a tick of it, so run shows the status
 * line, --events, the ETA and the SIGUSR1 status as the other commands do,
 * through cli/progress.c.  The lines off a terminal stay run's own: one per
 * sample, a summary per step.
 */
#include <math.h>

#include "cli/progress.h"
#include "cli/run.h"
#include "results/progress_events.h"

static void tick(struct progress_ctx *p, bool start, const struct run_sample *s)
{
	struct phase_tick tk = {
		.phase = "run", .index = p->step, .start = start, .done_bytes = p->done_bytes,
		.total_bytes = p->step_bytes, .done_s = s ? s->t_s : 0,
		.mbps = s ? s->mbps : NAN, .iops = s ? s->iops : NAN,
	};

	/* An interrupt is the run's to handle (w.stop_requested): the tick only takes the status line off. */
	progress_tick(&tk, p->prog);
}

void run_progress_step_start(struct progress_ctx *p, unsigned step)
{
	p->step = step;
	p->done_bytes = 0;
	if (!p->prog)
		return;
	/* --events' point is the step: one of the steps the run has in all (its points). */
	p->prog->point = step + 1;
	tick(p, true, NULL);
}

int run_progress_sample(const struct run_sample *s, void *arg)
{
	struct progress_ctx *p = arg;

	p->done_bytes += s->bytes;
	if (p->prog)
		tick(p, false, s);
	if (!p->lines)
		return 0;
	if (p->prog)
		progress_pause(p->prog);
	return print_progress(s, p);
}

void run_progress_step_end(struct progress_ctx *p, const struct run_result *r)
{
	if (!p->prog)
		return;
	events_write(p->prog, "step", progress_figures_step(r, p->chunk));
	progress_phase_end(p->prog);
	p->prog->point = 0;
	/* What the run prints next (a summary, an error) goes on a clean line. */
	progress_pause(p->prog);
}
