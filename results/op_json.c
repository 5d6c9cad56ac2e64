/* SPDX-License-Identifier: MIT */
/* What op --show reports (results/op_json.h). */
#include <json-c/json.h>

#include "device/target.h"
#include "results/op_json.h"

struct json_object *op_state_json(const struct target *t, uint64_t orig, uint64_t usable,
				  const struct op_journal_entry *e, const char *op_methods, unsigned long long native)
{
	double pct = orig ? 100.0 * (1.0 - (double)usable / (double)orig) : 0;
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "path", json_object_new_string(t->info.path));
	json_object_object_add(o, "capacity_bytes", json_object_new_uint64(t->info.capacity_bytes));
	json_object_object_add(o, "original_bytes", json_object_new_uint64(orig));
	json_object_object_add(o, "usable_bytes", json_object_new_uint64(usable));
	json_object_object_add(o, "op_percent", json_object_new_double((double)((long long)(pct * 100 + 0.5)) / 100));
	json_object_object_add(o, "op_method", e ? json_object_new_string(e->method) : NULL);
	json_object_object_add(o, "op_methods", json_object_new_string(op_methods));
	if (native)
		json_object_object_add(o, "native_bytes", json_object_new_uint64(native));
	if (e) {
		json_object_object_add(o, "journal_since", json_object_new_string(e->when));
		json_object_object_add(o, "journal_step", json_object_new_string(e->step));
	}
	return o;
}
