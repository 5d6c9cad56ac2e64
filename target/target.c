/* SPDX-License-Identifier: MIT */
/*
 * Opening targets by their command-line spelling.  Each kind owns its prefix
 * or path shape: "sim:" is the simulator, anything else is a path to a
 * regular file or a block device, driven through io_uring.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim.h"
#include "target.h"
#include "uring_target.h"
#include "nvme_target.h"
#include "ata_target.h"

/* Indexed by bit position, so the order must follow enum target_cap. */
static const char *const cap_names[TARGET_CAP_COUNT] = {
	"read",
	"write",
	"trim",
	"purge",
	"op-namespace",
	"op-hpa",
	"op-span",
	"media-counter",
	"virtual-time",
	"real-device",
};

const char *target_cap_name(unsigned bit_index)
{
	if (bit_index >= TARGET_CAP_COUNT)
		return NULL;
	return cap_names[bit_index];
}

int target_open(const char *spec, struct target **out, char *err, size_t errlen)
{
	return target_open_flags(spec, 0, out, err, errlen);
}

int target_open_flags(const char *spec, unsigned flags, struct target **out, char *err,
		      size_t errlen)
{
	static const char sim_prefix[] = "sim:";
	struct target *t = NULL;
	int ret;

	*out = NULL;
	if (!spec || !*spec) {
		snprintf(err, errlen, "missing TARGET; try sim:budget-tlc");
		return -EINVAL;
	}
	if (strncmp(spec, sim_prefix, sizeof(sim_prefix) - 1) == 0)
		ret = sim_target_open(spec + sizeof(sim_prefix) - 1, &t, err, errlen);
	else {
		/* NVMe namespaces and libata disks get their own kinds; anything else is generic. */
		ret = nvme_target_open(spec, flags, &t, err, errlen);
		if (ret == -ENODEV)
			ret = ata_target_open(spec, flags, &t, err, errlen);
		if (ret == -ENODEV)
			ret = uring_target_open(spec, flags, &t, err, errlen);
	}
	if (ret < 0)
		return ret;

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

void target_close(struct target *t)
{
	if (t && t->ops && t->ops->close)
		t->ops->close(t);
}
