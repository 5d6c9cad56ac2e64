/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/fio_names.h"
#include "cli/metrics.h"
#include "cli/options.h"
#include "device/target.h"
#include "util/escape.h"
#include "cli/workload_opts.h"
#include "util/parse.h"
#include "util/settings_limits.h"
#include "util/text.h"

#define MAX_BS LIM_BS_MAX

/* Indexed by id - CLI_OPT_BS. */
static const struct option shared[] = {
	{ "bs", required_argument, NULL, CLI_OPT_BS },
	{ "qd", required_argument, NULL, CLI_OPT_QD },
	{ "seed", required_argument, NULL, CLI_OPT_SEED },
	{ "round", required_argument, NULL, CLI_OPT_ROUND },
	{ "max-writes", required_argument, NULL, CLI_OPT_MAX_WRITES },
	{ "max-rounds", required_argument, NULL, CLI_OPT_MAX_ROUNDS },
	{ "min-writes", required_argument, NULL, CLI_OPT_MIN_WRITES },
	{ "fill-passes", required_argument, NULL, CLI_OPT_FILL_PASSES },
	{ "purge-method", required_argument, NULL, CLI_OPT_PURGE_METHOD },
	{ "out", required_argument, NULL, CLI_OPT_OUT },
	{ "json", no_argument, NULL, CLI_OPT_JSON },
	{ "quiet", no_argument, NULL, CLI_OPT_QUIET },
	{ "dry-run", no_argument, NULL, CLI_OPT_DRY_RUN },
	{ "yes", required_argument, NULL, CLI_OPT_YES },
	{ "force", no_argument, NULL, CLI_OPT_FORCE },
	{ "raid", required_argument, NULL, CLI_OPT_RAID },
	{ "chunk", required_argument, NULL, CLI_OPT_CHUNK },
	{ "workload", required_argument, NULL, CLI_OPT_WORKLOAD },
	{ "random-dist", required_argument, NULL, CLI_OPT_RANDOM_DIST },
	{ "events", required_argument, NULL, CLI_OPT_EVENTS },
	{ "metrics", required_argument, NULL, CLI_OPT_METRICS },
};
_Static_assert(sizeof(shared) / sizeof(shared[0]) == CLI_OPT_END - CLI_OPT_BS, "one entry per shared option");

static const char *const purge_methods[] = { PURGE_METHOD_NAMES, NULL };

static int usage_error(const char *err)
{
	cli_error("%s", err);
	return EXIT_USAGE;
}

int cli_parse_chunk(const char *opt, const char *arg, uint64_t *out)
{
	char err[256];
	uint64_t v;

	if (parse_size(opt, arg, &v, err, sizeof(err)))
		return usage_error(err);
	if (v < 4096 || (v & (v - 1)) || v > (64ull << 20)) {
		ESCAPE_BUF(q);

		cli_error("%s: '%s' is not a power of two from 4k to 64M; use e.g. 64k", opt,
			  escape_arg(q, sizeof(q), arg));
		return EXIT_USAGE;
	}
	*out = v;
	return 0;
}

int cli_check_samples(uint64_t time_ns, uint64_t interval_ns, uint64_t steps)
{
	uint64_t per_step;

	if (!time_ns || !interval_ns || !steps)
		return 0;
	per_step = (time_ns + interval_ns - 1) / interval_ns;
	if (per_step <= LIM_RUN_SAMPLES_MAX / steps)
		return 0;
	cli_error("--interval: %llu samples per step over %llu step(s) is more than %llu; use a longer --interval or a "
		  "shorter --time", (unsigned long long)per_step, (unsigned long long)steps,
		  (unsigned long long)LIM_RUN_SAMPLES_MAX);
	return EXIT_USAGE;
}

int cli_parse_purge_method(const char *opt, const char *arg, const char **method)
{
	ESCAPE_BUF(q);

	for (const char *const *m = purge_methods; *m; m++)
		if (!strcmp(*m, arg)) {
			*method = strcmp(arg, "auto") ? arg : NULL;
			return 0;
		}
	cli_error("%s: '%s' is not a purge method; use auto, sanitize-block, sanitize-crypto, "
		  "sanitize-overwrite, format, format-crypto, ata-erase, ata-erase-enhanced or trim", opt,
		  escape_arg(q, sizeof(q), arg));
	return EXIT_USAGE;
}

