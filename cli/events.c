/* SPDX-License-Identifier: MIT */
/*
 * --events: one JSON object per line and per event (DESIGN.md 3), for
 * orchestrators and dashboards, written as the events come.  The lines are
 * built in results/progress_events.c from the progress status.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "cli/progress.h"
#include "cli/commands.h"
#include "results/progress_events.h"
#include "util/escape.h"
#include "util/input_file.h"

void events_write(struct progress *p, const char *event, struct json_object *figures)
{
	struct progress_status st;
	struct json_object *o;
	struct timespec now;

	if (!p->events) {
		json_object_put(figures);
		return;
	}
	progress_status_of(p, &st, true);
	p->event_wall_s = st.wall_s;
	clock_gettime(CLOCK_REALTIME, &now);
	o = progress_event_json(&st, event, figures, (double)now.tv_sec + (double)now.tv_nsec / 1e9);
	/* A line lost (a full disk, /dev/full; out of memory) is said once at the end, and the exit code says so. */
	errno = 0;
	if ((!o || fprintf(p->events, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN)) < 0 ||
	     fflush(p->events) != 0) && !p->events_err)
		p->events_err = errno ? errno : EIO;
	json_object_put(o);
}

int events_open(const char *path, FILE **f)
{
	char why[128];
	ESCAPE_BUF(q);

	if (output_stream_open(path, f, why, sizeof(why)) < 0) {
		cli_error("--events: cannot write '%s': %s; give a regular file or -", escape_arg(q, sizeof(q), path),
			  why);
		return EXIT_USAGE;
	}
	setvbuf(*f, NULL, _IOLBF, 0);
	return 0;
}
