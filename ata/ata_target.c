/* SPDX-License-Identifier: MIT */
/*
 * SG_IO sends; the sense data decides.  libata reports an aborted command as
 * CHECK CONDITION with sense key ABORTED COMMAND, and hdparm-style tools that
 * look only at the ioctl's return value take that for success; here every
 * command's sense is parsed and the drive's state re-read after a change.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <scsi/sg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "ata/ata_cmds.h"
#include "ata/ata_target.h"
#include "device/op_journal.h"
#include "device/safety.h"
#include "device/target.h"
#include "engine/uring_target.h"
#include "engine/wrap.h"

#define SG_TIMEOUT_MS 60000u
#define ERASE_TIMEOUT_MS (12u * 3600 * 1000)
#define TEMP_PASSWORD "ssdprof-erase"

struct ata_target {
	struct wrap_target w;           /* t, ops and the block device's io_uring target */
	int fd;                       /* the sd node, for SG_IO */
	char node[64];
	struct ata_identity id;
	uint64_t native_sectors;      /* 0 until read */
	bool native_known;
	bool permanent;
	const struct ata_write_attrs *wattrs;
};

static struct ata_target *to_ata(struct target *t)
{
	return (struct ata_target *)t;
}

/*
 * Send tf; 0 when the drive completed it, -EIO with a reason when the sense
 * data or the status says it failed (whatever the ioctl returned).
 */
static int sg_send(struct ata_target *a, const struct ata_tf *tf, void *data, struct ata_result *r,
		   unsigned timeout_ms, char *why, size_t whylen)
{
	uint8_t cdb[16], sense[64];
	struct sg_io_hdr h;
	struct ata_result tmp;
	char desc[200];

	if (!r)
		r = &tmp;
	memset(r, 0, sizeof(*r));
	ata_cdb16(tf, cdb);
	memset(&h, 0, sizeof(h));
	memset(sense, 0, sizeof(sense));
	h.interface_id = 'S';
	h.cmdp = cdb;
	h.cmd_len = 16;
	h.sbp = sense;
	h.mx_sb_len = sizeof(sense);
	h.dxferp = data;
	h.dxfer_len = tf->sectors * 512u;
	h.dxfer_direction = !tf->sectors ? SG_DXFER_NONE : tf->data_in ? SG_DXFER_FROM_DEV : SG_DXFER_TO_DEV;
	h.timeout = timeout_ms ? timeout_ms : SG_TIMEOUT_MS;
	if (ioctl(a->fd, SG_IO, &h) < 0) {
		int e = errno;

		snprintf(why, whylen, "%s: SG_IO failed: %s", ata_command_name(tf->command), strerror(e));
		return -e;
	}
	ata_parse_sense(sense, h.sb_len_wr, r);
	ata_tf_describe(tf, desc, sizeof(desc));
	if (r->check || (h.host_status || (h.driver_status & 0xf) > 1)) {
		if (r->sense_key == 0x0b || (r->have_regs && (r->error & 0x04)))
			snprintf(why, whylen, "the drive aborted %s (sense key 0x%x, ASC/ASCQ 0x%02x/0x%02x, "
				 "status 0x%02x, error 0x%02x)", ata_command_name(tf->command), r->sense_key, r->asc,
				 r->ascq, r->status, r->error);
		else
			snprintf(why, whylen, "%s failed (sense key 0x%x, ASC/ASCQ 0x%02x/0x%02x, host 0x%x, "
				 "driver 0x%x)", ata_command_name(tf->command), r->sense_key, r->asc, r->ascq,
				 h.host_status, h.driver_status);
		r->check = true;
		return -EIO;
	}
	if (h.status && !r->have_regs) {
		snprintf(why, whylen, "%s failed: SCSI status 0x%x", ata_command_name(tf->command), h.status);
		return -EIO;
	}
	return 0;
}

/* A command that changes the drive: printed under --dry-run. */
static int sg_change(struct ata_target *a, const struct ata_tf *tf, void *data, struct ata_result *r,
		     unsigned timeout_ms, char *why, size_t whylen)
{
	char line[240];

	if (a->w.dry_run) {
		ata_tf_describe(tf, line, sizeof(line));
		fprintf(a->w.dry_out, "would send to %s: ATA PASS-THROUGH(16) %s\n", a->w.t.info.path, line);
		if (r)
			memset(r, 0, sizeof(*r));
		return 0;
	}
	return sg_send(a, tf, data, r, timeout_ms, why, whylen);
}

