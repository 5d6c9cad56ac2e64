/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/dev_common.h"
#include "cli/interrupt.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "cli/pc_options.h"
#include "cli/progress.h"
#include "profiler/raid_rounds.h"
#include "raid/raid_target.h"
#include "device/target.h"
#include "open/open.h"

#define MAX_BS LIM_BS_MAX

static const char *const purge_methods[] = { PURGE_METHOD_NAMES, NULL };

void pc_cli_defaults(struct pc_cli *c)
{
	memset(c, 0, sizeof(*c));
	c->s.fill_passes = 1;
	c->s.bs = 4096;
	c->s.qd = 32;
	c->s.round_ns = 60ull * 1000000000;
	c->s.max_rounds = PRECONDITION_MAX_ROUNDS;
	c->s.seed = 1;
	c->raid_level = -1;
	c->chunk = 64 * 1024;
}

static int usage_error(const char *err)
{
	cli_error("%s", err);
	return EXIT_USAGE;
}

int pc_parse_chunk(const char *opt, const char *arg, uint64_t *out)
{
	char err[256];
	uint64_t v;

	if (parse_size(opt, arg, &v, err, sizeof(err)))
		return usage_error(err);
	if (v < 4096 || (v & (v - 1)) || v > (64ull << 20)) {
		cli_error("%s: '%s' is not a power of two from 4k to 64M; use e.g. 64k", opt, arg);
		return EXIT_USAGE;
	}
	*out = v;
	return 0;
}

int pc_cli_option(struct pc_cli *c, int opt, const char *arg)
{
	char err[256];
	uint64_t v;

	switch (opt) {
	case PC_OPT_BS:
		if (parse_size("--bs", arg, &v, err, sizeof(err)))
			return usage_error(err);
		if (!v || v > MAX_BS) {
			cli_error("--bs: '%s' is out of range; use one logical block (e.g. 4k) to 64M", arg);
			return EXIT_USAGE;
		}
		c->s.bs = (uint32_t)v;
		break;
	case PC_OPT_QD:
		if (parse_u64("--qd", arg, LIM_QD_MIN, LIM_QD_MAX, &v, err, sizeof(err)))
			return usage_error(err);
		c->s.qd = (unsigned)v;
		break;
	case PC_OPT_ROUND:
		if (parse_duration("--round", arg, &c->s.round_ns, err, sizeof(err)))
			return usage_error(err);
		if (c->s.round_ns < LIM_ROUND_MIN_NS) {
			cli_error("--round: '%s' is too short; use at least 1ms (SNIA uses 60s)", arg);
			return EXIT_USAGE;
		}
		if (c->s.round_ns > LIM_ROUND_MAX_NS) {
			cli_error("--round: '%s' is too long; use at most 24h (SNIA uses 60s)", arg);
			return EXIT_USAGE;
		}
		break;
	case PC_OPT_MAX_WRITES:
		/* "10x" or "10": times the usable capacity. */
		if (parse_multiple("--max-writes", arg, LIM_MAX_WRITES_MIN, LIM_MAX_WRITES_MAX, &c->s.max_writes,
				   err, sizeof(err)))
			return usage_error(err);
		break;
	case PC_OPT_MAX_ROUNDS:
		if (parse_u64("--max-rounds", arg, LIM_MAX_ROUNDS_MIN, LIM_MAX_ROUNDS_MAX, &v, err, sizeof(err)))
			return usage_error(err);
		c->s.max_rounds = (unsigned)v;
		break;
	case PC_OPT_FILL_PASSES:
		if (parse_u64("--fill-passes", arg, LIM_FILL_PASSES_MIN, LIM_FILL_PASSES_MAX, &v, err, sizeof(err)))
			return usage_error(err);
		c->s.fill_passes = (unsigned)v;
		break;
	case PC_OPT_PURGE_METHOD:
		for (const char *const *m = purge_methods; *m; m++)
			if (!strcmp(*m, arg)) {
				c->purge_method = strcmp(arg, "auto") ? arg : NULL;
				c->given++;
				return 1;
			}
		cli_error("--purge-method: '%s' is not a purge method; use auto, sanitize-block, sanitize-crypto, "
			  "sanitize-overwrite, format, format-crypto, ata-erase, ata-erase-enhanced or trim", arg);
		return EXIT_USAGE;
	case PC_OPT_SEED:
		if (parse_u64("--seed", arg, 0, UINT64_MAX, &c->s.seed, err, sizeof(err)))
			return usage_error(err);
		break;
	case PC_OPT_OUT:
		if (!*arg) {
			cli_error("--out: empty directory name");
			return EXIT_USAGE;
		}
		c->out = arg;
		return 1;
	case PC_OPT_JSON:
		c->json = true;
		return 1;
	case PC_OPT_QUIET:
		c->quiet = true;
		return 1;
	case PC_OPT_DRY_RUN:
		c->dry_run = true;
		return 1;
	case PC_OPT_YES:
		c->yes = arg;
		return 1;
	case PC_OPT_FORCE:
		c->force = true;
		return 1;
	case PC_OPT_EVENTS:
		if (!*arg) {
			cli_error("--events: empty file name; give a file, or - for standard output");
			return EXIT_USAGE;
		}
		c->events = arg;
		return 1;
	case PC_OPT_RAID:
		if (parse_u64("--raid", arg, 0, 10, &v, err, sizeof(err)) || (v != 0 && v != 1 && v != 5 && v != 6 && v != 10)) {
			cli_error("--raid: '%s' is not a RAID level; use 0, 1, 5, 6 or 10", arg);
			return EXIT_USAGE;
		}
		c->raid_level = (int)v;
		return 1;
	case PC_OPT_CHUNK:
		if (pc_parse_chunk("--chunk", arg, &c->chunk))
			return EXIT_USAGE;
		c->chunk_given = true;
		return 1;
	default:
		return 0;
	}
	c->given++;
	return 1;
}

