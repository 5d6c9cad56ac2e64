/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "util/escape.h"
#include "util/text.h"

/* Characters no shell treats specially: an argument of only these needs no quotes. */
static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=.,:/%@";

const char *text_num(char *buf, size_t len, int decimals, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "%s", TEXT_NOT_MEASURED);
	else
		snprintf(buf, len, "%.*f", decimals, v);
	return buf;
}

const char *text_fixed(char *buf, size_t len, int width, int decimals, double v)
{
	if (isfinite(v))
		snprintf(buf, len, "%*.*f", width, decimals, v);
	else
		snprintf(buf, len, "%*s", width, TEXT_NOT_MEASURED);
	return buf;
}

char *shell_join(const char *prog, int argc, char *const *argv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ferr;

	if (!f)
		return NULL;
	fputs(prog, f);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		fputc(' ', f);
		if (*a && strspn(a, plain) == strlen(a)) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++) {
			if (*a == '\'')
				fputs("'\\''", f);
			else
				fputc(*a, f);
		}
		fputc('\'', f);
	}
	ferr = ferror(f);
	if (fclose(f) != 0 || ferr) {
		free(buf);
		return NULL;
	}
	return buf;
}

void utc_stamp(char *buf, size_t len, bool iso)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, len, iso ? "%Y-%m-%dT%H:%M:%SZ" : "%Y%m%d-%H%M%S", &tm);
}

int text_columns(int fd)
{
	struct winsize ws;
	const char *cols;
	int w = 0;

	if (!isatty(fd))
		return 80;
	if (!ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_col)
		w = ws.ws_col;
	else if ((cols = getenv("COLUMNS")))
		w = atoi(cols);
	return w > 80 && w < 1000 ? w : 80;
}

/* Columns of the first n bytes of s: UTF-8 continuation bytes take none. */
static size_t columns(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/* Bytes of s (up to its end or a newline) that fit in width columns, cut at a space where one is. */
static size_t line_cut(const char *s, size_t width, size_t *next)
{
	size_t n = strcspn(s, "\n"), cut = n, fit = 0, cols = 0;

	if (columns(s, n) > width) {
		while (fit < n && cols + (((unsigned char)s[fit] & 0xc0) != 0x80) <= width) {
			cols += ((unsigned char)s[fit] & 0xc0) != 0x80;
			fit++;
		}
		while (fit < n && ((unsigned char)s[fit] & 0xc0) == 0x80)
			fit--;
		cut = fit;
		while (cut > 0 && s[cut] != ' ')
			cut--;
		if (!cut)
			cut = fit;
	}
	*next = cut;
	while (s[*next] == ' ')
		(*next)++;
	if (s[*next] == '\n' && *next == n)
		(*next)++;
	while (cut > 0 && s[cut - 1] == ' ')
		cut--;
	return cut;
}

void text_wrap(const char *text, int width, int first, int rest, char *buf, size_t len, size_t *k)
{
	for (int indent = first; *text && *k < len; indent = rest) {
		size_t w = width > indent + 10 ? (size_t)(width - indent) : 10, next, cut = line_cut(text, w, &next);
		int n = snprintf(buf + *k, len - *k, "%*s%.*s\n", cut ? indent : 0, "", (int)cut, text);

		*k = n < 0 || (size_t)n >= len - *k ? len : *k + (size_t)n;
		text += next;
	}
	if (*k >= len && len)
		*k = len - 1;
}

void text_wrap_print(FILE *f, const char *text, int width, int first, int rest)
{
	for (int indent = first; *text; indent = rest) {
		size_t w = width > indent + 10 ? (size_t)(width - indent) : 10, next, cut = line_cut(text, w, &next);

		fprintf(f, "%*s", cut ? indent : 0, "");
		/* Text a document held: its control bytes shown as \xNN, never sent. */
		for (size_t i = 0; i < cut;) {
			size_t c = escape_ctl_at(text + i);

			if (!c) {
				fputc(text[i++], f);
				continue;
			}
			for (size_t j = 0; j < c; j++)
				fprintf(f, "\\x%02x", (unsigned char)text[i + j]);
			i += c;
		}
		fputc('\n', f);
		text += next;
	}
}

/* Where the text of a list item's line ("- text", "4. text") starts, past its marker; 0 for another line. */
static size_t item_text(const char *line, size_t n)
{
	size_t lead = strspn(line, " "), end = lead + strspn(line + lead, "0123456789");

	if (end + 1 < n && ((end > lead && line[end] == '.') || (end == lead && line[end] == '-')) &&
	    line[end + 1] == ' ')
		return end + 2;
	return 0;
}

/* Where a help line's continuation hangs (text_help_print). */
static int help_hang(const char *line, size_t n)
{
	size_t lead = strspn(line, " "), i = lead, word;

	/* A list item: under its text. */
	if (item_text(line, n))
		return (int)item_text(line, n);
	/* The description column of an indented line: its first two spaces, with text after them. */
	for (; lead && i + 2 < n && i < 45; i++)
		if (line[i] == ' ' && line[i + 1] == ' ' && line[i - 1] != ' ') {
			i += strspn(line + i, " ");
			if (i < n && i < 48)
				return (int)i;
			break;
		}
	word = lead + strcspn(line + lead, " ");
	if (word > lead && word < n && line[word - 1] == ':')
		lead = word + strspn(line + word, " ");
	else if (strncmp(line + lead, "ssdprof ", 8))
		return (int)lead + 2;
	/* A command line (a synopsis, an example): under its first argument, after "ssdprof COMMAND ". */
	if (!strncmp(line + lead, "ssdprof ", 8)) {
		word = lead + 8 + strcspn(line + lead + 8, " ");
		if (word < n && word < 40)
			return (int)word + 1;
	}
	return (int)lead;
}

void text_help_print(FILE *f, const char *text, int width)
{
	char para[2048];

	while (*text) {
		size_t n = strcspn(text, "\n"), lead = strspn(text, " "), k;
		int hang;

		if (columns(text, n) <= (size_t)width || n >= sizeof(para) / 2 || lead >= n) {
			fprintf(f, "%.*s\n", (int)n, text);
			text += n + (text[n] == '\n');
			continue;
		}
		/* The lines that go on at the hang are the same sentence: reflowed with it. */
		hang = help_hang(text, n);
		k = (size_t)snprintf(para, sizeof(para), "%.*s", (int)(n - lead), text + lead);
		text += n + (text[n] == '\n');
		while (*text && strspn(text, " ") == (size_t)hang && text[hang] != '\n' && text[hang] != '-' &&
		       !item_text(text, strcspn(text, "\n")) &&
		       (n = strcspn(text, "\n")) - (size_t)hang + k + 1 < sizeof(para)) {
			k += (size_t)snprintf(para + k, sizeof(para) - k, " %.*s", (int)(n - (size_t)hang), text + hang);
			text += n + (text[n] == '\n');
		}
		text_wrap_print(f, para, width, (int)lead, hang);
	}
}

static bool has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return true;
	return false;
}

char *text_shown_name(const char *name, bool quote)
{
	char *argv[] = { (char *)name }, *q, *buf;
	size_t len = strlen(name) * 4 + 4;

	if (has_control(name)) {
		if ((buf = malloc(len)))
			escape_arg(buf, len, name);
		return buf;
	}
	if (!quote)
		return strdup(name);
	q = shell_join("", 1, argv);
	buf = q ? strdup(q + 1) : NULL;
	free(q);
	return buf;
}
