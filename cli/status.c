/* SPDX-License-Identifier: MIT */
/*
 * The status line on a terminal: one line on stderr (reports/term_status.h),
 * redrawn in place at most five times a second, cut to the terminal's width.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/progress.h"
#include "reports/term_status.h"

#define REDRAW_EVERY_S 0.2
#define ERASE "\r\033[K"

int status_width(void)
{
	const char *cols = getenv("COLUMNS");
	struct winsize ws;

	if (cols && atoi(cols) >= 20)
		return atoi(cols);
	if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

void status_draw(struct progress *p, bool force)
{
	struct progress_status st;
	char line[512];
	double wall;

	if (!p->tty || p->closed)
		return;
	wall = progress_wall_s(p);
	if (!force && wall - p->drawn_wall_s < REDRAW_EVERY_S)
		return;
	p->drawn_wall_s = wall;
	/* One column short of the width: a line that fills it wraps on some terminals. */
	progress_status_of(p, &st, false);
	term_status(&st, line, sizeof(line), status_width() - 1);
	if (p->color)
		fprintf(stderr, ERASE "\033[1m%s\033[0m", line);
	else
		fprintf(stderr, ERASE "%s", line);
	fflush(stderr);
	p->shown = true;
}

void status_erase(struct progress *p)
{
	if (!p->shown)
		return;
	fputs(ERASE, stderr);
	fflush(stderr);
	p->shown = false;
}
