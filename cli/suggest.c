/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/suggest.h"

/* Longer words are not compared: no name of ours is near that long. */
#define SUGGEST_MAX 64

size_t suggest_distance(const char *a, size_t an, const char *b, size_t bn)
{
	size_t d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];

	if (an > SUGGEST_MAX || bn > SUGGEST_MAX)
		return (size_t)-1;
	for (size_t i = 0; i <= an; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= bn; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= an; i++)
		for (size_t j = 1; j <= bn; j++) {
			size_t cost = a[i - 1] != b[j - 1], best = d[i - 1][j - 1] + cost;

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[an][bn];
}

/* The nearer of best and name to word[0..n), *bestd its distance; a tie keeps the first. */
static const char *nearer(const char *best, size_t *bestd, const char *word, size_t n, const char *name)
{
	size_t d = suggest_distance(word, n, name, strlen(name)), limit = n / 3 > 1 ? n / 3 : 1;

	if (d && d <= limit && d < *bestd) {
		*bestd = d;
		return name;
	}
	return best;
}

const char *suggest_command(const char *word)
{
	size_t count, bestd = (size_t)-1;
	const struct command *cmds = command_list(&count);
	const char *best = NULL;

	for (size_t i = 0; i < count; i++)
		best = nearer(best, &bestd, word, strlen(word), cmds[i].name);
	return best;
}

const char *suggest_option(const char *cmd, const char *arg)
{
	static const char *const top[] = { "help", "version", NULL };
	const struct command *c = cmd ? command_find(cmd) : NULL;
	struct option all[CLI_MAX_LONGOPTS];
	size_t n, bestd = (size_t)-1;
	const char *best = NULL;

	if (strncmp(arg, "--", 2) || (cmd && !c))
		return NULL;
	arg += 2;
	n = strcspn(arg, "=");
	if (!c) {
		for (const char *const *t = top; *t; t++)
			best = nearer(best, &bestd, arg, n, *t);
		return best;
	}
	cli_longopts(all, CLI_MAX_LONGOPTS, c->shared, c->options);
	for (size_t i = 0; all[i].name; i++)
		best = nearer(best, &bestd, arg, n, all[i].name);
	return nearer(best, &bestd, arg, n, "help");
}
