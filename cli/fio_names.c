/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/fio_names.h"
#include "util/escape.h"

#define HINT_RUNTIME "a round lasts --round DUR and the rounds end at steady state or --max-rounds " \
	"(ssdprof run --time DUR runs for a set time)"

static const struct fio_name names[] = {
	{ "iodepth", "qd", NULL },
	{ "runtime", "time", HINT_RUNTIME },
	{ "rwmixread", "read-pct", "ssdprof run --rw randrw --read-pct N mixes reads and writes" },
	{ "readwrite", "rw", "ssdprof run --rw MODE chooses the access pattern" },
	{ "blocksize", "bs", NULL },
	{ "randseed", "seed", NULL },
	{ "io_size", "bytes", "ssdprof run --bytes SIZE ends each step after SIZE bytes" },
	{ "random_distribution", "random-dist", NULL },
	{ "bssplit", NULL, "use --bs-mix SIZE:WEIGHT,... (ssdprof run)" },
	{ "size", NULL, "it is the region and the amount at once in fio; use --span PCT for the region and "
		"--bytes SIZE (ssdprof run) for the amount" },
	{ "rwmixwrite", NULL, "use --read-pct with 100 minus the write percentage" },
	{ "output", NULL, "use --out: a results folder (for report and compare the HTML file); --json puts the "
		"result document on standard output" },
	{ "output-format", NULL, "use --json for the result document on standard output" },
	{ "direct", NULL, "ssdprof always bypasses the page cache (O_DIRECT); leave it out" },
	{ "ioengine", NULL, "ssdprof always submits through io_uring; leave it out" },
	{ "numjobs", NULL, "ssdprof runs one job; a deeper --qd keeps more I/Os in flight" },
	{ "time_based", NULL, "--time DUR already runs each step for a set time; leave it out" },
	{ "filename", NULL, "the target is an operand: ssdprof COMMAND TARGET (a file, a block device or "
		"sim:PRESET)" },
	{ "name", NULL, "there is no job name; --out DIR names the results folder" },
};

const struct fio_name *fio_names(size_t *count)
{
	*count = sizeof(names) / sizeof(names[0]);
	return names;
}

static const struct option *find_option(const struct option *o, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(o[i].name, name))
			return &o[i];
	return NULL;
}

size_t fio_aliases_add(struct option *longopts, size_t n, size_t max)
{
	const size_t base = n;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && n < max; i++) {
		const struct option *o;

		if (!names[i].ours || !(o = find_option(longopts, base, names[i].ours)) ||
		    find_option(longopts, n, names[i].fio))
			continue;
		longopts[n] = *o;
		longopts[n++].name = names[i].fio;
	}
	return n;
}

/* The option's value when typed with it: after '=', or the next word unless that is an option. */
static const char *given_value(char **argv, int optind_now)
{
	const char *arg = argv[optind_now - 1], *eq = strchr(arg, '=');

	if (eq)
		return eq + 1;
	if (argv[optind_now] && argv[optind_now][0] != '-')
		return argv[optind_now];
	return NULL;
}

/* fio's "4k/60:64k/40" as --bs-mix's "4k:60,64k:40"; false when it is not that simple form. */
static bool bssplit_to_mix(const char *v, char *out, size_t len)
{
	size_t n = strlen(v);

	if (!n || n >= len || !strchr(v, '/'))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (!isalnum((unsigned char)v[i]) && !strchr("./:", v[i]))
			return false;
		out[i] = v[i] == ':' ? ',' : v[i] == '/' ? ':' : v[i];
	}
	out[n] = 0;
	return true;
}

bool fio_hint(const char *cmd, char **argv, int optind_now)
{
	const char *arg = argv[optind_now - 1], *v = given_value(argv, optind_now);
	size_t len = strcspn(arg + 2, "=");
	char mix[128];

	if (strncmp(arg, "--", 2))
		return false;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct fio_name *f = &names[i];

		if (strlen(f->fio) != len || strncmp(f->fio, arg + 2, len))
			continue;
		if (!strcmp(f->fio, "bssplit") && v && bssplit_to_mix(v, mix, sizeof(mix))) {
			cli_error("%s: --bssplit is fio's; use --bs-mix %s (ssdprof run)", cmd, mix);
		} else if (!strcmp(f->fio, "rwmixwrite") && v && strspn(v, "0123456789") == strlen(v) && *v &&
			   atoi(v) <= 100) {
			cli_error("%s: --rwmixwrite is fio's; use --read-pct %d", cmd, 100 - atoi(v));
		} else if (f->hint) {
			cli_error("%s: --%s is fio's; %s", cmd, f->fio, f->hint);
		} else {
			cli_error("%s: --%s is fio's name for --%s, which %s does not take; see ssdprof %s --help", cmd,
				  f->fio, f->ours, cmd, cmd);
		}
		return true;
	}
	return false;
}

/* The option lists of a usage text: indented lines that start with an option. */
bool fio_usage_has(const char *usage, const char *name)
{
	size_t len = strlen(name);

	for (const char *line = usage; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != 0)) {
		const char *end = line + strcspn(line, "\n"), *p = line + strspn(line, " ");

		if (p == line || *p != '-')
			continue;
		for (; (p = strstr(p, "--")) && p < end; p += 2)
			if (!strncmp(p + 2, name, len) && !(isalnum((unsigned char)p[2 + len]) || p[2 + len] == '-' ||
							     p[2 + len] == '_'))
				return true;
	}
	return false;
}

void fio_names_usage(FILE *f, const char *usage)
{
	size_t col = 0;
	bool any = false;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char item[64];
		int n;

		if (!names[i].ours || !fio_usage_has(usage, names[i].ours))
			continue;
		n = snprintf(item, sizeof(item), "%s--%s (--%s)", any ? ", " : "", names[i].fio, names[i].ours);
		if (!any) {
			fputs("\nfio's names taken as ours: ", f);
			col = 27;
		}
		if (col + (size_t)n > 78) {
			fputs(",\n  ", f);
			col = 2;
			fputs(item + 2, f);
			col += (size_t)n - 2;
		} else {
			fputs(item, f);
			col += (size_t)n;
		}
		any = true;
	}
	if (any)
		fputs("\n", f);
}
