/* SPDX-License-Identifier: MIT */
/*
 * --events: one JSON object per line and per event (DESIGN.md 3), for
 * orchestrators and dashboards.  Every line has the same fields; the
 * event's own figures follow them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "cli/progress.h"
#include "cli/commands.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/input_file.h"

static struct json_object *count_or_null(size_t n)
{
	return n ? json_object_new_int64((int64_t)n) : NULL;
}

void events_write(struct progress *p, const char *event, struct json_object *figures)
{
	struct json_object *o;
	struct timespec now;
	bool approx;
	double now_s, wall_s, eta, fraction;
	size_t points;

	if (!p->events) {
		json_object_put(figures);
		return;
	}
	p->event_wall_s = wall_s = progress_wall_s(p);
	now_s = progress_now_s(p);
	points = eta_points(&p->eta, &approx);
	fraction = eta_fraction(&p->eta);
	eta = eta_remaining_s(&p->eta);
	clock_gettime(CLOCK_REALTIME, &now);

	o = json_object_new_object();
	json_object_object_add(o, "t", p->virtual_time ? NULL
				       : result_json_number((double)now.tv_sec + (double)now.tv_nsec / 1e9, 3));
	if (p->virtual_time) {
		json_object_object_add(o, "virtual_s", result_json_number(now_s, RP_SECONDS));
		json_object_object_add(o, "wall_s", result_json_number(wall_s, 3));
	} else {
		json_object_object_add(o, "elapsed_s", result_json_number(now_s, 3));
	}
	json_object_object_add(o, "event", json_object_new_string(event));
	json_object_object_add(o, "command", json_object_new_string(p->command));
	json_object_object_add(o, "target", json_object_new_string(p->target));
	json_object_object_add(o, "phase", p->phase[0] ? json_object_new_string(p->phase) : NULL);
	json_object_object_add(o, "point", count_or_null(p->point));
	json_object_object_add(o, "points", json_object_new_int64((int64_t)points));
	json_object_object_add(o, "points_approx", json_object_new_boolean(approx));
	json_object_object_add(o, "op_percent", p->point ? result_json_number(p->op, 2) : NULL);
	json_object_object_add(o, "round", !strcmp(p->phase, "rounds") ? count_or_null(p->eta.tk.index + 1) : NULL);
	json_object_object_add(o, "fraction", result_json_number(fraction, 4));
	json_object_object_add(o, "eta_s", result_json_number(eta, 1));
	if (p->virtual_time)
		json_object_object_add(o, "eta_wall_s",
				       result_json_number(now_s > 0 ? eta * wall_s / now_s : NAN, 1));
	if (figures) {
		json_object_object_foreach(figures, k, v)
			json_object_object_add(o, k, json_object_get(v));
		json_object_put(figures);
	}
	/* A line lost (a full disk, /dev/full) is said once at the end, and the exit code says so. */
	errno = 0;
	if ((fprintf(p->events, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN)) < 0 ||
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