static int do_identify(struct ata_target *a, char *why, size_t len)
{
	uint8_t buf[512];
	struct ata_tf tf = ata_tf_identify();
	int ret = sg_send(a, &tf, buf, NULL, 0, why, len);

	if (ret == 0)
		ata_parse_identify(buf, &a->id);
	return ret;
}

static int read_native_max(struct ata_target *a, uint64_t *sectors, char *why, size_t len)
{
	struct ata_tf tf = ata_tf_read_native_max();
	struct ata_result r;
	int ret = sg_send(a, &tf, NULL, &r, 0, why, len);

	if (ret)
		return ret;
	if (!r.have_regs) {
		snprintf(why, len, "READ NATIVE MAX ADDRESS EXT returned no registers");
		return -EIO;
	}
	*sectors = r.lba + 1;
	return 0;
}

/* The native capacity (READ NATIVE MAX ADDRESS EXT), for op --show; 0 when unknown. */
static uint64_t native_bytes(struct ata_target *a)
{
	char why[200];
	uint64_t s;

	if (!a->id.hpa_supported || read_native_max(a, &s, why, sizeof(why)))
		return 0;
	return s * a->id.logical_bytes;
}

static void methods(const struct target *t, char *purge, size_t plen, char *op, size_t olen)
{
	const struct ata_target *a = (const struct ata_target *)t;

	snprintf(purge, plen, "%s%s%s%s%s", a->id.sanitize_block ? "sanitize-block " : "",
		 a->id.sanitize_crypto ? "sanitize-crypto " : "", a->id.sanitize_overwrite ? "sanitize-overwrite " : "",
		 a->id.security_supported ? (a->id.security_enhanced_erase ? "ata-erase ata-erase-enhanced "
					     : "ata-erase ") : "",
		 a->id.trim ? "trim" : "");
	snprintf(op, olen, "%sspan", a->id.hpa_supported ? "hpa " : "");
}

static int at_identify(struct target *t, struct target_info *info)
{
	struct ata_target *a = to_ata(t);

	memset(info, 0, sizeof(*info));
	snprintf(info->kind, sizeof(info->kind), "ata");
	snprintf(info->path, sizeof(info->path), "%s", t->info.path);
	snprintf(info->model, sizeof(info->model), "%s", a->id.model);
	snprintf(info->serial, sizeof(info->serial), "%s", a->id.serial);
	snprintf(info->firmware, sizeof(info->firmware), "%s", a->id.firmware);
	info->lba_bytes = a->id.logical_bytes;
	info->capacity_bytes = a->w.io ? a->w.io->info.capacity_bytes : a->id.sectors * a->id.logical_bytes;
	return 0;
}

static int read_smart(struct ata_target *a, uint8_t data[512])
{
	struct ata_tf tf = ata_tf_smart_read_data();
	char why[200];

	return sg_send(a, &tf, data, NULL, 0, why, sizeof(why));
}

static bool media_bytes(const struct ata_target *a, const uint8_t *smart, uint64_t *bytes)
{
	const struct ata_write_attrs *w = a->wattrs;
	uint64_t v0 = 0, v1 = 0;
	bool h0, h1;

	if (!w)
		return false;
	h0 = w->nand[0].id && ata_smart_attr(smart, w->nand[0].id, &v0);
	h1 = w->nand[1].id && ata_smart_attr(smart, w->nand[1].id, &v1);
	if (w->nand_sum) {
		if (!h0 || !h1)
			return false;
		*bytes = v0 * w->nand[0].unit + v1 * w->nand[1].unit;
		return true;
	}
	if (h0) {
		*bytes = v0 * w->nand[0].unit;
		return true;
	}
	if (h1) {
		*bytes = v1 * w->nand[1].unit;
		return true;
	}
	return false;
}

static int at_counters(struct target *t, struct target_counters *c)
{
	struct ata_target *a = to_ata(t);
	uint8_t smart[512];
	int ret = a->w.io->ops->counters(a->w.io, c);

	if (ret < 0)
		return ret;
	c->media_known = false;
	if ((t->ops->caps & TARGET_CAP_MEDIA_COUNTER) && read_smart(a, smart) == 0)
		c->media_known = media_bytes(a, smart, &c->media_bytes_written);
	return 0;
}

