/* SPDX-License-Identifier: MIT */
/*
 * The one table of the options commands share: the workload of the rounds
 * (--bs, --qd, --seed, --round...), the purge, where results go (--out,
 * --json, --quiet), the safety confirmations (--yes, --force, --dry-run)
 * and a RAID group (--raid, --chunk).  A command names the shared options it
 * takes (a mask of CLI_O_*) and its own getopt entries; cli_opts_next
 * parses and checks the shared ones into struct cli_opts and hands the
 * command only its own.  An own entry with a shared option's name replaces
 * the shared one (run's --qd and --chunk take lists).
 *
 * cli_opts_init also records the user's command line, quoted and in the
 * order typed, before getopt permutes argv: the "command" of every result.
 */
#ifndef SSDPROF_OPTIONS_H
#define SSDPROF_OPTIONS_H

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/workload.h"
#include "precondition/precondition.h"

enum cli_option_id {
	CLI_OPT_BS = 1000, CLI_OPT_QD, CLI_OPT_SEED, CLI_OPT_ROUND, CLI_OPT_MAX_WRITES, CLI_OPT_MAX_ROUNDS, CLI_OPT_MIN_WRITES,
	CLI_OPT_FILL_PASSES, CLI_OPT_PURGE_METHOD, CLI_OPT_OUT, CLI_OPT_JSON, CLI_OPT_QUIET, CLI_OPT_DRY_RUN,
	CLI_OPT_YES, CLI_OPT_FORCE, CLI_OPT_RAID, CLI_OPT_CHUNK, CLI_OPT_WORKLOAD, CLI_OPT_RANDOM_DIST,
	CLI_OPT_EVENTS, CLI_OPT_METRICS,
	CLI_OPT_END,   /* commands number their own options from here */
};

/* The bit of a shared option in a command's mask. */
#define CLI_O(id) (1u << ((id) - CLI_OPT_BS))
/* Where results go. */
#define CLI_O_OUTPUT (CLI_O(CLI_OPT_OUT) | CLI_O(CLI_OPT_JSON) | CLI_O(CLI_OPT_QUIET))
/* The confirmations of a command that writes. */
#define CLI_O_CONFIRM (CLI_O(CLI_OPT_YES) | CLI_O(CLI_OPT_FORCE) | CLI_O(CLI_OPT_DRY_RUN))
/* The workload. */
#define CLI_O_IO (CLI_O(CLI_OPT_BS) | CLI_O(CLI_OPT_QD) | CLI_O(CLI_OPT_SEED))
/* The shape of the I/O: --workload NAME, --random-dist D. */
#define CLI_O_SHAPE (CLI_O(CLI_OPT_WORKLOAD) | CLI_O(CLI_OPT_RANDOM_DIST))
/* Progress as JSON lines (cli/progress.h), and --metrics (cli/metrics.h): the commands that show progress by phases. */
#define CLI_O_EVENTS (CLI_O(CLI_OPT_EVENTS) | CLI_O(CLI_OPT_METRICS))
/* A RAID group of the TARGETs. */
#define CLI_O_GROUP (CLI_O(CLI_OPT_RAID) | CLI_O(CLI_OPT_CHUNK))
/* Everything precondition and sweep take. */
#define CLI_O_ALL (CLI_O(CLI_OPT_END) - 1)
/* What run takes (its own --qd and --chunk take lists), and slc. */
#define CLI_O_RUN (CLI_O_IO | CLI_O_OUTPUT | CLI_O_CONFIRM | CLI_O_GROUP | CLI_O_SHAPE | CLI_O_EVENTS)
#define CLI_O_SLC (CLI_O_IO | CLI_O(CLI_OPT_PURGE_METHOD) | CLI_O_OUTPUT | CLI_O_EVENTS | CLI_O_CONFIRM | CLI_O_GROUP)
/* What qualify takes: its progress has no --events. */
#define CLI_O_QUALIFY (CLI_O_ALL & ~CLI_O(CLI_OPT_EVENTS))
#define CLI_O_PTS                                                                                               \
	(CLI_O(CLI_OPT_QD) | CLI_O(CLI_OPT_SEED) | CLI_O(CLI_OPT_MAX_ROUNDS) | CLI_O(CLI_OPT_FILL_PASSES) |     \
	 CLI_O(CLI_OPT_MIN_WRITES) | CLI_O(CLI_OPT_PURGE_METHOD) | CLI_O_OUTPUT | CLI_O_CONFIRM | CLI_O_GROUP)

/* Entries of the merged getopt table: every shared option, the command's own, the terminator. */
#define CLI_MAX_LONGOPTS 48
_Static_assert(CLI_MAX_LONGOPTS <= 64, "cli_opts.valued has a bit per entry");

/* The longest --out (and --resume) directory: room for the file names written in it. */
#define CLI_MAX_OUT_LEN (PATH_MAX - 64)

/*
 * The getopt entries of a command that takes own and the shared options of
 * mask, as cli_opts_init merges them: own first (an own entry replaces the
 * shared one of its name), then the shared ones, then fio's names of those
 * (cli/fio_names.h).  Terminated; returns the count.
 */
size_t cli_longopts(struct option *out, size_t max, unsigned mask, const struct option *own);

/* Sizes of a --bs list. */
#define CLI_MAX_BS_LIST 16

