/* SPDX-License-Identifier: MIT */
/*
 * The terminal text of a result document (term.h): the dispatch by kind,
 * the next steps, and the kinds of one drive and one measurement (run,
 * precondition).  Sweep, qualify and slc are in term_sweep.c.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "reports/term.h"
#include "results/json_get.h"
#include "util/escape.h"
#include "util/text.h"

int term_render(FILE *f, struct json_object *doc, enum result_kind kind, const char *dir, int width)
{
	struct json_object *drives = jget(doc, "drives");

	switch (kind) {
	case RESULT_KIND_SWEEP:
		term_sweep(f, doc, width);
		term_next_steps(f, jget(doc, "target"), jnum(jget(doc, "knee"), "recommended_op_percent"), dir, width);
		return 0;
	case RESULT_KIND_SLC:
		term_slc(f, doc, width);
		term_next_steps(f, jget(doc, "target"), NAN, dir, width);
		return 0;
	case RESULT_KIND_RUN:
		term_run(f, doc, width);
		return 0;
	case RESULT_KIND_PRECONDITION:
		term_precondition(f, doc, width);
		return 0;
	case RESULT_KIND_QUALIFY:
		term_qualify(f, doc, width);
		term_next_steps(f, NULL, NAN, dir, width);
		for (size_t i = 0; i < jlen(drives); i++) {
			struct json_object *d = jidx(drives, i);

			if (jstr(d, "error") || !isfinite(jnum(d, "chosen_op_percent")))
				continue;
			fprintf(f, "drive %zu, ", i + 1);
			escape_ctl_fputs(text_or_na(jstr(d, "spec")), f);
			fputs(":\n", f);
			term_next_steps(f, jget(d, "target"), jnum(d, "chosen_op_percent"), NULL, width);
		}
		return 0;
	case RESULT_KIND_PTS:
		term_pts(f, doc, width);
		term_next_steps(f, jget(doc, "target"), NAN, dir, width);
		return 0;
	default:
		return -EINVAL;
	}
}

/* Whether the array caps holds the capability name. */
static bool has_cap(struct json_object *caps, const char *name)
{
	for (size_t i = 0; i < jlen(caps); i++) {
		const char *s = json_object_get_string(jidx(caps, i));

		if (s && !strcmp(s, name))
			return true;
	}
	return false;
}

/* A command line of words, each shell-quoted where it needs it and shown with control bytes escaped. */
static void command_line(FILE *f, const char *indent, int argc, char **argv, int width)
{
	char *line = shell_join("ssdprof", argc, argv);

	if (!line)
		return;
	fputs(indent, f);
	escape_ctl_fputs(line, f);
	fputc('\n', f);
	(void)width;   /* a command is pasted whole: never wrapped */
	free(line);
}

void term_next_steps(FILE *f, struct json_object *target, double op, const char *dir, int width)
{
	const char *path = jstr(target, "path"), *kind = jstr(target, "kind"), *serial = jstr(target, "serial");
	struct json_object *caps = jget(target, "capabilities");
	char pct[32], say[512];
	bool real = has_cap(caps, "real-device");

	if (dir) {
		fprintf(f, "\nnext: the page (charts, tables, the reason):\n");
		command_line(f, "  ", 2, (char *[]){ "report", (char *)dir }, width);
	}
	if (!isfinite(op) || !path)
		return;
	snprintf(pct, sizeof(pct), "%.4g", op);
	if (real && kind && strcmp(kind, "raid") && (has_cap(caps, "op-namespace") || has_cap(caps, "op-hpa"))) {
		fprintf(f, "set the recommended %s%% OP on %s (destroys its data):\n", pct,
			escape_arg(say, sizeof(say), path));
		if (serial)
			command_line(f, "  ", 6, (char *[]){ "op", (char *)path, "--set", pct, "--yes", (char *)serial },
				     width);
		else
			command_line(f, "  ", 4, (char *[]){ "op", (char *)path, "--set", pct }, width);
		return;
	}
	if (kind && !strcmp(kind, "raid")) {
		snprintf(say, sizeof(say), "the recommended OP is %s%% of each member: set it on each member before "
			 "building the group:", pct);
		text_wrap_print(f, say, width, 0, 2);
		command_line(f, "  ", 6, (char *[]){ "op", "MEMBER", "--set", pct, "--yes", "SERIAL" }, width);
	} else if (real) {
		snprintf(say, sizeof(say), "the recommended OP is %s%%: this drive has no namespace or HPA OP, so "
			 "leave %s%% of it unpartitioned and trimmed.", pct, pct);
		text_wrap_print(f, say, width, 0, 2);
	} else {
		fprintf(f, "the recommended %s%% OP, on a real drive (a %s target keeps none):\n", pct,
			kind && !strcmp(kind, "sim") ? "simulated" : "file");
		command_line(f, "  ", 6, (char *[]){ "op", "DEVICE", "--set", pct, "--yes", "SERIAL" }, width);
	}
}

void term_run_line(FILE *f, const char *label, double secs, double iops, double mbps, double waf, double mean_us,
		   double p50_us, double p99_us)
{
	char b[7][32];

	fprintf(f, "run%s: %s s  iops %s  MB/s %s  WA %s%s\n", label, text_num(b[0], sizeof(b[0]), 1, secs),
		text_num(b[1], sizeof(b[1]), 0, iops), text_num(b[2], sizeof(b[2]), 1, mbps),
		text_num(b[3], sizeof(b[3]), 2, waf), isfinite(waf) ? " over the run" : "");
	fprintf(f, "  lat_mean_us %s  p50_us %s  p99_us %s\n", text_num(b[4], sizeof(b[4]), 1, mean_us),
		text_num(b[5], sizeof(b[5]), 1, p50_us), text_num(b[6], sizeof(b[6]), 1, p99_us));
}

