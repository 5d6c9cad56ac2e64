/* SPDX-License-Identifier: MIT */
/*
 * ssdprof run's command line into struct run_opts (cli/run.h): its own
 * options, what they say together, and the operands.  Everything here is
 * checked before anything is opened; cmd_run.c checks the rest against the
 * opened target.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/pc_options.h"
#include "cli/run.h"
#include "cli/workload_opts.h"
#include "device/target.h"
#include "engine/access_spec.h"
#include "engine/workload.h"
#include "util/escape.h"
#include "util/parse.h"

#define MIN_INTERVAL_NS 1000000ull
/* Far above any real queue; the target's own limit is checked after opening it. */
#define MAX_QD 65536

enum {
	OPT_RW = CLI_OPT_END, OPT_QD, OPT_TIME, OPT_BYTES, OPT_SPAN, OPT_INTERVAL, OPT_READ_PCT, OPT_BS_MIX,
	OPT_VERIFY, OPT_CHUNK, OPT_FILL, OPT_NO_FILL, OPT_PRECOND, OPT_NO_PRECOND,
};

/* --chunk LIST: every entry by cli_parse_chunk's rule.  EXIT_OK, or EXIT_USAGE after printing why. */
static int parse_chunks(const char *arg, struct run_opts *o)
{
	char item[64];
	ESCAPE_BUF(q);

	o->nchunk = 0;
	for (const char *p = arg;; p++) {
		size_t n = strcspn(p, ",");

		if (o->nchunk == MAX_CHUNKS) {
			cli_error("--chunk: '%s' has more than %d sizes", escape_arg(q, sizeof(q), arg), MAX_CHUNKS);
			return EXIT_USAGE;
		}
		/* Longer is no size; cut short, it would parse as a different one. */
		if (n >= sizeof(item)) {
			cli_error("--chunk: '%s' is not a size; use e.g. 64k", escape_bytes(q, sizeof(q), p, n));
			return EXIT_USAGE;
		}
		snprintf(item, sizeof(item), "%.*s", (int)n, p);
		if (cli_parse_chunk("--chunk", item, &o->chunks[o->nchunk++]))
			return EXIT_USAGE;
		p += n;
		if (!*p)
			return EXIT_OK;
	}
}

/* One of run's own options.  EXIT_OK, or EXIT_USAGE after printing why. */
static int run_option(struct run_opts *o, int c, const char *arg, bool *have_time, bool *have_bytes)
{
	char err[TARGET_ERRLEN];
	ESCAPE_BUF(q);
	uint64_t v;

	escape_arg(q, sizeof(q), arg);
	switch (c) {
	case OPT_RW:
		if (workload_rw_parse(arg, &o->w.rw) < 0) {
			cli_error("--rw: '%s' is not an access pattern; use randwrite, "
				  "randread, write, read or randrw", q);
			return EXIT_USAGE;
		}
		o->have_rw = true;
		break;
	case OPT_READ_PCT:
		if (parse_u64("--read-pct", arg, 0, 100, &v, err, sizeof(err)) < 0)
			goto parse_error;
		o->w.read_pct = (unsigned)v;
		o->have_read_pct = true;
		break;
	case OPT_BS_MIX:
		if (workload_bs_mix_parse("--bs-mix", arg, &o->w, err, sizeof(err)) < 0)
			goto parse_error;
		o->have_bs_mix = true;
		for (unsigned i = 0; i < o->w.nbs_mix; i++) {
			if (o->w.bs_mix[i].bs > MAX_BS) {
				cli_error("--bs-mix: %u bytes is out of range; use up to 64M", o->w.bs_mix[i].bs);
				return EXIT_USAGE;
			}
		}
		break;
	case OPT_QD:
		if (parse_u64_list("--qd", arg, 1, MAX_QD, o->qds, MAX_QD_STEPS, &o->nqd, err, sizeof(err)) < 0)
			goto parse_error;
		o->w.qd = (unsigned)o->qds[0];
		break;
	case OPT_TIME:
		if (parse_duration("--time", arg, &v, err, sizeof(err)) < 0)
			goto parse_error;
		if (v == 0) {
			cli_error("--time: '%s' is too short; use e.g. 60s", q);
			return EXIT_USAGE;
		}
		o->w.time_ns = v;
		*have_time = true;
		break;
	case OPT_BYTES:
		if (parse_size("--bytes", arg, &v, err, sizeof(err)) < 0)
			goto parse_error;
		if (v == 0) {
			cli_error("--bytes: '%s' is too small; use e.g. 1G", q);
			return EXIT_USAGE;
		}
		o->w.bytes = v;
		*have_bytes = true;
		break;
	case OPT_SPAN:
		if (parse_percent("--span", arg, 0, 100, &o->span_pct, err, sizeof(err)) < 0)
			goto parse_error;
		if (!(o->span_pct > 0)) {
			cli_error("--span: '%s' is out of range; use more than 0%% up to 100%%", q);
			return EXIT_USAGE;
		}
		break;
	case OPT_INTERVAL:
		if (parse_duration("--interval", arg, &v, err, sizeof(err)) < 0)
			goto parse_error;
		if (v < MIN_INTERVAL_NS) {
			cli_error("--interval: '%s' is too short; use at least 1ms", q);
			return EXIT_USAGE;
		}
		o->w.interval_ns = v;
		break;
	case OPT_VERIFY:
		o->w.verify = true;
		break;
	case OPT_CHUNK:
		return parse_chunks(arg, o);
	case OPT_FILL:
	case OPT_NO_FILL:
		if (o->fill >= 0 && o->fill != (c == OPT_FILL)) {
			cli_error("--fill and --no-fill cannot be combined; give one");
			return EXIT_USAGE;
		}
		o->fill = c == OPT_FILL;
		break;
	case OPT_PRECOND:
	case OPT_NO_PRECOND:
		if (o->precond >= 0 && o->precond != (c == OPT_PRECOND)) {
			cli_error("--precondition and --no-precondition cannot be combined; give one");
			return EXIT_USAGE;
		}
		o->precond = c == OPT_PRECOND;
		break;
	}
	return EXIT_OK;

parse_error:
	cli_error("%s", err);
	return EXIT_USAGE;
}

