/* SPDX-License-Identifier: MIT */
/* What every target shares whatever its kind: capability names, group members and closing. */
#include <stddef.h>

#include "device/target.h"

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
	if (t && t->ops && t->ops->close)
		t->ops->close(t);
}
