/* SPDX-License-Identifier: MIT */
/*
 * ssdprof run TARGET [options]: one workload, one time series per queue
 * depth, one result.  With --raid the TARGETs are the members of a group,
 * each series also carries every member's figures (raid_members.h), and a
 * --chunk list runs the whole workload once per chunk size, each time on
 * the group opened afresh, so every chunk starts from the same state.
 *
 * Everything that can be wrong with the command line is checked before the
 * output directory exists and before any I/O, so a typo leaves nothing
 * behind and writes nothing.  On a real block device (every member of a
 * group), writes also pass the one safety gate, dev_safety_gate() (exit 3
 * when refused).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "cli/dev_common.h"
#include "cli/interrupt.h"
#include "util/parse.h"
#include "cli/pc_options.h"
#include "profiler/raid_members.h"
#include "results/result_json.h"
#include "device/safety.h"
#include "device/target.h"
#include "open/open.h"
#include "engine/workload.h"
#include "cli/workload_opts.h"

#define DEFAULT_OUT_PARENT "ssdprof-results"
/* Larger blocks buy nothing for profiling and io_req.len is 32-bit. */
#define MAX_BS (64ull << 20)
#define MIN_INTERVAL_NS 1000000ull
/* Far above any real queue; the target's own limit is checked after opening it. */
#define MAX_QD 65536
/* Steps of a --qd list. */
#define MAX_QD_STEPS 32
/* Entries of a --chunk list. */
#define MAX_CHUNKS 16

const char cmd_run_usage[] =
	"usage: ssdprof run TARGET [--rw randwrite|randread|write|read|randrw]\n"
	"                   [--read-pct N] [--bs SIZE | --bs-mix SIZE:W,...]\n"
	"                   [--qd N[,N...]] [--time DUR | --bytes SIZE] [--span PCT]\n"
	"                   [--interval DUR] [--seed N] [--verify] [--json] [--out DIR]\n"
	"                   [--quiet] [--yes SERIAL] [--force] [--dry-run]\n"
	"                   [--workload NAME] [--random-dist D]\n"
	"       ssdprof run --raid 0|1|5|6|10 [--chunk LIST] MEMBER MEMBER... [OPTIONS]\n"
	"\n"
	"Run a workload against TARGET and record IOPS, throughput, latency\n"
	"percentiles and write amplification per interval, one step per queue depth.\n"
	"\n"
	"  --rw MODE        access pattern (default randwrite); randrw mixes reads\n"
	"                   and writes at random offsets\n"
	"  --read-pct N     randrw: percent of I/Os that read (default 50)\n"
	"  --bs SIZE        block size, a multiple of the target's LBA (default 4k)\n"
	"  --bs-mix LIST    weighted block sizes instead, e.g. 4k:60,64k:40\n"
	"                   (weights are shares of I/Os)\n"
	WORKLOAD_OPTS_USAGE
	"                   (--workload replaces --rw, --read-pct, --bs and --bs-mix)\n"
	"  --qd N[,N...]    I/Os kept in flight (default 32); a list runs one step\n"
	"                   per depth and reports the curve, e.g. 1,2,4,8,16,32,64\n"
	"  --time DUR       run each step this long on the target's clock (default\n"
	"                   60s; virtual time on a simulated drive)\n"
	"  --bytes SIZE     run each step until this many bytes are done instead\n"
	"  --span PCT       confine offsets to the first PCT of the capacity (default 100)\n"
	"  --interval DUR   sample period (default 1s)\n"
	"  --seed N         seed for offsets and data (default 1)\n"
	"  --verify         reads check that the data is what a write with the same\n"
	"                   seed put there\n"
	"  --json           print the result document on stdout instead of progress\n"
	"  --out DIR        where result.json and the CSV files go\n"
	"                   (default ./" DEFAULT_OUT_PARENT "/<UTC timestamp>/)\n"
	"  --quiet          no progress lines\n"
	"  --yes SERIAL     confirm writing to a real block device: its serial, or\n"
	"                   its kernel name (loop3) when it reports none\n"
	"  --force          with --yes: write even though the device is in use\n"
	"  --dry-run        print what would be written and touch nothing\n"
	"  --raid LEVEL     the TARGETs are the members of a RAID 0, 1, 5, 6 or 10\n"
	"                   group (all simulated, or all files and devices); each\n"
	"                   series also gives every member's figures and the\n"
	"                   limiting member; --yes then takes one serial per\n"
	"                   member, comma separated\n"
	"  --chunk LIST     with --raid: the chunk, a power of two from 4k to 64M\n"
	"                   (default 64k); a list (16k,64k,256k) runs the workload\n"
	"                   once per chunk on the group opened afresh and compares\n"
	"                   the chunks\n"
	"\n"
	"TARGET is sim:PRESET[,key=value...], a regular file (written in place,\n"
	"no confirmation) or a block device.  Writes destroy the data in the span.\n"
	"Sizes take k/M/G/T (1024) or kB/MB/GB/TB (1000); durations ms/s/m/h.\n"
	"Examples: ssdprof run sim:budget-tlc,capacity=4G --time 30s --qd 8\n"
	"          ssdprof run /dev/nvme1n1 --yes S4EWNX0R123456 --qd 1,4,16,64 --time 20s\n"
	"          ssdprof run --raid 5 --chunk 16k,64k,256k --rw write --bs 64k \\\n"
	"              sim:budget-tlc,seed=1 sim:budget-tlc,seed=2 sim:budget-tlc,seed=3\n";

struct run_opts {
	struct workload w;
	double span_pct;
	const char *target;
	const char *out_dir;
	const char *yes;
	uint64_t qds[MAX_QD_STEPS];
	size_t nqd;
	bool json;
	bool quiet;
	bool force;
	bool dry_run;
	bool have_bs;
	bool have_read_pct;
	bool have_rw, have_dist, have_bs_mix;
	/* RAID: the level in raid.raid_level (-1: one TARGET); raid.chunk is set per group opened. */
	struct pc_cli raid;
	uint64_t chunks[MAX_CHUNKS];
	size_t nchunk;              /* 0 without --raid */
	/* The TARGET, or the members: argv[first..argc). */
	int argc, first;
	char **argv;
};