int pc_cli_getopt(struct pc_cli *c, int argc, char **argv, const struct option *longopts, int *rc)
{
	int opt, ret;

	*rc = 0;
	if (!c->parsing) {
		opterr = 0;
		optind = 0;
		c->parsing = true;
	}
	while ((opt = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		ret = pc_cli_option(c, opt, optarg);
		if (ret == 0)
			return opt;
		if (ret != 1) {
			*rc = ret;
			return -1;
		}
	}
	if (c->json && c->events && !strcmp(c->events, "-")) {
		cli_error("--events -: standard output holds the --json document; give --events a file");
		*rc = EXIT_USAGE;
	}
	if (c->events && !strcmp(c->events, "-"))
		c->quiet = true;    /* standard output is the events' alone */
	return -1;
}

int pc_cli_check_target(struct pc_cli *c, struct target *t, const char *cmd)
{
	if (c->s.bs % t->info.lba_bytes) {
		cli_error("--bs: %u is not a multiple of %s's %u-byte logical block", c->s.bs, t->info.path,
			  t->info.lba_bytes);
		return EXIT_USAGE;
	}
	if (c->s.qd > t->ops->max_queue_depth) {
		cli_error("--qd: %u is more than %s takes (%u)", c->s.qd, t->info.path, t->ops->max_queue_depth);
		return EXIT_USAGE;
	}
	if (!target_has(t, TARGET_CAP_WRITE)) {
		cli_error("%s: %s cannot be written; it cannot be preconditioned", cmd, t->info.path);
		return EXIT_USAGE;
	}
	/* The one safety gate (DESIGN.md 7): in use, signatures, --yes SERIAL. */
	return dev_safety_gate(t, c->yes, c->force, c->dry_run, cmd);
}

int pc_cli_open_only(struct pc_cli *c, int argc, char **argv, int first, const char *cmd, struct target **t)
{
	char err[TARGET_ERRLEN];

	*t = NULL;
	if (c->raid_level < 0) {
		if (c->chunk_given) {
			cli_error("--chunk: only a RAID group has a chunk; add --raid LEVEL and the members");
			return EXIT_USAGE;
		}
		if (first != argc - 1) {
			cli_error(first >= argc ? "%s needs a TARGET; see ssdprof %s --help"
						: "%s takes one TARGET (several only with --raid); see ssdprof %s --help",
				  cmd, cmd);
			return EXIT_USAGE;
		}
		if (target_open_flags(argv[first], c->open_flags, t, err, sizeof(err))) {
			cli_error("%s", err);
			return EXIT_USAGE;
		}
		return 0;
	}
	for (int i = first; i < argc; i++)
		for (int j = first; j < i; j++)
			if (!strcmp(argv[i], argv[j])) {
				cli_error("--raid: member %s is given twice; name each drive once", argv[i]);
				return EXIT_USAGE;
			}
	if (target_open_group((enum raid_level)c->raid_level, c->chunk, (const char *const *)(argv + first),
			     (unsigned)(argc - first), c->open_flags, t, err, sizeof(err))) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

int pc_cli_open_target(struct pc_cli *c, int argc, char **argv, int first, const char *cmd, struct target **t)
{
	int rc = pc_cli_open_only(c, argc, argv, first, cmd, t);

	if (rc)
		return rc;
	rc = pc_cli_check_target(c, *t, cmd);
	if (rc) {
		target_close(*t);
		*t = NULL;
	}
	return rc;
}

int pc_cli_print_progress(const struct precondition_event *ev, void *arg)
{
	const char *prefix = arg;

	if (ev->phase == PHASE_ROUNDS_START || ev->phase == PHASE_TICK) {
		/* Nothing to say yet. */
	} else if (ev->phase == PHASE_FILL) {
		printf("%sfill: %u pass(es), %.2f GB in %.1f s, %.1f MB/s\n", prefix, ev->fill->passes,
		       (double)ev->fill->bytes / 1e9, ev->fill->seconds, ev->fill->mbps);
	} else {
		const struct round_result *r = ev->round;

		printf("%sround %2zu  iops %9.0f  MB/s %8.1f  lat_mean_us %9.1f", prefix, ev->round_index + 1,
		       r->iops, r->mbps, r->lat_mean_us);
		if (r->media_known && !isnan(r->waf))
			printf("  WA %5.2f", r->waf);
		if (ev->window)
			printf("  window range %5.1f%% slope %5.1f%%%s", ev->window->range_pct, ev->window->slope_pct,
			       ev->window->reached ? "  steady" : "");
		putchar('\n');
	}
	fflush(stdout);
	return interrupt_requested();
}

int pc_progress_event(const struct precondition_event *ev, void *arg)
{
	struct pc_progress *p = arg;

	int stop;

	if (p->members)
		raid_rounds_event(p->members, ev);
	if (p->status && ev->phase != PHASE_TICK)
		progress_pause(p->status);
	stop = p->print && ev->phase != PHASE_TICK ? pc_cli_print_progress(ev, (void *)p->prefix)
						   : interrupt_requested();
	if (p->status)
		progress_pc_event(p->status, ev);
	return stop || interrupt_requested();
}

int pc_cli_poll(void *arg)
{
	(void)arg;
	return interrupt_requested();
}
