/* SPDX-License-Identifier: MIT */
/*
 * ssdprof-mangen: the build's writer of the man pages and the bash
 * completion (cli/manual.h).  Each argument is a file to write, known by
 * its name: ssdprof.1, ssdprof-COMMAND.1, and ssdprof (the completion,
 * named after the command as bash-completion loads it).  Pages are written
 * all at once, and every command of the table must get its page: a command
 * added without one fails the build instead of shipping without a manual.
 *
 * usage: ssdprof-mangen FILE...
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/manual.h"
#include "config.h"

static int write_one(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = strlen(base);
	const struct command *cmd = NULL;
	FILE *f;

	if (strcmp(base, "ssdprof.1") && strcmp(base, "ssdprof")) {
		char name[64];

		if (strncmp(base, "ssdprof-", 8) || n < 11 || strcmp(base + n - 2, ".1") || n - 10 >= sizeof(name)) {
			fprintf(stderr, "ssdprof-mangen: '%s' is not ssdprof.1, ssdprof-COMMAND.1 or ssdprof\n", base);
			return -EINVAL;
		}
		snprintf(name, sizeof(name), "%.*s", (int)(n - 10), base + 8);
		if (!(cmd = command_find(name))) {
			fprintf(stderr, "ssdprof-mangen: '%s' is not a command\n", name);
			return -EINVAL;
		}
	}
	if (!(f = fopen(path, "w"))) {
		fprintf(stderr, "ssdprof-mangen: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	if (cmd)
		manual_command_page(f, cmd);
	else if (!strcmp(base, "ssdprof.1"))
		manual_main_page(f, SSDPROF_STATE_DIR);
	else
		manual_bash_completion(f);
	if (fclose(f)) {
		fprintf(stderr, "ssdprof-mangen: %s: %s\n", path, strerror(errno));
		return -EIO;
	}
	return 0;
}

/* Whether some argument is the page of command name. */
static int has_page(int argc, char **argv, const char *name)
{
	char want[80];

	snprintf(want, sizeof(want), "ssdprof-%s.1", name);
	for (int i = 1; i < argc; i++) {
		const char *base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];

		if (!strcmp(base, want))
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct command *cmds;
	size_t count;
	bool pages = false;

	for (int i = 1; i < argc; i++)
		pages |= strlen(argv[i]) > 2 && !strcmp(argv[i] + strlen(argv[i]) - 2, ".1");
	cmds = command_list(&count);
	for (size_t i = 0; pages && i < count; i++)
		if (!has_page(argc, argv, cmds[i].name)) {
			fprintf(stderr, "ssdprof-mangen: no page asked for the command '%s'; add it to man/meson.build\n",
				cmds[i].name);
			return 1;
		}
	for (int i = 1; i < argc; i++)
		if (write_one(argv[i]))
			return 1;
	return 0;
}