static bool own_has(const struct option *own, const char *name)
{
	for (; own && own->name; own++)
		if (!strcmp(own->name, name))
			return true;
	return false;
}

size_t cli_longopts(struct option *out, size_t max, unsigned mask, const struct option *own)
{
	size_t n = 0;

	for (const struct option *o = own; o && o->name; o++)
		if (n < max - 1)
			out[n++] = *o;
	for (size_t i = 0; i < sizeof(shared) / sizeof(shared[0]); i++)
		if ((mask & CLI_O(shared[i].val)) && !own_has(own, shared[i].name) && n < max - 1)
			out[n++] = shared[i];
	/* fio's names for the options the command has: --iodepth is --qd. */
	n = fio_aliases_add(out, n, max - 1);
	memset(&out[n], 0, sizeof(out[n]));
	return n;
}

int cli_opts_init(struct cli_opts *c, int argc, char **argv, unsigned mask, const struct option *own)
{
	const struct command *cmd;

	memset(c, 0, sizeof(*c));
	c->cmd = argv[0];
	c->argc = argc;
	c->argv = argv;
	c->s.fill_passes = 2;   /* SNIA PTS: twice the capacity; docs/methods.md "precondition" says why */
	c->s.bs = 4096;
	c->s.qd = 32;
	c->s.round_ns = 60ull * 1000000000;
	c->s.max_rounds = PRECONDITION_MAX_ROUNDS;
	c->s.min_writes = PRECONDITION_MIN_WRITES;
	c->s.seed = 1;
	c->raid_level = -1;
	c->chunk = 64 * 1024;
	c->shape.rw = WL_RANDWRITE;
	/* The table decides (DESIGN.md 7): a command that is not destructive opens its targets read-only. */
	c->open_flags = command_flags(argv[0]) & CMD_DESTRUCTIVE ? TARGET_OPEN_WRITE : TARGET_OPEN_READONLY;
	/* The table is the one list of what a command takes (completion, did-you-mean): the handler agrees. */
	cmd = command_find(argv[0]);
	if (cmd && (cmd->options != own || cmd->shared != mask)) {
		cli_error("%s: its options are not those of the command table (cli/commands.c); a build error", argv[0]);
		return EXIT_RUN_FAILED;
	}
	cli_longopts(c->longopts, CLI_MAX_LONGOPTS, mask, own);
	/* Before getopt permutes argv: the line as the user typed it. */
	c->command = shell_join("ssdprof", argc, argv);
	if (!c->command) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	opterr = 0;
	optind = 0;   /* GNU: a full reset, whatever parsed argv before */
	return 0;
}

void cli_opts_release(struct cli_opts *c)
{
	free(c->command);
	c->command = NULL;
	metrics_close(c->metrics);
	c->metrics = NULL;
}

