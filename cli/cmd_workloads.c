/* SPDX-License-Identifier: MIT */
/* ssdprof workloads: the named access specifications --workload takes. */
#include <stdio.h>

#include "cli/commands.h"
#include "util/text.h"
#include "engine/access_spec.h"
#include "engine/offset_dist.h"

const char cmd_workloads_usage[] =
	"usage: ssdprof workloads\n"
	"\n"
	"List the access specifications run, precondition and sweep take with\n"
	"--workload NAME: transfer sizes with their shares of I/Os, the read share\n"
	"and the random share (the rest continue sequentially), and the source.\n"
	"Sizes below 4k need a 512-byte logical block (sim:...,lba=512).\n"
	"Example: ssdprof run sim:budget-tlc,lba=512 --workload fileserver --time 30s\n";

/* "4k:60" (a size and its weight) into buf. */
static int format_size(char *buf, size_t len, const struct wl_bs_weight *s)
{
	if (s->bs % 1024)
		return snprintf(buf, len, "%u:%u", s->bs, s->weight);
	return snprintf(buf, len, "%uk:%u", s->bs / 1024, s->weight);
}

int cmd_workloads(int argc, char **argv)
{
	size_t n;
	const struct access_spec *t = access_spec_table(&n);

	if (argc > 1) {
		cli_error("workloads: unexpected argument; it takes none");
		return EXIT_USAGE;
	}
	(void)argv;
	printf("%-12s %5s %7s  %s\n", "name", "read%", "random%", "sizes:weight");
	for (size_t i = 0; i < n; i++) {
		int col = printf("%-12s %5u %7u  ", t[i].name, t[i].read_pct, t[i].random_pct);

		for (unsigned k = 0; k < t[i].nsizes; k++) {
			char item[32];
			int len = format_size(item, sizeof(item), &t[i].sizes[k]);

			/* A long list goes on under the sizes column: every line fits 80 columns. */
			if (k && col + 1 + len + 1 > 80)
				col = printf(",\n%28s", "") - 2;
			else if (k)
				col += printf(",");
			col += printf("%s", item);
		}
		if (t[i].dist.kind != OD_UNIFORM) {
			char dist[64];

			offset_dist_format(&t[i].dist, dist, sizeof(dist));
			printf("\n%28s%s", "", dist);
		}
		char line[512];

		/* The summary and its source wrapped at words under the name: 80 columns on a pipe too. */
		snprintf(line, sizeof(line), "%s; %s", t[i].summary, t[i].source);
		printf("\n");
		text_wrap_print(stdout, line, 80, 13, 15);
	}
	return ferror(stdout) ? EXIT_RUN_FAILED : EXIT_OK;
}
