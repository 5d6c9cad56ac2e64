/* SPDX-License-Identifier: MIT */
/*
 * pts --dry-run's text and a test's estimate line (reports/pts_dry_run.h).
 */
#include <math.h>
#include <stdio.h>

#include "reports/pts_dry_run.h"

/* The dry run's steps after the purge of a time-series test (WSAT, HIR after its rounds, XSR). */
static void dry_series(FILE *f, const struct pts_dry_test *d)
{
	if (d->kind == PTS_DRY_WSAT) {
		fprintf(f, "  2. write %g x %llu bytes in random 4 KiB writes at QD %u, %g s rounds%s\n", d->wsat_writes,
			d->span, d->qd, d->cell_s, d->time_cap ? ",\n     or until the time cap" : "");
	} else if (d->kind == PTS_DRY_HIR) {
		fprintf(f, "  4. per wait state (5, 10, 15, 25, 50 s): %u bursts of 5 s of random\n"
			"     4 KiB writes at QD %u, each followed by the wait, then %u bursts\n"
			"     without a wait (the return to baseline)\n", d->hir_reps, d->qd, d->hir_reps);
	} else {
		for (size_t i = 0; i < d->nphases; i++)
			fprintf(f, "  %zu. %s: %g x %llu bytes in %g KiB writes at QD %u\n", i + 2, d->phases[i].name,
				d->xsr_writes, d->span, d->phases[i].bs / 1024.0, d->phases[i].qd);
	}
}

/* The bytes a test that writes an amount writes (WSAT, XSR); 0 for the others. */
static double dry_bytes(const struct pts_dry_test *d)
{
	if (d->kind == PTS_DRY_WSAT)
		return d->wsat_writes * (double)d->span;
	return d->kind == PTS_DRY_XSR ? 3 * d->xsr_writes * (double)d->span : 0;
}

void pts_dry_run(FILE *f, const struct pts_dry_test *d)
{
	double bytes;

	if (d->nphases)
		fprintf(f, "dry run: nothing is written.  ssdprof pts %s would\n(%s):\n", d->name, d->what);
	else
		fprintf(f, "dry run: nothing is written.  ssdprof pts %s would, %zu time(s):\n", d->name, d->nstages);
	if (d->purge)
		fprintf(f, "  1. purge %s (%s)\n", d->path, d->purge_method ? d->purge_method : "auto");
	else
		fprintf(f, "  1. not purge %s (--no-purge)\n", d->path);
	if (d->nstages) {
		fprintf(f, "  2. write its first %llu bytes %u time(s) in 128 KiB sequential writes\n", d->span,
			d->fill_passes);
		fprintf(f, "  3. run rounds of %.0f cell%s, %g s each, until steady (at most %u),\n"
			"     after %g x %llu bytes written in rounds\n", d->cells / (double)d->nstages,
			d->cells == (double)d->nstages ? "" : "s", d->cell_s, d->max_rounds, d->min_writes, d->span);
		if (d->kind == PTS_DRY_DIRTH)
			fprintf(f, "  4. then rounds of %zu cells (threads 32..1 x queue depth 32..1,\n"
				"     random 8 KiB 65/35), %g s each, until steady on the first\n"
				"     (at most %u)\n", d->pass_cells, d->cell_s, d->max_rounds);
	}
	if (d->nphases)
		dry_series(f, d);
	if (isfinite(d->max_s) && d->kind != PTS_DRY_WSAT) {
		fprintf(f, "estimate: the %s take at most %.1f h of %s time,\n",
			d->nphases ? "rounds and bursts" : "rounds", d->max_s / 3600, d->clock);
		fprintf(f, "          plus the purge and the fill%s\n", d->nphases ? "" : " of each stage");
		return;
	}
	/* WSAT and XSR write an amount: how long is the drive's to say. */
	bytes = dry_bytes(d);
	fprintf(f, "estimate: %.2f GB of writes; their time is the drive's rate's\n"
		"          (at 100 MB/s: %.1f min of %s time)\n", bytes / 1e9, bytes / 100e6 / 60, d->clock);
	if (isfinite(d->max_s))
		fprintf(f, "          or --time-cap: at most %.1f h of %s time\n", d->max_s / 3600, d->clock);
}

void pts_estimate_line(FILE *f, const struct pts_dry_test *d)
{
	double bytes = dry_bytes(d);

	if (isfinite(d->max_s) && d->kind != PTS_DRY_WSAT)
		fprintf(f, "pts %s: estimate: at most %.1f h of %s time, plus purge and fill\n", d->name,
			d->max_s / 3600, d->clock);
	else
		fprintf(f, "pts %s: estimate: %.2f GB of writes (%.1f min at 100 MB/s)\n", d->name, bytes / 1e9,
			bytes / 100e6 / 60);
}

void pts_dry_suite(FILE *f, const struct pts_dry_test *d, size_t n, bool suite)
{
	double hours = 0, bytes = 0;

	for (size_t i = 0; i < n; i++) {
		if (suite)
			fprintf(f, "%s[%zu/%zu] %s\n", i ? "\n" : "", i + 1, n, d[i].name);
		pts_dry_run(f, &d[i]);
		/* WSAT writes an amount; its 24 h cap is a bound, not its time. */
		if (isfinite(d[i].max_s) && d[i].kind != PTS_DRY_WSAT)
			hours += d[i].max_s / 3600;
		else
			bytes += dry_bytes(&d[i]);
	}
	if (!suite)
		return;
	fprintf(f, "\ntotal: %zu tests, at most %.1f h of rounds and bursts", n, hours);
	if (bytes > 0)
		fprintf(f, ",\n       plus %.2f GB of writes (%.1f min at 100 MB/s)", bytes / 1e9, bytes / 100e6 / 60);
	fprintf(f, ",\n       plus each test's purge and fill\n");
}