/* The round settings: each counts as given (sweep --resume takes none). */
static int round_option(struct cli_opts *c, int opt, const char *arg)
{
	char err[256];
	ESCAPE_BUF(q);
	uint64_t v;

	escape_arg(q, sizeof(q), arg);
	switch (opt) {
	case CLI_OPT_BS:
		if (strchr(arg, ',') && !c->bs_list_ok) {
			cli_error("--bs: '%s' is a list; %s takes one size (a list is for run)", q, c->cmd);
			return EXIT_USAGE;
		}
		if (!strchr(arg, ',')) {
			if (parse_size("--bs", arg, &c->bss[0], err, sizeof(err)))
				return usage_error(err);
			c->nbs = 1;
		} else if (parse_size_list("--bs", arg, c->bss, CLI_MAX_BS_LIST, &c->nbs, err, sizeof(err))) {
			return usage_error(err);
		}
		for (size_t i = 0; i < c->nbs; i++) {
			if (!c->bss[i] || c->bss[i] > MAX_BS) {
				cli_error("--bs: '%s' is out of range; use one logical block (e.g. 4k) to 64M", q);
				return EXIT_USAGE;
			}
		}
		c->s.bs = (uint32_t)c->bss[0];
		break;
	case CLI_OPT_QD:
		if (parse_u64("--qd", arg, LIM_QD_MIN, LIM_QD_MAX, &v, err, sizeof(err)))
			return usage_error(err);
		c->s.qd = (unsigned)v;
		break;
	case CLI_OPT_SEED:
		if (parse_u64("--seed", arg, 0, UINT64_MAX, &c->s.seed, err, sizeof(err)))
			return usage_error(err);
		break;
	case CLI_OPT_ROUND:
		if (parse_duration("--round", arg, &c->s.round_ns, err, sizeof(err)))
			return usage_error(err);
		if (c->s.round_ns < LIM_ROUND_MIN_NS) {
			cli_error("--round: '%s' is too short; use at least 1ms (SNIA uses 60s)", q);
			return EXIT_USAGE;
		}
		if (c->s.round_ns > LIM_ROUND_MAX_NS) {
			cli_error("--round: '%s' is too long; use at most 24h (SNIA uses 60s)", q);
			return EXIT_USAGE;
		}
		break;
	case CLI_OPT_MAX_WRITES:
		/* "10x" or "10": times the usable capacity. */
		if (parse_multiple("--max-writes", arg, LIM_MAX_WRITES_MIN, LIM_MAX_WRITES_MAX, &c->s.max_writes,
				   err, sizeof(err)))
			return usage_error(err);
		break;
	case CLI_OPT_MAX_ROUNDS:
		if (parse_u64("--max-rounds", arg, LIM_MAX_ROUNDS_MIN, LIM_MAX_ROUNDS_MAX, &v, err, sizeof(err)))
			return usage_error(err);
		c->s.max_rounds = (unsigned)v;
		break;
	case CLI_OPT_MIN_WRITES:
		/* "1x" or "1": times the usable capacity; 0, the SNIA window alone. */
		if (parse_multiple("--min-writes", arg, LIM_MIN_WRITES_MIN, LIM_MIN_WRITES_MAX, &c->s.min_writes,
				   err, sizeof(err)))
			return usage_error(err);
		break;
	case CLI_OPT_FILL_PASSES:
		if (parse_u64("--fill-passes", arg, LIM_FILL_PASSES_MIN, LIM_FILL_PASSES_MAX, &v, err, sizeof(err)))
			return usage_error(err);
		c->s.fill_passes = (unsigned)v;
		break;
	case CLI_OPT_PURGE_METHOD:
		if (cli_parse_purge_method("--purge-method", arg, &c->purge_method))
			return EXIT_USAGE;
		break;
	case CLI_OPT_WORKLOAD:
		if (cli_workload_name(arg, &c->shape))
			return EXIT_USAGE;
		c->have_shape = true;
		break;
	case CLI_OPT_RANDOM_DIST:
		if (cli_random_dist(arg, &c->shape))
			return EXIT_USAGE;
		c->have_shape = true;
		break;
	}
	c->given++;
	return 0;
}

