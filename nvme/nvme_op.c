/* SPDX-License-Identifier: MIT */
/*
 * Namespace OP on an NVMe drive: detach, delete and recreate the namespace
 * smaller, attach, rescan and check the new size.  Every step is journalled
 * first (device/op_journal.h), so op --restore can finish or undo it after a
 * crash; a drive that refuses although OACS claims namespace management is
 * noted, and auto falls back to span OP.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <libnvme.h>

#include "nvme/nvme_cmds.h"
#include "nvme/nvme_priv.h"
#include "device/op_journal.h"
#include "engine/uring_target.h"

#define RESCAN_WAIT_S 15

/*
 * What went differently than asked, said through the progress path
 * (target_progress_fn with a NAN fraction): nothing below cli/ prints.
 */
static void __attribute__((format(printf, 2, 3))) warn(struct nvme_target *n, const char *fmt, ...)
{
	char msg[320];
	va_list ap;

	if (!n->w.progress)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	n->w.progress(msg, NAN, n->w.progress_arg);
}

static int reopen_io(struct nvme_target *n, char *err, size_t errlen)
{
	char name[64], path[128];
	struct target *io = NULL;
	int ret;

	for (int i = 0; i < RESCAN_WAIT_S * 10; i++) {
		nv_find_ns_disk(n->ctrl_name, n->nsid, name, sizeof(name));
		if (name[0]) {
			snprintf(path, sizeof(path), "/dev/%s", name);
			if (access(path, F_OK) == 0)
				break;
		}
		name[0] = '\0';
		usleep(100000);
	}
	if (!name[0]) {
		snprintf(err, errlen, "namespace %u of /dev/%s did not reappear after the rescan", n->nsid,
			 n->ctrl_name);
		return -ENODEV;
	}
	ret = uring_target_open(path, 0, &io, err, errlen);
	if (ret < 0)
		return ret;
	n->w.io = io;
	if (strcmp(name, n->ns_name) != 0) {
		warn(n, "namespace %u is now %s (was /dev/%s)", n->nsid, path, n->ns_name);
		snprintf(n->ns_name, sizeof(n->ns_name), "%s", name);
		snprintf(n->w.t.info.path, sizeof(n->w.t.info.path), "%s", path);
	}
	return 0;
}

static void rescan(struct nvme_target *n)
{
	if (ioctl(n->cfd, NVME_IOCTL_RESCAN) < 0)
		warn(n, "rescan of /dev/%s failed: %s", n->ctrl_name, strerror(errno));
}

static int attach(struct nvme_target *n, uint32_t nsid, bool detach)
{
	uint8_t buf[NVMEC_DATA_BYTES];
	uint16_t cntlid = le16v(&n->idc.cntlid);
	struct nvme_passthru_cmd c = nvme_cmd_ns_attach(nsid, detach, &cntlid, 1, buf);

	return nv_admin_change(n, &c, NULL);
}

static void journal_step(struct nvme_target *n, struct op_journal_entry *e, const char *step)
{
	char err[256];

	snprintf(e->step, sizeof(e->step), "%s", step);
	if (op_journal_save(e, err, sizeof(err)) < 0)
		warn(n, "%s", err);
}

