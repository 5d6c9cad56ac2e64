/* SPDX-License-Identifier: MIT */
/* ssdprof workloads: the named access specifications --workload takes. */
#include <stdio.h>

#include "cli/commands.h"
#include "engine/access_spec.h"

const char cmd_workloads_usage[] =
	"usage: ssdprof workloads\n"
	"\n"
	"List the access specifications run, precondition and sweep take with\n"
	"--workload NAME: transfer sizes with their shares of I/Os, the read share\n"
	"and the random share (the rest continue sequentially), and the source.\n"
	"Sizes below 4k need a 512-byte logical block (sim:...,lba=512).\n"
	"Example: ssdprof run sim:budget-tlc,lba=512 --workload fileserver --time 30s\n";

static void print_size(unsigned bs)
{
	if (bs % 1024)
		printf("%u", bs);
	else
		printf("%uk", bs / 1024);
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
		printf("%-12s %5u %7u  ", t[i].name, t[i].read_pct, t[i].random_pct);
		for (unsigned k = 0; k < t[i].nsizes; k++) {
			printf("%s", k ? "," : "");
			print_size(t[i].sizes[k].bs);
			printf(":%u", t[i].sizes[k].weight);
		}
		printf("\n%-12s %s; %s\n", "", t[i].summary, t[i].source);
	}
	return ferror(stdout) ? EXIT_RUN_FAILED : EXIT_OK;
}
