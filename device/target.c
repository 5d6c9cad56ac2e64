/* SPDX-License-Identifier: MIT */
/* What every target shares whatever its kind: capability names and closing. */
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

const char *target_cap_name(unsigned bit_index)
{
	if (bit_index >= TARGET_CAP_COUNT)
		return NULL;
	return cap_names[bit_index];
}

void target_close(struct target *t)
{
	if (t && t->ops && t->ops->close)
		t->ops->close(t);
}
