/* SPDX-License-Identifier: MIT */
/*
 * ssdprof run TARGET [options]: one workload, one time series, one result.
 *
 * Everything that can be wrong with the command line is checked before the
 * output directory exists, so a typo leaves nothing behind.
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

#include "commands.h"
#include "parse.h"
#include "result_json.h"
#include "target.h"
#include "workload.h"

#define DEFAULT_OUT_PARENT "ssdprof-results"
/* Larger blocks buy nothing for profiling and io_req.len is 32-bit. */
#define MAX_BS (64ull << 20)
#define MIN_INTERVAL_NS 1000000ull
/* Far above any real queue; the target's own limit is checked after opening it. */
#define MAX_QD 65536

const char cmd_run_usage[] =
	"usage: ssdprof run TARGET [--rw randwrite|randread|write|read] [--bs SIZE]\n"
	"                   [--qd N] [--time DUR | --bytes SIZE] [--span PCT]\n"
	"                   [--interval DUR] [--seed N] [--json] [--out DIR] [--quiet]\n"
	"\n"
	"Run one workload against TARGET and record IOPS, throughput, latency and\n"
	"write amplification per interval.\n"
	"\n"
	"  --rw MODE       access pattern (default randwrite)\n"
	"  --bs SIZE       block size, a multiple of the target's LBA (default 4k)\n"
	"  --qd N          I/Os kept in flight (default 32)\n"
	"  --time DUR      run this long on the target's clock (default 60s;\n"
	"                  virtual time on a simulated drive)\n"
	"  --bytes SIZE    run until this many bytes are done instead\n"
	"  --span PCT      confine offsets to the first PCT of the capacity (default 100)\n"
	"  --interval DUR  sample period (default 1s)\n"
	"  --seed N        seed for offsets and data (default 1)\n"
	"  --json          print the result document on stdout instead of progress\n"
	"  --out DIR       where result.json and timeseries.csv go\n"
	"                  (default ./" DEFAULT_OUT_PARENT "/<UTC timestamp>/)\n"
	"  --quiet         no progress lines\n"
	"\n"
	"Sizes take k/M/G/T (1024) or kB/MB/GB/TB (1000); durations ms/s/m/h.\n"
	"Example: ssdprof run sim:budget-tlc,capacity=4G --time 30s --qd 8\n";

struct run_opts {
	struct workload w;
	double span_pct;
	const char *target;
	const char *out_dir;
	bool json;
	bool quiet;
};

