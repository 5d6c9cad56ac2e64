/* SPDX-License-Identifier: MIT */
/*
 * The man pages, from the usage texts --help prints: what each page holds
 * (the command table, fio's names, exit codes, environment, files); the
 * usage text as roff is reports/man_roff.c's.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/fio_names.h"
#include "cli/manual.h"
#include "config.h"
#include "reports/man_roff.h"

/* fio's names the command takes: the same list as its --help. */
static void fio_section(FILE *f, const char *usage)
{
	size_t n;
	const struct fio_name *t = fio_names(&n);
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		if (!t[i].ours || !fio_usage_has(usage, t[i].ours))
			continue;
		if (!any)
			fputs(".SH FIO NAMES\nfio's names for options of the same meaning, taken as ours:\n", f);
		any = true;
		fprintf(f, ".TP\n\\fB\\-\\-");
		roff_put(f, t[i].fio, strlen(t[i].fio), false);
		fprintf(f, "\\fR\nas \\fB\\-\\-");
		roff_put(f, t[i].ours, strlen(t[i].ours), false);
		fputs("\\fR\n", f);
	}
}

/* EXIT STATUS: every code of the table, the same on every page. */
static void exit_status(FILE *f)
{
	fputs(".SH EXIT STATUS\n", f);
	for (const struct exit_status *e = cli_exit_codes; e->meaning; e++) {
		fprintf(f, ".TP\n.B %d\n", e->code);
		roff_line(f, e->meaning, false);
	}
}

void manual_command_page(FILE *f, const struct command *cmd)
{
	char name[64];

	snprintf(name, sizeof(name), "ssdprof-%s", cmd->name);
	roff_page_head(f, name, cmd->summary);
	roff_usage(f, cmd->usage, fio_section);
	exit_status(f);
	fputs(".SH SEE ALSO\n\\fBssdprof\\fR(1)\n", f);
}

/* The paragraphs of ssdprof(1) after the command list. */
static void main_sections(FILE *f, const char *state_dir)
{
	size_t n;
	const struct fio_name *t = fio_names(&n);

	fputs(".SH TARGETS, SIZES AND DURATIONS\n", f);
	for (const char *p = cli_usage_notes; *p;) {
		char line[ROFF_MAX_LINE];

		roff_next_line(&p, line, sizeof(line));
		roff_line(f, line, false);
	}
	exit_status(f);
	fputs(".SH FIO NAMES\n"
	      "Where an option of fio(1) means what an ssdprof option means, ssdprof takes fio's name for it;\n"
	      "where the meaning differs, or ssdprof has no such option, the command is refused with a\n"
	      "one-line hint naming what to use.\n", f);
	for (size_t i = 0; i < n; i++) {
		fputs(".TP\n\\fB\\-\\-", f);
		roff_put(f, t[i].fio, strlen(t[i].fio), false);
		fputs("\\fR\n", f);
		if (t[i].ours) {
			fputs("as \\fB\\-\\-", f);
			roff_put(f, t[i].ours, strlen(t[i].ours), false);
			fputs("\\fR where the command takes it", f);
			fputs(t[i].hint ? "; elsewhere: " : "\n", f);
		}
		if (t[i].hint)
			roff_line(f, t[i].hint, false);
	}
	fputs(".SH ENVIRONMENT\n"
	      ".TP\n.B SSDPROF_STATE\n"
	      "The folder of the OP journal and the device locks, instead of ", f);
	roff_line(f, state_dir, false);
	fputs(".TP\n.B NO_COLOR\nWhen set and not empty, the status line is not bold.\n"
	      ".TP\n.B TERM\nWith \\fBdumb\\fR, no status line is redrawn: plain lines only.\n"
	      ".TP\n.B COLUMNS\nThe width the status line fits (else the terminal's, else 80).\n"
	      ".SH FILES\n.TP\n", f);
	roff_line(f, state_dir, false);
	fputs("The OP journal (the original layout of every drive whose over-provisioning was changed,\n"
	      "so \\fBssdprof op \\-\\-restore\\fR works after a crash) and the device locks.\n"
	      ".SH SIGNALS\n"
	      "SIGUSR1 prints the status line once on standard error, as \\fBdd\\fR(1) does.\n"
	      "SIGINT and SIGTERM stop at the next batch, save what was measured and exit 130.\n"
	      ".SH SEE ALSO\n", f);
}

void manual_main_page(FILE *f, const char *state_dir)
{
	size_t count;
	const struct command *cmds = command_list(&count);

	roff_page_head(f, "ssdprof", "SSD preconditioning and over-provisioning profiler");
	fputs(".SH SYNOPSIS\n.nf\n\\fBssdprof\\fR \\fICOMMAND\\fR [\\fIARGS\\fR...]\n"
	      "\\fBssdprof\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR\n"
	      "\\fBssdprof\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR\n.fi\n"
	      ".SH DESCRIPTION\n", f);
	roff_put(f, cli_usage_about, strcspn(cli_usage_about, "\n"), false);
	fputs("\nEach command has its own page, \\fBssdprof\\-\\fR\\fICOMMAND\\fR(1), and its own "
	      "\\fB\\-\\-help\\fR; both say the same.\n.SH COMMANDS\n", f);
	for (size_t i = 0; i < count; i++) {
		fputs(".TP\n.B ", f);
		roff_line(f, cmds[i].name, false);
		roff_put(f, cmds[i].summary, strlen(cmds[i].summary), false);
		fprintf(f, "; see \\fBssdprof\\-%s\\fR(1)\n", cmds[i].name);
	}
	main_sections(f, state_dir);
	for (size_t i = 0; i < count; i++)
		fprintf(f, "\\fBssdprof\\-%s\\fR(1), ", cmds[i].name);
	fputs("\\fBfio\\fR(1)\n", f);
}
