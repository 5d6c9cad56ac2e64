/* SPDX-License-Identifier: MIT */
/*
 * The SNIA PTS composite block size workload (CBW; PTS-E 1.1's enterprise
 * composite workload): the snia-cbw access specification (engine/
 * access_spec.c: its sizes, 40/60 read/write, its access zones) as one
 * cell, run in rounds to the steady window on its IOPS at --qd, as the
 * matrix tests run (profiler/pts.c).  Its figures: the window's IOPS, MB/s
 * and response times (mean, five nines, max).
 */
#include "engine/access_spec.h"
#include "profiler/pts.h"
#include "profiler/pts_dirth.h"

void pts_plan_cbw(const struct pts_settings *s, struct pts_result *r)
{
	const struct access_spec *cbw = access_spec_find("snia-cbw");
	struct pts_stage *st = &r->stages[0];

	r->nstages = 1;
	st->ncells = 1;
	st->cells[0] = (struct pts_cell_spec){ .rw = WL_RANDRW, .read_pct = cbw->read_pct, .workload = cbw->name };
	st->tracked = 0;
	st->metric = PTS_M_IOPS;
	st->qd = s->qd;
}
