/* SPDX-License-Identifier: MIT */
/*
 * ssdprof op TARGET --show | --set PCT [--method M] [--permanent] | --restore
 *
 * OP is relative to the drive's original capacity: the one recorded in the
 * OP journal when ssdprof changed it, else the capacity it has now.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cli/commands.h"
#include "config.h"
#include "util/escape.h"
#include "cli/dev_common.h"
#include "cli/options.h"
#include "device/op_journal.h"
#include "util/parse.h"
#include "reports/term_op.h"
#include "results/op_json.h"
#include "results/result_json.h"
#include "profiler/sweep.h"
#include "device/target.h"
#include "open/open.h"

const char cmd_op_usage[] =
	"usage: ssdprof op TARGET --show [--json]\n"
	"       ssdprof op TARGET --set PCT [--method auto|namespace|hpa|span] [--permanent]\n"
	"                         [--yes SERIAL] [--force] [--dry-run]\n"
	"       ssdprof op TARGET --restore [--yes SERIAL] [--dry-run]\n"
	"\n"
	"Over-provisioning: hold back PCT % of the drive's original capacity.\n"
	"  namespace  NVMe: detach, delete and recreate the namespace smaller, attach,\n"
	"             rescan and check the new size (needs namespace management)\n"
	"  hpa        SATA: SET MAX ADDRESS EXT (volatile unless --permanent), checked\n"
	"             by re-reading IDENTIFY DEVICE\n"
	"  span       anywhere: TRIM the blocks past the span and never write there\n"
	"  auto       the first of these the drive supports; if the drive refuses the\n"
	"             namespace or HPA change, span, and it says so\n"
	"The original layout is journalled before anything changes (in $SSDPROF_STATE,\n"
	"else " SSDPROF_STATE_DIR "), so --restore works also after a crash.\n"
	"Example: ssdprof op /dev/nvme1n1 --set 20 --yes S4EWNX0R123456\n";

static const char *span_note = "span OP: the blocks past the span are TRIMmed; workloads (sweep, precondition) "
			      "must be given the span, the drive's capacity is unchanged";

/*
 * t's journal entry into *e and *have; EXIT_OK, or EXIT_USAGE with one line
 * when the entry is damaged: it is the only record of the original size.
 */
