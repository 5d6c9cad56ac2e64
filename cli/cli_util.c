// SPDX-License-Identifier: MIT
/*
 * What every command calls (cli/cli_util.h): the one-line error, getopt's
 * errors, the results line and the results folder.  Apart from the command
 * table (cli/commands.c), which calls the commands, so nothing here calls
 * back into it.
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

/* Bytes the probe writes: a result of a long sweep is about this size. */
#define PROBE_BYTES (64 * 1024)

/*
 * Write and remove a file in dir the way results are written, so a folder
 * that is read-only, full or gone is found before anything touches a
 * drive, not after hours of measuring.
 */
static int probe_dir(const char *dir, char *err, size_t errlen)
{
	char name[64], why[512], q[1024], *path = NULL, *data = malloc(PROBE_BYTES);
	int ret;

	if (!data) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	memset(data, '\n', PROBE_BYTES);
	snprintf(name, sizeof(name), ".ssdprof-probe-%ld", (long)getpid());
	ret = result_write_file(dir, name, data, PROBE_BYTES, why, sizeof(why));
	free(data);
	if (ret) {
		snprintf(err, errlen, "cannot write results into '%s': %s; nothing was run", escape_arg(q, sizeof(q), dir),
			 strerror(-ret));
		return ret;
	}
	if (asprintf(&path, "%s/%s", dir, name) < 0)
		return -ENOMEM;
	unlink(path);
	free(path);
	return 0;
}

/* A fresh ./ssdprof-results/<UTC timestamp>[-N] into dir.  0 or -errno with err set. */
static int fresh_default_dir(char *dir, size_t len, char *err, size_t errlen)
{
	char stamp[32];
	int ret;

	ret = result_mkdir_p(CLI_DEFAULT_OUT_PARENT, err, errlen);
	if (ret < 0)
		return ret;
	utc_stamp(stamp, sizeof(stamp), false);
	/* Two runs in the same second get -2, -3, ... rather than sharing a directory. */
	for (int i = 1; i < 1000; i++) {
		if (i == 1)
			snprintf(dir, len, CLI_DEFAULT_OUT_PARENT "/%s", stamp);
		else
			snprintf(dir, len, CLI_DEFAULT_OUT_PARENT "/%s-%d", stamp, i);
		if (mkdir(dir, 0755) == 0)
			return 0;
		if (errno != EEXIST) {
			ret = -errno;
			snprintf(err, errlen, "cannot create a directory in '" CLI_DEFAULT_OUT_PARENT "': %s",
				 strerror(errno));
			return ret;
		}
	}
	snprintf(err, errlen, "cannot create a fresh directory under '" CLI_DEFAULT_OUT_PARENT "'; use --out DIR");
	return -EEXIST;
}

/* How much of a result.json is read for its "kind" and "command": both come first in every document. */
#define HEAD_BYTES (64 * 1024)

/*
 * The value of the JSON string member key in text (the first one), into
 * buf, undoing the escapes of quote and backslash; false when absent.
 */
static bool json_head_string(const char *text, const char *key, char *buf, size_t len)
{
	char pat[32];
	const char *p;
	size_t n = 0;

	snprintf(pat, sizeof(pat), "\"%s\"", key);
	if (!(p = strstr(text, pat)))
		return false;
	p += strlen(pat);
	p += strspn(p, " \t\r\n");
	if (*p++ != ':')
		return false;
	p += strspn(p, " \t\r\n");
	if (*p++ != '"')
		return false;
	for (; *p && *p != '"' && n + 1 < len; p++) {
		if (*p == '\\' && p[1])
			p++;
		buf[n++] = *p;
	}
	buf[n] = '\0';
	return *p == '"' || n + 1 == len;
}

/*
 * The command a saved result.json came from: the word after "ssdprof" in
 * its "command", else what its kind says ("batch": any command of several
 * drives, ""), into cmd; false when the file says neither.
 */
static bool result_command(const char *text, char *cmd, size_t len, char *kind, size_t klen)
{
	char line[512];
	const char *p;

	if (!json_head_string(text, "kind", kind, klen))
		snprintf(kind, klen, "%s", "");
	if (json_head_string(text, "command", line, sizeof(line)) && !strncmp(line, "ssdprof ", 8)) {
		p = line + 8;
		snprintf(cmd, len, "%.*s", (int)strcspn(p, " "), p);
		return true;
	}
	snprintf(cmd, len, "%s", strcmp(kind, "batch") ? kind : "");
	return kind[0] != '\0';
}

/*
 * A --out folder that holds another command's result.json is refused
 * (-EEXIST): run into a sweep's folder would replace its result and leave
 * its files beside the sweep's.  The same command may replace its own (and
 * a --resume continues it).  own is the running subcommand (NULL: no
 * check).  0 when dir holds no result.json, or one of this command.
 */
static int check_foreign_result(const char *own, const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX + 16], cmd[64], kind[32], q[1024];
	char *text = NULL;
	struct stat sb;
	ssize_t n;
	int fd, ret = 0;

	if ((size_t)snprintf(path, sizeof(path), "%s/result.json", dir) >= sizeof(path))
		return 0;
	/* Never blocks: a FIFO named result.json is no result, and is not opened for reading. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || !(text = malloc(HEAD_BYTES + 1)))
		goto out;
	n = read(fd, text, HEAD_BYTES);
	text[n > 0 ? n : 0] = '\0';
	if (!own || !result_command(text, cmd, sizeof(cmd), kind, sizeof(kind)))
		goto out;
	if (strcmp(cmd, own) && !(!cmd[0] && strcmp(own, "run"))) {
		snprintf(err, errlen, "'%s' holds a %s result of '%s%s' (result.json); give another "
			 "folder; nothing was run", escape_arg(q, sizeof(q), dir), kind[0] ? kind : "saved",
			 cmd[0] ? "ssdprof " : "several drives", cmd);
		ret = -EEXIST;
	}
out:
	free(text);
	close(fd);
	return ret;
}

int cli_make_out_dir(const char *cmd, const char *requested, char *dir, size_t len, char *err, size_t errlen)
{
	int ret;

	if (requested) {
		if ((size_t)snprintf(dir, len, "%s", requested) >= len) {
			snprintf(err, errlen, "the directory name is %zu bytes long; at most %zu fit", strlen(requested),
				 len - 1);
			return -ENAMETOOLONG;
		}
		if ((ret = check_foreign_result(cmd, dir, err, errlen)) < 0)
			return ret;
		ret = result_mkdir_p(dir, err, errlen);
	} else {
		ret = fresh_default_dir(dir, len, err, errlen);
	}
	if (ret)
		return ret;
	ret = probe_dir(dir, err, errlen);
	/* A fresh default directory that cannot hold results is not left behind. */
	if (ret && !requested)
		rmdir(dir);
	return ret;
}