static void add_str(struct json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v && *v ? json_object_new_string(v) : NULL);
}

static void add_bool(struct json_object *o, const char *k, bool v)
{
	json_object_object_add(o, k, json_object_new_boolean(v));
}

static int at_describe(struct target *t, struct json_object *obj)
{
	struct ata_target *a = to_ata(t);
	struct json_object *sec = json_object_new_object(), *san = json_object_new_object();
	char purge[160], op[32], why[200];
	uint8_t smart[512];
	uint64_t native;

	add_str(obj, "kernel_name", a->node);
	json_object_object_add(obj, "sectors", json_object_new_uint64(a->id.sectors));
	add_bool(obj, "lba48", a->id.lba48);
	add_bool(obj, "trim", a->id.trim);
	add_str(obj, "rotation", a->id.rotation == 1 ? "non-rotating" : a->id.rotation ? "rotating" : "unknown");
	add_bool(sec, "supported", a->id.security_supported);
	add_bool(sec, "enabled", a->id.security_enabled);
	add_bool(sec, "locked", a->id.security_locked);
	add_bool(sec, "frozen", a->id.security_frozen);
	add_bool(sec, "enhanced_erase", a->id.security_enhanced_erase);
	json_object_object_add(sec, "erase_minutes", json_object_new_int((int)a->id.erase_minutes));
	json_object_object_add(obj, "security", sec);
	add_bool(san, "supported", a->id.sanitize);
	add_bool(san, "block_erase", a->id.sanitize_block);
	add_bool(san, "crypto_scramble", a->id.sanitize_crypto);
	add_bool(san, "overwrite", a->id.sanitize_overwrite);
	json_object_object_add(obj, "sanitize", san);
	add_bool(obj, "hpa_supported", a->id.hpa_supported);
	add_bool(obj, "hpa_enabled", a->id.hpa_enabled);
	if (a->id.hpa_supported && read_native_max(a, &native, why, sizeof(why)) == 0)
		json_object_object_add(obj, "native_max_sectors", json_object_new_uint64(native));
	else if (a->id.hpa_supported)
		add_str(obj, "native_max_sectors", why);
	methods(t, purge, sizeof(purge), op, sizeof(op));
	add_str(obj, "purge_methods", purge);
	add_str(obj, "op_methods", op);
	if (a->wattrs) {
		char b[200];

		snprintf(b, sizeof(b), "%s: host attribute %u (%s), NAND attribute %u%s%u (%s)", a->wattrs->vendor,
			 a->wattrs->host.id, a->wattrs->host.unit_name, a->wattrs->nand[0].id,
			 a->wattrs->nand_sum ? " + " : " or ", a->wattrs->nand[1].id, a->wattrs->nand[0].unit_name);
		add_str(obj, "write_attributes", b);
	} else {
		add_str(obj, "write_attributes", "unknown vendor: no media-write counter");
	}
	if (a->id.smart && read_smart(a, smart) == 0) {
		struct json_object *attrs = json_object_new_object();

		for (unsigned i = 0; i < 30; i++) {
			const uint8_t *p = smart + 2 + 12 * i;
			uint64_t raw;
			char k[8];

			if (!p[0] || !ata_smart_attr(smart, p[0], &raw))
				continue;
			snprintf(k, sizeof(k), "%u", p[0]);
			json_object_object_add(attrs, k, json_object_new_uint64(raw));
		}
		json_object_object_add(obj, "smart_raw", attrs);
	}
	wrap_describe_state(t, obj);
	return 0;
}

/* ---- purge ---- */