enum {
	OPT_RW = 256, OPT_BS, OPT_QD, OPT_TIME, OPT_BYTES, OPT_SPAN, OPT_INTERVAL,
	OPT_SEED, OPT_JSON, OPT_OUT, OPT_QUIET, OPT_READ_PCT, OPT_BS_MIX, OPT_YES,
	OPT_FORCE, OPT_DRY_RUN, OPT_VERIFY, OPT_RAID, OPT_CHUNK, OPT_WORKLOAD, OPT_RANDOM_DIST,
};

/* Shell-quoted, so the recorded command can be pasted back into a shell. */
static char *join_command(int argc, char **argv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ferr;

	if (!f)
		return NULL;
	fputs("ssdprof", f);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		fputc(' ', f);
		if (*a && strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				 "0123456789_-+=.,:/%@") == strlen(a)) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++) {
			if (*a == '\'')
				fputs("'\\''", f);
			else
				fputc(*a, f);
		}
		fputc('\'', f);
	}
	ferr = ferror(f);
	if (fclose(f) != 0 || ferr) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* --chunk LIST: every entry by pc_parse_chunk's rule.  EXIT_OK, or EXIT_USAGE after printing why. */
static int parse_chunks(const char *arg, struct run_opts *o)
{
	char item[64];

	o->nchunk = 0;
	for (const char *p = arg;; p++) {
		size_t n = strcspn(p, ",");

		if (o->nchunk == MAX_CHUNKS) {
			cli_error("--chunk: '%s' has more than %d sizes", arg, MAX_CHUNKS);
			return EXIT_USAGE;
		}
		snprintf(item, sizeof(item), "%.*s", (int)n, p);
		if (pc_parse_chunk("--chunk", item, &o->chunks[o->nchunk++]))
			return EXIT_USAGE;
		p += n;
		if (!*p)
			return EXIT_OK;
	}
}

