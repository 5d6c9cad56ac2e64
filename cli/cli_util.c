// SPDX-License-Identifier: MIT
/*
 * What every command calls (cli/cli_util.h): the one-line error, getopt's
 * errors, the results line (the results folder is results/result_dir.c).
 * Apart from the command table (cli/commands.c), which calls the commands,
 * so nothing here calls back into it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli_util.h"
#include "cli/fio_names.h"
#include "cli/suggest.h"
#include "results/result_json.h"
#include "util/escape.h"
#include "util/exit_code.h"
#include "util/text.h"

void cli_one_line(char *out, size_t len, const char *in)
{
	size_t n = 0;

	for (; *in && n + 5 < len; in++) {
		unsigned char c = (unsigned char)*in;

		if ((c < 0x20 && c != '\t') || c == 0x7f)
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", c);
		else
			out[n++] = (char)c;
	}
	if (len)
		out[n < len ? n : len - 1] = '\0';
}

void cli_results_line(const char *dir)
{
	char shown[PATH_MAX * 4];

	cli_one_line(shown, sizeof(shown), dir);
	fprintf(stderr, "results: %s/result.json\n", shown);
}

/*
 * "ssdprof: " and msg on stderr in one write, so lines of drives profiled
 * at once (cli/batch.h) never mix: one line on a pipe or a file, where
 * scripts grep it; on a terminal wrapped at words to its width, the
 * continuations indented two.
 */
static void say_line(const char *msg)
{
	char shown[4096], line[4096 + 512];
	size_t k = 0;

	cli_one_line(shown, sizeof(shown), msg);
	snprintf(line, sizeof(line), "ssdprof: %s", shown);
	if (!isatty(STDERR_FILENO)) {
		fprintf(stderr, "%s\n", line);
		return;
	}
	text_wrap(line, text_columns(STDERR_FILENO), 0, 2, shown, sizeof(shown), &k);
	fputs(shown, stderr);
}

void cli_error(const char *fmt, ...)
{
	char line[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	say_line(line);
}

void cli_warning(const char *fmt, ...)
{
	char line[4096];
	int n = snprintf(line, sizeof(line), "warning: ");
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	say_line(line);
}

void cli_wrap_begin(struct cli_wrap *w)
{
	*w = (struct cli_wrap){ .f = open_memstream(&w->buf, &w->len) };
	/* Out of memory: straight to stdout, unwrapped. */
	if (!w->f)
		w->f = stdout;
}

void cli_wrap_end(struct cli_wrap *w)
{
	if (w->f == stdout)
		return;
	if (fclose(w->f) == 0 && w->buf)
		text_help_print(stdout, w->buf, text_columns(STDOUT_FILENO));
	free(w->buf);
	*w = (struct cli_wrap){ .f = stdout };
}

int cli_getopt_error(const char *cmd, char **argv, int optind_now, int c, int opt)
{
	const char *arg = argv[optind_now - 1];
	char ch = (char)opt;
	const char *near;
	ESCAPE_BUF(q);

	if (c == ':')
		cli_error("%s: option '%s' needs a value; see ssdprof %s --help", cmd, escape_arg(q, sizeof(q), arg),
			  cmd);
	/* getopt sets optopt to 0 for an unknown long option, else to the option's value. */
	else if (strncmp(arg, "--", 2) != 0)
		cli_error("%s: unknown option '-%s'; see ssdprof %s --help", cmd, escape_bytes(q, sizeof(q), &ch, 1), cmd);
	else if (opt)
		cli_error("%s: option '%s' takes no value; see ssdprof %s --help", cmd,
			  escape_bytes(q, sizeof(q), arg, strcspn(arg, "=")), cmd);
	else if (fio_hint(cmd, argv, optind_now))
		;   /* fio's name of something else: the hint was the line */
	else if ((near = suggest_option(cmd, arg)))
		cli_error("%s: unknown option '%s'; did you mean '--%s'?", cmd,
			  escape_arg(q, sizeof(q), arg), near);
	else
		cli_error("%s: unknown option '%s'; see ssdprof %s --help", cmd, escape_arg(q, sizeof(q), arg), cmd);
	return EXIT_USAGE;
}