struct cli_opts {
	const char *cmd;            /* argv[0]: the subcommand, for messages */
	char *command;              /* the user's command line, quoted, in the order typed */
	struct precondition_settings s;
	const char *purge_method;   /* NULL: auto */
	const char *out;
	const char *yes;
	const char *events;         /* --events FILE, "-" for stdout */
	struct metrics *metrics;    /* --metrics FILE (cli/metrics.h), or NULL; shared by a batch's copies */
	bool json, quiet, dry_run, force;
	int raid_level;             /* -1: not a group */
	uint64_t chunk;
	bool chunk_given;
	unsigned open_flags;        /* target_open_flags: TARGET_OPEN_WRITE if destructive, else _READONLY */
	unsigned given;             /* how many round/purge settings were given explicitly */
	unsigned seen;              /* CLI_O(id) of every shared option given */
	unsigned long long valued;  /* bit i: longopts[i] was given with a value */
	/* --workload / --random-dist (have_shape); s.shape points here once the target is checked. */
	struct workload shape;
	bool have_shape;
	/* One drive of a batch (cli/batch.h): its lines prefixed, its first error kept; NULL otherwise. */
	struct batch_drive *batch;
	/* --bs LIST (a command that sets bs_list_ok before parsing: run): its sizes; s.bs is the first. */
	uint64_t bss[CLI_MAX_BS_LIST];
	size_t nbs;
	bool bs_list_ok;
	int argc;
	char **argv;
	struct option longopts[CLI_MAX_LONGOPTS];
};

#define CLI_USAGE_METRICS \
	"  --metrics FILE     live state for Prometheus: node_exporter's textfile format\n" \
	"                     into FILE (a NAME.prom), replaced at most once a second\n"

/* The rounds' own options (qualify prints them with its own output options). */
#define CLI_USAGE_ROUNDS_CORE \
	"  --bs SIZE          block size of the steady-state writes (default 4k)\n" \
	"  --qd N             queue depth (default 32)\n" \
	"  --round DUR        length of a round (default 60s; virtual time on sim:)\n" \
	"  --max-writes N[x]  stop after N x the usable capacity written in rounds\n" \
	"  --max-rounds N     stop after N counted rounds (default 25, at least 5)\n" \
	"  --min-writes N[x]  a steady window counts only after N x the usable capacity\n" \
	"                     was written in rounds, at least min(N, 1)x of it after\n" \
	"                     what the OP leaves unmapped (GC starts only then); rounds\n" \
	"                     before it are warm-up and do not count toward --max-rounds\n" \
	"                     (default 1x; sweep --fast 2x;\n" \
	"                     0: the SNIA window alone)\n" \
	"  --fill-passes N    sequential 128k fill passes before the rounds (default 2; 0 skips)\n" \
	"  --purge-method M   how to purge: auto, sanitize-block, sanitize-crypto,\n" \
	"                     sanitize-overwrite, format, format-crypto, ata-erase,\n" \
	"                     ata-erase-enhanced or trim (default auto)\n" \
	"  --seed N           random seed (default 1)\n"
#define CLI_USAGE_ROUNDS \
	CLI_USAGE_ROUNDS_CORE \
	"  --out DIR          results directory (default ./ssdprof-results/<UTC timestamp>/)\n" \
	"  --json             print the result document on stdout\n" \
	"  --quiet            no progress lines, no status line\n" \
	"  --events FILE      progress as JSON lines, one per event, into FILE (-: standard\n" \
	"                     output, and nothing else there)\n" \
	CLI_USAGE_METRICS \
	"  --dry-run          print every destructive step and touch nothing\n" \
	"  --yes SERIAL       confirm a real device by its serial (or kernel name, e.g. loop3);\n" \
	"                     a group of drives: every member's, comma-separated\n" \
	"  --force            with --yes: write even to a device in use or holding a\n" \
	"                     partition table or filesystem\n" \
	"  --raid LEVEL       treat the TARGETs as members of a RAID 0, 1, 5, 6 or 10 group\n" \
	"                     (all simulated, or all files and block devices)\n" \
	"  --chunk SIZE       the group's chunk (stripe unit), a power of two (default 64k)\n" \
	"  --workload NAME    the rounds run an access specification instead of random\n" \
	"                     writes of --bs (ssdprof workloads lists them)\n" \
	"  --random-dist D    which blocks the rounds' random I/Os hit: uniform (default),\n" \
	"                     zipf:THETA, pareto:H or hotcold:HOT%/TRAFFIC%\n"

/*
 * Start on argv (argv[0] the subcommand) for a command taking the shared
 * options in mask and its own (own: NULL-terminated, or NULL): defaults,
 * the recorded command line, the merged getopt table.  0, or an exit code
 * after printing why.  Every cli_opts_init needs a cli_opts_release.
 */
int cli_opts_init(struct cli_opts *c, int argc, char **argv, unsigned mask, const struct option *own);
void cli_opts_release(struct cli_opts *c);

/*
 * The command's next own option in *opt (with optarg), or -1 in *opt at the
 * end of the options (optind is then the first operand), taking the shared
 * ones on the way.  0, or EXIT_USAGE after printing why (a bad value, an
 * unknown option, a missing value, an option that takes a value given twice
 * (only --op-member may repeat), --force without --yes).
 */
int cli_opts_next(struct cli_opts *c, int *opt);

/* Whether the shared option id was given. */
static inline bool cli_opts_seen(const struct cli_opts *c, enum cli_option_id id)
{
	return c->seen & CLI_O(id);
}

/* One RAID chunk size for option opt (e.g. "--chunk"): a power of two from 4k to 64M.  0, or EXIT_USAGE after printing why. */
int cli_parse_chunk(const char *opt, const char *arg, uint64_t *out);
/* At most LIM_RUN_SAMPLES_MAX samples over steps of time_ns sampled every interval_ns (0: no set time).  0, or EXIT_USAGE after printing why. */
int cli_check_samples(uint64_t time_ns, uint64_t interval_ns, uint64_t steps);

/* A purge method by name, NULL for "auto": 0, or EXIT_USAGE after printing why (opt: the option, e.g. "--method"). */
int cli_parse_purge_method(const char *opt, const char *arg, const char **method);

#endif