/* EXIT_OK to go on, EXIT_USAGE after an error, -1 after printing help. */
static int parse_args(int argc, char **argv, struct run_opts *o)
{
	static const struct option longopts[] = {
		{ "rw", required_argument, NULL, OPT_RW },
		{ "read-pct", required_argument, NULL, OPT_READ_PCT },
		{ "bs", required_argument, NULL, OPT_BS },
		{ "bs-mix", required_argument, NULL, OPT_BS_MIX },
		{ "qd", required_argument, NULL, OPT_QD },
		{ "time", required_argument, NULL, OPT_TIME },
		{ "bytes", required_argument, NULL, OPT_BYTES },
		{ "span", required_argument, NULL, OPT_SPAN },
		{ "interval", required_argument, NULL, OPT_INTERVAL },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "verify", no_argument, NULL, OPT_VERIFY },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "out", required_argument, NULL, OPT_OUT },
		{ "quiet", no_argument, NULL, OPT_QUIET },
		{ "yes", required_argument, NULL, OPT_YES },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "raid", required_argument, NULL, OPT_RAID },
		{ "chunk", required_argument, NULL, OPT_CHUNK },
		{ "workload", required_argument, NULL, OPT_WORKLOAD },
		{ "random-dist", required_argument, NULL, OPT_RANDOM_DIST },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char err[TARGET_ERRLEN];
	bool have_time = false, have_bytes = false;
	uint64_t v;
	int c;

	memset(o, 0, sizeof(*o));
	pc_cli_defaults(&o->raid);
	o->w.rw = WL_RANDWRITE;
	o->w.bs = 4096;
	o->w.qd = 32;
	o->w.read_pct = 50;
	o->w.time_ns = 60ull * 1000000000ull;
	o->w.interval_ns = 1000000000ull;
	o->w.seed = 1;
	o->span_pct = 100;
	o->qds[0] = 32;
	o->nqd = 1;

	opterr = 0;
	optind = 0;  /* GNU: full reset, in case a caller parsed before us */
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_RW:
			if (workload_rw_parse(optarg, &o->w.rw) < 0) {
				cli_error("--rw: '%s' is not an access pattern; use randwrite, "
					  "randread, write, read or randrw", optarg);
				return EXIT_USAGE;
			}
			o->have_rw = true;
			break;
		case OPT_WORKLOAD:
			if (cli_workload_name(optarg, &o->w))
				return EXIT_USAGE;
			break;
		case OPT_RANDOM_DIST:
			if (cli_random_dist(optarg, &o->w))
				return EXIT_USAGE;
			o->have_dist = true;
			break;
		case OPT_READ_PCT:
			if (parse_u64("--read-pct", optarg, 0, 100, &v, err, sizeof(err)) < 0)
				goto parse_error;
			o->w.read_pct = (unsigned)v;
			o->have_read_pct = true;
			break;
		case OPT_BS:
			if (parse_size("--bs", optarg, &v, err, sizeof(err)) < 0)
				goto parse_error;
			if (v == 0 || v > MAX_BS) {
				cli_error("--bs: '%s' is out of range; use one LBA (e.g. 4k) "
					  "to 64M", optarg);
				return EXIT_USAGE;
			}
			o->w.bs = (uint32_t)v;
			o->have_bs = true;
			break;
		case OPT_BS_MIX:
			if (workload_bs_mix_parse("--bs-mix", optarg, &o->w, err, sizeof(err)) < 0)
				goto parse_error;
			o->have_bs_mix = true;
			for (unsigned i = 0; i < o->w.nbs_mix; i++) {
				if (o->w.bs_mix[i].bs > MAX_BS) {
					cli_error("--bs-mix: %u bytes is out of range; use up to 64M",
						  o->w.bs_mix[i].bs);
					return EXIT_USAGE;
				}
			}
			break;
		case OPT_QD:
			if (parse_u64_list("--qd", optarg, 1, MAX_QD, o->qds, MAX_QD_STEPS, &o->nqd,
					   err, sizeof(err)) < 0)
				goto parse_error;
			o->w.qd = (unsigned)o->qds[0];
			break;
		case OPT_TIME:
			if (parse_duration("--time", optarg, &v, err, sizeof(err)) < 0)
				goto parse_error;
			if (v == 0) {
				cli_error("--time: '%s' is too short; use e.g. 60s", optarg);
				return EXIT_USAGE;
			}
			o->w.time_ns = v;
			have_time = true;
			break;
		case OPT_BYTES:
			if (parse_size("--bytes", optarg, &v, err, sizeof(err)) < 0)
				goto parse_error;
			if (v == 0) {
				cli_error("--bytes: '%s' is too small; use e.g. 1G", optarg);
				return EXIT_USAGE;
			}
			o->w.bytes = v;
			have_bytes = true;
			break;
		case OPT_SPAN:
			if (parse_percent("--span", optarg, 0, 100, &o->span_pct, err,
					  sizeof(err)) < 0)
				goto parse_error;
			if (!(o->span_pct > 0)) {
				cli_error("--span: '%s' is out of range; use more than 0%% "
					  "up to 100%%", optarg);
				return EXIT_USAGE;
			}
			break;
		case OPT_INTERVAL:
			if (parse_duration("--interval", optarg, &v, err, sizeof(err)) < 0)
				goto parse_error;
			if (v < MIN_INTERVAL_NS) {
				cli_error("--interval: '%s' is too short; use at least 1ms",
					  optarg);
				return EXIT_USAGE;
			}
			o->w.interval_ns = v;
			break;
		case OPT_SEED:
			if (parse_u64("--seed", optarg, 0, UINT64_MAX, &o->w.seed, err,
				      sizeof(err)) < 0)
				goto parse_error;
			break;
		case OPT_VERIFY:
			o->w.verify = true;
			break;
		case OPT_JSON:
			o->json = true;
			break;
		case OPT_OUT:
			if (!*optarg) {
				cli_error("--out: empty directory name");
				return EXIT_USAGE;
			}
			o->out_dir = optarg;
			break;
		case OPT_QUIET:
			o->quiet = true;
			break;
		case OPT_YES:
			if (!*optarg) {
				cli_error("--yes: empty; give the drive's serial or kernel name");
				return EXIT_USAGE;
			}
			o->yes = optarg;
			break;
		case OPT_FORCE:
			o->force = true;
			break;
		case OPT_DRY_RUN:
			o->dry_run = true;
			break;
		case OPT_RAID:
			/* pc_cli_option: 1 when taken, else the usage error it printed. */
			if (pc_cli_option(&o->raid, PC_OPT_RAID, optarg) != 1)
				return EXIT_USAGE;
			break;
		case OPT_CHUNK:
			if (parse_chunks(optarg, o) != EXIT_OK)
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(cmd_run_usage, stdout);
			return -1;
		default:
			cli_getopt_error("run", argv, optind, c, optopt);
			return EXIT_USAGE;
		}
	}

	if (have_time && have_bytes) {
		cli_error("--time and --bytes cannot be combined; give one limit");
		return EXIT_USAGE;
	}
	if (have_bytes)
		o->w.time_ns = 0;
	if (o->w.workload && (o->have_rw || o->have_bs || o->have_read_pct || o->have_bs_mix)) {
		cli_error("--workload sets the pattern, sizes and read share; drop --rw, --bs, "
			  "--bs-mix and --read-pct");
		return EXIT_USAGE;
	}
	if (o->have_dist && !workload_rw_random(o->w.rw)) {
		cli_error("--random-dist shapes random offsets; use it with randwrite, randread, "
			  "randrw or a --workload");
		return EXIT_USAGE;
	}
	if (o->have_bs && o->w.nbs_mix) {
		cli_error("--bs and --bs-mix cannot be combined; give one");
		return EXIT_USAGE;
	}
	if (o->have_read_pct && o->w.rw != WL_RANDRW) {
		cli_error("--read-pct applies to --rw randrw only");
		return EXIT_USAGE;
	}
	if (o->force && !o->yes) {
		cli_error("--force needs --yes SERIAL as well");
		return EXIT_USAGE;
	}
	if (o->w.verify && !workload_rw_reads(o->w.rw)) {
		cli_error("--verify checks reads; use it with --rw read, randread or randrw");
		return EXIT_USAGE;
	}
	if (o->nchunk && o->raid.raid_level < 0) {
		cli_error("--chunk is the chunk of a RAID group; add --raid LEVEL and the members");
		return EXIT_USAGE;
	}
	/* Members write from scratch buffers or keep no data at all: nothing to compare. */
	if (o->raid.raid_level >= 0 && o->w.verify) {
		cli_error("--verify needs a target that stores data; a RAID group does not keep its data");
		return EXIT_USAGE;
	}
	if (o->raid.raid_level >= 0 && !o->nchunk)
		o->chunks[o->nchunk++] = o->raid.chunk;
	if (optind >= argc) {
		cli_error("run: missing TARGET; try ssdprof run sim:budget-tlc");
		return EXIT_USAGE;
	}
	if (o->raid.raid_level < 0 && argc - optind > 1) {
		cli_error("run: unexpected argument '%s'; run takes one TARGET",
			  argv[optind + 1]);
		return EXIT_USAGE;
	}
	o->target = argv[optind];
	o->argc = argc;
	o->argv = argv;
	o->first = optind;
	return EXIT_OK;

parse_error:
	cli_error("%s", err);
	return EXIT_USAGE;
}

