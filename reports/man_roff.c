/* SPDX-License-Identifier: MIT */
/*
 * A usage text as a man page (reports/man_roff.h).  A usage text is read
 * as it is written for a terminal: the "usage:" paragraph is the synopsis;
 * a line indented by two spaces starts an item (an option, or a term such
 * as op's methods) whose description runs on in the lines indented deeper;
 * unindented lines are prose; "Example:" lines, with the lines indented
 * under them, are examples.  Prose before the first option item is the
 * description, prose after the options the notes.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "reports/man_roff.h"


/* Text for roff: backslashes and hyphens escaped, bold options when bold_opts. */
void roff_put(FILE *f, const char *s, size_t n, bool bold_opts)
{
	bool in_opt = false;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		bool starts = bold_opts && c == '-' && (i == 0 || strchr(" [|(,", s[i - 1])) && i + 1 < n &&
			      (isalpha((unsigned char)s[i + 1]) || s[i + 1] == '-');

		if (starts && !in_opt) {
			fputs("\\fB", f);
			in_opt = true;
		} else if (in_opt && !(isalnum((unsigned char)c) || c == '-' || c == '_')) {
			fputs("\\fR", f);
			in_opt = false;
		}
		if (c == '\\')
			fputs("\\e", f);
		else if (c == '-')
			fputs("\\-", f);
		else
			fputc(c, f);
	}
	if (in_opt)
		fputs("\\fR", f);
}

/* One source line: a leading dot or quote would be a request. */
void roff_line(FILE *f, const char *s, bool bold_opts)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	roff_put(f, s, strlen(s), bold_opts);
	fputc('\n', f);
}

static size_t indent_of(const char *s)
{
	return strspn(s, " ");
}

/* The next line of *p into buf (without its newline); false at the end. */
bool roff_next_line(const char **p, char *buf, size_t len)
{
	size_t n = strcspn(*p, "\n");

	if (!**p)
		return false;
	snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), *p);
	*p += n + ((*p)[n] == '\n');
	return true;
}

static void put_upper(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '-')
			fputs("\\-", f);
		else
			fputc(toupper((unsigned char)*s), f);
}

void roff_page_head(FILE *f, const char *name, const char *summary)
{
	fputs(".\\\" Written by ssdprof-mangen from the usage texts of ssdprof --help; do not edit.\n.TH ", f);
	put_upper(f, name);
	/* No hyphenation: an option cut at its hyphen cannot be copied. */
	fprintf(f, " 1 \"\" \"ssdprof %s\" \"ssdprof manual\"\n.nh\n.SH NAME\n", SSDPROF_VERSION);
	roff_put(f, name, strlen(name), false);
	fputs(" \\- ", f);
	roff_line(f, summary, false);
}

/* The synopsis: the usage paragraph, "usage: " taken off and its alignment kept. */
static const char *synopsis(FILE *f, const char *usage)
{
	char line[ROFF_MAX_LINE];
	const char *at = usage;

	fputs(".SH SYNOPSIS\n.nf\n", f);
	while (roff_next_line(&at, line, sizeof(line)) && line[0]) {
		const char *s = line;

		if (!strncmp(s, "usage: ", 7) || !strncmp(s, "       ", 7))
			s += 7;
		roff_line(f, s, true);
	}
	fputs(".fi\n", f);
	return at;
}

/*
 * An item's term and description: split at the first run of two spaces.
 * An option term with no description shares the next item's ("--seed N,
 * --out DIR," then "--raid LEVEL  as for sweep"): open says so, and the
 * next is .TQ.
 */
static void item(FILE *f, const char *line, bool *open)
{
	const char *s = line + indent_of(line), *gap = strstr(s, "  ");

	fputs(*open ? ".TQ\n" : ".TP\n", f);
	*open = !gap && *s == '-';
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	roff_put(f, s, gap ? (size_t)(gap - s) : strlen(s), true);
	fputc('\n', f);
	if (gap)
		roff_line(f, gap + indent_of(gap), false);
}

struct body {
	FILE *f;
	bool in_options, options_done, in_item, need_pp, any;
	bool open_term;         /* the last item's term waits for a description */
	char examples[4096];
	size_t elen;
	size_t ex_col;          /* the column of the first example's command */
	bool in_example;
};

static void example(struct body *b, const char *line, bool first)
{
	const char *s = line;

	if (first) {
		const char *colon = strchr(line, ':');

		s = colon ? colon + 1 : line;
		s += indent_of(s);
		b->ex_col = (size_t)(s - line);
	} else {
		size_t in = indent_of(line);

		s = line + (in < b->ex_col ? in : b->ex_col);
	}
	b->elen += (size_t)snprintf(b->examples + b->elen, b->elen < sizeof(b->examples) ? sizeof(b->examples) - b->elen
							      : 0, "%s\n", s);
	if (b->elen > sizeof(b->examples))
		b->elen = sizeof(b->examples);
}

static void body_line(struct body *b, const char *line)
{
	size_t in = indent_of(line);

	if (!line[0]) {
		b->in_item = b->in_example = b->open_term = false;
		b->need_pp = true;
		return;
	}
	if (!in && (!strncmp(line, "Example:", 8) || !strncmp(line, "Examples:", 9))) {
		b->in_example = true;
		b->in_item = false;
		example(b, line, true);
		return;
	}
	if (b->in_example && in) {
		example(b, line, false);
		return;
	}
	b->in_example = false;
	if (in == 2) {
		if (line[2] == '-' && !b->in_options && !b->options_done) {
			fputs(".SH OPTIONS\n", b->f);
			b->in_options = true;
		}
		item(b->f, line, &b->open_term);
		b->in_item = true;
		b->need_pp = false;
		return;
	}
	b->open_term = false;
	if (in > 2 && b->in_item) {
		roff_line(b->f, line + in, false);
		return;
	}
	/* Prose. */
	if (b->in_options) {
		fputs(".SH NOTES\n", b->f);
		b->in_options = false;
		b->options_done = true;
	} else if (!b->any) {
		fputs(".SH DESCRIPTION\n", b->f);
	} else if (b->need_pp || b->in_item) {
		fputs(".PP\n", b->f);
	}
	b->any = true;
	b->in_item = b->need_pp = false;
	roff_line(b->f, line + in, false);
}

void roff_usage(FILE *f, const char *usage, void (*more)(FILE *f, const char *usage))
{
	char line[ROFF_MAX_LINE];
	struct body b = { .f = f };
	const char *p = synopsis(f, usage);

	while (roff_next_line(&p, line, sizeof(line)))
		body_line(&b, line);
	if (more)
		more(f, usage);
	if (b.elen) {
		fputs(".SH EXAMPLES\n.nf\n", f);
		for (const char *e = b.examples; roff_next_line(&e, line, sizeof(line));)
			roff_line(f, line, false);
		fputs(".fi\n", f);
	}
}