/* One shared option: 0, or EXIT_USAGE after printing why. */
static int shared_option(struct cli_opts *c, int opt, const char *arg)
{
	uint64_t v;
	char err[256];
	ESCAPE_BUF(q);

	c->seen |= CLI_O(opt);
	switch (opt) {
	case CLI_OPT_OUT:
		if (!*arg) {
			cli_error("--out: empty directory name");
			return EXIT_USAGE;
		}
		/* Longer, and the files in it would be cut short (or land elsewhere). */
		if (strlen(arg) > CLI_MAX_OUT_LEN) {
			cli_error("--out: the directory name is %zu bytes long; at most %d fit", strlen(arg),
				  CLI_MAX_OUT_LEN);
			return EXIT_USAGE;
		}
		c->out = arg;
		return 0;
	case CLI_OPT_JSON:
		c->json = true;
		return 0;
	case CLI_OPT_QUIET:
		c->quiet = true;
		return 0;
	case CLI_OPT_DRY_RUN:
		c->dry_run = true;
		return 0;
	case CLI_OPT_YES:
		if (!*arg) {
			cli_error("--yes: empty; give the drive's serial or kernel name");
			return EXIT_USAGE;
		}
		c->yes = arg;
		return 0;
	case CLI_OPT_FORCE:
		c->force = true;
		return 0;
	case CLI_OPT_EVENTS:
		if (!*arg) {
			cli_error("--events: empty file name; give a file, or - for standard output");
			return EXIT_USAGE;
		}
		c->events = arg;
		return 0;
	case CLI_OPT_METRICS:
		return metrics_open(arg, &c->metrics);
	case CLI_OPT_RAID:
		if (parse_u64("--raid", arg, 0, 10, &v, err, sizeof(err)) || (v != 0 && v != 1 && v != 5 && v != 6 && v != 10)) {
			cli_error("--raid: '%s' is not a RAID level; use 0, 1, 5, 6 or 10", escape_arg(q, sizeof(q), arg));
			return EXIT_USAGE;
		}
		c->raid_level = (int)v;
		return 0;
	case CLI_OPT_CHUNK:
		if (cli_parse_chunk("--chunk", arg, &c->chunk))
			return EXIT_USAGE;
		c->chunk_given = true;
		return 0;
	default:
		return round_option(c, opt, arg);
	}
}

/* The options that gather a list when repeated; every other option that takes a value is given once. */
static const char *const repeatable[] = { "op-member", "require", NULL };

/* Whether longopts[idx] may be given again.  0, or EXIT_USAGE after printing why. */
static int check_repeat(struct cli_opts *c, int idx)
{
	const struct option *o;
	int typed;

	if (idx < 0 || idx >= CLI_MAX_LONGOPTS)
		return 0;
	/* An alias (appended after its option) counts as its option: --qd 4 --iodepth 8 is twice. */
	typed = idx;
	for (int i = 0; i < idx; i++)
		if (c->longopts[i].val == c->longopts[idx].val && !c->longopts[i].flag) {
			idx = i;
			break;
		}
	o = &c->longopts[idx];
	/* A flag given twice says the same thing twice. */
	if (o->has_arg == no_argument)
		return 0;
	for (const char *const *r = repeatable; *r; r++)
		if (!strcmp(*r, o->name))
			return 0;
	if (c->valued & (1ull << idx)) {
		if (typed != idx)
			cli_error("%s: --%s (fio's name for --%s) is given twice; give it once", c->cmd,
				  c->longopts[typed].name, o->name);
		else
			cli_error("%s: --%s is given twice; give it once", c->cmd, o->name);
		return EXIT_USAGE;
	}
	c->valued |= 1ull << idx;
	return 0;
}

/* What the shared options say together, once all are read. */
static int check_shared(const struct cli_opts *c)
{
	/* In use or holding a filesystem is overridden only for the drive named (DESIGN.md 7). */
	if (c->force && !c->yes) {
		cli_error("--force needs --yes SERIAL as well");
		return EXIT_USAGE;
	}
	/* getopt has put the TARGETs last: argv[optind..argc). */
	return batch_check_yes(c->yes, optind < c->argc ? (unsigned)(c->argc - optind) : 0);
}

int cli_opts_next(struct cli_opts *c, int *opt)
{
	int o, rc, idx;

	for (;;) {
		idx = -1;
		if ((o = getopt_long(c->argc, c->argv, ":", c->longopts, &idx)) == -1)
			break;
		if (o == '?' || o == ':')
			return cli_getopt_error(c->cmd, c->argv, optind, o, optopt);
		if ((rc = check_repeat(c, idx)))
			return rc;
		if (o < CLI_OPT_BS || o >= CLI_OPT_END) {
			*opt = o;
			return 0;
		}
		if ((rc = shared_option(c, o, optarg)))
			return rc;
	}
	*opt = -1;
	if (c->json && c->events && !strcmp(c->events, "-")) {
		cli_error("--events -: standard output holds the --json document; give --events a file");
		return EXIT_USAGE;
	}
	if (c->events && !strcmp(c->events, "-"))
		c->quiet = true;    /* standard output is the events' alone */
	return check_shared(c);
}