static int journal_for(struct target *t, struct op_journal_entry *e, bool *have)
{
	char why[600];
	int ret = op_journal_read(t->info.serial[0] ? t->info.serial : t->info.path, e, why, sizeof(why));

	*have = ret == 0;
	if (ret < 0 && ret != -ENOENT) {
		cli_error("op: %s; repair it or move it aside (it holds the drive's original size), then run again",
			  why);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int show(struct target *t, bool json)
{
	struct op_journal_entry e;
	bool have;
	int rc = journal_for(t, &e, &have);
	uint64_t orig, cur;
	char purge[200], op[64], yes[TARGET_ERRLEN + 8];
	struct json_object *o;

	if (rc != EXIT_OK)
		return rc;
	orig = have ? e.original_bytes : t->info.capacity_bytes;
	cur = have && !strcmp(e.method, "span") ? e.current_bytes : t->info.capacity_bytes;
	target_method_names(t, purge, sizeof(purge), op, sizeof(op));
	if (!(o = op_state_json(t, orig, cur, have ? &e : NULL, op, dev_native_bytes(t)))) {
		cli_error("out of memory");
		return EXIT_RUN_FAILED;
	}
	if (json)
		printf("%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY));
	else
		term_op(stdout, o, dev_yes_arg(t, yes, sizeof(yes)));
	json_object_put(o);
	return EXIT_OK;
}

/* Span OP on a device: TRIM past the span; the journal remembers the span. */
static int set_span(struct target *t, uint64_t orig, uint64_t usable, bool dry_run, char *err, size_t errlen)
{
	struct op_journal_entry e;
	int ret;

	if (usable < t->info.capacity_bytes && target_has(t, TARGET_CAP_TRIM)) {
		if (dry_run) {
			printf("would TRIM %llu bytes from offset %llu (past the span)\n",
			       (unsigned long long)(t->info.capacity_bytes - usable), (unsigned long long)usable);
		} else {
			ret = t->ops->trim(t, usable, t->info.capacity_bytes - usable);
			if (ret < 0) {
				snprintf(err, errlen, "TRIM past the span failed: %s", strerror(-ret));
				return ret;
			}
		}
	}
	if (dry_run || !target_has(t, TARGET_CAP_REAL_DEVICE))
		return 0;
	if (usable == orig)
		return op_journal_remove(t->info.serial[0] ? t->info.serial : t->info.path);
	memset(&e, 0, sizeof(e));
	snprintf(e.serial, sizeof(e.serial), "%.63s", t->info.serial[0] ? t->info.serial : t->info.path);
	snprintf(e.path, sizeof(e.path), "%s", t->info.path);
	snprintf(e.method, sizeof(e.method), "span");
	snprintf(e.step, sizeof(e.step), "done");
	e.original_bytes = orig;
	e.current_bytes = usable;
	return op_journal_save(&e, err, errlen);
}

enum { OPT_SHOW = CLI_OPT_END, OPT_SET, OPT_RESTORE, OPT_METHOD, OPT_PERMANENT };

struct op_args {
	const char *spec;
	bool dry_run, permanent, restore, show;
	double pct;
	enum op_method m;
	struct op_journal_entry e;   /* the change recorded, when have */
	bool have;
};

/* The method must fit the drive before confirmation is asked for.  0, or EXIT_USAGE after printing why. */
static int check_method(struct target *t, enum op_method m)
{
	char err[TARGET_ERRLEN];

	/* Check the method fits the drive before asking for confirmation. */
	if (m == OP_METHOD_NAMESPACE && !target_has(t, TARGET_CAP_OP_NAMESPACE)) {
		char purge[200], op[64];

		target_method_names(t, purge, sizeof(purge), op, sizeof(op));
		if (!strstr(op, "namespace")) {
			/* Let the NVMe target explain (e.g. the controller refused before); others: list what works. */
			if (dev_has_namespaces(t) && t->ops->set_op) {
				t->ops->set_op(t, m, t->info.capacity_bytes, err, sizeof(err));
				cli_error("%s", err);
			} else {
				cli_error("--method namespace: %s (%s) cannot do namespace OP; it supports: %s", t->info.path,
					  t->info.kind, op);
			}
			return EXIT_USAGE;
		}
	}
	if (m == OP_METHOD_HPA && !target_has(t, TARGET_CAP_OP_HPA)) {
		char purge[200], op[64];

		target_method_names(t, purge, sizeof(purge), op, sizeof(op));
		cli_error("--method hpa: %s (%s) has no Host Protected Area; it supports: %s", t->info.path,
			  t->info.kind, op);
		return EXIT_USAGE;
	}
	return 0;
}

/*
 * The --span of precondition and sweep (a percentage of the capacity) that
 * gives the same usable bytes as --set op_pct: the shortest that does.
 */
static const char *span_percent(char *buf, size_t len, uint64_t orig, uint64_t usable, double op_pct)
{
	for (int digits = 4; digits <= 17; digits++) {
		snprintf(buf, len, "%.*g", digits, 100.0 - op_pct);
		if (sweep_usable_bytes(orig, 100.0 - strtod(buf, NULL)) == usable)
			break;
	}
	return buf;
}

static int op_open(void *arg, unsigned flags, struct target **t)
{
	const struct op_args *a = arg;
	char err[TARGET_ERRLEN];

	if (target_open_flags(a->spec, flags, t, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

/* What the gate waits for: the change recorded, and a method the drive has.  0, DEV_OPEN_DONE or a code. */
static int op_check(void *arg, struct target *t)
{
	struct op_args *a = arg;

	if (a->show)
		return 0;
	if (dev_set_permanent(t, a->permanent) < 0 && a->permanent)
		cli_warning("--permanent applies to SATA HPA only; ignored");
	if (journal_for(t, &a->e, &a->have) != EXIT_OK)
		return EXIT_USAGE;
	if (a->restore && !a->have) {
		printf("%s: no OP change by ssdprof is recorded; nothing to restore (%llu bytes)\n", t->info.path,
		       (unsigned long long)t->info.capacity_bytes);
		return DEV_OPEN_DONE;
	}
	return check_method(t, a->m);
}

/* Set or restore the OP of t, opened, checked and gated (op_check).  An exit code. */
static int change(struct target *t, struct op_args *a)
{
	char err[TARGET_ERRLEN];
	const struct op_journal_entry e = a->e;
	enum op_method m = a->m, used;
	bool dry_run = a->dry_run, restore = a->restore, have = a->have;
	uint64_t orig, usable;
	const char *key = t->info.serial[0] ? t->info.serial : t->info.path;
	int ret;

	if (dry_run)
		dev_set_dry_run(t, true, stdout);

	orig = have ? e.original_bytes : t->info.capacity_bytes;
	if (restore) {
		if (op_method_parse(e.method, &m) || m == OP_METHOD_AUTO)
			m = OP_METHOD_SPAN;
		if (!strcmp(e.method, "hpa"))
			dev_set_permanent(t, e.permanent);
		usable = orig;
	} else {
		usable = sweep_usable_bytes(orig, a->pct);
		if (a->pct == 0)
			usable = orig;
		usable -= usable % t->info.lba_bytes;
	}
	used = m == OP_METHOD_AUTO ? sweep_resolve_op_method(t, m) : m;
	if (m == OP_METHOD_AUTO && used == OP_METHOD_SPAN && dev_nsmgmt_refused(t))
		cli_error("--method auto: namespace management %s; falling back to span OP",
			dev_nsmgmt_refused(t));
	if (used == OP_METHOD_SPAN) {
		ret = set_span(t, orig, usable, dry_run, err, sizeof(err));
	} else if (dry_run && target_has(t, TARGET_CAP_SIMULATED)) {
		/* A simulated drive sends no commands to print (as purge --dry-run says): say what would change. */
		printf("would %s the simulated drive's %s OP: %llu bytes usable of %llu (OP %.2f%%)\n",
		       restore ? "restore" : "set", op_method_name(used), (unsigned long long)usable,
		       (unsigned long long)orig, orig ? 100.0 * (1.0 - (double)usable / (double)orig) : 0.0);
		ret = 0;
	} else {
		ret = t->ops->set_op(t, used, usable, err, sizeof(err));
		if (ret && m == OP_METHOD_AUTO && !restore && (ret == -EOPNOTSUPP || ret == -EIO) &&
		    t->info.capacity_bytes == orig) {
			cli_error("%s", err);
			cli_error("--method auto: %s OP failed with the drive unchanged; falling back to span OP",
				op_method_name(used));
			used = OP_METHOD_SPAN;
			ret = set_span(t, orig, usable, dry_run, err, sizeof(err));
		}
	}
	if (ret) {
		cli_error("op: %s", err);
		return EXIT_RUN_FAILED;
	}
	if (restore && used == OP_METHOD_SPAN && !dry_run)
		op_journal_remove(key);
	if (dry_run)
		return EXIT_OK;
	printf("%s: %s OP %s: %llu bytes usable of %llu (OP %.2f%%)\n", t->info.path, op_method_name(used),
	       restore ? "restored" : "set", (unsigned long long)usable, (unsigned long long)orig,
	       orig ? 100.0 * (1.0 - (double)usable / (double)orig) : 0.0);
	if (used == OP_METHOD_SPAN && usable != orig) {
		char span[40], yes[TARGET_ERRLEN + 8];

		printf("%s; e.g. ssdprof precondition %s --span %s%s\n", span_note, t->info.path,
		       span_percent(span, sizeof(span), orig, usable, a->pct), dev_yes_arg(t, yes, sizeof(yes)));
	}
	return EXIT_OK;
}

/* The options that go with the one action given.  0, or EXIT_USAGE after printing why. */
static int check_combination(const struct cli_opts *o, const struct op_args *a, bool show, bool have_method)
{
	const char *bad = NULL;

	if (show && (have_method || a->permanent || o->yes || o->force || o->dry_run))
		bad = "--show only reads; leave out --method, --permanent, --yes, --force and --dry-run";
	else if (!show && o->json)
		bad = "--json goes with --show; --set and --restore print one line";
	else if (a->restore && (have_method || a->permanent))
		bad = "--restore undoes the recorded change by the method it used; leave out --method and --permanent";
	if (!bad)
		return 0;
	cli_error("op: %s", bad);
	return EXIT_USAGE;
}

const struct option cmd_op_options[] = {
	{ "show", no_argument, NULL, OPT_SHOW },
	{ "set", required_argument, NULL, OPT_SET },
	{ "restore", no_argument, NULL, OPT_RESTORE },
	{ "method", required_argument, NULL, OPT_METHOD },
	{ "permanent", no_argument, NULL, OPT_PERMANENT },
	{ NULL, 0, NULL, 0 },
};

int cmd_op(int argc, char **argv)
{
	struct op_args a = { .m = OP_METHOD_AUTO };
	bool do_show = false, have_set = false, have_method = false;
	char perr[256];
	ESCAPE_BUF(q);
	struct target *t = NULL;
	struct cli_opts o;
	int c, rc;

	if ((rc = cli_opts_init(&o, argc, argv, CLI_O_CONFIRM | CLI_O(CLI_OPT_JSON), cmd_op_options)))
		return rc;
	while (!(rc = cli_opts_next(&o, &c)) && c != -1) {
		switch (c) {
		case OPT_SHOW: do_show = true; break;
		case OPT_RESTORE: a.restore = true; break;
		case OPT_SET:
			if (parse_percent("--set", optarg, 0, 90, &a.pct, perr, sizeof(perr))) {
				cli_error("%s", perr);
				rc = EXIT_USAGE;
				goto out;
			}
			have_set = true;
			break;
		case OPT_METHOD:
			have_method = true;
			if (op_method_parse(optarg, &a.m)) {
				cli_error("--method: '%s' is not an OP method; use auto, namespace, hpa or span",
					  escape_arg(q, sizeof(q), optarg));
				rc = EXIT_USAGE;
				goto out;
			}
			break;
		case OPT_PERMANENT: a.permanent = true; break;
		}
	}
	if (rc)
		goto out;
	rc = EXIT_USAGE;
	if (do_show + a.restore + have_set != 1) {
		cli_error("op: give exactly one of --show, --set PCT or --restore; see ssdprof op --help");
		goto out;
	}
	if ((rc = check_combination(&o, &a, do_show, have_method)))
		goto out;
	rc = EXIT_USAGE;
	if (optind != argc - 1) {
		cli_error("op needs one TARGET; see ssdprof op --help");
		goto out;
	}
	a.spec = argv[optind];
	a.show = do_show;
	a.dry_run = o.dry_run;
	/* --show only reads: a write open's close would have udev re-scan the drive. */
	const struct dev_open req = {
		.cmd = "op", .yes = o.yes, .force = o.force, .dry_run = o.dry_run,
		.flags = do_show ? TARGET_OPEN_READONLY : o.open_flags, .open = op_open, .check = op_check, .arg = &a,
	};

	rc = dev_open_gated(&req, &t);
	if (rc == DEV_OPEN_DONE)
		rc = EXIT_OK;
	else if (!rc)
		rc = do_show ? show(t, o.json) : change(t, &a);
out:
	target_close(t);
	cli_opts_release(&o);
	return rc;
}
