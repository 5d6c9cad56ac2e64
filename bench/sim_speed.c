/* SPDX-License-Identifier: MIT */
/*
 * Simulator speed: simulated 4 KiB random host writes per CPU-second in
 * steady state, and memory per 4 KiB of raw flash (issue 18, item 4).
 *
 *   build/bench/sim_speed [SPEC|all] [WRITES] [model|queue|func|all] [WARMUP]
 *
 * For SPEC (every preset when omitted), three rates measured in one run:
 * the drive model alone (FTL, GC, NAND timing), the same writes through the
 * target queue at QD32 as the engine drives it (reap what is done, submit
 * that many in one batch), and a bare functional greedy FTL of the same
 * geometry with no timing (bench/func_ftl.c): the practical limit.
 *
 * The third argument runs one of the three alone (all: the three).  WARMUP
 * is the drive-writes of random writes after the sequential fill, before
 * measuring (default 3): fewer make a TiB-class drive practical to measure,
 * a little short of the steady WA (the WA is printed).  Under
 * valgrind --tool=callgrind --instr-atstart=no only the measured writes are
 * counted, so instructions per write can be read off its total, immune to
 * the load of a shared machine.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

#include "func_ftl.h"
#include "sim/drive.h"
#include "sim/sim.h"

#define QD 32u
#define AHEAD 16u   /* commands the model loop prefetches ahead */

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

/* Random units, generated AHEAD early so the consumer can prefetch them. */
struct lookahead {
	uint64_t rng, units;
	uint64_t ring[AHEAD];
	unsigned pos;
};

static void lookahead_init(struct lookahead *la, uint64_t units)
{
	la->rng = 1;
	la->units = units;
	la->pos = 0;
	for (unsigned i = 0; i < AHEAD; i++)
		la->ring[i] = next_rand(&la->rng) % units;
}

/* The next unit; *ahead gets the one AHEAD later, to prefetch. */
static uint64_t lookahead_next(struct lookahead *la, uint64_t *ahead)
{
	uint64_t u = la->ring[la->pos];

	*ahead = la->ring[la->pos] = next_rand(&la->rng) % la->units;
	la->pos = (la->pos + 1) % AHEAD;
	return u;
}

struct figures {
	double model, queue, func;     /* M writes per CPU-second, 0 when not run */
	double waf, func_waf, per_4k, func_per_4k, raw_gib;
};

/* The rate of the writes between two CPU times, counted alone under callgrind. */
static double measure_begin(void)
{
	CALLGRIND_START_INSTRUMENTATION;
	return cpu_seconds();
}

static double measure_end(double t0, uint64_t writes)
{
	double rate = (double)writes / (cpu_seconds() - t0) / 1e6;

	CALLGRIND_STOP_INSTRUMENTATION;
	return rate;
}

static int model_rate(const char *spec, uint64_t writes, double warmup, struct figures *fg)
{
	struct sim_config cfg;
	struct sim_drive *d;
	struct sim_counters c0, c1;
	struct lookahead la;
	char err[256];
	uint64_t now = 0, ahead;

	if (sim_config_parse(spec, &cfg, err, sizeof(err)) || sim_drive_new(&cfg, &d, err, sizeof(err))) {
		fprintf(stderr, "sim_speed: %s\n", err);
		return -1;
	}
	const struct sim_geometry *g = sim_drive_geometry(d);
	uint64_t units = g->user_units;

	/* Sequential fill, then random writes to steady state (3x capacity). */
	for (uint64_t u = 0; u + 32 <= units; u += 32)
		now = sim_drive_write(d, u, 32, now, 0);
	lookahead_init(&la, units);
	for (uint64_t i = 0; i < (uint64_t)(warmup * (double)units); i++) {
		uint64_t u = lookahead_next(&la, &ahead);

		sim_drive_prefetch(d, ahead);
		now = sim_drive_write(d, u, 1, now, 0);
	}
	sim_drive_counters(d, &c0);
	double t0 = measure_begin();
	for (uint64_t i = 0; i < writes; i++) {
		uint64_t u = lookahead_next(&la, &ahead);

		sim_drive_prefetch(d, ahead);
		now = sim_drive_write(d, u, 1, now, 0);
	}
	fg->model = measure_end(t0, writes);
	sim_drive_counters(d, &c1);
	fg->waf = (double)(c1.media_native_bytes + c1.media_slc_bytes - c0.media_native_bytes - c0.media_slc_bytes) /
		  (double)(c1.host_write_bytes - c0.host_write_bytes);
	fg->per_4k = (double)sim_drive_memory_bytes(d) / (double)(g->raw_bytes / 4096);
	fg->raw_gib = (double)g->raw_bytes / (1 << 30);
	sim_drive_free(d);
	return 0;
}

