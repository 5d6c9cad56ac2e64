/* SPDX-License-Identifier: MIT */
/* The Prometheus textfile of long commands (reports/metrics_text.h). */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "reports/metrics_text.h"

/* Names after Prometheus' conventions: the ssdprof_ prefix, base units in the name. */
static const struct {
	const char *name;
	const char *help;
} families[MF_COUNT] = {
	[MF_PROGRESS] = { "ssdprof_progress_ratio", "Share of the command's job done (0 to 1)." },
	[MF_PHASE_PROGRESS] = { "ssdprof_phase_progress_ratio", "Share of the running phase done (0 to 1)." },
	[MF_ETA] = { "ssdprof_eta_seconds", "Estimated wall-clock time left." },
	[MF_ELAPSED] = { "ssdprof_elapsed_seconds", "Wall-clock time since the command started." },
	[MF_DRIVE_ELAPSED] = { "ssdprof_drive_elapsed_seconds",
			       "Drive time since the start (virtual time on a simulated drive)." },
	[MF_IOPS] = { "ssdprof_iops", "I/O operations per second now." },
	[MF_THROUGHPUT] = { "ssdprof_throughput_bytes_per_second", "Bytes per second now." },
	[MF_WA] = { "ssdprof_write_amplification_ratio", "Write amplification of the last round." },
	[MF_POINT] = { "ssdprof_point", "1-based sweep point (run: step) running." },
	[MF_POINTS] = { "ssdprof_points", "Points (run: steps) in the plan." },
	[MF_POINTS_DONE] = { "ssdprof_points_done", "Points finished." },
	[MF_OP] = { "ssdprof_op_ratio", "Over-provisioning of the running point (0 to 1)." },
	[MF_LAST_OP] = { "ssdprof_last_point_op_ratio", "Over-provisioning of the last finished point (0 to 1)." },
	[MF_LAST_IOPS] = { "ssdprof_last_point_iops", "Steady-state IOPS of the last finished point." },
	[MF_LAST_WA] = { "ssdprof_last_point_write_amplification_ratio",
			 "Write amplification of the last finished point." },
	[MF_FINISHED] = { "ssdprof_finished", "1 once the command ended (phase done or stopped), else 0." },
	[MF_UPDATED] = { "ssdprof_last_update_timestamp_seconds", "Unix time of this state." },
};

void metrics_drive_clear(struct metrics_drive *d)
{
	for (size_t i = 0; i < MF_COUNT; i++)
		d->v[i] = NAN;
}

/* A label value as the format wants it: backslash, double quote and newline escaped. */
static void label_value(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

static void labels(FILE *f, const struct metrics_drive *d, const char *host)
{
	fputs("{drive=\"", f);
	label_value(f, d->drive);
	fputs("\",serial=\"", f);
	label_value(f, d->serial);
	fputs("\",model=\"", f);
	label_value(f, d->model);
	fputs("\",host=\"", f);
	label_value(f, host);
	fputs("\",command=\"", f);
	label_value(f, d->command);
	fputc('"', f);
}

int metrics_text_format(const struct metrics_drive *d, size_t n, const char *host, char **text, size_t *len)
{
	FILE *f;

	*text = NULL;
	if (!(f = open_memstream(text, len)))
		return -ENOMEM;
	if (n) {
		fputs("# HELP ssdprof_phase_info The phase each drive's command is in.\n"
		      "# TYPE ssdprof_phase_info gauge\n", f);
		for (size_t i = 0; i < n; i++) {
			fputs("ssdprof_phase_info", f);
			labels(f, &d[i], host);
			fputs(",phase=\"", f);
			label_value(f, d[i].phase);
			fputs("\"} 1\n", f);
		}
	}
	for (size_t m = 0; m < MF_COUNT; m++) {
		bool any = false;

		for (size_t i = 0; i < n && !any; i++)
			any = !isnan(d[i].v[m]);
		if (!any)
			continue;   /* not measured on any drive: no family, rather than an empty one */
		fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", families[m].name, families[m].help, families[m].name);
		for (size_t i = 0; i < n; i++) {
			if (isnan(d[i].v[m]) || isinf(d[i].v[m]))
				continue;
			fputs(families[m].name, f);
			labels(f, &d[i], host);
			fprintf(f, "} %.12g\n", d[i].v[m]);
		}
	}
	if (fclose(f)) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	return 0;
}
