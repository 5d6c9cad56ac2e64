/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/dev_common.h"
#include "device/safety.h"
#include "device/target.h"

static void print_note(const char *line, void *arg)
{
	(void)arg;
	printf("  %s\n", line);
}

/* The gate of dev_open_gated, and only it: 0, or an exit code after printing why. */
static int safety_gate_print(struct target *t, const struct dev_open *o)
{
	const struct safety_request rq = {
		.yes = o->yes, .force = o->force, .dry_run = o->dry_run, .note = print_note, .cmd = o->cmd,
	};
	char reason[TARGET_ERRLEN];
	int ret = safety_gate(t, &rq, reason, sizeof(reason));

	if (ret < 0) {
		cli_error("%s: %s", o->cmd, reason);
		/* Read-only is no safety refusal but a target that cannot do what was asked (DESIGN.md 12). */
		return ret == -EROFS ? EXIT_USAGE : EXIT_REFUSED;
	}
	return 0;
}

/* A drive's warnings (a NAN fraction: nvme_op.c's "namespace N is now ..."), without its progress lines. */
static void warnings_only(const char *msg, double fraction, void *arg)
{
	(void)arg;
	if (isnan(fraction))
		cli_warning("%s", msg);
}

int dev_open_gated(const struct dev_open *o, struct target **t)
{
	int rc;

	*t = NULL;
	if ((rc = o->open(o->arg, o->flags, t)))
		return rc;
	/*
	 * What a drive says while it changes (a namespace back under another
	 * name) reaches the user from every command, not only from purge, which
	 * sets the full progress (dev_set_progress) over this.
	 */
	if (o->flags & TARGET_OPEN_WRITE)
		target_control(*t, TARGET_CTL_SET_PROGRESS, &(struct target_progress){ .fn = warnings_only });
	if (o->check && (rc = o->check(o->arg, *t)))
		return rc;
	/* Reads never need the gate; every write open does (the engine refuses an unclaimed device's writes). */
	return o->flags & TARGET_OPEN_WRITE ? safety_gate_print(*t, o) : 0;
}

const char *dev_yes_arg(const struct target *t, char *buf, size_t len)
{
	char name[TARGET_ERRLEN];

	if (!safety_confirm_name(t, name, sizeof(name)))
		return "";
	snprintf(buf, len, " --yes %s", name);
	return buf;
}

void dev_set_dry_run(struct target *t, bool dry_run, void *out)
{
	struct target_dry_run d = { .on = dry_run, .out = out };

	target_control(t, TARGET_CTL_SET_DRY_RUN, &d);
}

static void progress(const char *msg, double fraction, void *arg)
{
	(void)arg;
	if (isnan(fraction))
		cli_warning("%s", msg);
	else
		fprintf(stderr, "%s: %.1f%%\n", msg, fraction * 100);
}

void dev_set_progress(struct target *t)
{
	struct target_progress p = { .fn = progress };

	target_control(t, TARGET_CTL_SET_PROGRESS, &p);
}

int dev_purge_supported(struct target *t, const char *method, char *err, size_t errlen)
{
	char purge[200], op[64];
	FILE *null;
	int ret;

	if (target_has(t, TARGET_CAP_GROUP)) {
		for (unsigned i = 0; i < target_members(t); i++)
			if ((ret = dev_purge_supported(target_member(t, i), method, err, errlen)) < 0)
				return ret;
		return 0;
	}
	if (target_has(t, TARGET_CAP_DRIVE_CMDS)) {
		/* A dry run into /dev/null checks the method against the drive and sends nothing. */
		null = fopen("/dev/null", "we");
		if (!null)
			return -errno;
		dev_set_dry_run(t, true, null);
		ret = t->ops->purge(t, method, err, errlen);
		dev_set_dry_run(t, false, stdout);
		fclose(null);
		return ret;
	}
	if (!method || !strcmp(method, "auto"))
		return 0;
	target_method_names(t, purge, sizeof(purge), op, sizeof(op));
	for (const char *p = purge; *p;) {
		size_t n = strcspn(p, " ");

		if (n == strlen(method) && !strncmp(p, method, n))
			return 0;
		p += n;
		p += strspn(p, " ");
	}
	snprintf(err, errlen, "--method: %s (%s) cannot purge by '%s'; it supports: %s%s", t->info.path,
		 t->info.kind, method, purge[0] ? purge : "nothing",
		 target_has(t, TARGET_CAP_GENERIC | TARGET_CAP_REAL_DEVICE) ? " (a generic block device: the drive's own "
		 "sanitize, format or secure erase is not reachable through this path)" : "");
	return -EOPNOTSUPP;
}

unsigned long long dev_native_bytes(struct target *t)
{
	uint64_t native = 0;

	return target_control(t, TARGET_CTL_NATIVE_BYTES, &native) < 0 ? 0 : (unsigned long long)native;
}

int dev_set_permanent(struct target *t, bool permanent)
{
	return target_control(t, TARGET_CTL_SET_PERMANENT, &permanent);
}

bool dev_has_namespaces(struct target *t)
{
	const char *why = NULL;

	return target_control(t, TARGET_CTL_NSMGMT_REFUSED, &why) == 0;
}

const char *dev_nsmgmt_refused(struct target *t)
{
	const char *why = NULL;

	return target_control(t, TARGET_CTL_NSMGMT_REFUSED, &why) < 0 ? NULL : why;
}