/* The checks that need the opened target; fills o->w.span_bytes. */
static int check_against_target(struct run_opts *o, const struct target *t)
{
	const struct target_info *info = &t->info;
	uint32_t max_bs = workload_max_bs(&o->w);
	bool writes = workload_writes(&o->w);
	uint64_t span;

	if (o->w.workload && cli_workload_check(&o->w, t, "--workload"))
		return EXIT_USAGE;
	for (unsigned i = 0; i < (o->w.nbs_mix ? o->w.nbs_mix : 1); i++) {
		uint32_t bs = o->w.nbs_mix ? o->w.bs_mix[i].bs : o->w.bs;

		if (info->lba_bytes == 0 || bs % info->lba_bytes != 0) {
			cli_error("%s: %u bytes is not a multiple of the target's %u-byte LBA",
				  o->w.nbs_mix ? "--bs-mix" : "--bs", bs, info->lba_bytes);
			return EXIT_USAGE;
		}
	}
	for (size_t i = 0; i < o->nqd; i++) {
		if (o->qds[i] > t->ops->max_queue_depth) {
			cli_error("--qd: %llu is out of range; the target keeps at most %u I/Os "
				  "in flight", (unsigned long long)o->qds[i],
				  t->ops->max_queue_depth);
			return EXIT_USAGE;
		}
	}
	if ((writes && !target_has(t, TARGET_CAP_WRITE)) ||
	    (!target_has(t, TARGET_CAP_READ))) {
		cli_error("--rw: %s is not possible; target '%s' cannot %s%s",
			  workload_rw_name(o->w.rw), info->path, writes ? "write" : "read",
			  writes ? " (opened read-only)" : "");
		return EXIT_USAGE;
	}
	/* The simulator keeps at most a 4-byte tag per 4 KiB: nothing to compare. */
	if (o->w.verify && target_has(t, TARGET_CAP_SIMULATED)) {
		cli_error("--verify needs a target that stores data (a file or block device)");
		return EXIT_USAGE;
	}
	span = (uint64_t)((long double)info->capacity_bytes * o->span_pct / 100.0L);
	if (span > info->capacity_bytes)
		span = info->capacity_bytes;
	span -= span % info->lba_bytes;
	if (span < max_bs) {
		cli_error("--span: %g%% is less than one %u-byte block of the "
			  "%llu-byte target", o->span_pct, max_bs,
			  (unsigned long long)info->capacity_bytes);
		return EXIT_USAGE;
	}
	if (!o->w.nbs_mix)
		span -= span % o->w.bs;
	o->w.span_bytes = span;
	return EXIT_OK;
}

/* ISO-8601 for the document, or the compact form for directory names. */
static void utc_stamp(char *buf, size_t len, bool iso)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	if (iso)
		strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
	else
		strftime(buf, len, "%Y%m%d-%H%M%S", &tm);
}

/*
 * ./ssdprof-results/<stamp>, with -2, -3... when runs start within the same
 * second, so an earlier result is never overwritten.
 */
static int make_default_out(char *dir, size_t len, char *err, size_t errlen)
{
	char stamp[32];
	int ret;

	ret = result_mkdir_p(DEFAULT_OUT_PARENT, err, errlen);
	if (ret < 0)
		return ret;
	utc_stamp(stamp, sizeof(stamp), false);
	for (int i = 1; i < 1000; i++) {
		if (i == 1)
			snprintf(dir, len, DEFAULT_OUT_PARENT "/%s", stamp);
		else
			snprintf(dir, len, DEFAULT_OUT_PARENT "/%s-%d", stamp, i);
		if (mkdir(dir, 0755) == 0)
			return 0;
		if (errno != EEXIST) {
			ret = -errno;
			snprintf(err, errlen, "cannot create a directory in '"
				 DEFAULT_OUT_PARENT "': %s", strerror(errno));
			return ret;
		}
	}
	snprintf(err, errlen, "cannot create a fresh directory under '" DEFAULT_OUT_PARENT
		 "'; use --out DIR");
	return -EEXIST;
}

/* Right-aligned in width, or "-" when not measured. */
static const char *fixed(char *buf, size_t len, int width, int prec, double v)
{
	if (isfinite(v))
		snprintf(buf, len, "%*.*f", width, prec, v);
	else
		snprintf(buf, len, "%*s", width, "-");
	return buf;
}

/* "16k", "1M": a chunk size as the user typed it, for labels and file names. */
static const char *chunk_name(char *buf, size_t len, uint64_t bytes)
{
	if (bytes % (1024 * 1024) == 0)
		snprintf(buf, len, "%lluM", (unsigned long long)(bytes >> 20));
	else
		snprintf(buf, len, "%lluk", (unsigned long long)(bytes >> 10));
	return buf;
}

/*
 * What names a series among several: its chunk (when not 0) and its qd.
 * Progress lines put it first ("chunk=16k  qd=32  "), summaries after
 * "run" ("run chunk=16k qd=32:").
 */
static const char *series_label(char *buf, size_t len, uint64_t chunk, bool show_qd, unsigned qd, bool summary)
{
	const char *pre = summary ? " " : "", *post = summary ? "" : "  ";
	char name[24];
	size_t n = 0;

	buf[0] = '\0';
	if (chunk)
		n = (size_t)snprintf(buf, len, "%schunk=%s%s", pre, chunk_name(name, sizeof(name), chunk), post);
	if (show_qd && n < len)
		snprintf(buf + n, len - n, "%sqd=%u%s", pre, qd, post);
	return buf;
}

struct progress_ctx {
	FILE *out;
	unsigned qd;
	bool show_qd;
	uint64_t chunk;     /* shown when not 0: a --chunk list */
};