static int security_erase(struct ata_target *a, bool enhanced, char *err, size_t errlen)
{
	uint8_t data[512];
	struct ata_tf tf;
	char why[200], why2[200];
	int ret;

	if (!a->id.security_supported) {
		snprintf(err, errlen, "%s (%s) has no ATA security feature set (IDENTIFY word 128 bit 0 clear); "
			 "it cannot do ata-erase%s", a->w.t.info.path, a->id.model, enhanced ? "-enhanced" : "");
		return -EOPNOTSUPP;
	}
	if (enhanced && !a->id.security_enhanced_erase) {
		snprintf(err, errlen, "%s does not support the enhanced security erase; use --method ata-erase",
			 a->w.t.info.path);
		return -EOPNOTSUPP;
	}
	if (a->id.security_frozen) {
		snprintf(err, errlen, "%s is security-frozen (the BIOS froze it at boot); unfreeze it by suspending "
			 "and resuming the machine (systemctl suspend) or hot-plugging the drive, then retry",
			 a->w.t.info.path);
		return -EPERM;
	}
	if (a->id.security_locked || a->id.security_enabled) {
		snprintf(err, errlen, "%s already has a security password set (%s); ssdprof does not erase drives "
			 "with a password it did not set", a->w.t.info.path, a->id.security_locked ? "locked" : "enabled");
		return -EPERM;
	}
	/* Temporary user password, erase prepare + erase unit; the erase clears the password. */
	tf = ata_tf_security(ATA_CMD_SEC_SET_PASS);
	ata_security_data(data, TEMP_PASSWORD, false, false, false);
	ret = sg_change(a, &tf, data, NULL, 0, why, sizeof(why));
	if (ret) {
		snprintf(err, errlen, "setting the temporary security password on %s failed: %s", a->w.t.info.path, why);
		return ret;
	}
	tf = ata_tf_security(ATA_CMD_SEC_ERASE_PREP);
	ret = sg_change(a, &tf, NULL, NULL, 0, why, sizeof(why));
	if (ret == 0) {
		if (a->w.progress)
			a->w.progress(enhanced ? "enhanced security erase" : "security erase", 0, a->w.progress_arg);
		tf = ata_tf_security(ATA_CMD_SEC_ERASE_UNIT);
		ata_security_data(data, TEMP_PASSWORD, false, enhanced, false);
		ret = sg_change(a, &tf, data, NULL, ERASE_TIMEOUT_MS, why, sizeof(why));
	}
	if (a->w.dry_run)
		return 0;
	/* Whatever happened, no password may stay behind. */
	if (do_identify(a, why2, sizeof(why2)) == 0 && a->id.security_enabled) {
		tf = ata_tf_security(ATA_CMD_SEC_DISABLE_PASS);
		ata_security_data(data, TEMP_PASSWORD, false, false, false);
		if (sg_send(a, &tf, data, NULL, 0, why2, sizeof(why2)) || do_identify(a, why2, sizeof(why2)) ||
		    a->id.security_enabled) {
			snprintf(err, errlen, "security erase of %s %s, and the temporary password '%s' is STILL SET: "
				 "remove it with hdparm --security-disable %s %s", a->w.t.info.path, ret ? why : "done",
				 TEMP_PASSWORD, TEMP_PASSWORD, a->w.t.info.path);
			return -EIO;
		}
	}
	if (ret) {
		snprintf(err, errlen, "security erase of %s failed: %s (no password left set)", a->w.t.info.path, why);
		return ret;
	}
	if (a->w.progress)
		a->w.progress("security erase", 1.0, a->w.progress_arg);
	return 0;
}

static int sanitize(struct ata_target *a, uint16_t feature, const char *method, char *err, size_t errlen)
{
	struct ata_tf tf = ata_tf_sanitize(feature);
	struct ata_result r;
	char why[200];
	int ret = sg_change(a, &tf, NULL, NULL, 0, why, sizeof(why));

	if (ret) {
		snprintf(err, errlen, "%s refused %s: %s", a->w.t.info.path, method, why);
		return ret;
	}
	if (a->w.dry_run)
		return 0;
	for (;;) {
		tf = ata_tf_sanitize(ATA_SANITIZE_STATUS);
		ret = sg_send(a, &tf, NULL, &r, 0, why, sizeof(why));
		if (ret) {
			snprintf(err, errlen, "SANITIZE STATUS on %s failed: %s", a->w.t.info.path, why);
			return ret;
		}
		if (r.count & 0x4000) {       /* SANITIZE IN PROGRESS; progress in LBA 15:0 */
			if (a->w.progress)
				a->w.progress(method, (double)(r.lba & 0xffff) / 65536.0, a->w.progress_arg);
			sleep(1);
			continue;
		}
		if (r.count & 0x8000)         /* SANITIZE OPERATION COMPLETED WITHOUT ERROR */
			return 0;
		snprintf(err, errlen, "%s on %s did not complete without error (sanitize status count 0x%04x)", method,
			 a->w.t.info.path, r.count);
		return -EIO;
	}
}

