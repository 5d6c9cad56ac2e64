/* SPDX-License-Identifier: MIT */
/*
 * Simulator speed: simulated 4 KiB random host writes per CPU-second in
 * steady state, and memory per 4 KiB of raw flash.  Issue 2's targets:
 * >= 5 million writes per CPU-second on one core, <= 16 bytes per 4 KiB raw.
 *
 *   build/bench/sim_speed [SPEC] [WRITES]
 *
 * Two figures: the drive model alone (FTL, GC, NAND timing), and the same
 * writes through the target queue at QD32 as the engine drives it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "sim/drive.h"
#include "sim/sim.h"

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
	const char *spec = argc > 1 ? argv[1] : "budget-tlc";
	uint64_t writes = argc > 2 ? strtoull(argv[2], NULL, 0) : 20000000;
	struct sim_config cfg;
	struct sim_drive *d;
	struct target *t;
	struct sim_counters c0, c1;
	struct rusage ru;
	char err[256];
	uint64_t rng = 1, now = 0;

	if (sim_config_parse(spec, &cfg, err, sizeof(err)) || sim_drive_new(&cfg, &d, err, sizeof(err))) {
		fprintf(stderr, "sim_speed: %s\n", err);
		return 2;
	}
	const struct sim_geometry *g = sim_drive_geometry(d);
	uint64_t units = g->user_units;

	/* Sequential fill, then random writes to steady state (5x capacity). */
	for (uint64_t u = 0; u + 32 <= units; u += 32)
		now = sim_drive_write(d, u, 32, now, 0);
	for (uint64_t i = 0; i < 5 * units; i++)
		now = sim_drive_write(d, next_rand(&rng) % units, 1, now, 0);

	sim_drive_counters(d, &c0);
	double t0 = cpu_seconds();
	for (uint64_t i = 0; i < writes; i++)
		now = sim_drive_write(d, next_rand(&rng) % units, 1, now, 0);
	double dt = cpu_seconds() - t0;
	sim_drive_counters(d, &c1);
	double waf = (double)(c1.media_native_bytes + c1.media_slc_bytes - c0.media_native_bytes - c0.media_slc_bytes) /
		     (double)(c1.host_write_bytes - c0.host_write_bytes);
	double per_4k = (double)sim_drive_memory_bytes(d) / (double)(g->raw_bytes / 4096);
	getrusage(RUSAGE_SELF, &ru);
	printf("sim_speed %s: %.2f M writes per CPU-second (drive model, steady WA %.2f); "
	       "tables %.2f bytes per 4 KiB raw, max RSS %.0f MiB for %.1f GiB raw\n",
	       spec, (double)writes / dt / 1e6, waf, per_4k, (double)ru.ru_maxrss / 1024,
	       (double)g->raw_bytes / (1 << 30));
	sim_drive_free(d);

	/* The same through the target queue at QD32, fill and steady state first. */
	if (sim_target_open(spec, &t, err, sizeof(err))) {
		fprintf(stderr, "sim_speed: %s\n", err);
		return 2;
	}
	struct io_completion done[64];
	struct io_req req = { .len = 4096, .dir = IO_WRITE };
	unsigned inflight = 0;
	uint64_t total = 6 * units + writes, measured_from = 6 * units;
	double t1 = 0;
	for (uint64_t i = 0; i < total;) {
		while (inflight < 32 && i < total) {
			req.offset = (i < units ? i : next_rand(&rng) % units) * 4096;
			t->ops->submit(t, &req, 1);
			inflight++;
			if (++i == measured_from)
				t1 = cpu_seconds();
		}
		inflight -= (unsigned)t->ops->reap(t, done, 64, 1);
	}
	dt = cpu_seconds() - t1;
	printf("sim_speed %s: %.2f M writes per CPU-second through the target queue at QD32\n", spec,
	       (double)writes / dt / 1e6);
	target_close(t);
	return 0;
}
