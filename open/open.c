/* SPDX-License-Identifier: MIT */
/*
 * Opening targets by their command-line spelling.  Each kind owns its prefix
 * or path shape: "sim:" is the simulator, anything else is a path to a
 * regular file or a block device, driven through io_uring.  The only file
 * above the backends that includes their headers: the commands see a target
 * through its ops, capability bits and control hook alone.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "device/fault_target.h"
#include "open/open.h"
#include "open/open_memory.h"
#include "raid/raid_target.h"
#include "sim/sim.h"
#include "engine/uring_target.h"
#include "nvme/nvme_target.h"
#include "ata/ata_target.h"
#include "util/escape.h"

/*
 * Faults for the tests: SSDPROF_FAULT (device/fault_target.h) is read here,
 * once per TARGET or group opened, and the faults it plans wrap the target
 * (or the RAID member it names) before any command sees it.  Unset or empty:
 * no wrapper.  A plan that does not parse fails the open with -EINVAL.
 */
static int fault_plan_env(struct fault_plan *p, unsigned members, char *err, size_t errlen)
{
	const char *spec = getenv(FAULT_ENV);
	int ret;

	p->n = 0;
	if (!spec || !*spec)
		return 0;
	if ((ret = fault_plan_parse(spec, p, err, errlen)) < 0)
		return ret;
	for (unsigned i = 0; i < p->n; i++)
		if (p->f[i].member >= (int)members) {
			snprintf(err, errlen, FAULT_ENV ": member=%d, but %s", p->f[i].member,
				 members ? "the group has fewer members" : "the target is no RAID group");
			return -EINVAL;
		}
	return 0;
}

/* Wrap *t in p's faults for member; on failure *t is closed. */
static int add_faults(struct target **t, const struct fault_plan *p, int member, char *err, size_t errlen)
{
	int ret = fault_target_wrap(t, p, member);

	if (ret < 0) {
		snprintf(err, errlen, FAULT_ENV ": out of memory");
		target_close(*t);
		*t = NULL;
	}
	return ret;
}

static int open_plain(const char *spec, unsigned flags, struct target **out, char *err, size_t errlen);

/* The simulator opens nothing, but a read-only open still gets a reader's target. */
static int open_sim(const char *spec, unsigned flags, struct target **out, char *err, size_t errlen)
{
	return sim_target_open_flags(spec, flags, out, err, errlen);
}

/*
 * Every backend, compiled in (as curl's available_backends[]).  One with a
 * prefix owns the spellings that start with it and gets the rest of the
 * spec; the others are tried on a path in this order, each answering
 * -ENODEV (err untouched) for a path that is not its kind, so the generic
 * io_uring file and block target comes last.
 */
static const struct backend {
	const char *name;
	const char *prefix;
	int (*open)(const char *spec, unsigned flags, struct target **out, char *err, size_t errlen);
} backends[] = {
	{ "sim", "sim:", open_sim },
	{ "nvme", NULL, nvme_target_open },
	{ "ata", NULL, ata_target_open },
	{ "generic", NULL, uring_target_open },
};

/* The hook each capability bit needs: a bit without its hook would be called and crash. */
static const struct {
	unsigned caps;
	size_t hook;
	const char *name;
} cap_hooks[] = {
	{ TARGET_CAP_READ | TARGET_CAP_WRITE, offsetof(struct target_ops, submit), "submit" },
	{ TARGET_CAP_READ | TARGET_CAP_WRITE, offsetof(struct target_ops, reap), "reap" },
	{ TARGET_CAP_READ | TARGET_CAP_WRITE, offsetof(struct target_ops, now_ns), "now_ns" },
	{ TARGET_CAP_TRIM, offsetof(struct target_ops, trim), "trim" },
	{ TARGET_CAP_PURGE, offsetof(struct target_ops, purge), "purge" },
	{ TARGET_CAP_OP_NAMESPACE | TARGET_CAP_OP_HPA, offsetof(struct target_ops, set_op), "set_op" },
	{ TARGET_CAP_MEDIA_COUNTER, offsetof(struct target_ops, counters), "counters" },
	{ TARGET_CAP_GROUP, offsetof(struct target_ops, control), "control" },
};