static int print_progress(const struct run_sample *s, void *arg)
{
	const struct progress_ctx *p = arg;
	char b[6][32];
	char label[48];

	fprintf(p->out, "%st=%ss  iops %s  MB/s %s  lat_mean_us %s  p99_us %s  waf %s\n",
		series_label(label, sizeof(label), p->chunk, p->show_qd, p->qd, false),
		fixed(b[0], sizeof(b[0]), 7, 1, s->t_s),
		fixed(b[1], sizeof(b[1]), 8, 0, s->iops),
		fixed(b[2], sizeof(b[2]), 7, 1, s->mbps),
		fixed(b[3], sizeof(b[3]), 6, 1, s->lat_mean_us),
		fixed(b[5], sizeof(b[5]), 6, 1, s->lat_p99_us),
		isfinite(s->waf) ? fixed(b[4], sizeof(b[4]), 4, 2, s->waf) : "-");
	/* A pipe would otherwise hold back a long run's progress. */
	fflush(p->out);
	return 0;
}

/* One line per series; chunk (when not 0) and qd name it among several. */
static void print_summary(FILE *out, const struct run_result *r, bool show_qd, uint64_t chunk)
{
	char b[6][32];
	char wa[32], label[48];

	if (isfinite(r->waf))
		snprintf(wa, sizeof(wa), "WA %.2f over the run", r->waf);
	else
		snprintf(wa, sizeof(wa), "WA unknown");
	fprintf(out, "run%s: %s s  iops %s  MB/s %s  lat_mean_us %s  p50_us %s  p99_us %s  %s\n",
		series_label(label, sizeof(label), chunk, show_qd, r->qd, true),
		fixed(b[0], sizeof(b[0]), 0, 1, (double)r->elapsed_ns / 1e9),
		fixed(b[1], sizeof(b[1]), 0, 0, r->iops),
		fixed(b[2], sizeof(b[2]), 0, 1, r->mbps),
		fixed(b[3], sizeof(b[3]), 0, 1, r->lat_mean_us),
		fixed(b[4], sizeof(b[4]), 0, 1, r->lat_p50_us),
		fixed(b[5], sizeof(b[5]), 0, 1, r->lat_p99_us), wa);
}

/* The queue-depth curve, the way controller reviews chart it. */
static void print_curve(FILE *out, const struct run_result *r, size_t n)
{
	char b[6][32];

	fprintf(out, "%5s %10s %9s %10s %10s %10s\n", "qd", "iops", "MB/s", "mean_us",
		"p99_us", "p99.9_us");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%5u %s %s %s %s %s\n", r[i].qd,
			fixed(b[0], sizeof(b[0]), 10, 0, r[i].iops),
			fixed(b[1], sizeof(b[1]), 9, 1, r[i].mbps),
			fixed(b[2], sizeof(b[2]), 10, 1, r[i].lat_mean_us),
			fixed(b[3], sizeof(b[3]), 10, 1, r[i].lat_p99_us),
			fixed(b[4], sizeof(b[4]), 10, 1, r[i].lat_p999_us));
}

static void print_dry_run(const struct run_opts *o, const struct target *t)
{
	const struct target_info *info = &t->info;
	char sizes[256] = "", limit[64];
	size_t len = 0;

	if (o->w.nbs_mix) {
		for (unsigned i = 0; i < o->w.nbs_mix && len < sizeof(sizes); i++)
			len += (size_t)snprintf(sizes + len, sizeof(sizes) - len, "%s%u:%u",
						i ? "," : "", o->w.bs_mix[i].bs,
						o->w.bs_mix[i].weight);
	} else {
		snprintf(sizes, sizeof(sizes), "%u", o->w.bs);
	}
	if (o->w.time_ns)
		snprintf(limit, sizeof(limit), "%g s", (double)o->w.time_ns / 1e9);
	else
		snprintf(limit, sizeof(limit), "%llu bytes", (unsigned long long)o->w.bytes);
	printf("dry run: %s on %s '%s' (%llu bytes, %u-byte LBA%s%s)\n",
	       workload_rw_name(o->w.rw), info->kind, info->path,
	       (unsigned long long)info->capacity_bytes, info->lba_bytes,
	       *info->serial ? ", serial " : "", info->serial);
	printf("  block sizes %s, %zu step%s of %s each, queue depth%s", sizes, o->nqd,
	       o->nqd == 1 ? "" : "s", limit, o->nqd == 1 ? "" : "s");
	for (size_t i = 0; i < o->nqd; i++)
		printf("%s%llu", i ? "," : " ", (unsigned long long)o->qds[i]);
	printf("\n");
	if (o->raid.raid_level >= 0) {
		char name[24];

		printf("  RAID %d of %u members, chunk", o->raid.raid_level, (unsigned)(o->argc - o->first));
		for (size_t i = 0; i < o->nchunk; i++)
			printf("%s%s", i ? "," : " ", chunk_name(name, sizeof(name), o->chunks[i]));
		printf("%s\n", o->nchunk > 1 ? ": the workload runs once per chunk, on the group opened afresh" : "");
	}
	if (workload_writes(&o->w))
		printf("  would overwrite bytes 0..%llu (%g%% span) with seeded random data; "
		       "nothing written now\n", (unsigned long long)o->w.span_bytes, o->span_pct);
	else
		printf("  reads only: bytes 0..%llu; nothing read now\n",
		       (unsigned long long)o->w.span_bytes);
}

/* Errors that mean "the TARGET you typed is wrong" are usage errors; the rest are failures. */
static int open_exit_code(int ret)
{
	switch (-ret) {
	case ENOENT: case ENOTDIR: case EISDIR: case EINVAL: case EACCES: case EPERM:
	case EROFS: case ENXIO: case ENODEV: case ENOTBLK:
		return EXIT_USAGE;
	default:
		return EXIT_RUN_FAILED;
	}
}

