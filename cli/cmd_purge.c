/* SPDX-License-Identifier: MIT */
/*
 * ssdprof purge TARGET [--method M] [--yes SERIAL] [--force] [--dry-run]
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/dev_common.h"
#include "cli/options.h"
#include "precondition/precondition.h"
#include "device/target.h"
#include "open/open.h"

const char cmd_purge_usage[] =
	"usage: ssdprof purge TARGET [--method METHOD] [--yes SERIAL] [--force] [--dry-run]\n"
	"\n"
	"Return the drive to its fresh-out-of-box state.  DESTROYS ALL DATA on TARGET.\n"
	"\n"
	"  --method M     auto (default: the drive's best), sanitize-block, sanitize-crypto,\n"
	"                 sanitize-overwrite, format (NVMe Format NVM, user data erase),\n"
	"                 format-crypto (SES=2), ata-erase, ata-erase-enhanced (SATA\n"
	"                 SECURITY ERASE UNIT) or trim (deallocate every block)\n"
	"  --yes SERIAL   confirm the drive by its serial (ssdprof list shows it)\n"
	"  --force        also purge a drive that is in use or holds a partition table\n"
	"                 or filesystem (needs --yes)\n"
	"  --dry-run      print each command that would be sent, send nothing\n"
	"\n"
	"NVMe sanitize acts on the whole NVM subsystem (every namespace); the log is\n"
	"polled until it completes.  SATA security erase sets a temporary password,\n"
	"erases, and makes sure no password is left.  A plain block device or file\n"
	"can only be TRIMmed (best effort).\n"
	"Example: ssdprof purge /dev/nvme1n1 --method format --yes S4EWNX0R123456\n";

struct purge_req {
	const char *spec, *method;
};

static int purge_open(void *arg, unsigned flags, struct target **t)
{
	const struct purge_req *p = arg;
	char err[TARGET_ERRLEN];

	if (target_open_flags(p->spec, flags, t, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

/* What the gate waits for: a target that can purge, by the method asked.  0 or EXIT_USAGE after printing. */
static int purge_check(void *arg, struct target *t)
{
	const struct purge_req *p = arg;
	char err[TARGET_ERRLEN];

	if (!target_has(t, TARGET_CAP_PURGE) && !target_has(t, TARGET_CAP_TRIM)) {
		cli_error("purge: %s can neither purge nor TRIM", t->info.path);
		return EXIT_USAGE;
	}
	/* The method must suit the drive before anything else is looked at. */
	if (dev_purge_supported(t, p->method, err, sizeof(err)) < 0) {
		cli_error("%s", err);
		return EXIT_USAGE;
	}
	return 0;
}

static int purge(const struct cli_opts *o, const char *spec, const char *method)
{
	struct purge_req p = { .spec = spec, .method = method };
	/* purge is destructive (commands.c): a read-write open, then the one gate. */
	const struct dev_open req = {
		.cmd = "purge", .yes = o->yes, .force = o->force, .dry_run = o->dry_run, .flags = o->open_flags,
		.open = purge_open, .check = purge_check, .arg = &p,
	};
	bool dry_run = o->dry_run;
	char err[TARGET_ERRLEN], used[32];
	struct target *t = NULL;
	struct timespec t0, t1;
	int ret, rc;

	rc = dev_open_gated(&req, &t);
	if (rc)
		goto out;
	if (target_has(t, TARGET_CAP_GENERIC))
		cli_warning("%s is a %s target: only a full TRIM is possible (best effort: the "
			"drive's own sanitize, format or secure erase is not reachable this way)", t->info.path,
			t->info.kind);
	if (dry_run) {
		printf("purge %s (%s, serial %s) by %s; would send:\n", t->info.path, t->info.model[0] ? t->info.model :
		       t->info.kind, t->info.serial[0] ? t->info.serial : "none", method ? method : "auto");
		dev_set_dry_run(t, true, stdout);
		if (target_has(t, TARGET_CAP_GENERIC) || target_has(t, TARGET_CAP_SIMULATED)) {
			printf("would %s all %llu bytes of %s\n", target_has(t, TARGET_CAP_SIMULATED) ? "purge the simulated drive," :
			       target_has(t, TARGET_CAP_REAL_DEVICE) ? "BLKDISCARD" : "punch a hole over",
			       (unsigned long long)t->info.capacity_bytes, t->info.path);
			rc = EXIT_OK;
			goto out;
		}
		ret = precondition_purge(t, method, used, sizeof(used), err, sizeof(err));
		/* The purge command exists to purge: a device that takes no TRIM is an error here. */
		rc = ret ? EXIT_USAGE : EXIT_OK;
		if (ret)
			cli_error("%s", err);
		goto out;
	}
	dev_set_progress(t);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = precondition_purge(t, method, used, sizeof(used), err, sizeof(err));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (ret) {
		cli_error("purge: %s", err);
		rc = ret == -EOPNOTSUPP || ret > 0 ? EXIT_USAGE : EXIT_RUN_FAILED;
		goto out;
	}
	printf("purged %s (%s) by %s in %.1f s\n", t->info.path, t->info.serial[0] ? t->info.serial : t->info.kind,
	       method ? method : "auto", (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	rc = EXIT_OK;
out:
	target_close(t);
	return rc;
}

enum { OPT_METHOD = CLI_OPT_END };

const struct option cmd_purge_options[] = {
	{ "method", required_argument, NULL, OPT_METHOD },
	{ NULL, 0, NULL, 0 },
};

int cmd_purge(int argc, char **argv)
{
	struct cli_opts o;
	const char *method = NULL;
	int c, rc;

	if ((rc = cli_opts_init(&o, argc, argv, CLI_O_CONFIRM, cmd_purge_options)))
		return rc;
	while (!(rc = cli_opts_next(&o, &c)) && c != -1)
		if (c == OPT_METHOD)
			method = optarg;
	if (!rc && optind != argc - 1) {
		cli_error("purge needs one TARGET; see ssdprof purge --help");
		rc = EXIT_USAGE;
	}
	if (!rc && method)
		rc = cli_parse_purge_method("--method", method, &method);
	if (!rc)
		rc = purge(&o, argv[optind], method);
	cli_opts_release(&o);
	return rc;
}