/* What the options say together, and the operands.  EXIT_OK, or EXIT_USAGE after printing why. */
static int check_args(struct run_opts *o, bool have_time, bool have_bytes)
{
	static const char *const conflicts[] = {
		"--time and --bytes cannot be combined; give one limit",
		"--bs and --bs-mix cannot be combined; give one",
		"--read-pct applies to --rw randrw only",
		"--verify checks reads; use it with --rw read, randread or randrw",
		"--chunk is the chunk of a RAID group; add --raid LEVEL and the members",
		/* Members write from scratch buffers or keep no data at all: nothing to compare. */
		"--verify needs a target that stores data; a RAID group does not keep its data",
		"--precondition fills the span first; drop --no-fill",
	};
	bool bad[] = {
		have_time && have_bytes,
		cli_opts_seen(&o->pc, CLI_OPT_BS) && o->w.nbs_mix && o->pc.nbs < 2,
		o->have_read_pct && o->w.rw != WL_RANDRW,
		o->w.verify && !workload_rw_reads(o->w.rw),
		o->nchunk && o->pc.raid_level < 0,
		o->pc.raid_level >= 0 && o->w.verify,
		o->precond > 0 && o->fill == 0,
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (bad[i]) {
			cli_error("%s", conflicts[i]);
			return EXIT_USAGE;
		}
	if (have_bytes)
		o->w.time_ns = 0;
	if (o->pc.raid_level >= 0 && !o->nchunk)
		o->chunks[o->nchunk++] = o->pc.chunk;
	if (optind >= o->argc) {
		cli_error("run: missing TARGET; try ssdprof run sim:budget-tlc");
		return EXIT_USAGE;
	}
	if (o->pc.raid_level < 0 && o->argc - optind > 1) {
		ESCAPE_BUF(q);

		cli_error("run: unexpected argument '%s'; run takes one TARGET", escape_arg(q, sizeof(q), o->argv[optind + 1]));
		return EXIT_USAGE;
	}
	o->target = o->argv[optind];
	o->first = optind;
	/* A sample per --interval of every step is kept and saved: 1ms over 24h was 86 million, no result. */
	return cli_check_samples(o->w.time_ns, o->w.interval_ns, (uint64_t)o->nqd * (o->nchunk ? o->nchunk : 1));
}

/* --workload replaces the pattern and sizes; --random-dist shapes random offsets.  EXIT_OK or EXIT_USAGE. */
static int apply_shape(struct run_opts *o)
{
	if (cli_opts_seen(&o->pc, CLI_OPT_WORKLOAD)) {
		if (o->have_rw || o->have_bs_mix || o->have_read_pct ||
		    (cli_opts_seen(&o->pc, CLI_OPT_BS) && o->pc.nbs < 2)) {
			cli_error("--workload sets the pattern, sizes and read share; drop --rw, --bs, "
				  "--bs-mix and --read-pct");
			return EXIT_USAGE;
		}
		workload_copy_shape(&o->w, &o->pc.shape);
		if (o->pc.nbs > 1)
			o->w.bs = (uint32_t)o->pc.bss[0];
	} else if (cli_opts_seen(&o->pc, CLI_OPT_RANDOM_DIST)) {
		if (!workload_rw_random(o->w.rw)) {
			cli_error("--random-dist shapes random offsets; use it with randwrite, randread, "
				  "randrw or a --workload");
			return EXIT_USAGE;
		}
		o->w.dist = o->pc.shape.dist;
	}
	return EXIT_OK;
}

const struct option cmd_run_options[] = {
	{ "rw", required_argument, NULL, OPT_RW },
	{ "read-pct", required_argument, NULL, OPT_READ_PCT },
	{ "bs-mix", required_argument, NULL, OPT_BS_MIX },
	{ "qd", required_argument, NULL, OPT_QD },
	{ "time", required_argument, NULL, OPT_TIME },
	{ "bytes", required_argument, NULL, OPT_BYTES },
	{ "span", required_argument, NULL, OPT_SPAN },
	{ "interval", required_argument, NULL, OPT_INTERVAL },
	{ "verify", no_argument, NULL, OPT_VERIFY },
	{ "chunk", required_argument, NULL, OPT_CHUNK },
	{ "fill", no_argument, NULL, OPT_FILL },
	{ "no-fill", no_argument, NULL, OPT_NO_FILL },
	{ "precondition", no_argument, NULL, OPT_PRECOND },
	{ "no-precondition", no_argument, NULL, OPT_NO_PRECOND },
	{ NULL, 0, NULL, 0 },
};

/*
 * --bs LIST: a step per size at every --qd depth (sizes outer), then the
 * mix (--bs-mix or --workload) at every depth, so the mix's IOPS can be
 * set beside the IOPS its sizes predict.  EXIT_OK or EXIT_USAGE.
 */
static int bs_steps(struct run_opts *o)
{
	uint64_t depths[MAX_QD_STEPS];
	size_t nd = o->nqd, n = o->pc.nbs * nd + (o->w.nbs_mix ? nd : 0);

	if (o->pc.nbs < 2)
		return EXIT_OK;
	if (n > MAX_QD_STEPS) {
		cli_error("--bs: %zu sizes x %zu depths%s are %zu steps; use at most %d", o->pc.nbs, nd,
			  o->w.nbs_mix ? " (and the mix)" : "", n, MAX_QD_STEPS);
		return EXIT_USAGE;
	}
	memcpy(depths, o->qds, nd * sizeof(depths[0]));
	o->nqd = 0;
	for (size_t b = 0; b <= o->pc.nbs; b++) {
		if (b == o->pc.nbs && !o->w.nbs_mix)
			break;
		for (size_t d = 0; d < nd; d++) {
			o->qds[o->nqd] = depths[d];
			o->step_bs[o->nqd++] = b < o->pc.nbs ? o->pc.bss[b] : 0;
		}
	}
	o->bs_list = true;
	return EXIT_OK;
}

/* The command line into o (o->pc already started by cli_opts_init).  EXIT_OK, or EXIT_USAGE after printing why. */
static int parse_args(struct run_opts *o)
{
	bool have_time = false, have_bytes = false;
	int c, rc;

	o->w.rw = WL_RANDWRITE;
	o->w.read_pct = 50;
	o->fill = -1;
	o->precond = -1;
	o->w.time_ns = 60ull * 1000000000ull;
	o->w.interval_ns = 1000000000ull;
	o->span_pct = 100;
	o->qds[0] = 32;
	o->nqd = 1;
	o->w.qd = 32;
	o->argc = o->pc.argc;
	o->argv = o->pc.argv;
	while (!(rc = cli_opts_next(&o->pc, &c)) && c != -1)
		if ((rc = run_option(o, c, optarg, &have_time, &have_bytes)))
			return rc;
	if (rc)
		return rc;
	o->w.bs = o->pc.s.bs;
	o->w.seed = o->pc.s.seed;
	if ((rc = apply_shape(o)))
		return rc;
	if ((rc = bs_steps(o)))
		return rc;
	return check_args(o, have_time, have_bytes);
}

int run_parse(struct run_opts *o, int argc, char **argv)
{
	int ret = cli_opts_init(&o->pc, argc, argv, CLI_O_RUN, cmd_run_options);

	o->pc.bs_list_ok = true;
	return ret ? ret : parse_args(o);
}
