/* SPDX-License-Identifier: MIT */
/*
 * The NVMe target wraps the io_uring target of the namespace's block device
 * for I/O and sends admin commands to the controller's character device.
 * libnvme provides the data structures and the passthrough; the commands
 * themselves come from nvme_cmds.c.  Statuses stay NVMe statuses up to the
 * error message, and become -errno at this file's edge.  Namespace OP is in
 * nvme_op.c.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>
#include <libnvme.h>

#include "nvme/nvme_cmds.h"
#include "nvme/nvme_priv.h"
#include "nvme/nvme_target.h"
#include "device/op_journal.h"
#include "device/safety.h"
#include "device/target.h"
#include "engine/uring_target.h"
#include "engine/wrap.h"

#define ADMIN_TIMEOUT_MS (60u * 1000)
#define FORMAT_TIMEOUT_MS (4u * 3600 * 1000)
#define SANITIZE_POLL_S 1

/* ---- sysfs helpers ---- */

static int read_attr(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	size_t n;

	buf[0] = '\0';
	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	n = strcspn(buf, "\n");
	buf[n] = '\0';
	while (n && buf[n - 1] == ' ')
		buf[--n] = '\0';
	return 0;
}

static bool is_ctrl_name(const char *s)
{
	if (strncmp(s, "nvme", 4) != 0 || !s[4])
		return false;
	for (s += 4; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* nvmeXnY exactly: a namespace head or a private namespace, not a path (c) or partition (p). */
bool nvme_is_namespace_node(const char *s)
{
	const char *p = s + 4;

	if (strncmp(s, "nvme", 4) != 0)
		return false;
	if (*p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p++ != 'n' || *p < '0' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0';
}

/* The live controller behind namespace disk ns: its device link is the controller or the subsystem. */
static int find_ctrl(const char *ns, char *ctrl, size_t len)
{
	char link[PATH_MAX], real[PATH_MAX], state[32], path[PATH_MAX + 64];
	const char *base;
	struct dirent *de;
	DIR *d;

	snprintf(link, sizeof(link), "/sys/class/block/%s/device", ns);
	if (!realpath(link, real))
		return -errno;
	base = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
	if (is_ctrl_name(base)) {
		snprintf(ctrl, len, "%.63s", base);
		return 0;
	}
	d = opendir(real);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		if (!is_ctrl_name(de->d_name))
			continue;
		snprintf(path, sizeof(path), "/sys/class/nvme/%s/state", de->d_name);
		if (read_attr(path, state, sizeof(state)) == 0 && strcmp(state, "live") == 0) {
			snprintf(ctrl, len, "%.63s", de->d_name);
			closedir(d);
			return 0;
		}
	}
	closedir(d);
	return -ENODEV;
}

/* The namespace disk of ctrl with nsid, after a rescan; "" until it appears. */
void nv_find_ns_disk(const char *ctrl, uint32_t nsid, char *name, size_t len)
{
	char path[PATH_MAX], buf[32], c2[64];
	struct dirent *de;
	DIR *d = opendir("/sys/class/block");

	name[0] = '\0';
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (!nvme_is_namespace_node(de->d_name))
			continue;
		snprintf(path, sizeof(path), "/sys/class/block/%s/nsid", de->d_name);
		if (read_attr(path, buf, sizeof(buf)) < 0 || strtoul(buf, NULL, 10) != nsid)
			continue;
		if (find_ctrl(de->d_name, c2, sizeof(c2)) == 0 && strcmp(c2, ctrl) == 0) {
			snprintf(name, len, "%.63s", de->d_name);
			break;
		}
	}
	closedir(d);
}

/* ---- sending ---- */

static void trim_copy(char *dst, size_t dlen, const char *src, size_t slen)
{
	size_t b = 0, e = slen;

	while (b < e && (src[b] == ' ' || src[b] == '\0'))
		b++;
	while (e > b && (src[e - 1] == ' ' || src[e - 1] == '\0'))
		e--;
	snprintf(dst, dlen, "%.*s", (int)(e - b), src + b);
}

/* Send an admin command: 0, a positive NVMe status, or -errno. */
int nv_admin(struct nvme_target *n, struct nvme_passthru_cmd *c, uint32_t *result)
{
	uint32_t r = 0;
	int ret;

	if (!c->timeout_ms)
		c->timeout_ms = ADMIN_TIMEOUT_MS;
	ret = nvme_submit_admin_passthru(n->cfd, c, &r);
	if (ret < 0)
		return -errno;
	if (result)
		*result = r;
	return ret;
}

/* A command that changes the drive: printed under --dry-run, sent otherwise. */
int nv_admin_change(struct nvme_target *n, struct nvme_passthru_cmd *c, uint32_t *result)
{
	char line[320];

	if (n->w.dry_run) {
		nvme_cmd_describe(c, true, line, sizeof(line));
		fprintf(n->w.dry_out, "would send to /dev/%s: %s\n", n->ctrl_name, line);
		if (result)
			*result = c->nsid;
		return 0;
	}
	return nv_admin(n, c, result);
}

void nv_status_text(int ret, char *buf, size_t len)
{
	if (ret < 0)
		snprintf(buf, len, "%s", strerror(-ret));
	else
		snprintf(buf, len, "%s (NVMe status 0x%x)", nvme_status_name(ret), ret);
}

int nv_identify_all(struct nvme_target *n)
{
	struct nvme_passthru_cmd c = nvme_cmd_identify(NVMEC_CNS_CTRL, 0, &n->idc);
	int ret = nv_admin(n, &c, NULL);

	if (ret)
		return ret < 0 ? ret : -EIO;
	c = nvme_cmd_identify(NVMEC_CNS_NS, n->nsid, &n->idns);
	ret = nv_admin(n, &c, NULL);
	return ret ? (ret < 0 ? ret : -EIO) : 0;
}

static unsigned cur_lbaf(const struct nvme_id_ns *ns)
{
	return (ns->flbas & 0xf) | ((ns->flbas >> 5) & 3) << 4;
}

uint32_t nv_lba_bytes(const struct nvme_id_ns *ns)
{
	unsigned ds = ns->lbaf[cur_lbaf(ns) & 63].ds;

	return ds >= 9 && ds < 32 ? 1u << ds : 512;
}

static uint32_t le32v(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

#define ONCS(n) le16v(&(n)->idc.oncs)
#define SANICAP(n) le32v(&(n)->idc.sanicap)

static bool can_format(const struct nvme_target *n) { return OACS(n) & (1u << 1); }
static bool can_sanitize_oacs(const struct nvme_target *n) { (void)n; return true; }

struct method_support {
	const char *name;
	bool ok;
};

static void purge_support(const struct nvme_target *n, struct method_support m[6])
{
	uint32_t sc = SANICAP(n);

	(void)can_sanitize_oacs;
	m[0] = (struct method_support){ "sanitize-block", sc & (1u << 1) };
	m[1] = (struct method_support){ "sanitize-crypto", sc & (1u << 0) };
	m[2] = (struct method_support){ "sanitize-overwrite", sc & (1u << 2) };
	m[3] = (struct method_support){ "format", can_format(n) };
	m[4] = (struct method_support){ "format-crypto", can_format(n) && (n->idc.fna & (1u << 2)) };
	m[5] = (struct method_support){ "trim", true };
}

/* Purge and OP methods the drive supports, space separated ("sanitize-block format trim"). */
static void methods(const struct target *t, char *purge, size_t plen, char *op, size_t olen)
{
	const struct nvme_target *n = (const struct nvme_target *)t;
	struct method_support m[6];
	size_t l = 0;

	purge_support(n, m);
	purge[0] = '\0';
	for (int i = 0; i < 6; i++)
		if (m[i].ok && l < plen)
			l += (size_t)snprintf(purge + l, plen - l, "%s%s", l ? " " : "", m[i].name);
	/*
	 * What the drive supports, not what this open allows: a read-only
	 * target lacks TARGET_CAP_OP_NAMESPACE, and info and list still show it.
	 */
	snprintf(op, olen, "%sspan", nv_can_nsmgmt(n) && !n->nsmgmt_refused[0] ? "namespace " : "");
}

/* ---- identify / describe / counters ---- */

static int nv_identify(struct target *t, struct target_info *info)
{
	struct nvme_target *n = to_nv(t);

	memset(info, 0, sizeof(*info));
	snprintf(info->kind, sizeof(info->kind), "nvme");
	snprintf(info->path, sizeof(info->path), "%s", t->info.path);
	trim_copy(info->model, sizeof(info->model), n->idc.mn, sizeof(n->idc.mn));
	trim_copy(info->serial, sizeof(info->serial), n->idc.sn, sizeof(n->idc.sn));
	trim_copy(info->firmware, sizeof(info->firmware), n->idc.fr, sizeof(n->idc.fr));
	info->lba_bytes = nv_lba_bytes(&n->idns);
	info->capacity_bytes = le64v(&n->idns.nsze) * info->lba_bytes;
	if (n->w.io && n->w.io->info.capacity_bytes && n->w.io->info.capacity_bytes != info->capacity_bytes)
		info->capacity_bytes = n->w.io->info.capacity_bytes;  /* the kernel's view is what I/O sees */
	return 0;
}

struct nvme_smart_snapshot {
	double data_units_written, data_units_read;
	unsigned percent_used;
	int temperature_c;
	double media_errors;
	double host_write_cmds;
};

static int read_smart(struct nvme_target *n, struct nvme_smart_snapshot *s)
{
	struct nvme_smart_log log;
	struct nvme_passthru_cmd c = nvme_cmd_get_log(NVMEC_LID_SMART, NVMEC_NSID_ALL, 0, &log, sizeof(log));
	int ret = nv_admin(n, &c, NULL);

	if (ret)
		return ret < 0 ? ret : -EIO;
	s->data_units_written = nvme_le128_double(log.data_units_written);
	s->data_units_read = nvme_le128_double(log.data_units_read);
	s->percent_used = log.percent_used;
	s->temperature_c = (int)le16v(log.temperature) - 273;
	s->media_errors = nvme_le128_double(log.media_errors);
	s->host_write_cmds = nvme_le128_double(log.host_writes);
	return 0;
}

/* OCP C0: physical media units written, bytes [15:0]; -ENODATA without the log or its GUID. */
static int read_ocp_media(struct nvme_target *n, double *bytes)
{
	uint8_t log[512];
	struct nvme_passthru_cmd c = nvme_cmd_get_log(NVMEC_LID_OCP_C0, NVMEC_NSID_ALL, 0, log, sizeof(log));
	int ret;

	memset(log, 0, sizeof(log));
	ret = nv_admin(n, &c, NULL);
	if (ret)
		return ret < 0 ? ret : -ENODATA;
	if (!nvme_ocp_c0_guid_ok(log))
		return -ENODATA;
	*bytes = nvme_le128_double(log);
	return 0;
}

static int nv_counters(struct target *t, struct target_counters *c)
{
	struct nvme_target *n = to_nv(t);
	double media;
	int ret = n->w.io->ops->counters(n->w.io, c);

	if (ret < 0)
		return ret;
	c->media_known = false;
	if (n->ocp && read_ocp_media(n, &media) == 0) {
		c->media_bytes_written = (uint64_t)media;
		c->media_known = true;
	}
	return 0;
}

static void add_str(struct json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v && *v ? json_object_new_string(v) : NULL);
}

static void add_hex(struct json_object *o, const char *k, unsigned v)
{
	char b[16];

	snprintf(b, sizeof(b), "0x%x", v);
	add_str(o, k, b);
}

static int nv_describe(struct target *t, struct json_object *obj)
{
	struct nvme_target *n = to_nv(t);
	struct nvme_smart_snapshot s;
	struct json_object *lbafs = json_object_new_array();
	char purge[160], op[64];
	double media;

	add_str(obj, "controller", n->ctrl_name);
	json_object_object_add(obj, "nsid", json_object_new_int64(n->nsid));
	json_object_object_add(obj, "cntlid", json_object_new_int(le16v(&n->idc.cntlid)));
	add_hex(obj, "oacs", OACS(n));
	add_hex(obj, "oncs", ONCS(n));
	add_hex(obj, "sanicap", SANICAP(n));
	add_hex(obj, "fna", n->idc.fna);
	json_object_object_add(obj, "tnvmcap_bytes", json_object_new_double(nvme_le128_double(n->idc.tnvmcap)));
	json_object_object_add(obj, "unvmcap_bytes", json_object_new_double(nvme_le128_double(n->idc.unvmcap)));
	json_object_object_add(obj, "nsze_lbas", json_object_new_uint64(le64v(&n->idns.nsze)));
	json_object_object_add(obj, "ncap_lbas", json_object_new_uint64(le64v(&n->idns.ncap)));
	for (unsigned i = 0; i <= n->idns.nlbaf && i < 64; i++) {
		char b[64];

		snprintf(b, sizeof(b), "%u: %u bytes%s%s", i, 1u << n->idns.lbaf[i].ds,
			 le16v(&n->idns.lbaf[i].ms) ? " +metadata" : "", i == cur_lbaf(&n->idns) ? " (in use)" : "");
		json_object_array_add(lbafs, json_object_new_string(b));
	}
	json_object_object_add(obj, "lba_formats", lbafs);
	methods(t, purge, sizeof(purge), op, sizeof(op));
	add_str(obj, "purge_methods", purge);
	add_str(obj, "op_methods", op);
	if (n->nsmgmt_refused[0])
		add_str(obj, "namespace_management", n->nsmgmt_refused);
	if (read_smart(n, &s) == 0) {
		struct json_object *sm = json_object_new_object();

		json_object_object_add(sm, "data_units_written", json_object_new_double(s.data_units_written));
		json_object_object_add(sm, "data_units_read", json_object_new_double(s.data_units_read));
		json_object_object_add(sm, "host_bytes_written_approx",
				       json_object_new_double(s.data_units_written * 512000.0));
		json_object_object_add(sm, "host_write_commands", json_object_new_double(s.host_write_cmds));
		json_object_object_add(sm, "percentage_used", json_object_new_int((int)s.percent_used));
		json_object_object_add(sm, "temperature_c", json_object_new_int(s.temperature_c));
		json_object_object_add(sm, "media_errors", json_object_new_double(s.media_errors));
		json_object_object_add(obj, "smart", sm);
	}
	if (n->ocp && read_ocp_media(n, &media) == 0)
		json_object_object_add(obj, "ocp_physical_media_bytes_written", json_object_new_double(media));
	else
		json_object_object_add(obj, "ocp_physical_media_bytes_written", NULL);
	add_str(obj, "media_counter", n->ocp ? "OCP C0 physical media units written" : "none (no OCP C0 log)");
	wrap_describe_state(t, obj);
	return 0;
}

/* ---- purge ---- */

static void unsupported(struct nvme_target *n, const char *method, char *err, size_t errlen)
{
	char purge[160], op[64];

	methods(&n->w.t, purge, sizeof(purge), op, sizeof(op));
	snprintf(err, errlen, "--method: %s (%s) does not support '%s'; it supports: %s", n->w.t.info.path,
		 n->w.t.info.model, method, purge);
}

static int poll_sanitize(struct nvme_target *n, char *err, size_t errlen)
{
	struct nvme_sanitize_log_page log;
	char st[96];

	for (;;) {
		struct nvme_passthru_cmd c = nvme_cmd_get_log(NVMEC_LID_SANITIZE, 0, 0, &log, sizeof(log));
		int ret = nv_admin(n, &c, NULL);
		unsigned sstat;

		if (ret) {
			nv_status_text(ret, st, sizeof(st));
			snprintf(err, errlen, "reading the sanitize log failed: %s; the sanitize may still be "
				 "running (check with nvme sanitize-log /dev/%s)", st, n->ctrl_name);
			return ret < 0 ? ret : -EIO;
		}
		sstat = le16v(&log.sstat) & 7;
		if (sstat == 2) {
			if (n->w.progress)
				n->w.progress("sanitize", le16v(&log.sprog) / 65536.0, n->w.progress_arg);
			sleep(SANITIZE_POLL_S);
			continue;
		}
		if (sstat == 1 || sstat == 4) {
			if (n->w.progress)
				n->w.progress("sanitize", 1.0, n->w.progress_arg);
			return 0;
		}
		snprintf(err, errlen, "sanitize of /dev/%s ended: %s", n->ctrl_name, nvme_sanitize_status_name(sstat));
		return -EIO;
	}
}

/* What auto purges with: block erase, then crypto erase, then format, then a full deallocate. */
static const char *auto_purge(const struct nvme_target *n)
{
	static const int order[] = { 0, 1, 3, 5 };
	struct method_support m[6];
	int i;

	purge_support(n, m);
	for (i = 0; i < 4 && !m[order[i]].ok; i++)
		;
	return m[order[i < 4 ? i : 3]].name;
}

static int nv_purge(struct target *t, const char *method, char *err, size_t errlen)
{
	struct nvme_target *n = to_nv(t);
	struct method_support m[6];
	struct nvme_passthru_cmd c;
	char st[96];
	int ret, i;

	purge_support(n, m);
	if (!method || !strcmp(method, "auto"))
		method = auto_purge(n);
	for (i = 0; i < 6 && strcmp(method, m[i].name); i++)
		;
	if (i == 6 || !m[i].ok) {
		if (i == 6)
			snprintf(err, errlen, "--method: '%s' is not a purge method", method);
		else
			unsupported(n, method, err, errlen);
		return -EOPNOTSUPP;
	}
	if (!strcmp(method, "trim")) {
		ret = wrap_trim(t, 0, t->info.capacity_bytes);
		if (ret < 0)
			snprintf(err, errlen, "deallocating all of %s failed: %s", t->info.path, strerror(-ret));
		return ret;
	}
	if (!strncmp(method, "sanitize-", 9)) {
		enum nvmec_sanact a = i == 0 ? NVMEC_SANACT_BLOCK_ERASE : i == 1 ? NVMEC_SANACT_CRYPTO_ERASE
			: NVMEC_SANACT_OVERWRITE;

		c = nvme_cmd_sanitize(a, false, 1, false, false, 0);
		if (!n->w.dry_run)
			wrap_flush_bdev(t->info.path);
		ret = nv_admin_change(n, &c, NULL);
		if (ret) {
			nv_status_text(ret, st, sizeof(st));
			snprintf(err, errlen, "/dev/%s refused %s: %s", n->ctrl_name, method, st);
			return ret < 0 ? ret : -EIO;
		}
		if (n->w.dry_run)
			return 0;
		ret = poll_sanitize(n, err, errlen);
		wrap_flush_bdev(t->info.path);
		return ret;
	}
	/* format: SES 1 (user data erase) or 2 (cryptographic erase), same LBA format. */
	c = nvme_cmd_format(n->nsid, cur_lbaf(&n->idns), i == 4 ? 2 : 1);
	c.timeout_ms = FORMAT_TIMEOUT_MS;
	if (n->w.progress)
		n->w.progress(i == 4 ? "format (crypto erase)" : "format (user data erase)", 0, n->w.progress_arg);
	if (!n->w.dry_run)
		wrap_flush_bdev(t->info.path);
	ret = nv_admin_change(n, &c, NULL);
	if (!n->w.dry_run)
		wrap_flush_bdev(t->info.path);
	if (ret) {
		nv_status_text(ret, st, sizeof(st));
		snprintf(err, errlen, "/dev/%s refused %s of namespace %u: %s", n->ctrl_name, method, n->nsid, st);
		return ret < 0 ? ret : -EIO;
	}
	if (n->w.progress)
		n->w.progress("format", 1.0, n->w.progress_arg);
	return 0;
}

/* ---- open / close ---- */

static void nv_close(struct target *t)
{
	struct nvme_target *n = to_nv(t);

	target_close(n->w.io);
	if (n->cfd >= 0)
		close(n->cfd);
	free(n);
}

/*
 * The Endurance Group log's estimate for the namespace's group, where the
 * controller has endurance groups (CTRATT bit 4) and fills the estimate.
 * SMART's Percentage Used alone gives no rating, so without the log: -ENODATA.
 */
static int nv_endurance(struct nvme_target *n, struct target_endurance *e)
{
	uint8_t log[512];
	uint16_t endgid = le16v(&n->idns.endgid);
	struct nvme_passthru_cmd c = nvme_cmd_get_endurance_log(endgid ? endgid : 1, log);
	int ret;

	if (!(le32v(&n->idc.ctratt) & NVME_CTRL_CTRATT_ENDURANCE_GROUPS))
		return -ENODATA;
	memset(log, 0, sizeof(log));
	ret = nv_admin(n, &c, NULL);
	if (ret)
		return ret < 0 ? ret : -ENODATA;
	e->rated_tbw = nvme_endurance_estimate_tb(log);
	if (!(e->rated_tbw > 0))
		return -ENODATA;
	snprintf(e->source, sizeof(e->source), "nvme-endurance-group");
	return 0;
}

static int nv_control(struct target *t, int op, void *arg)
{
	struct nvme_target *n = to_nv(t);

	switch (op) {
	case TARGET_CTL_ENDURANCE:
		return nv_endurance(n, arg);
	case TARGET_CTL_METHODS: {
		struct target_methods *m = arg;

		methods(t, m->purge, m->purge_len, m->op, m->op_len);
		return 0;
	}
	case TARGET_CTL_PURGE_AUTO:
		*(const char **)arg = auto_purge(n);
		return 0;
	case TARGET_CTL_NSMGMT_REFUSED:
		*(const char **)arg = n->nsmgmt_refused[0] ? n->nsmgmt_refused : NULL;
		return 0;
	case TARGET_CTL_ASSUMED_WRITE_MBPS:
		*(double *)arg = 1000;
		return 0;
	default:
		return wrap_control(t, op, arg);
	}
}

static const struct target_ops nvme_ops_template = {
	.name = "nvme",
	.identify = nv_identify,
	.describe = nv_describe,
	.purge = nv_purge,
	.set_op = nv_set_op,
	.trim = wrap_trim,
	.counters = nv_counters,
	.submit = wrap_submit,
	.reap = wrap_reap,
	.now_ns = wrap_now,
	.idle = wrap_idle,
	.completion_fd = wrap_completion_fd,
	.register_buffers = wrap_register_buffers,
	.unregister_buffers = wrap_unregister_buffers,
	.control = nv_control,
	.max_queue_depth = URING_MAX_QD,
	.close = nv_close,
};

int nvme_target_open(const char *path, unsigned flags, struct target **out, char *err, size_t errlen)
{
	char node[64], disk[64], buf[64], p[PATH_MAX];
	bool ro = flags & TARGET_OPEN_READONLY;
	struct nvme_target *n;
	struct stat sb;
	int ret;

	*out = NULL;
	if (stat(path, &sb) < 0)
		return -ENODEV;
	if (S_ISCHR(sb.st_mode)) {
		char link[64], real[PATH_MAX];
		const char *base;

		snprintf(link, sizeof(link), "/sys/dev/char/%u:%u", major(sb.st_rdev), minor(sb.st_rdev));
		if (!realpath(link, real))
			return -ENODEV;
		base = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
		if (!is_ctrl_name(base))
			return -ENODEV;
		snprintf(err, errlen, "'%s' is an NVMe controller, not a namespace; use one of its namespaces, "
			 "e.g. /dev/%sn1 (see ssdprof list)", path, base);
		return -EINVAL;
	}
	if (safety_block_names(path, node, sizeof(node), disk, sizeof(disk)) < 0 || !nvme_is_namespace_node(node))
		return -ENODEV;

	n = calloc(1, sizeof(*n));
	if (!n)
		return -ENOMEM;
	n->cfd = -1;
	n->w.dry_out = stdout;
	n->w.trim_cmd = "Dataset Management, deallocate";
	n->w.ops = nvme_ops_template;
	n->w.t.ops = &n->w.ops;
	n->w.t.priv = n;
	snprintf(n->w.t.info.path, sizeof(n->w.t.info.path), "%s", path);
	snprintf(n->ns_name, sizeof(n->ns_name), "%s", node);
	snprintf(p, sizeof(p), "/sys/class/block/%s/nsid", node);
	if (read_attr(p, buf, sizeof(buf)) == 0)
		n->nsid = (uint32_t)strtoul(buf, NULL, 10);
	ret = find_ctrl(node, n->ctrl_name, sizeof(n->ctrl_name));
	if (ret < 0) {
		snprintf(err, errlen, "'%s': cannot find its NVMe controller: %s", path, strerror(-ret));
		goto fail;
	}
	snprintf(p, sizeof(p), "/dev/%s", n->ctrl_name);
	/*
	 * Identify and log pages are allowed on a read-only open (with
	 * CAP_SYS_ADMIN any admin command is; without it, the kernel allows
	 * just those, whatever the mode), so a reader needs no write access.
	 */
	n->cfd = open(p, (ro ? O_RDONLY : O_RDWR) | O_CLOEXEC);
	if (n->cfd < 0) {
		ret = -errno;
		snprintf(err, errlen, "'%s': cannot open its controller %s: %s", path, p, strerror(errno));
		goto fail;
	}
	if (!n->nsid) {
		int id = ioctl(n->cfd, NVME_IOCTL_ID);

		n->nsid = id > 0 ? (uint32_t)id : 1;
	}
	ret = nv_identify_all(n);
	if (ret < 0) {
		snprintf(err, errlen, "'%s': identify failed: %s", path, strerror(-ret));
		goto fail;
	}
	ret = uring_target_open(path, flags, &n->w.io, err, errlen);
	if (ret < 0)
		goto fail;

	{
		/* What the drive can do; a read-only open keeps what reading needs (target_set_caps). */
		unsigned full = (target_drive_caps(n->w.io) & (TARGET_CAP_READ | TARGET_CAP_WRITE | TARGET_CAP_TRIM)) |
				TARGET_CAP_PURGE | TARGET_CAP_OP_SPAN | TARGET_CAP_REAL_DEVICE | TARGET_CAP_DRIVE_CMDS;
		double media;
		char serial[64], note[160];

		trim_copy(serial, sizeof(serial), n->idc.sn, sizeof(n->idc.sn));
		n->ocp = true;
		n->ocp = read_ocp_media(n, &media) == 0;
		if (n->ocp)
			full |= TARGET_CAP_MEDIA_COUNTER;
		if (nv_can_nsmgmt(n)) {
			if (op_journal_note_get(serial, NOTE_NSMGMT, note, sizeof(note)))
				snprintf(n->nsmgmt_refused, sizeof(n->nsmgmt_refused), "%s", note);
			else
				full |= TARGET_CAP_OP_NAMESPACE;
		}
		target_set_caps(&n->w.t, &n->w.ops.caps, full, ro);
	}
	nv_identify(&n->w.t, &n->w.t.info);
	*out = &n->w.t;
	return 0;
fail:
	nv_close(&n->w.t);
	return ret < 0 ? ret : -EIO;
}

