/* SPDX-License-Identifier: MIT */
/*
 * The status line (reports/term_status.h): one line, cut to the width by
 * dropping the least useful parts first, so it never wraps and \r always
 * reaches its start.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "reports/term_status.h"

static void fmt_dur(char *buf, size_t len, double s)
{
	if (isnan(s) || s < 0)
		snprintf(buf, len, "--");
	else if (s < 60)
		snprintf(buf, len, "%.0fs", s);
	else if (s < 3600)
		snprintf(buf, len, "%dm%02ds", (int)(s / 60), (int)fmod(s, 60));
	else if (s < 86400)
		snprintf(buf, len, "%dh%02dm", (int)(s / 3600), (int)fmod(s / 60, 60));
	else
		snprintf(buf, len, "%dd%02dh", (int)(s / 86400), (int)fmod(s / 3600, 24));
}

struct piece {
	char text[96];
	int prio;                 /* the lowest goes first when the line is too long */
};

static void speed(const struct progress_status *p, char *buf, size_t len)
{
	bool rounds = !strcmp(p->phase, "rounds");

	if (rounds && !isnan(p->iops))
		snprintf(buf, len, p->iops >= 1e4 ? "%.1fk IOPS" : "%.0f IOPS", p->iops >= 1e4 ? p->iops / 1e3 : p->iops);
	else if (!rounds && !isnan(p->mbps) && strcmp(p->phase, "idle") && strcmp(p->phase, "purge"))
		snprintf(buf, len, "%.0f MB/s", p->mbps);
	else
		buf[0] = 0;
}

static void phase_text(const struct progress_status *p, char *buf, size_t len)
{
	double f = p->phase_fraction;
	char pct[16] = "";

	if (!isnan(f))
		snprintf(pct, sizeof(pct), " %.0f%%", f * 100);
	if (!p->phase[0])
		snprintf(buf, len, p->points_done ? "next point" : "starting");
	else if (!strcmp(p->phase, "rounds"))
		snprintf(buf, len, "round %zu%s", p->round, pct);
	else if (p->phase_index && (!strcmp(p->phase, "idle") || !strcmp(p->phase, "recovery")))
		snprintf(buf, len, "%s %u%s", p->phase, p->phase_index, pct);
	else
		snprintf(buf, len, "%s%s", p->phase, pct);
}

void term_status(const struct progress_status *p, char *buf, size_t len, int width)
{
	struct piece pc[10];
	size_t n = 0, used;
	double now = p->now_s, wall = p->wall_s, eta = p->eta_s;
	char a[32], b[32], sp[32];

	snprintf(pc[n].text, sizeof(pc[n].text), "%s", p->command);
	pc[n++].prio = 9;
	snprintf(pc[n].text, sizeof(pc[n].text), "%.24s%s", p->target, strlen(p->target) > 24 ? ".." : "");
	pc[n++].prio = 1;
	if (p->sweep) {
		snprintf(pc[n].text, sizeof(pc[n].text), "point %zu/%s%zu", p->point ? p->point : p->points_done,
			 p->points_approx ? "~" : "", p->points);
		if (p->point && !isnan(p->op))
			snprintf(pc[n].text + strlen(pc[n].text), sizeof(pc[n].text) - strlen(pc[n].text), " OP %.4g%%",
				 p->op);
		pc[n++].prio = 7;
	}
	if (p->steps > 1) {
		snprintf(pc[n].text, sizeof(pc[n].text), "step %u/%u", p->step, p->steps);
		pc[n++].prio = 7;
	}
	phase_text(p, pc[n].text, sizeof(pc[n].text));
	pc[n++].prio = 10;
	speed(p, sp, sizeof(sp));
	if (sp[0]) {
		snprintf(pc[n].text, sizeof(pc[n].text), "%s", sp);
		pc[n++].prio = 5;
	}
	if (!strcmp(p->phase, "rounds") && p->window_valid) {
		snprintf(pc[n].text, sizeof(pc[n].text), "rng %.1f/%.0f%% slp %.1f/%.0f%%", p->range_pct,
			 p->range_limit_pct, p->slope_pct, p->slope_limit_pct);
		pc[n++].prio = 3;
	}
	fmt_dur(a, sizeof(a), now);
	if (p->virtual_time) {
		fmt_dur(b, sizeof(b), wall);
		snprintf(pc[n].text, sizeof(pc[n].text), "%s virt %s wall", a, b);
	} else {
		snprintf(pc[n].text, sizeof(pc[n].text), "%s", a);
	}
	pc[n++].prio = 4;
	fmt_dur(a, sizeof(a), eta);
	if (p->virtual_time && !isnan(p->eta_wall_s)) {
		fmt_dur(b, sizeof(b), p->eta_wall_s);
		snprintf(pc[n].text, sizeof(pc[n].text), "ETA %s (wall %s)", a, b);
	} else {
		snprintf(pc[n].text, sizeof(pc[n].text), "ETA %s", a);
	}
	pc[n++].prio = 8;

	/* Drop the least useful pieces until the line fits. */
	for (;;) {
		size_t low = n;

		used = 0;
		for (size_t i = 0; i < n; i++)
			if (pc[i].prio >= 0)
				used += strlen(pc[i].text) + (used ? 2 : 0);
		if ((int)used <= width)
			break;
		for (size_t i = 0; i < n; i++)
			if (pc[i].prio >= 0 && pc[i].prio < 10 && (low == n || pc[i].prio < pc[low].prio))
				low = i;
		if (low == n)
			break;
		pc[low].prio = -1;
	}
	buf[0] = 0;
	for (size_t i = 0, at = 0; i < n; i++) {
		if (pc[i].prio < 0)
			continue;
		at += (size_t)snprintf(buf + at, at < len ? len - at : 0, "%s%s", at ? "  " : "", pc[i].text);
		if (at >= len)
			break;
	}
	if ((int)strlen(buf) > width && width > 0 && (size_t)width < len)
		buf[width] = 0;
}