/* The TARGET, or the group of the members with the chunk-th chunk.  EXIT_OK or an exit code after printing. */
static int open_run_target(struct run_opts *o, size_t chunk, struct target **t)
{
	char err[TARGET_ERRLEN];
	/* Reads only: no write open, whose close would have udev re-scan the device (each member's). */
	unsigned flags = workload_writes(&o->w) ? 0 : TARGET_OPEN_READONLY;
	int ret;

	if (o->raid.raid_level >= 0) {
		o->raid.chunk = o->chunks[chunk];
		o->raid.open_flags = flags;
		return pc_cli_open_only(&o->raid, o->argc, o->argv, o->first, "run", t);
	}
	ret = target_open_flags(o->target, flags, t, err, sizeof(err));
	if (ret < 0) {
		cli_error("%s", err);
		return open_exit_code(ret);
	}
	return EXIT_OK;
}

/* --dry-run: the plan, then the refusals that do not wait for --yes (the gate says what --yes needs).  An exit code. */
static int dry_run(const struct run_opts *o, const struct target *t)
{
	print_dry_run(o, t);
	return workload_writes(&o->w) ? dev_safety_gate(t, o->yes, o->force, true, "run") : EXIT_OK;
}

/* The series of a run in run order: one per --qd step, and with --raid that for each chunk. */
struct run_set {
	struct run_result *res;         /* chunks x qd steps */
	size_t n;                       /* how many were started (an interrupt or error stops early) */
	/* RAID: per series its chunk_bytes, members and limiting_member, to add to the series */
	struct json_object **raid;
	int *limiting;
	struct raid_snap *before, *after;
	double vsec;                    /* the series' time on the target clock */
	bool interrupted;
};

/* Series i of a group: its chunk and its members' figures between the snapshots.  0 or -errno. */
static int series_members(const struct run_opts *o, struct target *t, size_t chunk, struct run_set *set,
			  size_t i)
{
	raid_snap_take(set->after, t);
	set->raid[i] = json_object_new_object();
	if (!set->raid[i] ||
	    json_object_object_add(set->raid[i], "chunk_bytes", json_object_new_uint64(o->chunks[chunk])) < 0)
		return -ENOMEM;
	return raid_members_add(set->raid[i], t, set->before, set->after, &set->limiting[i]);
}

/* Every --qd step on t, appended to set.  EXIT_OK, or an exit code after printing why. */
static int run_steps(struct run_opts *o, struct target *t, size_t chunk, struct run_set *set)
{
	struct progress_ctx pctx = {
		.out = stdout, .show_qd = o->nqd > 1, .chunk = o->nchunk > 1 ? o->chunks[chunk] : 0,
	};
	char err[TARGET_ERRLEN];
	int ret;

	for (size_t i = 0; i < o->nqd && !set->interrupted; i++) {
		struct run_result *r = &set->res[set->n];

		o->w.qd = (unsigned)o->qds[i];
		pctx.qd = o->w.qd;
		if (set->raid)
			raid_snap_take(set->before, t);
		ret = workload_run(t, &o->w, r, o->json || o->quiet ? NULL : print_progress, &pctx, err,
				   sizeof(err));
		set->n++;
		if (ret < 0) {
			cli_error("run failed at qd %u: %s", o->w.qd, err);
			return EXIT_RUN_FAILED;
		}
		set->vsec += (double)r->elapsed_ns / 1e9;
		if (r->stopped_early && interrupt_requested())
			set->interrupted = true;
		if (set->raid && (ret = series_members(o, t, chunk, set, set->n - 1))) {
			cli_error("run: the members' figures at qd %u: %s", o->w.qd, strerror(-ret));
			return EXIT_RUN_FAILED;
		}
		if (!o->json && !o->quiet && (o->nqd > 1 || o->nchunk > 1))
			print_summary(stdout, r, o->nqd > 1, pctx.chunk);
		if (r->verify_errors) {
			cli_error("verify: %llu reads differ from what seed %llu writes; the "
				  "first at byte offset %llu",
				  (unsigned long long)r->verify_errors,
				  (unsigned long long)o->w.seed,
				  (unsigned long long)r->verify_first_offset);
			return EXIT_RUN_FAILED;
		}
	}
	return EXIT_OK;
}

/* One entry per series: the figures that tell chunk sizes apart. */
static struct json_object *chunk_comparison_json(const struct run_opts *o, const struct run_set *set)
{
	struct json_object *arr = json_object_new_array();

	for (size_t i = 0; arr && i < set->n; i++) {
		const struct run_result *r = &set->res[i];
		struct json_object *e = json_object_new_object(), *lat = json_object_new_object();
		int rc = !e || !lat;

		if (!rc) {
			rc |= json_object_object_add(e, "chunk_bytes", json_object_new_uint64(o->chunks[i / o->nqd]));
			rc |= json_object_object_add(e, "qd", json_object_new_uint64(r->qd));
			rc |= json_object_object_add(e, "iops", result_json_number(r->iops, RP_IOPS));
			rc |= json_object_object_add(e, "mbps", result_json_number(r->mbps, RP_MBPS));
			rc |= json_object_object_add(lat, "p50", result_json_number(r->lat_p50_us, RP_LAT_US));
			rc |= json_object_object_add(lat, "p99", result_json_number(r->lat_p99_us, RP_LAT_US));
			rc |= json_object_object_add(e, "lat_us", lat);
			lat = NULL;
			rc |= json_object_object_add(e, "waf", result_json_number(r->waf, RP_WAF));
			rc |= json_object_object_add(e, "limiting_member", set->limiting[i] >= 0 ?
						     json_object_new_int(set->limiting[i]) : NULL);
		}
		if (rc || json_object_array_add(arr, e) < 0) {
			json_object_put(lat);
			json_object_put(e);
			json_object_put(arr);
			return NULL;
		}
	}
	return arr;
}

/*
 * What --raid adds to the document: each series' chunk_bytes, members and
 * limiting_member; the group (as first opened, after settings, with
 * chunk_list, and chunk_bytes null when there are several); the target as
 * first opened; and with several chunks chunk_comparison.  Returns the new
 * document (doc is released) or NULL.
 */