static int ns_resize(struct nvme_target *n, uint64_t lbas, struct op_journal_entry *e, char *err, size_t errlen)
{
	uint8_t buf[NVMEC_DATA_BYTES];
	struct nvme_passthru_cmd c;
	uint32_t newid = 0;
	char st[96];
	int ret;

	if (n->w.dry_run) {
		attach(n, n->nsid, true);
		c = nvme_cmd_ns_delete(n->nsid);
		nv_admin_change(n, &c, NULL);
		c = nvme_cmd_ns_create(lbas, lbas, n->idns.flbas, buf);
		nv_admin_change(n, &c, NULL);
		attach(n, n->nsid, false);
		fprintf(n->w.dry_out, "would rescan /dev/%s and check that namespace %u has %llu blocks\n",
			n->ctrl_name, n->nsid, (unsigned long long)lbas);
		return 0;
	}
	target_close(n->w.io);
	n->w.io = NULL;

	journal_step(n, e, "detach");
	ret = attach(n, n->nsid, true);
	if (ret) {
		nv_status_text(ret, st, sizeof(st));
		snprintf(n->nsmgmt_refused, sizeof(n->nsmgmt_refused),
			 "claimed by OACS but refused: namespace detach gave %s", st);
		op_journal_note_set(n->w.t.info.serial, NOTE_NSMGMT, n->nsmgmt_refused);
		n->w.ops.caps &= ~(unsigned)TARGET_CAP_OP_NAMESPACE;
		op_journal_remove(n->w.t.info.serial);
		snprintf(err, errlen, "namespace OP: /dev/%s refused to detach namespace %u (%s) although OACS claims "
			 "namespace management; nothing changed; use --method span", n->ctrl_name, n->nsid, st);
		rescan(n);
		reopen_io(n, st, sizeof(st));
		/* The drive lacks what OACS claims: unsupported, not failed, so "auto" can fall back to span. */
		return -EOPNOTSUPP;
	}
	journal_step(n, e, "delete");
	c = nvme_cmd_ns_delete(n->nsid);
	ret = nv_admin(n, &c, NULL);
	if (ret) {
		char why[96], rerr[TARGET_ERRLEN];
		int r2;

		nv_status_text(ret, why, sizeof(why));
		/* Put the namespace back as it was. */
		r2 = attach(n, n->nsid, false);
		rescan(n);
		if (r2 == 0)
			r2 = reopen_io(n, rerr, sizeof(rerr));
		if (r2 == 0) {
			snprintf(n->nsmgmt_refused, sizeof(n->nsmgmt_refused),
				 "claimed by OACS but refused: namespace delete gave %s", why);
			op_journal_note_set(n->w.t.info.serial, NOTE_NSMGMT, n->nsmgmt_refused);
			n->w.ops.caps &= ~(unsigned)TARGET_CAP_OP_NAMESPACE;
			op_journal_remove(n->w.t.info.serial);
			snprintf(err, errlen, "namespace OP: /dev/%s refused to delete namespace %u (%s) although "
				 "OACS claims namespace management; namespace %u re-attached, intact; use --method span",
				 n->ctrl_name, n->nsid, why, n->nsid);
		} else {
			snprintf(err, errlen, "namespace OP: /dev/%s refused to delete namespace %u (%s) and "
				 "re-attaching it failed; attach it with: nvme attach-ns /dev/%s -n %u -c %u",
				 n->ctrl_name, n->nsid, why, n->ctrl_name, n->nsid, le16v(&n->idc.cntlid));
		}
		return ret < 0 ? ret : -EOPNOTSUPP;
	}
	journal_step(n, e, "create");
	c = nvme_cmd_ns_create(lbas, lbas, n->idns.flbas, buf);
	ret = nv_admin(n, &c, &newid);
	if (ret) {
		nv_status_text(ret, st, sizeof(st));
		snprintf(err, errlen, "namespace OP: /dev/%s deleted namespace %u but refused to create one of %llu "
			 "blocks: %s; run ssdprof op %s --restore", n->ctrl_name, n->nsid, (unsigned long long)lbas, st,
			 n->w.t.info.path);
		return ret < 0 ? ret : -EIO;
	}
	n->nsid = newid;
	e->nsid = newid;
	journal_step(n, e, "attach");
	ret = attach(n, newid, false);
	if (ret) {
		nv_status_text(ret, st, sizeof(st));
		snprintf(err, errlen, "namespace OP: attaching the new namespace %u failed: %s; run ssdprof op %s "
			 "--restore --yes %s", newid, st, n->w.t.info.path, n->w.t.info.serial);
		return ret < 0 ? ret : -EIO;
	}
	journal_step(n, e, "rescan");
	rescan(n);
	ret = reopen_io(n, err, errlen);
	if (ret < 0)
		return ret;
	ret = nv_identify_all(n);
	if (ret < 0 || le64v(&n->idns.nsze) != lbas || n->w.io->info.capacity_bytes != lbas * nv_lba_bytes(&n->idns)) {
		snprintf(err, errlen, "namespace OP: namespace %u reports %llu blocks (the kernel %llu bytes), "
			 "expected %llu blocks", n->nsid, (unsigned long long)le64v(&n->idns.nsze),
			 (unsigned long long)n->w.io->info.capacity_bytes, (unsigned long long)lbas);
		return -EIO;
	}
	n->w.t.info.capacity_bytes = n->w.io->info.capacity_bytes;
	return 0;
}