static void unsupported(struct ata_target *a, const char *method, char *err, size_t errlen)
{
	char purge[160], op[32];

	methods(&a->w.t, purge, sizeof(purge), op, sizeof(op));
	snprintf(err, errlen, "--method: %s (%s) does not support '%s'; it supports: %s", a->w.t.info.path, a->id.model,
		 method, purge[0] ? purge : "nothing (no TRIM, sanitize or security erase)");
}

/* What auto purges with: sanitize block, then crypto, then security erase, then a full TRIM. */
static const char *auto_purge(const struct ata_target *a)
{
	return a->id.sanitize_block ? "sanitize-block" : a->id.sanitize_crypto ? "sanitize-crypto"
		: a->id.security_supported && !a->id.security_frozen && !a->id.security_enabled ? "ata-erase"
		: "trim";
}

static int at_purge(struct target *t, const char *method, char *err, size_t errlen)
{
	struct ata_target *a = to_ata(t);
	int ret;

	if (!method || !strcmp(method, "auto"))
		method = auto_purge(a);
	ret = 1;
	if (!a->w.dry_run && strcmp(method, "trim"))
		wrap_flush_bdev(t->info.path);
	if (!strcmp(method, "ata-erase") || !strcmp(method, "ata-erase-enhanced"))
		ret = security_erase(a, !strcmp(method, "ata-erase-enhanced"), err, errlen);
	else if (!strcmp(method, "sanitize-block") && a->id.sanitize_block)
		ret = sanitize(a, ATA_SANITIZE_BLOCK_ERASE, method, err, errlen);
	else if (!strcmp(method, "sanitize-crypto") && a->id.sanitize_crypto)
		ret = sanitize(a, ATA_SANITIZE_CRYPTO_SCRAMBLE, method, err, errlen);
	else if (!strcmp(method, "sanitize-overwrite") && a->id.sanitize_overwrite)
		ret = sanitize(a, ATA_SANITIZE_OVERWRITE, method, err, errlen);
	if (ret != 1) {
		if (!a->w.dry_run)
			wrap_flush_bdev(t->info.path);
		return ret;
	}
	if (!strcmp(method, "trim") && a->id.trim) {
		ret = wrap_trim(t, 0, t->info.capacity_bytes);
		if (ret < 0)
			snprintf(err, errlen, "TRIM of all of %s failed: %s", t->info.path, strerror(-ret));
		return ret;
	}
	unsupported(a, method, err, errlen);
	return -EOPNOTSUPP;
}

/* ---- HPA ---- */

