/* SPDX-License-Identifier: MIT */
/*
 * What ssdprof run prints on the terminal as it goes: progress, each step's
 * summary, the dry run.  What it prints at the end is the document's
 * (reports/term.h term_run: the QD curve, or the chunks side by side).
 */
#include <math.h>
#include <stdio.h>

#include "cli/run.h"
#include "device/target.h"
#include "engine/workload.h"
#include "reports/term.h"
#include "util/text.h"

/*
 * What names a series among several: its chunk (when not 0) and its qd.
 * Progress lines put it first ("chunk=16k  qd=32  "), summaries after
 * "run" ("run chunk=16k qd=32:").
 */
static const char *series_label(char *buf, size_t len, uint64_t chunk, bool show_qd, unsigned qd, bool summary)
{
	const char *pre = summary ? " " : "", *post = summary ? "" : "  ";
	char name[24];
	size_t n = 0;

	buf[0] = '\0';
	if (chunk)
		n = (size_t)snprintf(buf, len, "%schunk=%s%s", pre, chunk_name(name, sizeof(name), chunk), post);
	if (show_qd && n < len)
		snprintf(buf + n, len - n, "%sqd=%u%s", pre, qd, post);
	return buf;
}


int print_progress(const struct run_sample *s, void *arg)
{
	const struct progress_ctx *p = arg;
	char b[6][32];
	char label[48];

	/* 71 columns, so a qd label ("qd=1024  ") still fits 80: lat_us is the mean, p99 its 99th percentile. */
	fprintf(p->out, "%st=%ss  iops %s  MB/s %s  lat_us %s  p99 %s  waf %s\n",
		series_label(label, sizeof(label), p->chunk, p->show_qd, p->qd, false),
		text_fixed(b[0], sizeof(b[0]), 5, 1, s->t_s),
		text_fixed(b[1], sizeof(b[1]), 7, 0, s->iops),
		text_fixed(b[2], sizeof(b[2]), 6, 1, s->mbps),
		text_fixed(b[3], sizeof(b[3]), 6, 1, s->lat_mean_us),
		text_fixed(b[5], sizeof(b[5]), 6, 1, s->lat_p99_us),
		text_fixed(b[4], sizeof(b[4]), 4, 2, s->waf));
	/* A pipe would otherwise hold back a long run's progress. */
	fflush(p->out);
	return 0;
}

void print_bs_summary(FILE *out, const struct run_result *r)
{
	char label[48];

	if (r->bs)
		snprintf(label, sizeof(label), " bs=%gk qd=%u", r->bs / 1024.0, r->qd);
	else
		snprintf(label, sizeof(label), " mix qd=%u", r->qd);
	term_run_line(out, label, (double)r->elapsed_ns / 1e9, r->iops, r->mbps, r->waf, r->lat_mean_us,
		      r->lat_p50_us, r->lat_p99_us);
}

void print_summary(FILE *out, const struct run_result *r, bool show_qd, uint64_t chunk)
{
	char label[48];

	term_run_line(out, series_label(label, sizeof(label), chunk, show_qd, r->qd, true), (double)r->elapsed_ns / 1e9,
		      r->iops, r->mbps, r->waf, r->lat_mean_us, r->lat_p50_us, r->lat_p99_us);
}

void print_dry_run(const struct run_opts *o, const struct target *t)
{
	const struct target_info *info = &t->info;
	char sizes[256] = "", limit[64], line[2048];
	size_t len = 0;

	if (o->w.nbs_mix) {
		for (unsigned i = 0; i < o->w.nbs_mix && len < sizeof(sizes); i++)
			len += (size_t)snprintf(sizes + len, sizeof(sizes) - len, "%s%u:%u",
						i ? "," : "", o->w.bs_mix[i].bs,
						o->w.bs_mix[i].weight);
	} else {
		snprintf(sizes, sizeof(sizes), "%u", o->w.bs);
	}
	if (o->w.time_ns)
		snprintf(limit, sizeof(limit), "%g s", (double)o->w.time_ns / 1e9);
	else
		snprintf(limit, sizeof(limit), "%llu bytes", (unsigned long long)o->w.bytes);
	snprintf(line, sizeof(line), "dry run: %s on %s '%s' (%llu bytes, %u-byte LBA%s%s)", workload_rw_name(o->w.rw),
		 info->kind, info->path, (unsigned long long)info->capacity_bytes, info->lba_bytes,
		 *info->serial ? ", serial " : "", info->serial);
	text_wrap_print(stdout, line, 80, 0, 2);
	if (o->bs_list) {
		/* A --bs list: each step's size and depth, "4k@32" ("mix@32"), wrapped at 80 columns. */
		len = (size_t)snprintf(line, sizeof(line), "%s%s%s%zu steps of %s each, size@depth",
				       o->w.nbs_mix ? "the mix " : "", o->w.nbs_mix ? sizes : "", o->w.nbs_mix ? "; " : "",
				       o->nqd, limit);
		for (size_t i = 0; i < o->nqd && len < sizeof(line); i++)
			len += (size_t)(o->step_bs[i] ?
				snprintf(line + len, sizeof(line) - len, "%s%gk@%llu", i ? "," : " ",
					 (double)o->step_bs[i] / 1024, (unsigned long long)o->qds[i]) :
				snprintf(line + len, sizeof(line) - len, "%smix@%llu", i ? "," : " ",
					 (unsigned long long)o->qds[i]));
		text_wrap_print(stdout, line, 80, 2, 4);
	} else {
		printf("  block sizes %s, %zu step%s of %s each, queue depth%s", sizes, o->nqd,
		       o->nqd == 1 ? "" : "s", limit, o->nqd == 1 ? "" : "s");
		for (size_t i = 0; i < o->nqd; i++)
			printf("%s%llu", i ? "," : " ", (unsigned long long)o->qds[i]);
		printf("\n");
	}
	if (o->pc.raid_level >= 0) {
		char name[24];

		printf("  RAID %d of %u members, chunk", o->pc.raid_level, (unsigned)(o->argc - o->first));
		for (size_t i = 0; i < o->nchunk; i++)
			printf("%s%s", i ? "," : " ", chunk_name(name, sizeof(name), o->chunks[i]));
		printf("%s\n", o->nchunk > 1 ? ": the workload runs once per chunk, on the group opened afresh" : "");
	}
	if (o->do_fill)
		printf("  would first fill bytes 0..%llu sequentially with 128k writes (--fill)\n",
		       (unsigned long long)o->w.span_bytes);
	else if (o->prep == RUN_PREP_STEADY)
		printf("  would first bring bytes 0..%llu to steady state: a fill, then\n"
		       "  random-write rounds until the SNIA window holds (--precondition)\n",
		       (unsigned long long)o->w.span_bytes);
	else if (run_curve_writes(o))
		printf("  a write curve without --precondition: fresh-drive figures\n");
	if (workload_writes(&o->w))
		snprintf(sizes, sizeof(sizes), "would overwrite bytes 0..%llu (%g%% span) with seeded random data; "
			 "nothing written now", (unsigned long long)o->w.span_bytes, o->span_pct);
	else
		snprintf(sizes, sizeof(sizes), "reads only: bytes 0..%llu; nothing read now",
			 (unsigned long long)o->w.span_bytes);
	text_wrap_print(stdout, sizes, 80, 2, 4);
}