/*
 * A --bs list's curve: a row per step, the size (mix: the mix's steps) and
 * its depth; a mix's row adds the IOPS its sizes' steps predict.
 */
static void term_run_bs(FILE *f, struct json_object *series)
{
	char b[6][32], bs[16];

	fprintf(f, "%6s %5s %10s %9s %10s %10s %10s\n", "bs", "qd", "iops", "MB/s", "mean_us", "p99_us", "predicted");
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i), *lat = jget(s, "lat_us");
		double size = jnum(s, "bs");

		if (isnan(size))
			snprintf(bs, sizeof(bs), "mix");
		else
			snprintf(bs, sizeof(bs), "%gk", size / 1024);
		fprintf(f, "%6s %5.0f %s %s %s %s%s%s\n", bs, jnum(s, "qd"),
			text_fixed(b[0], sizeof(b[0]), 10, 0, jnum(s, "iops")),
			text_fixed(b[1], sizeof(b[1]), 9, 1, jnum(s, "mbps")),
			text_fixed(b[2], sizeof(b[2]), 10, 1, jnum(lat, "mean")),
			text_fixed(b[3], sizeof(b[3]), 10, 1, jnum(lat, "p99")), isnan(size) ? " " : "",
			isnan(size) ? text_fixed(b[4], sizeof(b[4]), 10, 0, jnum(s, "predicted_iops")) : "");
	}
	for (size_t i = 0; i < jlen(series); i++) {
		struct json_object *s = jidx(series, i);

		if (isfinite(jnum(s, "predicted_iops")))
			fprintf(f, "mix at qd %g: %s IOPS measured, %s predicted from its sizes (%+.1f%%)\n",
				jnum(s, "qd"), text_num(b[0], sizeof(b[0]), 0, jnum(s, "iops")),
				text_num(b[1], sizeof(b[1]), 0, jnum(s, "predicted_iops")),
				jnum(s, "predicted_error_pct"));
	}
}

/* A run's series: one step's line, or the curve over its queue depths. */
void term_run(FILE *f, struct json_object *doc, int width)
{
	struct json_object *series = jget(doc, "series");
	size_t n = jlen(series);
	char b[5][32];

	(void)width;
	if (term_run_has_chunks(doc)) {
		term_run_chunks(f, doc);
		return;
	}
	if (n > 1 && jget(jget(doc, "settings"), "bs_list")) {
		term_run_bs(f, series);
		return;
	}
	if (n == 1) {
		struct json_object *s = jidx(series, 0), *lat = jget(s, "lat_us");

		term_run_line(f, "", jnum(s, "seconds"), jnum(s, "iops"), jnum(s, "mbps"), jnum(s, "waf"),
			      jnum(lat, "mean"), jnum(lat, "p50"), jnum(lat, "p99"));
		return;
	}
	if (!n)
		return;
	fprintf(f, "%5s %10s %9s %10s %10s %10s\n", "qd", "iops", "MB/s", "mean_us", "p99_us", "p99.9_us");
	for (size_t i = 0; i < n; i++) {
		struct json_object *s = jidx(series, i), *lat = jget(s, "lat_us");

		fprintf(f, "%5.0f %s %s %s %s %s\n", jnum(s, "qd"), text_fixed(b[0], sizeof(b[0]), 10, 0, jnum(s, "iops")),
			text_fixed(b[1], sizeof(b[1]), 9, 1, jnum(s, "mbps")),
			text_fixed(b[2], sizeof(b[2]), 10, 1, jnum(lat, "mean")),
			text_fixed(b[3], sizeof(b[3]), 10, 1, jnum(lat, "p99")),
			text_fixed(b[4], sizeof(b[4]), 10, 1, jnum(lat, "p99.9")));
	}
}

/* How the rounds ended: steady state reached or not, the IOPS and WA of the window and which rounds it held. */
void term_precondition(FILE *f, struct json_object *doc, int width)
{
	struct json_object *p = jget(doc, "precondition"), *ss = jget(p, "steady_state"), *win = jget(ss, "window");
	const char *why = jstr(ss, "stop_reason");
	double rounds = jnum(ss, "rounds");
	char line[512], wa[32];

	if (!(rounds > 0)) {
		snprintf(line, sizeof(line), "steady state NOT reached (%s before the first round): no round measured",
			 text_or_na(why));
		text_wrap_print(f, line, width, 0, 2);
		return;
	}
	/* WA ends the line, where scripts look for it: never wrapped away from its figure. */
	fprintf(f, "%s after %.0f rounds (", jtrue(ss, "reached") ? "steady state reached" : "steady state NOT reached",
		rounds);
	escape_ctl_fputs(text_or_na(why), f);
	fprintf(f, "): %.0f IOPS, WA %s\n", jnum(p, "iops"), text_num(wa, sizeof(wa), 2, jnum(p, "waf")));
	if (jlen(win) == 2)
		fprintf(f, "  steady window: rounds %.0f-%.0f\n", json_object_get_double(jidx(win, 0)) + 1,
			json_object_get_double(jidx(win, 1)) + 1);
}