/* The functional FTL on the native pool of the same geometry. */
static int func_rate(const char *spec, uint64_t writes, double warmup, struct figures *fg)
{
	struct sim_config cfg;
	struct sim_geometry g;
	struct sim_drive *d;
	struct lookahead la;
	char err[256];
	uint64_t ahead;

	/* A drive made only for its geometry: the derivation is the simulator's own. */
	if (sim_config_parse(spec, &cfg, err, sizeof(err)) || sim_drive_new(&cfg, &d, err, sizeof(err))) {
		fprintf(stderr, "sim_speed: %s\n", err);
		return -1;
	}
	g = *sim_drive_geometry(d);
	sim_drive_free(d);
	uint64_t units = g.user_units;
	struct func_ftl *f = func_ftl_new(units, g.line_slots, g.lines);

	if (!f) {
		fprintf(stderr, "sim_speed: out of memory for the functional FTL\n");
		return -1;
	}
	for (uint64_t u = 0; u < units; u++)
		func_ftl_write(f, (uint32_t)u);
	lookahead_init(&la, units);
	for (uint64_t i = 0; i < (uint64_t)(warmup * (double)units); i++) {
		uint64_t u = lookahead_next(&la, &ahead);

		func_ftl_prefetch(f, (uint32_t)ahead);
		func_ftl_write(f, (uint32_t)u);
	}
	uint64_t p0 = func_ftl_programmed(f);
	double t0 = measure_begin();
	for (uint64_t i = 0; i < writes; i++) {
		uint64_t u = lookahead_next(&la, &ahead);

		func_ftl_prefetch(f, (uint32_t)ahead);
		func_ftl_write(f, (uint32_t)u);
	}
	fg->func = measure_end(t0, writes);
	fg->func_waf = (double)(func_ftl_programmed(f) - p0) / (double)writes;
	fg->func_per_4k = (double)func_ftl_memory_bytes(f) / (double)((uint64_t)g.line_slots * g.lines);
	func_ftl_free(f);
	return 0;
}

/* Fill, steady state, then the measured writes, as the engine queues them. */
static int queue_rate(const char *spec, uint64_t writes, double warmup, struct figures *fg)
{
	struct target *t;
	struct io_completion done[QD];
	struct io_req reqs[QD];
	char err[256];
	uint64_t rng = 1;
	unsigned inflight = 0;
	double t1 = 0;

	if (sim_target_open(spec, &t, err, sizeof(err))) {
		fprintf(stderr, "sim_speed: %s\n", err);
		return -1;
	}
	uint64_t units = t->info.capacity_bytes / 4096;
	uint64_t measured_from = units + (uint64_t)(warmup * (double)units);
	uint64_t total = measured_from + writes;

	for (uint64_t i = 0; i < total;) {
		unsigned n = 0;

		while (inflight + n < QD && i < total) {
			reqs[n] = (struct io_req){ .len = 4096, .dir = IO_WRITE, .cookie = n };
			reqs[n].offset = (i < units ? i : next_rand(&rng) % units) * 4096;
			n++;
			if (++i == measured_from)
				t1 = measure_begin();
		}
		if (n && t->ops->submit(t, reqs, n) != (int)n) {
			fprintf(stderr, "sim_speed: the queue refused a write\n");
			target_close(t);
			return -1;
		}
		inflight += n;
		inflight -= (unsigned)t->ops->reap(t, done, inflight, 1);
	}
	fg->queue = measure_end(t1, writes);
	target_close(t);
	return 0;
}

static void print_figures(const char *spec, const struct figures *fg)
{
	printf("sim_speed %s:", spec);
	if (fg->model > 0)
		printf(" model %.2f M writes/CPU-s (WA %.2f);", fg->model, fg->waf);
	if (fg->queue > 0)
		printf(" queue QD32 %.2f M;", fg->queue);
	if (fg->model > 0)
		printf(" %.2f bytes per 4 KiB raw (%.1f GiB raw);", fg->per_4k, fg->raw_gib);
	if (fg->func > 0)
		printf(" functional FTL %.2f M (WA %.2f, %.2f bytes);", fg->func, fg->func_waf, fg->func_per_4k);
	if (fg->model > 0 && fg->func > 0)
		printf(" model at %.0f%% of it", 100.0 * fg->model / fg->func);
	printf("\n");
}

int main(int argc, char **argv)
{
	uint64_t writes = argc > 2 ? strtoull(argv[2], NULL, 0) : 10000000;
	const char *only = argc > 3 && strcmp(argv[3], "all") ? argv[3] : NULL;
	double warmup = argc > 4 ? strtod(argv[4], NULL) : 3.0;

	if (only && strcmp(only, "model") && strcmp(only, "queue") && strcmp(only, "func")) {
		fprintf(stderr, "sim_speed: the third argument is model, queue, func or all\n");
		return 2;
	}
	if (!(warmup >= 0 && warmup <= 100)) {
		fprintf(stderr, "sim_speed: WARMUP is 0 to 100 drive-writes\n");
		return 2;
	}
	bool every = argc < 2 || !strcmp(argv[1], "all");

	for (unsigned i = 0; every ? sim_preset_names[i] != NULL : i < 1; i++) {
		const char *spec = every ? sim_preset_names[i] : argv[1];
		struct figures fg = { 0 };

		if ((!only || !strcmp(only, "model")) && model_rate(spec, writes, warmup, &fg))
			return 2;
		if ((!only || !strcmp(only, "queue")) && queue_rate(spec, writes, warmup, &fg))
			return 2;
		if ((!only || !strcmp(only, "func")) && func_rate(spec, writes, warmup, &fg))
			return 2;
		print_figures(spec, &fg);
		fflush(stdout);
	}
	return 0;
}