static struct json_object *add_raid(struct json_object *doc, const struct run_opts *o, const struct run_set *set,
				    struct json_object *target0, struct json_object *group0)
{
	struct json_object *out = json_object_new_object(), *series, *list = json_object_new_array();
	int rc = !out || !list || !json_object_object_get_ex(doc, "series", &series);

	for (size_t i = 0; !rc && i < set->n; i++) {
		struct json_object *s = json_object_array_get_idx(series, i);

		json_object_object_foreach(set->raid[i], key, val)
			rc |= json_object_object_add(s, key, json_object_get(val));
	}
	for (size_t i = 0; !rc && i < o->nchunk; i++)
		rc |= json_object_array_add(list, json_object_new_uint64(o->chunks[i]));
	if (!rc) {
		rc |= json_object_object_add(group0, "chunk_list", list);
		list = NULL;
		if (o->nchunk > 1) {
			/* The group as first opened names its first chunk; the document covers them all. */
			char model[64];
			struct json_object *level, *members;

			rc |= json_object_object_add(group0, "chunk_bytes", NULL);
			if (json_object_object_get_ex(group0, "level", &level) &&
			    json_object_object_get_ex(group0, "members", &members)) {
				snprintf(model, sizeof(model), "RAID %d of %zu members, %zu chunk sizes",
					 json_object_get_int(level), json_object_array_length(members), o->nchunk);
				rc |= json_object_object_add(target0, "model", json_object_new_string(model));
			}
		}
	}
	/* A new object, to keep the document's order: group after settings, as in a sweep. */
	if (!rc) {
		json_object_object_foreach(doc, key, val) {
			rc |= json_object_object_add(out, key, json_object_get(strcmp(key, "target") ? val : target0));
			if (!strcmp(key, "settings"))
				rc |= json_object_object_add(out, "group", json_object_get(group0));
		}
	}
	if (!rc && o->nchunk > 1) {
		struct json_object *cmp = chunk_comparison_json(o, set);

		rc = !cmp || json_object_object_add(out, "chunk_comparison", cmp) < 0;
	}
	json_object_put(list);
	json_object_put(doc);
	if (rc) {
		json_object_put(out);
		return NULL;
	}
	return out;
}

/*
 * The result document.  Each chunk's series come from result_run_json like
 * any run's; the settings are the first chunk's (every chunk repeats the
 * same --qd list).  NULL when out of memory.
 */
static struct json_object *run_doc(const struct result_meta *meta, const struct target *t,
				   const struct run_opts *o, const struct run_set *set,
				   struct json_object *target0, struct json_object *group0)
{
	struct json_object *doc, *series, *more, *ms;

	doc = result_run_json(meta, t, &o->w, set->res, o->nchunk && set->n > o->nqd ? o->nqd : set->n);
	if (!doc || !o->nchunk)
		return doc;
	if (!json_object_object_get_ex(doc, "series", &series))
		goto fail;
	for (size_t at = o->nqd; at < set->n; at += o->nqd) {
		more = result_run_json(meta, t, &o->w, set->res + at, set->n - at < o->nqd ? set->n - at : o->nqd);
		if (!more || !json_object_object_get_ex(more, "series", &ms)) {
			json_object_put(more);
			goto fail;
		}
		for (size_t i = 0; i < json_object_array_length(ms); i++)
			json_object_array_add(series, json_object_get(json_object_array_get_idx(ms, i)));
		json_object_put(more);
	}
	if (json_object_array_length(series) != set->n)
		goto fail;
	return add_raid(doc, o, set, target0, group0);
fail:
	json_object_put(doc);
	return NULL;
}

/*
 * result.json and the CSV files: timeseries.csv for one series, else
 * timeseries-qdN.csv and qd_curve.csv; with a --chunk list, per chunk, each
 * name with -chunkSIZE.  0 or -errno with err set.
 */
static int write_results(const char *dir, const struct run_opts *o, const struct run_set *set,
			 struct json_object *doc, char *err, size_t errlen)
{
	int ret = 0;

	for (size_t at = 0; !ret && at < set->n; at += o->nqd) {
		const struct run_result *r = set->res + at;
		size_t n = set->n - at < o->nqd ? set->n - at : o->nqd;
		char tag[40] = "", c[24], name[96];

		if (o->nchunk > 1)
			snprintf(tag, sizeof(tag), "-chunk%s", chunk_name(c, sizeof(c), o->chunks[at / o->nqd]));
		if (n == 1) {
			snprintf(name, sizeof(name), "timeseries%s.csv", tag);
			ret = result_write_timeseries_csv(dir, name, r, err, errlen);
			continue;
		}
		for (size_t i = 0; ret == 0 && i < n; i++) {
			snprintf(name, sizeof(name), "timeseries%s-qd%u.csv", tag, r[i].qd);
			ret = result_write_timeseries_csv(dir, name, &r[i], err, errlen);
		}
		snprintf(name, sizeof(name), "qd_curve%s.csv", tag);
		if (ret == 0)
			ret = result_write_curve_csv(dir, name, r, n, err, errlen);
	}
	if (ret == 0)
		ret = result_write_json(dir, "result.json", doc, err, errlen);
	return ret;
}

/* The chunks side by side, what a --chunk list is for. */
static void print_chunks(FILE *out, const struct run_opts *o, const struct run_set *set)
{
	char b[5][32], name[24], lim[16];

	fprintf(out, "%6s %5s %10s %9s %10s %10s %6s %8s\n", "chunk", "qd", "iops", "MB/s", "p50_us", "p99_us",
		"WA", "limiting");
	for (size_t i = 0; i < set->n; i++) {
		const struct run_result *r = &set->res[i];

		if (set->limiting[i] >= 0)
			snprintf(lim, sizeof(lim), "%d", set->limiting[i]);
		else
			snprintf(lim, sizeof(lim), "-");
		fprintf(out, "%6s %5u %s %s %s %s %s %8s\n", chunk_name(name, sizeof(name), o->chunks[i / o->nqd]),
			r->qd, fixed(b[0], sizeof(b[0]), 10, 0, r->iops), fixed(b[1], sizeof(b[1]), 9, 1, r->mbps),
			fixed(b[2], sizeof(b[2]), 10, 1, r->lat_p50_us), fixed(b[3], sizeof(b[3]), 10, 1, r->lat_p99_us),
			fixed(b[4], sizeof(b[4]), 6, 2, r->waf), lim);
	}
	fprintf(out, "limiting: the member with the highest mean latency (index into the TARGETs)\n");
}

