/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <blkid.h>

#include "ata/ata_target.h"
#include "cli/commands.h"
#include "cli/dev_common.h"
#include "nvme/nvme_target.h"
#include "raid/raid_target.h"
#include "device/safety.h"
#include "device/target.h"
#include "engine/wrap.h"

int dev_signature(const char *path, char *what, size_t len)
{
	blkid_probe pr = blkid_new_probe_from_filename(path);
	const char *type = NULL, *pttype = NULL;
	int ret;

	if (!pr)
		return -errno ? -errno : -EIO;
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_ENTRY_DETAILS);
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL);
	ret = blkid_do_safeprobe(pr);
	if (ret == 0) {
		blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
		blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
		if (pttype)
			snprintf(what, len, "a %s partition table", pttype);
		else
			snprintf(what, len, "%s %s signature", type && strchr("aeiou", type[0]) ? "an" : "a",
				 type ? type : "filesystem");
		ret = 1;
	} else if (ret == -2) {
		snprintf(what, len, "several conflicting signatures");
		ret = 1;
	} else if (ret == 1) {
		ret = 0;
	} else {
		ret = -EIO;
	}
	blkid_free_probe(pr);
	return ret;
}

static bool is_group(const struct target *t)
{
	return !strcmp(t->info.kind, "raid");
}

/*
 * The entry of a comma-separated --yes list that confirms member m (into
 * buf), or the whole list when none does, so the member's own refusal says
 * what to add.
 */
static const char *yes_for_member(const struct target *m, const char *yes, char *buf, size_t len)
{
	char reason[TARGET_ERRLEN];

	for (const char *p = yes; p && *p;) {
		size_t n = strcspn(p, ",");

		snprintf(buf, len, "%.*s", (int)n, p);
		if (safety_confirm(m, buf, reason, sizeof(reason)) == 0)
			return buf;
		p += n + (p[n] == ',');
	}
	return yes;
}

int dev_safety_gate(const struct target *t, const char *yes, bool force, bool dry_run, const char *cmd)
{
	char reason[TARGET_ERRLEN], what[128];
	int ret;

	if (!target_has(t, TARGET_CAP_REAL_DEVICE))
		return 0;
	if (is_group(t)) {
		/* Every member is a drive of its own: each is checked and confirmed (--yes S1,S2,...). */
		for (unsigned i = 0; i < raid_target_members(t); i++) {
			char one[TARGET_ERRLEN];
			const struct target *m = raid_target_member(t, i);

			if ((ret = dev_safety_gate(m, yes_for_member(m, yes, one, sizeof(one)), force, dry_run, cmd)))
				return ret;
		}
		return 0;
	}
	ret = safety_check_in_use(t->info.path, reason, sizeof(reason));
	if (ret < 0 && !(ret == -EBUSY && force && yes)) {
		if (ret == -EBUSY)
			cli_error("%s: refusing '%s': %s (--force --yes SERIAL overrides); nothing written", cmd,
				  t->info.path, reason);
		else
			cli_error("%s: refusing '%s': %s", cmd, t->info.path, reason);
		return EXIT_REFUSED;
	}
	ret = dev_signature(t->info.path, what, sizeof(what));
	if (ret > 0 && !(force && yes)) {
		cli_error("%s: refusing '%s': it holds %s (wipe it first, or --force --yes SERIAL); nothing written",
			  cmd, t->info.path, what);
		return EXIT_REFUSED;
	}
	if (dry_run) {
		/* Nothing is sent, so no confirmation is needed; say what the real run will need. */
		if (safety_confirm(t, yes, reason, sizeof(reason)) < 0)
			printf("  %s\n", reason);
		return 0;
	}
	if (safety_confirm(t, yes, reason, sizeof(reason)) < 0) {
		cli_error("%s: %s", cmd, reason);
		return EXIT_REFUSED;
	}
	return 0;
}

void dev_set_dry_run(struct target *t, bool dry_run, void *out)
{
	if (is_group(t)) {
		for (unsigned i = 0; i < raid_target_members(t); i++)
			dev_set_dry_run(raid_target_member(t, i), dry_run, out);
	} else if (nvme_target_is(t) || ata_target_is(t)) {
		wrap_set_dry_run(t, dry_run, out);
	}
}

static void progress(const char *msg, double fraction, void *arg)
{
	(void)arg;
	fprintf(stderr, "%s: %.1f%%\n", msg, fraction * 100);
}

void dev_set_progress(struct target *t)
{
	if (is_group(t)) {
		for (unsigned i = 0; i < raid_target_members(t); i++)
			dev_set_progress(raid_target_member(t, i));
	} else if (nvme_target_is(t) || ata_target_is(t)) {
		wrap_set_progress(t, progress, NULL);
	}
}

void dev_methods(struct target *t, char *purge, size_t plen, char *op, size_t olen)
{
	if (nvme_target_is(t)) {
		nvme_target_methods(t, purge, plen, op, olen);
	} else if (ata_target_is(t)) {
		ata_target_methods(t, purge, plen, op, olen);
	} else {
		snprintf(purge, plen, "%s", target_has(t, TARGET_CAP_PURGE) ? (strcmp(t->info.kind, "sim") ?
			 "trim" : "sanitize-block sanitize-crypto sanitize-overwrite format format-crypto trim")
			 : target_has(t, TARGET_CAP_TRIM) ? "trim" : "");
		snprintf(op, olen, "%s%s%s", target_has(t, TARGET_CAP_OP_NAMESPACE) ? "namespace " : "",
			 target_has(t, TARGET_CAP_OP_HPA) ? "hpa " : "", "span");
	}
}

int dev_purge_supported(struct target *t, const char *method, char *err, size_t errlen)
{
	char purge[200], op[64];
	FILE *null;
	int ret;

	if (is_group(t)) {
		for (unsigned i = 0; i < raid_target_members(t); i++)
			if ((ret = dev_purge_supported(raid_target_member(t, i), method, err, errlen)) < 0)
				return ret;
		return 0;
	}
	if (nvme_target_is(t) || ata_target_is(t)) {
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
	dev_methods(t, purge, sizeof(purge), op, sizeof(op));
	for (const char *p = purge; *p;) {
		size_t n = strcspn(p, " ");

		if (n == strlen(method) && !strncmp(p, method, n))
			return 0;
		p += n;
		p += strspn(p, " ");
	}
	snprintf(err, errlen, "--method: %s (%s) cannot purge by '%s'; it supports: %s%s", t->info.path,
		 t->info.kind, method, purge[0] ? purge : "nothing",
		 strcmp(t->info.kind, "block") ? "" : " (a generic block device: the drive's own sanitize, format "
		 "or secure erase is not reachable through this path)");
	return -EOPNOTSUPP;
}