static int at_set_op(struct target *t, enum op_method method, uint64_t usable, char *err, size_t errlen)
{
	struct ata_target *a = to_ata(t);
	uint32_t lba = t->info.lba_bytes;
	struct op_journal_entry e;
	uint64_t native, sectors;
	struct ata_tf tf;
	char why[200];
	int ret;

	if (method == OP_METHOD_AUTO)
		method = a->id.hpa_supported ? OP_METHOD_HPA : OP_METHOD_SPAN;
	if (!usable || usable % lba) {
		snprintf(err, errlen, "usable size %llu is not a whole number of %u-byte sectors",
			 (unsigned long long)usable, lba);
		return -EINVAL;
	}
	if (method == OP_METHOD_SPAN) {
		if (usable > t->info.capacity_bytes) {
			snprintf(err, errlen, "span %llu bytes is more than %s holds", (unsigned long long)usable,
				 t->info.path);
			return -EINVAL;
		}
		return 0;
	}
	if (method != OP_METHOD_HPA || !a->id.hpa_supported) {
		snprintf(err, errlen, "--method %s: %s (%s) cannot; it supports: %sspan",
			 method == OP_METHOD_HPA ? "hpa" : "namespace", t->info.path, a->id.model,
			 a->id.hpa_supported ? "hpa, " : "");
		return -EOPNOTSUPP;
	}
	ret = read_native_max(a, &native, why, sizeof(why));
	if (ret) {
		snprintf(err, errlen, "--method hpa: %s: %s; it cannot do HPA OP, use --method span", t->info.path, why);
		return ret;
	}
	sectors = usable / lba;
	if (sectors > native) {
		snprintf(err, errlen, "--set: %llu bytes is more than the native capacity of %s (%llu bytes)",
			 (unsigned long long)usable, t->info.path, (unsigned long long)(native * lba));
		return -EINVAL;
	}
	ret = op_journal_read(t->info.serial, &e, err, errlen);
	if (ret < 0 && ret != -ENOENT)
		return ret;
	if (ret == -ENOENT) {
		memset(&e, 0, sizeof(e));
		snprintf(e.serial, sizeof(e.serial), "%s", t->info.serial);
		snprintf(e.method, sizeof(e.method), "hpa");
		e.original_bytes = a->id.sectors * lba;
	}
	snprintf(e.path, sizeof(e.path), "%s", t->info.path);
	e.current_bytes = usable;
	e.permanent = a->permanent;
	snprintf(e.step, sizeof(e.step), "set-max");
	if (sectors == a->id.sectors)
		return 0;
	if (!a->w.dry_run && (ret = op_journal_save(&e, err, errlen)) < 0)
		return ret;
	tf = ata_tf_set_max(sectors - 1, a->permanent);
	ret = sg_change(a, &tf, NULL, NULL, 0, why, sizeof(why));
	if (a->w.dry_run) {
		fprintf(a->w.dry_out, "would re-read IDENTIFY DEVICE and check %llu user sectors\n",
			(unsigned long long)sectors);
		return 0;
	}
	if (ret) {
		if (e.original_bytes == a->id.sectors * lba)
			op_journal_remove(t->info.serial);
		snprintf(err, errlen, "--method hpa: %s refused SET MAX ADDRESS EXT: %s; capacity unchanged (%llu "
			 "sectors); use --method span", t->info.path, why, (unsigned long long)a->id.sectors);
		return ret;
	}
	/* Verify by re-reading what the drive now reports. */
	if ((ret = do_identify(a, why, sizeof(why))) || a->id.sectors != sectors) {
		snprintf(err, errlen, "--method hpa: after SET MAX ADDRESS EXT %s reports %llu sectors, not %llu%s%s",
			 t->info.path, (unsigned long long)a->id.sectors, (unsigned long long)sectors,
			 ret ? ": " : "", ret ? why : "");
		return -EIO;
	}
	/* The kernel caches the capacity: have it read the new one. */
	{
		char p[PATH_MAX];
		FILE *f;

		snprintf(p, sizeof(p), "/sys/class/block/%s/device/rescan", a->node);
		f = fopen(p, "we");
		if (f) {
			fputs("1\n", f);
			fclose(f);
		}
	}
	{
		struct target *io = NULL;
		char e2[TARGET_ERRLEN];

		target_close(a->w.io);
		a->w.io = NULL;
		if (uring_target_open(t->info.path, 0, &io, e2, sizeof(e2)) < 0) {
			snprintf(err, errlen, "reopening %s after the HPA change failed: %s", t->info.path, e2);
			return -EIO;
		}
		a->w.io = io;
		t->info.capacity_bytes = io->info.capacity_bytes;
	}
	if (usable == e.original_bytes)
		op_journal_remove(t->info.serial);
	else {
		snprintf(e.step, sizeof(e.step), "done");
		op_journal_save(&e, why, sizeof(why));
	}
	return 0;
}

static void at_close(struct target *t)
{
	struct ata_target *a = to_ata(t);

	target_close(a->w.io);
	if (a->fd >= 0)
		close(a->fd);
	free(a);
}

static int at_control(struct target *t, int op, void *arg)
{
	struct ata_target *a = to_ata(t);

	switch (op) {
	case TARGET_CTL_METHODS: {
		struct target_methods *m = arg;

		methods(t, m->purge, m->purge_len, m->op, m->op_len);
		return 0;
	}
	case TARGET_CTL_NATIVE_BYTES:
		*(uint64_t *)arg = native_bytes(a);
		return 0;
	case TARGET_CTL_PURGE_AUTO:
		*(const char **)arg = auto_purge(a);
		return 0;
	case TARGET_CTL_SET_PERMANENT:
		a->permanent = *(const bool *)arg;
		return 0;
	case TARGET_CTL_ASSUMED_WRITE_MBPS:
		*(double *)arg = 400;
		return 0;
	default:
		return wrap_control(t, op, arg);
	}
}