int nv_set_op(struct target *t, enum op_method method, uint64_t usable, char *err, size_t errlen)
{
	struct nvme_target *n = to_nv(t);
	uint32_t lba = t->info.lba_bytes;
	struct op_journal_entry e;
	uint64_t cur = t->info.capacity_bytes;
	int ret;

	if (method == OP_METHOD_AUTO)
		method = target_has(t, TARGET_CAP_OP_NAMESPACE) ? OP_METHOD_NAMESPACE : OP_METHOD_SPAN;
	if (method == OP_METHOD_HPA) {
		snprintf(err, errlen, "--method hpa: %s is NVMe and HPA is a SATA feature; it supports: %sspan",
			 t->info.path, target_has(t, TARGET_CAP_OP_NAMESPACE) ? "namespace, " : "");
		return -EOPNOTSUPP;
	}
	if (!usable || usable % lba) {
		snprintf(err, errlen, "usable size %llu is not a whole number of %u-byte blocks",
			 (unsigned long long)usable, lba);
		return -EINVAL;
	}
	if (method == OP_METHOD_SPAN) {
		if (usable > cur) {
			snprintf(err, errlen, "span %llu bytes is more than %s holds (%llu)", (unsigned long long)usable,
				 t->info.path, (unsigned long long)cur);
			return -EINVAL;
		}
		return 0;
	}
	if (!nv_can_nsmgmt(n) || !target_has(t, TARGET_CAP_OP_NAMESPACE)) {
		snprintf(err, errlen, "--method namespace: %s cannot %s; use --method span",
			 t->info.path, n->nsmgmt_refused[0] ? n->nsmgmt_refused : "manage namespaces (OACS bit 3 clear)");
		return -EOPNOTSUPP;
	}
	ret = op_journal_read(t->info.serial, &e, err, errlen);
	if (ret < 0 && ret != -ENOENT)
		return ret;
	if (ret == -ENOENT) {
		memset(&e, 0, sizeof(e));
		snprintf(e.serial, sizeof(e.serial), "%s", t->info.serial);
		snprintf(e.method, sizeof(e.method), "namespace");
		e.original_bytes = cur;
		e.nsid = n->nsid;
		e.flbas = n->idns.flbas;
	}
	snprintf(e.path, sizeof(e.path), "%s", t->info.path);
	if (usable == cur)
		return 0;
	{
		/* The whole NVM capacity must not be exceeded: a namespace can grow back into unallocated space. */
		double room = (double)cur + nvme_le128_double(n->idc.unvmcap);

		if ((double)usable > room && room > (double)cur) {
			snprintf(err, errlen, "--set: %llu bytes do not fit; %s can hold at most %.0f bytes",
				 (unsigned long long)usable, t->info.path, room);
			return -EINVAL;
		}
	}
	e.current_bytes = usable;
	if (!n->w.dry_run) {
		ret = op_journal_save(&e, err, errlen);
		if (ret < 0)
			return ret;
	}
	ret = ns_resize(n, usable / lba, &e, err, errlen);
	if (ret == 0 && !n->w.dry_run) {
		if (usable == e.original_bytes)
			op_journal_remove(t->info.serial);
		else
			journal_step(n, &e, "done");
	}
	return ret;
}