/* What --raid needs besides the series: snapshots, per-series figures, the group as first opened. */
static int raid_set_init(struct run_set *set, size_t nruns, const struct target *t, struct json_object **target0,
			 struct json_object **group0)
{
	set->raid = calloc(nruns, sizeof(*set->raid));
	set->limiting = calloc(nruns, sizeof(*set->limiting));
	set->before = raid_snap_new(t);
	set->after = raid_snap_new(t);
	*target0 = result_target_json(t);
	*group0 = raid_group_json(t);
	return set->raid && set->limiting && set->before && set->after && *target0 && *group0 ? 0 : -ENOMEM;
}

int cmd_run(int argc, char **argv)
{
	char err[TARGET_ERRLEN];
	char out_dir[PATH_MAX];
	char started[32], finished[32];
	struct run_opts o;
	struct run_set set = { 0 };
	struct result_meta meta = { .virtual_seconds = NAN };
	struct target *t = NULL;
	struct json_object *doc = NULL, *target0 = NULL, *group0 = NULL;
	size_t nchunk = 1;
	char *command;
	bool virtual_time;
	int ret;

	/* Before getopt permutes argv. */
	command = join_command(argc, argv);
	if (!command) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	ret = parse_args(argc, argv, &o);
	if (ret < 0) {
		ret = EXIT_OK;
		goto out;
	}
	if (ret != EXIT_OK)
		goto out;
	nchunk = o.nchunk ? o.nchunk : 1;

	/* SIGINT/SIGTERM from here on: stop at the next batch, drain, save, exit 130. */
	interrupt_install();
	ret = open_run_target(&o, 0, &t);
	if (ret != EXIT_OK)
		goto out;
	ret = check_against_target(&o, t);
	if (ret != EXIT_OK)
		goto out;

	if (o.dry_run) {
		ret = dry_run(&o, t);
		goto out;
	}
	/* Reads never need confirmation; writes to a real device (each member of a group) always do. */
	if (workload_writes(&o.w) && (ret = dev_safety_gate(t, o.yes, o.force, false, "run")))
		goto out;

	if (o.out_dir) {
		snprintf(out_dir, sizeof(out_dir), "%s", o.out_dir);
		ret = result_mkdir_p(out_dir, err, sizeof(err));
	} else {
		ret = make_default_out(out_dir, sizeof(out_dir), err, sizeof(err));
	}
	if (ret < 0) {
		cli_error("--out: %s", err);
		ret = EXIT_RUN_FAILED;
		goto out;
	}

	set.res = calloc(nchunk * o.nqd, sizeof(*set.res));
	if (!set.res || (o.nchunk && raid_set_init(&set, nchunk * o.nqd, t, &target0, &group0))) {
		cli_error("out of memory");
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	virtual_time = target_has(t, TARGET_CAP_VIRTUAL_TIME);
	utc_stamp(started, sizeof(started), true);
	o.w.stop_requested = interrupt_requested;
	if (interrupt_requested()) {
		cli_error("interrupted before the run started; nothing written");
		ret = EXIT_INTERRUPTED;
		goto out;
	}
	for (size_t c = 0; c < nchunk && !set.interrupted; c++) {
		if (c) {
			/* A fresh group per chunk: simulated members start from the same state every time. */
			target_close(t);
			t = NULL;
			if ((ret = open_run_target(&o, c, &t)) != EXIT_OK || (ret = check_against_target(&o, t)) != EXIT_OK)
				goto out;
		}
		if ((ret = run_steps(&o, t, c, &set)) != EXIT_OK)
			goto out;
	}
	utc_stamp(finished, sizeof(finished), true);

	/* Wall-clock stamps would make identical simulated runs differ. */
	meta.command = command;
	if (virtual_time) {
		meta.virtual_seconds = set.vsec;
	} else {
		meta.started = started;
		meta.finished = finished;
	}
	o.w.qd = (unsigned)o.qds[0];
	doc = run_doc(&meta, t, &o, &set, target0, group0);
	if (!doc) {
		cli_error("out of memory building the result");
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	if (write_results(out_dir, &o, &set, doc, err, sizeof(err)) < 0) {
		cli_error("saving results: %s", err);
		ret = EXIT_RUN_FAILED;
		goto out;
	}

	if (o.json)
		printf("%s\n", result_json_text(doc));
	else if (!o.quiet && o.nchunk > 1)
		print_chunks(stdout, &o, &set);
	else if (!o.quiet && set.n == 1)
		print_summary(stdout, &set.res[0], false, 0);
	else if (!o.quiet)
		print_curve(stdout, set.res, set.n);
	fflush(stdout);
	if (set.interrupted) {
		cli_error("interrupted at qd %u; results so far in %s/result.json", set.res[set.n - 1].qd,
			  out_dir);
		ret = EXIT_INTERRUPTED;
		goto out;
	}
	fprintf(stderr, "results: %s/result.json\n", out_dir);
	ret = EXIT_OK;

out:
	json_object_put(doc);
	json_object_put(target0);
	json_object_put(group0);
	for (size_t i = 0; i < set.n; i++) {
		run_result_free(&set.res[i]);
		if (set.raid)
			json_object_put(set.raid[i]);
	}
	free(set.res);
	free(set.raid);
	free(set.limiting);
	raid_snap_free(set.before);
	raid_snap_free(set.after);
	target_close(t);
	free(command);
	return ret;
}
