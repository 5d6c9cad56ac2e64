/* SPDX-License-Identifier: MIT */
/*
 * What `op --show` reports of a drive's over-provisioning: its capacity,
 * the original size (the journal's, else the capacity), the usable bytes,
 * the OP percentage, the method ssdprof set it by (null: none), the methods
 * the drive supports, its native capacity where known, and the journal's
 * entry.  reports/term_op.h prints it as text.
 */
#ifndef SSDPROF_OP_JSON_H
#define SSDPROF_OP_JSON_H

#include <stdint.h>

#include "device/op_journal.h"

struct json_object;
struct target;

/* e: t's journal entry, NULL when none; native 0: not known.  NULL out of memory. */
struct json_object *op_state_json(const struct target *t, uint64_t orig, uint64_t usable,
				  const struct op_journal_entry *e, const char *op_methods, unsigned long long native);

#endif