static bool has_hook(const struct target_ops *ops, size_t off)
{
	void *hook;

	memcpy(&hook, (const char *)ops + off, sizeof(hook));
	return hook != NULL;
}

int target_check_ops(const struct target *t, char *err, size_t errlen)
{
	const struct target_ops *ops = t->ops;

	/* Mandatory, whatever the capabilities: a name, an identity, a way to close. */
	if (!ops || !ops->name || !ops->identify || !ops->close) {
		snprintf(err, errlen, "backend '%s' lacks a mandatory hook (%s); it cannot be opened",
			 ops && ops->name ? ops->name : "?", !ops || !ops->name ? "name" : !ops->identify ? "identify"
			 : "close");
		return -EINVAL;
	}
	for (size_t i = 0; i < sizeof(cap_hooks) / sizeof(cap_hooks[0]); i++)
		if ((ops->caps & cap_hooks[i].caps) && !has_hook(ops, cap_hooks[i].hook)) {
			snprintf(err, errlen, "backend '%s' claims a capability without its '%s' hook; it cannot be "
				 "opened", ops->name, cap_hooks[i].name);
			return -EINVAL;
		}
	if ((ops->caps & (TARGET_CAP_READ | TARGET_CAP_WRITE)) && !ops->max_queue_depth) {
		snprintf(err, errlen, "backend '%s' takes I/O with a queue of depth 0; it cannot be opened", ops->name);
		return -EINVAL;
	}
	return 0;
}

int target_open(const char *spec, struct target **out, char *err, size_t errlen)
{
	return target_open_flags(spec, TARGET_OPEN_READONLY, out, err, errlen);
}

int target_open_flags(const char *spec, unsigned flags, struct target **out, char *err,
		      size_t errlen)
{
	struct fault_plan plan;
	int ret;

	*out = NULL;
	/* Read-only unless the caller says it writes (device/target.h). */
	if (!(flags & TARGET_OPEN_WRITE))
		flags |= TARGET_OPEN_READONLY;
	/* A drive to be written whose memory the machine has not is refused before it is built. */
	if (!(flags & TARGET_OPEN_READONLY) && (ret = open_check_memory(&spec, 1, err, errlen)) < 0)
		return ret;
	if ((ret = fault_plan_env(&plan, 0, err, errlen)) < 0 ||
	    (ret = open_plain(spec, flags, out, err, errlen)) < 0)
		return ret;
	/* SSDPROF_FAULT_TARGET=SPEC: only that TARGET of several (qualify's drives) misbehaves. */
	if (getenv(FAULT_TARGET_ENV) && strcmp(getenv(FAULT_TARGET_ENV), spec))
		plan.n = 0;
	return add_faults(out, &plan, -1, err, errlen);
}

static int open_plain(const char *spec, unsigned flags, struct target **out, char *err, size_t errlen)
{
	struct target *t = NULL;
	int ret;

	*out = NULL;
	if (!spec || !*spec) {
		snprintf(err, errlen, "missing TARGET; try sim:budget-tlc");
		return -EINVAL;
	}
	/*
	 * The TARGET is echoed in every message and result as typed: one with
	 * control bytes would put them on the terminal, one longer than the
	 * identity holds would be recorded cut short.
	 */
	for (const char *c = spec; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f) {
			ESCAPE_BUF(q);

			snprintf(err, errlen, "TARGET '%s' holds control characters; name it without them",
				 escape_arg(q, sizeof(q), spec));
			return -EINVAL;
		}
	if (strlen(spec) >= sizeof(((struct target_info *)0)->path)) {
		snprintf(err, errlen, "TARGET is %zu bytes long; at most %zu are recorded", strlen(spec),
			 sizeof(((struct target_info *)0)->path) - 1);
		return -ENAMETOOLONG;
	}
	ret = -ENODEV;
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++) {
		const struct backend *b = &backends[i];

		if (b->prefix && !strncmp(spec, b->prefix, strlen(b->prefix))) {
			ret = b->open(spec + strlen(b->prefix), flags, &t, err, errlen);
			break;
		}
	}
	/* A path: NVMe namespaces and libata disks get their own kinds; anything else is generic. */
	for (size_t i = 0; ret == -ENODEV && !t && i < sizeof(backends) / sizeof(backends[0]); i++)
		if (!backends[i].prefix)
			ret = backends[i].open(spec, flags, &t, err, errlen);
	if (ret < 0)
		return ret;
	/* As fio's check_engine_ops: a capability without its hook is refused before anyone calls it. */
	if ((ret = target_check_ops(t, err, errlen)) < 0)
		goto err_close;

	/*
	 * Refresh the identity through the hook so every consumer reads one
	 * struct, and record the spelling the user typed (the backend only saw
	 * the part after the prefix).
	 */
	if (t->ops->identify) {
		struct target_info info = { 0 };

		/* Into a copy: a backend may fill info from t->info itself. */
		ret = t->ops->identify(t, &info);
		if (ret < 0) {
			snprintf(err, errlen, "'%s': identify failed: %s", spec, strerror(-ret));
			goto err_close;
		}
		t->info = info;
	}
	snprintf(t->info.path, sizeof(t->info.path), "%s", spec);

	*out = t;
	return 0;