enum {
	OPT_RW = 256, OPT_BS, OPT_QD, OPT_TIME, OPT_BYTES, OPT_SPAN, OPT_INTERVAL,
	OPT_SEED, OPT_JSON, OPT_OUT, OPT_QUIET,
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

/* EXIT_OK to go on, EXIT_USAGE after an error, -1 after printing help. */
static int parse_args(int argc, char **argv, struct run_opts *o)
{
	static const struct option longopts[] = {
		{ "rw", required_argument, NULL, OPT_RW },
		{ "bs", required_argument, NULL, OPT_BS },
		{ "qd", required_argument, NULL, OPT_QD },
		{ "time", required_argument, NULL, OPT_TIME },
		{ "bytes", required_argument, NULL, OPT_BYTES },
		{ "span", required_argument, NULL, OPT_SPAN },
		{ "interval", required_argument, NULL, OPT_INTERVAL },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "out", required_argument, NULL, OPT_OUT },
		{ "quiet", no_argument, NULL, OPT_QUIET },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	char err[TARGET_ERRLEN];
	bool have_time = false, have_bytes = false;
	uint64_t v;
	int c;

	memset(o, 0, sizeof(*o));
	o->w.rw = WL_RANDWRITE;
	o->w.bs = 4096;
	o->w.qd = 32;
	o->w.time_ns = 60ull * 1000000000ull;
	o->w.interval_ns = 1000000000ull;
	o->w.seed = 1;
	o->span_pct = 100;

	opterr = 0;
	optind = 0;  /* GNU: full reset, in case a caller parsed before us */
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_RW:
			if (workload_rw_parse(optarg, &o->w.rw) < 0) {
				cli_error("--rw: '%s' is not an access pattern; use randwrite, "
					  "randread, write or read", optarg);
				return EXIT_USAGE;
			}
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
			break;
		case OPT_QD:
			if (parse_u64("--qd", optarg, 1, MAX_QD, &v, err, sizeof(err)) < 0)
				goto parse_error;
			o->w.qd = (unsigned)v;
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
	if (optind >= argc) {
		cli_error("run: missing TARGET; try ssdprof run sim:budget-tlc");
		return EXIT_USAGE;
	}
	if (argc - optind > 1) {
		cli_error("run: unexpected argument '%s'; run takes one TARGET",
			  argv[optind + 1]);
		return EXIT_USAGE;
	}
	o->target = argv[optind];
	return EXIT_OK;

parse_error:
	cli_error("%s", err);
	return EXIT_USAGE;
}

/* The checks that need the opened target; fills o->w.span_bytes. */
static int check_against_target(struct run_opts *o, const struct target *t)
{
	const struct target_info *info = &t->info;
	uint64_t span;

	if (info->lba_bytes == 0 || o->w.bs % info->lba_bytes != 0) {
		cli_error("--bs: %u bytes is not a multiple of the target's %u-byte LBA",
			  o->w.bs, info->lba_bytes);
		return EXIT_USAGE;
	}
	if (o->w.qd > t->ops->max_queue_depth) {
		cli_error("--qd: %u is out of range; the target keeps at most %u I/Os "
			  "in flight", o->w.qd, t->ops->max_queue_depth);
		return EXIT_USAGE;
	}
	if (!target_has(t, workload_rw_writes(o->w.rw) ? TARGET_CAP_WRITE : TARGET_CAP_READ)) {
		cli_error("--rw: %s is not possible; target '%s' cannot %s",
			  workload_rw_name(o->w.rw), info->path,
			  workload_rw_writes(o->w.rw) ? "write" : "read");
		return EXIT_USAGE;
	}
	span = (uint64_t)((long double)info->capacity_bytes * o->span_pct / 100.0L);
	if (span > info->capacity_bytes)
		span = info->capacity_bytes;
	span -= span % o->w.bs;
	if (span == 0) {
		cli_error("--span: %g%% is less than one %u-byte --bs block of the "
			  "%llu-byte target", o->span_pct, o->w.bs,
			  (unsigned long long)info->capacity_bytes);
		return EXIT_USAGE;
	}
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

static int print_progress(const struct run_sample *s, void *arg)
{
	FILE *out = arg;
	char b[5][32];

	fprintf(out, "t=%ss  iops %s  MB/s %s  lat_mean_us %s  waf %s\n",
		fixed(b[0], sizeof(b[0]), 7, 1, s->t_s),
		fixed(b[1], sizeof(b[1]), 8, 0, s->iops),
		fixed(b[2], sizeof(b[2]), 7, 1, s->mbps),
		fixed(b[3], sizeof(b[3]), 6, 1, s->lat_mean_us),
		isfinite(s->waf) ? fixed(b[4], sizeof(b[4]), 4, 2, s->waf) : "-");
	/* A pipe would otherwise hold back a long run's progress. */
	fflush(out);
	return 0;
}

static void print_summary(FILE *out, const struct run_result *r)
{
	char b[4][32];
	char wa[32];

	if (isfinite(r->waf))
		snprintf(wa, sizeof(wa), "WA %.2f over the run", r->waf);
	else
		snprintf(wa, sizeof(wa), "WA unknown");
	fprintf(out, "run: %s s  iops %s  MB/s %s  lat_mean_us %s  %s\n",
		fixed(b[0], sizeof(b[0]), 0, 1, (double)r->elapsed_ns / 1e9),
		fixed(b[1], sizeof(b[1]), 0, 0, r->iops),
		fixed(b[2], sizeof(b[2]), 0, 1, r->mbps),
		fixed(b[3], sizeof(b[3]), 0, 1, r->lat_mean_us), wa);
}

int cmd_run(int argc, char **argv)
{
	char err[TARGET_ERRLEN];
	char out_dir[PATH_MAX];
	char started[32], finished[32];
	struct run_opts o;
	struct run_result res = { 0 };
	struct result_meta meta = { .virtual_seconds = NAN };
	struct target *t = NULL;
	struct json_object *doc = NULL;
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

	if (target_open(o.target, &t, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		ret = EXIT_USAGE;
		goto out;
	}
	ret = check_against_target(&o, t);
	if (ret != EXIT_OK)
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

	virtual_time = target_has(t, TARGET_CAP_VIRTUAL_TIME);
	utc_stamp(started, sizeof(started), true);
	ret = workload_run(t, &o.w, &res, o.json || o.quiet ? NULL : print_progress, stdout,
			   err, sizeof(err));
	if (ret < 0) {
		cli_error("run failed: %s", err);
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	utc_stamp(finished, sizeof(finished), true);

	/* Wall-clock stamps would make identical simulated runs differ. */
	meta.command = command;
	if (virtual_time) {
		meta.virtual_seconds = (double)res.elapsed_ns / 1e9;
	} else {
		meta.started = started;
		meta.finished = finished;
	}
	doc = result_run_json(&meta, t, &o.w, &res, 1);
	if (!doc) {
		cli_error("out of memory building the result");
		ret = EXIT_RUN_FAILED;
		goto out;
	}
	if (result_write_timeseries_csv(out_dir, "timeseries.csv", &res, err, sizeof(err)) < 0 ||
	    result_write_json(out_dir, "result.json", doc, err, sizeof(err)) < 0) {
		cli_error("saving results: %s", err);
		ret = EXIT_RUN_FAILED;
		goto out;
	}

	if (o.json)
		printf("%s\n", result_json_text(doc));
	else if (!o.quiet)
		print_summary(stdout, &res);
	fflush(stdout);
	fprintf(stderr, "results: %s/result.json\n", out_dir);
	ret = EXIT_OK;

out:
	json_object_put(doc);
	run_result_free(&res);
	target_close(t);
	free(command);
	return ret;
}
