/* SPDX-License-Identifier: MIT */
/* What every target shares whatever its kind: capability names, group members and closing. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "device/claim.h"
#include "device/target.h"
#include "util/escape.h"

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

/* The kind bits stay out of the JSON "capabilities" list: they must lie past the named ones. */
_Static_assert(TARGET_CAP_SIMULATED > 1u << (TARGET_CAP_COUNT - 1), "a kind bit among the named capabilities");

const char *target_cap_name(unsigned bit_index)
{
	if (bit_index >= TARGET_CAP_COUNT)
		return NULL;
	return cap_names[bit_index];
}

/* Asking a group for its members changes nothing, hence the const arguments. */
unsigned target_members(const struct target *t)
{
	unsigned n = 0;

	if (!target_has(t, TARGET_CAP_GROUP) || target_control((struct target *)t, TARGET_CTL_MEMBERS, &n) < 0)
		return 0;
	return n;
}

struct target *target_member(const struct target *t, unsigned i)
{
	struct target_member m = { .index = i };

	return target_control((struct target *)t, TARGET_CTL_MEMBER, &m) < 0 ? NULL : m.member;
}

void target_close(struct target *t)
{
	struct device_claim *claim;

	if (!t)
		return;
	/* The claim outlives the backend's own descriptors: nobody else starts while they close. */
	claim = t->claim;
	if (t->ops && t->ops->close)
		t->ops->close(t);
	device_claim_release(claim);
}

int target_io_error(const struct target *t, unsigned dir, uint64_t offset, uint32_t len, int32_t res,
		    char *err, size_t errlen)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	const char *d = dir < 3 ? dirs[dir] : "I/O";
	uint32_t lba = t->info.lba_bytes ? t->info.lba_bytes : 1;
	char status[64], path[160];
	struct target_io_fault f = { dir, offset, len, res, err, errlen };
	int known = target_control((struct target *)t, TARGET_CTL_IO_ERROR, &f);

	if (known > 0)
		return known;   /* a group names the member that failed it */
	if (res < 0)
		snprintf(status, sizeof(status), "%s", strerror(-res));
	else
		snprintf(status, sizeof(status), "short %s: %d of %u bytes", d, res, len);
	/* The path is what the user typed: escaped, so the message stays one printable line. */
	snprintf(err, errlen, "%s: %s error at byte offset %llu (LBA %llu): %s",
		 escape_bytes(path, sizeof(path), t->info.path, strlen(t->info.path)), d,
		 (unsigned long long)offset, (unsigned long long)(offset / lba), status);
	return res < 0 ? -res : EIO;
}

bool target_write_claimed(const struct target *t)
{
	if (target_has(t, TARGET_CAP_GROUP)) {
		for (unsigned i = 0; i < target_members(t); i++)
			if (!target_write_claimed(target_member(t, i)))
				return false;
		return true;
	}
	return target_has(t, TARGET_CAP_SIMULATED) || !target_has(t, TARGET_CAP_REAL_DEVICE) || t->claim;
}

void target_method_names(struct target *t, char *purge, size_t plen, char *op, size_t olen)
{
	struct target_methods m = { .purge = purge, .purge_len = plen, .op = op, .op_len = olen };

	if (target_control(t, TARGET_CTL_METHODS, &m) == 0)
		return;
	/* A file, a block device or a group: what the capabilities say. */
	snprintf(purge, plen, "%s", target_has(t, TARGET_CAP_PURGE) || target_has(t, TARGET_CAP_TRIM) ? "trim" : "");
	snprintf(op, olen, "%s%s%s", target_has(t, TARGET_CAP_OP_NAMESPACE) ? "namespace " : "",
		 target_has(t, TARGET_CAP_OP_HPA) ? "hpa " : "", "span");
}
