/* SPDX-License-Identifier: MIT */
/* A drive's --metrics figures from its progress (reports/metrics_status.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reports/metrics_status.h"

void metrics_drive_fill(struct metrics_drive *d, const struct progress_status *st)
{
	bool active = st->phase[0] && strcmp(st->phase, "purge") && strcmp(st->phase, "idle");

	snprintf(d->phase, sizeof(d->phase), "%s", st->phase[0] ? st->phase : "starting");
	d->v[MF_PROGRESS] = st->fraction;
	d->v[MF_PHASE_PROGRESS] = st->phase_fraction;
	/* On a simulated drive the estimate is in virtual seconds: at the wall's pace so far. */
	d->v[MF_ETA] = st->virtual_time ? st->eta_wall_s : st->eta_s;
	d->v[MF_ELAPSED] = st->wall_s;
	d->v[MF_DRIVE_ELAPSED] = st->now_s;
	d->v[MF_IOPS] = active ? st->iops : NAN;
	d->v[MF_THROUGHPUT] = active && !isnan(st->mbps) ? st->mbps * 1e6 : NAN;
	if (st->sweep) {
		d->v[MF_POINTS] = (double)st->points;
		d->v[MF_POINTS_DONE] = (double)st->points_done;
		d->v[MF_POINT] = st->point ? (double)st->point : NAN;
		d->v[MF_OP] = st->point ? st->op / 100 : NAN;
	} else if (st->run) {
		d->v[MF_POINTS] = st->steps;
		d->v[MF_POINT] = st->step;
	}
}