static const struct target_ops ata_ops_template = {
	.name = "ata",
	.identify = at_identify,
	.describe = at_describe,
	.purge = at_purge,
	.set_op = at_set_op,
	.trim = wrap_trim,
	.counters = at_counters,
	.submit = wrap_submit,
	.reap = wrap_reap,
	.now_ns = wrap_now,
	.idle = wrap_idle,
	.completion_fd = wrap_completion_fd,
	.register_buffers = wrap_register_buffers,
	.unregister_buffers = wrap_unregister_buffers,
	.control = at_control,
	.max_queue_depth = URING_MAX_QD,
	.close = at_close,
};

/* libata disks say "ATA" as their SCSI vendor. */
bool ata_is_disk_node(const char *node)
{
	char p[PATH_MAX], buf[16] = "";
	FILE *f;

	if (strncmp(node, "sd", 2) != 0)
		return false;
	snprintf(p, sizeof(p), "/sys/class/block/%s/device/vendor", node);
	f = fopen(p, "re");
	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return strncmp(buf, "ATA", 3) == 0;
}

int ata_target_open(const char *path, unsigned flags, struct target **out, char *err, size_t errlen)
{
	char node[64], disk[64], why[200];
	bool ro = flags & TARGET_OPEN_READONLY;
	unsigned full;
	struct ata_target *a;
	int ret;

	*out = NULL;
	if (safety_block_names(path, node, sizeof(node), disk, sizeof(disk)) < 0 || strcmp(node, disk) ||
	    !ata_is_disk_node(node))
		return -ENODEV;
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->w.dry_out = stdout;
	a->w.trim_cmd = "DATA SET MANAGEMENT TRIM";
	a->w.ops = ata_ops_template;
	a->w.t.ops = &a->w.ops;
	a->w.t.priv = a;
	snprintf(a->w.t.info.path, sizeof(a->w.t.info.path), "%s", path);
	snprintf(a->node, sizeof(a->node), "%s", node);
	/*
	 * ATA PASS-THROUGH is on neither of the kernel's SG_IO lists (read-safe
	 * and write-safe commands): it takes CAP_SYS_RAWIO whatever the open
	 * mode, so IDENTIFY, SMART and READ NATIVE MAX work on a read-only
	 * open, and a reader opens read-only so that its close does not make
	 * udev re-scan the disk.
	 */
	a->fd = ro ? -1 : open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (a->fd < 0)
		a->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (a->fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "'%s': %s", path, strerror(errno));
		goto fail;
	}
	ret = do_identify(a, why, sizeof(why));
	if (ret) {
		snprintf(err, errlen, "'%s': IDENTIFY DEVICE through SG_IO failed: %s", path, why);
		goto fail;
	}
	ret = uring_target_open(path, flags, &a->w.io, err, errlen);
	if (ret < 0)
		goto fail;
	/* What the drive can do; a read-only open keeps what reading needs (target_set_caps). */
	full = (target_drive_caps(a->w.io) & (TARGET_CAP_READ | TARGET_CAP_WRITE)) | TARGET_CAP_OP_SPAN |
	       TARGET_CAP_REAL_DEVICE | TARGET_CAP_DRIVE_CMDS;
	if (a->id.trim)
		full |= target_drive_caps(a->w.io) & TARGET_CAP_TRIM;
	if (a->id.trim || a->id.sanitize || a->id.security_supported)
		full |= TARGET_CAP_PURGE;
	if (a->id.hpa_supported)
		full |= TARGET_CAP_OP_HPA;
	a->wattrs = ata_write_attrs_for(a->id.model);
	if (a->wattrs && a->id.smart) {
		uint8_t smart[512];
		uint64_t b;

		if (read_smart(a, smart) == 0 && media_bytes(a, smart, &b))
			full |= TARGET_CAP_MEDIA_COUNTER;
	}
	target_set_caps(&a->w.t, &a->w.ops.caps, full, ro);
	at_identify(&a->w.t, &a->w.t.info);
	*out = &a->w.t;
	return 0;
fail:
	at_close(&a->w.t);
	return ret < 0 ? ret : -EIO;
}