err_close:
	target_close(t);
	return ret;
}

bool target_writable(const struct target *t)
{
	if (target_has(t, TARGET_CAP_WRITE))
		return true;
	/*
	 * Without the capability, only a file or device opened read-only may
	 * still take writes: ask its path (an NVMe or SATA target's is its
	 * block device; a sim: spelling is no path, and gives false).
	 */
	return uring_target_path_writable(t->info.path);
}

static bool is_partition(const char *node)
{
	char p[PATH_MAX];

	snprintf(p, sizeof(p), "/sys/class/block/%s/partition", node);
	return access(p, F_OK) == 0;
}

void target_list_drives(void (*fn)(const char *path, const char *kind, void *arg), void *arg)
{
	struct dirent **names = NULL;
	int k = scandir("/sys/class/block", &names, NULL, alphasort);
	char path[300];

	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < k; i++) {
			const char *node = names[i]->d_name;
			bool take = pass == 0 ? nvme_is_namespace_node(node)
					      : ata_is_disk_node(node) && !is_partition(node);

			if (!take)
				continue;
			snprintf(path, sizeof(path), "/dev/%s", node);
			fn(path, pass == 0 ? "nvme" : "ata", arg);
		}
	for (int i = 0; i < k; i++)
		free(names[i]);
	free(names);
}

bool target_node_listed(const char *node)
{
	return nvme_is_namespace_node(node) || (ata_is_disk_node(node) && !is_partition(node));
}

int target_open_group(enum raid_level level, uint64_t chunk_bytes, const char *const *specs, unsigned n,
		      unsigned flags, struct target **out, char *err, size_t errlen)
{
	struct target *members[RAID_MAX_MEMBERS] = { 0 };
	struct fault_plan plan;
	int ret;

	*out = NULL;
	if (!(flags & TARGET_OPEN_WRITE))
		flags |= TARGET_OPEN_READONLY;
	if (n > RAID_MAX_MEMBERS) {
		snprintf(err, errlen, "--raid: at most %d members", RAID_MAX_MEMBERS);
		return -EINVAL;
	}
	if ((ret = fault_plan_env(&plan, n, err, errlen)) < 0)
		return ret;
	for (unsigned i = 0; i < n; i++) {
		if ((ret = open_plain(specs[i], flags, &members[i], err, errlen)) < 0 ||
		    (ret = add_faults(&members[i], &plan, (int)i, err, errlen)) < 0) {
			while (i--)
				target_close(members[i]);
			return ret;
		}
	}
	ret = raid_target_assemble(level, chunk_bytes, members, specs, n, flags, out, err, errlen);
	if (ret < 0)
		return ret;
	if ((ret = target_check_ops(*out, err, errlen)) < 0) {
		target_close(*out);
		*out = NULL;
		return ret;
	}
	return add_faults(out, &plan, -1, err, errlen);
}

const char *const *target_sim_presets(void)
{
	return sim_preset_names;
}

void target_sim_keys_json(struct json_object *obj)
{
	struct sim_config cfg;
	char err[TARGET_ERRLEN], spec[64];

	/* With the keys a result names only when set (hot_cold), so every key is there. */
	snprintf(spec, sizeof(spec), "%s,hot_cold=1", sim_preset_names[0]);
	if (!sim_config_parse(spec, &cfg, err, sizeof(err)))
		sim_config_keys_json(&cfg, obj);
}
